//! [`SpellBook`]: every valid chip, indexed by [`SpellIdx`] and by id. Built
//! from a parsed file, keeping only the chips that pass `check`; separate from
//! the data types because it is the loaded, queryable form of them.

use std::collections::HashMap;
use std::path::Path;

use super::check::check_spell;
use super::{SpellDef, SpellIdx, SpellsFile};
use crate::data::DataError;

/// Every chip, indexed by [`SpellIdx`] and by id.
#[derive(Debug, Clone, Default)]
pub struct SpellBook {
    spells: Vec<SpellDef>,
    by_id: HashMap<String, SpellIdx>,
}

impl SpellBook {
    /// Checks a parsed file, pushing every problem; the book holds the valid chips.
    /// Each description's placeholders are filled from the chip's data here
    /// (docs/data.md#words), so every reader of the book reads the numbers.
    pub fn from_file(file: &Path, parsed: SpellsFile, errors: &mut Vec<DataError>) -> SpellBook {
        let mut book = SpellBook::default();
        for (i, mut s) in parsed.spells.into_iter().enumerate() {
            let at = format!("spells[{i}]");
            let before = errors.len();
            check_spell(file, &at, &s, errors);
            match super::words::fill(&s) {
                Ok(text) => s.description = text,
                Err(why) => errors.push(DataError::new(file, format!("{at}.description"), why)),
            }
            if book.by_id.contains_key(&s.id) {
                errors.push(DataError::new(
                    file,
                    format!("{at}.id"),
                    format!("duplicate id `{}`", s.id),
                ));
            }
            if errors.len() == before {
                let idx = SpellIdx(book.spells.len() as u32);
                book.by_id.insert(s.id.clone(), idx);
                book.spells.push(s);
            }
        }
        book
    }

    /// The chip at `idx`. Indices come from this book, so they are always valid.
    pub fn get(&self, idx: SpellIdx) -> &SpellDef {
        &self.spells[idx.0 as usize]
    }

    /// Looks up a chip by id.
    pub fn find(&self, id: &str) -> Option<SpellIdx> {
        self.by_id.get(id).copied()
    }

    /// Number of chips.
    pub fn len(&self) -> usize {
        self.spells.len()
    }

    /// True when the book is empty.
    pub fn is_empty(&self) -> bool {
        self.spells.is_empty()
    }

    /// All chips in file order.
    pub fn iter(&self) -> impl Iterator<Item = (SpellIdx, &SpellDef)> {
        self.spells
            .iter()
            .enumerate()
            .map(|(i, s)| (SpellIdx(i as u32), s))
    }
}
