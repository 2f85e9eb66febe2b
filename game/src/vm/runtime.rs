//! The runtime API the fight calls: one [`CoreState`] per active core.
//!
//! Each fixed step the fight calls [`CoreState::tick`]; when the core is ready
//! it casts and returns the spawn requests. Trigger events come back through
//! [`CoreState::fire_payload`] (hit / timer / kill / turret, with the handle the
//! projectile carries) and [`CoreState::release_payload`] when the projectile's
//! slot is freed. OnHit / OnKill entries are cast with [`CoreState::cast_entry`];
//! kills feed the kill-combo counters through [`CoreState::notify_kill`].

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::balance::VmBalance;
use super::cast::trace::Trace;
use super::cast::{CastResult, Machine};
pub use super::caster::CasterStats;
use super::cores::{CoreDef, EntryOn};
use super::deck::{Card, DeckState};
use super::resonance::{Joined, RecipeBook, RecipeIdx};
use super::spawn::{PayloadHandle, PayloadTable, SpawnRequest};
use super::spells::{SpellBook, SpellIdx};
use super::topology::slot_boosts;
use super::validate::{DeckError, check_fits, resolve, validate_deck};

mod compile;
use compile::{CardSlots, build_deck};

/// What the fight tells the VM each step.
#[derive(Debug, Clone, Copy)]
pub struct CastContext<'a> {
    /// The chips.
    pub spells: &'a SpellBook,
    /// The limits.
    pub balance: &'a VmBalance,
    /// Distance to the nearest enemy, px (`f32::INFINITY` when none): IF_ENEMY_CLOSE.
    pub nearest_enemy: f32,
    /// Projectiles alive now, for the global cap.
    pub live_projectiles: u32,
}

/// The result of one cast (or of a step without a cast, `cast == false`).
#[derive(Debug, Clone, Default)]
pub struct CastOutput {
    /// True when a cast happened.
    pub cast: bool,
    /// Spawns that fit under the projectile cap, in firing order.
    pub spawns: Vec<SpawnRequest>,
    /// Spawns the cast asked for, before the cap (kept plus dropped).
    pub attempted: u32,
    /// Spawns dropped by the global cap.
    pub dropped: u32,
    /// Cast delay of this cast, s (floored at one frame).
    pub cast_delay: f32,
    /// Recharge that starts after this cast, s.
    pub recharge: Option<f32>,
    /// Mana paid.
    pub mana_spent: f32,
    /// HP the fight must take from the player (already capped).
    pub hp_cost: f32,
    /// Ops used.
    pub ops: u32,
    /// The op budget of this cast.
    pub max_ops: u32,
    /// The cast stopped at the op budget.
    pub ops_exhausted: bool,
    /// A chip's draw wrapped the deck.
    pub wrapped: bool,
    /// Resonance recipes whose fused chip was cast (the codex reveals them).
    pub resonances: Vec<RecipeIdx>,
    /// Triggers that fired without payload because the payload table was full.
    pub payload_overflow: u32,
    /// A register END stopped the cast: the program restarts from its head.
    pub ended: bool,
}

/// Spawns from a payload or an entry, after the cap.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fired {
    /// Spawns to create, in order.
    pub spawns: Vec<SpawnRequest>,
    /// Spawns asked for, before the cap (kept plus dropped).
    pub attempted: u32,
    /// Spawns dropped by the global cap.
    pub dropped: u32,
}

#[derive(Debug, Clone)]
struct Entry {
    on: EntryOn,
    deck: DeckState,
    cooldown: f32,
    ready_in: f32,
}

/// What a `persistent_memory` core (the Memory Wand, docs/game.md#logic-and-registers)
/// carries from one wave to the next: its registers, counters and kill count.
/// The core itself is rebuilt each wave from the carried deck, so the world
/// takes this out at a wave's end and puts it back into the next build.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CoreMemory {
    /// Registers A and B.
    pub registers: [f32; 2],
    /// Counter values, in the deck's counter order.
    pub counters: Vec<u32>,
    /// Kills fed to kill-combo counters.
    pub kills: u32,
}

