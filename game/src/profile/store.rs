//! Atomic JSON files in the user's data folder, with corrupt files kept aside.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Why a save could not be written or a folder not used.
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

/// A folder of JSON saves.
#[derive(Debug, Clone)]
pub struct ProfileStore {
    root: PathBuf,
}

impl ProfileStore {
    /// A store in `root` (created on first write).
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// The user's store: `$ARTIFICER_HOME`, else `$XDG_DATA_HOME/arcane-artificer`,
    /// else `~/.local/share/arcane-artificer`, else `./.artificer`.
    pub fn user_default() -> Self {
        if let Some(p) = std::env::var_os("ARTIFICER_HOME") {
            return Self::new(PathBuf::from(p));
        }
        if let Some(p) = std::env::var_os("XDG_DATA_HOME") {
            return Self::new(PathBuf::from(p).join("arcane-artificer"));
        }
        if let Some(home) = std::env::var_os("HOME") {
            return Self::new(PathBuf::from(home).join(".local/share/arcane-artificer"));
        }
        Self::new(".artificer")
    }

    /// The folder this store writes to.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Reads `name` (e.g. `profile.json`). A broken file is renamed to
    /// `name.corrupt-N` (the first free N) and reported; it is never deleted.
    pub fn load<T: DeserializeOwned>(&self, name: &str) -> Result<LoadOutcome<T>, StoreError> {
        let path = self.root.join(name);
        let text = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(LoadOutcome::Missing),
            Err(e) => {
                return Err(StoreError::Io {
                    action: "reading",
                    path,
                    source: e,
                });
            }
        };
        let parsed = std::str::from_utf8(&text)
            .map_err(|e| e.to_string())
            .and_then(|s| crate::data::parse_json::<T>(Path::new(name), s).map_err(|e| e.to_string()));
        match parsed {
            Ok(v) => Ok(LoadOutcome::Loaded(v)),
            Err(reason) => {
                let kept_at = self.free_corrupt_name(name);
                fs::rename(&path, &kept_at).map_err(|e| StoreError::Io {
                    action: "moving aside",
                    path: path.clone(),
                    source: e,
                })?;
                log::warn!(
                    "{} was unreadable ({reason}); kept it as {}",
                    path.display(),
                    kept_at.display()
                );
                Ok(LoadOutcome::Corrupt { kept_at, reason })
            }
        }
    }

    /// Writes `value` to `name` atomically: a temp file in the same folder,
    /// flushed to disk, then renamed over the old file.
    pub fn save<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreError> {
        let path = self.root.join(name);
        let io = |action: &'static str, p: &Path| {
            let p = p.to_path_buf();
            move |source| StoreError::Io {
                action,
                path: p,
                source,
            }
        };
        fs::create_dir_all(&self.root).map_err(io("creating", &self.root))?;
        let json = serde_json::to_vec_pretty(value).map_err(|source| StoreError::Encode {
            path: path.clone(),
            source,
        })?;
        let tmp = self.root.join(format!(".{name}.tmp-{}", std::process::id()));
        let mut f = fs::File::create(&tmp).map_err(io("creating", &tmp))?;
        f.write_all(&json).map_err(io("writing", &tmp))?;
        f.sync_all().map_err(io("syncing", &tmp))?;
        drop(f);
        fs::rename(&tmp, &path).map_err(io("renaming into place", &path))?;
        Ok(())
    }

    fn free_corrupt_name(&self, name: &str) -> PathBuf {
        (1..)
            .map(|n| self.root.join(format!("{name}.corrupt-{n}")))
            .find(|p| !p.exists())
            .expect("an unbounded range always has a free name")
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
        match s.load::<Doc>("a.json").unwrap() {
            LoadOutcome::Loaded(d) => assert_eq!(d, Doc { n: 7 }),
            other => panic!("expected a loaded doc, got {other:?}"),
        }
        // No temp file is left behind.
        let names: Vec<_> = fs::read_dir(s.root())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    #[test]
    fn corrupt_file_is_kept_aside_not_overwritten() {
        let s = temp_store("bad");
        fs::create_dir_all(s.root()).unwrap();
        fs::write(s.root().join("a.json"), b"{\"n\": \"seven\"").unwrap();
        let kept = match s.load::<Doc>("a.json").unwrap() {
            LoadOutcome::Corrupt { kept_at, reason } => {
                assert!(reason.contains("a.json"), "{reason}");
                kept_at
            }
            other => panic!("expected corrupt, got {other:?}"),
        };
        assert_eq!(fs::read(&kept).unwrap(), b"{\"n\": \"seven\"");
        assert!(!s.root().join("a.json").exists());
        // A second corrupt file gets its own name.
        fs::write(s.root().join("a.json"), b"[]").unwrap();
        match s.load::<Doc>("a.json").unwrap() {
            LoadOutcome::Corrupt { kept_at, .. } => assert_ne!(kept_at, kept),
            other => panic!("expected corrupt, got {other:?}"),
        }
    }
}
