//! Run history (docs/share.md#run-history): `sim --profile` appends one
//! entry per finished run, `profile history` prints it, a daily counts once
//! per date, a broken history file is kept aside and named, and only a
//! verified result enters the imported board (docs/share.md#verified-results).

use std::process::Command as Process;

fn temp_dir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("artificer-history-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("dir");
    d
}

fn artificer(args: &[&str], dir: &std::path::Path) -> std::process::Output {
    Process::new(env!("CARGO_BIN_EXE_artificer"))
        .args(args)
        .arg("--profile")
        .arg(dir)
        .output()
        .expect("artificer runs")
}

#[test]
fn sim_on_a_profile_keeps_each_run_in_the_history() {
    let dir = temp_dir("sim");
    std::fs::write(
        dir.join("profile.json"),
        r#"{"schema": 2, "skip_onboarding": true}"#,
    )
    .expect("profile");
    for seed in ["3", "4"] {
        let out = artificer(
            &[
                "sim",
                "--seed",
                seed,
                "--waves",
                "3",
                "--backend",
                "cpu",
                "--policy",
                "competent",
            ],
            &dir,
        );
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let out = artificer(&["profile", "history", "--json"], &dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let h: game::profile::History = serde_json::from_slice(&out.stdout).expect("history json");
    assert_eq!(h.runs.len(), 2, "one entry per run");
    assert_eq!(h.runs[0].seed, 3);
    assert_eq!(h.runs[1].seed, 4);
    for r in &h.runs {
        assert_eq!(r.mode, "Standard");
        assert!(r.build_code.starts_with("AA1-"), "{}", r.build_code);
        let sum: f64 = r.damage.sources.iter().map(|s| s.damage).sum();
        assert!(r.damage.total > 0.0);
        assert!(
            (sum - r.damage.total).abs() <= 1e-6 * r.damage.total,
            "{sum} vs {}",
            r.damage.total
        );
        assert!(r.gold_earned > 0 && r.level >= 1);
    }
    let text = artificer(&["profile", "history"], &dir);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("seed 4") && text.contains("Spark Bolt"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_history_is_kept_aside_and_named() {
    let dir = temp_dir("broken");
    std::fs::write(dir.join("history.json"), b"{ not json").expect("write");
    let saves = game::profile::Saves::open(game::profile::ProfileStore::new(&dir));
    assert!(saves.history.runs.is_empty());
    assert!(
        saves
            .notices
            .iter()
            .any(|n| n.contains("run history") && n.contains("kept as")),
        "{:?}",
        saves.notices
    );
    let kept = std::fs::read_dir(&dir).expect("dir").flatten().any(|e| {
        e.file_name()
            .to_string_lossy()
            .starts_with("history.json.corrupt")
    });
    assert!(kept, "the broken file is kept, not deleted");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_daily_has_its_own_rule_set_whatever_the_profile_owns() {
    let cat = game::catalog::Catalog::load(&game::data::default_root()).expect("data");
    let date: game::share::daily::Date = "2026-12-03".parse().expect("date");
    let setup = game::profile::run_book::daily_setup(&cat, date);
    assert_eq!(setup.seed, 3_591_292_368, "the date's seed (`artificer daily`)");
    assert_eq!(setup.daily.as_deref(), Some("2026-12-03"));
    assert!(!setup.last_will && setup.onboarding.is_none() && setup.build.is_none());
    let fresh = cat.unlocks.locked_content(&Default::default());
    assert_eq!(setup.locked, fresh, "a new profile's locks, not this profile's");
}

#[test]
fn an_export_enters_the_records_only_through_verification() {
    let dir = temp_dir("import");
    let replay = dir.join("run.replay");
    let result = dir.join("run.result");
    let bin = env!("CARGO_BIN_EXE_artificer");
    let sim = Process::new(bin)
        .args([
            "sim",
            "--seed",
            "3",
            "--waves",
            "2",
            "--backend",
            "cpu",
            "--record",
        ])
        .arg(&replay)
        .output()
        .expect("sim");
    assert!(sim.status.success(), "{}", String::from_utf8_lossy(&sim.stderr));
    let export = Process::new(bin)
        .arg("export")
        .arg(&replay)
        .arg("--out")
        .arg(&result)
        .output()
        .expect("export");
    assert!(
        export.status.success(),
        "{}",
        String::from_utf8_lossy(&export.stderr)
    );
    // An edited claim is refused and nothing is entered.
    let text = std::fs::read_to_string(&result).expect("export");
    let edited = dir.join("edited.result");
    let lines: Vec<String> = text
        .lines()
        .map(|l| match l.strip_prefix("claim ") {
            Some(json) => {
                let mut v: serde_json::Value = serde_json::from_str(json).expect("claim");
                v["wave_reached"] = (v["wave_reached"].as_u64().expect("wave") + 7).into();
                format!("claim {v}")
            }
            None => l.to_string(),
        })
        .collect();
    std::fs::write(&edited, lines.join("\n") + "\n").expect("edit");
    let refused = artificer(&["import", edited.to_str().expect("utf-8")], &dir);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("refused"));
    let saves = game::profile::Saves::open(game::profile::ProfileStore::new(&dir));
    assert!(
        saves.records.imported.is_empty(),
        "a refused result enters nothing"
    );
    let ok = artificer(&["import", result.to_str().expect("utf-8")], &dir);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    let again = artificer(&["import", result.to_str().expect("utf-8")], &dir);
    assert!(String::from_utf8_lossy(&again.stdout).contains("already on the board"));
    let saves = game::profile::Saves::open(game::profile::ProfileStore::new(&dir));
    assert_eq!(saves.records.imported.len(), 1);
    let r = &saves.records.imported[0];
    assert!(saves.records.imported[0].intact());
    assert_eq!(r.record.seed, 3);
    let _ = std::fs::remove_dir_all(&dir);
}
