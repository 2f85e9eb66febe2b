//! Atomic files in the player's profile folder, with broken files kept aside.
//!
//! The rules a player can rely on, and why each exists:
//! - **A save is whole or absent.** Every write goes to a temporary file in
//!   the same folder (so the rename cannot cross file systems), is flushed to
//!   disk (`sync_all`), renamed over the old file (atomic on POSIX and NTFS),
//!   and then the folder itself is flushed (unix) so the rename survives a
//!   power cut. A process killed at any moment leaves either the old file or
//!   the new one, plus at worst a stray temporary file.
//! - **Temporary files are never mistaken for saves.** They are named
//!   `.NAME.tmp-PID-N` (hidden, with the writer's process id) and are removed
//!   the next time the store loads, once their writer is gone.
//! - **Nothing is deleted or overwritten silently.** A file that cannot be
//!   read is renamed to `NAME.corrupt-YYYYMMDD-HHMMSS` (UTC, `-2`, `-3`… if
//!   taken) and the load says where it went, so the caller can tell the player.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Environment variable that points the profile somewhere else (tests, a
/// portable install); `--profile DIR` on the command line wins over it.
pub const PROFILE_DIR_ENV: &str = "ARTIFICER_PROFILE_DIR";

/// The largest profile or records file read (docs/data.md#profile-files): a
/// real one is a few KiB.
pub const MAX_SAVE_BYTES: u64 = 64 << 20;

// The temporary files the atomic write leaves, for `ProfileStore::stale_temps`.
use crate::atomic::TEMP_MARK;

/// Why a save could not be written, read or a folder not used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file system refused an operation on `path`.
    #[error("{action} {path}: {source}")]
    Io {
        /// What we were doing, e.g. "writing".
        action: &'static str,
        /// The file or folder involved.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The value could not be turned into JSON (a bug, reported rather than panicking).
    #[error("encoding {path}: {source}")]
    Encode {
        /// The file we were about to write.
        path: PathBuf,
        /// The serializer's error.
        source: serde_json::Error,
    },
    /// Saving to `path` is refused because the file there must not be
    /// replaced: it was written by a newer game, or could not be read or
    /// backed up. Overwriting it would lose the player's progress.
    #[error("not saving over {path}: {reason}")]
    Blocked {
        /// The file that is protected.
        path: PathBuf,
        /// Why it is protected, in words.
        reason: String,
    },
}

/// What reading a save found.
#[derive(Debug)]
pub enum LoadOutcome<T> {
    /// No file yet: a first start.
    Missing,
    /// The file parsed.
    Loaded(T),
    /// The file was unreadable; it was renamed to `kept_at` and nothing was overwritten.
    Corrupt {
        /// Where the broken file now lives.
        kept_at: PathBuf,
        /// What was wrong with it.
        reason: String,
    },
}

/// A folder of saves (`profile.json`, `records.json`, `runs/…`).
#[derive(Debug, Clone)]
pub struct ProfileStore {
    root: PathBuf,
}

impl ProfileStore {
    /// A store in `root` (created on first write). Tests use this directly
    /// with a temporary folder.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// The player's store, first match wins: `cli_dir` (`--profile DIR`),
    /// `$ARTIFICER_PROFILE_DIR`, the platform's data folder for
    /// `arcane-artificer` (`~/.local/share/arcane-artificer` on Linux,
    /// `~/Library/Application Support/arcane-artificer` on macOS,
    /// `%APPDATA%\arcane-artificer\data` on Windows), else `./.artificer` when
    /// the platform has no home folder to offer.
    pub fn resolve(cli_dir: Option<&Path>) -> Self {
        if let Some(dir) = cli_dir {
            return Self::new(dir);
        }
        if let Some(dir) = std::env::var_os(PROFILE_DIR_ENV).filter(|d| !d.is_empty()) {
            return Self::new(PathBuf::from(dir));
        }
        if let Some(dirs) = directories::ProjectDirs::from("", "", "arcane-artificer") {
            return Self::new(dirs.data_dir());
        }
        Self::new(".artificer")
    }

    /// The folder this store writes to.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The full path of `name` inside the store.
    pub fn path(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }

