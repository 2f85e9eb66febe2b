//! Compiling a deck for a core: resonance fuses its chips (`vm::resonance`),
//! each card keeps the board slot it came from and its slot's boost, and the
//! chips a fusion consumed are recorded for the cycle view.

use rand_chacha::ChaCha8Rng;

use crate::vm::deck::{Card, DeckState};
use crate::vm::resonance::{Joined, RecipeBook, fuse};
use crate::vm::spells::{SpellBook, SpellIdx};

/// The board slot of each compiled card, by the card's index, and the slot
/// of the second ingredient each fused card consumed (docs/vm.md#the-cycle-view).
///
/// Its Debug text is the first list alone, as the field's was before the
/// consumed slots were kept: a run's state hash reads a core's Debug text,
/// and the consumed slots follow from the deck (hashed in the loadout), so
/// keeping them leaves every run's hash as it was.
#[derive(Clone, Default)]
pub(super) struct CardSlots {
    pub(super) first: Vec<u16>,
    pub(super) joined: Vec<Joined>,
}

impl std::fmt::Debug for CardSlots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.first.fmt(f)
    }
}

/// The compiled deck, and the board slot of each of its cards.
pub(super) fn build_deck(
    ids: &[SpellIdx],
    spells: &SpellBook,
    recipes: &RecipeBook,
    boosts: &[f32],
    shuffle: bool,
    rng: &mut ChaCha8Rng,
) -> (DeckState, CardSlots) {
    let fused = fuse(ids, recipes);
    let cards: Vec<Card> = fused
        .iter()
        .enumerate()
        .map(|(i, f)| Card {
            spell: f.spell,
            index: i as u16,
            boost: boosts.get(f.slot as usize).copied().unwrap_or(1.0),
            recipe: f.recipe,
        })
        .collect();
    let uses = cards.iter().map(|c| spells.get(c.spell).uses).collect();
    let slots = CardSlots {
        first: fused.iter().map(|f| f.slot).collect(),
        joined: fused.iter().filter_map(|f| f.joined(ids)).collect(),
    };
    (DeckState::new(cards, uses, shuffle, rng), slots)
}

#[cfg(test)]
mod tests {
    use super::CardSlots;
    use crate::vm::resonance::{Joined, RecipeIdx};
    use crate::vm::spells::SpellIdx;

    /// The consumed slots stay out of a core's Debug text, which the state
    /// hash reads: a run's hash is what it was before they were kept.
    #[test]
    fn card_slots_read_as_the_plain_list_they_were() {
        let s = CardSlots {
            first: vec![0, 2, 3],
            joined: vec![Joined {
                slot: 1,
                into: 0,
                chip: SpellIdx(2),
                host: SpellIdx(3),
                fused: SpellIdx(4),
                recipe: RecipeIdx(1),
            }],
        };
        assert_eq!(format!("{s:?}"), format!("{:?}", vec![0_u16, 2, 3]));
        assert_eq!(format!("{s:#?}"), format!("{:#?}", vec![0_u16, 2, 3]));
    }
}
