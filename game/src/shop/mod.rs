//! The shop between waves (docs/game.md#shop), logic only:
//! shelf A sells spells, shelf B cores, shelf C stat upgrades; refreshing costs
//! 20 + 10·n gold for the n-th refresh of the wave (n from 0) and resets each
//! wave; a card sells for half its price, at least 10; cards without a slot wait
//! in an area of 5; at most 3 cores are carried and one is active, switched only
//! here.
//!
//! Shelf A and B prices come from the spell and core data (the caller passes a
//! [`ShopPool`] built from the catalogue); shelf C and every rule number come from
//! `data/shop.json`.

mod def;
pub mod loadout;
pub mod stock;
pub mod unlocks;

use rand_chacha::ChaCha8Rng;

pub use def::{RefreshDef, SHOP_FILE, SellDef, ShelfSizes, ShopDef, SpellWeight, StatOfferDef};
pub use loadout::ChipRole;
pub use loadout::{Card, CardPlace, CarriedCore, Loadout};
pub use unlocks::{Grant, Unlock, UnlockTree};

use crate::economy::Wallet;
use crate::stats::StatModifier;

/// A spell or core the shop can stock, with its data price.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PoolEntry {
    /// Spell or core id.
    pub id: String,
    /// Gold.
    pub price: u64,
    /// Relative chance of being stocked (0 = never, e.g. locked).
    pub weight: f32,
    /// Slot capacity (cores only; 0 for spells).
    pub capacity: usize,
    /// The core's extra entries and their slots (cores only).
    pub entries: Vec<(crate::vm::EntryOn, usize)>,
    /// Where a bought chip goes (spells only; [`loadout::placement`]).
    pub role: ChipRole,
}

/// What shelves A and B can stock this wave, built by the caller from the catalogue.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShopPool {
    /// Shelf A.
    pub spells: Vec<PoolEntry>,
    /// Shelf B.
    pub cores: Vec<PoolEntry>,
    /// Every chip that fires a shot of its own when drawn: what a bought
    /// modifier or trigger is placed in front of ([`loadout::placement`]).
    pub fires: Vec<String>,
    /// Shelf C offers that would change nothing on the build now (a stat at
    /// its cap, max mana above the active core's): never stocked.
    pub dead_stats: Vec<String>,
}

/// Draws `n` fresh offers, none of the ids given, from the shop stream.
type FreshOffers<'a> = dyn Fn(usize, &[String], &mut ChaCha8Rng) -> Vec<Offer> + 'a;

/// The three shelves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shelf {
    /// A: spells.
    Spells,
    /// B: cores.
    Cores,
    /// C: stat upgrades.
    Stats,
}

/// One offer on a shelf.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    /// Spell, core or stat-offer id.
    pub id: String,
    /// Gold.
    pub price: u64,
    /// Bought already this stocking.
    pub sold: bool,
    /// Kept by the player: it stays through refreshes and into the next
    /// shop, at its price.
    pub locked: bool,
}

/// What a purchase gave; stat purchases return their modifiers for the player.
#[derive(Debug, Clone, PartialEq)]
pub enum Purchase {
    /// A spell card, and where it went.
    Spell(CardPlace),
    /// A core, now carried at this index.
    Core(usize),
    /// Stat modifiers to add to the player (source: shop).
    Stats(Vec<StatModifier>),
}

/// Why a shop action was refused (shown to the player as is).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShopError {
    /// Not enough gold.
    #[error("not enough gold: {need} needed, {have} held")]
    NotEnoughGold {
        /// Price.
        need: u64,
        /// Held.
        have: u64,
    },
    /// The offer index is out of range.
    #[error("there is no offer {index} on shelf {shelf:?}")]
    NoSuchOffer {
        /// Shelf.
        shelf: Shelf,
        /// Index asked.
        index: usize,
    },
    /// Bought already.
    #[error("that offer is sold")]
    SoldOut,
    /// Carrying the maximum of cores.
    #[error("at most {max} cores can be carried: sell one first")]
    CoresFull {
        /// The limit.
        max: usize,
    },
    /// No slot and no room in the waiting area.
    #[error("the waiting area holds at most {max} cards: sell or slot one first")]
    WaitingAreaFull {
        /// The limit.
        max: usize,
    },
    /// The target deck has no free slot.
    #[error("the core has no free slot (capacity {capacity})")]
    DeckFull {
        /// The core's capacity.
        capacity: usize,
    },
    /// No core at that index.
    #[error("no carried core {0}")]
    NoSuchCore(usize),
    /// No card there.
    #[error("no card there")]
    NoSuchCard,
    /// The active core cannot be sold.
    #[error("the active core cannot be sold: switch to another first")]
    CannotSellActiveCore,
    /// A stat offer id is unknown (a stale shelf).
    #[error("unknown stat offer `{0}`")]
    UnknownStatOffer(String),
}

/// The shop of one wave's shop phase.
#[derive(Debug, Clone, PartialEq)]
pub struct Shop {
    /// Shelf A offers.
    pub spells: Vec<Offer>,
    /// Shelf B offers.
    pub cores: Vec<Offer>,
    /// Shelf C offers.
    pub stats: Vec<Offer>,
    refreshes: u32,
}

