//! The **starter** policy: the simple shopper the sim had before the balance pass (docs/balance.md),
//! kept as the baseline a balance change is measured against. It buys what
//! looks strong on the shelf without a plan.
//!
//! **Level-ups**: take the offered upgrade that ranks first in
//! [`LEVELUP_PRIORITY`] (unknown ids rank last, ties go to the first offered).
//!
//! **Shop**, between waves, always keeping [`RESERVE`] gold for interest:
//! (1) equip stashed items into empty slots, in the order they dropped (at
//! the armoury);
//! (2) buy the offered core with the most slots above the active core's when
//! affordable, move the deck into it and make it active; (3) while the deck
//! has a free slot, buy the offered spell that [`spell_score`] ranks highest
//! among those whose mana keeps the deck within [`MANA_SECONDS`] of regen
//! (multicasts, damage modifiers, one homing, one pierce, then damaging
//! actions), refreshing the shelf when nothing wanted is offered (at most
//! [`MAX_REFRESHES`] times, only with [`REFRESH_FLOOR`] gold to spare);
//! (4) lay the deck out modifiers → multicasts → actions, so modifiers ride
//! every projectile a multicast draws; (5) buy shelf-C offers in
//! [`STAT_PRIORITY`] order while affordable.

use super::send;
use crate::economy::LevelUpTable;
use crate::loot::gear_actions::EquipmentAction;
use crate::run::{Command, Run, RunError};
use crate::shop::Shelf;
use crate::shop::loadout::Spot;
use crate::stats::StatId;
use crate::vm::SpellKind;

/// Gold kept after shopping (interest).
pub const RESERVE: u64 = 20;
/// A spell is bought only while one pass through the deck costs at most this
/// many seconds of mana regeneration (core + player): past it, casts starve
/// and chips fizzle (measured: two damage modifiers on the starter core
/// dealt less than one).
pub const MANA_SECONDS: f32 = 2.0;
/// Shelf refreshes per shop visit at most.
pub const MAX_REFRESHES: u32 = 2;
/// A refresh is paid only while at least this much gold is left after it.
pub const REFRESH_FLOOR: u64 = 150;

/// Level-up ids in the order the script prefers them.
pub const LEVELUP_PRIORITY: &[&str] = &[
    "might",
    "focus",
    "vitality",
    "sharpness",
    "plating",
    "capacitor",
    "regeneration",
    "swiftness",
    "wellspring",
    "reservoir",
];

/// Stats the script buys on shelf C, most wanted first.
pub const STAT_PRIORITY: &[StatId] = &[
    StatId::DamageMult,
    StatId::ManaRegen,
    StatId::CastDelayMod,
    StatId::HpMax,
    StatId::Armor,
    StatId::DamageFlat,
    StatId::MoveSpeed,
    StatId::HpRegen,
];

/// Index into `offer` (indices into `table.upgrades`) of the upgrade to take.
pub fn pick_levelup(table: &LevelUpTable, offer: &[usize]) -> Option<usize> {
    let rank = |i: usize| {
        let id = &table.upgrades[i].id;
        LEVELUP_PRIORITY
            .iter()
            .position(|p| p == id)
            .unwrap_or(usize::MAX)
    };
    (0..offer.len()).min_by_key(|&k| (rank(offer[k]), k))
}

/// What the script did in one shop visit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShopVisit {
    /// Ids bought, in order.
    pub bought: Vec<String>,
    /// Gold spent.
    pub spent: u64,
    /// Items equipped from the stash.
    pub equipped: u32,
}

impl ShopVisit {
    /// Buys offer `index` of `shelf` (`id` at `price`) and books it.
    pub(super) fn buy(
        &mut self,
        run: &mut Run,
        shelf: Shelf,
        index: usize,
        id: String,
        price: u64,
    ) -> Result<(), RunError> {
        send(run, Command::Buy { shelf, index })?;
        self.bought.push(id);
        self.spent += price;
        Ok(())
    }

    /// Refreshes the shelves for `cost` and books it.
    pub(super) fn refresh(&mut self, run: &mut Run, cost: u64) -> Result<(), RunError> {
        send(run, Command::Refresh)?;
        self.bought.push("(refresh)".to_string());
        self.spent += cost;
        Ok(())
    }
}

