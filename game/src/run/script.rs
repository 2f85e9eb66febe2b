//! The scripted player of `artificer sim`: how it moves, what it buys, which
//! level-up it takes. Deterministic (no randomness of its own) and simple on
//! purpose, so a balance change shows in the sim's numbers, not in the script.
//!
//! **Movement**, each step: of 16 headings (and standing still), take the one
//! whose position 0.4 s ahead is least dangerous (enemies and poison pools
//! weigh 1/distance², walls within `WALL` px weigh steeply, the centre pulls
//! slightly); when no enemy is within `DANGER` px, the nearest coin within
//! `COIN_SEEK` px pulls too. See [`steer`].
//!
//! **Level-ups**: take the offered upgrade that ranks first in
//! [`LEVELUP_PRIORITY`] (unknown ids rank last, ties go to the first offered).
//!
//! **Shop**, between waves: (1) equip stashed items into empty slots, in the
//! order they dropped; (2) if the active deck has no multicast and a free
//! slot, buy the cheapest multicast offered and put it at the head of the
//! deck; (3) while the deck has a free slot, buy the offered action with the
//! most base damage per gold; (4) then buy shelf-C offers in
//! [`STAT_PRIORITY`] order while affordable,
//! keeping `RESERVE` gold for interest; never refresh, never buy or switch
//! cores.

use glam::Vec2;

use crate::economy::LevelUpTable;
use crate::shop::{Shelf, Shop, ShopPool};
use crate::stats::StatId;
use crate::vm::SpellKind;
use crate::world::World;

/// Enemies closer than this (px) are run from.
pub const DANGER: f32 = 220.0;
/// Coins closer than this (px) are walked to.
pub const COIN_SEEK: f32 = 500.0;
/// Walls closer than this (px) push back.
pub const WALL: f32 = 150.0;
/// Gold kept after shopping (interest).
pub const RESERVE: u64 = 20;

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
    StatId::CastDelayMod,
    StatId::HpMax,
    StatId::Armor,
    StatId::DamageFlat,
    StatId::MoveSpeed,
    StatId::HpRegen,
];

/// Candidate headings tried each step.
const HEADINGS: usize = 16;
/// How far ahead, s, a heading is judged.
const LOOKAHEAD: f32 = 0.4;

/// The direction the script walks this step (unit or zero).
///
/// It tries [`HEADINGS`] headings and takes the one whose position
/// [`LOOKAHEAD`] s ahead has the least danger: Σ 1/d² over enemies within
/// `DANGER` × 2 (d: distance to the enemy's edge), pools as big enemies, a
/// steep penalty within `WALL` px of a wall, a pull toward the centre; and,
/// when no enemy is within `DANGER`, the distance to the nearest coin within
/// `COIN_SEEK`. Ties go to the first heading (east, then counter-clockwise).
pub fn steer(world: &World) -> Vec2 {
    let p = world.player.pos;
    let speed = world.player.stat(StatId::MoveSpeed);
    let arena = world.catalog().run.world.arena;
    let reach = DANGER * 2.0;
    let mut near: Vec<(Vec2, f32)> = Vec::new();
    let mut threatened = false;
    for e in world.enemies().slots() {
        if !e.alive {
            continue;
        }
        let d = e.pos.distance(p) - e.radius;
        if d < reach {
            near.push((e.pos, e.radius));
        }
        threatened |= d < DANGER;
    }
    for pool in world.enemies().pools() {
        let c = Vec2::from_array(pool.center);
        if c.distance(p) < pool.radius + reach {
            near.push((c, pool.radius + world.player.radius));
            threatened = true;
        }
    }
    let coin = if threatened {
        None
    } else {
        world
            .coins()
            .coins
            .iter()
            .map(|c| (c.pos, c.pos.distance_squared(p)))
            .filter(|(_, d)| *d < COIN_SEEK * COIN_SEEK)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(c, _)| c)
    };
    let cost = |q: Vec2| {
        let mut c = 0.0f32;
        for &(e, r) in &near {
            let d = (q.distance(e) - r).max(4.0);
            c += 10_000.0 / (d * d);
        }
        for edge in [q.x, q.y, arena.width - q.x, arena.height - q.y] {
            if edge < WALL {
                let t = 1.0 - edge.max(0.0) / WALL;
                c += 50.0 * t * t;
            }
        }
        c += q.distance(arena.centre()) * 0.002;
        if let Some(coin) = coin {
            c += q.distance(coin) * 0.02;
        }
        c
    };
    let mut best = (Vec2::ZERO, cost(p));
    for k in 0..HEADINGS {
        let a = k as f32 * std::f32::consts::TAU / HEADINGS as f32;
        let dir = Vec2::new(a.cos(), a.sin());
        let c = cost(p + dir * speed * LOOKAHEAD);
        if c < best.1 {
            best = (dir, c);
        }
    }
    best.0
}

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

