//! The simulation of a fight: one fixed 60 Hz step joining combat, the spell
//! VM, enemies and the projectile compute core in the order of docs/architecture.md#the-step.
//!
//! [`World::step`] runs, in this order:
//! 1. **events**: take the compute core's events of the previous step, already
//!    sorted (kind, slot, enemy), so atomics never decide the outcome;
//! 2. **combat**: HIT events are mapped to enemies through the slot's [`Shot`]
//!    record, run through the damage pipeline (statuses, reactions, area
//!    damage), on-hit / timer / on-kill triggers cast their payloads through
//!    the VM at the event position, deaths drop coins, XP and loot, and
//!    PLAYER_HIT events hurt the player;
//! 3. **vm**: the active core ticks and, when it fires, its spawn requests are
//!    aimed at the nearest enemy;
//! 4. **ai_movement**: enemies think and move, waves spawn, the player moves
//!    (scripted or from input), coins are pulled in, area effects act;
//! 5. **upload**: enemies, the player circle and queued spawns go to the core;
//! 6. **compute**: the core runs its passes (GPU or CPU twin).
//!
//! Each stage is timed ([`StageTimes`]) and counted ([`StepCounters`],
//! [`WaveStats`]) for the profiler overlay and `artificer sim`.
//!
//! Everything random draws from `ChaCha8Rng`s seeded from the run seed, one
//! stream per system, so the same seed on the same backend replays exactly.
//!
//! This file holds the [`World`] state, its construction and the order of
//! [`World::step`]; the stages and the rest of `impl World` live in the sibling
//! modules (`casting`, `combat`, `movement`, `upload`, `wave_start`,
//! `between_waves`, `queries`, ...).

mod aim;
mod areas;
pub use crate::arena;
mod between_waves;
mod blast;
pub mod blows;
mod casting;
mod chain;
mod charge;
mod combat;
pub mod config;
mod equip;
pub mod gear;
mod hooks;
mod input;
mod load;
mod melee;
pub mod metrics;
mod mirror;
mod movement;
#[cfg(test)]
mod mutator_tests;
mod queries;
mod rules;
mod scene;
pub mod shots;
mod state_hash;
mod test_range;
mod upload;
pub mod view;
mod wave_start;

use std::sync::Arc;

use engine::compute::{CoreConfig, Enemy, ProjectileCore, StepEvents};
use engine::gpu::{Backend, GpuContext};
use glam::Vec2;
use rand_chacha::ChaCha8Rng;

pub use areas::{Area, AreaKind};
pub use arena::Arena;
pub use charge::{ChargeState, ChargeTracker};
pub use config::{RunData, WorldDef};
pub use gear::EnemyAttackDef;
pub use input::PlayerInput;
pub use melee::{Exchange, FRIENDLY_BODY_PX};
pub use metrics::{DamageBySource, Healed, STAGE_NAMES, StageTimes, StepCounters, WaveStats};
pub use shots::{Chain, Shot, ShotTable, Team};
pub use state_hash::StateHasher;
pub use test_range::Dummy;
pub use view::{Effect, EffectKind, Effects};

pub use crate::carry::Carry;
use crate::catalog::Catalog;
use crate::economy::CoinField;
use crate::enemies::{AiContext, EnemySet};
use crate::loot::equipment::{Equipment, Loadout as GearLoadout};
use crate::loot::item::Item;
use crate::player::Player;
pub use crate::player::PlayerLedger;
use crate::vm::{CastContext, CasterStats, CoreState, DeckError, SpawnRequest};
use crate::waves::{SPAWN_CEILING, SpawnOrder, WaveRunner};
use metrics::Laps;

