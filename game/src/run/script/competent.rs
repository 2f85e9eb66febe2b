//! The **competent** policy: a player who read the codex and tries builds on
//! the lab's test range before paying for them.
//!
//! **The plan** has no fixed shopping list: every chip on the shelf but
//! those of [`NEVER`] is tried on the range, and the deck holds what
//! measures best. Damage modifiers are laid ahead of a loop and the
//! multicasts so they ride every draw, and a trigger (a turret, a timer)
//! ahead of them all, so it carries the rest of the cast as its payload and
//! repeats it (docs/balance.md#builds-that-multiply), and one Pierce ahead
//! of an on-hit trigger, so its carrier casts the payload at every enemy it
//! passes through; bigger cores bring more slots. Before the void lord,
//! physical actions give way (its regeneration on physical hits).
//!
//! **Measuring.** A candidate build is played on the test range in a world
//! of its own, twice: against one unarmoured dummy
//! ([`measure::trial_dps`]) and against a crowd of the next wave's mean HP
//! all round the player, as many dummies as the waves have grown dense
//! ([`measure::crowd_size`]), replaced as they die ([`measure::crowd_dps`])
//! (inside a blade's reach for the fighter, packed in one horde for the
//! turret builder, the volley, the elemental caster and the heavy hitter:
//! [`Archetype::close_quarters`], [`Archetype::horde`]);
//! [`TRIAL_WARMUP_S`] s are not counted, then [`TRIAL_S`] s are, from the
//! full mana bar a wave opens with, or from an empty one for the archetypes
//! whose decks fire without pause ([`Archetype::sustained`]). A change
//! is judged by the gain of the geometric mean of the two, and refused when
//! it costs more than [`SINGLE_KEEP`] of the single-target DPS (the bosses).
//! The run is never touched, and every decision becomes ordinary commands.
//!
//! **Level-ups**: when the player is short of the survivability target
//! ([`hp_target`], [`armour_target`]), the first offered of vitality /
//! plating / regeneration; otherwise the offered upgrade that raises the
//! measured DPS most, if by at least [`MIN_GAIN`]; otherwise the first by
//! [`LEVELUP_FALLBACK`].
//!
//! **Shop**, between waves:
//! 1. Loot: wear every stashed item whose slot is empty or whose worn item
//!    is of lower rarity (or equal rarity and lower item level); a steered
//!    fighter keeps a blade in hand, the volley a blade through W10 and a
//!    core item after it, the
//!    elemental caster a core item from W10 ([`Archetype::blade_in_hand`]).
//! 2. Survivability first: buy the offered HP, armour and regeneration
//!    offers while the player is below [`hp_target`] / [`armour_target`].
//! 3. Then, greedily, the purchase with the best measured DPS gain per gold,
//!    among: each affordable chip tried (added to a free slot, or replacing
//!    the card whose loss costs least), each affordable stat offer, and each
//!    affordable non-board core with more slots than the active one (the
//!    deck carried over; each extra slot credited [`SLOT_GAIN`], since
//!    today's deck cannot show what it will hold). A purchase must gain at
//!    least [`MIN_GAIN`]. Refreshes grow with the gold held
//!    ([`RICH_PER_REFRESH`]); gold past [`SURPLUS_KEEP`] and the saving then
//!    goes to HP, armour and regeneration.
//!    When nothing qualifies, the shelf is refreshed (at most
//!    [`MAX_REFRESHES`] times, only with [`REFRESH_FLOOR`] gold left).
//! 4. Saving: from wave [`SAVE_FROM_WAVE`] to [`SAVE_UNTIL_WAVE`], until a
//!    core of [`SAVE_FOR_SLOTS`] slots is carried, half the gold is kept back for it
//!    (cores excepted), which also earns the settlement's interest; such a
//!    core, once offered and affordable, is bought ahead of anything else
//!    ([`SAVED_CORE_BONUS`]).
//! 5. The void lord heals on physical hits: from wave [`PURGE_FROM_WAVE`]
//!    (the heavy hitter's last shop, [`Archetype::purge_from`])
//!    no physical action is bought and replacing one is worth
//!    [`PURGE_BONUS`]; before wave 20 the remaining physical actions, and
//!    the triggers whose carrier shot is physical ([`physical_carrier`]),
//!    are sold while another action stays: one bolt that reaches the lord
//!    beats a deck whose every hit heals it.
//! 6. The deck is laid out by [`arrange`] (coats, then damage modifiers,
//!    other modifiers, the loop, multicasts largest first, then actions;
//!    one Pierce ahead of an on-hit trigger),
//!    cards left out are sold, and bought cores are switched to with the
//!    deck carried over.

