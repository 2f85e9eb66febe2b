//! The fault suite's command-line values and messages: a value is refused
//! in words, never changed in silence (a start wave past the last wave, a
//! depth the tables do not reach, a negative number), and refusals speak
//! the player's words: no Rust Debug forms, no doubled prefixes, the line
//! of the file the player holds, Windows line endings read alike.

use std::path::Path;

use super::headless::replace_line;
use super::{Ending, Expect, Tally, artificer, words};

/// Values the command line once changed without a word, and negative
/// numbers given as their own argument (`--waves -1`).
pub(super) fn cli_values(t: &mut Tally, dir: &Path) {
    for (args, needle) in [
        (
            "sim --backend cpu --mode practice --start-wave 99 --waves 3",
            "--start-wave",
        ),
        ("sim --backend cpu --start-wave 25", "--start-wave"),
        ("tool affix 0", "invalid value"),
        ("tool affix 101", "invalid value"),
        ("tool drops 0 5", "invalid value"),
        ("tool economy --depth 0", "--depth"),
    ] {
        t.score(args, Expect::Refuse, needle, artificer(&words(args), dir));
    }
    let never = ["unexpected argument"];
    for (args, needle) in [
        ("sim --backend cpu --waves -1", "--waves"),
        ("sim --backend cpu --seed -1", "--seed"),
        ("sim --backend cpu --ng-plus -1", "--ng-plus"),
        ("sim --backend cpu --start-wave -3", "--start-wave"),
        ("stress --backend cpu --steps -5", "--steps"),
        (
            "wand eval --core starter_core --deck spark_bolt --casts -3",
            "--casts",
        ),
        ("tool affix -1", "-1"),
        ("tool drops -1", "-1"),
        ("--speed -2", "--speed"),
    ] {
        t.score_words(args, needle, &never, artificer(&words(args), dir));
    }
}

/// Refusals in words, and an export read like the replay it carries.
pub(super) fn messages_in_words(t: &mut Tally, dir: &Path, base: &str) {
    let file = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    // A header with a start wave beside a practice wave.
    let both = replace_line(base, "last_wave", "last_wave 20").replacen(
        "commands\n",
        "practice 5\nstart_wave 19\ncommands\n",
        1,
    );
    let p = file("both.rpl", &both);
    let args = words(&format!("replay {p} --backend=cpu"));
    t.score_words(
        "start_wave beside practice",
        "start_wave",
        &["Some("],
        artificer(&args, dir),
    );
    // Another format, verified: one "refused", not two.
    let p = file(
        "format.rpl",
        &replace_line(base, "artificer-replay", "artificer-replay 99"),
    );
    t.score_words(
        "verify a replay of format 99",
        "format",
        &["refused: refused"],
        artificer(&words(&format!("verify {p}")), dir),
    );
    exports(t, dir, base);
    forged_code(t, dir);
}

/// An export of the base replay (by `artificer export`), then: with a bad
/// line, refused naming the export's own line; with Windows line endings,
/// verified as the replay with them is.
fn exports(t: &mut Tally, dir: &Path, base: &str) {
    let replay = dir.join("export-base.rpl");
    std::fs::write(&replay, base).unwrap();
    let out = dir.join("export.txt");
    let args = words(&format!("export {} --out {}", replay.display(), out.display()));
    t.score(
        "export the base replay",
        Expect::Accept,
        "",
        artificer(&args, dir),
    );
    let Ok(export) = std::fs::read_to_string(&out) else {
        return;
    };
    // The replay's `seed` line is line 4 of the replay, line 6 of the export.
    let seed_at = export
        .lines()
        .position(|l| l.starts_with("seed "))
        .map_or(0, |i| i + 1);
    let broken = replace_line(&export, "seed", "seed x");
    let p = dir.join("export-broken.txt");
    std::fs::write(&p, broken).unwrap();
    let args = words(&format!("verify {}", p.display()));
    let line = format!("line {seed_at} ");
    let wrong = format!("line {} ", seed_at - 2);
    t.score_words("an export's bad line", &line, &[&wrong], artificer(&args, dir));
    for (name, text) in [("replay-crlf.rpl", base.to_string()), ("export-crlf.txt", export)] {
        let p = dir.join(name);
        std::fs::write(&p, text.replace('\n', "\r\n")).unwrap();
        let args = words(&format!("verify {}", p.display()));
        t.score(
            &format!("verify {name} (Windows line endings)"),
            Expect::Accept,
            "",
            artificer(&args, dir),
        );
    }
}

/// A build code whose checksum holds but whose bytes run past the build:
/// refused saying what is left over, not "it ends inside nothing".
fn forged_code(t: &mut Tally, dir: &Path) {
    use game::run::build_code::text;
    let cat = game::catalog::Catalog::load(&game::data::default_root()).expect("the shipped data loads");
    let strong = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/builds/strong.json");
    let build = game::run::load_build(&strong).expect("a shipped build");
    let code = game::share::encode(&cat, &build).expect("a code");
    let body = code.split_once('-').map(|(_, b)| b).unwrap_or_default();
    let mut payload = text::from_base64url(body).expect("a code's text");
    payload.truncate(payload.len() - 4);
    payload.extend_from_slice(&[7, 7, 7]);
    let crc = text::crc32(&[&[game::run::build_code::VERSION][..], &payload].concat());
    payload.extend_from_slice(&crc.to_le_bytes());
    let forged = format!("AA1-{}", text::to_base64url(&payload));
    let args = vec!["build".to_string(), "decode".to_string(), forged];
    let ending = artificer(&args, dir);
    if let Ending::Exit(_, err) = &ending
        && err.contains("checksum")
    {
        t.tried += 1;
        t.unclear += 1;
        return t.fail(
            "the forged code's checksum",
            "build decode (bytes left over)",
            err,
        );
    }
    t.score_words(
        "build decode (bytes left over)",
        "left over",
        &["inside nothing"],
        ending,
    );
}
