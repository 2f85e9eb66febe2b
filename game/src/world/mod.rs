//! The simulation of a fight: one fixed 60 Hz step joining combat, the spell
//! VM, enemies and the projectile compute core in the order of DESIGN §2.
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

mod aim;
mod areas;
pub mod arena;
mod between_waves;
mod chain;
mod charge;
mod combat;
pub mod config;
pub mod gear;
mod hooks;
mod load;
pub mod metrics;
mod movement;
pub mod shots;
mod test_range;
pub mod view;

use std::sync::Arc;

use engine::compute::{CoreConfig, Enemy, ProjectileCore, StepEvents};
use engine::gpu::{Backend, GpuContext};
use glam::Vec2;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use areas::{Area, AreaKind};
pub use arena::Arena;
pub use charge::{ChargeState, ChargeTracker};
pub use config::{RunData, WorldDef};
pub use gear::EnemyAttackDef;
pub use metrics::{STAGE_NAMES, StageTimes, StepCounters, WaveStats};
pub use shots::{Chain, Shot, ShotTable, Team};
pub use test_range::Dummy;
pub use view::{Effect, EffectKind, Effects};

use crate::catalog::Catalog;
use crate::economy::{CoinField, Progress, Wallet};
use crate::enemies::{AiContext, EnemySet};
use crate::loot::drops::PityState;
use crate::loot::equipment::{Equipment, Loadout as GearLoadout};
use crate::loot::item::Item;
use crate::loot::materials::MaterialAmounts;
use crate::player::Player;
use crate::shop::{Card, CarriedCore, Loadout};
use crate::vm::{CastContext, CasterStats, CoreState, DeckError, SpawnRequest};
use crate::waves::{SpawnOrder, WaveRunner, wave_seed};
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
    /// An id in the data or a build does not exist.
    #[error("unknown {what} `{id}`")]
    Unknown {
        /// "core", "spell", "wave".
        what: &'static str,
        /// The id.
        id: String,
    },
}

/// Random streams, one per system, so that one system's draws never shift another's.
#[derive(Debug, Clone)]
struct Rngs {
    combat: ChaCha8Rng,
    ai: ChaCha8Rng,
    drops: ChaCha8Rng,
    shop: ChaCha8Rng,
}

impl Rngs {
    fn new(seed: u64) -> Self {
        Self {
            combat: ChaCha8Rng::seed_from_u64(seed ^ 0x00C0_4BA7),
            ai: ChaCha8Rng::seed_from_u64(seed ^ 0xA1),
            drops: ChaCha8Rng::seed_from_u64(seed ^ 0xD409),
            shop: ChaCha8Rng::seed_from_u64(seed ^ 0x5409),
        }
    }
}

/// The whole state of a run's fight and everything carried between waves.
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
    /// Where the player wants to go this step (unit or zero), set by input or a script.
    pub move_dir: Vec2,
    /// Gold.
    pub wallet: Wallet,
    /// Level and XP.
    pub progress: Progress,
    /// Carried cores, decks and the waiting area.
    pub loadout: Loadout,
    /// Worn items and socketed artifacts.
    pub equipment: Equipment,
    /// Items picked up and not worn.
    pub stash: Vec<Item>,
    /// Crafting materials gathered.
    pub materials: MaterialAmounts,
    /// Artifact pity of the run.
    pub pity: PityState,
    gear: GearLoadout,
    /// Stacks and spent revivals of the equipped loot rules (`hooks.rs`).
    hook_state: hooks::HookState,
    /// Mouse aim (unit) or `None` for auto-aim ([`World::set_aim`]).
    aim_override: Option<Vec2>,
    /// Still time for stand-charge chips ([`World::charge_state`]).
    charge: ChargeTracker,
    core: Option<CoreState>,
    compute: ProjectileCore,
    shots: ShotTable,
    enemies: EnemySet,
    /// Run step at which each enemy slot got its current occupant; a HIT from
    /// an older upload on a reused slot is ignored.
    enemy_born: Vec<u64>,
    /// The on-kill payload of the last player projectile that hit each enemy slot.
    kill_credit: Vec<Option<(u32, crate::vm::PayloadHandle)>>,
    upload: Vec<Enemy>,
    /// Run step of each compute dispatch not yet delivered, oldest first.
    dispatched: std::collections::VecDeque<u64>,
    /// The compute core's count of delivered steps, as last seen.
    delivered: u64,
    pending: Option<(StepEvents, u64)>,
    runner: Option<WaveRunner>,
    spawn_orders: Vec<SpawnOrder>,
    queued: Vec<(SpawnRequest, Vec2, Vec2)>,
    enemy_shots: Vec<engine::compute::Projectile>,
    areas: Vec<Area>,
    coins: CoinField,
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
}

