//! Loot: rarities, affixes, artifacts, materials, crafting, enhancement and
//! enchantment (loot-affixes-artifacts.ru and enhancement-enchantment.zh seeds,
//! docs/game.md#depth).
//!
//! Depth `d = 5 × wave` (at most 100) and item level = depth. Everything is pure
//! CPU logic over [`LootData`] (the files in `data/loot/`) and a seeded RNG.
//! What the fight needs comes out of [`equipment::Equipment::loadout`]
//! (stat modifiers, element shares, levels, hook rules), what it drops out of
//! [`drops::roll_drops`], and the level contest of a hit out of
//! [`enhance::resolve_levels`].

pub mod affix;
pub mod artifacts;
pub mod class;
pub mod crafting;
pub mod drops;
pub mod enhance;
pub mod equipment;
pub mod gear;
pub mod gear_actions;
pub mod hook_effects;
pub mod hook_state;
pub mod hooks;
pub mod item;
pub mod materials;
pub mod rarity;
pub mod ttk;

use std::path::Path;

use serde::de::DeserializeOwned;

use crate::data::{DataError, DataErrors, load_json};

/// Every loot table, loaded from `data/loot/` and cross-checked.
#[derive(Debug, Clone, PartialEq)]
pub struct LootData {
    /// `rarity.json`.
    pub rarity: rarity::RarityTable,
    /// `affixes.json`.
    pub affixes: affix::AffixTable,
    /// `bases.json`.
    pub bases: item::BaseTable,
    /// `artifacts.json`.
    pub artifacts: artifacts::ArtifactTable,
    /// `materials.json`.
    pub materials: materials::MaterialTable,
    /// `drops.json`.
    pub drops: drops::DropTable,
    /// `crafting.json`.
    pub crafting: crafting::CraftingRules,
    /// `enhancements.json`.
    pub enhancements: enhance::EnhancementTable,
    /// `enchantments.json`.
    pub enchantments: enhance::EnchantmentTable,
}

fn part<T: DeserializeOwned>(root: &Path, rel: &str, errors: &mut Vec<DataError>) -> Option<T> {
    load_json(root, rel).map_err(|e| errors.push(e)).ok()
}

impl LootData {
    /// Loads `data/loot/*.json` under `root`, or every problem found.
    pub fn load(root: &Path) -> Result<LootData, DataErrors> {
        let mut errors = Vec::new();
        match Self::load_into(root, &mut errors) {
            Some(d) if errors.is_empty() => Ok(d),
            _ => Err(DataErrors(errors)),
        }
    }

    /// Loads and checks, appending every problem to `errors` (for
    /// [`crate::catalog::Catalog::load`]). `None` when a file did not parse.
    pub fn load_into(root: &Path, errors: &mut Vec<DataError>) -> Option<LootData> {
        let rarity = part::<rarity::RarityTable>(root, "loot/rarity.json", errors);
        let affixes = part::<affix::AffixTable>(root, "loot/affixes.json", errors);
        let bases = part::<item::BaseTable>(root, "loot/bases.json", errors);
        let artifacts = part::<artifacts::ArtifactTable>(root, "loot/artifacts.json", errors);
        let materials = part::<materials::MaterialTable>(root, "loot/materials.json", errors);
        let drops = part::<drops::DropTable>(root, "loot/drops.json", errors);
        let crafting = part::<crafting::CraftingRules>(root, "loot/crafting.json", errors);
        let enhancements = part::<enhance::EnhancementTable>(root, "loot/enhancements.json", errors);
        let enchantments = part::<enhance::EnchantmentTable>(root, "loot/enchantments.json", errors);
        let data = LootData {
            rarity: rarity?,
            affixes: affixes?,
            bases: bases?,
            artifacts: artifacts?,
            materials: materials?,
            drops: drops?,
            crafting: crafting?,
            enhancements: enhancements?,
            enchantments: enchantments?,
        };
        data.validate(errors);
        Some(data)
    }

    fn validate(&self, errors: &mut Vec<DataError>) {
        self.rarity.validate("loot/rarity.json", errors);
        self.affixes.validate("loot/affixes.json", errors);
        self.bases.validate("loot/bases.json", errors);
        self.artifacts.validate("loot/artifacts.json", errors);
        self.materials.validate("loot/materials.json", errors);
        self.drops.validate("loot/drops.json", errors);
        self.crafting.validate("loot/crafting.json", errors);
        let e = &self.enhancements;
        enhance::validate_defs(
            "loot/enhancements.json",
            "enhancements",
            &e.enhancements,
            &e.tiers,
            &self.bases,
            errors,
        );
        enhance::validate_defs(
            "loot/enchantments.json",
            "enchantments",
            &self.enchantments.enchantments,
            &e.tiers,
            &self.bases,
            errors,
        );
        if self.rarity.max_affixes() as u32 > self.affixes.tiers.top_tier_fit(100) + 1 {
            errors.push(DataError::new(
                "loot/rarity.json",
                "affix_counts",
                "more affixes allowed than the budget can ever hold",
            ));
        }
        for class in [
            item::ItemClass::Core,
            item::ItemClass::Blade,
            item::ItemClass::Armour,
            item::ItemClass::Pocket,
            item::ItemClass::Bag,
            item::ItemClass::Artifact,
        ] {
            let n = self
                .affixes
                .affixes
                .iter()
                .filter(|a| self.affixes.allowed_on(a.group, class))
                .count();
            if n < self.rarity.max_affixes() as usize && class != item::ItemClass::Artifact {
                errors.push(DataError::new(
                    "loot/affixes.json",
                    "affixes",
                    format!(
                        "only {n} affixes may appear on `{}`; a relic needs {}",
                        class.id(),
                        self.rarity.max_affixes()
                    ),
                ));
            }
        }
    }
}
