//! `data/shop.json`: shelf sizes, refresh and reroll pricing, selling, the
//! waiting area, the cores carried, shelf C's pool and the stocking weights,
//! loaded and checked.

use std::path::Path;

use serde::Deserialize;

use crate::data::{DataError, load_json};
use crate::stats::StatModifier;

/// Shelf sizes.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShelfSizes {
    /// Shelf A (spells).
    pub spells: usize,
    /// Shelf B (cores).
    pub cores: usize,
    /// Shelf C (stats).
    pub stats: usize,
}

/// Refresh pricing: the n-th refresh of a wave (n from 0) costs `base + step × n`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefreshDef {
    /// The first refresh (the seed: 20).
    pub base: u64,
    /// Added per refresh already made this wave (the seed: 10).
    pub step: u64,
}

/// Selling: `max(floor(paid × fraction), floor)`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SellDef {
    /// Share of the price paid that a sale returns (the design: 0.5).
    pub fraction: f64,
    /// The least a sale returns, in gold (the design: 10).
    pub floor: u64,
}

/// One shelf C upgrade.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatOfferDef {
    /// Stable id.
    pub id: String,
    /// Name on the card.
    pub name: String,
    /// Gold.
    pub price: u64,
    /// Relative chance of being stocked.
    #[serde(default = "one")]
    pub weight: f32,
    /// What buying it changes.
    pub modifiers: Vec<StatModifier>,
}

fn one() -> f32 {
    1.0
}

/// `data/shop.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShopDef {
    /// How many offers each shelf shows.
    pub shelves: ShelfSizes,
    /// Refresh pricing.
    pub refresh: RefreshDef,
    /// The level-up window's reroll: the n-th reroll of one window (n from
    /// 0) costs `base + step × n` gold.
    pub levelup_reroll: RefreshDef,
    /// Selling.
    pub sell: SellDef,
    /// Cards that can wait without a slot (the seed: 5).
    pub waiting_area: usize,
    /// Cores carried at most, the active one included (the seed: 3).
    pub max_cores: usize,
    /// Shelf C's pool.
    pub stat_offers: Vec<StatOfferDef>,
    /// Stocking weight of spells and cores by rarity 1, 2, 3 (rarer shows up less).
    pub rarity_weights: Vec<f32>,
    /// Chips stocked more (or less) often than their rarity says: a factor on
    /// the rarity weight (absent: 1). The multipliers a projectile-count
    /// build is made of reach the shelf by the middle waves this way
    /// (docs/balance.md#builds-that-multiply).
    #[serde(default)]
    pub spell_weights: Vec<SpellWeight>,
}

/// One chip's stocking factor (`data/shop.json` `spell_weights`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellWeight {
    /// Spell id.
    pub spell: String,
    /// Factor on its rarity weight.
    pub factor: f32,
}

/// File name under the data root.
pub const SHOP_FILE: &str = "shop.json";

impl ShopDef {
    /// Loads and checks `data/shop.json`, appending every problem to `errors`.
    pub fn load(root: &Path, errors: &mut Vec<DataError>) -> Option<ShopDef> {
        let def = load_json::<ShopDef>(root, SHOP_FILE)
            .map_err(|e| errors.push(e))
            .ok()?;
        let before = errors.len();
        if !(def.sell.fraction.is_finite() && (0.0..=1.0).contains(&def.sell.fraction)) {
            errors.push(DataError::new(
                SHOP_FILE,
                "sell.fraction",
                "must be between 0 and 1",
            ));
        }
        if def.rarity_weights.iter().any(|w| !(w.is_finite() && *w >= 0.0)) {
            errors.push(DataError::new(
                SHOP_FILE,
                "rarity_weights",
                "weights must be finite numbers ≥ 0",
            ));
        }
        for (i, w) in def.spell_weights.iter().enumerate() {
            if !(w.factor.is_finite() && w.factor >= 0.0) {
                errors.push(DataError::new(
                    SHOP_FILE,
                    format!("spell_weights[{i}].factor"),
                    "must be a finite number ≥ 0",
                ));
            }
            if def.spell_weights[..i].iter().any(|o| o.spell == w.spell) {
                errors.push(DataError::new(
                    SHOP_FILE,
                    format!("spell_weights[{i}].spell"),
                    format!("`{}` has a factor already", w.spell),
                ));
            }
        }
        if def.max_cores == 0 {
            errors.push(DataError::new(
                SHOP_FILE,
                "max_cores",
                "must carry at least one core",
            ));
        }
        for (i, s) in def.stat_offers.iter().enumerate() {
            if s.modifiers.is_empty() {
                errors.push(DataError::new(
                    SHOP_FILE,
                    format!("stat_offers[{i}].modifiers"),
                    format!("`{}` changes nothing", s.id),
                ));
            }
            if !(s.weight.is_finite() && s.weight >= 0.0) {
                errors.push(DataError::new(
                    SHOP_FILE,
                    format!("stat_offers[{i}].weight"),
                    "must be a finite number ≥ 0",
                ));
            }
            if def.stat_offers[..i].iter().any(|o| o.id == s.id) {
                errors.push(DataError::new(
                    SHOP_FILE,
                    format!("stat_offers[{i}].id"),
                    format!("duplicate id `{}`", s.id),
                ));
            }
        }
        (errors.len() == before).then_some(def)
    }

    /// The factor on chip `id`'s rarity weight ([`ShopDef::spell_weights`]).
    pub fn spell_weight(&self, id: &str) -> f32 {
        self.spell_weights
            .iter()
            .find(|w| w.spell == id)
            .map_or(1.0, |w| w.factor)
    }

    /// Price of the refresh after `done` refreshes this wave: `base + step × done`.
    pub fn refresh_cost(&self, done: u32) -> u64 {
        self.refresh.base + self.refresh.step * u64::from(done)
    }

    /// What a card or core bought for `paid` sells for: half, at least the floor.
    pub fn sell_price(&self, paid: u64) -> u64 {
        (((paid as f64) * self.sell.fraction).floor() as u64).max(self.sell.floor)
    }
}