impl std::fmt::Debug for World {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("World")
            .field("seed", &self.seed)
            .field("wave", &self.wave)
            .field("wave_steps", &self.wave_steps)
            .field("backend", &self.compute.backend())
            .finish_non_exhaustive()
    }
}

impl World {
    /// A fresh run: the starting core and deck of `data/world.json`, base stats,
    /// the economy's starting gold. `ctx` is needed for [`Backend::Gpu`].
    pub fn new(
        cat: Arc<Catalog>,
        seed: u64,
        backend: Backend,
        ctx: Option<&GpuContext>,
    ) -> Result<World, WorldError> {
        let w = &cat.run.world;
        let core_id = w.starting_core.clone();
        let core_def =
            cat.cores
                .find(&core_id)
                .map(|i| cat.cores.get(i).clone())
                .ok_or(WorldError::Unknown {
                    what: "core",
                    id: core_id.clone(),
                })?;
        let price_of = |id: &str| {
            cat.spells
                .find(id)
                .map_or(0, |i| u64::from(cat.spells.get(i).price))
        };
        let deck = w
            .starting_deck
            .iter()
            .map(|id| Card {
                id: id.clone(),
                paid: price_of(id),
            })
            .collect();
        let loadout = Loadout::new(CarriedCore {
            id: core_id,
            paid: u64::from(core_def.price),
            capacity: core_def.capacity as usize,
            deck,
        });
        let mut config = CoreConfig::arena(w.projectile_capacity, w.max_enemies);
        config.arena_min = [0.0, 0.0];
        config.arena_max = [w.arena.width, w.arena.height];
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
        let equipment = Equipment::default();
        let gear = equipment.loadout(&cat.loot);
        let mut world = World {
            dt: w.dt(),
            seed,
            wave: 0,
            wave_steps: 0,
            run_steps: 0,
            player,
            move_dir: Vec2::ZERO,
            wallet: Wallet::with_gold(cat.run.economy.def.starting_gold),
            progress: Progress::default(),
            loadout,
            equipment,
            stash: Vec::new(),
            materials: MaterialAmounts::default(),
            pity: PityState::default(),
            gear,
            hook_state: Default::default(),
            aim_override: None,
            charge: ChargeTracker::default(),
            core: None,
            compute,
            shots: ShotTable::default(),
            enemies,
            enemy_born: Vec::new(),
            kill_credit: Vec::new(),
            upload: Vec::new(),
            dispatched: std::collections::VecDeque::new(),
            delivered: 0,
            pending: None,
            runner: None,
            spawn_orders: Vec::new(),
            queued: Vec::new(),
            enemy_shots: Vec::new(),
            areas: Vec::new(),
            coins: CoinField::default(),
            rngs: Rngs::new(seed),
            effects: Effects::new(4096),
            times: StageTimes::default(),
            counters: StepCounters::default(),
            stats: WaveStats::default(),
            boss_events: Vec::new(),
            cat,
        };
        world.refresh_gear();
        Ok(world)
    }

    /// The catalogue the world reads.
    pub fn catalog(&self) -> &Arc<Catalog> {
        &self.cat
    }

    /// Seconds per step.
    pub fn dt(&self) -> f32 {
        self.dt
    }

    /// The run seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Which implementation runs the compute passes.
    pub fn backend(&self) -> Backend {
        self.compute.backend()
    }

    /// The compute core (the renderer draws from its projectile buffer; the overlay reads pass timings).
    pub fn compute(&self) -> &ProjectileCore {
        &self.compute
    }

    /// Enemies, by slot (free slots have `alive == false`), with telegraph state.
    pub fn enemies(&self) -> &EnemySet {
        &self.enemies
    }

    /// Coins on the ground.
    pub fn coins(&self) -> &CoinField {
        &self.coins
    }

