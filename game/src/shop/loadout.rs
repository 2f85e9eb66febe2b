//! What the player carries between fights: up to three cores, each with its own
//! deck, one of them active, and a waiting area for cards that have no slot
//! (docs/game.md#cores, docs/game.md#loadout-and-cpu).
//!
//! The active core changes only through [`crate::shop::Shop::switch_core`], so
//! a core can only be switched in the shop phase, never in a fight.

use crate::shop::ShopError;
pub use crate::vm::EntryOn;

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
    /// The core's extra entries (Sentinel: on hit, Reaper: on kill), each
    /// with its own small deck the player fills like the main one.
    pub entries: Vec<EntryDeck>,
}

/// One extra entry of a carried core and the cards slotted into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryDeck {
    /// When it is cast.
    pub on: EntryOn,
    /// Slots.
    pub capacity: usize,
    /// Cards, in slot order.
    pub cards: Vec<Card>,
}

impl CarriedCore {
    /// A carried core with an empty deck and empty entries of these capacities.
    pub fn new(id: impl Into<String>, paid: u64, capacity: usize, entries: &[(EntryOn, usize)]) -> Self {
        Self {
            id: id.into(),
            paid,
            capacity,
            deck: Vec::new(),
            entries: entries
                .iter()
                .map(|&(on, capacity)| EntryDeck {
                    on,
                    capacity,
                    cards: Vec::new(),
                })
                .collect(),
        }
    }
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
/// core's board, a slot of one of its extra entries, or an entry of the
/// waiting area (the carried cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// Slot of the active core's board.
    Slot(usize),
    /// Slot of the active core's extra entry (on hit, on kill).
    Entry(EntryOn, usize),
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
    /// Slots every core gains from the player's CPU ([`Loadout::slots_for_cpu`]).
    pub bonus_slots: usize,
    /// The chip kept by the Store Magic enchantment, cast on a key press by
    /// whichever core is active: one slot while an item with Store Magic is
    /// worn, none otherwise (a card left in it waits, unused).
    pub stored: EntryDeck,
}

/// CPU the player starts with; each whole point above it is one more slot.
pub const BASE_CPU: f32 = 5.0;

impl Loadout {
    /// A loadout with one core, active.
    pub fn new(core: CarriedCore) -> Self {
        Self {
            cores: vec![core],
            active: 0,
            waiting: Vec::new(),
            bonus_slots: 0,
            stored: EntryDeck {
                on: EntryOn::Stored,
                capacity: 0,
                cards: Vec::new(),
            },
        }
    }

    /// Slots a player with `cpu` CPU gains on every core: one per whole point
    /// above [`BASE_CPU`]. docs/game.md#loadout-and-cpu: "CPU raises the core's slot cap
    /// and decides how complex a spell you can build"; the same stat also sets
    /// the VM's op budget (docs/game.md#stats-and-caps), which real decks rarely reach.
    pub fn slots_for_cpu(cpu: f32) -> usize {
        (cpu - BASE_CPU).floor().max(0.0) as usize
    }

    /// Slots of `core` now: its own plus the CPU's. When the CPU drops, a
    /// fuller deck keeps its cards but takes no new one until it fits.
    pub fn capacity_of(&self, core: &CarriedCore) -> usize {
        core.capacity + self.bonus_slots
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
        let cards = self.cores[index].deck.len()
            + self.cores[index]
                .entries
                .iter()
                .map(|e| e.cards.len())
                .sum::<usize>();
        if self.waiting.len() + cards > waiting_max {
            return Err(ShopError::WaitingAreaFull { max: waiting_max });
        }
        let mut core = self.cores.remove(index);
        self.waiting.append(&mut core.deck);
        for e in &mut core.entries {
            self.waiting.append(&mut e.cards);
        }
        if self.active > index {
            self.active -= 1;
        }
        Ok(core)
    }

