//! Where the data comes from: `--data DIR`, else `$ARTIFICER_DATA`, else
//! the copy of `data/` embedded in the binary when it was built.
//!
//! The embedded copy is the default, so the binary runs from any folder and
//! on a machine without the source tree. The loaders read files from a
//! folder (and modders and balancers edit one), so on first use the
//! embedded files are unpacked once into the user's cache folder
//! (`~/.cache/arcane-artificer/data-<hash>/` on Linux, the platform's cache
//! folder elsewhere, the temp folder when there is none), named by the hash
//! of their content so two builds never share a folder. The unpacking is
//! atomic: files go to a folder of this process's own, which is renamed into
//! place; a copy is used only once its `.ok` marker (beside the folder, so
//! the data itself stays byte for byte the source's) exists.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_data.rs"));
}

/// Which data a run loads, for `data check`, the overlay and logs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DataSource {
    /// `--data DIR`.
    Flag(PathBuf),
    /// `$ARTIFICER_DATA`.
    Env(PathBuf),
    /// The binary's own copy, unpacked at `dir`.
    Embedded {
        /// Content hash of the embedded files.
        hash: &'static str,
        /// Where they were unpacked.
        dir: PathBuf,
    },
}

impl DataSource {
    /// The folder the loaders read.
    pub fn root(&self) -> &Path {
        match self {
            DataSource::Flag(p) | DataSource::Env(p) => p,
            DataSource::Embedded { dir, .. } => dir,
        }
    }

    /// A few words naming it (the overlay).
    pub fn short(&self) -> String {
        match self {
            DataSource::Flag(p) => format!("--data {}", p.display()),
            DataSource::Env(p) => format!("$ARTIFICER_DATA {}", p.display()),
            DataSource::Embedded { hash, .. } => format!("embedded {}", &hash[..8.min(hash.len())]),
        }
    }

    /// One line naming it.
    pub fn describe(&self) -> String {
        match self {
            DataSource::Flag(p) => format!("{} (--data)", p.display()),
            DataSource::Env(p) => format!("{} ($ARTIFICER_DATA)", p.display()),
            DataSource::Embedded { hash, dir } => {
                format!("embedded in the binary ({hash}, unpacked at {})", dir.display())
            }
        }
    }
}

static FLAG: OnceLock<PathBuf> = OnceLock::new();
static SOURCE: OnceLock<DataSource> = OnceLock::new();

/// `--data DIR`: this process loads its data from `dir` (call before
/// anything loads; later calls are ignored).
pub fn set_data_dir(dir: PathBuf) {
    if FLAG.set(dir).is_err() {
        log::warn!("--data was set twice; the first one holds");
    }
}

/// The data this process loads (decided once).
pub fn source() -> &'static DataSource {
    SOURCE.get_or_init(|| {
        if let Some(p) = FLAG.get() {
            return DataSource::Flag(p.clone());
        }
        if let Some(p) = std::env::var_os("ARTIFICER_DATA") {
            return DataSource::Env(PathBuf::from(p));
        }
        let dir = unpack_into_cache();
        log::info!("data: embedded {} at {}", embedded::HASH, dir.display());
        DataSource::Embedded {
            hash: embedded::HASH,
            dir,
        }
    })
}

/// Unpacks the embedded files under the cache folder (or the temp folder)
/// and returns where; with neither writable, `data` in the current folder.
fn unpack_into_cache() -> PathBuf {
    let mut bases = Vec::new();
    if let Some(dirs) = directories::ProjectDirs::from("", "", "arcane-artificer") {
        bases.push(dirs.cache_dir().to_path_buf());
    }
    bases.push(std::env::temp_dir().join("arcane-artificer"));
    for base in bases {
        match unpack(&base, embedded::HASH, embedded::FILES) {
            Ok(dir) => return dir,
            Err(e) => log::warn!("cannot unpack the embedded data under {}: {e}", base.display()),
        }
    }
    log::error!("the embedded data could not be unpacked anywhere; reading ./data");
    PathBuf::from("data")
}

/// Unpacks `files` into `base/data-<hash>` unless a complete copy is there.
pub fn unpack(base: &Path, hash: &str, files: &[(&str, &[u8])]) -> std::io::Result<PathBuf> {
    let dir = base.join(format!("data-{hash}"));
    let ok = base.join(format!("data-{hash}.ok"));
    if ok.is_file() && dir.is_dir() {
        return Ok(dir);
    }
    fs::create_dir_all(base)?;
    let tmp = base.join(format!("data-{hash}.{}.tmp", std::process::id()));
    if tmp.exists() {
        fs::remove_dir_all(&tmp)?;
    }
    for (rel, bytes) in files {
        let path = tmp.join(rel);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(&path, bytes)?;
    }
    if dir.exists() && !ok.is_file() {
        // A copy left half-made by a process that died: replace it.
        let _ = fs::remove_dir_all(&dir);
    }
    match fs::rename(&tmp, &dir) {
        Ok(()) => {}
        // Another process won the race with the same content.
        Err(_) if dir.is_dir() => {
            let _ = fs::remove_dir_all(&tmp);
        }
        Err(e) => return Err(e),
    }
    // The marker says the copy is whole: it lands whole or not at all.
    crate::atomic::write_atomic(&ok, hash.as_bytes()).map_err(|e| e.source)?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_files_unpack_byte_for_byte_once() {
        let base = std::env::temp_dir().join(format!("artificer-unpack-{}", std::process::id()));
        let _ = fs::remove_dir_all(&base);
        let dir = unpack(&base, embedded::HASH, embedded::FILES).expect("unpacks");
        for (rel, bytes) in embedded::FILES {
            assert_eq!(&fs::read(dir.join(rel)).expect("file"), bytes, "{rel}");
        }
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/balance.json");
        assert_eq!(
            fs::read(dir.join("balance.json")).ok(),
            fs::read(source).ok(),
            "the build's data"
        );
        // A second call finds the complete copy and writes nothing.
        fs::write(dir.join("balance.json"), b"edited").expect("write");
        let again = unpack(&base, embedded::HASH, embedded::FILES).expect("found");
        assert_eq!(again, dir);
        assert_eq!(fs::read(again.join("balance.json")).expect("file"), b"edited");
        let _ = fs::remove_dir_all(&base);
    }
}
