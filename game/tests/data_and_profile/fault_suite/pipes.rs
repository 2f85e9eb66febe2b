//! The fault suite's closed-pipe cases and `--record` on a profile: a
//! reader that stops reading (`artificer sim --json | head -1`) ends every
//! headless command quietly, exit 0, never a panic; a standard error whose
//! reader is gone never panics either; and `sim --profile DIR --record
//! FILE` writes a replay that plays back.

use std::path::Path;
use std::process::Stdio;

use super::{Expect, Tally, artificer, artificer_io, artificer_to, words};

/// A standard output whose reader is already gone: the first write fails
/// with a broken pipe, as under `| head -0` or `| true`.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Stdio::from(writer)
}

/// The profile folder the record case plays on and the pipe cases read.
fn profile_dir(dir: &Path) -> std::path::PathBuf {
    dir.join("pipes-profile")
}

/// `sim --profile DIR --record FILE` writes the replay, and it plays back.
pub(super) fn record_on_a_profile(t: &mut Tally, dir: &Path) {
    let profile = profile_dir(dir);
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile).unwrap();
    let file = dir.join("profile-run.rpl");
    let _ = std::fs::remove_file(&file);
    let args = words(&format!(
        "sim --seed 2 --waves 1 --backend cpu --profile {} --record {}",
        profile.display(),
        file.display()
    ));
    let case = "sim --profile DIR --record FILE";
    t.score(case, Expect::Accept, "", artificer(&args, dir));
    if !file.exists() {
        t.tried += 1;
        t.silent += 1;
        return t.fail(
            "no replay written",
            case,
            "the run ended without its --record file",
        );
    }
    let replay = vec![
        "replay".to_string(),
        file.display().to_string(),
        "--backend=cpu".to_string(),
    ];
    t.score(
        "the profile run's replay plays back",
        Expect::Accept,
        "",
        artificer(&replay, dir),
    );
}

/// Every headless command that prints, with its output pipe closed.
pub(super) fn closed_pipes(t: &mut Tally, dir: &Path, base_replay: &str) {
    let replay = dir.join("pipes.rpl");
    std::fs::write(&replay, base_replay).unwrap();
    let cat = game::catalog::Catalog::load(&game::data::default_root()).expect("the shipped data loads");
    let strong = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/builds/strong.json");
    let build = game::run::load_build(&strong).expect("a shipped build");
    let code = game::share::encode(&cat, &build).expect("a shipped build has a code");
    let profile = profile_dir(dir);
    let commands = [
        "sim --seed 1 --waves 1 --backend cpu --json".to_string(),
        "sim --seed 1 --waves 1 --backend cpu".to_string(),
        format!("profile history --profile {}", profile.display()),
        format!("profile show --profile {}", profile.display()),
        format!("build decode {code}"),
        format!("build code {}", strong.display()),
        format!("replay {} --backend=cpu", replay.display()),
        format!("verify {}", replay.display()),
        "data check".to_string(),
        "daily --date 2026-12-03".to_string(),
        "tool affix 10".to_string(),
        "wand eval --core starter_core --deck spark_bolt".to_string(),
    ];
    for cmd in commands {
        let ending = artificer_to(&words(&cmd), dir, closed_pipe());
        t.score(&format!("artificer {cmd} | (closed)"), Expect::Accept, "", ending);
    }
}

/// Commands that write to standard error (their log line, a refusal, a
/// notice) with standard error a pipe whose reader is gone: `eprintln!`
/// panics there (exit 101), so every one must end with its own exit code,
/// 0 for a command that worked and 1 for a refusal.
pub(super) fn closed_stderr(t: &mut Tally, dir: &Path) {
    let cases = [
        ("sim --seed 1 --waves 1 --backend cpu", Expect::Accept),
        ("data check", Expect::Accept),
        (
            "sim --seed 1 --waves 1 --backend cpu --start-wave 99",
            Expect::Refuse,
        ),
        ("replay /no/such/file.rpl --backend=cpu", Expect::Refuse),
        ("verify /no/such/file.rpl", Expect::Refuse),
        ("import /no/such/file.json", Expect::Refuse),
        ("build decode AA1-not-a-code", Expect::Refuse),
        ("data check --data=/no/such/folder", Expect::Refuse),
    ];
    for (cmd, expect) in cases {
        let ending = artificer_io(&words(cmd), dir, Stdio::null(), Some(closed_pipe()));
        // The message is lost with the pipe: only the exit code can tell.
        t.score(&format!("artificer {cmd} 2>(closed)"), expect, "", ending);
    }
}