    /// The bytes of `name`, or `None` when there is no such file yet. A
    /// file over [`MAX_SAVE_BYTES`] is an error, found without reading it
    /// whole: the caller leaves it in place and does not save over it.
    pub fn read(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        use std::io::Read;
        let path = self.path(name);
        let read = fs::File::open(&path).and_then(|f| {
            let mut bytes = Vec::new();
            f.take(MAX_SAVE_BYTES + 1).read_to_end(&mut bytes)?;
            if bytes.len() as u64 > MAX_SAVE_BYTES {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!(
                        "larger than {} MiB, more than a save ever holds",
                        MAX_SAVE_BYTES >> 20
                    ),
                ));
            }
            Ok(bytes)
        });
        match read {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(source) => Err(StoreError::Io {
                action: "reading",
                path,
                source,
            }),
        }
    }

    /// Reads and parses `name` as JSON. Leftover temporary files are removed
    /// first; a file that does not parse as `T` (empty, truncated, garbage,
    /// wrong type, unknown fields) is kept aside with
    /// [`ProfileStore::keep_aside`] and reported as [`LoadOutcome::Corrupt`].
    ///
    /// This is the plain loader for files without schema versions; the
    /// profile and records go through `profile::saves`, which migrates.
    pub fn load<T: DeserializeOwned>(&self, name: &str) -> Result<LoadOutcome<T>, StoreError> {
        self.remove_stale_temps();
        let Some(bytes) = self.read(name)? else {
            return Ok(LoadOutcome::Missing);
        };
        match parse_bytes::<T>(name, &bytes) {
            Ok(v) => Ok(LoadOutcome::Loaded(v)),
            Err(reason) => {
                let kept_at = self.keep_aside(name)?;
                Ok(LoadOutcome::Corrupt {
                    kept_at,
                    reason: reason.to_string(),
                })
            }
        }
    }

    /// Writes `value` as pretty JSON to `name`, atomically (see the module doc).
    pub fn save<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreError> {
        let mut json = serde_json::to_vec_pretty(value).map_err(|source| StoreError::Encode {
            path: self.path(name),
            source,
        })?;
        json.push(b'\n');
        self.save_bytes(name, &json)
    }

    /// Writes `bytes` to `name` atomically, creating subfolders (`runs/…`)
    /// as needed, through the game's one atomic write ([`crate::atomic`]).
    pub fn save_bytes(&self, name: &str, bytes: &[u8]) -> Result<(), StoreError> {
        crate::atomic::write_atomic(&self.path(name), bytes).map_err(StoreError::from)
    }

    /// Renames `name` to `name.corrupt-YYYYMMDD-HHMMSS` (UTC; `-2`, `-3`…
    /// when that name is taken) and returns the new path. Used for a file
    /// that cannot be read, so the player can recover it by hand.
    pub fn keep_aside(&self, name: &str) -> Result<PathBuf, StoreError> {
        let path = self.path(name);
        let kept_at = free_name(&self.path(&format!("{name}.corrupt-{}", utc_stamp(unix_now()))));
        fs::rename(&path, &kept_at).map_err(io_err("moving aside", &path))?;
        sync_dir(path.parent().unwrap_or(&self.root))?;
        log::warn!(
            "{} could not be read; kept it as {}",
            path.display(),
            kept_at.display()
        );
        Ok(kept_at)
    }

    /// Writes a copy of `bytes` under `name`, or `name-2`, `name-3`… when
    /// taken, and returns where it went. Used for the backup of a file before
    /// migrating it: an older backup is never replaced.
    pub fn save_copy(&self, name: &str, bytes: &[u8]) -> Result<PathBuf, StoreError> {
        let at = free_name(&self.path(name));
        let rel = at
            .strip_prefix(&self.root)
            .unwrap_or(&at)
            .to_string_lossy()
            .into_owned();
        self.save_bytes(&rel, bytes)?;
        Ok(at)
    }

    /// Temporary files left by writers that are gone (killed mid-save), in
    /// the store's folder and its direct subfolders. A temp file of a writer
    /// that is still running (Linux: its `/proc/PID` exists) is not listed.
    pub fn stale_temps(&self) -> Vec<PathBuf> {
        let mut found = Vec::new();
        let mut dirs = vec![self.root.clone()];
        if let Ok(entries) = fs::read_dir(&self.root) {
            dirs.extend(entries.flatten().map(|e| e.path()).filter(|p| p.is_dir()));
        }
        for dir in dirs {
            let Ok(entries) = fs::read_dir(&dir) else { continue };
            for e in entries.flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                if let Some(pid) = temp_writer(&name)
                    && !writer_alive(pid)
                {
                    found.push(e.path());
                }
            }
        }
        found.sort();
        found
    }

    /// Removes [`ProfileStore::stale_temps`] and returns how many went. They
    /// are unfinished copies of a save whose previous version is still in
    /// place, so nothing of the player's is lost.
    pub fn remove_stale_temps(&self) -> usize {
        self.stale_temps()
            .into_iter()
            .filter(|p| fs::remove_file(p).is_ok())
            .count()
    }
}

