//! The profile survives anything (persistence): a writer killed at
//! random moments never leaves a partial profile; broken files are kept aside
//! with their bytes and the game starts; a version-1 profile is migrated with
//! every value carried over; an edited record is reported, not deleted; and
//! `artificer profile show` prints what is stored.
//!
//! The kill test's child is this test binary itself, re-run with
//! [`WRITER_ENV`] set and filtered to [`profile_writer`], which then writes
//! the profile in an endless loop until it is killed.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use game::profile::meta::EndlessRecord;
use game::profile::{PROFILE_DIR_ENV, PROFILE_FILE, Profile, ProfileStore, RECORDS_FILE, Saves, StoreError};
use serde_json::Value;

/// Set to a folder: [`profile_writer`] becomes the kill test's child.
const WRITER_ENV: &str = "ARTIFICER_TEST_PROFILE_WRITER";
/// The first version the child writes.
const WRITER_START_ENV: &str = "ARTIFICER_TEST_PROFILE_WRITER_START";
/// The line the child prints once its first save is complete.
const READY: &str = "profile-writer: ready";

/// A fresh, empty folder under the system temp dir, unique to this process
/// and call; removed when the test passes, kept for a look when it fails.
struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn temp_dir(tag: &str) -> TempDir {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "artificer-profile-{tag}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

/// Version `n` of a complete profile: every field derives from `n`, and the
/// lists change length, so a mix of two versions or a cut-off file cannot
/// pass for a version.
fn version(n: u32) -> Profile {
    let mut p = Profile {
        aether: n,
        aether_earned: n * 3,
        best_wave: n % 40,
        runs: n * 2,
        clears: n % 5,
        skip_onboarding: n % 2 == 1,
        ..Profile::default()
    };
    for i in 0..(20 + n % 37) {
        p.codex.spells.insert(format!("spell_{n}_{i}"));
        p.codex.items.insert(format!("item_{i}"));
    }
    for i in 0..(n % 11) {
        p.codex.enemies.insert(format!("enemy_{i}"));
        p.unlocked.insert(format!("unlock_{i}"));
    }
    p.milestones
        .extend([5, 10, 15].into_iter().filter(|m| n % 20 >= *m));
    p
}

fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The kill test's child when [`WRITER_ENV`] is set (writes versions
/// `START, START+1, …` until killed). Run as a plain test, it checks the
/// same loop in process: every one of 30 saves reads back whole and no
/// temporary file is left behind.
#[test]
fn profile_writer() {
    if let Some(dir) = std::env::var_os(WRITER_ENV) {
        let start: u32 = std::env::var(WRITER_START_ENV).unwrap().parse().unwrap();
        let mut saves = Saves::open(ProfileStore::new(PathBuf::from(dir)));
        // Bounded, so a writer orphaned by a failing parent stops by itself.
        let until = std::time::Instant::now() + Duration::from_secs(60);
        for n in start.. {
            saves.profile = version(n);
            saves.save_profile().unwrap();
            if n == start {
                println!("{READY}");
            }
            assert!(std::time::Instant::now() < until, "the writer was never killed");
        }
    }
    let dir = temp_dir("writer");
    let mut saves = Saves::open(ProfileStore::new(&dir));
    for n in 1..=30 {
        saves.profile = version(n);
        saves.save_profile().unwrap();
        let back = Saves::open(ProfileStore::new(&dir));
        assert!(back.notices.is_empty(), "{:?}", back.notices);
        assert_eq!(back.profile, version(n));
    }
    assert_eq!(file_names(&dir), vec![PROFILE_FILE.to_string()]);
}

/// Kills the writer if the test fails while it runs, so no writer outlives it.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_writer_killed_at_random_moments_leaves_the_old_or_the_new_profile() {
    const KILLS: usize = 100;
    let dir = temp_dir("kill");
    let store = ProfileStore::new(&dir);
    store.save(PROFILE_FILE, &version(0)).unwrap();
    let exe = std::env::current_exe().unwrap();
    // Seeded kill delays, so a failure can be replayed with the same moments.
    let mut rng = game::rng::SplitMix(0x00a7_1f1c_e2a0);
    let mut last = 0u32;
    let mut mid_write = 0usize;
    for kill in 0..KILLS {
        let child = Command::new(&exe)
            .args([
                "profile_store::profile_writer",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(WRITER_ENV, &dir)
            .env(WRITER_START_ENV, (last + 1).to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut child = KillOnDrop(child);
        let stdout = child.0.stdout.take().unwrap();
        // libtest prints `test profile_store::profile_writer ... ` first, on the same line.
        let ready = BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .any(|l| l.ends_with(READY));
        assert!(ready, "kill {kill}: the writer stopped before its first save");
        std::thread::sleep(Duration::from_micros(rng.next_u64() % 30_000));
        // `Child::kill` is SIGKILL on unix: no destructor, no flush runs.
        child.0.kill().unwrap();
        child.0.wait().unwrap();
        if !store.stale_temps().is_empty() {
            mid_write += 1;
        }
        let saves = Saves::open(ProfileStore::new(&dir));
        assert!(saves.notices.is_empty(), "kill {kill}: {:?}", saves.notices);
        let n = saves.profile.aether;
        assert_eq!(saves.profile, version(n), "kill {kill}: not a complete version");
        assert!(
            n > last,
            "kill {kill}: version {n} is older than {last}, already on disk before"
        );
        assert!(
            store.stale_temps().is_empty(),
            "kill {kill}: temp files left after loading"
        );
        last = n;
    }
    let names = file_names(&dir);
    assert_eq!(names, vec![PROFILE_FILE.to_string()], "only the profile remains");
    println!("{KILLS} kills, {mid_write} landed mid-write (a temp file was left), last version {last}");
}

/// Kinds of broken profile file the game must survive.
fn broken_profiles() -> Vec<(&'static str, Vec<u8>)> {
    let whole = serde_json::to_vec_pretty(&version(7)).unwrap();
    vec![
        ("truncated", whole[..whole.len() / 2].to_vec()),
        ("empty", Vec::new()),
        (
            "binary garbage",
            vec![0x89, b'P', b'N', b'G', 0x00, 0xff, 0xfe, 0x13, 0x37, 0x00, 0x80],
        ),
        ("wrong type", b"[1, 2, 3]".to_vec()),
        ("wrong field type", br#"{"schema": 2, "aether": "lots"}"#.to_vec()),
        (
            "unknown field",
            br#"{"schema": 2, "aether": 1, "wings": true}"#.to_vec(),
        ),
    ]
}

/// `profile.json.corrupt-YYYYMMDD-HHMMSS`, maybe with `-N`.
fn is_stamped_corrupt_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("profile.json.corrupt-") else {
        return false;
    };
    let b = rest.as_bytes();
    b.len() >= 15
        && b[..8].iter().all(u8::is_ascii_digit)
        && b[8] == b'-'
        && b[9..15].iter().all(u8::is_ascii_digit)
        && (b.len() == 15 || (b[15] == b'-' && b[16..].iter().all(u8::is_ascii_digit)))
}

#[test]
fn broken_profiles_are_kept_aside_and_the_game_starts() {
    for (what, bytes) in broken_profiles() {
        let dir = temp_dir("broken");
        std::fs::write(dir.join(PROFILE_FILE), &bytes).unwrap();
        let mut saves = Saves::open(ProfileStore::new(&dir));
        assert_eq!(saves.profile, Profile::default(), "{what}");
        assert_eq!(saves.notices.len(), 1, "{what}: {:?}", saves.notices);
        let notice = &saves.notices[0];
        let kept: Vec<String> = file_names(&dir)
            .into_iter()
            .filter(|n| n != PROFILE_FILE)
            .collect();
        assert_eq!(kept.len(), 1, "{what}: {kept:?}");
        assert!(is_stamped_corrupt_name(&kept[0]), "{what}: {}", kept[0]);
        let kept_at = dir.join(&kept[0]);
        assert_eq!(
            std::fs::read(&kept_at).unwrap(),
            bytes,
            "{what}: the bytes are kept"
        );
        assert!(
            notice.contains("could not be read") && notice.contains(&kept_at.display().to_string()),
            "{what}: {notice}"
        );
        // A new profile starts, and saving it leaves the kept file alone.
        assert!(!dir.join(PROFILE_FILE).exists(), "{what}");
        saves.save_profile().unwrap();
        assert_eq!(std::fs::read(&kept_at).unwrap(), bytes, "{what}");
        // Told once: the next start finds nothing wrong.
        assert!(Saves::open(ProfileStore::new(&dir)).notices.is_empty(), "{what}");
    }
}

#[test]
fn profile_show_exits_zero_on_broken_profiles_and_prints_the_notice() {
    for (what, bytes) in broken_profiles() {
        let dir = temp_dir("show-broken");
        std::fs::write(dir.join(PROFILE_FILE), &bytes).unwrap();
        // Through the environment variable, as a player's launcher would.
        let out = Command::new(env!("CARGO_BIN_EXE_artificer"))
            .args(["profile", "show"])
            .env(PROFILE_DIR_ENV, &dir)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{what}: {out:?}");
        assert!(
            stdout.contains("Your profile could not be read") && stdout.contains("profile.json.corrupt-"),
            "{what}: {stdout}"
        );
        assert!(stdout.contains("Aether: 0 in hand"), "{what}: {stdout}");
        let kept = file_names(&dir);
        assert!(
            kept.iter().any(|n| is_stamped_corrupt_name(n)),
            "{what}: {kept:?}"
        );
    }
}

#[test]
fn a_version_one_profile_is_migrated_with_everything_carried_over() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/profile_v1.json");
    let original = std::fs::read(&fixture).unwrap();
    let dir = temp_dir("v1");
    std::fs::write(dir.join(PROFILE_FILE), &original).unwrap();
    let saves = Saves::open(ProfileStore::new(&dir));

    let backup = dir.join("profile.json.v1-backup");
    assert_eq!(
        std::fs::read(&backup).unwrap(),
        original,
        "the original is kept byte for byte"
    );
    assert_eq!(saves.notices.len(), 1, "{:?}", saves.notices);
    assert!(
        saves.notices[0].contains("upgraded from version 1")
            && saves.notices[0].contains(&backup.display().to_string()),
        "{}",
        saves.notices[0]
    );
    let p = &saves.profile;
    assert_eq!(p.schema, 2);
    assert_eq!((p.aether, p.aether_earned), (17, 17));
    assert_eq!(
        p.unlocked.iter().map(String::as_str).collect::<Vec<_>>(),
        ["chain_lightning", "nuke"]
    );
    let set = |s: &std::collections::BTreeSet<String>| s.iter().cloned().collect::<Vec<_>>();
    assert_eq!(set(&p.codex.spells), ["chain_bolt", "fireball", "spark_bolt"]);
    assert_eq!(set(&p.codex.recipes), ["steam_engine"]);
    assert_eq!(set(&p.codex.reactions), ["melt", "overload"]);
    assert_eq!(p.codex.len(), 6);
    assert_eq!((p.best_wave, p.runs, p.clears), (22, 9, 1));
    assert_eq!(p.milestones.iter().copied().collect::<Vec<_>>(), [5, 10, 15]);

    // The endless records moved to the records file, sealed and intact.
    let endless: Vec<(u32, f64, &str, u64)> = saves
        .records
        .endless
        .iter()
        .map(|s| {
            (
                s.record.wave,
                s.record.elapsed_sec,
                s.record.build_checksum.as_str(),
                s.record.timestamp,
            )
        })
        .collect();
    assert_eq!(
        endless,
        [
            (24, 1700.5, "00aa11bb22cc33dd", 1_790_000_000),
            (31, 2000.0, "44ee55ff66007711", 1_791_000_000)
        ]
    );
    assert!(saves.records.verify().is_clean());

    // Both files were written in the new form; the next start is quiet and
    // reads the same values.
    let on_disk: Value = serde_json::from_slice(&std::fs::read(dir.join(PROFILE_FILE)).unwrap()).unwrap();
    assert_eq!(on_disk["schema"], 2);
    assert!(on_disk.get("endless_records").is_none());
    let again = Saves::open(ProfileStore::new(&dir));
    assert!(again.notices.is_empty(), "{:?}", again.notices);
    assert_eq!(again.profile, saves.profile);
    assert_eq!(again.records, saves.records);
}

#[test]
fn a_profile_from_a_newer_game_is_neither_loaded_nor_overwritten() {
    let dir = temp_dir("newer");
    let newer = br#"{"schema": 99, "aether": 500, "wings": true}"#;
    std::fs::write(dir.join(PROFILE_FILE), newer).unwrap();
    let mut saves = Saves::open(ProfileStore::new(&dir));
    assert_eq!(saves.profile, Profile::default());
    assert!(saves.notices[0].contains("newer version"), "{:?}", saves.notices);
    assert!(saves.profile_blocked().is_some());
    saves.profile.aether = 3;
    assert!(matches!(saves.save_profile(), Err(StoreError::Blocked { .. })));
    assert_eq!(std::fs::read(dir.join(PROFILE_FILE)).unwrap(), newer);
    assert_eq!(file_names(&dir), [PROFILE_FILE], "nothing renamed, nothing added");
}

fn endless(wave: u32, elapsed_sec: f64, timestamp: u64) -> EndlessRecord {
    EndlessRecord {
        wave,
        elapsed_sec,
        build_checksum: "feedc0de00000001".into(),
        timestamp,
    }
}

#[test]
fn a_hand_edited_record_is_reported_tampered_and_kept() {
    let dir = temp_dir("tamper");
    let mut saves = Saves::open(ProfileStore::new(&dir));
    saves
        .records
        .note_run(12, false, 900.0, 42, "feedc0de00000001", 1_795_000_000);
    saves.records.note_endless(endless(25, 1500.0, 1_795_000_100));
    saves.records.note_endless(endless(28, 1600.0, 1_795_000_200));
    saves.save_records().unwrap();

    // The player "improves" the first endless run and the best wave by hand.
    let path = dir.join(RECORDS_FILE);
    let mut v: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    v["endless"][0]["record"]["wave"] = 60.into();
    v["best_wave"]["record"]["wave"] = 40.into();
    std::fs::write(&path, serde_json::to_vec_pretty(&v).unwrap()).unwrap();

    let saves = Saves::open(ProfileStore::new(&dir));
    let t = saves.records.verify();
    assert!(t.best_wave && !t.fastest_clear);
    assert_eq!(t.endless, vec![0]);
    assert_eq!(saves.records.endless.len(), 2, "the tampered record is kept");
    assert_eq!(saves.records.endless[0].record.wave, 60);
    assert!(
        saves.notices.iter().any(|n| n.contains("tampered")),
        "{:?}",
        saves.notices
    );
    assert_eq!(file_names(&dir), [RECORDS_FILE], "nothing moved aside");

    let out = Command::new(env!("CARGO_BIN_EXE_artificer"))
        .args(["profile", "show", "--json", "--profile"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let shown: Value = serde_json::from_slice(&out.stdout).unwrap();
    let board = shown["records"]["endless"].as_array().unwrap();
    assert_eq!(
        (board[0]["wave"].clone(), board[0]["tampered"].clone()),
        (60.into(), true.into())
    );
    assert_eq!(
        (board[1]["wave"].clone(), board[1]["tampered"].clone()),
        (28.into(), false.into())
    );
    assert_eq!(shown["records"]["best_wave"]["tampered"], true);
}

#[test]
fn profile_show_prints_what_was_saved() {
    let dir = temp_dir("show");
    let mut saves = Saves::open(ProfileStore::new(&dir));
    let p = &mut saves.profile;
    p.aether = 42;
    p.aether_earned = 100;
    p.runs = 7;
    p.clears = 2;
    p.best_wave = 20;
    p.milestones.extend([5, 10]);
    p.unlocked
        .extend(["nuke".to_string(), "chain_lightning".to_string()]);
    p.codex
        .spells
        .extend(["spark_bolt".to_string(), "nuke".to_string()]);
    p.codex.enemies.insert("slime".into());
    p.codex.bosses.insert("warden".into());
    saves
        .records
        .note_run(20, true, 1234.5, 99, "feedc0de00000001", 1_795_000_000);
    saves.records.note_endless(endless(25, 1500.0, 1_795_000_100));
    saves.records.note_endless(endless(31, 2000.0, 1_795_000_200));
    saves.save_profile().unwrap();
    saves.save_records().unwrap();

    // `--profile` wins over the environment variable.
    let elsewhere = temp_dir("show-elsewhere");
    let run = |json: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_artificer"));
        cmd.args(["profile", "show", "--profile"])
            .arg(&dir)
            .env(PROFILE_DIR_ENV, &elsewhere);
        if json {
            cmd.arg("--json");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let v: Value = serde_json::from_str(&run(true)).unwrap();
    assert_eq!(v["aether"], 42);
    assert_eq!(v["aether_earned"], 100);
    assert_eq!(
        (v["runs"].clone(), v["clears"].clone(), v["best_wave"].clone()),
        (7.into(), 2.into(), 20.into())
    );
    assert_eq!(v["milestones"], serde_json::json!([5, 10]));
    assert_eq!(
        v["unlocks"],
        serde_json::json!([
            {"id": "chain_lightning", "name": "Chain Lightning"},
            {"id": "nuke", "name": "Tactical Nuke"}
        ])
    );
    assert_eq!(
        (v["codex"]["spells"].clone(), v["codex"]["enemies"].clone()),
        (2.into(), 1.into())
    );
    assert_eq!(
        (v["codex"]["bosses"].clone(), v["codex"]["total"].clone()),
        (1.into(), 4.into())
    );
    let r = &v["records"];
    assert_eq!(
        (r["best_wave"]["wave"].clone(), r["best_wave"]["seed"].clone()),
        (20.into(), 99.into())
    );
    assert_eq!(r["fastest_clear"]["elapsed_sec"], 1234.5);
    assert_eq!(r["fastest_clear"]["tampered"], false);
    let board = r["endless"].as_array().unwrap();
    assert_eq!(board.len(), 2);
    assert_eq!(
        (board[0]["wave"].clone(), board[0]["score"].clone()),
        (31.into(), 3_184_400.into())
    );
    assert_eq!(board[1]["rank"], 2);
    assert_eq!(v["notices"], serde_json::json!([]));
    assert!(
        file_names(&elsewhere).is_empty(),
        "the environment's folder was not used"
    );

    let text = run(false);
    for needle in [
        "Aether: 42 in hand, 100 earned",
        "Runs: 7 finished, 2 cleared, best wave 20",
        "Milestones: W5, W10",
        "Chain Lightning (chain_lightning), Tactical Nuke (nuke)",
        "Codex: 4 entries",
        "Fastest clear: 20:34.5",
        "1. wave 31 in 33:20.0, score 3184400",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
    assert!(!text.contains("TAMPERED") && !text.contains("Notices"), "{text}");
}

#[test]
fn broken_or_newer_records_are_kept_and_never_overwritten() {
    // Broken: kept aside with its bytes, a new list starts.
    let dir = temp_dir("records-broken");
    std::fs::write(dir.join(RECORDS_FILE), b"{\"endless\": [").unwrap();
    let saves = Saves::open(ProfileStore::new(&dir));
    assert!(saves.records.endless.is_empty());
    assert!(
        saves.notices.len() == 1 && saves.notices[0].contains("records could not be read"),
        "{:?}",
        saves.notices
    );
    let kept: Vec<String> = file_names(&dir);
    assert!(
        kept.len() == 1 && kept[0].starts_with("records.json.corrupt-"),
        "{kept:?}"
    );
    assert_eq!(std::fs::read(dir.join(&kept[0])).unwrap(), b"{\"endless\": [");
    saves.save_records().unwrap();

    // Newer: left untouched and saving refuses.
    let dir = temp_dir("records-newer");
    let newer = br#"{"schema": 7, "ghosts": []}"#;
    std::fs::write(dir.join(RECORDS_FILE), newer).unwrap();
    let mut saves = Saves::open(ProfileStore::new(&dir));
    assert!(saves.notices[0].contains("newer version"), "{:?}", saves.notices);
    saves.records.note_endless(endless(3, 60.0, 1));
    assert!(matches!(saves.save_records(), Err(StoreError::Blocked { .. })));
    assert_eq!(std::fs::read(dir.join(RECORDS_FILE)).unwrap(), newer);
    // The profile is independent: it still saves.
    saves.save_profile().unwrap();
}