use std::collections::HashMap;

use super::measure::{self, Ground, Trial};
use super::send;
use super::starter::ShopVisit;
use crate::catalog::Catalog;
use crate::economy::LevelUpTable;
use crate::run::{Command, Run, RunError};
use crate::shop::Shelf;
use crate::stats::{StatId, StatModifier};
use crate::vm::SpellKind;
use crate::world::World;

pub mod archetype;
mod layout;
mod shop_moves;

pub use archetype::Archetype;
pub use layout::arrange;
use shop_moves::{buy_defence, buy_surplus, equip_better, lay_out, sell_idle_cores};

/// The chips the policy never tries, each for a reason the test range cannot
/// show: the nuke and Heavy Cost hurt their caster, the mist and the black
/// hole deal nothing a dummy counts, Speed Zero parks its shots, the gates
/// open on situations the range never makes, and raw registers run only on
/// the DEBUG core. Every other chip on the shelf is tried on the range and
/// bought only when it measures better.
pub const NEVER: &[&str] = &[
    "nuke",
    "heavy_cost",
    "healing_mist",
    "black_hole",
    "speed_zero",
    "if_hp_low",
    "if_enemy_close",
    "lifesteal_mod",
];

/// Whether the policy (steered to `arch`, if any) tries chip `id` on the
/// range (see [`NEVER`], [`Archetype::tries`], [`Archetype::allows`]).
pub fn tried(cat: &Catalog, id: &str, arch: Option<Archetype>, wave: u32) -> bool {
    let waves = cat.waves.len() as u32;
    !NEVER.contains(&id)
        && arch.is_none_or(|a| a.tries_after(id, wave, waves) && a.allows(cat, &[id.to_string()]))
        && cat
            .spells
            .find(id)
            .is_some_and(|i| cat.spells.get(i).kind != SpellKind::Register)
}

/// Seconds of a trial not counted.
pub const TRIAL_WARMUP_S: f32 = 1.5;
/// Seconds of a trial measured.
pub const TRIAL_S: f32 = 3.0;
/// A change may cost at most this share of the single-target DPS (the
/// bosses of W8, W10, W15 and W20 are one target).
pub const SINGLE_KEEP: f64 = 0.7;
/// From this wave on, the deck is readied for the void lord: physical
/// actions are not bought, and replacing one is worth [`PURGE_BONUS`].
pub const PURGE_FROM_WAVE: u32 = 11;
/// Gain credited per physical action replaced (from [`PURGE_FROM_WAVE`]).
pub const PURGE_BONUS: f64 = 0.25;
/// Smallest relative DPS gain worth paying for.
pub const MIN_GAIN: f64 = 0.03;
/// Gold kept after shopping.
pub const RESERVE: u64 = 20;
/// Shelf refreshes per visit at most.
pub const MAX_REFRESHES: u32 = 3;
/// A refresh is paid only while at least this much gold is left after it.
pub const REFRESH_FLOOR: u64 = 120;
/// Saving for a big core starts at this wave.
pub const SAVE_FROM_WAVE: u32 = 6;
/// Saving stops once a core with this many slots is carried.
pub const SAVE_FOR_SLOTS: usize = 8;
/// Gain credited to a core per slot it has beyond the active one's.
pub const SLOT_GAIN: f64 = 0.12;
/// Gain credited to the core saved for (one of [`SAVE_FOR_SLOTS`] slots or
/// more, offered while saving): enough to put it ahead of any chip or stat
/// offer, so the saving buys what it was kept for (docs/balance.md#scripted-players).
/// Without it a core's gain per gold (500–2,000 gold against a chip's
/// 50–400) never won, and every run ended on the starter core.
pub const SAVED_CORE_BONUS: f64 = 10.0;
/// A bigger core may measure at most this much lower on today's deck.
pub const SLOT_LOSS: f64 = 0.15;
/// Saving for a big core stops at this wave (what is saved then is spent).
pub const SAVE_UNTIL_WAVE: u32 = 15;
/// One refresh more per this much gold held (beyond [`MAX_REFRESHES`]).
pub const RICH_PER_REFRESH: u64 = 400;
/// Gold above this (and the saving) is spent on survivability once the
/// DPS purchases are done (the settlement's interest is capped).
pub const SURPLUS_KEEP: u64 = 300;
/// Purchases per visit at most (bounds the trials).
const MAX_PURCHASES: usize = 12;
/// Level-ups taken when none raises the DPS, most wanted first.
pub const LEVELUP_FALLBACK: &[&str] = &[
    "vitality",
    "plating",
    "regeneration",
    "wellspring",
    "focus",
    "capacitor",
    "swiftness",
    "reservoir",
];