/// Why a world could not be made or a wave could not start.
#[derive(Debug, thiserror::Error)]
pub enum WorldError {
    /// The compute core failed (no GPU device, shader problem).
    #[error("compute core: {0}")]
    Core(#[from] engine::compute::CoreError),
    /// The active deck cannot fire.
    #[error("core `{core}`: {source}")]
    Deck {
        /// Core id.
        core: String,
        /// What is wrong.
        source: DeckError,
    },
    /// A wave's spawner could not be built from its data (an enemy or boss
    /// the catalogue lacks): the runner's own error, kept typed; it names
    /// the wave and the id.
    #[error(transparent)]
    Wave(#[from] crate::waves::runner::RunnerError),
    /// An id in the data or a build does not exist.
    #[error("unknown {what} `{id}`")]
    Unknown {
        /// "core", "spell", "wave".
        what: &'static str,
        /// The id.
        id: String,
    },
}

/// The fight's random streams (the plan is in [`crate::rng`]); the shop,
/// level-up and crafting streams belong to the run flow (`run::flow`).
#[derive(Debug, Clone)]
struct Rngs {
    combat: ChaCha8Rng,
    ai: ChaCha8Rng,
    drops: ChaCha8Rng,
}

impl Rngs {
    fn new(seed: u64) -> Self {
        use crate::rng::{stream, streams};
        Self {
            combat: stream(seed, streams::COMBAT),
            ai: stream(seed, streams::AI),
            drops: stream(seed, streams::DROPS),
        }
    }
}

/// The loot rules in force.
#[derive(Debug)]
struct Kit {
    gear: GearLoadout,
    /// Stacks and spent revivals of the equipped loot rules (`hooks.rs`).
    hook_state: hooks::HookState,
}

/// The active core of the wave, its stance and the blade.
#[derive(Debug)]
struct Caster {
    core: Option<CoreState>,
    /// Still time for stand-charge chips ([`World::charge_state`]).
    charge: ChargeTracker,
    /// The worn blade's swing.
    swing: crate::melee::Swing,
    /// Speed of the strike's dash now, px/s.
    dash_v: f32,
}

/// The projectile compute core and the bookkeeping of its one-step latency.
struct ComputeLink {
    compute: ProjectileCore,
    /// Enemies as uploaded this step.
    upload: Vec<Enemy>,
    /// Run step of each compute dispatch not yet delivered, oldest first.
    dispatched: std::collections::VecDeque<u64>,
    /// The compute core's count of delivered steps, as last seen.
    delivered: u64,
    /// Events of the last delivered dispatch and the run step it was made at.
    pending: Option<(StepEvents, u64)>,
}

/// What is on the battlefield this wave.
#[derive(Debug)]
struct Field {
    shots: ShotTable,
    enemies: EnemySet,
    /// Run step at which each enemy slot got its current occupant; a HIT from
    /// an older upload on a reused slot is ignored.
    enemy_born: Vec<u64>,
    /// The on-kill payload of the last player projectile that hit each enemy slot.
    kill_credit: Vec<Option<(u32, crate::vm::PayloadHandle)>>,
    runner: Option<WaveRunner>,
    spawn_orders: Vec<SpawnOrder>,
    /// Spawn requests waiting for the upload: the request, its origin and aim.
    queued: Vec<(SpawnRequest, Vec2, Vec2)>,
    enemy_shots: Vec<engine::compute::Projectile>,
    areas: Vec<Area>,
    coins: CoinField,
}

/// The state of one fight: bodies, projectiles, the active core, what lies
/// on the floor. What the run carries between waves is a [`Carry`], lent to
/// each step.
pub struct World {
    cat: Arc<Catalog>,
    seed: u64,
    dt: f32,
    /// Wave number (1-based; 0 before the first wave).
    pub wave: u32,
    /// Steps simulated in this wave.
    pub wave_steps: u64,
    /// Steps simulated in the run.
    pub run_steps: u64,
    /// The player.
    pub player: Player,
    /// This step's input (movement, dash, stored cast, aim), as given to
    /// [`World::step`]; movement and aim stay until the next step.
    input: PlayerInput,
    /// What enemies' elemental hits left on the player this wave.
    pub afflictions: crate::combat::afflictions::Afflictions,
    /// The loot rules in force: worn gear and the state of its hooks.
    kit: Kit,
    /// The active core and how it aims.
    caster: Caster,
    /// The compute core and the dispatches in flight to it.
    link: ComputeLink,
    /// Everything on the battlefield this wave.
    field: Field,
    rngs: Rngs,
    /// Short-lived effects for the renderer.
    pub effects: Effects,
    /// CPU time per stage of the last step.
    pub times: StageTimes,
    /// Counters of the last step.
    pub counters: StepCounters,
    /// Totals of the current wave.
    pub stats: WaveStats,
    /// Boss happenings of the last step (phase changes, reflections, lost
    /// layers) for the HUD and the renderer.
    pub boss_events: Vec<crate::bosses::BossEvent>,
    /// NG+ level, endless mutator and curse in force this wave (set by the
    /// run before each wave; read by every room a rule changes).
    pub rules: crate::mutators::FightRules,
    /// HP and attack factor on this wave's bosses beyond NG+ (an endless
    /// wave's difficulty; 1 in the twenty waves).
    pub boss_scale: f32,
    /// Which projectile slots are not their chip's own shot (turret volleys,
    /// parried shots), for the damage book; not hashed.
    tags: crate::combat::attribution::SlotTags,
    /// The wave's damage by source and element and the harm taken by
    /// source (docs/share.md#damage-per-chip): bookkeeping beside
    /// [`Self::stats`], which the state hash covers and this is not.
    pub credit: crate::combat::attribution::WaveCredit,
}

impl std::fmt::Debug for World {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("World")
            .field("seed", &self.seed)
            .field("wave", &self.wave)
            .field("wave_steps", &self.wave_steps)
            .field("backend", &self.link.compute.backend())
            .finish_non_exhaustive()
    }
}

impl World {
    /// A fresh fight for a run: base stats, an empty field, the compute core
    /// (`ctx` is needed for [`Backend::Gpu`]). Call [`World::refresh_gear`]
    /// with the run's [`Carry`] before the first wave.
    pub fn new(
        cat: Arc<Catalog>,
        seed: u64,
        backend: Backend,
        ctx: Option<&GpuContext>,
    ) -> Result<World, WorldError> {
        let w = &cat.run.world;
        let config = CoreConfig::arena(w.projectile_capacity, w.max_enemies, w.arena.max().into());
        let compute = ProjectileCore::new(backend, ctx, config)?;
        let enemies = EnemySet::new(
            cat.enemies.tuning,
            crate::enemies::Arena {
                min: [0.0, 0.0],
                max: [w.arena.width, w.arena.height],
            },
            cat.combat.slow_factor,
        );
        let player = Player::new(&w.player, w.arena.centre());
        let gear = Equipment::default().loadout(&cat.loot);
        let world = World {
            dt: w.dt(),
            seed,
            wave: 0,
            wave_steps: 0,
            run_steps: 0,
            player,
            input: PlayerInput::default(),
            afflictions: Default::default(),
            kit: Kit {
                gear,
                hook_state: Default::default(),
            },
            caster: Caster {
                core: None,
                charge: ChargeTracker::default(),
                swing: crate::melee::Swing::new(),
                dash_v: 0.0,
            },
            link: ComputeLink {
                compute,
                upload: Vec::new(),
                dispatched: std::collections::VecDeque::new(),
                delivered: 0,
                pending: None,
            },
            field: Field {
                shots: ShotTable::default(),
                enemies,
                enemy_born: Vec::new(),
                kill_credit: Vec::new(),
                runner: None,
                spawn_orders: Vec::new(),
                queued: Vec::new(),
                enemy_shots: Vec::new(),
                areas: Vec::new(),
                coins: CoinField::default(),
            },
            rngs: Rngs::new(seed),
            effects: Effects::new(4096),
            times: StageTimes::default(),
            counters: StepCounters::default(),
            stats: WaveStats::default(),
            boss_events: Vec::new(),
            rules: Default::default(),
            boss_scale: 1.0,
            tags: Default::default(),
            credit: Default::default(),
            cat,
        };
        Ok(world)
    }