/// Runs the shop policy of the module docs on a run in its shop phase,
/// through commands only.
pub fn shop(run: &mut Run) -> Result<ShopVisit, RunError> {
    let mut visit = ShopVisit::default();
    let cat = run.world().catalog().clone();
    // 1. Equip into empty slots, in the order the items dropped.
    equip_stash(run, &cat, &mut visit)?;
    let def = &cat.run.shop;
    // 2. A bigger core when affordable: the deck moves over and it is made active.
    upgrade_core(run, &cat, &mut visit)?;
    // 3. Spells by [`spell_score`] into free slots, refreshing the shelf when
    //    it has nothing wanted (at most `MAX_REFRESHES`, only when rich enough).
    let mut refreshes = 0;
    loop {
        let (world, carry) = (run.world(), run.carry());
        let active = carry.loadout.active();
        if active.deck.len() >= active.capacity {
            break;
        }
        let gold = carry.wallet.gold();
        let deck: Vec<String> = active.deck.iter().map(|c| c.id.clone()).collect();
        let spell_mana = |id: &str| cat.spells.find(id).map_or(0.0, |i| cat.spells.get(i).mana);
        let deck_mana: f32 = deck.iter().map(|d| spell_mana(d)).sum();
        let core_regen = cat
            .cores
            .find(&active.id)
            .map_or(0.0, |i| cat.cores.get(i).mana_regen);
        let mana_budget = (core_regen + world.player.stat(StatId::ManaRegen)) * MANA_SECONDS;
        let Some(shop) = run.shop() else { break };
        let pick = shop
            .spells
            .iter()
            .enumerate()
            .filter(|(_, o)| !o.sold && o.price + RESERVE <= gold)
            .filter(|(_, o)| deck_mana + spell_mana(&o.id) <= mana_budget)
            .filter_map(|(i, o)| spell_score(&cat, &deck, &o.id).map(|sc| (i, sc, o.price)))
            .max_by(|a, b| a.1.cmp(&b.1).then(b.2.cmp(&a.2)).then(b.0.cmp(&a.0)))
            .map(|(i, _, _)| (i, shop.spells[i].id.clone(), shop.spells[i].price));
        let Some((i, id, price)) = pick else {
            let cost = shop.refresh_cost(def);
            if refreshes >= MAX_REFRESHES || gold < cost + REFRESH_FLOOR {
                break;
            }
            visit.refresh(run, cost)?;
            refreshes += 1;
            continue;
        };
        visit.buy(run, Shelf::Spells, i, id, price)?;
    }
    arrange_deck(run, &cat)?;
    // 4. Stats by priority.
    for want in STAT_PRIORITY {
        let gold = run.carry().wallet.gold();
        let Some(shop) = run.shop() else { break };
        let pick = shop.stats.iter().enumerate().find(|(_, o)| {
            !o.sold
                && o.price + RESERVE <= gold
                && def
                    .stat_offers
                    .iter()
                    .find(|s| s.id == o.id)
                    .is_some_and(|s| s.modifiers.iter().any(|m| m.stat == *want))
        });
        let Some((i, o)) = pick else { continue };
        let (id, price) = (o.id.clone(), o.price);
        visit.buy(run, Shelf::Stats, i, id, price)?;
    }
    Ok(visit)
}

/// Wears stashed items whose slot is empty, through the armoury.
pub(super) fn equip_stash(
    run: &mut Run,
    cat: &crate::catalog::Catalog,
    visit: &mut ShopVisit,
) -> Result<(), RunError> {
    let fits = |run: &Run, i: usize| {
        let carry = run.carry();
        carry
            .stash
            .get(i)
            .and_then(|item| cat.loot.bases.get(&item.base))
            .and_then(|b| b.class.slot())
            .is_some_and(|s| carry.equipment.slot(s).is_none())
    };
    equip_where(run, visit, fits)
}

/// Opens the armoury and wears every stashed item `want` picks (re-asked
/// after each change, in stash order), then closes it; does nothing when no
/// item is wanted. Both policies equip through it.
pub(super) fn equip_where(
    run: &mut Run,
    visit: &mut ShopVisit,
    want: impl Fn(&Run, usize) -> bool,
) -> Result<(), RunError> {
    if !(0..run.carry().stash.len()).any(|i| want(run, i)) {
        return Ok(());
    }
    send(run, Command::OpenArmoury)?;
    let mut i = 0;
    while i < run.carry().stash.len() {
        if want(run, i) && run.apply(Command::Equip(EquipmentAction::Equip(i))).is_ok() {
            visit.equipped += 1;
        } else {
            i += 1;
        }
    }
    send(run, Command::CloseArmoury)
}

