//! The unlock tree (docs/game.md#unlocks, `data/unlocks.json`): what aether
//! fragments buy between runs. An unlock only widens what a run can offer (a
//! spell or core joins the shop's pool, a mode or talent becomes selectable);
//! it never raises a stat (docs/game.md#unlocks). Content an unlock grants is *locked* until
//! the unlock is bought: it is never stocked and never dropped.

use std::collections::BTreeSet;
use std::path::Path;

use serde::Deserialize;

use crate::data::{DataError, load_json};

/// The file the tree is read from, relative to the data folder.
pub const UNLOCKS_FILE: &str = "unlocks.json";

/// What one unlock opens.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Grant {
    /// A spell chip joins the shop's pool.
    Spell(String),
    /// A core joins the shop's pool.
    Core(String),
    /// A game mode becomes selectable (curse waves).
    Mode(String),
    /// A talent is active in every run (Last Will).
    Talent(String),
}

/// One node of the tree.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unlock {
    /// Stable id (profiles store it).
    pub id: String,
    /// What the player sees.
    pub name: String,
    /// Aether fragments it costs.
    pub cost: u32,
    /// What it opens.
    pub grants: Grant,
    /// One line for the Unlocks screen.
    pub description: String,
}

/// The whole tree, in the order the screen lists it.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnlockTree {
    /// Every unlock.
    pub unlocks: Vec<Unlock>,
}

impl UnlockTree {
    /// Reads `unlocks.json`; `spell` and `core` say whether an id exists, so a
    /// grant naming nothing is refused at load.
    pub fn load(
        root: &Path,
        spell: impl Fn(&str) -> bool,
        core: impl Fn(&str) -> bool,
        errors: &mut Vec<DataError>,
    ) -> Option<Self> {
        let tree: UnlockTree = match load_json(root, UNLOCKS_FILE) {
            Ok(t) => t,
            Err(e) => {
                errors.push(e);
                return None;
            }
        };
        let before = errors.len();
        let mut seen = BTreeSet::new();
        for (i, u) in tree.unlocks.iter().enumerate() {
            let at = |field: &str| format!("unlocks[{i}].{field}");
            if !seen.insert(u.id.as_str()) {
                errors.push(DataError::new(
                    UNLOCKS_FILE,
                    at("id"),
                    format!("`{}` appears twice", u.id),
                ));
            }
            if u.name.trim().is_empty() {
                errors.push(DataError::new(UNLOCKS_FILE, at("name"), "missing a display name"));
            }
            if u.cost == 0 {
                errors.push(DataError::new(
                    UNLOCKS_FILE,
                    at("cost"),
                    "an unlock costs at least 1 fragment",
                ));
            }
            match &u.grants {
                Grant::Spell(s) if !spell(s) => {
                    errors.push(DataError::new(
                        UNLOCKS_FILE,
                        at("grants.spell"),
                        format!("no spell `{s}`"),
                    ));
                }
                Grant::Core(c) if !core(c) => {
                    errors.push(DataError::new(
                        UNLOCKS_FILE,
                        at("grants.core"),
                        format!("no core `{c}`"),
                    ));
                }
                _ => {}
            }
        }
        (errors.len() == before).then_some(tree)
    }

    /// The unlock with this id.
    pub fn get(&self, id: &str) -> Option<&Unlock> {
        self.unlocks.iter().find(|u| u.id == id)
    }

    /// Spell and core ids held back from shops and drops while their unlock
    /// is not among `owned`.
    pub fn locked_content(&self, owned: &BTreeSet<String>) -> Vec<String> {
        self.unlocks
            .iter()
            .filter(|u| !owned.contains(&u.id))
            .filter_map(|u| match &u.grants {
                Grant::Spell(s) | Grant::Core(s) => Some(s.clone()),
                Grant::Mode(_) | Grant::Talent(_) => None,
            })
            .collect()
    }

    /// True when `owned` includes an unlock granting talent `talent`.
    pub fn has_talent(&self, owned: &BTreeSet<String>, talent: &str) -> bool {
        self.unlocks
            .iter()
            .any(|u| owned.contains(&u.id) && u.grants == Grant::Talent(talent.to_string()))
    }
}
