//! The cycle view: every cast of a deck until its recharge, read from the
//! real interpreter (docs/vm.md#the-cycle-view).
//!
//! One cycle shows what a player cannot see from one cast: the chips that
//! fire in later casts, where the deck wraps, what each cast costs against
//! the most mana the core can hold, what a trigger's payload draws and what
//! a result depends on in a fight. The lab and `artificer wand eval` both
//! call [`cycle`], so the two never disagree, and [`cycle`] reads the casts
//! through the interpreter's own trace (`vm::cast::trace`), so no wand rule
//! is written a second time here.

mod build;
mod words;

use super::cast::trace::{SkipWhy, Trace};
use super::caster::CasterStats;
use super::runtime::{CastContext, CastOutput, CoreState};
use super::spells::{SpellIdx, TriggerOn};

/// Casts one cycle may take before the view stops counting (a deck that
/// never recharges, e.g. a register program that always ENDs).
pub const MAX_CYCLE_CASTS: usize = 64;
/// Fight time the upkeep is followed for, s: a build that lasts a minute of
/// casting without running dry is called sustainable.
pub const SUSTAIN_SECONDS: f32 = 60.0;
/// Casts the upkeep follows at most (a one-frame cast delay casts often).
const SUSTAIN_CASTS: usize = 4000;
/// The mana the cycle's plan casts with: enough that nothing is skipped, so
/// the view shows the program as written and judges its cost separately.
const PLENTY: f32 = 1.0e12;

/// What a result depends on in a fight, and in words.
#[derive(Debug, Clone, PartialEq)]
pub struct Depends {
    /// `hit`, `timer`, `kill`, `wall`, `turret`, `gate` or `register`.
    pub on: &'static str,
    /// The board slot of the chip that asks, when there is one.
    pub slot: Option<usize>,
    /// The condition in a player's words.
    pub words: String,
}

/// A trigger's payload: what its carrier casts when the condition happens.
#[derive(Debug, Clone, PartialEq)]
pub struct PayloadView {
    /// The board slot of the trigger chip.
    pub carrier: Option<usize>,
    /// When it is cast.
    pub on: TriggerOn,
    /// Board slots drawn into it, in draw order (nested payloads' included).
    pub slots: Vec<usize>,
    /// The chip drawn from each of `slots`.
    pub spells: Vec<SpellIdx>,
    /// The position in `slots` where the deck wrapped, if it did.
    pub wrapped_at: Option<usize>,
    /// Mana its draws cost.
    pub mana: f32,
    /// Shots it casts itself.
    pub spawns: u32,
    /// Their damage added up.
    pub damage: f32,
    /// The most mana the core can hold (the cast's own ceiling).
    pub mana_max: f32,
    /// False when its draws alone cost more than `mana_max`: it can never
    /// be paid, whatever its cast holds besides.
    pub affordable: bool,
    /// Why it cannot be paid, in words.
    pub unaffordable: Option<String>,
    /// Payloads of triggers inside it.
    pub payloads: Vec<PayloadView>,
    /// What it depends on: its condition first, then any gate inside it.
    pub depends_on: Vec<Depends>,
}

impl PayloadView {
    /// True when a lone training dummy sets it off: a hit, a timer or a
    /// turret's shots do; a kill (the dummy never dies) and a wall do not.
    pub fn fires_on_dummy(&self) -> bool {
        matches!(self.on, TriggerOn::Hit | TriggerOn::Timer | TriggerOn::Turret)
    }

    /// Damage it and its nested payloads do to a dummy, once each.
    pub fn dummy_damage(&self) -> f32 {
        if !self.fires_on_dummy() {
            return 0.0;
        }
        self.damage + self.payloads.iter().map(PayloadView::dummy_damage).sum::<f32>()
    }
}

