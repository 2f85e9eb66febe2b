//! The kinds loot is sorted by: what an item is ([`ItemClass`]), where it is
//! worn ([`Slot`]), and what class of damage a hit deals ([`DamageClass`]).
//!
//! They sit in a file of their own because affixes (which classes may carry
//! them), items (their base) and enhancement (what a craft applies to, which
//! defence a level counts against) all name them: kept in `item.rs` and
//! `enhance/levels.rs` they made `affix`, `item` and `enhance` import each
//! other. `item` and `enhance` re-export them at their old paths.

use serde::{Deserialize, Serialize};

use crate::element::Element;

/// What kind of item something is; decides its slot and which affixes it may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemClass {
    /// A spell core held in the hands (fires the deck).
    Core,
    /// A melee blade held in the hands.
    Blade,
    /// A suit.
    Armour,
    /// A charm, lantern or module.
    Pocket,
    /// A bag: supplies.
    Bag,
    /// An artifact (socketed, shared by the run; never an `Item`).
    Artifact,
}

impl ItemClass {
    /// The slot items of this class go in (`None` for artifacts, which go in sockets).
    pub fn slot(self) -> Option<Slot> {
        match self {
            ItemClass::Core | ItemClass::Blade => Some(Slot::Hands),
            ItemClass::Armour => Some(Slot::Armour),
            ItemClass::Pocket => Some(Slot::Pocket),
            ItemClass::Bag => Some(Slot::Bag),
            ItemClass::Artifact => None,
        }
    }

    /// True for cores and blades.
    pub fn is_weapon(self) -> bool {
        matches!(self, ItemClass::Core | ItemClass::Blade)
    }

    /// The id used in data.
    pub fn id(self) -> &'static str {
        match self {
            ItemClass::Core => "core",
            ItemClass::Blade => "blade",
            ItemClass::Armour => "armour",
            ItemClass::Pocket => "pocket",
            ItemClass::Bag => "bag",
            ItemClass::Artifact => "artifact",
        }
    }
}

/// Equipment slots (docs/game.md#slots). Artifact sockets are separate and shared by the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// A core or a blade.
    Hands,
    /// A suit.
    Armour,
    /// A charm, lantern or module.
    Pocket,
    /// Everything else.
    Bag,
}

impl Slot {
    /// All slots, in display order.
    pub const ALL: [Slot; 4] = [Slot::Hands, Slot::Armour, Slot::Pocket, Slot::Bag];

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Slot::Hands => "Hands",
            Slot::Armour => "Armour",
            Slot::Pocket => "Pocket",
            Slot::Bag => "Bag",
        }
    }
}

/// The class of a hit's damage. Physical damage is sharp (blades) or blunt
/// (projectiles, hammers); each element is its own class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageClass {
    /// Cutting and piercing: knives, sabres, spikes.
    Sharp,
    /// Impact: kinetic projectiles, chains, hammers.
    Blunt,
    /// Fire damage.
    Fire,
    /// Ice damage.
    Ice,
    /// Lightning damage.
    Lightning,
    /// Poison damage.
    Poison,
}

impl DamageClass {
    /// The class of a non-physical element; `None` for physical, whose class comes
    /// from the weapon (sharp or blunt).
    pub fn of_element(e: Element) -> Option<DamageClass> {
        match e {
            Element::Physical => None,
            Element::Fire => Some(DamageClass::Fire),
            Element::Ice => Some(DamageClass::Ice),
            Element::Lightning => Some(DamageClass::Lightning),
            Element::Poison => Some(DamageClass::Poison),
        }
    }

    /// The id used in data.
    pub fn id(self) -> &'static str {
        match self {
            DamageClass::Sharp => "sharp",
            DamageClass::Blunt => "blunt",
            DamageClass::Fire => "fire",
            DamageClass::Ice => "ice",
            DamageClass::Lightning => "lightning",
            DamageClass::Poison => "poison",
        }
    }
}