/// Max HP the policy wants before wave `wave + 1`.
pub fn hp_target(wave: u32) -> f32 {
    100.0 + 15.0 * wave.saturating_sub(1) as f32
}

/// Armour the policy wants before wave `wave + 1`.
pub fn armour_target(wave: u32) -> f32 {
    0.5 * wave.saturating_sub(2) as f32
}

fn short_of_defence(w: &World) -> bool {
    w.player.stat(StatId::HpMax) < hp_target(w.wave) || w.player.stat(StatId::Armor) < armour_target(w.wave)
}

/// Index into `offer` of the level-up to take (module docs).
pub fn pick_levelup(
    run: &Run,
    table: &LevelUpTable,
    offer: &[usize],
    arch: Option<Archetype>,
) -> Option<usize> {
    let id = |k: usize| table.upgrades[offer[k]].id.as_str();
    if short_of_defence(run.world())
        && let Some(k) = (0..offer.len()).find(|&k| matches!(id(k), "vitality" | "plating" | "regeneration"))
    {
        return Some(k);
    }
    let stage = stage(run, arch);
    let base = trial(run, None, &[], stage);
    let best = (0..offer.len())
        .map(|k| {
            (
                k,
                gain(trial(run, None, &table.upgrades[offer[k]].modifiers, stage), base),
            )
        })
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
    if let Some((k, g)) = best
        && g > MIN_GAIN
    {
        return Some(k);
    }
    let rank = |k: usize| {
        LEVELUP_FALLBACK
            .iter()
            .position(|p| *p == id(k))
            .unwrap_or(usize::MAX)
    };
    (0..offer.len()).min_by_key(|&k| (rank(k), k))
}

/// Whether this run's trials stand the dummies inside the blade's reach:
/// a fighter ([`Archetype::close_quarters`]) once it wears a blade. Before
/// the first blade drops it shops as any competent player, by what its
/// deck does across the range, and so in its last shop, where it readies
/// its bolts for the void lord ([`Archetype::readies_for_lord`]).
fn close_quarters(run: &Run, arch: Option<Archetype>) -> bool {
    let w = run.world();
    let waves = w.catalog().waves.len() as u32;
    fights_close(w, arch) && arch.is_some_and(|a| !a.readies_for_lord(w.wave, waves))
}

/// Whether the player is a fighter ([`Archetype::close_quarters`]) with a
/// blade in hand: its build fights inside the blade's reach, where
/// `build_dps` reads it (docs/balance.md#archetypes).
pub fn fights_close(world: &crate::world::World, arch: Option<Archetype>) -> bool {
    arch.is_some_and(Archetype::close_quarters) && world.gear().melee.is_some()
}

