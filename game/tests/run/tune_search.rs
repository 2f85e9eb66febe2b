//! `artificer tune` (docs/balance.md#tuning): its first trial is the plain
//! batch on the data as it stands, its search moves a knob the way its
//! targets ask, and `--write` changes only the numbers a knob names.

use std::path::{Path, PathBuf};
use std::process::Command;

fn exe() -> Command {
    Command::new(env!("CARGO_BIN_EXE_artificer"))
}

fn data_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")
}

/// A fresh folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("artificer-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn json_lines(out: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(out)
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn a_search_plays_real_batches_and_writes_only_the_numbers_it_moved() {
    let dir = scratch("search");
    let spec = dir.join("tune.json");
    // Wave 1's gold is what its coins share out, and nothing in the wave's
    // fight depends on it: a search told the wave drops too much must cut it.
    std::fs::write(
        &spec,
        r#"{
          "run": {"seeds": "1", "waves": 1, "args": ["--policy", "competent"]},
          "knobs": [{"name": "w1_gold", "scale": [{"files": "waves/wave_01.json", "path": "gold_total"}], "min": 0.25, "max": 4}],
          "targets": [{"name": "thrift", "metric": "per_wave.gold_dropped.p50", "waves": [1], "max": 50}]
        }"#,
    )
    .unwrap();
    let written = dir.join("best");
    let out = exe()
        .arg("--data")
        .arg(data_root())
        .arg("tune")
        .arg(&spec)
        .args([
            "--rounds",
            "1",
            "--step",
            "2",
            "--max-trials",
            "3",
            "--shards",
            "1",
            "--json",
        ])
        .arg("--out")
        .arg(dir.join("trials"))
        .arg("--write")
        .arg(&written)
        .output()
        .expect("tune runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines = json_lines(&out.stdout);
    let trials: Vec<_> = lines.iter().filter(|l| l["kind"] == "trial").collect();
    assert!((2..=3).contains(&trials.len()), "{lines:?}");
    assert_eq!(
        trials[0]["factors"][0][1], 1.0,
        "the first trial is the data as it stands"
    );
    // Trial 0 is the plain batch: the same run as `sim --seeds 1 --waves 1`.
    let plain = exe()
        .arg("--data")
        .arg(data_root())
        .args([
            "sim",
            "--seeds",
            "1",
            "--waves",
            "1",
            "--policy",
            "competent",
            "--json",
        ])
        .output()
        .expect("sim runs");
    let plain = json_lines(&plain.stdout);
    let shard = std::fs::read(dir.join("trials/trial-000/shard-1.jsonl")).unwrap();
    let shard = json_lines(&shard);
    assert_eq!(shard[0]["state_hash"], plain[0]["state_hash"]);
    assert_eq!(shard[0]["waves"][0]["kills"], plain[0]["waves"][0]["kills"]);

    let best = lines.iter().find(|l| l["kind"] == "best").expect("a best line");
    let factor = best["factors"][0][1].as_f64().unwrap();
    assert!(factor < 1.0, "the search cut the wave's gold: ×{factor}");
    // Only wave 1's gold_total differs; every other byte is the source's.
    let src = std::fs::read_to_string(data_root().join("waves/wave_01.json")).unwrap();
    let new = std::fs::read_to_string(written.join("waves/wave_01.json")).unwrap();
    let differ: Vec<(&str, &str)> = src.lines().zip(new.lines()).filter(|(a, b)| a != b).collect();
    assert_eq!(differ.len(), 1, "{differ:?}");
    assert!(differ[0].0.contains("\"gold_total\""), "{differ:?}");
    assert_eq!(
        std::fs::read(data_root().join("spells.json")).unwrap(),
        std::fs::read(written.join("spells.json")).unwrap()
    );
}

#[test]
fn a_knob_that_names_nothing_is_refused_in_words() {
    let dir = scratch("typo");
    let spec = dir.join("tune.json");
    std::fs::write(
        &spec,
        r#"{"knobs": [{"name": "typo", "scale": [{"files": "waves/wave_01.json", "path": "hp_mul"}], "min": 0.5, "max": 2}],
            "targets": [{"name": "wins", "metric": "win_rate", "min": 0.5}]}"#,
    )
    .unwrap();
    let out = exe()
        .arg("--data")
        .arg(data_root())
        .arg("tune")
        .arg(&spec)
        .output()
        .expect("tune runs");
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("knobs[0] (typo): `hp_mul` names no number"),
        "{said}"
    );
}
