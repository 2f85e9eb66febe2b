//! Enchantment recipes (enhancement seed: "enchant recipes must be learned";
//! a simple one costs at least 500 coins, a common 5,000, an advanced 20,000,
//! a legendary 10,000,000). A recipe is learned at the crafting bench for gold
//! and lasts the run; an enchantment can be attempted only once its recipe is
//! known. Smithing (enhancements) needs no recipe, as in the seed.
//!
//! The seed's coin prices belong to a tabletop economy; a run here earns a few
//! thousand gold, so each tier's price is `recipe_gold` in
//! `data/loot/enhancements.json` (40 / 120 / 300 / 800), keeping the seed's
//! order and the legendary tier's leap
//! (docs/balance.md#missing-enhancements-and-enchantments).

use std::collections::BTreeSet;

use super::{AttemptKind, CraftDef};
use crate::loot::LootData;

/// The recipes a player knows this run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recipes {
    learned: BTreeSet<String>,
}

impl Recipes {
    /// True when the recipe of enchantment `id` is known.
    pub fn knows(&self, id: &str) -> bool {
        self.learned.contains(id)
    }

    /// Adds a recipe (the caller has paid).
    pub fn learn(&mut self, id: &str) {
        self.learned.insert(id.to_string());
    }
}

/// Gold to learn the recipe of enchantment `def`: its tier's `recipe_gold`.
pub fn recipe_price(def: &CraftDef, data: &LootData) -> u64 {
    data.enhancements
        .tier(def.difficulty)
        .map_or(0, |t| t.recipe_gold)
}

/// An enchantment attempt refused for want of its recipe: names the
/// enchantment and what learning it costs, so the player knows the way on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the recipe of {id} is not known: learn it first ({price} gold)")]
pub struct RecipeUnknown {
    /// The enchantment.
    pub id: String,
    /// Gold to learn its recipe (0 for an id the data does not know).
    pub price: u64,
}

/// Refuses an enchantment attempt whose recipe is not known.
pub fn check_recipe(
    kind: AttemptKind,
    id: &str,
    recipes: &Recipes,
    data: &LootData,
) -> Result<(), RecipeUnknown> {
    if kind != AttemptKind::Enchantment || recipes.knows(id) {
        return Ok(());
    }
    let price = data.enchantments.get(id).map_or(0, |d| recipe_price(d, data));
    Err(RecipeUnknown { id: id.into(), price })
}
