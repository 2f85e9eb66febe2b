//! The fault suite (docs/data.md#fault-suite): a seeded mutation campaign
//! over `data/`, the profile files, the settings, saved runs, replays, build
//! files and command-line numbers. The headless cases drive the `artificer`
//! binary itself (each under a time limit, killed past it); the profile
//! cases open a throw-away profile folder the way the window does.
//!
//! A case fails the suite when it panics, hangs, accepts an out-of-range
//! value without a word (silent acceptance), refuses without naming what
//! it refused, refuses a valid input, or leaves the folder without a byte
//! of a file the player owned (file lost). The tally is printed:
//! `cargo test -p game --test data_and_profile fault_suite -- --nocapture`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use game::app::session::{SAVED_RUN, Session};
use game::data::ranges::{self, range_of};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_artificer");
/// A case running longer than this is a hang.
const CASE_LIMIT: Duration = Duration::from_secs(20);
/// The campaign's seed: the same cases every run.
const SEED: u64 = 31;

/// What a case must do.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Expect {
    /// Refuse, naming the thing refused.
    Refuse,
    /// Accept (a valid input, or a boundary value inside the range).
    Accept,
    /// Anything but a panic or a hang (a random byte flip may be harmless).
    Survive,
}

/// How a case ended.
#[derive(Debug)]
enum Ending {
    /// Exit code (None: killed by a signal) and what it printed to stderr.
    Exit(Option<i32>, String),
    /// Still running at [`CASE_LIMIT`]; killed.
    Hang,
}

#[derive(Debug, Default)]
struct Tally {
    tried: u32,
    clear_error: u32,
    clamped: u32,
    accepted: u32,
    panic: u32,
    hang: u32,
    silent: u32,
    unclear: u32,
    refused_valid: u32,
    lost: u32,
    failures: Vec<String>,
}

impl Tally {
    fn fail(&mut self, what: &str, case: &str, detail: &str) {
        let short: String = detail.chars().take(300).collect();
        self.failures.push(format!("{what}: {case}: {short}"));
    }

    /// Scores one ending against what was expected; `needle` must appear in
    /// a refusal's message.
    fn score(&mut self, case: &str, expect: Expect, needle: &str, ending: Ending) {
        self.tried += 1;
        let (code, err) = match ending {
            Ending::Hang => {
                self.hang += 1;
                return self.fail("hang", case, "");
            }
            Ending::Exit(code, err) => (code, err),
        };
        if err.contains("panicked") || code == Some(101) || code.is_none() {
            self.panic += 1;
            return self.fail("panic", case, &err);
        }
        match (code == Some(0), expect) {
            (true, Expect::Refuse) => {
                self.silent += 1;
                self.fail("silent acceptance", case, &err);
            }
            (true, _) => self.accepted += 1,
            (false, Expect::Accept) => {
                self.refused_valid += 1;
                self.fail("valid input refused", case, &err);
            }
            (false, _) if !err.to_lowercase().contains(&needle.to_lowercase()) => {
                self.unclear += 1;
                self.fail(&format!("refusal does not name `{needle}`"), case, &err);
            }
            (false, _) => self.clear_error += 1,
        }
    }
}

/// splitmix64: the campaign's own seeded numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

