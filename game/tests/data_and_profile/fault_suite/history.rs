//! The fault suite's run-history cases (docs/share.md#run-history): a
//! history past its cap keeps every run (the oldest moved to a file of
//! their own, with a notice); entries no game wrote are refused in words
//! and the file kept aside; the profile and the history move as one unit,
//! so a game stopped between their writes neither loses an entry nor lets
//! the next run on that seed replace it.

use std::path::Path;

use game::profile::{HISTORY_FILE, HISTORY_KEPT, History, ProfileStore, RunRecord, Saves};

use super::Tally;

/// A history entry as a run books it.
fn entry(id: &str, seed: u64, wave: u32) -> RunRecord {
    RunRecord {
        run_id: id.to_string(),
        timestamp: 1_764_806_400,
        date: "2025-12-04".into(),
        mode: "Standard".into(),
        seed,
        version: "0".into(),
        outcome: "died".into(),
        wave,
        elapsed_s: 100,
        death_cause: None,
        build_code: String::new(),
        core: "Starter Core".into(),
        damage: Default::default(),
        taken: Vec::new(),
        gold_earned: 10,
        gold_spent: 5,
        level: 2,
        kills: 30,
    }
}

fn history_of(runs: Vec<RunRecord>) -> History {
    History {
        runs,
        ..History::default()
    }
}

/// Every run id in every history file of `dir` (the list and the files
/// of older runs), each as often as it is kept.
fn runs_kept(dir: &Path) -> Vec<String> {
    let mut ids = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if name.starts_with("history") && name.ends_with(".json") {
            let h: History = serde_json::from_slice(&std::fs::read(e.path()).unwrap()).unwrap();
            ids.extend(h.runs.into_iter().map(|r| r.run_id));
        }
    }
    ids.sort();
    ids
}

/// One case: a fresh folder, `setup` writes its files, [`Saves::open`]
/// reads them as the game does, `check` says what went wrong, if anything
/// (a reason starting `lost:` counts as a lost file).
fn case(
    t: &mut Tally,
    dir: &Path,
    name: &str,
    setup: impl FnOnce(&Path),
    check: impl FnOnce(&mut Saves, &Path) -> Result<(), String>,
) {
    let folder = dir.join("history-case");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    setup(&folder);
    t.tried += 1;
    let opened = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut saves = Saves::open(ProfileStore::new(&folder));
        check(&mut saves, &folder)
    }));
    match opened {
        Err(_) => {
            t.panic += 1;
            t.fail("panic", name, "");
        }
        Ok(Err(why)) if why.starts_with("lost:") => {
            t.lost += 1;
            t.fail("file lost", name, &why);
        }
        Ok(Err(why)) => {
            t.silent += 1;
            t.fail("silent", name, &why);
        }
        Ok(Ok(())) => t.clear_error += 1,
    }
    let _ = std::fs::remove_dir_all(&folder);
}

fn told(saves: &Saves, word: &str) -> Result<(), String> {
    if saves.notices.iter().any(|n| n.to_lowercase().contains(word)) {
        Ok(())
    } else {
        Err(format!("no notice naming `{word}`: {:?}", saves.notices))
    }
}

fn write(dir: &Path, name: &str, value: &impl serde::Serialize) {
    std::fs::write(dir.join(name), serde_json::to_vec(value).unwrap()).unwrap();
}

