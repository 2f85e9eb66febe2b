//! Deck, hand and discard of one core (docs/vm.md#state).
//!
//! Cards never leave the three zones: a draw moves a card from the deck to the
//! hand (or to the discard when it is skipped), the end of a cast moves the
//! hand to the discard, and a rebuild moves everything back into the deck in
//! slot order (or shuffled with the core's seeded RNG).

use std::collections::VecDeque;

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::resonance::RecipeIdx;
use super::spells::SpellIdx;

/// One chip in a slot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Card {
    /// The chip.
    pub spell: SpellIdx,
    /// Position in the compiled deck (rebuild order; per-card counters).
    pub index: u16,
    /// Effect multiplier from board adjacency (1 = none).
    pub boost: f32,
    /// Set when resonance fused this card.
    pub recipe: Option<RecipeIdx>,
}

/// Deck, hand, discard and per-card uses.
#[derive(Debug, Clone, Default)]
pub struct DeckState {
    /// Cards still to draw, top first.
    pub deck: VecDeque<Card>,
    /// Cards drawn this cast.
    pub hand: Vec<Card>,
    /// Cards played or skipped since the last rebuild.
    pub discard: Vec<Card>,
    /// Uses left per card index (`None` = unlimited).
    pub uses: Vec<Option<u32>>,
    /// Shuffle on rebuild.
    pub shuffle: bool,
}

impl DeckState {
    /// A deck holding `cards` in order.
    pub fn new(cards: Vec<Card>, uses: Vec<Option<u32>>, shuffle: bool, rng: &mut ChaCha8Rng) -> Self {
        let mut d = Self {
            deck: cards.into(),
            hand: Vec::new(),
            discard: Vec::new(),
            uses,
            shuffle,
        };
        if shuffle {
            d.deck.make_contiguous().shuffle(rng);
        }
        d
    }

    /// Number of cards in all zones.
    pub fn len(&self) -> usize {
        self.deck.len() + self.hand.len() + self.discard.len()
    }

    /// True when the core holds no cards.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Moves the discard under the deck (a wrap), in slot order or shuffled.
    pub fn wrap(&mut self, rng: &mut ChaCha8Rng) {
        let mut moved = std::mem::take(&mut self.discard);
        if self.shuffle {
            moved.shuffle(rng);
        } else {
            moved.sort_by_key(|c| c.index);
        }
        self.deck.extend(moved);
    }

    /// End of cast: the hand goes to the discard.
    pub fn end_cast(&mut self) {
        self.discard.append(&mut self.hand);
    }

    /// Rebuild after a recharge: every card back in the deck, slot order or shuffled.
    pub fn rebuild(&mut self, rng: &mut ChaCha8Rng) {
        self.end_cast();
        let mut all: Vec<Card> = self.deck.drain(..).collect();
        all.append(&mut self.discard);
        if self.shuffle {
            all.shuffle(rng);
        } else {
            all.sort_by_key(|c| c.index);
        }
        self.deck = all.into();
    }

    /// Uses left of the card, or `None` when unlimited.
    pub fn uses_left(&self, c: &Card) -> Option<u32> {
        self.uses.get(c.index as usize).copied().flatten()
    }

    /// Spends one use of the card (no-op when unlimited).
    pub fn spend_use(&mut self, c: &Card) {
        if let Some(Some(u)) = self.uses.get_mut(c.index as usize) {
            *u = u.saturating_sub(1);
        }
    }
}