impl Shop {
    /// Opens the shop for a new shop phase: fresh stock, refresh price back to its base.
    pub fn open(def: &ShopDef, pool: &ShopPool, rng: &mut ChaCha8Rng) -> Self {
        Self::open_keeping(def, pool, rng, Vec::new())
    }

    /// Opens the shop with the offers locked in the last one
    /// ([`Shop::locked_offers`]) back on their shelves, still locked, at
    /// their prices; fresh stock fills the rest. A kept core the player has
    /// come to carry meanwhile is dropped (shelf B never offers a carried core).
    pub fn open_keeping(
        def: &ShopDef,
        pool: &ShopPool,
        rng: &mut ChaCha8Rng,
        mut kept: Vec<(Shelf, Offer)>,
    ) -> Self {
        kept.retain(|(s, o)| *s != Shelf::Cores || pool.cores.iter().any(|c| c.id == o.id));
        let mut s = Self {
            spells: Vec::new(),
            cores: Vec::new(),
            stats: Vec::new(),
            refreshes: 0,
        };
        s.stock(def, pool, rng, kept);
        s
    }

    /// Refreshes done this wave.
    pub fn refreshes(&self) -> u32 {
        self.refreshes
    }

    /// What the next refresh costs.
    pub fn refresh_cost(&self, def: &ShopDef) -> u64 {
        def.refresh_cost(self.refreshes)
    }

    /// Fresh offers on every shelf. No shelf shows the same offer twice
    /// (docs/screens.md#no-traps), and a stat offer that would change
    /// nothing on the build now is left out. (Carried cores are not in the
    /// pool at all: `Run::pool`.)
    fn restock(&mut self, def: &ShopDef, pool: &ShopPool, rng: &mut ChaCha8Rng) {
        let kept = self.locked_offers();
        self.stock(def, pool, rng, kept);
    }

