//! The fault suite's headless cases: command-line numbers, `data/`,
//! replays and build files, each a run of the `artificer` binary.

use std::path::Path;

use game::data::ranges::{self, range_of};
use serde_json::Value;

use super::{Ending, Expect, Rng, Tally, artificer, copy_dir, words};

/// Command-line numbers out of range, NaN or infinite: refused naming the flag.
#[expect(clippy::too_many_lines, reason = "a table of fault cases")]
pub(super) fn cli_numbers(t: &mut Tally, rng: &mut Rng, dir: &Path) {
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
    // Past the game's waves outside endless.
    for args in [
        "sim --backend cpu --waves=21",
        "sim --backend cpu --mode practice --waves=50",
    ] {
        t.score(args, Expect::Refuse, "--waves", artificer(&words(args), dir));
    }
    // A core given as JSON is held to the ranges of cores.json.
    for (json, field) in [
        (r#"{"mana_max":1e30}"#, "mana_max"),
        (r#"{"capacity":100000}"#, "capacity"),
        (r#"{"recharge":-1}"#, "recharge"),
        (r#"{"cast_delay":3.4e38}"#, "cast_delay"),
    ] {
        let args = vec![
            "wand".into(),
            "eval".into(),
            format!("--core={json}"),
            "--deck=spark_bolt".into(),
        ];
        t.score(
            &format!("wand eval --core {json}"),
            Expect::Refuse,
            field,
            artificer(&args, dir),
        );
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
pub(super) fn data_mutations(t: &mut Tally, rng: &mut Rng, dir: &Path) {
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
    // A shipped build past the rules.
    let data = dir.join("data-build");
    copy_dir(&root, &data);
    std::fs::write(
        data.join("builds/strong.json"),
        r#"{"core": "starter_core", "deck": [], "entries": {"stored": ["spark_bolt"]}}"#,
    )
    .unwrap();
    let args = vec![
        "data".into(),
        "check".into(),
        format!("--data={}", data.display()),
    ];
    t.score(
        "builds/strong.json past the rules",
        Expect::Refuse,
        "builds/strong.json",
        artificer(&args, dir),
    );
    let _ = std::fs::remove_dir_all(&data);
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
pub(super) fn recorded_replay(dir: &Path) -> String {
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

pub(super) fn replace_line(text: &str, key: &str, line: &str) -> String {
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
pub(super) fn replay_mutations(t: &mut Tally, rng: &mut Rng, dir: &Path, base: &str) {
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
