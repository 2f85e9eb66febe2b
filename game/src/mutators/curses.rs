//! Curse waves (the unlock tree's 50-aether challenge mode, `data/curses.json`):
//! a curse is a named set of [`Rule`]s held for every wave of a run. The
//! player picks one on the title before the run; the replay header records
//! its id, so a curse run replays under the same rules.

use std::collections::BTreeSet;
use std::path::Path;

use serde::Deserialize;

use super::Rule;
use crate::data::{DataError, load_json};

/// The file the curses are read from, relative to the data folder.
pub const CURSES_FILE: &str = "curses.json";

/// One curse.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CurseDef {
    /// Stable id (replay headers, `sim --curse`).
    pub id: String,
    /// What the player reads.
    pub name: String,
    /// One line on what the run becomes.
    pub description: String,
    /// The rules it holds (at least one; a curse changes a rule, not only a number).
    pub rules: Vec<Rule>,
}

/// Every curse, in the order the title lists them.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CurseBook {
    /// The curses.
    pub curses: Vec<CurseDef>,
}

impl CurseBook {
    /// Reads and checks `curses.json`; each problem is pushed to `errors`
    /// with the file and the path inside it.
    pub fn load(root: &Path, errors: &mut Vec<DataError>) -> Option<Self> {
        let book: CurseBook = match load_json(root, CURSES_FILE) {
            Ok(b) => b,
            Err(e) => {
                errors.push(e);
                return None;
            }
        };
        let before = errors.len();
        let mut seen = BTreeSet::new();
        for (i, c) in book.curses.iter().enumerate() {
            let at = |field: &str| format!("curses[{i}].{field}");
            if c.id.trim().is_empty() {
                errors.push(DataError::new(CURSES_FILE, at("id"), "missing an id"));
            } else if !seen.insert(c.id.as_str()) {
                errors.push(DataError::new(
                    CURSES_FILE,
                    at("id"),
                    format!("`{}` appears twice", c.id),
                ));
            }
            if c.name.trim().is_empty() {
                errors.push(DataError::new(CURSES_FILE, at("name"), "missing a display name"));
            }
            if c.description.trim().is_empty() {
                errors.push(DataError::new(
                    CURSES_FILE,
                    at("description"),
                    "missing a description",
                ));
            }
            if c.rules.is_empty() {
                errors.push(DataError::new(
                    CURSES_FILE,
                    at("rules"),
                    "a curse holds at least one rule",
                ));
            }
        }
        (errors.len() == before).then_some(book)
    }

    /// The curse with id `id`.
    pub fn find(&self, id: &str) -> Option<&CurseDef> {
        self.curses.iter().find(|c| c.id == id)
    }

    /// Every curse, in file order.
    pub fn all(&self) -> &[CurseDef] {
        &self.curses
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curses_load_and_each_changes_a_rule() {
        let mut errors = Vec::new();
        let book = CurseBook::load(&crate::data::default_root(), &mut errors).expect("curses load");
        assert!(errors.is_empty(), "{errors:?}");
        assert!(book.all().len() >= 5, "at least five curses");
        assert!(book.all().iter().all(|c| !c.rules.is_empty()));
        assert_eq!(
            book.find("hydra").map(|c| c.rules.clone()),
            Some(vec![Rule::Split])
        );
    }

    #[test]
    fn an_unknown_rule_names_the_file_and_the_place() {
        let dir = std::env::temp_dir().join(format!("artificer-curses-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join(CURSES_FILE),
            r#"{"curses":[{"id":"x","name":"X","description":"d","rules":["gravity"]}]}"#,
        )
        .unwrap();
        let mut errors = Vec::new();
        assert!(CurseBook::load(&dir, &mut errors).is_none());
        let text = format!("{}", errors[0]);
        assert!(text.contains("curses.json"), "{text}");
        assert!(text.contains("gravity"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
