//! Loading the JSON content in `data/`.
//!
//! Every file is parsed with unknown fields rejected (`#[serde(deny_unknown_fields)]`
//! on the types) and through `serde_path_to_error`, so a broken file is reported
//! with the file, the path inside it and what is wrong. Cross-references are
//! checked after everything is parsed; the game never starts half-loaded:
//! [`crate::catalog::Catalog::load`] returns either everything or every problem.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

pub mod limits;
pub mod ranges;
pub mod source;
pub mod words;

pub use source::{DataSource, set_data_dir};

/// One problem found in the data: which file, where inside it, and what is wrong.
///
/// Designers fix data from this message alone, so it must name all three.
#[derive(Debug, Clone, PartialEq)]
pub struct DataError {
    /// The file, as given to the loader (usually relative to the data root).
    pub file: PathBuf,
    /// Path inside the document, in `serde_path_to_error` notation (`spells[3].mana`), or
    /// `.` for the whole document.
    pub path: String,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: at `{}`: {}", self.file.display(), self.path, self.message)
    }
}

impl std::error::Error for DataError {}

impl DataError {
    /// A problem that is not a parse error, e.g. a dangling cross-reference.
    pub fn new(file: impl Into<PathBuf>, path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            file: file.into(),
            path: path.into(),
            message: message.into(),
        }
    }
}

/// Every problem found in one load, so `artificer data check` can report them all at once.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DataErrors(pub Vec<DataError>);

impl fmt::Display for DataErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} problem(s) in the game data:", self.0.len())?;
        for e in &self.0 {
            writeln!(f, "  {e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DataErrors {}

/// Parses `text` as `T`, reporting errors against `file` with the path inside the document.
pub fn parse_json<T: DeserializeOwned>(file: &Path, text: &str) -> Result<T, DataError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        DataError::new(file, path, inner.to_string())
    })
}

thread_local! {
    /// The files [`load_json`] read on this thread while [`files_read`] listens.
    static READ: std::cell::RefCell<Option<Vec<String>>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` and returns its result with the data files (relative to the data
/// folder) that [`load_json`] was asked to read meanwhile on this thread,
/// sorted, each once. The data checksum covers exactly these, so it follows
/// what the loaders read instead of a list kept by hand.
pub fn files_read<T>(f: impl FnOnce() -> T) -> (T, Vec<String>) {
    let outer = READ.with(|r| r.borrow_mut().replace(Vec::new()));
    let out = f();
    let mut files = READ
        .with(|r| std::mem::replace(&mut *r.borrow_mut(), outer))
        .unwrap_or_default();
    READ.with(|r| {
        if let Some(o) = r.borrow_mut().as_mut() {
            o.extend(files.iter().cloned());
        }
    });
    files.sort();
    files.dedup();
    (out, files)
}

/// Reads and parses one file. `root` is the data folder, `rel` the file inside it;
/// errors name `rel` so messages stay short and portable.
pub fn load_json<T: DeserializeOwned>(root: &Path, rel: &str) -> Result<T, DataError> {
    READ.with(|r| {
        if let Some(files) = r.borrow_mut().as_mut() {
            files.push(rel.to_string());
        }
    });
    let full = root.join(rel);
    let text = read_bounded(&full, MAX_DATA_FILE_BYTES)
        .map_err(|e| DataError::new(rel, ".", format!("cannot read {}: {e}", full.display())))?;
    // Ranges first (docs/data.md#ranges): a number outside its range is
    // named as such even where the type would also refuse it.
    // Then the words a player reads (docs/data.md#words).
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(&text)
        && let Some(e) =
            ranges::check(Path::new(rel), &value).or_else(|| words::check(Path::new(rel), &value))
    {
        return Err(e);
    }
    parse_json(Path::new(rel), &text)
}

/// The largest data file read (docs/data.md#ranges): the shipped ones are
/// under 100 KiB; a bigger one is a mistake, refused before it is read whole.
pub const MAX_DATA_FILE_BYTES: u64 = 16 << 20;

/// Reads `path` as UTF-8 text, refusing it once it passes `max` bytes
/// without reading further (`/dev/zero`, a runaway file). Used for the
/// data files and build files a player or a modder hands the game (replays
/// and profile files have their own bounded reads).
pub fn read_bounded(path: &Path, max: u64) -> std::io::Result<String> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("larger than {} MiB, the most this file may hold", max >> 20),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (binary data at byte {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// The data folder this process loads: `--data DIR`, else `$ARTIFICER_DATA`,
/// else the binary's embedded copy of `data/` (see [`source`]).
pub fn default_root() -> PathBuf {
    source::source().root().to_path_buf()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        #[expect(dead_code, reason = "only parsed")]
        mana: f32,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Doc {
        #[expect(dead_code, reason = "only parsed")]
        spells: Vec<Inner>,
    }

    #[test]
    fn error_names_file_and_path() {
        let err = parse_json::<Doc>(
            Path::new("spells.json"),
            r#"{"spells":[{"mana":1},{"mana":"x"}]}"#,
        )
        .unwrap_err();
        assert_eq!(err.file, PathBuf::from("spells.json"));
        assert_eq!(err.path, "spells[1].mana");
        assert!(err.message.contains("invalid type"), "{}", err.message);
    }

    #[test]
    fn unknown_field_is_rejected() {
        let err = parse_json::<Doc>(Path::new("s.json"), r#"{"spells":[{"mana":1,"manna":2}]}"#).unwrap_err();
        assert!(err.message.contains("unknown field `manna`"), "{}", err.message);
        assert_eq!(err.path, "spells[0].manna");
    }
}