/// One cast of the cycle.
#[derive(Debug, Clone, PartialEq)]
pub struct CastView {
    /// Board slots drawn, in draw order, payloads' included, again after a wrap.
    pub slots: Vec<usize>,
    /// The chip drawn from each of `slots` (a fused chip where resonance fused).
    pub spells: Vec<SpellIdx>,
    /// The position in `slots` where the deck wrapped, if it did.
    pub wrapped_at: Option<usize>,
    /// Mana the cast's draws cost (Σ).
    pub mana: f32,
    /// The most mana the core can hold.
    pub mana_max: f32,
    /// False when the cast costs more than `mana_max`: it can never be paid.
    pub affordable: bool,
    /// Why it cannot be paid, in words.
    pub unaffordable: Option<String>,
    /// Cast delay after it, s.
    pub cast_delay: f32,
    /// The recharge that starts after it, s.
    pub recharge: Option<f32>,
    /// Damage of the shots it fires directly (carriers included).
    pub damage: f32,
    /// `damage` plus the payloads a dummy sets off.
    pub dummy_damage: f32,
    /// Payloads of its triggers.
    pub payloads: Vec<PayloadView>,
    /// What its result depends on in a fight.
    pub depends_on: Vec<Depends>,
    /// Cards a draw passed by, and why.
    pub skipped: Vec<(usize, SkipWhy)>,
    /// Cards a shut gate discarded unfired.
    pub discarded: Vec<usize>,
    /// Ops used, and the budget.
    pub ops: (u32, u32),
    /// The op budget stopped the cast.
    pub ops_exhausted: bool,
    /// A register END stopped it.
    pub ended: bool,
    /// The operations, for the stepper (with the machine after each when watched).
    pub trace: Trace,
}

/// How the cycle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CycleEnd {
    /// The deck emptied or wrapped: the recharge.
    Recharge,
    /// A register END restarts the program without a recharge.
    End,
    /// [`MAX_CYCLE_CASTS`] casts and still no recharge.
    Cap,
}

/// Mana upkeep against the regeneration.
#[derive(Debug, Clone, PartialEq)]
pub struct Upkeep {
    /// Mana the cycle costs per second of casting.
    pub mana_per_s: f32,
    /// The core's regeneration (and the player's), per second.
    pub regen_per_s: f32,
    /// Whole cycles paid before a draw first found too little mana (0: the
    /// first cycle already runs short).
    pub dry_after_cycles: Option<u32>,
    /// Seconds of casting until then.
    pub dry_after_s: Option<f32>,
    /// Shots' damage per second over [`SUSTAIN_SECONDS`] of casting with the
    /// real mana, on a dummy.
    pub sustained_dps: f32,
    /// The verdict in words ("sustainable", "runs dry after 3 cycles").
    pub words: String,
}

/// Every cast of one cycle, and what it sustains.
#[derive(Debug, Clone, PartialEq)]
pub struct CycleView {
    /// The casts, first to last.
    pub casts: Vec<CastView>,
    /// How the cycle ended.
    pub end: CycleEnd,
    /// The most mana the core can hold.
    pub mana_max: f32,
    /// Seconds the cycle takes: its cast delays and the recharge.
    pub seconds: f32,
    /// Damage to a dummy in one cycle.
    pub damage: f32,
    /// `damage / seconds`.
    pub dps: f32,
    /// The upkeep.
    pub upkeep: Upkeep,
    /// The board slot of each card by its index, to name the cards of a
    /// traced deck, hand and discard.
    pub card_slots: Vec<u16>,
    /// The chips resonance consumed into another chip's card, as the
    /// interpreter compiled the deck: no cast draws them on their own.
    pub joined: Vec<super::resonance::Joined>,
}

impl CycleView {
    /// A chip resonance consumed, in words with names and slots counted
    /// from 1 ("Ice Shard (slot 2) joins Fire Bolt (slot 1) as Steam
    /// Burst..."): `wand eval` prints it, as the lab's card says it.
    pub fn joined_words(spells: &super::spells::SpellBook, j: &super::resonance::Joined) -> String {
        words::joined(spells, j)
    }

    /// The board slot of a traced card (`None` for an always-cast chip).
    pub fn slot_of(&self, card: &super::deck::Card) -> Option<usize> {
        self.card_slots
            .get(usize::from(card.index))
            .map(|s| usize::from(*s))
    }
}

/// A bench context: no enemy near (IF_ENEMY_CLOSE stays shut), nothing alive.
pub fn bench_context<'a>(
    spells: &'a super::spells::SpellBook,
    balance: &'a super::balance::VmBalance,
) -> CastContext<'a> {
    CastContext {
        spells,
        balance,
        nearest_enemy: f32::INFINITY,
        live_projectiles: 0,
    }
}

