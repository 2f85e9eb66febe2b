//! The codex's words, as data: the design intent of every entry
//! (`data/codex/intents.json`) and the alchemy log's flavour text for every
//! reaction (`data/codex/alchemy.json`).
//!
//! Both are written by a designer, so both are checked as strictly as the
//! rules' own files: a missing, empty or unknown key is a [`DataError`] that
//! names the file and the key, never a blank line on the codex screen.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::combat::ReactionKind;
use crate::data::DataError;

/// Where the design intents live, relative to the data root.
pub const INTENTS_FILE: &str = "codex/intents.json";
/// Where the alchemy log lives, relative to the data root.
pub const ALCHEMY_FILE: &str = "codex/alchemy.json";

/// `data/codex/intents.json`: one sentence or two of design intent per entry,
/// keyed by section and then by the entry's id. The section keys are the
/// field names of [`crate::profile::Codex`], so one id means the same thing in
/// the profile and here.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IntentsFile {
    /// Spell chips, by chip id.
    pub spells: BTreeMap<String, String>,
    /// Cores, by core id.
    pub cores: BTreeMap<String, String>,
    /// Enemy archetypes and elites, by enemy id.
    pub enemies: BTreeMap<String, String>,
    /// Bosses, by boss id.
    pub bosses: BTreeMap<String, String>,
    /// Elemental reactions, by [`crate::codex::reaction_id`].
    pub reactions: BTreeMap<String, String>,
    /// Resonance recipes, by recipe id.
    pub recipes: BTreeMap<String, String>,
    /// Item bases, by base id.
    pub items: BTreeMap<String, String>,
    /// Artifacts, by artifact id.
    pub artifacts: BTreeMap<String, String>,
}

/// One page of the alchemy log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlchemyText {
    /// The reaction's display name ("Oil Blast"): the combat code only knows
    /// its snake_case id, and players never see ids.
    pub name: String,
    /// A few words for the in-fight toast, after the name.
    pub toast: String,
    /// The flavour text the first trigger unlocks.
    pub text: String,
}

/// `data/codex/alchemy.json`: a page for every [`ReactionKind`], keyed by
/// [`crate::codex::reaction_id`].
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlchemyFile {
    /// Pages by reaction id.
    pub reactions: BTreeMap<String, AlchemyText>,
}

impl AlchemyFile {
    /// The page of `kind`, if the file has one.
    pub fn page(&self, kind: ReactionKind) -> Option<&AlchemyText> {
        self.reactions.get(kind.name())
    }

    /// Pushes an error for every reaction without a full page and every page
    /// that names no reaction (a typo would otherwise hide a page for good).
    pub fn check(&self, errors: &mut Vec<DataError>) {
        for kind in ReactionKind::ALL {
            let id = kind.name();
            match self.reactions.get(id) {
                None => errors.push(DataError::new(
                    ALCHEMY_FILE,
                    format!("reactions.{id}"),
                    format!("no alchemy-log page for the reaction `{id}`"),
                )),
                Some(page) => {
                    for (field, value) in [("name", &page.name), ("toast", &page.toast), ("text", &page.text)]
                    {
                        if value.trim().is_empty() {
                            errors.push(DataError::new(
                                ALCHEMY_FILE,
                                format!("reactions.{id}.{field}"),
                                "must not be empty",
                            ));
                        }
                    }
                }
            }
        }
        for id in self.reactions.keys() {
            if !ReactionKind::ALL.iter().any(|k| k.name() == id) {
                errors.push(DataError::new(
                    ALCHEMY_FILE,
                    format!("reactions.{id}"),
                    format!("no reaction has the id `{id}`"),
                ));
            }
        }
    }
}