/// How much the script wants spell `id` given its active deck (`None`: not
/// at all). The stated wish list, highest first:
/// multicasts while the deck has fewer than two (400 + 100 per draw); damage
/// modifiers without an HP cost while the deck has no more of them than
/// multicasts (one per multicast plus one: a modifier laid before a multicast
/// rides all its draws; piling them on one bolt is overkill) (300 + their
/// damage); one homing modifier
/// (250); one pierce modifier (200); then any plain damaging action (its damage
/// × projectile count, at least 1). Ties go to the cheaper offer.
pub fn spell_score(cat: &crate::catalog::Catalog, deck: &[String], id: &str) -> Option<u32> {
    let spell = cat.spells.get(cat.spells.find(id)?);
    let count = |pred: &dyn Fn(&crate::vm::SpellDef) -> bool| {
        deck.iter()
            .filter_map(|d| cat.spells.find(d))
            .filter(|&i| pred(cat.spells.get(i)))
            .count()
    };
    match spell.kind {
        SpellKind::Multicast if count(&|s| s.kind == SpellKind::Multicast) < 2 => {
            Some(400 + 100 * spell.draw.unwrap_or(1))
        }
        SpellKind::Modifier => {
            let m = spell.modifier.as_ref()?;
            let damage_mods = count(&|s| s.modifier.as_ref().is_some_and(|m| m.add_damage > 0.0));
            let multicasts = count(&|s| s.kind == SpellKind::Multicast);
            if m.add_damage > 0.0 && spell.hp_cost <= 0.0 && damage_mods <= multicasts {
                Some(300 + m.add_damage as u32)
            } else if m.homing > 0.0 && count(&|s| s.modifier.as_ref().is_some_and(|m| m.homing > 0.0)) == 0 {
                Some(250)
            } else if m.add_pierce > 0
                && count(&|s| s.modifier.as_ref().is_some_and(|m| m.add_pierce > 0)) == 0
            {
                Some(200)
            } else {
                None
            }
        }
        SpellKind::Action => {
            let p = spell.projectile.as_ref()?;
            let dmg = p.damage * p.count as f32;
            (dmg > 0.0 && p.explosion_radius <= 0.0).then(|| (dmg as u32).max(1))
        }
        _ => None,
    }
}

/// Buys the offered core with the most capacity above the active one's when
/// gold allows (keeping [`RESERVE`]), carries the active deck into it and
/// makes it active. Board cores are skipped (their boosts and branches follow board
/// positions, not the linear layout of [`arrange_deck`]; measured: the
/// matrix board with a linear deck killed 4 grunts in W1); other cores count
/// by capacity alone.
fn upgrade_core(run: &mut Run, cat: &crate::catalog::Catalog, visit: &mut ShopVisit) -> Result<(), RunError> {
    let gold = run.carry().wallet.gold();
    let have = run.carry().loadout.active().capacity;
    let Some(shop) = run.shop() else { return Ok(()) };
    let pick = shop
        .cores
        .iter()
        .enumerate()
        .filter(|(_, o)| !o.sold && o.price + RESERVE <= gold)
        .filter_map(|(i, o)| {
            let c = cat.cores.get(cat.cores.find(&o.id)?);
            (c.capacity as usize > have && c.board.is_none()).then_some((i, c.capacity))
        })
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(i, _)| i);
    let Some(i) = pick else { return Ok(()) };
    let (id, price) = (shop.cores[i].id.clone(), shop.cores[i].price);
    let carried_before = run.carry().loadout.cores().len();
    if run
        .apply(Command::Buy {
            shelf: Shelf::Cores,
            index: i,
        })
        .is_err()
    {
        // Three cores carried already: the script does not sell to make room.
        return Ok(());
    }
    visit.bought.push(id);
    visit.spent += price;
    send(
        run,
        Command::SwitchCore {
            core: carried_before,
            carry_deck: true,
        },
    )
}

/// Lays the active deck out so every modifier reaches the most projectiles:
/// modifiers first (a modifier's scope rides the draws that follow it), then
/// multicasts (most draws first), then everything else, each group in its
/// current order. Done as card moves, as a player drags them.
pub(super) fn arrange_deck(run: &mut Run, cat: &crate::catalog::Catalog) -> Result<(), RunError> {
    let rank = |id: &str| match cat.spells.find(id).map(|i| cat.spells.get(i).kind) {
        Some(SpellKind::Modifier) => (0, 0),
        Some(SpellKind::Multicast) => {
            let draw = cat
                .spells
                .find(id)
                .and_then(|i| cat.spells.get(i).draw)
                .unwrap_or(1);
            (1, u32::MAX - draw)
        }
        _ => (2, 0),
    };
    let ids: Vec<String> = run
        .carry()
        .loadout
        .active()
        .deck
        .iter()
        .map(|c| c.id.clone())
        .collect();
    let mut target: Vec<usize> = (0..ids.len()).collect();
    target.sort_by_key(|&i| rank(&ids[i]));
    // `current[k]` is the original index of the card now in slot k.
    let mut current: Vec<usize> = (0..ids.len()).collect();
    for (t, want) in target.iter().enumerate() {
        let j = current.iter().position(|c| c == want).unwrap_or(t);
        if j != t {
            send(
                run,
                Command::MoveCard {
                    from: Spot::Slot(j),
                    to: Spot::Slot(t),
                },
            )?;
            let c = current.remove(j);
            current.insert(t, c);
        }
    }
    Ok(())
}