/// Why a save file's bytes are not the document expected, with a reason a
/// player can act on: the file name, where inside it and what is wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ParseError {
    /// Nothing but whitespace.
    #[error("{file} is empty")]
    Empty {
        /// The file's name.
        file: String,
    },
    /// Not UTF-8 text.
    #[error("{file} is not text (binary data at byte {at})")]
    NotText {
        /// The file's name.
        file: String,
        /// The first byte that is not text.
        at: usize,
    },
    /// Text, but not JSON.
    #[error("{file} is not valid JSON: {detail}")]
    NotJson {
        /// The file's name.
        file: String,
        /// The parser's words (line and column).
        detail: String,
    },
    /// JSON of the wrong shape for the whole document.
    #[error("{file}: {detail}")]
    Document {
        /// The file's name.
        file: String,
        /// What is wrong.
        detail: String,
    },
    /// JSON of the wrong shape at a path inside the document.
    #[error("{file}: at `{at}`: {detail}")]
    At {
        /// The file's name.
        file: String,
        /// The path inside the document (`records[2].wave`).
        at: String,
        /// What is wrong.
        detail: String,
    },
}

/// Parses `bytes` as `T`, with a reason a player can act on: the file name,
/// where inside it and what is wrong.
pub fn parse_bytes<T: DeserializeOwned>(name: &str, bytes: &[u8]) -> Result<T, ParseError> {
    let value = parse_value(name, bytes)?;
    from_value(name, value)
}

/// Parses `bytes` as any JSON value; the first step of a versioned load.
pub fn parse_value(name: &str, bytes: &[u8]) -> Result<serde_json::Value, ParseError> {
    let file = || name.to_string();
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ParseError::Empty { file: file() });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| ParseError::NotText {
        file: file(),
        at: e.valid_up_to(),
    })?;
    serde_json::from_str(text).map_err(|e| ParseError::NotJson {
        file: file(),
        detail: e.to_string(),
    })
}

/// Turns a JSON value into `T`, naming the path inside the document on failure.
pub fn from_value<T: DeserializeOwned>(name: &str, value: serde_json::Value) -> Result<T, ParseError> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let at = e.path().to_string();
        let (file, detail) = (name.to_string(), e.into_inner().to_string());
        if at == "." {
            ParseError::Document { file, detail }
        } else {
            ParseError::At { file, at, detail }
        }
    })
}

/// Seconds since the Unix epoch now (0 if the clock is before 1970).
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A UTC date and time from Unix seconds: `(year, month, day, hour, minute, second)`.
///
/// The calendar part is the daily run's [`crate::run::daily::Date`], the one
/// home of date arithmetic, rather than a date crate for one timestamp in a
/// file name.
pub fn utc_civil(unix_secs: u64) -> (i64, u32, u32, u32, u32, u32) {
    let date = crate::run::daily::Date::from_days((unix_secs / 86_400) as i64);
    let rem = unix_secs % 86_400;
    (
        i64::from(date.year),
        date.month,
        date.day,
        (rem / 3600) as u32,
        (rem % 3600 / 60) as u32,
        (rem % 60) as u32,
    )
}

/// `YYYYMMDD-HHMMSS` in UTC, the stamp of a kept-aside file.
pub fn utc_stamp(unix_secs: u64) -> String {
    let (y, mo, d, h, mi, s) = utc_civil(unix_secs);
    format!("{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}")
}

/// `path`, or `path-2`, `path-3`… whichever does not exist yet.
fn free_name(path: &Path) -> PathBuf {
    if !path.exists() {
        return path.to_path_buf();
    }
    (2u32..)
        .map(|n| {
            let mut s = path.as_os_str().to_os_string();
            s.push(format!("-{n}"));
            PathBuf::from(s)
        })
        .find(|p| !p.exists())
        .expect("an unbounded range always has a free name")
}

/// The writer's process id if `file_name` is one of our temporary files.
fn temp_writer(file_name: &str) -> Option<u32> {
    if !file_name.starts_with('.') {
        return None;
    }
    let (_, tail) = file_name.rsplit_once(TEMP_MARK)?;
    let (pid, counter) = tail.split_once('-')?;
    counter.parse::<u64>().ok()?;
    pid.parse().ok()
}

/// Whether process `pid` may still be writing. Our own process always is;
/// on Linux, `/proc/PID` tells; elsewhere a writer is assumed gone, so at
/// worst a concurrent writer's rename fails and it reports an error (its
/// target file is untouched).
fn writer_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let proc_root = Path::new("/proc");
    proc_root.join("self").exists() && proc_root.join(pid.to_string()).exists()
}