    /// Puts a new card in the active deck if it has a free slot, else in the
    /// waiting area; fails when both are full.
    pub(crate) fn add_card(&mut self, card: Card, waiting_max: usize) -> Result<CardPlace, ShopError> {
        let active = self.active;
        let cap = self.capacity_of(&self.cores[active]);
        let core = &mut self.cores[active];
        if core.deck.len() < cap {
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

    /// Puts a bought card where it acts ([`placement`]):
    /// a shot at the end of the active deck, a chip that acts on the next one
    /// in front of the deck's last shot. With no free slot, or nothing for it
    /// to act on, it waits beside the core; fails when that is full too.
    pub(crate) fn add_card_placed(
        &mut self,
        card: Card,
        role: ChipRole,
        fires: &[String],
        waiting_max: usize,
    ) -> Result<CardPlace, ShopError> {
        let active = self.active;
        let cap = self.capacity_of(&self.cores[active]);
        let deck = &self.cores[active].deck;
        let room = deck.len() < cap;
        let at = placement(deck, role, |id| fires.iter().any(|f| f == id));
        let slot = match at {
            Some(slot) if room => slot,
            _ if self.waiting.len() < waiting_max => {
                self.waiting.push(card);
                return Ok(CardPlace::Waiting(self.waiting.len() - 1));
            }
            // Nothing to act on and no room to wait: the deck's end.
            _ if room => deck.len(),
            _ => return Err(ShopError::WaitingAreaFull { max: waiting_max }),
        };
        self.cores[active].deck.insert(slot, card);
        Ok(CardPlace::Deck { core: active, slot })
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
        if c.deck.len() >= self.capacity_of(c) {
            return Err(ShopError::DeckFull {
                capacity: self.capacity_of(c),
            });
        }
        let card = self.take_card(CardPlace::Waiting(waiting))?;
        self.cores[core].deck.push(card);
        Ok(())
    }

    /// Moves a card from one spot to another (a reorder, slotting or
    /// unslotting) of the active core. Decks stay compact: cards fill slots
    /// from the first, so a drop past the end lands at the end. Nothing moves
    /// when the spot is empty, the receiving deck or entry is full, or the
    /// waiting area is full.
    pub fn move_card(&mut self, from: Spot, to: Spot, waiting_max: usize) -> Result<(), ShopError> {
        let active = self.active;
        let len = |me: &Self, spot: Spot| -> Option<(usize, usize)> {
            let core = &me.cores[active];
            match spot {
                Spot::Slot(_) => Some((core.deck.len(), me.capacity_of(core))),
                Spot::Entry(EntryOn::Stored, _) => Some((me.stored.cards.len(), me.stored.capacity)),
                Spot::Entry(on, _) => core
                    .entries
                    .iter()
                    .find(|e| e.on == on)
                    .map(|e| (e.cards.len(), e.capacity)),
                Spot::Waiting(_) => Some((me.waiting.len(), waiting_max)),
            }
        };
        let same = |a: Spot, b: Spot| match (a, b) {
            (Spot::Slot(_), Spot::Slot(_)) | (Spot::Waiting(_), Spot::Waiting(_)) => true,
            (Spot::Entry(x, _), Spot::Entry(y, _)) => x == y,
            _ => false,
        };
        let index = |s: Spot| match s {
            Spot::Slot(i) | Spot::Entry(_, i) | Spot::Waiting(i) => i,
        };
        let (from_len, _) = len(self, from).ok_or(ShopError::NoSuchCard)?;
        if index(from) >= from_len {
            return Err(ShopError::NoSuchCard);
        }
        let (to_len, to_cap) = len(self, to).ok_or(ShopError::NoSuchCard)?;
        if from == to {
            return Ok(());
        }
        if !same(from, to) && to_len >= to_cap {
            return Err(match to {
                Spot::Waiting(_) => ShopError::WaitingAreaFull { max: waiting_max },
                _ => ShopError::DeckFull { capacity: to_cap },
            });
        }
        let card = self.cards_at(from).remove(index(from));
        let dest = self.cards_at(to);
        let at = index(to).min(dest.len());
        dest.insert(at, card);
        Ok(())
    }

    /// The card list a spot of the active core lies in (it exists: checked by the caller).
    fn cards_at(&mut self, spot: Spot) -> &mut Vec<Card> {
        let active = self.active;
        match spot {
            Spot::Slot(_) => &mut self.cores[active].deck,
            Spot::Waiting(_) => &mut self.waiting,
            Spot::Entry(EntryOn::Stored, _) => &mut self.stored.cards,
            Spot::Entry(on, _) => {
                let core = &mut self.cores[active];
                let i = core.entries.iter().position(|e| e.on == on).unwrap_or(0);
                &mut core.entries[i].cards
            }
        }
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
        let free = self
            .capacity_of(&self.cores[index])
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

/// What a chip does when it is drawn, as far as placing it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ChipRole {
    /// It fires on its own (an action): it acts wherever it lies.
    #[default]
    Fires,
    /// It acts on the chip drawn after it (modifier, multicast, trigger's
    /// payload, gate, loop, counter): it needs a shot behind it.
    ActsOnNext,
}

/// Where a bought chip of `role` goes in `deck` (`Some(slot)` to insert at,
/// `None`: it waits beside the core). A shot goes last. A chip that acts on
/// the next goes just in front of the deck's last shot (`fires` tells which
/// cards fire), so the cast reaches it before the deck runs out; with no shot
/// in the deck it has nothing to act on and waits.
pub fn placement(deck: &[Card], role: ChipRole, fires: impl Fn(&str) -> bool) -> Option<usize> {
    match role {
        ChipRole::Fires => Some(deck.len()),
        ChipRole::ActsOnNext => deck.iter().rposition(|c| fires(&c.id)),
    }
}