/// Runtime state of one core: zones, mana, heat, timers, registers, payloads.
#[derive(Debug, Clone)]
pub struct CoreState {
    core: CoreDef,
    deck: DeckState,
    /// The board slot of each compiled card, by its index (resonance fuses
    /// two slots into one card, so the two can differ), and the slot each
    /// fused card consumed.
    slots: CardSlots,
    always: Vec<Card>,
    entries: Vec<Entry>,
    mana: f32,
    heat: f32,
    since_last_cast: f32,
    ready_in: f32,
    cycle_recharge: f32,
    registers: [f32; 2],
    counters: Vec<u32>,
    kills: u32,
    rng: ChaCha8Rng,
    payloads: PayloadTable,
    invert_delay: bool,
}

/// The cast delay after a cast: the core's delay (times the caster's
/// modifier) plus what the chips added, floored at the minimum. Under the
/// mana inversion mutator (docs/game.md#mutators) the chips' delay counts
/// against it: a chip that slows casting (+0.2 s) speeds it up by as much,
/// and one that speeds it up (−0.05 s) slows it.
pub fn cast_delay_after(core_delay: f32, delay_mod: f32, chip_delay: f32, inverted: bool, min: f32) -> f32 {
    let chips = if inverted { -chip_delay } else { chip_delay };
    (core_delay * delay_mod + chips).max(min)
}

impl CoreState {
    /// Slots `deck` (chip ids, slot order) into `core`: validates, applies
    /// resonance and board boosts. `seed` drives shuffle and spread.
    pub fn new(
        core: &CoreDef,
        deck: &[&str],
        spells: &SpellBook,
        recipes: &RecipeBook,
        balance: &VmBalance,
        seed: u64,
    ) -> Result<CoreState, DeckError> {
        let ids = resolve(deck, spells)?;
        validate_deck(core, &ids, spells)?;
        let always = core
            .always_cast
            .iter()
            .map(|id| spells.find(id).ok_or_else(|| DeckError::UnknownSpell(id.clone())))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .map(|spell| Card {
                spell,
                index: u16::MAX,
                boost: 1.0,
                recipe: None,
            })
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let boosts = slot_boosts(core);
        let (deck, slots) = build_deck(&ids, spells, recipes, &boosts, core.shuffle, &mut rng);
        Ok(CoreState {
            core: core.clone(),
            deck,
            slots,
            always,
            entries: Vec::new(),
            mana: core.mana_max,
            heat: 0.0,
            since_last_cast: f32::INFINITY,
            ready_in: 0.0,
            cycle_recharge: 0.0,
            registers: [0.0; 2],
            counters: Vec::new(),
            kills: 0,
            rng,
            payloads: PayloadTable::new(balance.payload_table_max as usize),
            invert_delay: false,
        })
    }

    /// Slots a deck into the core's OnHit or OnKill entry.
    pub fn set_entry_deck(
        &mut self,
        on: EntryOn,
        deck: &[&str],
        spells: &SpellBook,
        recipes: &RecipeBook,
    ) -> Result<(), DeckError> {
        let Some(def) = self.core.entries.iter().find(|e| e.on == on).cloned() else {
            return Err(DeckError::TooManyChips {
                len: deck.len(),
                capacity: 0,
                core: self.core.id.clone(),
            });
        };
        let ids = resolve(deck, spells)?;
        check_fits(&self.core, &ids, spells, def.capacity)?;
        let boosts = vec![1.0; ids.len()];
        let (d, _) = build_deck(&ids, spells, recipes, &boosts, self.core.shuffle, &mut self.rng);
        self.entries.retain(|e| e.on != on);
        self.entries.push(Entry {
            on,
            deck: d,
            cooldown: def.cooldown,
            ready_in: 0.0,
        });
        Ok(())
    }

    /// The core's definition.
    pub fn core(&self) -> &CoreDef {
        &self.core
    }

    /// Mana now.
    pub fn mana(&self) -> f32 {
        self.mana
    }

    /// Turns the mana inversion mutator on or off for the casts to come
    /// ([`cast_delay_after`]); the world sets it each step from its rules.
    pub fn set_delay_inverted(&mut self, inverted: bool) {
        self.invert_delay = inverted;
    }

    /// Sets the mana (tools, tests).
    pub fn set_mana(&mut self, mana: f32) {
        self.mana = mana.max(0.0);
    }

    /// The most mana this core holds for a player whose `mana_max` stat is
    /// `player_mana_max`: the lower of the two (docs/game.md#cores-and-spells),
    /// so a bigger player pool does nothing on a small core.
    pub fn mana_cap(&self, player_mana_max: f32) -> f32 {
        self.core.mana_max.min(player_mana_max)
    }

