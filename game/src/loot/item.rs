//! Items: slots, base types, the item itself, its name and its description.
//!
//! An item is a base (what it is: a wand core, a mail suit) at an item level
//! (= the depth it dropped at), with a rarity, rolled affixes, and up to one
//! enhancement and one enchantment (two each after Deep Craft / Enchant
//! Expansion). It is described the way the enhancement seed describes gear: a
//! name built from its parts, the base lines, then one line per enhancement
//! and enchantment.

use serde::{Deserialize, Serialize};

use crate::data::DataError;
use crate::loot::LootData;
use crate::loot::affix::{AffixTable, RolledAffix, format_value};
use crate::loot::class::DamageClass;
use crate::loot::rarity::Rarity;
use crate::stats::StatModifier;

pub use super::class::{ItemClass, Slot};

/// A material grade by item level: the seed's iron / steel / fine steel, which
/// caps the enhancement difficulty an item accepts.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grade {
    /// Lowest item level of this grade.
    pub min_ilvl: u32,
    /// Word in the item's name.
    pub name: String,
    /// Hardest enhancement or enchantment the item accepts.
    pub max_difficulty: u8,
}

/// The weapon part of a base.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponBase {
    /// Attack level.
    pub attack_level: i32,
    /// Classes of its physical damage.
    pub classes: Vec<DamageClass>,
    /// Built-in penetration level.
    pub penetration_level: i32,
    /// The melee weapon id (blades only), for the melee system.
    #[serde(default)]
    pub melee: Option<String>,
}

/// The armour part of a base.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmourBase {
    /// Sharp defence level.
    pub sharp: i32,
    /// Blunt defence level.
    pub blunt: i32,
    /// Heavy armour carries the speed penalty of `heavy_armour_penalty`.
    pub heavy: bool,
}

/// One base type of `data/loot/bases.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BaseDef {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Class (never `artifact`).
    pub class: ItemClass,
    /// Relative drop weight.
    pub weight: u32,
    /// Present exactly for cores and blades.
    #[serde(default)]
    pub weapon: Option<WeaponBase>,
    /// Present exactly for armour.
    #[serde(default)]
    pub armour: Option<ArmourBase>,
    /// Implicit modifiers every item of this base has.
    #[serde(default)]
    pub modifiers: Vec<StatModifier>,
}

/// `data/loot/bases.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BaseTable {
    /// The base whose weapon levels apply when the hands slot is empty (the
    /// run's starting core counts as one of these).
    pub default_weapon: String,
    /// Grades, ascending in item level.
    pub grades: Vec<Grade>,
    /// Every base.
    pub bases: Vec<BaseDef>,
    /// Applied while heavy armour is worn (removed by the Lightness enchantment).
    pub heavy_armour_penalty: Vec<StatModifier>,
}

impl BaseTable {
    /// The base with `id`.
    pub fn get(&self, id: &str) -> Option<&BaseDef> {
        self.bases.iter().find(|b| b.id == id)
    }

    /// The grade of an item level.
    pub fn grade(&self, ilvl: u32) -> Option<&Grade> {
        self.grades.iter().rev().find(|g| ilvl >= g.min_ilvl)
    }

    pub(crate) fn validate(&self, file: &str, errors: &mut Vec<DataError>) {
        if self
            .get(&self.default_weapon)
            .and_then(|b| b.weapon.as_ref())
            .is_none()
        {
            errors.push(DataError::new(
                file,
                "default_weapon",
                format!("`{}` is not a weapon base", self.default_weapon),
            ));
        }
        if self.grades.first().is_none_or(|g| g.min_ilvl > 1) {
            errors.push(DataError::new(
                file,
                "grades",
                "the first grade must start at item level 1",
            ));
        }
        for (i, b) in self.bases.iter().enumerate() {
            let at = |f: &str| format!("bases[{i}].{f}");
            if self.bases[..i].iter().any(|o| o.id == b.id) {
                errors.push(DataError::new(
                    file,
                    at("id"),
                    format!("duplicate base id `{}`", b.id),
                ));
            }
            if b.class == ItemClass::Artifact {
                errors.push(DataError::new(
                    file,
                    at("class"),
                    format!("`{}`: artifacts are in artifacts.json", b.id),
                ));
            }
            if b.class.is_weapon() != b.weapon.is_some() {
                errors.push(DataError::new(
                    file,
                    at("weapon"),
                    format!("`{}`: cores and blades, and only they, need `weapon`", b.id),
                ));
            }
            if (b.class == ItemClass::Armour) != b.armour.is_some() {
                errors.push(DataError::new(
                    file,
                    at("armour"),
                    format!("`{}`: armour, and only armour, needs `armour`", b.id),
                ));
            }
            if let Some(w) = &b.weapon
                && (w.attack_level < 1 || w.classes.is_empty())
            {
                errors.push(DataError::new(
                    file,
                    at("weapon"),
                    format!("`{}`: attack level ≥ 1 and a damage class are needed", b.id),
                ));
            }
        }
        for class in [
            ItemClass::Core,
            ItemClass::Blade,
            ItemClass::Armour,
            ItemClass::Pocket,
            ItemClass::Bag,
        ] {
            if !self.bases.iter().any(|b| b.class == class && b.weight > 0) {
                errors.push(DataError::new(
                    file,
                    "bases",
                    format!("no droppable base of class `{}`", class.id()),
                ));
            }
        }
    }
}

/// Wear from a failed enhancement or enchantment (enhancement seed).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// As made.
    #[default]
    Normal,
    /// A weapon whose enhancement failed: attack level 1, its bonuses off, damage capped, until reforged.
    Simple,
    /// Armour whose enhancement failed: −3 to every defence level until reforged.
    Damaged,
}