    /// Black holes, healing mists and turrets in the arena.
    pub fn areas(&self) -> &[Area] {
        &self.areas
    }

    /// The active core's runtime (mana, timers), when a wave is running.
    pub fn core_state(&self) -> Option<&CoreState> {
        self.core.as_ref()
    }

    /// What the worn equipment gives the fight.
    pub fn gear(&self) -> &GearLoadout {
        &self.gear
    }

    /// Seconds left in the wave (0 outside a wave).
    pub fn wave_time_left(&self) -> f32 {
        self.runner
            .as_ref()
            .map_or(0.0, |r| (r.config().duration_sec - r.elapsed()).max(0.0))
    }

    /// True while a wave is running and the player lives.
    pub fn in_wave(&self) -> bool {
        self.runner.is_some()
    }

    /// True when the wave is over: its time is up and no boss lives, or a
    /// living boss has had `boss_overtime_s` (data/world.json) past the time.
    /// The seed ends the game on the W20 boss's death, so a boss wave waits
    /// for it, but not forever.
    pub fn wave_done(&self) -> bool {
        let Some(r) = self.runner.as_ref() else {
            return false;
        };
        if !r.time_up() {
            return false;
        }
        let overtime = self.wave_steps as f32 * self.dt - r.config().duration_sec;
        !self.boss_alive() || overtime >= self.cat.run.world.boss_overtime_s
    }

    /// True while a boss is alive in the arena.
    pub fn boss_alive(&self) -> bool {
        self.enemies.slots().iter().any(|e| e.alive && e.boss.is_some())
    }

    /// True when the current wave's file has a boss.
    pub fn boss_wave(&self) -> bool {
        self.runner.as_ref().is_some_and(|r| r.config().boss.is_some())
    }

    /// Depth of the current wave for loot (DESIGN §7: 5 × wave, at most 100).
    pub fn depth(&self) -> u32 {
        self.cat.loot.drops.run_model.depth_of_wave(self.wave.max(1))
    }

    /// Re-derives the equipment's contribution after a change of worn items.
    pub fn refresh_gear(&mut self) {
        self.gear = self.equipment.loadout(&self.cat.loot);
        self.player.set_item_modifiers(self.gear.modifiers.clone());
    }

    /// Equips an item from anywhere (the stash, a test), replacing what was worn
    /// (which goes to the stash).
    pub fn equip(&mut self, item: Item) -> Result<(), crate::loot::equipment::EquipError> {
        if let Some(old) = self.equipment.equip(item, &self.cat.loot)? {
            self.stash.push(old);
        }
        self.refresh_gear();
        Ok(())
    }

    /// Starts wave `n`: enemies, projectiles, coins and effects cleared, full HP,
    /// the active core loaded fresh (full mana), the wave's spawner seeded.
    pub fn begin_wave(&mut self, n: u32) -> Result<(), WorldError> {
        let cfg = self
            .cat
            .waves
            .get(n.saturating_sub(1) as usize)
            .ok_or(WorldError::Unknown {
                what: "wave",
                id: n.to_string(),
            })?;
        let runner = WaveRunner::new(cfg, &self.cat.enemies, &self.cat.bosses, wave_seed(self.seed, n))
            .map_err(|e| WorldError::Unknown { what: "wave", id: e })?;
        self.clear_field();
        self.core = Some(self.build_core(n)?);
        self.runner = Some(runner);
        self.wave = n;
        self.wave_steps = 0;
        self.player.pos = self.cat.run.world.arena.centre();
        self.player.restore();
        self.equipment.record_depth = self.equipment.record_depth.max(self.depth());
        self.stats = WaveStats {
            wave: n,
            ..WaveStats::default()
        };
        Ok(())
    }

    fn build_core(&self, n: u32) -> Result<CoreState, WorldError> {
        let carried = self.loadout.active();
        let def = self
            .cat
            .cores
            .find(&carried.id)
            .map(|i| self.cat.cores.get(i))
            .ok_or(WorldError::Unknown {
                what: "core",
                id: carried.id.clone(),
            })?;
        let ids: Vec<&str> = carried.deck.iter().map(|c| c.id.as_str()).collect();
        let mut core = CoreState::new(
            def,
            &ids,
            &self.cat.spells,
            &self.cat.recipes,
            &self.cat.balance.vm,
            wave_seed(self.seed ^ 0x5EED_C0DE, n),
        )
        .map_err(|source| WorldError::Deck {
            core: carried.id.clone(),
            source,
        })?;
        let caster = CasterStats::from_sheet(self.player.stats(), self.player.hp);
        core.new_wave(&caster, &self.cat.balance.vm);
        Ok(core)
    }

