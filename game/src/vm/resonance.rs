//! Alchemical resonance (docs/game.md#resonance): recipes that fuse two chips of a
//! deck into a new spell without using an extra slot.
//!
//! Recipes live in `data/resonance_recipes.json`. Most match two chips that are
//! directly adjacent in execution order (`adjacent`, order-insensitive); a few
//! legendary ones (`rarity: 3`, required) match anywhere in the deck
//! (`anywhere_in_deck`). Fusion happens when a deck is built for a core, once,
//! so the O(N²) scan never runs per cast. The fused card remembers its recipe;
//! the VM reports the recipe each time that card is drawn, and the codex
//! reveals a hidden recipe the first time it is reported.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::SpellBook;
use super::spells::SpellIdx;
use crate::data::DataError;
use crate::element::Element;

/// Index of a recipe in the [`RecipeBook`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RecipeIdx(pub u32);

/// Where the two ingredients may sit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchRule {
    /// Directly adjacent in execution order (either order).
    Adjacent,
    /// Anywhere in the deck (rarity-3 recipes only).
    AnywhereInDeck,
}

/// One recipe as written in the file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecipeDef {
    /// Id, e.g. `plasma_storm`.
    pub id: String,
    /// First ingredient (spell id).
    pub a: String,
    /// Second ingredient (spell id).
    pub b: String,
    /// The spell the pair becomes.
    pub result: String,
    /// Adjacency rule.
    #[serde(rename = "match")]
    pub match_rule: MatchRule,
    /// 1..=3; `anywhere_in_deck` requires 3.
    pub rarity: u8,
    /// Elements shown as the codex's vague hint before discovery.
    #[serde(default)]
    pub hint: Vec<Element>,
    /// Hidden in the codex until first triggered.
    #[serde(default = "yes")]
    pub hidden: bool,
}

/// The file's shape.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecipesFile {
    /// Every recipe.
    pub recipes: Vec<RecipeDef>,
}

/// A recipe with its ingredients resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Recipe {
    /// The file's record.
    pub def: RecipeDef,
    /// Resolved `a`.
    pub a: SpellIdx,
    /// Resolved `b`.
    pub b: SpellIdx,
    /// Resolved `result`.
    pub result: SpellIdx,
}

/// Every recipe, checked against the spell book.
#[derive(Debug, Clone, Default)]
pub struct RecipeBook {
    recipes: Vec<Recipe>,
}

impl RecipeBook {
    /// Checks a parsed file, pushing every problem.
    pub fn from_file(
        file: &Path,
        parsed: RecipesFile,
        spells: &SpellBook,
        errors: &mut Vec<DataError>,
    ) -> Self {
        let mut book = RecipeBook::default();
        for (i, r) in parsed.recipes.into_iter().enumerate() {
            let before = errors.len();
            let mut find = |field: &str, id: &str| {
                let found = spells.find(id);
                if found.is_none() {
                    errors.push(DataError::new(
                        file,
                        format!("recipes[{i}].{field}"),
                        format!("no spell with id `{id}`"),
                    ));
                }
                found
            };
            let (a, b, result) = (find("a", &r.a), find("b", &r.b), find("result", &r.result));
            if r.match_rule == MatchRule::AnywhereInDeck && r.rarity != 3 {
                errors.push(DataError::new(
                    file,
                    format!("recipes[{i}].rarity"),
                    "an `anywhere_in_deck` recipe must be rarity 3 (it costs a whole-deck scan)",
                ));
            }
            if !(1..=3).contains(&r.rarity) {
                errors.push(DataError::new(
                    file,
                    format!("recipes[{i}].rarity"),
                    format!("{} is outside 1..=3", r.rarity),
                ));
            }
            if book.recipes.iter().any(|x| x.def.id == r.id) {
                errors.push(DataError::new(
                    file,
                    format!("recipes[{i}].id"),
                    format!("duplicate id `{}`", r.id),
                ));
            }
            if let (Some(a), Some(b), Some(result)) = (a, b, result)
                && errors.len() == before
            {
                book.recipes.push(Recipe { def: r, a, b, result });
            }
        }
        book
    }