/// Runs the binary with `args`, killed past [`CASE_LIMIT`].
fn artificer(args: &[String], scratch: &Path) -> Ending {
    let err_path = scratch.join("stderr.txt");
    let err_file = std::fs::File::create(&err_path).unwrap();
    let mut child = Command::new(BIN)
        .args(args)
        .env("ARTIFICER_AUDIO", "off")
        .env("ARTIFICER_PROFILE_DIR", scratch.join("profile"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(err_file)
        .spawn()
        .expect("the artificer binary starts");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let err = std::fs::read_to_string(&err_path).unwrap_or_default();
            return Ending::Exit(status.code(), err);
        }
        if start.elapsed() > CASE_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Ending::Hang;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("artificer-faults-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

/// Command-line numbers out of range, NaN or infinite: refused naming the flag.
fn cli_numbers(t: &mut Tally, rng: &mut Rng, dir: &Path) {
    // (command before the flag, flag, values out of range)
    let flags: &[(&str, &str, &[&str])] = &[
        ("sim --backend cpu", "--waves", &["0", "101", "4294967296"]),
        ("sim --backend cpu", "--start-wave", &["0", "101", "40000000"]),
        ("sim --backend cpu", "--ng-plus", &["11", "4294967295"]),
        ("sim --backend cpu", "--threads", &["0", "100000"]),
        ("sim --backend cpu", "--seeds", &["1..200000", "9..1", "1,x"]),
        (
            "stress --backend cpu",
            "--projectiles",
            &["0", "1000000000", "1048577"],
        ),
        (
            "stress --backend cpu",
            "--enemies",
            &["1e9", "1000000000", "100001"],
        ),
        ("stress --backend cpu", "--steps", &["0", "1000000"]),
        ("stress --backend cpu", "--warmup", &["100001"]),
        (
            "wand eval --core starter_core --deck spark_bolt",
            "--casts",
            &["0", "10001"],
        ),
        (
            "wand eval --core starter_core --deck spark_bolt",
            "--mana",
            &["1e30", "1000001"],
        ),
        ("", "--stress", &["4294967295", "200001"]),
        ("", "--speed", &["0", "65", "1000"]),
        ("", "--wave", &["0", "101"]),
        ("", "--exit-after-frames", &["0", "10000001"]),
        ("", "--windowed", &["0x0", "100000x100000", "1x1"]),
        ("tool drops 1", "--rolls", &["0", "10000001"]),
        ("tool drops 1", "--step", &["0"]),
        ("tool economy", "--runs", &["0", "10000001"]),
        ("tool economy", "--depth", &["10001"]),
        ("tool ttk", "--samples", &["0"]),
        ("tool ttk", "--base", &["0", "1e30"]),
        ("tool ttk", "--rate", &["0"]),
        ("tool parry --blade knife", "--trials", &["0", "10000001"]),
        ("tool sweep", "--trials", &["0"]),
    ];
    // Values no numeric flag may take.
    let never = [
        "NaN",
        "nan",
        "inf",
        "-inf",
        "-1",
        "1e99",
        "18446744073709551616",
        "",
        "ten",
    ];
    for (cmd, flag, bad) in flags {
        let mut values: Vec<String> = bad.iter().map(|s| s.to_string()).collect();
        for _ in 0..3 {
            values.push(rng.pick(&never).to_string());
        }
        for v in values {
            let mut args = words(cmd);
            args.push(format!("{flag}={v}"));
            let case = format!("artificer {}", args.join(" "));
            t.score(&case, Expect::Refuse, flag, artificer(&args, dir));
        }
    }
    // Positional numbers of the loot tools.
    for args in [
        "tool drops 10001",
        "tool drops 1 20000",
        "tool affix 99999",
        "tool affix 4294967296",
    ] {
        let a = words(args);
        t.score(args, Expect::Refuse, "invalid value", artificer(&a, dir));
    }
    // The ends of the ranges are accepted (the cheap ones).
    for args in [
        "wand eval --core starter_core --deck spark_bolt --casts=10000 --mana=1000000",
        "tool drops 1 --rolls=1 --step=10000",
        "sim --backend cpu --waves=1 --ng-plus=10 --threads=1",
    ] {
        t.score(args, Expect::Accept, "", artificer(&words(args), dir));
    }
}

/// Numbers of `data/` past their ranges and broken files: `data check` refuses naming the file.
fn data_mutations(t: &mut Tally, rng: &mut Rng, dir: &Path) {
    let root = game::data::default_root();
    let mut files = Vec::new();
    collect_json(&root, &root, &mut files);
    for i in 0..60 {
        let data = dir.join(format!("data-{i}"));
        let _ = std::fs::remove_dir_all(&data);
        copy_dir(&root, &data);
        let rel = rng.pick(&files).clone();
        let path = data.join(&rel);
        let text = std::fs::read_to_string(&path).unwrap();
        let (needle, case) = if i % 10 == 9 {
            // A broken file: cut short, garbage, empty.
            let broken: Vec<u8> = match i % 3 {
                0 => text.as_bytes()[..rng.below(text.len())].to_vec(),
                1 => b"\x01\x02garbage{{{".to_vec(),
                _ => Vec::new(),
            };
            std::fs::write(&path, broken).unwrap();
            (rel.clone(), format!("{rel} broken"))
        } else {
            let mut doc: Value = serde_json::from_str(&text).unwrap();
            let leaves = ranges::numbers(&doc);
            if leaves.is_empty() {
                continue;
            }
            let leaf = rng.pick(&leaves).clone();
            let range = range_of(&rel, &leaf.key);
            let mut outside = vec![range.max * 10.0 + 1.0, 3.4e38, 1e9];
            if range.min > -1e6 {
                outside.push(range.min - 1.0);
            }
            if range.positive {
                outside.push(0.0);
            }
            let bad = *rng.pick(&outside);
            *doc.pointer_mut(&leaf.pointer).unwrap() = serde_json::json!(bad);
            std::fs::write(&path, serde_json::to_string(&doc).unwrap()).unwrap();
            (rel.clone(), format!("{rel} {} = {bad}", leaf.path))
        };
        let args = vec![
            "data".into(),
            "check".into(),
            format!("--data={}", data.display()),
        ];
        t.score(&case, Expect::Refuse, &needle, artificer(&args, dir));
        let _ = std::fs::remove_dir_all(&data);
    }
    // A data file far larger than any real one is refused before it is read whole.
    let data = dir.join("data-big");
    copy_dir(&root, &data);
    let big = format!("{{\"pad\": \"{}\"}}", "x".repeat(17 << 20));
    std::fs::write(data.join("combat.json"), big).unwrap();
    let args = vec![
        "data".into(),
        "check".into(),
        format!("--data={}", data.display()),
    ];
    t.score(
        "combat.json of 17 MiB",
        Expect::Refuse,
        "larger than",
        artificer(&args, dir),
    );
    let _ = std::fs::remove_dir_all(&data);
}

fn collect_json(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "builds" && n != "codex") {
                collect_json(root, &p, out);
            }
        } else if p.extension().is_some_and(|x| x == "json") {
            out.push(p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
        }
    }
    out.sort();
}

/// A recorded one-wave run, the base of the replay and saved-run cases.
fn recorded_replay(dir: &Path) -> String {
    let path = dir.join("base.rpl");
    let args = words(&format!(
        "sim --seed 3 --waves 1 --backend cpu --policy starter --record {}",
        path.display()
    ));
    match artificer(&args, dir) {
        Ending::Exit(Some(0), _) => {}
        other => panic!("recording the base replay: {other:?}"),
    }
    std::fs::read_to_string(path).unwrap()
}

fn replace_line(text: &str, key: &str, line: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with(key) {
                line.to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// `base` with its first step line repeated 4,000,000,000 times (and the
/// end line agreeing), past the most steps a replay may hold.
fn huge_repeat(base: &str) -> String {
    const MORE: u64 = 4_000_000_000;
    let mut added = 0;
    let lines: Vec<String> = base
        .lines()
        .map(|l| {
            let mut w: Vec<String> = words(l);
            if added == 0 && w.len() >= 4 && w[0] == "s" {
                let n: u64 = w[3].parse().unwrap();
                added = MORE - n;
                w[3] = MORE.to_string();
                return w.join(" ");
            }
            if w.len() == 3 && w[0] == "end" {
                let c: u64 = w[1].parse().unwrap();
                let s: u64 = w[2].parse().unwrap();
                return format!("end {} {}", c + added, s + added);
            }
            l.to_string()
        })
        .collect();
    assert!(added > 0, "a step line in the base replay");
    lines.join("\n") + "\n"
}

/// Replays with broken headers, cut short, flipped or oversized.
fn replay_mutations(t: &mut Tally, rng: &mut Rng, dir: &Path, base: &str) {
    let play = |t: &mut Tally, case: &str, expect: Expect, needle: &str, text: &[u8]| {
        let path = dir.join("case.rpl");
        std::fs::write(&path, text).unwrap();
        let args = vec![
            "replay".into(),
            path.display().to_string(),
            "--backend=cpu".into(),
        ];
        t.score(case, expect, needle, artificer(&args, dir));
    };
    play(t, "the recorded replay", Expect::Accept, "", base.as_bytes());
    let with = |extra: &str| base.replacen("commands\n", &format!("{extra}commands\n"), 1);
    let headers = [
        (
            "last_wave 0 + practice 5",
            replace_line(&with("practice 5\n"), "last_wave", "last_wave 0"),
            "last_wave",
        ),
        ("practice past the last wave", with("practice 5\n"), "practice"),
        (
            "last_wave 4000000000",
            replace_line(base, "last_wave", "last_wave 4000000000"),
            "last_wave",
        ),
        ("start_wave 40000000", with("start_wave 40000000\n"), "start_wave"),
        ("ng_plus 99", with("ng_plus 99\n"), "ng_plus"),
        ("onboarding 9", with("onboarding 9\n"), "onboarding"),
        ("seed x", replace_line(base, "seed", "seed x"), "seed"),
        ("backend z", replace_line(base, "backend", "backend z"), "backend"),
        (
            "format 99",
            replace_line(base, "artificer-replay", "artificer-replay 99"),
            "format",
        ),
        ("4,000,000,000 steps", huge_repeat(base), "steps"),
    ];
    for (case, text, needle) in headers {
        play(t, case, Expect::Refuse, needle, text.as_bytes());
    }
    for _ in 0..12 {
        let cut = rng.below(base.len() - 2) + 1;
        play(
            t,
            &format!("cut at byte {cut}"),
            Expect::Refuse,
            "",
            &base.as_bytes()[..cut],
        );
    }
    for _ in 0..12 {
        let mut bytes = base.as_bytes().to_vec();
        let at = rng.below(bytes.len());
        bytes[at] = (rng.next() & 0xff) as u8;
        play(t, &format!("byte {at} flipped"), Expect::Survive, "", &bytes);
    }
    let args = vec!["replay".into(), "/dev/zero".into(), "--backend=cpu".into()];
    if Path::new("/dev/zero").exists() {
        t.score(
            "replay /dev/zero",
            Expect::Refuse,
            "larger than",
            artificer(&args, dir),
        );
    }
    let big = dir.join("big.rpl");
    let mut huge = base.as_bytes().to_vec();
    huge.resize(65 << 20, b'\n');
    std::fs::write(&big, huge).unwrap();
    let args = vec!["replay".into(), big.display().to_string(), "--backend=cpu".into()];
    t.score(
        "a 65 MiB replay",
        Expect::Refuse,
        "larger than",
        artificer(&args, dir),
    );
    let _ = std::fs::remove_file(big);
}

/// Build files past the player's rules: refused naming the field.
fn build_mutations(t: &mut Tally, dir: &Path) {
    let builds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/builds");
    let sim = |t: &mut Tally, case: &str, expect: Expect, needle: &str, text: &str| {
        let path = dir.join("case-build.json");
        std::fs::write(&path, text).unwrap();
        let args = words(&format!(
            "sim --seed 1 --waves 1 --backend cpu --build {}",
            path.display()
        ));
        t.score(case, expect, needle, artificer(&args, dir));
    };
    for e in std::fs::read_dir(&builds).unwrap() {
        let p = e.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap();
        sim(t, &format!("shipped {}", p.display()), Expect::Accept, "", &text);
    }
    let deck = |n: usize| format!("[{}]", vec!["\"spark_bolt\""; n].join(","));
    let item = |affix: &str, extra: &str| {
        format!(
            r#"{{"core": "starter_core", "deck": ["spark_bolt"], "items": [{{"base": "charm", "ilvl": 10, "rarity": "common", "affixes": [{affix}]{extra}}}]}}"#
        )
    };
    let ok_affix = r#"{"id": "damage_flat", "tier": 1, "roll": 0.5, "value": 0.75}"#;
    let cases = [
        (
            "10,000 chips",
            format!(r#"{{"core": "starter_core", "deck": {}}}"#, deck(10_000)),
            "deck",
        ),
        (
            "100 stored chips",
            format!(
                r#"{{"core": "starter_core", "deck": ["spark_bolt"], "entries": {{"stored": {}}}}}"#,
                deck(100)
            ),
            "entries.stored",
        ),
        (
            "a stored chip without Store Magic",
            r#"{"core": "starter_core", "deck": ["spark_bolt"], "entries": {"stored": ["spark_bolt"]}}"#
                .to_string(),
            "entries.stored",
        ),
        (
            "a kill entry on a core without one",
            r#"{"core": "starter_core", "deck": ["spark_bolt"], "entries": {"on_kill": ["spark_bolt"]}}"#
                .to_string(),
            "entries.on_kill",
        ),
        (
            "an unknown affix",
            item(r#"{"id": "nope", "tier": 1, "roll": 0.5, "value": 1}"#, ""),
            "affixes[0].id",
        ),
        (
            "tier 0",
            item(
                r#"{"id": "damage_flat", "tier": 0, "roll": 0.5, "value": 0.75}"#,
                "",
            ),
            "tier",
        ),
        (
            "tier 255",
            item(
                r#"{"id": "damage_flat", "tier": 255, "roll": 0.5, "value": 0.75}"#,
                "",
            ),
            "tier",
        ),
        (
            "value 1e30",
            item(
                r#"{"id": "damage_flat", "tier": 1, "roll": 0.5, "value": 1e30}"#,
                "",
            ),
            "value",
        ),
        (
            "value -1e30",
            item(
                r#"{"id": "damage_flat", "tier": 1, "roll": 0.5, "value": -1e30}"#,
                "",
            ),
            "value",
        ),
        (
            "roll 7",
            item(
                r#"{"id": "damage_flat", "tier": 1, "roll": 7, "value": 0.75}"#,
                "",
            ),
            "roll",
        ),
        (
            "an unknown enchantment",
            item(ok_affix, r#", "enchantments": ["nope"]"#),
            "enchantments[0]",
        ),
        (
            "an unknown base",
            item(ok_affix, "").replace("\"charm\"", "\"nope\""),
            "base",
        ),
        (
            "an unknown core",
            r#"{"core": "nope", "deck": []}"#.to_string(),
            "nope",
        ),
        (
            "an unknown chip",
            r#"{"core": "starter_core", "deck": ["nope"]}"#.to_string(),
            "nope",
        ),
        ("garbage", "\u{1}{{{".to_string(), "case-build.json"),
        ("empty", String::new(), "case-build.json"),
        ("2 MiB of spaces", " ".repeat(2 << 20), "larger than"),
    ];
    for (case, text, needle) in cases {
        sim(t, case, Expect::Refuse, needle, &text);
    }
}

/// Opens the profile in `dir` as the window does (profile, records, saved
/// run, settings) on a thread, under the case time limit.
fn open_profile(
    dir: &Path,
    checksum: u64,
) -> Result<(Vec<String>, bool, game::screens::settings::Settings), String> {
    let (tx, rx) = mpsc::channel();
    let d = dir.to_path_buf();
    std::thread::spawn(move || {
        let r = std::panic::catch_unwind(|| {
            let mut s = Session::open(Some(&d), checksum);
            let settings = s.load_settings();
            (s.notices().to_vec(), s.saved_run_line().is_some(), settings)
        });
        let _ = tx.send(r.map_err(|p| {
            p.downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        }));
    });
    match rx.recv_timeout(CASE_LIMIT) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(p)) => Err(format!("panicked: {p}")),
        Err(_) => Err("hang".into()),
    }
}

/// Every file's bytes under `dir`, to find a player's file after a load.
fn all_bytes(dir: &Path) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.path().is_file() {
                out.push(std::fs::read(e.path()).unwrap_or_default());
            }
        }
    }
    out
}

/// Broken and out-of-range profile files: kept aside or clamped, with a notice; never lost.
fn profile_mutations(t: &mut Tally, rng: &mut Rng, dir: &Path, base_replay: &str) {
    let checksum = game::run::replay::data_checksum(&game::data::default_root()).unwrap();
    let valid_profile = r#"{"schema": 2, "aether": 4294967294, "runs": 4294967295}"#;
    let valid_settings = serde_json::to_string(&game::screens::settings::Settings::default()).unwrap();
    // (file, what the notice calls it, a valid document)
    let files: [(&str, &str, String); 4] = [
        ("profile.json", "profile", valid_profile.to_string()),
        ("records.json", "records", r#"{"schema": 1}"#.to_string()),
        ("settings.json", "settings", valid_settings.clone()),
        (SAVED_RUN, "saved run", base_replay.to_string()),
    ];
    let mut case_no = 0;
    let mut one = |t: &mut Tally, case: String, file: &str, bytes: Vec<u8>, expect: Expect, needle: &str| {
        case_no += 1;
        let folder = dir.join(format!("profile-{case_no}"));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join(file), &bytes).unwrap();
        t.tried += 1;
        match open_profile(&folder, checksum) {
            Err(e) if e == "hang" => {
                t.hang += 1;
                t.fail("hang", &case, "");
            }
            Err(e) => {
                t.panic += 1;
                t.fail("panic", &case, &e);
            }
            Ok((notices, saved, settings)) => {
                let told = notices.iter().any(|n| n.to_lowercase().contains(needle));
                let after = all_bytes(&folder);
                if !after.contains(&bytes) {
                    t.lost += 1;
                    t.fail("file lost", &case, &format!("{notices:?}"));
                }
                let sane = settings.ui_scale.is_finite()
                    && (0.5..=2.0).contains(&settings.ui_scale)
                    && settings.resolution[0] >= 640
                    && settings.resolution[1] >= 360
                    && [
                        settings.master_volume,
                        settings.effects_volume,
                        settings.music_volume,
                    ]
                    .iter()
                    .all(|v| (0.0..=1.0).contains(v));
                match expect {
                    Expect::Accept if notices.is_empty() && (file != SAVED_RUN || saved) => t.accepted += 1,
                    Expect::Accept => {
                        t.refused_valid += 1;
                        t.fail("valid file refused", &case, &format!("{notices:?}"));
                    }
                    _ if !sane => {
                        t.silent += 1;
                        t.fail("settings out of range kept", &case, &format!("{settings:?}"));
                    }
                    _ if told && file == "settings.json" && folder.join(file).exists() => t.clamped += 1,
                    _ if told => t.clear_error += 1,
                    Expect::Survive if notices.is_empty() => t.accepted += 1,
                    _ => {
                        t.silent += 1;
                        t.fail("no notice", &case, &format!("{notices:?}"));
                    }
                }
            }
        }
        let _ = std::fs::remove_dir_all(&folder);
    };
    for (file, needle, valid) in &files {
        one(
            t,
            format!("{file} valid"),
            file,
            valid.clone().into_bytes(),
            Expect::Accept,
            needle,
        );
        one(
            t,
            format!("{file} empty"),
            file,
            Vec::new(),
            Expect::Refuse,
            needle,
        );
        one(
            t,
            format!("{file} garbage"),
            file,
            b"\x00\xff{{not json".to_vec(),
            Expect::Refuse,
            needle,
        );
        for _ in 0..8 {
            let cut = rng.below(valid.len().saturating_sub(2)) + 1;
            let expect = if *file == SAVED_RUN || valid[..cut].trim_end() != valid.trim_end() {
                Expect::Refuse
            } else {
                Expect::Survive
            };
            let bytes = valid.as_bytes()[..cut].to_vec();
            one(t, format!("{file} cut at {cut}"), file, bytes, expect, needle);
        }
        for _ in 0..6 {
            let mut bytes = valid.as_bytes().to_vec();
            let at = rng.below(bytes.len());
            bytes[at] = (rng.next() & 0xff) as u8;
            one(
                t,
                format!("{file} byte {at} flipped"),
                file,
                bytes,
                Expect::Survive,
                needle,
            );
        }
    }
    // A saved run of other data or another version: kept aside, with a notice.
    for (case, text) in [
        (
            "a saved run of other data",
            replace_line(base_replay, "data", "data 0123456789abcdef"),
        ),
        (
            "a saved run of another version",
            replace_line(base_replay, "game", "game 0.0.1"),
        ),
        ("a saved run with last_wave 0 + practice 5", {
            let t = base_replay.replacen("commands\n", "practice 5\ncommands\n", 1);
            replace_line(&t, "last_wave", "last_wave 0")
        }),
    ] {
        one(
            t,
            case.into(),
            SAVED_RUN,
            text.into_bytes(),
            Expect::Refuse,
            "saved run",
        );
    }
    // Settings out of range: clamped with a notice, the file left as it is.
    let mut doc: Value = serde_json::from_str(&valid_settings).unwrap();
    let out_of_range: [(&str, Value); 9] = [
        ("ui_scale", serde_json::json!(1e30)),
        ("ui_scale", serde_json::json!(-3)),
        ("ui_scale", serde_json::json!(0)),
        ("resolution", serde_json::json!([0, 0])),
        ("resolution", serde_json::json!([100000, 100000])),
        ("resolution", serde_json::json!([1, 1])),
        ("master_volume", serde_json::json!(-5)),
        ("effects_volume", serde_json::json!(7)),
        ("music_volume", serde_json::json!(1e30)),
    ];
    for (key, v) in out_of_range {
        let keep = doc[key].clone();
        doc[key] = v.clone();
        let bytes = serde_json::to_vec(&doc).unwrap();
        one(
            t,
            format!("settings {key} = {v}"),
            "settings.json",
            bytes,
            Expect::Refuse,
            "settings",
        );
        doc[key] = keep;
    }
}

#[test]
fn the_fault_campaign_finds_no_panic_hang_silent_acceptance_or_lost_file() {
    let started = Instant::now();
    let dir = scratch("suite");
    let mut rng = Rng(SEED);
    let mut t = Tally::default();
    let base = recorded_replay(&dir);
    cli_numbers(&mut t, &mut rng, &dir);
    data_mutations(&mut t, &mut rng, &dir);
    replay_mutations(&mut t, &mut rng, &dir, &base);
    build_mutations(&mut t, &dir);
    profile_mutations(&mut t, &mut rng, &dir, &base);
    let mut report = String::new();
    let _ = writeln!(
        report,
        "fault suite (seed {SEED}, {:.1} s): tried {} / clear error {} / clamped with notice {} / accepted {} / panic {} / hang {} / silent acceptance {} / unclear refusal {} / valid refused {} / files lost {}",
        started.elapsed().as_secs_f64(),
        t.tried,
        t.clear_error,
        t.clamped,
        t.accepted,
        t.panic,
        t.hang,
        t.silent,
        t.unclear,
        t.refused_valid,
        t.lost
    );
    for f in &t.failures {
        let _ = writeln!(report, "  {f}");
    }
    eprintln!("{report}");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(t.tried >= 300, "{report}");
    assert!(t.failures.is_empty(), "{report}");
}