/// The history cases.
pub(super) fn history_cases(t: &mut Tally, dir: &Path) {
    let many: Vec<RunRecord> = (0..HISTORY_KEPT as u64 * 14)
        .map(|i| entry(&format!("{i}-{i}"), i, 3))
        .collect();
    let all: Vec<String> = {
        let mut v: Vec<String> = many.iter().map(|r| r.run_id.clone()).collect();
        v.sort();
        v
    };
    case(
        t,
        dir,
        "a history of 2,800 runs",
        |d| write(d, HISTORY_FILE, &history_of(many.clone())),
        |saves, d| {
            told(saves, "run history")?;
            if saves.history.runs.len() > HISTORY_KEPT {
                return Err(format!("{} runs kept in the list", saves.history.runs.len()));
            }
            if runs_kept(d) != all {
                return Err("lost: runs past the cap are in no file".into());
            }
            Ok(())
        },
    );
    let mut bad_code = entry("1-1", 1, 3);
    bad_code.build_code = "AA1-not-a-code".into();
    let mut bad_damage = entry("1-1", 1, 3);
    bad_damage.damage.total = -1e30;
    for (name, runs) in [
        ("a history entry with a bad build code", vec![bad_code]),
        ("a history entry with damage -1e30", vec![bad_damage]),
        (
            "two history entries under one run id",
            vec![entry("4-2", 4, 3), entry("4-2", 4, 7)],
        ),
    ] {
        let text = serde_json::to_vec(&history_of(runs)).unwrap();
        let kept = text.clone();
        case(
            t,
            dir,
            name,
            |d| std::fs::write(d.join(HISTORY_FILE), &text).unwrap(),
            |saves, d| {
                told(saves, "run history")?;
                let found = std::fs::read_dir(d)
                    .unwrap()
                    .flatten()
                    .any(|e| std::fs::read(e.path()).unwrap_or_default() == kept);
                if found {
                    Ok(())
                } else {
                    Err("lost: the refused history is in no file".into())
                }
            },
        );
    }
    stopped_between_writes(t, dir);
}

/// A game stopped between the profile's and the history's writes.
fn stopped_between_writes(t: &mut Tally, dir: &Path) {
    // Stopped after the profile (with the run inside) was written.
    case(
        t,
        dir,
        "stopped after the profile's write",
        |d| {
            let profile =
                serde_json::json!({"schema": 2, "runs": 3, "pending_history": [entry("5-3", 5, 4)]});
            write(d, "profile.json", &profile);
            write(d, HISTORY_FILE, &history_of(vec![entry("5-2", 5, 2)]));
        },
        |saves, d| {
            told(saves, "run history")?;
            let ids = runs_kept(d);
            if ids != ["5-2", "5-3"] {
                return Err(format!("lost: the history holds {ids:?}"));
            }
            let again = Saves::open(ProfileStore::new(d));
            if !again.profile.pending_history.is_empty() || runs_kept(d).len() != 2 {
                return Err("the booked run is still on its way, or twice in the history".into());
            }
            Ok(())
        },
    );
    // Stopped after the history's write, before the profile was cleared.
    case(
        t,
        dir,
        "stopped after the history's write",
        |d| {
            let profile =
                serde_json::json!({"schema": 2, "runs": 3, "pending_history": [entry("5-3", 5, 4)]});
            write(d, "profile.json", &profile);
            write(d, HISTORY_FILE, &history_of(vec![entry("5-3", 5, 4)]));
        },
        |_, d| {
            let ids = runs_kept(d);
            if ids == ["5-3"] {
                Ok(())
            } else {
                Err(format!("the history holds {ids:?}"))
            }
        },
    );
    // An entry the profile never booked (a game of before this rule), then
    // the next run on that seed: both are kept.
    case(
        t,
        dir,
        "the next run on a seed whose entry the profile never booked",
        |d| {
            write(d, "profile.json", &serde_json::json!({"schema": 2, "runs": 2}));
            write(d, HISTORY_FILE, &history_of(vec![entry("5-3", 5, 9)]));
        },
        |saves, d| {
            saves.profile.runs = 3;
            saves.profile.pending_history.push(entry("5-3", 5, 4));
            saves.save_profile().map_err(|e| e.to_string())?;
            let h: History = serde_json::from_slice(&std::fs::read(d.join(HISTORY_FILE)).unwrap()).unwrap();
            let waves: Vec<u32> = h.runs.iter().map(|r| r.wave).collect();
            if waves != [9, 4] {
                return Err(format!(
                    "lost: the history's waves are {waves:?}, not the old run's 9 and the new run's 4"
                ));
            }
            Ok(())
        },
    );
}