    /// The recipe at `idx`.
    pub fn get(&self, idx: RecipeIdx) -> &Recipe {
        &self.recipes[idx.0 as usize]
    }

    /// All recipes.
    pub fn iter(&self) -> impl Iterator<Item = (RecipeIdx, &Recipe)> {
        self.recipes
            .iter()
            .enumerate()
            .map(|(i, r)| (RecipeIdx(i as u32), r))
    }

    /// Finds a recipe for the pair `x`, `y` (either order) with the given rule.
    fn pair(&self, x: SpellIdx, y: SpellIdx, rule: MatchRule) -> Option<RecipeIdx> {
        self.iter()
            .find(|(_, r)| r.def.match_rule == rule && ((r.a == x && r.b == y) || (r.a == y && r.b == x)))
            .map(|(i, _)| i)
    }
}

/// One entry of a fused deck: the chip, the slot(s) it came from and its recipe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fused {
    /// The chip.
    pub spell: SpellIdx,
    /// Slot of the first ingredient (or of the chip itself).
    pub slot: u16,
    /// The recipe that produced it, if any.
    pub recipe: Option<RecipeIdx>,
    /// Slot of the second ingredient, which the fusion consumed: it is never
    /// drawn on its own, and the lab says what became of it.
    pub joined: Option<u16>,
}

/// A chip that resonance consumed into another chip's card: it is never
/// drawn on its own, and the cycle view says what became of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Joined {
    /// Its board slot.
    pub slot: u16,
    /// The board slot of the chip it joined (the first ingredient's).
    pub into: u16,
    /// Its own chip, as slotted: named when the cycle view says what became
    /// of it (it is never drawn, so no cast names it).
    pub chip: SpellIdx,
    /// The chip of slot `into`, as slotted.
    pub host: SpellIdx,
    /// The chip the two became.
    pub fused: SpellIdx,
    /// The recipe.
    pub recipe: RecipeIdx,
}

impl Fused {
    /// The chip this card consumed, if resonance fused it; `board` is the
    /// deck as slotted, which names the two ingredients.
    pub fn joined(&self, board: &[SpellIdx]) -> Option<Joined> {
        let slot = self.joined?;
        Some(Joined {
            slot,
            into: self.slot,
            chip: *board.get(usize::from(slot))?,
            host: *board.get(usize::from(self.slot))?,
            fused: self.spell,
            recipe: self.recipe?,
        })
    }
}

/// Applies every recipe to a deck in slot order.
///
/// Adjacent recipes are applied left to right, each chip fusing at most once;
/// then `anywhere_in_deck` recipes fuse the first remaining `a` with the first
/// remaining `b`, the result taking `a`'s place.
pub fn fuse(deck: &[SpellIdx], recipes: &RecipeBook) -> Vec<Fused> {
    let mut out: Vec<Fused> = Vec::with_capacity(deck.len());
    let mut i = 0;
    while i < deck.len() {
        if i + 1 < deck.len()
            && let Some(r) = recipes.pair(deck[i], deck[i + 1], MatchRule::Adjacent)
        {
            out.push(Fused {
                spell: recipes.get(r).result,
                slot: i as u16,
                recipe: Some(r),
                joined: Some(i as u16 + 1),
            });
            i += 2;
            continue;
        }
        out.push(Fused {
            spell: deck[i],
            slot: i as u16,
            recipe: None,
            joined: None,
        });
        i += 1;
    }
    for (ri, r) in recipes
        .iter()
        .filter(|(_, r)| r.def.match_rule == MatchRule::AnywhereInDeck)
    {
        let ia = out.iter().position(|f| f.recipe.is_none() && f.spell == r.a);
        let ib = out
            .iter()
            .enumerate()
            .position(|(j, f)| Some(j) != ia && f.recipe.is_none() && f.spell == r.b);
        if let (Some(ia), Some(ib)) = (ia, ib) {
            out[ia] = Fused {
                spell: r.result,
                slot: out[ia].slot,
                recipe: Some(ri),
                joined: Some(out[ib].slot),
            };
            out.remove(ib);
        }
    }
    out
}

fn yes() -> bool {
    true
}
