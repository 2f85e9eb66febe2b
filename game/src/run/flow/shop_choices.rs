//! The choices between waves that decide without buying: locking a shop
//! offer (free; it stays through refreshes and into the next shop),
//! rerolling the level-up window (gold, dearer with each use in that
//! window) and trying a shelf chip on the build (free: the window measures
//! it, the run only remembers which chip is being tried). Each is a
//! [`Command`](super::Command), so a replay records and plays them back
//! (docs/screens.md#shop).

use super::{CommandError, Phase, Run};
use crate::shop::{Offer, Shelf};

/// What these choices leave in a run.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShopChoices {
    /// The offers locked when the last shop was left, for the next one.
    pub kept: Vec<(Shelf, Offer)>,
    /// Rerolls made in the level-up window now open.
    pub rerolls: u32,
    /// The shelf A chip being tried on, by id (presentation: not hashed).
    pub trying: Option<String>,
}

impl ShopChoices {
    /// The part that is run state, or `None` while nothing was chosen (so a
    /// run that never uses these hashes as before).
    pub fn hashed(&self) -> Option<(&[(Shelf, Offer)], u32)> {
        (!self.kept.is_empty() || self.rerolls > 0).then_some((&self.kept[..], self.rerolls))
    }
}

impl Run {
    /// Shop: locks or unlocks an offer, for nothing.
    pub(super) fn lock_offer(&mut self, shelf: Shelf, index: usize) -> Result<Option<String>, CommandError> {
        let shop = self.shop.as_mut().ok_or_else(|| wrong(Phase::Shop, "lock"))?;
        let locked = shop
            .toggle_lock(shelf, index)
            .map_err(|e| CommandError::Refused(e.to_string()))?;
        Ok(Some(
            if locked { "Locked: it stays" } else { "Unlocked" }.to_string(),
        ))
    }

    /// Level-up: pays the window's next reroll price and draws a new offer
    /// from the level-up stream.
    pub(super) fn reroll_levelup(&mut self) -> Result<Option<String>, CommandError> {
        let cat = self.world.catalog().clone();
        let cost = self.levelup_reroll_cost();
        if !self.carry.wallet.pay(cost) {
            return Err(CommandError::Refused(format!(
                "not enough gold: the reroll costs {cost}, {} held",
                self.carry.wallet.gold()
            )));
        }
        self.offer = cat.run.economy.levelups.offer(&mut self.levelup_rng);
        self.choices.rerolls += 1;
        Ok(Some(format!("Rerolled for {cost} gold")))
    }

    /// What the next reroll of the open level-up window costs.
    pub fn levelup_reroll_cost(&self) -> u64 {
        let r = &self.world.catalog().run.shop.levelup_reroll;
        r.base + r.step * u64::from(self.choices.rerolls)
    }

    /// Shop: tries shelf A's offer `index` on the build (the window
    /// measures it; nothing is paid and nothing in the run changes).
    pub(super) fn try_on(&mut self, index: usize) -> Result<Option<String>, CommandError> {
        let shop = self.shop.as_ref().ok_or_else(|| wrong(Phase::Shop, "try"))?;
        let offer = shop
            .spells
            .get(index)
            .ok_or_else(|| CommandError::Refused(format!("there is no chip {} on the shelf", index + 1)))?;
        self.choices.trying = Some(offer.id.clone());
        Ok(None)
    }

    /// The shelf chip being tried on, if any.
    pub fn trying(&self) -> Option<&str> {
        self.choices.trying.as_deref()
    }

    /// Rerolls made in the level-up window now open.
    pub fn levelup_rerolls(&self) -> u32 {
        self.choices.rerolls
    }

    /// Leaving the shop: its locked offers wait for the next one.
    pub(super) fn keep_locked(&mut self) {
        self.choices.kept = self.shop.as_ref().map(|s| s.locked_offers()).unwrap_or_default();
        self.choices.trying = None;
    }
}

fn wrong(phase: Phase, command: &'static str) -> CommandError {
    CommandError::WrongPhase { command, phase }
}