    /// Mana Leech: a kill refills `amount` mana, up to the cap, never
    /// lowering what is there. Returns the mana gained.
    pub fn leech(&mut self, amount: f32, player_mana_max: f32) -> f32 {
        let before = self.mana;
        let cap = self.mana_cap(player_mana_max);
        self.set_mana((before + amount).min(cap).max(before));
        self.mana - before
    }

    /// A loot rule's mana restore: `amount` more, up to the cap.
    pub fn restore_mana(&mut self, amount: f32, player_mana_max: f32) {
        let cap = self.mana_cap(player_mana_max);
        self.set_mana((self.mana + amount).min(cap));
    }

    /// Mana heat now (costs are multiplied by `1 + heat`).
    pub fn heat(&self) -> f32 {
        self.heat
    }

    /// Seconds until the entry of `on` may cast again (`None`: no such entry).
    pub fn entry_ready_in(&self, on: EntryOn) -> Option<f32> {
        self.entries.iter().find(|e| e.on == on).map(|e| e.ready_in)
    }

    /// Registers A and B.
    pub fn registers(&self) -> [f32; 2] {
        self.registers
    }

    /// Seconds until the next cast.
    pub fn ready_in(&self) -> f32 {
        self.ready_in
    }

    /// Cards in deck, hand and discard (for the lab's 0.1× view).
    pub fn zones(&self) -> (Vec<SpellIdx>, Vec<SpellIdx>) {
        (
            self.deck.deck.iter().map(|c| c.spell).collect(),
            self.deck.discard.iter().map(|c| c.spell).collect(),
        )
    }

    /// The payload behind a handle (e.g. to show it).
    pub fn payload(&self, h: PayloadHandle) -> Option<&[SpawnRequest]> {
        self.payloads.get(h)
    }

    /// Payloads alive.
    pub fn payloads_live(&self) -> usize {
        self.payloads.live()
    }

    /// Advances time without casting: mana regeneration, heat bookkeeping, entry cooldowns.
    pub fn advance(&mut self, dt: f32, stats: &CasterStats) {
        let dt = if dt.is_finite() { dt.max(0.0) } else { 0.0 };
        let cap = self.mana_cap(stats.mana_max).max(0.0);
        if self.mana < cap {
            self.mana = (self.mana + (self.core.mana_regen + stats.mana_regen) * dt).min(cap);
        }
        self.since_last_cast += dt;
        for e in &mut self.entries {
            e.ready_in = (e.ready_in - dt).max(0.0);
        }
    }

    /// One fixed step: regenerates, counts down, and casts when ready (at most once).
    pub fn tick(&mut self, dt: f32, stats: &CasterStats, ctx: &CastContext<'_>) -> CastOutput {
        self.advance(dt, stats);
        // A core already waiting on nothing (fresh, or idle) has no deadline inside this step.
        let was_ready = self.ready_in <= 1.0e-6;
        self.ready_in -= dt;
        if self.ready_in > 1.0e-6 {
            return CastOutput::default();
        }
        let out = self.cast_now(stats, ctx);
        // The part of the step past the deadline counts toward the next wait:
        // cast times are not rounded up to whole frames, so a 5 % faster cast
        // delay casts 5 % more often on average.
        let overshoot = if was_ready {
            0.0
        } else {
            self.ready_in.clamp(-dt, 0.0)
        };
        self.ready_in = overshoot + out.cast_delay + out.recharge.unwrap_or(0.0);
        out
    }

    /// Casts immediately, ignoring the timers (the lab's step button, `wand eval`).
    pub fn cast_now(&mut self, stats: &CasterStats, ctx: &CastContext<'_>) -> CastOutput {
        self.cast_recorded(stats, ctx, None)
    }

    /// [`CoreState::cast_now`], recording every operation into `trace`
    /// (docs/vm.md#the-cycle-view): the same cast, only watched.
    pub fn cast_traced(
        &mut self,
        stats: &CasterStats,
        ctx: &CastContext<'_>,
        trace: &mut Trace,
    ) -> CastOutput {
        self.cast_recorded(stats, ctx, Some(trace))
    }

    /// The board slot of a compiled card (`None` for an always-cast chip).
    pub fn slot_of(&self, card: &Card) -> Option<usize> {
        self.slots.first.get(card.index as usize).map(|s| usize::from(*s))
    }

