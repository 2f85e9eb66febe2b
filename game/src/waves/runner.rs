//! Turns a [`SpawnConfig`] into spawn orders, one step at a time.
//!
//! Rules (docs/game.md#wave-files):
//! * Each group has its own clock of `spawn_interval` s. A group whose clock
//!   has run out is *ready*; each step at most one group spawns, picked among
//!   the ready ones at random by `weight` (so weights decide, not a round
//!   robin). Its clock then restarts.
//! * A spawn of a group is `count_min..=count_max` enemies, each costing its
//!   type's `cost` from the budget; the count is cut to what the budget still
//!   pays for, and a group that cannot pay for one enemy is never ready again.
//!   In all, at most `floor(budget / cost)` enemies of a single-type wave spawn.
//! * Spawn points are a random angle and a random distance within
//!   `spawn_radius_from_player` around the player; a point outside the arena
//!   is re-rolled up to 8 times and then clamped inside.
//! * Elite overrides fire once when the wave clock reaches `at_sec`, outside
//!   the budget. The boss spawns once at its `at_sec`.
//! * Nothing spawns after `duration_sec`.
//! * The caller says how many more enemies the field has room for
//!   ([`SPAWN_CEILING`] minus those alive): a group's spawn is cut to that
//!   room, and a group with no room waits ready (its clock does not restart,
//!   its budget stays unspent) until enemies die. Deep endless waves thus
//!   keep the field at the design ceiling instead of overflowing it.
//! * A boss rush ([`WaveRunner::with_rush`]) queues more bosses behind the
//!   wave's own; the next one is called in by [`WaveRunner::call_next_boss`]
//!   when the field has no boss left.
//!
//! * Rewards (docs/balance.md#density): a wave with `xp_total` or
//!   `gold_total` plans itself on its first step (a dry run of its spawns
//!   with the player at the arena's centre, no kills and no ceiling) and
//!   scales every kill's XP and gold by total / planned, so the wave pays
//!   what its file says however many enemies it is made of. Elite
//!   overrides count in the plan; the boss pays its own.
//!
//! The runner owns a `ChaCha8Rng` seeded by the caller: same seed, same
//! config and same player positions → the same orders.

use glam::Vec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::config::SpawnConfig;
use crate::bosses::BossDefs;
use crate::enemies::{Arena, EnemyDefs, SpawnScale};

/// Spawn points are kept this far inside the walls, px.
const WALL_MARGIN: f32 = 24.0;
/// Enemies alive at once that wave spawns stop at (the design ceiling of
/// 1,000 enemies and 2,000 player projectiles; elites and bosses still
/// come). `enemies.json`'s `max_alive` (1,200) is the hard cap behind it.
pub const SPAWN_CEILING: u32 = 1100;

/// Re-rolls of a spawn point that fell outside the arena.
const SPAWN_RETRIES: u32 = 8;

/// One thing to spawn now.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SpawnOrder {
    /// An enemy of type index `enemy` (into `EnemyDefs::defs`).
    Enemy {
        /// Type index.
        enemy: u32,
        /// Where, world px.
        pos: [f32; 2],
        /// Forced elite from an override.
        elite_override: bool,
        /// The wave's growth factors.
        scale: SpawnScale,
    },
    /// The wave's boss, index into `BossDefs::bosses`.
    Boss {
        /// Boss index.
        boss: u32,
        /// Where, world px.
        pos: [f32; 2],
    },
}

