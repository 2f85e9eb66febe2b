//! A seeded synthetic scene for the stress tool, the benches, the windowed
//! `--stress N` mode and the whole-run parity test: enemies drifting across
//! the arena, projectiles fired with spread from around the player (a mix of
//! homing, sine, bouncing, piercing, timed and enemy-team shots), and expired
//! projectiles respawned so the count stays about constant.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::config::CoreConfig;
use super::core::ProjectileCore;
use super::events::StepEvents;
use super::types::{Enemy, FLAG_ENEMY_TEAM, FLAG_TIMER_ARMED, Projectile};

/// The scene's state: enemies and the generator of new projectiles.
#[derive(Debug, Clone)]
pub struct StressScene {
    rng: ChaCha8Rng,
    /// Target number of live projectiles.
    pub projectiles: u32,
    enemies: Vec<Enemy>,
    enemy_vel: Vec<[f32; 2]>,
    arena_min: [f32; 2],
    arena_max: [f32; 2],
    /// Where the player stands (centre of the arena); enemy shots aim at it.
    pub player: [f32; 2],
    /// Player radius for enemy-team hits.
    pub player_radius: f32,
}

impl StressScene {
    /// `enemies` drifting enemies in `config`'s arena, aiming for `projectiles` live projectiles.
    pub fn new(seed: u64, projectiles: u32, enemies: u32, config: &CoreConfig) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (lo, hi) = (config.arena_min, config.arena_max);
        let mut list = Vec::with_capacity(enemies as usize);
        let mut vel = Vec::with_capacity(enemies as usize);
        for _ in 0..enemies {
            list.push(Enemy {
                pos: [rng.random_range(lo[0]..hi[0]), rng.random_range(lo[1]..hi[1])],
                radius: rng.random_range(10.0..20.0),
                alive: 1,
            });
            let a: f32 = rng.random_range(0.0..std::f32::consts::TAU);
            let s: f32 = rng.random_range(20.0..80.0);
            vel.push([a.cos() * s, a.sin() * s]);
        }
        Self {
            rng,
            projectiles,
            enemies: list,
            enemy_vel: vel,
            arena_min: lo,
            arena_max: hi,
            player: [(lo[0] + hi[0]) * 0.5, (lo[1] + hi[1]) * 0.5],
            player_radius: 16.0,
        }
    }

    /// The enemies as they are now.
    pub fn enemies(&self) -> &[Enemy] {
        &self.enemies
    }

    /// Moves the enemies by `dt`, bouncing off the arena edges.
    pub fn drift(&mut self, dt: f32) {
        for (e, v) in self.enemies.iter_mut().zip(&mut self.enemy_vel) {
            for (axis, va) in v.iter_mut().enumerate() {
                let (lo, hi) = (self.arena_min[axis], self.arena_max[axis]);
                e.pos[axis] += *va * dt;
                if e.pos[axis] < lo || e.pos[axis] > hi {
                    *va = -*va;
                    e.pos[axis] = e.pos[axis].clamp(lo, hi);
                }
            }
        }
    }

    /// One new projectile: from a random point of the arena, in a random
    /// direction; half of them home, a quarter wave, some bounce, pierce, carry
    /// a timer, and one in ten is an enemy shot aimed at the player with spread.
    pub fn make_projectile(&mut self) -> Projectile {
        let r = &mut self.rng;
        let pos = [
            r.random_range(self.arena_min[0] + 50.0..self.arena_max[0] - 50.0),
            r.random_range(self.arena_min[1] + 50.0..self.arena_max[1] - 50.0),
        ];
        let speed: f32 = r.random_range(300.0..600.0);
        let enemy_shot = r.random_bool(0.1);
        let angle: f32 = if enemy_shot {
            let to = [self.player[0] - pos[0], self.player[1] - pos[1]];
            to[1].atan2(to[0]) + r.random_range(-0.26..0.26)
        } else {
            r.random_range(0.0..std::f32::consts::TAU)
        };
        let mut p = Projectile::new(
            pos,
            [angle.cos() * speed, angle.sin() * speed],
            r.random_range(3.0..6.0),
            r.random_range(1.0..3.0),
        );
        if enemy_shot {
            p.flags |= FLAG_ENEMY_TEAM;
            p.lifetime = 6.0;
            return p;
        }
        if r.random_bool(0.5) {
            p.homing = 3.0;
            p.acquire_radius = 160.0;
        }
        if r.random_bool(0.25) {
            p.sine_amp = r.random_range(5.0..25.0);
            p.sine_freq = r.random_range(1.0..4.0);
        }
        p.bounces = r.random_range(0..3);
        p.pierce = r.random_range(0..3);
        if r.random_bool(0.3) {
            p.flags |= FLAG_TIMER_ARMED;
            p.timer = r.random_range(0.2..1.5);
        }
        p
    }

    /// Spawns into `core` until it holds the target number of projectiles (or is full).
    pub fn fill(&mut self, core: &mut ProjectileCore) {
        while core.live_count() < self.projectiles {
            let p = self.make_projectile();
            if core.spawn(p).is_none() {
                break;
            }
        }
    }

    /// One frame of the scene: drift, upload enemies and player, top up the
    /// projectiles, step the core. Returns the previous step's events.
    pub fn step(&mut self, core: &mut ProjectileCore, dt: f32) -> StepEvents {
        self.drift(dt);
        core.set_enemies(&self.enemies);
        core.set_player(self.player, self.player_radius);
        self.fill(core);
        core.step(dt)
    }
}
