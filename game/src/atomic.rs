//! The one way the game writes a file it must not leave half-written: a
//! profile save, a replay, an exported replay, the unpacked data's marker.
//!
//! The bytes go to a temporary file in the target's own folder (so the
//! rename never crosses file systems), named `.NAME.tmp-PID-N` (hidden, with
//! the writer's process id, so a later load can tell a dead writer's leftover
//! from a live one's); the file is flushed to disk (`sync_all`), renamed over
//! the target (atomic on POSIX and NTFS), and then the folder itself is
//! flushed where the OS allows it (unix), so the rename survives a power cut.
//! A process killed at any moment leaves the old file or the new one, and at
//! worst a stray temporary file.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Marker inside a temporary file's name (`.NAME.tmp-PID-N`); what a store
/// looks for to clear a dead writer's leftovers.
pub const TEMP_MARK: &str = ".tmp-";

/// Which step of an atomic write failed, on which path.
#[derive(Debug, thiserror::Error)]
#[error("{action} {path}: {source}")]
pub struct WriteError {
    /// What was being done, e.g. "syncing".
    pub action: &'static str,
    /// The file or folder involved.
    pub path: PathBuf,
    /// The file system's error.
    pub source: std::io::Error,
}

fn step(action: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> WriteError {
    let path = path.to_path_buf();
    move |source| WriteError { action, path, source }
}

/// Writes `bytes` to `path` whole or not at all, creating its folder if
/// needed (see the module docs for the steps and why each is there).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| WriteError {
            action: "naming",
            path: path.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidInput, "a file to write needs a name"),
        })?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(step("creating", &dir))?;
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{file_name}{TEMP_MARK}{}-{n}", std::process::id()));
    let written = (|| {
        let mut f = fs::File::create(&tmp).map_err(step("creating", &tmp))?;
        f.write_all(bytes).map_err(step("writing", &tmp))?;
        f.sync_all().map_err(step("syncing", &tmp))?;
        drop(f);
        fs::rename(&tmp, path).map_err(step("renaming into place", path))
    })();
    if written.is_err() {
        // Our own temporary file, never the target: removing it loses nothing.
        let _ = fs::remove_file(&tmp);
    }
    written?;
    sync_dir(&dir)
}

/// Flushes a folder's entries (a rename into it) to disk. Only unix can open
/// a folder for this; elsewhere the rename is as durable as the OS makes it.
pub fn sync_dir(dir: &Path) -> Result<(), WriteError> {
    #[cfg(unix)]
    {
        let d = fs::File::open(dir).map_err(step("opening folder", dir))?;
        d.sync_all().map_err(step("syncing folder", dir))?;
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("artificer-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    /// A write lands whole, replaces the old content, creates a missing
    /// folder, and leaves no temporary file behind.
    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_no_temp() {
        let dir = scratch("replace");
        let path = dir.join("sub").join("save.json");
        write_atomic(&path, b"first").expect("first write");
        write_atomic(&path, b"second, longer").expect("second write");
        assert_eq!(fs::read(&path).unwrap(), b"second, longer");
        let names: Vec<String> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["save.json"], "only the target is left");
        let _ = fs::remove_dir_all(&dir);
    }

    /// A write that cannot land (the target is a folder) keeps what was
    /// there, says which step failed, and removes its temporary file.
    #[test]
    fn a_failed_write_keeps_the_old_target_and_removes_its_temp() {
        let dir = scratch("fail");
        let target = dir.join("taken");
        fs::create_dir_all(target.join("inside")).unwrap();
        let e = write_atomic(&target, b"bytes").expect_err("a folder is not replaced by a file");
        assert_eq!(e.action, "renaming into place");
        assert_eq!(e.path, target);
        assert!(target.join("inside").is_dir(), "the old target is untouched");
        let left: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(TEMP_MARK))
            .collect();
        assert!(left.is_empty(), "temporary files left: {left:?}");
        let _ = fs::remove_dir_all(&dir);
    }

    /// A path with no file name is refused in words, before anything is made.
    #[test]
    fn a_path_without_a_file_name_is_refused() {
        let e = write_atomic(Path::new("/"), b"x").expect_err("no name");
        assert_eq!(e.action, "naming");
        assert!(e.to_string().contains("needs a name"), "{e}");
    }
}
