//! Spell chips as data (`data/spells.json`): what each chip costs and does.
//!
//! A chip is one flat record with a `kind` and the one section that kind needs
//! (`projectile` for actions, `modifier` for modifiers, ...). Flat records keep
//! `serde_path_to_error` paths exact (`spells[4].modifier.add_damage`), which an
//! internally tagged enum would lose. [`SpellBook::from_file`] checks that each
//! chip has exactly the sections its kind needs.
//!
//! This file holds the chip record itself ([`SpellDef`], its [`SpellKind`] and
//! [`Stance`]); the per-kind sections live in `sections`, the indexed book in
//! `book` and the load-time checks in `check`, all re-exported here.

mod book;
mod check;
mod sections;
mod words;

use serde::{Deserialize, Serialize};

pub use book::SpellBook;
pub use sections::{
    ConvertDef, CounterDef, CounterOn, EffectKind, LogicDef, LogicOp, ModifierDef, ProjectileDef, Register,
    RegisterDef, RegisterOp, TriggerDef, TriggerOn,
};

/// Index of a chip in the [`SpellBook`]; what decks and spawn requests carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SpellIdx(pub u32);

/// The four seed families plus the chips that extend them (docs/game.md#spell-chips).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpellKind {
    /// Fires a projectile or an effect with the current scope baked in.
    Action,
    /// Changes the scope of the next draw only.
    Modifier,
    /// Draws `draw` chips, each with the incoming scope.
    Multicast,
    /// Fires a weak carrier and draws its payload into a fresh child scope.
    Trigger,
    /// IF_HP_LOW, IF_ENEMY_CLOSE, LOOP.
    Logic,
    /// Raw register A/B operations (DEBUG core only).
    Register,
    /// Packaged register cards: charge counter and kill combo.
    Counter,
    /// Topology: the first branch keeps the incoming scope, the others start clean.
    Splitter,
}
/// One chip as written in `data/spells.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellDef {
    /// Seed id, e.g. `spark_bolt`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Family.
    pub kind: SpellKind,
    /// Rarity / tier 1..=3 (docs/game.md#spell-chips tiers).
    pub rarity: u8,
    /// Shop price, gold.
    pub price: u32,
    /// Mana paid when drawn.
    pub mana: f32,
    /// Cast delay delta, s (may be negative).
    #[serde(default)]
    pub cast_delay: f32,
    /// Recharge delta, s (may be negative).
    #[serde(default)]
    pub recharge: f32,
    /// HP paid when drawn (`heavy_cost`), subject to the per-cast cap.
    #[serde(default)]
    pub hp_cost: f32,
    /// Limited uses per fight; `None` = unlimited.
    #[serde(default)]
    pub uses: Option<u32>,
    /// False for chips only resonance creates.
    #[serde(default = "yes")]
    pub in_shop: bool,
    /// Tooltip.
    #[serde(default)]
    pub description: String,
    /// Actions and trigger carriers.
    #[serde(default)]
    pub projectile: Option<ProjectileDef>,
    /// Modifiers.
    #[serde(default)]
    pub modifier: Option<ModifierDef>,
    /// Multicast draw count, splitter branch count.
    #[serde(default)]
    pub draw: Option<u32>,
    /// Triggers.
    #[serde(default)]
    pub trigger: Option<TriggerDef>,
    /// Logic gates.
    #[serde(default)]
    pub logic: Option<LogicDef>,
    /// Raw register chips.
    #[serde(default)]
    pub register: Option<RegisterDef>,
    /// Packaged counters.
    #[serde(default)]
    pub counter: Option<CounterDef>,
    /// How the player's movement changes this action's damage
    /// (docs/game.md#dash-and-movement-builds); `None` = it does not care.
    #[serde(default)]
    pub stance: Option<Stance>,
}

/// Movement-build interaction of an action (docs/game.md#dash-and-movement-builds). The fight
/// applies it to the chip's main-cast projectiles; the VM only carries it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Stance {
    /// Damage × `mult` while the player moves (1.5 in the seed).
    MoveBuff {
        /// Damage factor while moving.
        mult: f32,
    },
    /// Standing still `charge_s` charges the chip; the next cast after a full
    /// charge fires it × `mult` and spends the charge; moving clears it.
    StandCharge {
        /// Seconds still for a full charge (1.5).
        charge_s: f32,
        /// Seconds still before the ring is drawn (0.3).
        ring_after_s: f32,
        /// Damage factor of the overloaded release (3).
        mult: f32,
    },
}

impl Stance {
    /// The damage factor of the stance.
    pub fn mult(&self) -> f32 {
        match *self {
            Stance::MoveBuff { mult } | Stance::StandCharge { mult, .. } => mult,
        }
    }
}

/// The file's shape.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellsFile {
    /// Every chip.
    pub spells: Vec<SpellDef>,
}

fn yes() -> bool {
    true
}