    /// Fills every shelf: the `kept` offers first, where they were, then
    /// fresh ones. No shelf shows the same offer twice
    /// (docs/screens.md#no-traps), and a stat offer that would change
    /// nothing on the build now is left out. (Carried cores are not in the
    /// pool at all: `Run::pool`.)
    fn stock(&mut self, def: &ShopDef, pool: &ShopPool, rng: &mut ChaCha8Rng, kept: Vec<(Shelf, Offer)>) {
        let sizes = &def.shelves;
        let kept_on = |shelf: Shelf| -> Vec<Offer> {
            kept.iter()
                .filter(|(s, _)| *s == shelf)
                .map(|(_, o)| o.clone())
                .collect()
        };
        let fill = |mut shelf: Vec<Offer>, fresh: &FreshOffers<'_>, n: usize, rng: &mut ChaCha8Rng| {
            let taken: Vec<String> = shelf.iter().map(|o| o.id.clone()).collect();
            let more = fresh(n.saturating_sub(shelf.len()), &taken, rng);
            shelf.extend(more);
            shelf
        };
        self.spells = fill(
            kept_on(Shelf::Spells),
            &|n, taken, rng| {
                stock::draw_distinct(&pool.spells, n, taken, |e| &e.id, |e| e.weight, |e| e.price, rng)
            },
            sizes.spells,
            rng,
        );
        self.cores = fill(
            kept_on(Shelf::Cores),
            &|n, taken, rng| {
                stock::draw_distinct(&pool.cores, n, taken, |e| &e.id, |e| e.weight, |e| e.price, rng)
            },
            sizes.cores,
            rng,
        );
        let live: Vec<&StatOfferDef> = def
            .stat_offers
            .iter()
            .filter(|o| !pool.dead_stats.contains(&o.id))
            .collect();
        self.stats = fill(
            kept_on(Shelf::Stats),
            &|n, taken, rng| stock::draw_distinct(&live, n, taken, |o| &o.id, |o| o.weight, |o| o.price, rng),
            sizes.stats,
            rng,
        );
    }

    /// The offers the player locked and has not bought, with their shelves:
    /// what the next refresh, and the next shop, keep.
    pub fn locked_offers(&self) -> Vec<(Shelf, Offer)> {
        [Shelf::Spells, Shelf::Cores, Shelf::Stats]
            .into_iter()
            .flat_map(|s| {
                self.shelf(s)
                    .iter()
                    .filter(|o| o.locked && !o.sold)
                    .map(move |o| (s, o.clone()))
            })
            .collect()
    }

    /// Locks or unlocks offer `index` of `shelf` (free); returns whether it
    /// is locked now. A sold offer has nothing to keep.
    pub fn toggle_lock(&mut self, shelf: Shelf, index: usize) -> Result<bool, ShopError> {
        let offers = match shelf {
            Shelf::Spells => &mut self.spells,
            Shelf::Cores => &mut self.cores,
            Shelf::Stats => &mut self.stats,
        };
        let o = offers
            .get_mut(index)
            .ok_or(ShopError::NoSuchOffer { shelf, index })?;
        if o.sold {
            return Err(ShopError::SoldOut);
        }
        o.locked = !o.locked;
        Ok(o.locked)
    }

    /// Pays for a refresh and restocks every shelf; returns the price paid.
    pub fn refresh(
        &mut self,
        def: &ShopDef,
        pool: &ShopPool,
        wallet: &mut Wallet,
        rng: &mut ChaCha8Rng,
    ) -> Result<u64, ShopError> {
        let cost = self.refresh_cost(def);
        if !wallet.pay(cost) {
            return Err(ShopError::NotEnoughGold {
                need: cost,
                have: wallet.gold(),
            });
        }
        self.refreshes += 1;
        self.restock(def, pool, rng);
        Ok(cost)
    }

    /// The offers of a shelf.
    pub fn shelf(&self, shelf: Shelf) -> &[Offer] {
        match shelf {
            Shelf::Spells => &self.spells,
            Shelf::Cores => &self.cores,
            Shelf::Stats => &self.stats,
        }
    }

    /// Buys offer `index` of `shelf`. Spells go to the active deck or the waiting
    /// area; cores join the carried ones (not active); stats return their
    /// modifiers for the caller to give the player. Nothing changes on failure.
    pub fn buy(
        &mut self,
        def: &ShopDef,
        pool: &ShopPool,
        shelf: Shelf,
        index: usize,
        wallet: &mut Wallet,
        loadout: &mut Loadout,
    ) -> Result<Purchase, ShopError> {
        let offer = self
            .shelf(shelf)
            .get(index)
            .ok_or(ShopError::NoSuchOffer { shelf, index })?
            .clone();
        if offer.sold {
            return Err(ShopError::SoldOut);
        }
        if wallet.gold() < offer.price {
            return Err(ShopError::NotEnoughGold {
                need: offer.price,
                have: wallet.gold(),
            });
        }
        // Check room before paying.
        let purchase = match shelf {
            Shelf::Spells => {
                let a = loadout.active();
                if a.deck.len() >= loadout.capacity_of(a) && loadout.waiting.len() >= def.waiting_area {
                    return Err(ShopError::WaitingAreaFull {
                        max: def.waiting_area,
                    });
                }
                let card = Card {
                    id: offer.id.clone(),
                    paid: offer.price,
                };
                let role = pool
                    .spells
                    .iter()
                    .find(|e| e.id == offer.id)
                    .map_or(ChipRole::Fires, |e| e.role);
                Purchase::Spell(loadout.add_card_placed(card, role, &pool.fires, def.waiting_area)?)
            }
            Shelf::Cores => {
                let entry = pool.cores.iter().find(|c| c.id == offer.id);
                let capacity = entry.map_or(0, |c| c.capacity);
                let entries = entry.map_or(&[][..], |c| &c.entries[..]);
                loadout.add_core(
                    CarriedCore::new(offer.id.clone(), offer.price, capacity, entries),
                    def.max_cores,
                )?;
                Purchase::Core(loadout.cores().len() - 1)
            }
            Shelf::Stats => {
                let o = def
                    .stat_offers
                    .iter()
                    .find(|o| o.id == offer.id)
                    .ok_or_else(|| ShopError::UnknownStatOffer(offer.id.clone()))?;
                Purchase::Stats(o.modifiers.clone())
            }
        };
        let paid = wallet.pay(offer.price);
        debug_assert!(paid, "gold was checked above");
        match shelf {
            Shelf::Spells => self.spells[index].sold = true,
            Shelf::Cores => self.cores[index].sold = true,
            Shelf::Stats => self.stats[index].sold = true,
        }
        match shelf {
            Shelf::Spells => self.spells[index].locked = false,
            Shelf::Cores => self.cores[index].locked = false,
            Shelf::Stats => self.stats[index].locked = false,
        }
        Ok(purchase)
    }

    /// Sells a card from a deck or the waiting area; returns the gold received.
    pub fn sell_card(
        &self,
        def: &ShopDef,
        place: CardPlace,
        wallet: &mut Wallet,
        loadout: &mut Loadout,
    ) -> Result<u64, ShopError> {
        let card = loadout.take_card(place)?;
        let price = def.sell_price(card.paid);
        wallet.earn(price);
        Ok(price)
    }

    /// Sells a carried core that is not active; its cards move to the waiting area
    /// (refused when they do not fit). Returns the gold received.
    pub fn sell_core(
        &self,
        def: &ShopDef,
        index: usize,
        wallet: &mut Wallet,
        loadout: &mut Loadout,
    ) -> Result<u64, ShopError> {
        let core = loadout.remove_core(index, def.waiting_area)?;
        let price = def.sell_price(core.paid);
        wallet.earn(price);
        Ok(price)
    }

    /// Makes carried core `index` the active one. Only the shop can do this, so a
    /// core is never switched during a fight.
    pub fn switch_core(&self, loadout: &mut Loadout, index: usize) -> Result<(), ShopError> {
        loadout.set_active(index)
    }
}

#[cfg(test)]
mod tests;