/// Runs the shop policy of the module docs on `world`.
pub fn shop(world: &mut World, shop: &mut Shop, pool: &ShopPool) -> ShopVisit {
    let mut visit = ShopVisit::default();
    let cat = world.catalog().clone();
    // 1. Equip into empty slots.
    let stash = std::mem::take(&mut world.stash);
    for item in stash {
        let slot = cat.loot.bases.get(&item.base).and_then(|b| b.class.slot());
        let free = slot.is_some_and(|s| world.equipment.slot(s).is_none());
        if free && world.equip(item.clone()).is_ok() {
            visit.equipped += 1;
        } else {
            world.stash.push(item);
        }
    }
    let def = &cat.run.shop;
    // 2. A multicast first, if the deck has none: it goes to the head of the deck.
    let has_multicast = world.loadout.active().deck.iter().any(|c| {
        cat.spells
            .find(&c.id)
            .is_some_and(|i| cat.spells.get(i).kind == SpellKind::Multicast)
    });
    if !has_multicast && world.loadout.active().deck.len() < world.loadout.active().capacity {
        let gold = world.wallet.gold();
        let pick = shop
            .spells
            .iter()
            .enumerate()
            .filter(|(_, o)| !o.sold && o.price + RESERVE <= gold)
            .filter(|(_, o)| {
                cat.spells
                    .find(&o.id)
                    .is_some_and(|i| cat.spells.get(i).kind == SpellKind::Multicast)
            })
            .min_by_key(|(i, o)| (o.price, *i))
            .map(|(i, _)| i);
        if let Some(i) = pick {
            let (id, price) = (shop.spells[i].id.clone(), shop.spells[i].price);
            if let Ok(crate::shop::Purchase::Spell(crate::shop::CardPlace::Deck { core, slot })) =
                shop.buy(def, pool, Shelf::Spells, i, &mut world.wallet, &mut world.loadout)
                && let Some(deck) = world.loadout.deck_mut(core)
            {
                let card = deck.remove(slot);
                deck.insert(0, card);
                visit.bought.push(id);
                visit.spent += price;
            }
        }
    }
    // 3. Damaging actions into free slots: the most base damage per gold first.
    loop {
        let active = world.loadout.active();
        if active.deck.len() >= active.capacity {
            break;
        }
        let gold = world.wallet.gold();
        let damage = |id: &str| {
            cat.spells
                .find(id)
                .map(|i| cat.spells.get(i))
                .filter(|s| s.kind == SpellKind::Action)
                .and_then(|s| s.projectile.as_ref())
                .map_or(0.0, |p| p.damage)
        };
        let pick = shop
            .spells
            .iter()
            .enumerate()
            .filter(|(_, o)| !o.sold && o.price + RESERVE <= gold && damage(&o.id) > 0.0)
            .max_by(|(i, a), (j, b)| {
                let (ra, rb) = (
                    damage(&a.id) / a.price.max(1) as f32,
                    damage(&b.id) / b.price.max(1) as f32,
                );
                ra.total_cmp(&rb).then(j.cmp(i))
            })
            .map(|(i, _)| i);
        let Some(i) = pick else { break };
        let id = shop.spells[i].id.clone();
        let price = shop.spells[i].price;
        if shop
            .buy(def, pool, Shelf::Spells, i, &mut world.wallet, &mut world.loadout)
            .is_err()
        {
            break;
        }
        visit.bought.push(id);
        visit.spent += price;
    }
    // 4. Stats by priority.
    for want in STAT_PRIORITY {
        let gold = world.wallet.gold();
        let pick = shop.stats.iter().enumerate().find(|(_, o)| {
            !o.sold
                && o.price + RESERVE <= gold
                && def
                    .stat_offers
                    .iter()
                    .find(|s| s.id == o.id)
                    .is_some_and(|s| s.modifiers.iter().any(|m| m.stat == *want))
        });
        let Some((i, _)) = pick else { continue };
        let id = shop.stats[i].id.clone();
        let price = shop.stats[i].price;
        if let Ok(crate::shop::Purchase::Stats(mods)) =
            shop.buy(def, pool, Shelf::Stats, i, &mut world.wallet, &mut world.loadout)
        {
            world.player.add_modifiers(crate::player::StatSource::Shop, &mods);
            visit.bought.push(id);
            visit.spent += price;
        }
    }
    visit
}
