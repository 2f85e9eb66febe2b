//! What the player carries between fights: up to three cores, each with its own
//! deck, one of them active, and a waiting area for cards that have no slot
//! (game-design §3.1.A and §5 G5).
//!
//! The active core changes only through [`crate::shop::Shop::switch_core`], so
//! a core can only be switched in the shop phase, never in a fight.

use crate::shop::ShopError;

/// A spell card, remembering what was paid for it (selling returns half).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// Spell id (`data/spells.json`).
    pub id: String,
    /// Gold paid (or the shop price for starting cards).
    pub paid: u64,
}

/// A carried core and its deck, in slot order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CarriedCore {
    /// Core id (`data/cores.json`).
    pub id: String,
    /// Gold paid for the core.
    pub paid: u64,
    /// Slot capacity of the core.
    pub capacity: usize,
    /// The deck, in slot order; never longer than `capacity`.
    pub deck: Vec<Card>,
}

/// Where a card lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardPlace {
    /// Slot `slot` of carried core `core`.
    Deck {
        /// Index into [`Loadout::cores`].
        core: usize,
        /// Slot index.
        slot: usize,
    },
    /// Entry of the waiting area.
    Waiting(usize),
}

/// Where a card is dragged from or to in the lab: a slot of the active
/// core's board, or an entry of the waiting area (the carried cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// Slot of the active core's board.
    Slot(usize),
    /// Entry of the waiting area.
    Waiting(usize),
}

/// The player's cores and spare cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loadout {
    cores: Vec<CarriedCore>,
    active: usize,
    /// Cards without a slot, at most the shop's waiting-area size.
    pub waiting: Vec<Card>,
}

impl Loadout {
    /// A loadout with one core, active.
    pub fn new(core: CarriedCore) -> Self {
        Self {
            cores: vec![core],
            active: 0,
            waiting: Vec::new(),
        }
    }

    /// The carried cores, in the order bought.
    pub fn cores(&self) -> &[CarriedCore] {
        &self.cores
    }

    /// Mutable access to a carried core's deck (the lab reorders cards).
    pub fn deck_mut(&mut self, core: usize) -> Option<&mut Vec<Card>> {
        self.cores.get_mut(core).map(|c| &mut c.deck)
    }

    /// The core that fires in the next fight.
    pub fn active(&self) -> &CarriedCore {
        &self.cores[self.active]
    }

    /// Index of the active core.
    pub fn active_index(&self) -> usize {
        self.active
    }

    /// The active deck's spell ids, in slot order (what the VM loads).
    pub fn active_deck_ids(&self) -> Vec<String> {
        self.active().deck.iter().map(|c| c.id.clone()).collect()
    }

    pub(crate) fn set_active(&mut self, index: usize) -> Result<(), ShopError> {
        if index >= self.cores.len() {
            return Err(ShopError::NoSuchCore(index));
        }
        self.active = index;
        Ok(())
    }

    pub(crate) fn add_core(&mut self, core: CarriedCore, max: usize) -> Result<(), ShopError> {
        if self.cores.len() >= max {
            return Err(ShopError::CoresFull { max });
        }
        self.cores.push(core);
        Ok(())
    }

    pub(crate) fn remove_core(&mut self, index: usize, waiting_max: usize) -> Result<CarriedCore, ShopError> {
        if index >= self.cores.len() {
            return Err(ShopError::NoSuchCore(index));
        }
        if index == self.active {
            return Err(ShopError::CannotSellActiveCore);
        }
        if self.waiting.len() + self.cores[index].deck.len() > waiting_max {
            return Err(ShopError::WaitingAreaFull { max: waiting_max });
        }
        let mut core = self.cores.remove(index);
        self.waiting.append(&mut core.deck);
        if self.active > index {
            self.active -= 1;
        }
        Ok(core)
    }

    /// Puts a new card in the active deck if it has a free slot, else in the
    /// waiting area; fails when both are full.
    pub(crate) fn add_card(&mut self, card: Card, waiting_max: usize) -> Result<CardPlace, ShopError> {
        let active = self.active;
        let core = &mut self.cores[active];
        if core.deck.len() < core.capacity {
            core.deck.push(card);
            return Ok(CardPlace::Deck {
                core: active,
                slot: core.deck.len() - 1,
            });
        }
        if self.waiting.len() < waiting_max {
            self.waiting.push(card);
            return Ok(CardPlace::Waiting(self.waiting.len() - 1));
        }
        Err(ShopError::WaitingAreaFull { max: waiting_max })
    }