    /// The board slot of each compiled card, by the card's index.
    pub fn card_slots(&self) -> &[u16] {
        &self.slots.first
    }

    /// The chips resonance consumed into other chips' cards, in slot order
    /// of the card they joined: never drawn on their own.
    pub fn joined(&self) -> &[Joined] {
        &self.slots.joined
    }

    fn cast_recorded(
        &mut self,
        stats: &CasterStats,
        ctx: &CastContext<'_>,
        trace: Option<&mut Trace>,
    ) -> CastOutput {
        let h = &ctx.balance.mana_heat;
        if self.since_last_cast < h.rapid_interval {
            self.heat = (self.heat + h.per_cast).min(h.max);
        } else if self.since_last_cast.is_finite() {
            self.heat = (self.heat - h.decay_per_s * self.since_last_cast).max(0.0);
        }
        self.since_last_cast = 0.0;
        let spc = self.core.spells_per_cast;
        let mut m = Machine {
            spells: ctx.spells,
            bal: ctx.balance,
            stats,
            core: &self.core,
            nearest_enemy: ctx.nearest_enemy,
            deck: &mut self.deck,
            mana: &mut self.mana,
            registers: &mut self.registers,
            counters: &mut self.counters,
            kills: &mut self.kills,
            rng: &mut self.rng,
            payloads: &mut self.payloads,
            heat_mult: 1.0 + self.heat,
            trace,
        };
        let r = m.cast(&self.always, spc, false);
        self.deck.end_cast();
        self.cycle_recharge += r.recharge_sum;
        let mut recharge = None;
        if self.deck.deck.is_empty() || r.wrapped {
            let base = self.core.recharge * stats.recharge_speed_mod;
            recharge = Some((base + self.cycle_recharge).max(0.0));
            self.cycle_recharge = 0.0;
            self.deck.rebuild(&mut self.rng);
        } else if r.ended {
            // A register END ("IF A < 100 THEN END") restarts the program from
            // the head next cast, without a recharge: the core idles while it charges.
            self.deck.rebuild(&mut self.rng);
        }
        let delay = cast_delay_after(
            self.core.cast_delay,
            stats.cast_delay_mod,
            r.delay_sum,
            self.invert_delay,
            ctx.balance.min_cast_delay,
        );
        self.output(r, delay, recharge, ctx)
    }

    fn output(
        &mut self,
        r: CastResult,
        cast_delay: f32,
        recharge: Option<f32>,
        ctx: &CastContext<'_>,
    ) -> CastOutput {
        let fired = self.cap(r.spawns, ctx, false);
        CastOutput {
            cast: true,
            spawns: fired.spawns,
            attempted: fired.attempted,
            dropped: fired.dropped,
            cast_delay,
            recharge,
            mana_spent: r.mana_spent,
            hp_cost: r.hp_cost,
            ops: r.ops,
            max_ops: r.max_ops,
            ops_exhausted: r.ops_exhausted,
            wrapped: r.wrapped,
            resonances: r.resonances,
            payload_overflow: r.payload_overflow,
            ended: r.ended,
        }
    }

    /// Applies the global projectile cap; dropped spawns release their
    /// payloads. A payload (a turret's volley, a trigger's) stops short of
    /// the cap by the main cast's reserve (docs/game.md#the-projectile-cap).
    fn cap(&mut self, spawns: Vec<SpawnRequest>, ctx: &CastContext<'_>, payload: bool) -> Fired {
        let b = ctx.balance;
        let limit = if payload {
            (b.projectile_cap as f32 * (1.0 - b.main_cast_reserve)).floor() as u32
        } else {
            b.projectile_cap
        };
        let room = limit.saturating_sub(ctx.live_projectiles) as usize;
        let mut out = Fired {
            attempted: spawns.len() as u32,
            ..Fired::default()
        };
        for (i, s) in spawns.into_iter().enumerate() {
            if i < room {
                out.spawns.push(s);
            } else {
                out.dropped += 1;
                if let Some(h) = s.payload {
                    self.payloads.release(h);
                }
            }
        }
        out
    }

    /// The spawns of a trigger's payload, to create at the event position
    /// (aimed along the carrier's velocity or at the target). The handle stays
    /// valid until [`CoreState::release_payload`]: a piercing carrier fires it per hit.
    pub fn fire_payload(&mut self, h: PayloadHandle, ctx: &CastContext<'_>) -> Fired {
        let spawns = self.payloads.fire(h);
        self.cap(spawns, ctx, true)
    }

