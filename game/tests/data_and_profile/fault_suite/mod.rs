//! The fault suite (docs/data.md#fault-suite): a seeded mutation campaign
//! over `data/`, the profile files, the settings, saved runs, replays, build
//! files and command-line numbers. The headless cases drive the `artificer`
//! binary itself (each under a time limit, killed past it); the profile
//! cases open a throw-away profile folder the way the window does.
//!
//! A case fails the suite when it panics, hangs, accepts an out-of-range
//! value without a word (silent acceptance), refuses without naming what
//! it refused or in Rust's own forms, refuses a valid input, or leaves the
//! folder without a byte of a file the player owned (file lost). A closed
//! output pipe must end a command quietly. The tally is printed:
//! `cargo test -p game --test data_and_profile fault_suite -- --nocapture`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub(crate) use crate::data_unknown_fields::copy_dir;

mod builds;
mod data_cases;
mod headless;
mod history;
mod messages;
mod pipes;
mod profile;

const BIN: &str = env!("CARGO_BIN_EXE_artificer");

/// Set to another build's `artificer` to measure it against today's
/// cases (the headless ones; the profile cases open folders in-process).
const BIN_ENV: &str = "ARTIFICER_FAULT_SUITE_BIN";
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

    /// [`Tally::score`] for a refusal that must also be in words: none of
    /// `never` (a Rust Debug form, a doubled word, a wrong place) may
    /// appear in what it printed.
    fn score_words(&mut self, case: &str, needle: &str, never: &[&str], ending: Ending) {
        if let Ending::Exit(Some(code), err) = &ending
            && *code != 0
            && let Some(bad) = never.iter().find(|n| err.contains(*n))
        {
            self.tried += 1;
            self.unclear += 1;
            return self.fail(&format!("refusal says `{bad}`"), case, err);
        }
        self.score(case, Expect::Refuse, needle, ending);
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
    artificer_to(args, scratch, Stdio::null())
}

/// [`artificer`] with its standard output sent to `stdout` (a pipe whose
/// reading end is already closed, for the closed-pipe cases).
fn artificer_to(args: &[String], scratch: &Path, stdout: Stdio) -> Ending {
    artificer_io(args, scratch, stdout, None)
}

/// [`artificer_to`] with standard error sent to `stderr` too (a closed
/// pipe, for the closed-stderr cases: then nothing it says can be read
/// back, and the ending is its exit code alone); `None` keeps it in a file.
fn artificer_io(args: &[String], scratch: &Path, stdout: Stdio, stderr: Option<Stdio>) -> Ending {
    let err_path = scratch.join("stderr.txt");
    let err_file = std::fs::File::create(&err_path).unwrap();
    let stderr = stderr.unwrap_or_else(|| Stdio::from(err_file));
    let bin = std::env::var(BIN_ENV).unwrap_or_else(|_| BIN.to_string());
    let mut child = Command::new(bin)
        .args(args)
        .env("ARTIFICER_AUDIO", "off")
        .env("ARTIFICER_PROFILE_DIR", scratch.join("profile"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
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

#[test]
fn the_fault_campaign_finds_no_panic_hang_silent_acceptance_or_lost_file() {
    let started = Instant::now();
    let dir = scratch("suite");
    let mut rng = Rng(SEED);
    let mut t = Tally::default();
    let base = headless::recorded_replay(&dir);
    headless::cli_numbers(&mut t, &mut rng, &dir);
    headless::data_mutations(&mut t, &mut rng, &dir);
    headless::replay_mutations(&mut t, &mut rng, &dir, &base);
    builds::build_mutations(&mut t, &dir);
    data_cases::data_words(&mut t, &dir);
    pipes::closed_pipes(&mut t, &dir, &base);
    pipes::closed_stderr(&mut t, &dir);
    pipes::record_on_a_profile(&mut t, &dir);
    messages::cli_values(&mut t, &dir);
    messages::messages_in_words(&mut t, &dir, &base);
    profile::profile_mutations(&mut t, &mut rng, &dir, &base);
    history::history_cases(&mut t, &dir);
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