/// The seed of wave `wave` in a run seeded `run_seed`, so each wave's spawns
/// are independent of how the previous one went.
pub fn wave_seed(run_seed: u64, wave: u32) -> u64 {
    run_seed ^ (u64::from(wave)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Plays one wave's spawns.
#[derive(Debug, Clone)]
pub struct WaveRunner {
    cfg: SpawnConfig,
    /// `(type index, cost)` per group.
    groups: Vec<(u32, f32)>,
    overrides: Vec<u32>,
    boss: Option<u32>,
    rng: ChaCha8Rng,
    /// Steps taken; the clock is `steps × dt`, and every time test compares
    /// whole steps (see [`WaveRunner::reached`]) so a 60 s wave at 60 Hz lasts
    /// exactly 3,600 steps (a float clock summed step by step reached 60 one
    /// step late: 3,601 steps).
    steps: u64,
    dt: f32,
    t: f32,
    spent: f32,
    timers: Vec<f32>,
    fired: Vec<bool>,
    boss_fired: bool,
    spawned: u32,
    /// Of `spawned`, the crowd floor's fodder.
    floor_spawned: u32,
    /// Bosses of a rush still to come, next first.
    rush: Vec<u32>,
    /// XP and mean gold of one enemy of each type the wave spawns (type
    /// index, xp, gold), for the plan.
    rewards: Vec<(u32, f32, f32)>,
    /// The reward shares `(xp, gold)` once planned ([`WaveRunner::plan`]).
    share: Option<(f32, f32)>,
    /// The crowd floor's group index and alive count (`SpawnConfig::crowd_floor`).
    floor: Option<(usize, u32)>,
    /// Floor spawns owed (fractions carried step to step).
    floor_owed: f32,
    /// A dry run for the plan: no floor (nothing dies in it).
    planning: bool,
    /// Steps in a row the wave has stood finished ([`WaveRunner::note_field`]).
    quiet: u32,
}

/// A wave naming an enemy or boss the tables do not know (a config that
/// did not go through the catalog's checks): names the wave and the id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunnerError {
    /// No enemy of this id.
    #[error("wave {wave}: unknown enemy `{id}`")]
    UnknownEnemy {
        /// The wave.
        wave: u32,
        /// The id.
        id: String,
    },
    /// No boss of this id.
    #[error("wave {wave}: unknown boss `{id}`")]
    UnknownBoss {
        /// The wave.
        wave: u32,
        /// The id.
        id: String,
    },
}

impl WaveRunner {
    /// A runner for `cfg`; fails naming the first id that the tables do not know
    /// (a catalog-checked config never fails).
    pub fn new(
        cfg: &SpawnConfig,
        enemies: &EnemyDefs,
        bosses: &BossDefs,
        seed: u64,
    ) -> Result<Self, RunnerError> {
        let lookup = |id: &str| {
            enemies
                .index_of(id)
                .map(|i| i as u32)
                .ok_or_else(|| RunnerError::UnknownEnemy {
                    wave: cfg.wave,
                    id: id.into(),
                })
        };
        let mut groups = Vec::new();
        for g in &cfg.spawn_groups {
            let i = lookup(&g.enemy_id)?;
            groups.push((i, enemies.defs[i as usize].cost));
        }
        let overrides = cfg
            .elite_overrides
            .iter()
            .map(|o| lookup(&o.enemy_id))
            .collect::<Result<Vec<_>, _>>()?;
        let rewards = groups
            .iter()
            .map(|g| g.0)
            .chain(overrides.iter().copied())
            .map(|i| {
                let d = &enemies.defs[i as usize];
                (i, d.xp, (d.gold[0] + d.gold[1]) as f32 / 2.0)
            })
            .collect();
        let boss = match &cfg.boss {
            Some(b) => Some(bosses.index_of(&b.boss_id).map(|i| i as u32).ok_or_else(|| {
                RunnerError::UnknownBoss {
                    wave: cfg.wave,
                    id: b.boss_id.clone(),
                }
            })?),
            None => None,
        };
        Ok(Self {
            timers: vec![0.0; groups.len()],
            fired: vec![false; overrides.len()],
            cfg: cfg.clone(),
            groups,
            overrides,
            boss,
            rng: ChaCha8Rng::seed_from_u64(seed),
            steps: 0,
            dt: 0.0,
            t: 0.0,
            spent: 0.0,
            boss_fired: false,
            spawned: 0,
            floor_spawned: 0,
            rush: Vec::new(),
            rewards,
            share: None,
            floor: cfg.crowd_floor.as_ref().and_then(|f| {
                let g = cfg.spawn_groups.iter().position(|g| g.enemy_id == f.enemy_id)?;
                Some((g, f.alive))
            }),
            floor_owed: 0.0,
            planning: false,
            quiet: 0,
        })
    }

    /// The reward shares `(xp, gold)` each kill's own XP and gold are
    /// multiplied by: total / planned for a wave whose file gives a total, 1
    /// otherwise. The plan replays the spawner from its start on a copy.
    fn plan(&self, dt: f32, arena: &Arena) -> (f32, f32) {
        if self.cfg.xp_total.is_none() && self.cfg.gold_total.is_none() {
            return (1.0, 1.0);
        }
        let mut dry = self.clone();
        dry.share = Some((1.0, 1.0));
        dry.planning = true;
        let centre = (Vec2::from_array(arena.min) + Vec2::from_array(arena.max)) / 2.0;
        let mut orders = Vec::new();
        let cheapest = self.groups.iter().map(|g| g.1).fold(f32::INFINITY, f32::min);
        // The plan ends with the clock, or once the budget buys nothing more
        // and every override has come (a test range's endless clock).
        while !dry.time_up() && (dry.budget_left() >= cheapest || dry.fired.iter().any(|f| !f)) {
            dry.step(dt, centre, arena, u32::MAX, &mut orders);
        }
        let (mut xp, mut gold) = (0.0f64, 0.0f64);
        for o in &orders {
            if let SpawnOrder::Enemy { enemy, .. } = o
                && let Some(r) = self.rewards.iter().find(|r| r.0 == *enemy)
            {
                xp += f64::from(r.1 * self.cfg.xp_mult);
                gold += f64::from(r.2);
            }
        }
        let share = |total: Option<f32>, planned: f64| match total {
            Some(t) if planned > 0.0 => (f64::from(t) / planned) as f32,
            _ => 1.0,
        };
        (share(self.cfg.xp_total, xp), share(self.cfg.gold_total, gold))
    }

    /// The reward shares once planned (1 before the wave's first step).
    pub fn reward_share(&self) -> (f32, f32) {
        self.share.unwrap_or((1.0, 1.0))
    }

    /// The wave's config.
    pub fn config(&self) -> &SpawnConfig {
        &self.cfg
    }

    /// Seconds since the wave started.
    pub fn elapsed(&self) -> f32 {
        self.t
    }

    /// True once the wave clock has reached `duration_sec`.
    pub fn time_up(&self) -> bool {
        self.reached(self.cfg.duration_sec)
    }

    /// True once the clock has reached `sec` s, counted in whole steps:
    /// `steps ≥ round(sec / dt)`, so float rounding never costs a step.
    /// Before the first step nothing is reached.
    pub fn reached(&self, sec: f32) -> bool {
        self.steps > 0 && self.steps >= (f64::from(sec) / f64::from(self.dt)).round() as u64
    }

    /// Steps the wave clock has run.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// True while the wave has a boss that has not spawned yet (a rush's
    /// queued bosses included).
    pub fn boss_pending(&self) -> bool {
        (self.boss.is_some() && !self.boss_fired) || !self.rush.is_empty()
    }

    /// Queues `more` bosses (indices into `BossDefs::bosses`) after the
    /// wave's own: a boss rush (docs/game.md#boss-rush).
    pub fn with_rush(mut self, more: Vec<u32>) -> Self {
        self.rush = more;
        self.rush.reverse();
        self
    }

    /// Bosses of a rush not yet called in.
    pub fn rush_left(&self) -> usize {
        self.rush.len()
    }

    /// Calls the rush's next boss in: it spawns on the next step. False when
    /// the wave's boss has not come yet or no boss is queued.
    pub fn call_next_boss(&mut self) -> bool {
        if !self.boss_fired {
            return false;
        }
        match self.rush.pop() {
            Some(b) => {
                self.boss = Some(b);
                self.boss_fired = false;
                true
            }
            None => false,
        }
    }

    /// Every spawn the wave schedules has come: the boss (and a rush's
    /// bosses), every elite override, and the budget affords no group any
    /// more. A wave with a crowd floor is never spent: its fodder keeps
    /// coming for the whole minute.
    pub fn spent(&self) -> bool {
        self.floor.is_none()
            && !self.boss_pending()
            && self.fired.iter().all(|f| *f)
            && self.groups.iter().all(|g| g.1 > self.budget_left())
    }

    /// Notes the field after a step (docs/game.md#wave-end): the wave stands
    /// finished when it is spent and nothing is alive, or, in a boss wave,
    /// once every boss came and the boss is dead (its escort left on the
    /// field does not hold the wave).
    pub fn note_field(&mut self, alive: usize, boss_dead: bool) {
        let finished = if self.cfg.boss.is_some() {
            !self.boss_pending() && boss_dead
        } else {
            self.spent() && alive == 0
        };
        self.quiet = if finished { self.quiet + 1 } else { 0 };
    }

    /// Seconds the wave has stood finished, in a row.
    pub fn quiet_s(&self) -> f32 {
        self.quiet as f32 * self.dt
    }

    /// Budget points not yet spent.
    pub fn budget_left(&self) -> f32 {
        (self.cfg.budget - self.spent).max(0.0)
    }

    /// Orders issued so far (enemies and boss).
    pub fn spawned(&self) -> u32 {
        self.spawned
    }

    /// Of [`Self::spawned`], the crowd floor's fodder (docs/balance.md#crowd-floor).
    pub fn floor_spawned(&self) -> u32 {
        self.floor_spawned
    }

    fn scale(&self) -> SpawnScale {
        let (xp, gold) = self.reward_share();
        SpawnScale {
            hp: self.cfg.hp_mult,
            damage: self.cfg.damage_mult,
            xp: self.cfg.xp_mult * xp,
            gold,
        }
    }

    fn spawn_point(&mut self, player: Vec2, radius: [f32; 2], arena: &Arena) -> Vec2 {
        let mut p = player;
        for _ in 0..SPAWN_RETRIES {
            let a: f32 = self.rng.random_range(0.0..std::f32::consts::TAU);
            let r: f32 = if radius[1] > radius[0] {
                self.rng.random_range(radius[0]..=radius[1])
            } else {
                radius[0]
            };
            p = player + Vec2::from_angle(a) * r;
            if arena.contains(p, WALL_MARGIN) {
                return p;
            }
        }
        arena.clamp(p, WALL_MARGIN)
    }

    /// Advances the wave clock by `dt` and appends this step's orders to `out`.
    pub fn step(&mut self, dt: f32, player: Vec2, arena: &Arena, room: u32, out: &mut Vec<SpawnOrder>) {
        engine::scope!("waves");
        if self.time_up() {
            // A rush's queued boss still comes after the clock.
            if let Some(b) = self.boss.filter(|_| !self.boss_fired) {
                self.boss_fired = true;
                let radius = self
                    .cfg
                    .boss
                    .as_ref()
                    .map_or([400.0, 500.0], |s| s.spawn_radius_from_player);
                let pos = self.spawn_point(player, radius, arena);
                out.push(SpawnOrder::Boss {
                    boss: b,
                    pos: pos.to_array(),
                });
                self.spawned += 1;
            }
            return;
        }
        if self.share.is_none() {
            self.share = Some(self.plan(dt, arena));
        }
        self.steps += 1;
        self.dt = dt;
        self.t = (self.steps as f64 * f64::from(dt)) as f32;
        let scale = self.scale();
        // Boss.
        if let (Some(b), Some(spec)) = (self.boss, &self.cfg.boss)
            && !self.boss_fired
            && self.reached(spec.at_sec)
        {
            self.boss_fired = true;
            let pos = self.spawn_point(player, spec.spawn_radius_from_player, arena);
            out.push(SpawnOrder::Boss {
                boss: b,
                pos: pos.to_array(),
            });
            self.spawned += 1;
        }
        // Elite overrides.
        for i in 0..self.overrides.len() {
            let o = &self.cfg.elite_overrides[i];
            if self.fired[i] || !self.reached(o.at_sec) {
                continue;
            }
            self.fired[i] = true;
            let (count, kind) = (o.count, self.overrides[i]);
            let radius = self
                .cfg
                .spawn_groups
                .first()
                .map_or([400.0, 700.0], |g| g.spawn_radius_from_player);
            for _ in 0..count {
                let pos = self.spawn_point(player, radius, arena);
                out.push(SpawnOrder::Enemy {
                    enemy: kind,
                    pos: pos.to_array(),
                    elite_override: true,
                    scale,
                });
                self.spawned += 1;
            }
        }
        let room = self.fill_floor(dt, player, arena, room, out);
        // Groups: clocks run, then one ready group (by weight) spawns.
        let left = self.budget_left();
        if room == 0 {
            // Full field: every clock keeps running down, nothing spends.
            for timer in &mut self.timers {
                *timer -= dt;
            }
            return;
        }
        for timer in &mut self.timers {
            *timer -= dt;
        }
        // A group is ready when its clock ran out and the budget affords it.
        let (timers, groups, cfg) = (&self.timers, &self.groups, &self.cfg);
        let weights = (0..groups.len()).map(|i| {
            if timers[i] <= 0.0 && groups[i].1 <= left {
                cfg.spawn_groups[i].weight
            } else {
                0.0
            }
        });
        let Some(i) = crate::pick::index(weights, &mut self.rng, crate::pick::in_range) else {
            return;
        };
        let g = self.cfg.spawn_groups[i].clone();
        let (kind, cost) = self.groups[i];
        self.timers[i] = g.spawn_interval;
        let wanted = self.rng.random_range(g.count_min..=g.count_max);
        let affordable = (left / cost).floor() as u32;
        for _ in 0..wanted.min(affordable).min(room) {
            let pos = self.spawn_point(player, g.spawn_radius_from_player, arena);
            out.push(SpawnOrder::Enemy {
                enemy: kind,
                pos: pos.to_array(),
                elite_override: false,
                scale,
            });
            self.spent += cost;
            self.spawned += 1;
        }
    }
}

/// Seconds over which a wave's crowd floor rises from nothing to its count.
pub const FLOOR_RAMP_S: f32 = 20.0;

impl WaveRunner {
    /// The crowd floor (`SpawnConfig::crowd_floor`): while fewer enemies
    /// than the floor are alive (`SPAWN_CEILING − room`), the floor's fodder
    /// comes in at its rate, outside the budget, worth no XP and no gold.
    /// Returns the room left for the groups.
    fn fill_floor(
        &mut self,
        dt: f32,
        player: Vec2,
        arena: &Arena,
        room: u32,
        out: &mut Vec<SpawnOrder>,
    ) -> u32 {
        let (Some((g, floor)), Some(cf)) = (self.floor, self.cfg.crowd_floor.as_ref()) else {
            return room;
        };
        let alive = SPAWN_CEILING.saturating_sub(room);
        // The floor rises over the wave's first FLOOR_RAMP_S s, as a
        // wave's own crowd builds up: no flood at the first step.
        let floor = (floor as f32 * (self.t / FLOOR_RAMP_S).min(1.0)) as u32;
        if self.planning || alive >= floor {
            self.floor_owed = 0.0;
            return room;
        }
        self.floor_owed += cf.per_second * dt;
        let n = (self.floor_owed.floor() as u32).min(floor - alive).min(room);
        self.floor_owed -= n as f32;
        let (kind, radius) = (
            self.groups[g].0,
            self.cfg.spawn_groups[g].spawn_radius_from_player,
        );
        let scale = SpawnScale {
            xp: 0.0,
            gold: 0.0,
            ..self.scale()
        };
        for _ in 0..n {
            let pos = self.spawn_point(player, radius, arena);
            out.push(SpawnOrder::Enemy {
                enemy: kind,
                pos: pos.to_array(),
                elite_override: false,
                scale,
            });
            self.spawned += 1;
            self.floor_spawned += 1;
        }
        room - n
    }
}