/// One piece of equipment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    /// Id of its [`BaseDef`].
    pub base: String,
    /// Item level = the depth it dropped at.
    pub ilvl: u32,
    /// Grade.
    pub rarity: Rarity,
    /// Rolled affixes.
    pub affixes: Vec<RolledAffix>,
    /// Enhancement ids (Deep Craft included, though it takes no slot).
    #[serde(default)]
    pub enhancements: Vec<String>,
    /// Enchantment ids (Enchant Expansion included, though it takes no slot).
    #[serde(default)]
    pub enchantments: Vec<String>,
    /// Wear from failed attempts.
    #[serde(default)]
    pub condition: Condition,
    /// Budget lost to fractures (each fracture costs `budget_loss`).
    #[serde(default)]
    pub budget_loss: f32,
}

impl Item {
    /// A plain item of `base` at `ilvl`.
    pub fn new(base: &str, ilvl: u32, rarity: Rarity) -> Item {
        Item {
            base: base.to_string(),
            ilvl,
            rarity,
            affixes: Vec::new(),
            enhancements: Vec::new(),
            enchantments: Vec::new(),
            condition: Condition::Normal,
            budget_loss: 0.0,
        }
    }

    /// The class of its base (`Bag` if the base is unknown, which validation prevents).
    pub fn class(&self, data: &LootData) -> ItemClass {
        data.bases.get(&self.base).map_or(ItemClass::Bag, |b| b.class)
    }

    /// Budget of this item: `B(ilvl)` less what fractures took.
    pub fn budget(&self, affixes: &AffixTable) -> f32 {
        affixes.tiers.budget(self.ilvl) - self.budget_loss
    }

    /// Highest affix tier (1 for an item without affixes): the "tier" crafting costs scale with.
    pub fn top_tier(&self) -> u8 {
        self.affixes.iter().map(|a| a.tier).max().unwrap_or(1).max(1)
    }

    /// The name built from its parts: enhancements, enchantments, up to two affix
    /// words (highest tier first), the grade, the base.
    pub fn name(&self, data: &LootData) -> String {
        let mut parts: Vec<String> = Vec::new();
        for id in &self.enhancements {
            if let Some(d) = data.enhancements.get(id) {
                parts.push(d.name.clone());
            }
        }
        for id in &self.enchantments {
            if let Some(d) = data.enchantments.get(id) {
                parts.push(d.name.clone());
            }
        }
        let mut by_tier: Vec<&RolledAffix> = self.affixes.iter().collect();
        by_tier.sort_by_key(|a| std::cmp::Reverse(a.tier));
        for a in by_tier.iter().take(2) {
            if let Some(d) = data.affixes.get(&a.id) {
                parts.push(d.name.clone());
            }
        }
        if let Some(g) = data.bases.grade(self.ilvl) {
            parts.push(g.name.clone());
        }
        parts.push(
            data.bases
                .get(&self.base)
                .map_or(self.base.clone(), |b| b.name.clone()),
        );
        parts.join(" ")
    }

    /// The seed's description: the name, the base lines (levels, item level,
    /// implicit modifiers, affixes), a rule, then one line per enhancement and
    /// enchantment.
    pub fn describe(&self, data: &LootData) -> Vec<String> {
        let mut out = vec![self.name(data)];
        let base = data.bases.get(&self.base);
        out.push(format!("{} · item level {}", self.rarity.id(), self.ilvl));
        if let Some(w) = base.and_then(|b| b.weapon.as_ref()) {
            let classes: Vec<&str> = w.classes.iter().map(|c| c.id()).collect();
            out.push(format!(
                "attack level {}, {} damage",
                w.attack_level,
                classes.join(" and ")
            ));
            if w.penetration_level > 0 {
                out.push(format!("penetration level {}", w.penetration_level));
            }
        }
        if let Some(a) = base.and_then(|b| b.armour.as_ref()) {
            if a.sharp == 0 && a.blunt == 0 {
                out.push("no defence level".to_string());
            } else {
                out.push(format!("defence level: sharp {}, blunt {}", a.sharp, a.blunt));
            }
            if a.heavy {
                out.push("heavy: slows you unless lightened".to_string());
            }
        }
        for m in base.map(|b| b.modifiers.as_slice()).unwrap_or_default() {
            out.push(modifier_line(m));
        }
        for a in &self.affixes {
            if let Some(d) = data.affixes.get(&a.id) {
                out.push(format!("{} (T{})", d.describe(a.value), a.tier));
            }
        }
        match self.condition {
            Condition::Normal => {}
            Condition::Simple => out.push("condition: simple — bonuses off until reforged".to_string()),
            Condition::Damaged => out.push("condition: damaged — −3 defence until reforged".to_string()),
        }
        if self.budget_loss > 0.0 {
            out.push(format!("fractured (budget −{})", format_value(self.budget_loss)));
        }
        if !self.enhancements.is_empty() || !self.enchantments.is_empty() {
            out.push("----------------------------------------".to_string());
        }
        for id in &self.enhancements {
            if let Some(d) = data.enhancements.get(id) {
                out.push(format!("Enhancement [{}] {}", d.name, d.line));
            }
        }
        for id in &self.enchantments {
            if let Some(d) = data.enchantments.get(id) {
                out.push(format!("Enchantment [{}] {}", d.name, d.line));
            }
        }
        out
    }
}

/// A modifier's description line, in player words ("+5 max HP", "+15 %
/// damage"): [`StatModifier::words`].
pub fn modifier_line(m: &StatModifier) -> String {
    m.words()
}

/// The items the player carries but does not wear. Crafting works on it by
/// index so that destroying an item really removes it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Inventory {
    /// Carried items.
    pub items: Vec<Item>,
}