/// Where the run's trials stand their dummies: close once a fighter wears
/// a blade ([`close_quarters`]), a packed horde for the volley, the
/// elemental caster and the heavy hitter ([`Archetype::horde`]), else
/// across the range.
fn ground(run: &Run, arch: Option<Archetype>) -> Ground {
    if close_quarters(run, arch) {
        Ground::Close
    } else if arch.is_some_and(Archetype::horde) {
        Ground::Horde
    } else {
        Ground::Range
    }
}

/// How a run's trials are staged: where the dummies stand ([`ground`]),
/// and whether the mana bar starts empty ([`Archetype::sustained`]).
#[derive(Debug, Clone, Copy, Default)]
struct Stage {
    ground: Ground,
    empty_bar: bool,
}

/// The run's [`Stage`] now (the fighter's ground changes once a blade drops).
fn stage(run: &Run, arch: Option<Archetype>) -> Stage {
    Stage {
        ground: ground(run, arch),
        empty_bar: arch.is_some_and(Archetype::sustained),
    }
}

/// The score of a build: its single-target DPS ([`measure::trial_dps`]),
/// with its kill rate against a crowd of the next wave's mean HP
/// ([`measure::crowd_dps`]) beside it, staged as `stage` says.
fn trial(run: &Run, core: Option<(&str, &[String])>, extra: &[StatModifier], stage: Stage) -> (f64, f64) {
    let t = Trial {
        core,
        extra,
        ground: stage.ground,
        empty_bar: stage.empty_bar,
    };
    let (world, carry) = (run.world(), run.carry());
    let single = measure::trial_dps(world, carry, &t, TRIAL_WARMUP_S, TRIAL_S);
    let next = world.wave + 1;
    let crowd = (measure::crowd_hp(world, next), measure::crowd_size(next));
    let crowd = measure::crowd_dps(world, carry, &t, crowd, TRIAL_WARMUP_S, TRIAL_S);
    (single, crowd)
}

/// Relative gain of `new` over `base`: of the geometric mean of the
/// single-target DPS and the crowd kill rate (the waves are crowds now, the
/// bosses one target, and neither may be given up for the other), or
/// nothing when the single-target DPS falls below [`SINGLE_KEEP`] of what it
/// was. Every archetype is judged so: the nuke carrier too meets crowds
/// before it meets a boss.
fn gain(new: (f64, f64), base: (f64, f64)) -> f64 {
    if new.0 < SINGLE_KEEP * base.0 {
        return -1.0;
    }
    let score = |v: (f64, f64)| (v.0.max(1.0) * v.1.max(1.0)).sqrt();
    score(new) / score(base) - 1.0
}

/// Whether `id` is an action that deals physical damage (the void lord
/// heals 0.5 % of its max HP per physical hit in its first phase).
pub fn physical_action(cat: &Catalog, id: &str) -> bool {
    shoots_physical(cat, id, SpellKind::Action)
}

/// Whether `id` is a trigger whose carrier shot deals physical damage (the
/// on-hit, timer, wall and kill triggers): the carrier strikes before its
/// payload, so each of its hits on the void lord's first phase heals it as
/// a physical action's would.
pub fn physical_carrier(cat: &Catalog, id: &str) -> bool {
    shoots_physical(cat, id, SpellKind::Trigger)
}

/// Whether `id` is a chip of `kind` whose own shot deals physical damage.
fn shoots_physical(cat: &Catalog, id: &str, kind: SpellKind) -> bool {
    cat.spells.find(id).map(|i| cat.spells.get(i)).is_some_and(|s| {
        s.kind == kind
            && s.projectile
                .as_ref()
                .is_some_and(|p| p.damage > 0.0 && p.element == crate::element::Element::Physical)
    })
}

fn is_action(cat: &Catalog, id: &str) -> bool {
    cat.spells
        .find(id)
        .is_some_and(|i| cat.spells.get(i).kind == SpellKind::Action)
}

/// Physical actions in `deck`.
fn physicals(cat: &Catalog, deck: &[String]) -> usize {
    deck.iter().filter(|d| physical_action(cat, d)).count()
}

