//! Enhancement and enchantment (enhancement-enchantment seed), applied to this
//! game's equipment.
//!
//! Both are attempts: success when a d6 shows at most `skill − difficulty`, so
//! the chance is `(skill − difficulty) / 6` and six above the difficulty always
//! succeeds. Difficulties are the seed's tiers 0 / 5 / 10 / 18. An item holds one
//! enhancement and one enchantment, two after Deep Craft / Enchant Expansion
//! (which take no slot). The same enchantment family never stacks across
//! items: only the strongest counts. Failure makes a weapon simple, takes 3
//! from an armour's defences until reforged; legendary failures, failed pocket
//! enchantments destroy the item; a failed enchantment on an expanded item
//! also loses the expansion and every enchantment.

mod attempt;
mod levels;
pub mod recipes;

pub use attempt::{
    AttemptError, AttemptKind, AttemptOutcome, Craft, Workbench, attempt, can_apply, roll_success,
    success_chance,
};
pub use levels::{DamageClass, DefenceLevels, LEVELS_CODEX, LevelOutcome, LevelRules, resolve_levels};

use serde::Deserialize;

use crate::data::DataError;
use crate::element::Element;
use crate::loot::class::ItemClass;
use crate::loot::hooks::HookRule;
use crate::loot::materials::MaterialAmounts;
use crate::stats::StatModifier;

/// The crafter's skill: `base + record_depth / record_depth_per_point`, at most `max`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillRules {
    /// Skill at depth 0.
    pub base: u32,
    /// Record depth per extra point.
    pub record_depth_per_point: u32,
    /// Ceiling (the seed's 20).
    pub max: u32,
}

impl SkillRules {
    /// Skill at a record depth.
    pub fn at(&self, record_depth: u32) -> u32 {
        (self.base + record_depth / self.record_depth_per_point.max(1)).min(self.max)
    }
}

/// A difficulty tier and what an attempt at it costs.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TierDef {
    /// Difficulty (0, 5, 10, 18).
    pub difficulty: u8,
    /// Display name.
    pub name: String,
    /// Materials per attempt (paid whether it succeeds or not).
    pub cost: MaterialAmounts,
    /// Gold to learn an enchantment recipe of this tier ([`recipes`]).
    #[serde(default)]
    pub recipe_gold: u64,
}

/// What a failure does.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FailureRules {
    /// Attack level of a simple weapon.
    pub simple_attack_level: i32,
    /// Most damage a simple weapon deals per hit.
    pub simple_damage_cap: f32,
    /// Defence levels a damaged armour loses.
    pub damaged_defence_loss: i32,
}

/// Flat element damage added to every hit.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ElementAmount {
    /// Element.
    pub element: Element,
    /// Damage per hit.
    pub amount: f32,
}

/// What an enhancement or enchantment does once applied.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CraftEffect {
    /// Stat changes.
    pub modifiers: Vec<StatModifier>,
    /// Defence levels added to the item.
    pub defence: DefenceLevels,
    /// Attack level added.
    pub attack_level: i32,
    /// Penetration level added.
    pub penetration_level: i32,
    /// Damage classes the weapon's physical hits gain.
    pub add_classes: Vec<DamageClass>,
    /// Flat element damage per hit.
    pub flat_element_damage: Vec<ElementAmount>,
    /// Triggered rules.
    pub hooks: Vec<HookRule>,
    /// Removes the heavy-armour penalty.
    pub removes_heavy_penalty: bool,
    /// Silvered: the weapon's physical hits reach incorporeal enemies.
    pub silver: bool,
    /// Store Magic: one chip kept ready, cast on a key press.
    pub store_magic: bool,
}

/// One enhancement or enchantment.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CraftDef {
    /// Unique id.
    pub id: String,
    /// Enchantments of one family never stack across items (Scorch I and IV).
    #[serde(default)]
    pub family: Option<String>,
    /// Display name (also a word of the item's name).
    pub name: String,
    /// 0, 5, 10 or 18.
    pub difficulty: u8,
    /// Item classes it may go on.
    pub applies_to: Vec<ItemClass>,
    /// Only these bases, when given.
    #[serde(default)]
    pub requires_base: Vec<String>,
    /// Only weapons dealing this class, when given.
    #[serde(default)]
    pub requires_class: Option<DamageClass>,
    /// Description line.
    pub line: String,
    /// Deep Craft / Enchant Expansion: takes no slot and opens a second one.
    #[serde(default)]
    pub expands: bool,
    /// What it does.
    pub effect: CraftEffect,
}

impl CraftDef {
    /// The family (its own id when none is given).
    pub fn family(&self) -> &str {
        self.family.as_deref().unwrap_or(&self.id)
    }
}

/// `data/loot/enhancements.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnhancementTable {
    /// Crafter skill by record depth.
    pub skill: SkillRules,
    /// Difficulty tiers and attempt costs (shared by enchantments).
    pub tiers: Vec<TierDef>,
    /// Failure effects.
    pub failure: FailureRules,
    /// The level rule's number.
    pub levels: LevelRules,
    /// Every enhancement.
    pub enhancements: Vec<CraftDef>,
}

impl EnhancementTable {
    /// The enhancement with `id`.
    pub fn get(&self, id: &str) -> Option<&CraftDef> {
        self.enhancements.iter().find(|d| d.id == id)
    }

    /// The tier of a difficulty.
    pub fn tier(&self, difficulty: u8) -> Option<&TierDef> {
        self.tiers.iter().find(|t| t.difficulty == difficulty)
    }

    /// The hardest difficulty: failing at it destroys the item.
    pub fn legendary_difficulty(&self) -> u8 {
        self.tiers.iter().map(|t| t.difficulty).max().unwrap_or(u8::MAX)
    }
}

/// `data/loot/enchantments.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnchantmentTable {
    /// Every enchantment.
    pub enchantments: Vec<CraftDef>,
}

impl EnchantmentTable {
    /// The enchantment with `id`.
    pub fn get(&self, id: &str) -> Option<&CraftDef> {
        self.enchantments.iter().find(|d| d.id == id)
    }
}

/// Checks one list of craft definitions against the tiers and bases.
pub(crate) fn validate_defs(
    file: &str,
    list: &str,
    defs: &[CraftDef],
    tiers: &[TierDef],
    bases: &crate::loot::item::BaseTable,
    errors: &mut Vec<DataError>,
) {
    for (i, d) in defs.iter().enumerate() {
        let at = |f: &str| format!("{list}[{i}].{f}");
        if defs[..i].iter().any(|o| o.id == d.id) {
            errors.push(DataError::new(file, at("id"), format!("duplicate id `{}`", d.id)));
        }
        if !tiers.iter().any(|t| t.difficulty == d.difficulty) {
            errors.push(DataError::new(
                file,
                at("difficulty"),
                format!("`{}`: difficulty {} is not a tier", d.id, d.difficulty),
            ));
        }
        if d.applies_to.is_empty() || d.applies_to.contains(&ItemClass::Artifact) {
            errors.push(DataError::new(
                file,
                at("applies_to"),
                format!("`{}`: must apply to some item class, never artifacts", d.id),
            ));
        }
        for b in &d.requires_base {
            if bases.get(b).is_none() {
                errors.push(DataError::new(
                    file,
                    at("requires_base"),
                    format!("`{}`: unknown base `{b}`", d.id),
                ));
            }
        }
    }
}