    /// Removes every enemy, projectile, coin and effect (their payloads released).
    fn clear_field(&mut self) {
        let flushed = self.compute.flush();
        self.delivered = self.delivered.max(flushed.step);
        for slot in self.shots.occupied() {
            self.compute.kill(slot);
            self.release_shot(slot);
        }
        self.pending = None;
        self.dispatched.clear();
        self.enemies.clear();
        self.coins.coins.clear();
        self.areas.clear();
        self.effects.clear();
        self.queued.clear();
        self.enemy_shots.clear();
    }

    /// Frees the CPU record of a slot and its payload.
    fn release_shot(&mut self, slot: u32) {
        if let Some(s) = self.shots.remove(slot)
            && let (Some(h), Some(core)) = (s.payload, self.core.as_mut())
        {
            core.release_payload(h);
        }
    }

    /// One fixed step of `dt` (1/60 s), in the order of the module docs. Does
    /// nothing outside a wave or once the player is dead.
    pub fn step(&mut self) {
        if self.runner.is_none() || !self.player.alive() {
            return;
        }
        let dt = self.dt;
        let mut laps = Laps::start();
        let mut counters = StepCounters::default();
        self.boss_events.clear();
        // 1. Events of the previous step.
        let events = self.pending.take();
        laps.lap(&mut self.times, 0);
        // 2. Combat.
        if let Some((events, dispatched_at)) = events {
            counters.events = events.events.len() as u32;
            counters.event_overflow = events.overflow;
            self.handle_events(&events, dispatched_at, &mut counters);
        }
        self.reap(&mut counters);
        laps.lap(&mut self.times, 1);
        // 3. VM.
        self.cast_main(&mut counters);
        laps.lap(&mut self.times, 2);
        // 4. AI and movement.
        self.move_everything(dt, &mut counters);
        self.tick_hooks(dt);
        laps.lap(&mut self.times, 3);
        // 5. Upload.
        self.upload(&mut counters);
        laps.lap(&mut self.times, 4);
        // 6. Compute.
        let ev = self.compute.step(dt);
        self.dispatched.push_back(self.run_steps);
        // `step` returns the events of the oldest undelivered dispatch, if any
        // was delivered (its `step` number then advances).
        let at = if ev.step > self.delivered {
            self.delivered = ev.step;
            self.dispatched.pop_front().unwrap_or(self.run_steps)
        } else {
            self.run_steps
        };
        self.pending = Some((ev, at));
        laps.lap(&mut self.times, 5);

        self.wave_steps += 1;
        self.run_steps += 1;
        if self
            .wave_steps
            .is_multiple_of(u64::from(self.cat.run.world.step_hz))
        {
            self.run_hooks(crate::loot::hooks::Hook::PerSecond, &mut counters);
        }
        counters.enemies = self.enemies.alive_count() as u32;
        counters.projectiles = self.compute.live_count();
        counters.player_projectiles = self.shots.player_live();
        self.counters = counters;
        let s = &mut self.stats;
        s.steps += 1;
        s.peak_enemies = s.peak_enemies.max(counters.enemies);
        s.peak_projectiles = s.peak_projectiles.max(counters.projectiles);
        s.dropped_spawns += u64::from(counters.dropped_spawns);
        s.event_overflow += u64::from(counters.event_overflow);
        s.events += u64::from(counters.events);
        s.casts += u64::from(counters.casts);
        s.step_ms.push(self.times.total());
    }

    /// Nearest living enemy to `from` (slot and position), optionally skipping one.
    fn nearest_enemy(&self, from: Vec2, skip: Option<u32>) -> Option<(u32, Vec2)> {
        let mut best: Option<(u32, Vec2, f32)> = None;
        for (i, e) in self.enemies.slots().iter().enumerate() {
            if !e.alive || e.hp <= 0.0 || skip == Some(i as u32) {
                continue;
            }
            let d = e.pos.distance_squared(from);
            if best.is_none_or(|b| d < b.2) {
                best = Some((i as u32, e.pos, d));
            }
        }
        best.map(|b| (b.0, b.1))
    }