/// One thing the shop could be asked for.
#[derive(Debug, Clone)]
enum Buy {
    /// A spell offer, and the deck (unarranged) it makes.
    Spell { index: usize, deck: Vec<String> },
    /// A stat offer.
    Stat { index: usize },
    /// A core offer, and the deck it would run.
    Core { index: usize, deck: Vec<String> },
}

/// A trial's key: core, arranged deck, stat offers added.
type TrialKey = (String, Vec<String>, Vec<String>);

/// Trials of one visit, by core, deck and purchased-stat signature.
#[derive(Default)]
struct Trials {
    seen: HashMap<TrialKey, (f64, f64)>,
    /// How the visit's trials are staged ([`stage`]).
    stage: Stage,
}

impl Trials {
    fn dps(
        &mut self,
        run: &Run,
        core: &str,
        deck: &[String],
        extra: &[StatModifier],
        key: &[String],
    ) -> (f64, f64) {
        let k = (core.to_string(), deck.to_vec(), key.to_vec());
        if let Some(v) = self.seen.get(&k) {
            return *v;
        }
        let v = trial(run, Some((core, deck)), extra, self.stage);
        self.seen.insert(k, v);
        v
    }
}

/// Runs the competent shop (module docs) through commands.
pub fn shop(run: &mut Run, arch: Option<Archetype>) -> Result<ShopVisit, RunError> {
    let mut visit = ShopVisit::default();
    let cat = run.world().catalog().clone();
    let def = &cat.run.shop;
    let wave = run.world().wave;
    let blades = arch.is_none_or(Archetype::wears_blade);
    equip_better(
        run,
        &cat,
        &mut visit,
        arch.and_then(|a| a.blade_in_hand(wave)),
        blades,
    )?;
    buy_defence(run, def, &mut visit)?;
    let mut trials = Trials {
        stage: stage(run, arch),
        ..Trials::default()
    };
    let mut refreshes = 0;
    let mut bought = 0;
    while bought < MAX_PURCHASES {
        let Some((buy, price, id)) = best_buy(run, &cat, &mut trials, arch) else {
            let gold = run.carry().wallet.gold();
            let Some(shop) = run.shop() else { break };
            let cost = shop.refresh_cost(def);
            let allowed = MAX_REFRESHES + (gold / RICH_PER_REFRESH) as u32;
            if refreshes >= allowed || gold < cost + REFRESH_FLOOR + spend_floor(run) {
                break;
            }
            visit.refresh(run, cost)?;
            refreshes += 1;
            continue;
        };
        bought += 1;
        match buy {
            Buy::Spell { index, deck } => {
                visit.buy(run, Shelf::Spells, index, id, price)?;
                lay_out(run, &cat, &deck)?;
            }
            Buy::Stat { index } => visit.buy(run, Shelf::Stats, index, id, price)?,
            Buy::Core { index, deck } => {
                let carried = run.carry().loadout.cores().len();
                visit.buy(run, Shelf::Cores, index, id, price)?;
                send(
                    run,
                    Command::SwitchCore {
                        core: carried,
                        carry_deck: true,
                    },
                )?;
                lay_out(run, &cat, &deck)?;
                // The old core is dead weight: sell it (its cards went along).
                sell_idle_cores(run)?;
            }
        }
    }
    buy_surplus(run, def, &mut visit)?;
    let mut deck: Vec<String> = run.carry().loadout.active_deck_ids();
    if run.world().wave + 1 >= cat.waves.len() as u32 {
        deck = deck_for_lord(&cat, deck);
    }
    lay_out(run, &cat, &deck)?;
    Ok(visit)
}

/// The deck taken to the void lord (module docs, step 5): without its
/// physical actions and physical carriers, while another action stays. The
/// lord heals 0.5 % of its HP on every physical hit, so one bolt that
/// reaches it beats a deck whose every hit heals it
/// (docs/balance.md#scripted-players); a deck with no other action keeps
/// what it has.
pub fn deck_for_lord(cat: &Catalog, deck: Vec<String>) -> Vec<String> {
    let others = deck
        .iter()
        .filter(|d| !physical_action(cat, d) && is_action(cat, d))
        .count();
    if others == 0 {
        return deck;
    }
    deck.into_iter()
        .filter(|d| !physical_action(cat, d) && !physical_carrier(cat, d))
        .collect()
}

