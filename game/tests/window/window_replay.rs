//! A window run driven by real input replays headless to the same state, and
//! Continue restores it in a second start.
//!
//! Under Xvfb (started here when `DISPLAY` is unset), `xdotool` plays the
//! game from the title (a fresh scratch profile: onboarding run 1) and the lab through waves 1–3 and the shops with the keyboard only:
//! Enter fights from the lab, WASD kite through the wave, Enter continues
//! the settlement, the number keys take a level-up and buy from the shop,
//! Enter leaves the shop, Ctrl+Q quits. The game records with `--record` and
//! prints its `state_hash` at exit; `artificer replay` of the recording must
//! print the same hash. Fights run at `--speed 4` (four fixed steps per 1/60 s
//! of real time; the steps themselves do not change) so the three waves take
//! about 45 s instead of three minutes. Quitting in the lab keeps the run in
//! the profile; a second start presses Continue on the title and, once the
//! saved replay has re-played, must quit with the same `state_hash`. The test
//! waits on the game's own `phase: …` log lines, never on fixed sleeps.
//!
//! Needs Xvfb and xdotool (`.ci/run` installs both); without them it fails
//! with the fix, unless `ARTIFICER_ALLOW_NO_GPU=1` allows skipping.

use crate::window_common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use window_common::{ALLOW_SKIP_ENV, ONE_WINDOW, skip_allowed};

/// The game process; killed on drop if the test fails midway.
struct Game {
    child: Child,
    lines: Receiver<String>,
    log: Vec<String>,
    display: String,
}

impl Drop for Game {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Game {
    fn xdotool(&self, args: &[&str]) {
        let ok = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "xdotool {args:?} failed");
    }

    fn key(&self, key: &str) {
        self.xdotool(&["key", "--delay", "60", key]);
    }

    /// The newest phase line seen so far (`"Shop (wave 2)"`).
    fn phase(&mut self) -> Option<String> {
        while let Ok(l) = self.lines.try_recv() {
            self.log.push(l);
        }
        self.log
            .iter()
            .rev()
            .find_map(|l| l.split("phase: ").nth(1).map(str::to_string))
    }

    /// The label of the widget that last gained the keyboard focus (the
    /// engine's `ui` debug lines) and how many focus lines have been seen.
    fn focus(&mut self) -> (Option<String>, usize) {
        let _ = self.phase();
        let lines: Vec<&String> = self.log.iter().filter(|l| l.contains("focus: ")).collect();
        let last = lines
            .last()
            .and_then(|l| l.split("focus: ").nth(1))
            .map(str::to_string);
        (last, lines.len())
    }

