//! Everything in `data/`, loaded and cross-checked as one unit.
//!
//! Each rule system owns the types of its files and a `load` function that
//! appends every problem it finds to a shared list; [`Catalog::load`] returns
//! the catalogue only when that list is empty, so the game never starts with
//! half of its data.

use std::path::Path;

use crate::data::{DataError, DataErrors};

/// All game content. Systems read it; nothing mutates it after load.
#[derive(Debug, Clone)]
pub struct Catalog {
    // Each system adds its own field here, e.g. `pub spells: crate::vm::SpellBook`.
}

impl Catalog {
    /// Loads every data file under `root` and checks cross-references.
    ///
    /// On failure, every problem found is returned, not only the first, so a
    /// designer can fix a batch of mistakes in one pass.
    pub fn load(root: &Path) -> Result<Catalog, DataErrors> {
        let mut errors: Vec<DataError> = Vec::new();
        if !root.is_dir() {
            errors.push(DataError::new(
                root,
                ".",
                "the data folder does not exist (set ARTIFICER_DATA?)",
            ));
        }
        // Systems append their loaders here, each pushing to `errors`.
        if errors.is_empty() {
            Ok(Catalog {})
        } else {
            Err(DataErrors(errors))
        }
    }
}