/// Gold not to be spent on spells and stats (saving for a big core).
fn spend_floor(run: &Run) -> u64 {
    let (w, carry) = (run.world(), run.carry());
    let has_big = carry.loadout.cores().iter().any(|c| c.capacity >= SAVE_FOR_SLOTS);
    if w.wave >= SAVE_FROM_WAVE && w.wave < SAVE_UNTIL_WAVE && !has_big {
        RESERVE.max(carry.wallet.gold() / 2)
    } else {
        RESERVE
    }
}

/// The purchase with the best measured gain per gold, if any gains enough.
fn best_buy(
    run: &Run,
    cat: &Catalog,
    trials: &mut Trials,
    arch: Option<Archetype>,
) -> Option<(Buy, u64, String)> {
    let (w, carry) = (run.world(), run.carry());
    let shop = run.shop()?;
    let gold = carry.wallet.gold();
    let floor = spend_floor(run);
    // Readying for the void lord (module docs, step 5).
    let purging = w.wave >= arch.map_or(PURGE_FROM_WAVE, |a| a.purge_from(cat.waves.len() as u32));
    // Saving for a big core (module docs, step 4).
    let saving = floor > RESERVE;
    let active = carry.loadout.active();
    let deck: Vec<String> = active.deck.iter().map(|c| c.id.clone()).collect();
    let core = active.id.clone();
    let arranged = arrange(cat, &deck);
    let base = trials.dps(run, &core, &arranged, &[], &[]);
    let mut best: Option<(f64, Buy, u64, String)> = None;
    let consider = |gain: f64, buy: Buy, price: u64, id: &str, best: &mut Option<(f64, Buy, u64, String)>| {
        if gain < MIN_GAIN {
            return;
        }
        let per_gold = gain / price.max(1) as f64;
        if best.as_ref().is_none_or(|b| per_gold > b.0) {
            *best = Some((per_gold, buy, price, id.to_string()));
        }
    };
    // Spells.
    for (i, o) in shop.spells.iter().enumerate() {
        if o.sold || o.price + floor > gold || !tried(cat, &o.id, arch, w.wave) {
            continue;
        }
        for cand in with_card(cat, &deck, &o.id, active.capacity) {
            let laid = arrange(cat, &cand);
            if arch.is_some_and(|a| !a.allows(cat, &laid)) {
                continue;
            }
            let dps = trials.dps(run, &core, &laid, &[], &[]);
            let mut g = gain(dps, base);
            // Getting ready for the void lord: each physical action swapped
            // for another chip is worth a quarter more; a new one, nothing.
            if purging {
                let (before, after) = (physicals(cat, &deck), physicals(cat, &cand));
                if after > before {
                    continue;
                }
                g += PURGE_BONUS * (before - after) as f64;
            }
            // Homing is for moving crowds: standing dummies cannot show it.
            if o.id == "modifier_homing" && !deck.iter().any(|d| d == "modifier_homing") && g > -0.1 {
                g += 0.15;
            }
            consider(g, Buy::Spell { index: i, deck: cand }, o.price, &o.id, &mut best);
        }
    }
    // Stats.
    for (i, o) in shop.stats.iter().enumerate() {
        if o.sold || o.price + floor > gold {
            continue;
        }
        let Some(sdef) = cat.run.shop.stat_offers.iter().find(|s| s.id == o.id) else {
            continue;
        };
        let dps = trials.dps(
            run,
            &core,
            &arranged,
            &sdef.modifiers,
            std::slice::from_ref(&sdef.id),
        );
        consider(gain(dps, base), Buy::Stat { index: i }, o.price, &o.id, &mut best);
    }
    // Cores (saving does not hold them back).
    if carry.loadout.cores().len() < cat.run.shop.max_cores {
        for (i, o) in shop.cores.iter().enumerate() {
            if o.sold || o.price + RESERVE > gold {
                continue;
            }
            let Some(c) = cat.cores.find(&o.id).map(|k| cat.cores.get(k)) else {
                continue;
            };
            if c.board.is_some() || (c.capacity as usize) < active.capacity {
                continue;
            }
            let mut cand = deck.clone();
            cand.truncate(c.capacity as usize);
            let dps = trials.dps(run, &c.id, &arrange(cat, &cand), &[], &[]);
            // The trial runs today's deck, which cannot show what the free
            // slots will hold: each extra slot is credited [`SLOT_GAIN`].
            let extra = (c.capacity as usize).saturating_sub(active.capacity);
            let g = gain(dps, base);
            if extra == 0 || g < -SLOT_LOSS {
                continue;
            }
            let saved_for = saving && c.capacity as usize >= SAVE_FOR_SLOTS;
            let bonus = if saved_for { SAVED_CORE_BONUS } else { 0.0 };
            consider(
                g + SLOT_GAIN * extra as f64 + bonus,
                Buy::Core { index: i, deck: cand },
                o.price,
                &o.id,
                &mut best,
            );
        }
    }
    best.map(|(_, b, p, id)| (b, p, id))
}

