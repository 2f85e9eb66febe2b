//! The moves a competent shop visit is made of, once the trials have
//! chosen: laying the deck out, selling idle cores, buying defence, equipping
//! better gear and spending the surplus.

use std::collections::HashMap;

use super::super::send;
use super::super::starter::ShopVisit;
use super::{RESERVE, SURPLUS_KEEP, armour_target, arrange, hp_target, spend_floor};
use crate::catalog::Catalog;
use crate::loot::item::ItemClass;
use crate::run::{Command, Run, RunError};
use crate::shop::loadout::{CardPlace, Spot};
use crate::shop::{Shelf, StatOfferDef};
use crate::stats::StatId;

/// Makes the active deck `arrange(want)`: cards of the deck and the waiting
/// area that `want` leaves out are sold, then cards are moved into place.
pub(super) fn lay_out(run: &mut Run, cat: &Catalog, want: &[String]) -> Result<(), RunError> {
    let target = arrange(cat, want);
    // Sell what the target does not use: from the deck, then the waiting area.
    let mut need: HashMap<&str, usize> = HashMap::new();
    for t in &target {
        *need.entry(t.as_str()).or_default() += 1;
    }
    let core = run.carry().loadout.active_index();
    let mut slot = 0;
    loop {
        let deck = run.carry().loadout.active_deck_ids();
        let Some(id) = deck.get(slot) else { break };
        match need.get_mut(id.as_str()) {
            Some(n) if *n > 0 => {
                *n -= 1;
                slot += 1;
            }
            _ => send(run, Command::SellCard(CardPlace::Deck { core, slot }))?,
        }
    }
    let mut k = 0;
    while k < run.carry().loadout.waiting.len() {
        let id = run.carry().loadout.waiting[k].id.clone();
        match need.get_mut(id.as_str()) {
            Some(n) if *n > 0 => {
                *n -= 1;
                k += 1;
            }
            _ => send(run, Command::SellCard(CardPlace::Waiting(k)))?,
        }
    }
    // Place each target card.
    for (t, id) in target.iter().enumerate() {
        let deck = run.carry().loadout.active_deck_ids();
        if deck.get(t) == Some(id) {
            continue;
        }
        let from = if let Some(j) = deck.iter().skip(t).position(|d| d == id) {
            Spot::Slot(t + j)
        } else if let Some(j) = run.carry().loadout.waiting.iter().position(|c| &c.id == id) {
            Spot::Waiting(j)
        } else {
            continue;
        };
        send(
            run,
            Command::MoveCard {
                from,
                to: Spot::Slot(t),
            },
        )?;
    }
    Ok(())
}

/// Sells carried cores that are not active (their cards go to the waiting
/// area and are sold with the rest by the next [`lay_out`]).
pub(super) fn sell_idle_cores(run: &mut Run) -> Result<(), RunError> {
    loop {
        let l = &run.carry().loadout;
        let Some(i) = (0..l.cores().len()).find(|&i| i != l.active_index()) else {
            return Ok(());
        };
        if !l.cores()[i].deck.is_empty() && l.waiting.len() + l.cores()[i].deck.len() > 5 {
            return Ok(());
        }
        send(run, Command::SellCore(i))?;
    }
}

/// Buys HP, armour and regeneration offers while short of the targets.
pub(super) fn buy_defence(
    run: &mut Run,
    def: &crate::shop::ShopDef,
    visit: &mut ShopVisit,
) -> Result<(), RunError> {
    loop {
        let (w, carry) = (run.world(), run.carry());
        let gold = carry.wallet.gold();
        let want_hp = w.player.stat(StatId::HpMax) < hp_target(w.wave);
        let want_armour = w.player.stat(StatId::Armor) < armour_target(w.wave);
        if !want_hp && !want_armour {
            return Ok(());
        }
        let Some(shop) = run.shop() else { return Ok(()) };
        let gives = |o: &StatOfferDef, s: StatId| o.modifiers.iter().any(|m| m.stat == s);
        let pick = shop.stats.iter().enumerate().find(|(_, o)| {
            !o.sold
                && o.price + RESERVE <= gold
                && def.stat_offers.iter().find(|s| s.id == o.id).is_some_and(|s| {
                    (want_hp && (gives(s, StatId::HpMax) || gives(s, StatId::HpRegen)))
                        || (want_armour && gives(s, StatId::Armor))
                })
        });
        let Some((i, o)) = pick else { return Ok(()) };
        let (id, price) = (o.id.clone(), o.price);
        visit.buy(run, Shelf::Stats, i, id, price)?;
    }
}

/// Wears stashed items into empty slots or over worse ones (module docs).
/// `blade_in_hand`: `Some(true)`, a fighter keeps a blade in hand (in the
/// hands a blade beats any core item, and a core item never replaces a
/// worn blade); `Some(false)`, a caster keeps a core item the same way;
/// `None`, rarity and item level decide. `wears_blade` false: no blade is
/// worn at all (the bolts-only control holds no area tool).
pub(super) fn equip_better(
    run: &mut Run,
    cat: &Catalog,
    visit: &mut ShopVisit,
    blade_in_hand: Option<bool>,
    wears_blade: bool,
) -> Result<(), RunError> {
    let is_blade = |base: &str| {
        cat.loot
            .bases
            .get(base)
            .is_some_and(|b| b.class == ItemClass::Blade)
    };
    let better = |run: &Run, i: usize| {
        let carry = run.carry();
        let Some(item) = carry.stash.get(i) else {
            return false;
        };
        let Some(slot) = cat.loot.bases.get(&item.base).and_then(|b| b.class.slot()) else {
            return false;
        };
        if !wears_blade && is_blade(&item.base) {
            return false;
        }
        match carry.equipment.slot(slot) {
            None => true,
            Some(worn) if blade_in_hand.is_some() && is_blade(&item.base) != is_blade(&worn.base) => {
                blade_in_hand == Some(is_blade(&item.base))
            }
            Some(worn) => (item.rarity, item.ilvl) > (worn.rarity, worn.ilvl),
        }
    };
    super::super::starter::equip_where(run, visit, better)
}

/// Spends gold beyond [`SURPLUS_KEEP`] and the saving on HP, armour and
/// regeneration offers (the DPS purchases came first): gold kept past the
/// settlement's interest cap is power left on the table.
pub(super) fn buy_surplus(
    run: &mut Run,
    def: &crate::shop::ShopDef,
    visit: &mut ShopVisit,
) -> Result<(), RunError> {
    loop {
        let gold = run.carry().wallet.gold();
        let keep = SURPLUS_KEEP.max(spend_floor(run));
        let Some(shop) = run.shop() else { return Ok(()) };
        let defensive = |id: &str| {
            def.stat_offers.iter().find(|s| s.id == id).is_some_and(|s| {
                s.modifiers
                    .iter()
                    .any(|m| matches!(m.stat, StatId::HpMax | StatId::HpRegen | StatId::Armor))
            })
        };
        let pick = shop
            .stats
            .iter()
            .enumerate()
            .find(|(_, o)| !o.sold && o.price + keep <= gold && defensive(&o.id));
        let Some((i, o)) = pick else { return Ok(()) };
        let (id, price) = (o.id.clone(), o.price);
        visit.buy(run, Shelf::Stats, i, id, price)?;
    }
}