    /// Frees a payload (and its nested payloads) when its projectile's slot is freed.
    pub fn release_payload(&mut self, h: PayloadHandle) {
        self.payloads.release(h);
    }

    /// A kill by the player: feeds kill-combo counters.
    pub fn notify_kill(&mut self) {
        self.kills = self.kills.saturating_add(1);
    }

    /// Casts the OnHit / OnKill entry once, if the core has it and its cooldown is over.
    ///
    /// Entry decks cycle (their draws wrap) and have no recharge; they pay mana
    /// from the core and do not delay the main stream.
    pub fn cast_entry(&mut self, on: EntryOn, stats: &CasterStats, ctx: &CastContext<'_>) -> CastOutput {
        let Some(i) = self.entries.iter().position(|e| e.on == on && e.ready_in <= 0.0) else {
            return CastOutput::default();
        };
        let e = &mut self.entries[i];
        let mut m = Machine {
            spells: ctx.spells,
            bal: ctx.balance,
            stats,
            core: &self.core,
            nearest_enemy: ctx.nearest_enemy,
            deck: &mut e.deck,
            mana: &mut self.mana,
            registers: &mut self.registers,
            counters: &mut self.counters,
            kills: &mut self.kills,
            rng: &mut self.rng,
            payloads: &mut self.payloads,
            heat_mult: 1.0 + self.heat,
            trace: None,
        };
        let r = m.cast(&[], self.core.spells_per_cast, true);
        e.deck.end_cast();
        if e.deck.deck.is_empty() {
            e.deck.rebuild(&mut self.rng);
        }
        e.ready_in = e.cooldown;
        self.output(r, 0.0, None, ctx)
    }

    /// The memory a `persistent_memory` core keeps across waves (`None` for
    /// every other core).
    pub fn memory(&self) -> Option<CoreMemory> {
        self.core.persistent_memory.then(|| CoreMemory {
            registers: self.registers,
            counters: self.counters.clone(),
            kills: self.kills,
        })
    }

    /// Restores the memory of the previous wave into a freshly built
    /// `persistent_memory` core: registers, kills and counters. Counters are
    /// kept by the slot of their chip, so a counter that stays in its slot
    /// keeps counting where it stopped.
    pub fn restore_memory(&mut self, m: &CoreMemory) {
        if !self.core.persistent_memory {
            return;
        }
        self.registers = m.registers;
        self.kills = m.kills;
        self.counters.clone_from(&m.counters);
    }

    /// A new wave: full mana, no heat, deck rebuilt, payloads dropped (their
    /// projectiles are gone); registers and counters reset unless the core has
    /// `persistent_memory`.
    pub fn new_wave(&mut self, stats: &CasterStats, balance: &VmBalance) {
        self.mana = self.mana_cap(stats.mana_max);
        self.heat = 0.0;
        self.since_last_cast = f32::INFINITY;
        self.ready_in = 0.0;
        self.cycle_recharge = 0.0;
        self.deck.rebuild(&mut self.rng);
        for e in &mut self.entries {
            e.deck.rebuild(&mut self.rng);
            e.ready_in = 0.0;
        }
        self.payloads = PayloadTable::new(balance.payload_table_max as usize);
        if !self.core.persistent_memory {
            self.registers = [0.0; 2];
            self.counters.clear();
            self.kills = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::cast_delay_after;

    #[test]
    fn inversion_turns_a_chips_delay_against_the_core() {
        let min = 1.0 / 60.0;
        // A 0.25-s core with +0.2 s of chips: 0.45 s, inverted 0.05 s.
        assert!((cast_delay_after(0.25, 1.0, 0.2, false, min) - 0.45).abs() < 1e-6);
        assert!((cast_delay_after(0.25, 1.0, 0.2, true, min) - 0.05).abs() < 1e-6);
        // A speed chip (−0.05 s) slows an inverted core: 0.30 s.
        assert!((cast_delay_after(0.25, 1.0, -0.05, true, min) - 0.30).abs() < 1e-6);
        // Never below the minimum: 0.1 − 0.2 is floored to one step.
        assert_eq!(cast_delay_after(0.1, 1.0, 0.2, true, min), min);
    }
}
