//! Artifacts: rules with a price, never a pure upgrade (docs/game.md#artifacts).
//!
//! Each artifact is a stat part (plain modifiers, modifiers that hold only
//! under a condition) plus [`HookRule`]s the fight calls at named moments; see
//! [`crate::loot::hooks::Hook`] for where each hook is called. Sockets are
//! shared by the run and open with the record depth: 1, then 2 at D40, 3 at
//! D75 (Loan adds one). Pity: 60 depth without an artifact guarantees the next
//! ([`crate::loot::drops::PityState`]).

use serde::{Deserialize, Serialize};

use crate::data::DataError;
use crate::loot::affix::RolledAffix;
use crate::loot::hooks::{ConditionalModifiers, HookRule};
use crate::stats::StatModifier;

/// One artifact of `data/loot/artifacts.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtifactDef {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// What it gives, in words.
    pub rule: String,
    /// What it costs, in words; never empty.
    pub price: String,
    /// Always-on stat changes.
    #[serde(default)]
    pub modifiers: Vec<StatModifier>,
    /// Stat changes under a condition.
    #[serde(default, rename = "while")]
    pub while_: Vec<ConditionalModifiers>,
    /// Rules called by the fight.
    #[serde(default)]
    pub hooks: Vec<HookRule>,
    /// Extra artifact sockets while socketed (Loan).
    #[serde(default)]
    pub extra_sockets: u32,
}

/// A socket and the record depth that opens it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SocketDef {
    /// Record depth needed.
    pub record_depth: u32,
}

/// `data/loot/artifacts.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtifactTable {
    /// Depth without an artifact after which the next drop is one.
    pub pity_depth: u32,
    /// Sockets by record depth.
    pub sockets: Vec<SocketDef>,
    /// Every artifact.
    pub artifacts: Vec<ArtifactDef>,
}

impl ArtifactTable {
    /// The artifact with `id`.
    pub fn get(&self, id: &str) -> Option<&ArtifactDef> {
        self.artifacts.iter().find(|a| a.id == id)
    }

    /// Sockets open at a record depth (before Loan's extra).
    pub fn sockets_at(&self, record_depth: u32) -> u32 {
        self.sockets
            .iter()
            .filter(|s| record_depth >= s.record_depth)
            .count() as u32
    }

    pub(crate) fn validate(&self, file: &str, errors: &mut Vec<DataError>) {
        if self.sockets_at(0) < 1 {
            errors.push(DataError::new(
                file,
                "sockets",
                "the first socket must be open from the start",
            ));
        }
        for (i, a) in self.artifacts.iter().enumerate() {
            let at = |f: &str| format!("artifacts[{i}].{f}");
            if self.artifacts[..i].iter().any(|o| o.id == a.id) {
                errors.push(DataError::new(
                    file,
                    at("id"),
                    format!("duplicate artifact id `{}`", a.id),
                ));
            }
            if a.price.trim().is_empty() {
                errors.push(DataError::new(
                    file,
                    at("price"),
                    format!("`{}`: an artifact without a price is a mandatory item", a.id),
                ));
            }
            if a.modifiers.is_empty() && a.while_.is_empty() && a.hooks.is_empty() && a.extra_sockets == 0 {
                errors.push(DataError::new(
                    file,
                    at("id"),
                    format!("`{}`: the artifact does nothing", a.id),
                ));
            }
        }
        if self.artifacts.is_empty() {
            errors.push(DataError::new(file, "artifacts", "no artifacts"));
        }
    }
}

/// A dropped artifact: its rule plus the affixes it rolled ("unique rule + 2").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtifactInstance {
    /// Id of its [`ArtifactDef`].
    pub id: String,
    /// Rolled affixes (groups allowed on artifacts).
    pub affixes: Vec<RolledAffix>,
}
