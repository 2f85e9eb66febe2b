//! The fault suite's profile cases: the profile, records, settings and
//! saved-run files of a throw-away folder, opened as the window opens them.

use std::path::Path;
use std::sync::mpsc;

use game::app::session::{SAVED_RUN, Session};
use serde_json::Value;

use super::headless::replace_line;
use super::{CASE_LIMIT, Expect, Rng, Tally};

/// What opening a profile folder gave: the notices, whether a saved run is
/// offered, the settings in force.
type Opened = (Vec<String>, bool, game::screens::settings::Settings);

/// Opens the profile in `dir` as the window does (profile, records, saved
/// run, settings) on a thread, under the case time limit.
fn open_profile(dir: &Path, checksum: u64) -> Result<Opened, String> {
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

/// One case: a folder holding one file, opened, then scored.
struct Case<'a> {
    /// The name printed on failure.
    name: String,
    /// The file's name in the profile folder.
    file: &'a str,
    /// Its bytes.
    bytes: Vec<u8>,
    /// What opening it must do.
    expect: Expect,
    /// A word the notice must hold ("profile", "saved run").
    needle: &'a str,
}

/// Numbers the profile cases on one folder each.
struct Cases<'a> {
    dir: &'a Path,
    checksum: u64,
    n: u32,
}

impl Cases<'_> {
    fn run(&mut self, t: &mut Tally, c: Case<'_>) {
        self.n += 1;
        let folder = self.dir.join(format!("profile-{}", self.n));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join(c.file), &c.bytes).unwrap();
        t.tried += 1;
        match open_profile(&folder, self.checksum) {
            Err(e) if e == "hang" => {
                t.hang += 1;
                t.fail("hang", &c.name, "");
            }
            Err(e) => {
                t.panic += 1;
                t.fail("panic", &c.name, &e);
            }
            Ok(opened) => score(t, &c, &folder, opened),
        }
        let _ = std::fs::remove_dir_all(&folder);
    }
}

/// Scores what opening `c` in `folder` gave: its notices, whether a saved
/// run is offered, the settings in force.
fn score(t: &mut Tally, c: &Case<'_>, folder: &Path, opened: Opened) {
    let (notices, saved, settings) = opened;
    let told = notices.iter().any(|n| n.to_lowercase().contains(c.needle));
    if !all_bytes(folder).contains(&c.bytes) {
        t.lost += 1;
        t.fail("file lost", &c.name, &format!("{notices:?}"));
    }
    let volumes = [
        settings.master_volume,
        settings.effects_volume,
        settings.music_volume,
    ];
    let sane = settings.ui_scale.is_finite()
        && (0.5..=2.0).contains(&settings.ui_scale)
        && settings.resolution[0] >= 640
        && settings.resolution[1] >= 360
        && volumes.iter().all(|v| (0.0..=1.0).contains(v));
    match c.expect {
        Expect::Accept if notices.is_empty() && (c.file != SAVED_RUN || saved) => t.accepted += 1,
        Expect::Accept => {
            t.refused_valid += 1;
            t.fail("valid file refused", &c.name, &format!("{notices:?}"));
        }
        _ if !sane => {
            t.silent += 1;
            t.fail("settings out of range kept", &c.name, &format!("{settings:?}"));
        }
        _ if told && c.file == "settings.json" && folder.join(c.file).exists() => t.clamped += 1,
        _ if told => t.clear_error += 1,
        Expect::Survive if notices.is_empty() => t.accepted += 1,
        _ => {
            t.silent += 1;
            t.fail("no notice", &c.name, &format!("{notices:?}"));
        }
    }
}