fn io_err(action: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> StoreError {
    let path = path.to_path_buf();
    move |source| StoreError::Io { action, path, source }
}

/// Flushes a folder's entries (a rename) to disk, as [`crate::atomic`] does.
fn sync_dir(dir: &Path) -> Result<(), StoreError> {
    crate::atomic::sync_dir(dir).map_err(StoreError::from)
}

impl From<crate::atomic::WriteError> for StoreError {
    fn from(e: crate::atomic::WriteError) -> Self {
        StoreError::Io {
            action: e.action,
            path: e.path,
            source: e.source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Serialize, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Doc {
        n: u32,
    }

    fn temp_store(tag: &str) -> ProfileStore {
        let dir = std::env::temp_dir().join(format!("artificer-store-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        ProfileStore::new(dir)
    }

    #[test]
    fn round_trip_and_missing() {
        let s = temp_store("rt");
        assert!(matches!(s.load::<Doc>("a.json").unwrap(), LoadOutcome::Missing));
        s.save("a.json", &Doc { n: 7 }).unwrap();
        s.save("a.json", &Doc { n: 8 }).unwrap();
        match s.load::<Doc>("a.json").unwrap() {
            LoadOutcome::Loaded(d) => assert_eq!(d, Doc { n: 8 }),
            other => panic!("expected a loaded doc, got {other:?}"),
        }
        // No temp file is left behind.
        let names: Vec<_> = fs::read_dir(s.root())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        let _ = fs::remove_dir_all(s.root());
    }

    #[test]
    fn bytes_go_into_subfolders() {
        let s = temp_store("bytes");
        s.save_bytes("runs/r1/replay.txt", b"hello").unwrap();
        assert_eq!(fs::read(s.path("runs/r1/replay.txt")).unwrap(), b"hello");
        let _ = fs::remove_dir_all(s.root());
    }

    #[test]
    fn corrupt_file_is_kept_aside_with_a_timestamp() {
        let s = temp_store("bad");
        fs::create_dir_all(s.root()).unwrap();
        fs::write(s.root().join("a.json"), b"{\"n\": \"seven\"}").unwrap();
        let kept = match s.load::<Doc>("a.json").unwrap() {
            LoadOutcome::Corrupt { kept_at, reason } => {
                assert!(reason.contains("a.json") && reason.contains("`n`"), "{reason}");
                kept_at
            }
            other => panic!("expected corrupt, got {other:?}"),
        };
        assert_eq!(fs::read(&kept).unwrap(), b"{\"n\": \"seven\"}");
        let kept_name = kept.file_name().unwrap().to_string_lossy().into_owned();
        assert!(kept_name.starts_with("a.json.corrupt-20"), "{kept_name}");
        assert!(!s.root().join("a.json").exists());
        // A second corrupt file in the same second gets its own name.
        fs::write(s.root().join("a.json"), b"[]").unwrap();
        match s.load::<Doc>("a.json").unwrap() {
            LoadOutcome::Corrupt { kept_at, .. } => {
                assert_ne!(kept_at, kept);
                assert_eq!(fs::read(&kept_at).unwrap(), b"[]");
                assert_eq!(fs::read(&kept).unwrap(), b"{\"n\": \"seven\"}");
            }
            other => panic!("expected corrupt, got {other:?}"),
        }
        let _ = fs::remove_dir_all(s.root());
    }

    #[test]
    fn civil_dates_match_known_days() {
        assert_eq!(utc_civil(0), (1970, 1, 1, 0, 0, 0));
        // 2000-02-29 12:34:56 UTC, a leap day in a century leap year.
        assert_eq!(utc_civil(951_827_696), (2000, 2, 29, 12, 34, 56));
        // 2026-12-01 08:15:00 UTC.
        assert_eq!(utc_stamp(1_796_112_900), "20261201-081500");
        // 2100-03-01: 2100 is not a leap year.
        assert_eq!(utc_civil(4_107_542_400), (2100, 3, 1, 0, 0, 0));
    }

    #[test]
    fn stale_temps_of_dead_writers_are_found_and_removed() {
        let s = temp_store("temps");
        fs::create_dir_all(s.path("runs")).unwrap();
        // A pid far above Linux's pid_max: certainly no running process.
        let dead = s.path(".profile.json.tmp-4000000000-3");
        let dead_sub = s.path("runs/.shot.png.tmp-4000000000-0");
        let ours = s.path(&format!(".profile.json.tmp-{}-9", std::process::id()));
        let save = s.path("profile.json");
        for p in [&dead, &dead_sub, &ours, &save] {
            fs::write(p, b"{").unwrap();
        }
        assert_eq!(s.stale_temps(), vec![dead.clone(), dead_sub.clone()]);
        assert_eq!(s.remove_stale_temps(), 2);
        assert!(!dead.exists() && !dead_sub.exists());
        assert!(ours.exists() && save.exists());
        let _ = fs::remove_dir_all(s.root());
    }

    #[test]
    fn resolve_prefers_the_command_line() {
        let s = ProfileStore::resolve(Some(Path::new("/somewhere/else")));
        assert_eq!(s.root(), Path::new("/somewhere/else"));
    }
}