    fn cast_context(&self) -> CastContext<'_> {
        let nearest = self
            .nearest_enemy(self.player.pos, None)
            .map_or(f32::INFINITY, |(_, p)| p.distance(self.player.pos));
        CastContext {
            spells: &self.cat.spells,
            balance: &self.cat.balance.vm,
            nearest_enemy: nearest,
            live_projectiles: self.shots.player_live() + self.queued.len() as u32,
        }
    }

    fn caster(&self) -> CasterStats {
        CasterStats::from_sheet(self.player.stats(), self.player.hp)
    }

    /// Stage 3: the active core ticks and its spawns are aimed at the nearest enemy.
    fn cast_main(&mut self, counters: &mut StepCounters) {
        if self.player.is_down() {
            return; // Down waiting for a revival: inactive.
        }
        let Some(mut core) = self.core.take() else { return };
        let caster = self.caster();
        let aim = self.aim_dir();
        let mut out = {
            let ctx = self.cast_context();
            core.tick(self.dt, &caster, &ctx)
        };
        if out.cast {
            counters.casts += 1;
            counters.vm_ops = out.ops;
            self.stats.vm_ops += u64::from(out.ops);
            self.stats.main_casts += 1;
            if out.hp_cost > 0.0 {
                self.player.pay_hp(out.hp_cost);
            }
        }
        counters.dropped_spawns += out.dropped;
        self.apply_stance(&mut out.spawns);
        for s in out.spawns {
            self.queued.push((s, self.player.pos, aim));
        }
        self.core = Some(core);
    }

    /// Stage 5: enemies, player circle, queued spawns.
    fn upload(&mut self, counters: &mut StepCounters) {
        self.upload.clear();
        self.upload.extend(self.enemies.slots().iter().map(|e| Enemy {
            pos: e.pos.to_array(),
            radius: e.radius,
            alive: u32::from(e.alive && e.hp > 0.0),
        }));
        self.compute.set_enemies(&self.upload);
        self.compute
            .set_player(self.player.pos.to_array(), self.player.radius);
        let queued = std::mem::take(&mut self.queued);
        for (req, origin, dir) in queued {
            self.spawn_request(&req, origin, dir, counters);
        }
        let shots = std::mem::take(&mut self.enemy_shots);
        for p in shots {
            let dmg = crate::enemies::shots::enemy_shot_damage(&p);
            match self.compute.spawn(p) {
                Some(slot) => {
                    self.shots.insert(slot, Shot::from_enemy(&p, dmg));
                }
                None => counters.dropped_spawns += 1,
            }
        }
    }

    /// Turns one spawn request into a projectile (or an area effect) from `origin` along `dir`.
    fn spawn_request(&mut self, req: &SpawnRequest, origin: Vec2, dir: Vec2, counters: &mut StepCounters) {
        use crate::vm::spells::EffectKind as Vfx;
        let aim = dir.y.atan2(dir.x);
        if req.effect != Vfx::None {
            self.areas.push(Area::from_request(req, origin, aim));
            return;
        }
        let p = req.to_projectile(origin.to_array(), aim);
        match self.compute.spawn(p) {
            Some(slot) => {
                self.shots.insert(slot, Shot::from_request(req, &p));
            }
            None => {
                counters.dropped_spawns += 1;
                if let (Some(h), Some(core)) = (req.payload, self.core.as_mut()) {
                    core.release_payload(h);
                }
            }
        }
    }

    /// Spawns enemy `id` at `pos` outside the wave's schedule (tests, the lab's dummies).
    pub fn spawn_enemy(&mut self, id: &str, pos: Vec2) -> Option<u32> {
        let kind = self.cat.enemies.index_of(id)?;
        let def = &self.cat.enemies.defs[kind];
        let slot = self.enemies.spawn(kind as u32, def, pos, Default::default())?;
        let i = slot as usize;
        if self.enemy_born.len() <= i {
            self.enemy_born.resize(i + 1, 0);
        }
        self.enemy_born[i] = self.run_steps;
        Some(slot)
    }

    /// Mutable enemies (tests and tools that set up a scene).
    pub fn enemies_mut(&mut self) -> &mut EnemySet {
        &mut self.enemies
    }
}