/// The decks that `id` can make of `deck`: added when a slot is free,
/// otherwise in place of each distinct card (one per id).
fn with_card(_cat: &Catalog, deck: &[String], id: &str, capacity: usize) -> Vec<Vec<String>> {
    if deck.len() < capacity {
        let mut d = deck.to_vec();
        d.push(id.to_string());
        return vec![d];
    }
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for (k, c) in deck.iter().enumerate() {
        if c == id || seen.contains(&c.as_str()) {
            continue;
        }
        seen.push(c);
        let mut d = deck.to_vec();
        d[k] = id.to_string();
        out.push(d);
    }
    out
}

/// Where the competent player aims: at a living boss within
/// [`BOSS_FOCUS`] px (a player who read the codex knows the wave ends with
/// it, and auto-aim would spend the build on the adds nearest to hand);
/// else at the nearest enemy within [`AIM_RANGE`] px that neither turns
/// shots back (a shield bearer's front) nor lets physical hits through (a
/// wraith): auto-aim's nearest is often a shield bearer walking in front of
/// the crowd, and the deck's shots come back (measured: wave 10's `dps` of
/// 3–13 on seeds whose build measured 50–100). Else nowhere in particular
/// (auto-aim at the nearest enemy). While a boss's barrage shield is up, it
/// aims away from the boss (at an add more than 60° off it, else straight away).
pub fn boss_aim(w: &World) -> Option<glam::Vec2> {
    let me = w.player.pos;
    let nearest = |ok: &dyn Fn(&crate::enemies::EnemyState) -> bool, range: f32| {
        w.enemies()
            .slots()
            .iter()
            .filter(|e| e.alive && ok(e))
            .map(|e| e.pos - me)
            .filter(|d| d.length() <= range)
            .min_by(|a, b| a.length().total_cmp(&b.length()))
    };
    // A raised barrage shield turns every shot back: look away until it
    // drops (the codex: the void lord's ring).
    let shielded = |e: &crate::enemies::EnemyState| e.boss.as_ref().is_some_and(|b| b.shield.up > 0.0);
    if let Some(d) = nearest(&shielded, BOSS_FOCUS * 1.5) {
        return nearest(
            &|e| e.boss.is_none() && e.reflect.is_none() && !e.incorporeal,
            AIM_RANGE,
        )
        .filter(|a| a.normalize_or_zero().dot(d.normalize_or_zero()) < 0.5)
        .or(Some(-d));
    }
    nearest(&|e| e.boss.is_some(), BOSS_FOCUS)
        .or_else(|| nearest(&|e| e.reflect.is_none() && !e.incorporeal, AIM_RANGE))
}

/// Bosses farther than this (px) are left to auto-aim's choice.
pub const BOSS_FOCUS: f32 = 700.0;
/// Other enemies farther than this (px) are left to auto-aim's choice.
pub const AIM_RANGE: f32 = 500.0;