/// One cast of `state` as it stands (its mana, its zones), read through the
/// trace: the view and the interpreter's own output. `watch` keeps the
/// machine after every operation for the stepper. The output's payloads
/// stay in the core until [`release`] (a caller may want to print them).
pub fn cast_view(
    state: &mut CoreState,
    stats: &CasterStats,
    ctx: &CastContext<'_>,
    watch: bool,
) -> (CastView, CastOutput) {
    let mana_max = state.mana_cap(stats.mana_max);
    let mut trace = Trace::new(watch);
    let out = state.cast_traced(stats, ctx, &mut trace);
    let view = build::view(state, ctx.spells, trace, &out, mana_max);
    (view, out)
}

/// Frees the payloads of a cast's shots: a bench fires none of them, and a
/// long bench would otherwise fill the payload table.
pub fn release(state: &mut CoreState, out: &CastOutput) {
    for s in &out.spawns {
        if let Some(h) = s.payload {
            state.release_payload(h);
        }
    }
}

/// The cycle of a freshly built core: every cast until the recharge (or an
/// END, or [`MAX_CYCLE_CASTS`]), each with all the mana it asks for, judged
/// against the most the core holds; then the upkeep, cast with the real mana.
/// `state` is not changed.
pub fn cycle(state: &CoreState, stats: &CasterStats, ctx: &CastContext<'_>, watch: bool) -> CycleView {
    let mut plan = state.clone();
    let mana_max = plan.mana_cap(stats.mana_max);
    let mut casts = Vec::new();
    let mut end = CycleEnd::Cap;
    while casts.len() < MAX_CYCLE_CASTS {
        plan.set_mana(PLENTY);
        let (view, out) = cast_view(&mut plan, stats, ctx, watch);
        release(&mut plan, &out);
        plan.advance(out.cast_delay + out.recharge.unwrap_or(0.0), stats);
        casts.push(view);
        if out.recharge.is_some() {
            end = CycleEnd::Recharge;
            break;
        }
        if out.ended {
            end = CycleEnd::End;
            break;
        }
    }
    let seconds: f32 = casts
        .iter()
        .map(|c| c.cast_delay + c.recharge.unwrap_or(0.0))
        .sum();
    let damage: f32 = casts.iter().map(|c| c.dummy_damage).sum();
    let dps = if seconds > 0.0 { damage / seconds } else { 0.0 };
    let mana: f32 = casts.iter().map(|c| c.mana).sum();
    let upkeep = upkeep(state, stats, ctx, mana, seconds);
    CycleView {
        casts,
        end,
        mana_max,
        seconds,
        damage,
        dps,
        upkeep,
        card_slots: state.card_slots().to_vec(),
        joined: state.joined().to_vec(),
    }
}

/// Casts back to back with the real mana for [`SUSTAIN_SECONDS`]: when a
/// draw first finds too little mana, and the damage sustained.
fn upkeep(state: &CoreState, stats: &CasterStats, ctx: &CastContext<'_>, mana: f32, seconds: f32) -> Upkeep {
    let mut real = state.clone();
    let cap = real.mana_cap(stats.mana_max);
    real.set_mana(cap);
    let regen_per_s = real.core().mana_regen + stats.mana_regen;
    let mana_per_s = if seconds > 0.0 { mana / seconds } else { 0.0 };
    let (mut t, mut cycles, mut damage) = (0.0_f32, 0_u32, 0.0_f32);
    let mut dry = None;
    for _ in 0..SUSTAIN_CASTS {
        let (view, out) = cast_view(&mut real, stats, ctx, false);
        release(&mut real, &out);
        if dry.is_none() && view.trace.short_of_mana() {
            dry = Some((cycles, t));
        }
        damage += view.dummy_damage;
        let dt = out.cast_delay + out.recharge.unwrap_or(0.0);
        real.advance(dt, stats);
        t += dt;
        if out.recharge.is_some() || out.ended {
            cycles += 1;
        }
        if t >= SUSTAIN_SECONDS {
            break;
        }
    }
    let sustained_dps = if t > 0.0 { damage / t } else { 0.0 };
    let words = words::upkeep(mana_per_s, regen_per_s, dry);
    Upkeep {
        mana_per_s,
        regen_per_s,
        dry_after_cycles: dry.map(|d| d.0),
        dry_after_s: dry.map(|d| d.1),
        sustained_dps,
        words,
    }
}