    /// Takes a card out of where it lies.
    pub(crate) fn take_card(&mut self, place: CardPlace) -> Result<Card, ShopError> {
        match place {
            CardPlace::Deck { core, slot } => {
                let deck = &mut self.cores.get_mut(core).ok_or(ShopError::NoSuchCore(core))?.deck;
                if slot >= deck.len() {
                    return Err(ShopError::NoSuchCard);
                }
                Ok(deck.remove(slot))
            }
            CardPlace::Waiting(i) => {
                if i >= self.waiting.len() {
                    return Err(ShopError::NoSuchCard);
                }
                Ok(self.waiting.remove(i))
            }
        }
    }

    /// Moves a card from a deck slot to the waiting area.
    pub fn stash(&mut self, core: usize, slot: usize, waiting_max: usize) -> Result<(), ShopError> {
        if self.waiting.len() >= waiting_max {
            return Err(ShopError::WaitingAreaFull { max: waiting_max });
        }
        let card = self.take_card(CardPlace::Deck { core, slot })?;
        self.waiting.push(card);
        Ok(())
    }

    /// Moves a waiting card to the end of a core's deck, if it has a free slot.
    pub fn unstash(&mut self, waiting: usize, core: usize) -> Result<(), ShopError> {
        let c = self.cores.get(core).ok_or(ShopError::NoSuchCore(core))?;
        if c.deck.len() >= c.capacity {
            return Err(ShopError::DeckFull { capacity: c.capacity });
        }
        let card = self.take_card(CardPlace::Waiting(waiting))?;
        self.cores[core].deck.push(card);
        Ok(())
    }

    /// Moves a card from one spot to another (a reorder, slotting or
    /// unslotting) of the active core. The deck stays compact: cards fill
    /// slots from the first, so a drop past the end lands at the end.
    /// Nothing moves when the spot is empty, the deck is full, or the
    /// waiting area is full.
    pub fn move_card(&mut self, from: Spot, to: Spot, waiting_max: usize) -> Result<(), ShopError> {
        let active = self.active;
        let capacity = self.cores[active].capacity;
        let deck_len = self.cores[active].deck.len();
        match from {
            Spot::Slot(i) if i >= deck_len => return Err(ShopError::NoSuchCard),
            Spot::Waiting(i) if i >= self.waiting.len() => return Err(ShopError::NoSuchCard),
            _ => {}
        }
        match (from, to) {
            (Spot::Waiting(_), Spot::Slot(_)) if deck_len >= capacity => {
                return Err(ShopError::DeckFull { capacity });
            }
            (Spot::Slot(_), Spot::Waiting(_)) if self.waiting.len() >= waiting_max => {
                return Err(ShopError::WaitingAreaFull { max: waiting_max });
            }
            _ if from == to => return Ok(()),
            _ => {}
        }
        let card = match from {
            Spot::Slot(i) => self.cores[active].deck.remove(i),
            Spot::Waiting(i) => self.waiting.remove(i),
        };
        match to {
            Spot::Slot(i) => {
                let deck = &mut self.cores[active].deck;
                deck.insert(i.min(deck.len()), card);
            }
            Spot::Waiting(i) => self.waiting.insert(i.min(self.waiting.len()), card),
        }
        Ok(())
    }

    /// Makes carried core `index` active and carries the active deck into it:
    /// the cards go, in order, after the new core's own cards while it has
    /// free slots, and the rest wait in the waiting area. Refused, with
    /// nothing moved, when the overflow would not fit there.
    pub fn carry_deck_to(&mut self, index: usize, waiting_max: usize) -> Result<(), ShopError> {
        if index >= self.cores.len() {
            return Err(ShopError::NoSuchCore(index));
        }
        if index == self.active {
            return Ok(());
        }
        let free = self.cores[index]
            .capacity
            .saturating_sub(self.cores[index].deck.len());
        let moving = self.cores[self.active].deck.len();
        let overflow = moving.saturating_sub(free);
        if self.waiting.len() + overflow > waiting_max {
            return Err(ShopError::WaitingAreaFull { max: waiting_max });
        }
        let mut cards = std::mem::take(&mut self.cores[self.active].deck);
        let rest = cards.split_off(moving.min(free));
        self.cores[index].deck.extend(cards);
        self.waiting.extend(rest);
        self.active = index;
        Ok(())
    }
}