/// Broken and out-of-range profile files: kept aside or clamped, with a notice; never lost.
#[expect(clippy::too_many_lines, reason = "a table of fault cases")]
pub(super) fn profile_mutations(t: &mut Tally, rng: &mut Rng, dir: &Path, base_replay: &str) {
    let checksum = game::run::replay::data_checksum(&game::data::default_root()).unwrap();
    let mut cases = Cases { dir, checksum, n: 0 };
    let valid_profile = r#"{"schema": 2, "aether": 4294967294, "runs": 4294967295}"#;
    let valid_settings = serde_json::to_string(&game::screens::settings::Settings::default()).unwrap();
    // (file, what the notice calls it, a valid document)
    let files: [(&str, &str, String); 4] = [
        ("profile.json", "profile", valid_profile.to_string()),
        ("records.json", "records", r#"{"schema": 1}"#.to_string()),
        ("settings.json", "settings", valid_settings.clone()),
        (SAVED_RUN, "saved run", base_replay.to_string()),
    ];
    for (file, needle, valid) in &files {
        let case = |name: String, bytes: Vec<u8>, expect| Case {
            name,
            file,
            bytes,
            expect,
            needle,
        };
        cases.run(
            t,
            case(
                format!("{file} valid"),
                valid.clone().into_bytes(),
                Expect::Accept,
            ),
        );
        cases.run(t, case(format!("{file} empty"), Vec::new(), Expect::Refuse));
        cases.run(
            t,
            case(
                format!("{file} garbage"),
                b"\x00\xff{{not json".to_vec(),
                Expect::Refuse,
            ),
        );
        for _ in 0..8 {
            let cut = rng.below(valid.len().saturating_sub(2)) + 1;
            let expect = if *file == SAVED_RUN || valid[..cut].trim_end() != valid.trim_end() {
                Expect::Refuse
            } else {
                Expect::Survive
            };
            let bytes = valid.as_bytes()[..cut].to_vec();
            cases.run(t, case(format!("{file} cut at {cut}"), bytes, expect));
        }
        for _ in 0..6 {
            let mut bytes = valid.as_bytes().to_vec();
            let at = rng.below(bytes.len());
            bytes[at] = (rng.next() & 0xff) as u8;
            cases.run(
                t,
                case(format!("{file} byte {at} flipped"), bytes, Expect::Survive),
            );
        }
    }
    // A saved run of other data or another version: kept aside, with a notice.
    let practice = base_replay.replacen("commands\n", "practice 5\ncommands\n", 1);
    for (name, text) in [
        (
            "a saved run of other data",
            replace_line(base_replay, "data", "data 0123456789abcdef"),
        ),
        (
            "a saved run of another version",
            replace_line(base_replay, "game", "game 0.0.1"),
        ),
        (
            "a saved run with last_wave 0 + practice 5",
            replace_line(&practice, "last_wave", "last_wave 0"),
        ),
    ] {
        cases.run(
            t,
            Case {
                name: name.into(),
                file: SAVED_RUN,
                bytes: text.into_bytes(),
                expect: Expect::Refuse,
                needle: "saved run",
            },
        );
    }
    // Far larger than any save: left in place unread, not saved over.
    for (file, needle) in [("profile.json", "profile"), (SAVED_RUN, "saved run")] {
        let mut bytes = b"{".to_vec();
        bytes.resize(65 << 20, b' ');
        cases.run(
            t,
            Case {
                name: format!("{file} of 65 MiB"),
                file,
                bytes,
                expect: Expect::Refuse,
                needle,
            },
        );
    }
    settings_out_of_range(t, &mut cases, &valid_settings);
    // Settings a newer game wrote: refused in words like the other versioned files.
    let mut newer: Value = serde_json::from_str(&valid_settings).unwrap();
    newer["schema"] = serde_json::json!(99);
    cases.run(
        t,
        Case {
            name: "settings.json of a newer version".into(),
            file: "settings.json",
            bytes: serde_json::to_vec(&newer).unwrap(),
            expect: Expect::Refuse,
            needle: "newer version",
        },
    );
}

/// Settings out of range: clamped with a notice, the file left as it is.
fn settings_out_of_range(t: &mut Tally, cases: &mut Cases<'_>, valid: &str) {
    let mut doc: Value = serde_json::from_str(valid).unwrap();
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
        cases.run(
            t,
            Case {
                name: format!("settings {key} = {v}"),
                file: "settings.json",
                bytes: serde_json::to_vec(&doc).unwrap(),
                expect: Expect::Refuse,
                needle: "settings",
            },
        );
        doc[key] = keep;
    }
}