    /// A fresh fight with a fresh run's [`Carry`] (the starting core and
    /// deck, starting gold), its gear already derived: where tools, probes
    /// and tests that play without a run begin.
    pub fn new_run(
        cat: Arc<Catalog>,
        seed: u64,
        backend: Backend,
        ctx: Option<&GpuContext>,
    ) -> Result<(World, Carry), WorldError> {
        let mut carry = Carry::new(&cat).map_err(|e| match e {
            crate::carry::CarryError::UnknownCore(id) => WorldError::Unknown { what: "core", id },
        })?;
        let mut world = World::new(cat, seed, backend, ctx)?;
        world.refresh_gear(&mut carry);
        Ok((world, carry))
    }

    /// One fixed step of `dt` (1/60 s) with this step's input, in the order
    /// of the module docs; what the fight earns (gold, XP, drops, bosses met)
    /// goes into `carry`. Only takes the input outside a wave or once the
    /// player is dead.
    pub fn step(&mut self, carry: &mut Carry, input: &PlayerInput) {
        self.input = PlayerInput {
            aim: input.aim.and_then(Vec2::try_normalize),
            ..*input
        };
        if self.field.runner.is_none() || !self.player.alive() {
            return;
        }
        engine::scope!("world step");
        engine::profile::step(self.run_steps);
        let dt = self.dt;
        let mut laps = Laps::start();
        let mut counters = StepCounters::default();
        self.boss_events.clear();
        // 1. Events of the previous step.
        let events = self.link.pending.take();
        laps.lap(&mut self.times, 0);
        // 2. Combat.
        if let Some((events, dispatched_at)) = events {
            counters.events = events.events.len() as u32;
            counters.event_overflow = events.overflow;
            self.handle_events(&events, dispatched_at, &mut carry.ledger, &mut counters);
        }
        self.reap(carry, &mut counters);
        self.boss_followups();
        laps.lap(&mut self.times, 1);
        // 3. VM.
        self.cast_main(&mut counters);
        laps.lap(&mut self.times, 2);
        // 4. AI and movement.
        {
            engine::scope!("ai and movement");
            self.move_everything(carry, dt, &mut counters);
        }
        self.tick_hooks(&carry.ledger, dt);
        laps.lap(&mut self.times, 3);
        // 5. Upload.
        {
            engine::scope!("upload");
            self.upload(&mut counters);
        }
        laps.lap(&mut self.times, 4);
        // 6. Compute.
        let ev = self.link.compute.step(dt);
        self.link.dispatched.push_back(self.run_steps);
        // `step` returns the events of the oldest undelivered dispatch, if any
        // was delivered (its `step` number then advances).
        let at = if ev.step > self.link.delivered {
            self.link.delivered = ev.step;
            self.link.dispatched.pop_front().unwrap_or(self.run_steps)
        } else {
            self.run_steps
        };
        self.link.pending = Some((ev, at));
        laps.lap(&mut self.times, 5);

        self.wave_steps += 1;
        self.run_steps += 1;
        if self
            .wave_steps
            .is_multiple_of(u64::from(self.cat.run.world.step_hz))
        {
            self.run_hooks(
                crate::loot::hooks::Hook::PerSecond,
                &mut carry.ledger,
                &mut counters,
            );
        }
        counters.enemies = self.field.enemies.alive_count() as u32;
        let boss_dead = self.stats.boss_kills > 0 && !self.boss_alive();
        if let Some(r) = &mut self.field.runner {
            r.note_field(counters.enemies as usize, boss_dead);
        }
        counters.projectiles = self.link.compute.live_count();
        counters.player_projectiles = self.field.shots.player_live();
        counters.player_moving = self.field.shots.player_moving();
        let enemy_shots = self.field.shots.live() - counters.player_projectiles;
        if engine::profile::recorder::is_on() {
            engine::profile::counter("wave", f64::from(self.wave));
            engine::profile::counter("enemies", f64::from(counters.enemies));
            engine::profile::counter("projectiles", f64::from(counters.projectiles));
        }
        self.counters = counters;
        let hp = (
            self.player.hp.max(0.0),
            self.player.stat(crate::stats::StatId::HpMax),
        );
        let s = &mut self.stats;
        s.steps += 1;
        s.peak_enemies = s.peak_enemies.max(counters.enemies);
        s.enemy_steps += u64::from(counters.enemies);
        s.peak_projectiles = s.peak_projectiles.max(counters.projectiles);
        s.peak_player_projectiles = s.peak_player_projectiles.max(counters.player_moving);
        s.peak_enemy_projectiles = s.peak_enemy_projectiles.max(enemy_shots);
        s.dropped_spawns += u64::from(counters.dropped_spawns);
        s.player_spawns_attempted += u64::from(counters.player_spawns);
        s.player_dropped_spawns += u64::from(counters.player_dropped);
        (s.hp_end, s.hp_max) = hp;
        s.event_overflow += u64::from(counters.event_overflow);
        s.events += u64::from(counters.events);
        s.casts += u64::from(counters.casts);
        s.step_ms.push(self.times.total());
    }
}