    /// Presses `key` until the widget labelled `label` holds the focus. Each
    /// press waits for its focus line; a press with no line within three
    /// seconds was lost (a slow first frame, the window's focus still
    /// arriving) and is pressed again.
    fn focus_on(&mut self, key: &str, label: &str) {
        for _ in 0..12 {
            let (now, seen) = self.focus();
            if now.as_deref().is_some_and(|l| l.starts_with(label)) {
                return;
            }
            self.key(key);
            let start = Instant::now();
            while self.focus().1 == seen && start.elapsed() < Duration::from_secs(3) {
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        panic!(
            "{key} never focused {label:?}; last: {:?}; log:\n{}",
            self.focus().0,
            self.log.join("\n")
        );
    }

    /// Presses `key` until a log line holds `needle`, again only after three
    /// seconds without it (a lost press).
    fn press_until(&mut self, key: &str, needle: &str) {
        for _ in 0..6 {
            self.key(key);
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(3) {
                let _ = self.phase();
                if self.log.iter().any(|l| l.contains(needle)) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        panic!("{key} never gave {needle:?}; log:\n{}", self.log.join("\n"));
    }

    /// Waits until the phase line starts with one of `wanted`, doing `meanwhile` between checks.
    fn wait_for(&mut self, wanted: &[&str], limit: Duration, mut meanwhile: impl FnMut(&Game)) -> String {
        let start = Instant::now();
        loop {
            if let Some(p) = self.phase()
                && wanted.iter().any(|w| p.starts_with(w))
            {
                return p;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!(
                    "the game exited ({status}) waiting for {wanted:?}; log:\n{}",
                    self.log.join("\n")
                );
            }
            assert!(
                start.elapsed() < limit,
                "no phase {wanted:?} within {limit:?}; last: {:?}; log:\n{}",
                self.phase(),
                self.log.join("\n")
            );
            meanwhile(self);
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// A key pressed again only if the phase has not moved for two seconds (a
/// press lost while a frame was slow), never twice in quick succession: a
/// second Enter would already act on the next screen.
fn retry(key: &'static str) -> impl FnMut(&Game) {
    let mut last = Instant::now();
    move |g: &Game| {
        if last.elapsed() > Duration::from_secs(2) {
            g.key(key);
            last = Instant::now();
        }
    }
}

/// Kites through a fight: long diagonal runs, one pair of keys at a time.
fn kite(game: &Game, turn: &mut usize) {
    const PAIRS: [(&str, &str); 4] = [("d", "s"), ("a", "s"), ("a", "w"), ("d", "w")];
    let (a, b) = PAIRS[*turn % PAIRS.len()];
    *turn += 1;
    game.xdotool(&["keydown", a, "keydown", b]);
    std::thread::sleep(Duration::from_millis(700));
    game.xdotool(&["keyup", a, "keyup", b]);
}

#[test]
#[expect(clippy::too_many_lines, reason = "a test scenario read top to bottom")]
fn a_recorded_window_run_replays_headless_to_its_state_hash() {
    let _one = ONE_WINDOW
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let Some((display, _xvfb)) = window_common::display_or_skip("window replay test") else {
        return;
    };
    if Command::new("xdotool").arg("version").output().is_err() {
        assert!(
            skip_allowed(),
            "xdotool is missing: apt-get install xdotool (or {ALLOW_SKIP_ENV}=1 to skip)"
        );
        eprintln!("skipping the window replay test: no xdotool ({ALLOW_SKIP_ENV}=1)");
        return;
    }
    let (dir, runtime) = window_common::scratch("window-replay");
    let record = dir.join("window.rpl");
    let (mut game, out_reader) = launch(&display, &runtime, &record);
    game.wait_for(&["Front Title"], Duration::from_secs(120), |_| {});
    focus(&game);
    // The title's first button, focused: New run.
    game.key("Return");
    game.wait_for(&["Lab"], Duration::from_secs(30), retry("Return"));
    let mut turn = 0;
    let mut waves_fought = 0;
    let mut died = false;
    for wave in 1..=3 {
        game.key("Return");
        game.wait_for(&["Fight"], Duration::from_secs(30), retry("Return"));
        let after = game.wait_for(&["Settlement", "Summary"], Duration::from_secs(300), |g| {
            kite(g, &mut turn)
        });
        waves_fought = wave;
        if after.starts_with("Summary") {
            died = true;
            break;
        }
        game.key("Return");
        game.wait_for(&["LevelUp", "Shop"], Duration::from_secs(30), retry("Return"));
        game.wait_for(&["Shop"], Duration::from_secs(60), retry("1"));
        // Buy the first spell and the first stat offer if gold allows (a
        // refused purchase is not recorded and changes nothing).
        for key in ["1", "7"] {
            game.key(key);
            std::thread::sleep(Duration::from_millis(300));
        }
        game.key("Return");
        game.wait_for(&["Lab"], Duration::from_secs(30), retry("Return"));
    }
    assert!(waves_fought >= 1, "at least one wave was fought");
    let stdout = quit(&mut game, out_reader);
    let window_hash = stdout
        .lines()
        .find_map(|l| l.split("\"state_hash\":\"").nth(1))
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("no state_hash in the exit line: {stdout}"))
        .to_string();
    let text = std::fs::read_to_string(&record).expect("the recording was written");
    assert!(
        text.contains("\nbuy ") || text.contains("\nlevelup "),
        "menu commands were recorded:\n{text}"
    );
    let replay = Command::new(env!("CARGO_BIN_EXE_artificer"))
        .arg("replay")
        .arg(&record)
        .arg("--json")
        .output()
        .expect("run artificer replay");
    let json = String::from_utf8_lossy(&replay.stdout);
    assert!(
        replay.status.success(),
        "replay failed: {}\n{json}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let replayed: serde_json::Value = serde_json::from_str(json.trim()).expect("replay JSON");
    eprintln!(
        "window run: {waves_fought} wave(s), outcome {}, state_hash {window_hash}; recording {} bytes:\n{}",
        replayed["outcome"],
        text.len(),
        text.lines()
            .filter(|l| !l.starts_with("s "))
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(replayed["state_hash"].as_str(), Some(window_hash.as_str()));
    assert_eq!(
        replayed["waves"].as_array().map(Vec::len),
        Some(waves_fought as usize),
        "the replay played the waves the window played"
    );
    if died {
        // A finished run is booked and leaves nothing to continue.
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    // Continue: the run was left in the lab between waves; a second start on
    // the same profile restores it from its saved replay, to the same hash.
    let record2 = dir.join("continued.rpl");
    let (mut game, out_reader) = launch(&display, &runtime, &record2);
    game.wait_for(&["Front Title"], Duration::from_secs(120), |_| {});
    focus(&game);
    // Continue comes first and holds the focus while a run is saved:
    // Enter continues (a new run would ask before replacing it).
    game.key("Return");
    let restored = game.wait_for(&["Lab", "Summary"], Duration::from_secs(180), |_| {});
    let stdout = quit(&mut game, out_reader);
    let continued_hash = stdout
        .lines()
        .find_map(|l| l.split("\"state_hash\":\"").nth(1))
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("no state_hash in the exit line: {stdout}"))
        .to_string();
    eprintln!("continued at {restored}: state_hash {continued_hash}");
    assert_eq!(continued_hash, window_hash, "Continue restored the run exactly");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts the game on the scratch profile, recording to `record`; the
/// second value collects its stdout.
fn launch(
    display: &str,
    runtime: &std::path::Path,
    record: &std::path::Path,
) -> (Game, std::thread::JoinHandle<String>) {
    let mut child = window_common::game(display, runtime)
        .args([
            "--seed",
            "7",
            "--backend",
            "cpu",
            "--windowed",
            "1280x720",
            "--speed",
            "4",
        ])
        .arg("--record")
        .arg(record)
        .env("RUST_LOG", "info,ui=debug,wgpu_core=warn,wgpu_hal=warn,naga=warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the game");
    let (tx, lines) = channel();
    let stderr = child.stderr.take().expect("stderr");
    std::thread::spawn(move || {
        for l in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    let stdout = child.stdout.take().expect("stdout");
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut BufReader::new(stdout), &mut s);
        s
    });
    let game = Game {
        child,
        lines,
        log: Vec::new(),
        display: display.to_string(),
    };
    (game, out_reader)
}

/// No window manager under Xvfb: gives the game window the keyboard focus by hand.
fn focus(game: &Game) {
    let search = Command::new("xdotool")
        .args(["search", "--sync", "--onlyvisible", "--name", "Arcane Artificer"])
        .env("DISPLAY", &game.display)
        .output()
        .expect("xdotool search");
    let win = String::from_utf8_lossy(&search.stdout)
        .lines()
        .last()
        .expect("the game window")
        .to_string();
    game.xdotool(&["windowfocus", "--sync", &win]);
}

/// Ctrl+Q, waits for the exit, checks it succeeded; returns stdout.
fn quit(game: &mut Game, out_reader: std::thread::JoinHandle<String>) -> String {
    game.key("ctrl+q");
    let start = Instant::now();
    let status = loop {
        if let Ok(Some(s)) = game.child.try_wait() {
            break s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the game did not quit on Ctrl+Q"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let stdout = out_reader.join().expect("stdout reader");
    let _ = game.phase();
    assert!(
        status.success(),
        "the game exited with {status}; log:\n{}",
        game.log.join("\n")
    );
    stdout
}

/// The Unlocks screen, by keyboard only: a profile holding 5 fragments buys
/// Chain Lightning (its seed price), and `artificer profile show --json`
/// reads it back (the shop's side, that an unlocked chip is stocked, is
/// `profile_flow.rs`).
#[test]
fn the_unlocks_screen_spends_aether() {
    let _one = ONE_WINDOW
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let Some((display, _xvfb)) = window_common::display_or_skip("window unlocks test") else {
        return;
    };
    if Command::new("xdotool").arg("version").output().is_err() {
        assert!(skip_allowed(), "xdotool is missing: apt-get install xdotool");
        return;
    }
    let (dir, runtime) = window_common::scratch("window-unlocks");
    let profile = dir.join("profile");
    std::fs::create_dir_all(&profile).expect("profile dir");
    std::fs::write(
        profile.join("profile.json"),
        r#"{"schema": 2, "aether": 5, "skip_onboarding": true}"#,
    )
    .expect("seed the profile");
    let (mut game, out_reader) = launch(&display, &runtime, &dir.join("unused.rpl"));
    game.wait_for(&["Front Title"], Duration::from_secs(120), |_| {});
    focus(&game);
    // New run, Codex, Unlocks: each move waits for the engine's focus line.
    // (Tab, not ↓: egui moves an arrow's focus at the end of a pass, so the
    // widget never reports gaining it and there would be no line to wait on.)
    game.focus_on("Tab", "Unlocks");
    game.press_until("Return", "click: Unlocks");
    game.wait_for(&["Front Unlocks"], Duration::from_secs(30), |_| {});
    // Back holds the focus; the one affordable unlock's button is before it.
    game.focus_on("shift+Tab", "Unlock for 5");
    game.press_until("Return", "click: Unlock for 5");
    game.key("Escape");
    game.wait_for(&["Front Title"], Duration::from_secs(30), |_| {});
    quit(&mut game, out_reader);
    let show = Command::new(env!("CARGO_BIN_EXE_artificer"))
        .args(["profile", "show", "--json", "--profile"])
        .arg(&profile)
        .output()
        .expect("profile show");
    assert!(show.status.success(), "{}", String::from_utf8_lossy(&show.stderr));
    let text = String::from_utf8_lossy(&show.stdout);
    assert!(text.contains("chain_lightning"), "bought: {text}");
    let _ = std::fs::remove_dir_all(&dir);
}
