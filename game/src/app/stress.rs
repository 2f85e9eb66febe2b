//! `--stress N`: the arena filled with N player projectiles and a crowd of
//! enemies, run by the real compute core (GPU passes or their CPU twins) and
//! drawn straight from its buffer. Projectiles that expire are relaunched so
//! the load stays at N; this is a load scene for the renderer and the core,
//! not a fight (no rules run).

use std::time::Instant;

use engine::compute::{
    CoreConfig, Enemy, EventKind, FLAG_ENEMY_TEAM, MAX_PIERCE, Projectile, ProjectileCore,
};
use engine::gpu::{Backend, GpuContext};
use engine::render::{Layer, ProjectileSource, Scene, Shape, ShapeKind};
use engine::ui::OverlayData;
use glam::Vec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::palette;

/// Enemies in the stress crowd (the seed's "1000+ on screen").
pub const STRESS_ENEMIES: usize = 1000;
/// Arena edge, px (DESIGN §2a).
const ARENA: f32 = 2400.0;
/// One in this many projectiles belongs to the enemy team.
const ENEMY_SHARE: u32 = 20;

/// The stress scene: a compute core, its enemies, and step timings.
#[derive(Debug)]
pub struct StressScene {
    core: ProjectileCore,
    enemies: Vec<Enemy>,
    velocities: Vec<Vec2>,
    flash: Vec<f32>,
    rng: ChaCha8Rng,
    target: u32,
    /// Hits in the latest step.
    pub hits: usize,
    /// Events in the latest step.
    pub events: usize,
    /// Spawns refused because every slot was taken.
    pub dropped: u64,
    /// CPU ms of the latest step (upload, dispatch, event handling).
    pub step_ms: f64,
    accumulator: f32,
    step_ms_total: f64,
    steps: u64,
    launched: u32,
}

impl StressScene {
    /// A scene of `n` projectiles on `backend` with a seeded layout.
    pub fn new(n: u32, backend: Backend, gpu: &GpuContext, seed: u64) -> Result<Self, String> {
        let config = CoreConfig::arena((n + n / 4).max(1024), STRESS_ENEMIES as u32);
        let core =
            ProjectileCore::new(backend, Some(gpu), config).map_err(|e| format!("stress core: {e}"))?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut enemies = Vec::with_capacity(STRESS_ENEMIES);
        let mut velocities = Vec::with_capacity(STRESS_ENEMIES);
        for _ in 0..STRESS_ENEMIES {
            let p = Vec2::new(
                rng.random_range(100.0..ARENA - 100.0),
                rng.random_range(100.0..ARENA - 100.0),
            );
            enemies.push(Enemy {
                pos: p.to_array(),
                radius: rng.random_range(10.0..18.0),
                alive: 1,
            });
            velocities.push(Vec2::from_angle(rng.random_range(0.0..std::f32::consts::TAU)) * 40.0);
        }
        let mut scene = Self {
            core,
            flash: vec![0.0; enemies.len()],
            enemies,
            velocities,
            rng,
            target: n,
            hits: 0,
            events: 0,
            dropped: 0,
            step_ms: 0.0,
            accumulator: 0.0,
            step_ms_total: 0.0,
            steps: 0,
            launched: 0,
        };
        for _ in 0..n {
            scene.launch();
        }
        Ok(scene)
    }

    fn launch(&mut self) {
        let i = self.launched;
        self.launched = self.launched.wrapping_add(1);
        let centre = Vec2::splat(ARENA * 0.5);
        let angle = self.rng.random_range(0.0..std::f32::consts::TAU);
        let speed = self.rng.random_range(250.0..650.0);
        let enemy = i % ENEMY_SHARE == 0;
        let mut p = Projectile::zeroed_alive();
        p.pos = (centre + Vec2::from_angle(angle) * self.rng.random_range(0.0..900.0)).to_array();
        p.vel = (Vec2::from_angle(angle + 1.2) * speed).to_array();
        p.radius = if enemy { 6.0 } else { 4.0 };
        p.lifetime = self.rng.random_range(4.0..12.0);
        p.bounces = 8;
        p.pierce = MAX_PIERCE;
        p.sine_amp = if i % 7 == 0 { 20.0 } else { 0.0 };
        p.sine_freq = 2.0;
        if enemy {
            p.flags |= FLAG_ENEMY_TEAM;
        }
        p.user[palette::ELEMENT_WORD as usize] = i % 5;
        if self.core.spawn(p).is_none() {
            self.dropped += 1;
        }
    }

    /// One fixed step: move the crowd, step the core, relaunch what expired.
    pub fn step(&mut self, dt: f32) {
        let start = Instant::now();
        for ((e, v), f) in self
            .enemies
            .iter_mut()
            .zip(&mut self.velocities)
            .zip(&mut self.flash)
        {
            let mut p = Vec2::from(e.pos) + *v * dt;
            if p.x < 20.0 || p.x > ARENA - 20.0 {
                v.x = -v.x;
            }
            if p.y < 20.0 || p.y > ARENA - 20.0 {
                v.y = -v.y;
            }
            p = p.clamp(Vec2::splat(20.0), Vec2::splat(ARENA - 20.0));
            e.pos = p.to_array();
            *f = (*f - dt * 6.0).max(0.0);
        }
        self.core.set_enemies(&self.enemies);
        self.core.set_player([ARENA * 0.5, ARENA * 0.5], 0.0);
        let events = self.core.step(dt);
        self.events = events.events.len();
        self.hits = 0;
        for ev in &events.events {
            if ev.kind == EventKind::Hit as u32 {
                self.hits += 1;
                if let Some(f) = self.flash.get_mut(ev.enemy as usize) {
                    *f = 1.0;
                }
            }
        }
        let missing = self.target.saturating_sub(self.core.live_count());
        for _ in 0..missing {
            self.launch();
        }
        self.step_ms = start.elapsed().as_secs_f64() * 1000.0;
    }

    /// Runs the fixed steps that `dt` real seconds ask for (at most four), or
    /// exactly one with `frame_locked` (figures).
    pub fn advance(&mut self, dt: f32, frame_locked: bool) {
        let step = 1.0 / 60.0;
        self.accumulator = if frame_locked {
            step
        } else {
            (self.accumulator + dt).min(step * 4.0)
        };
        while self.accumulator >= step {
            self.accumulator -= step;
            self.step(step);
            self.step_ms_total += self.step_ms;
            self.steps += 1;
        }
    }

    /// Mean CPU ms of one step so far.
    pub fn mean_step_ms(&self) -> f64 {
        if self.steps == 0 {
            0.0
        } else {
            self.step_ms_total / self.steps as f64
        }
    }

    /// What the profiler overlay shows; `target` is the requested load.
    pub fn overlay_data(&self, target: u32) -> OverlayData {
        let mut data = OverlayData::default();
        data.cpu_systems
            .push(("step (core + crowd)".into(), self.step_ms));
        data.gpu_passes.extend(
            self.core
                .pass_timings()
                .into_iter()
                .map(|(n, ms)| (format!("compute {n}"), ms)),
        );
        data.counts = vec![
            ("projectiles".into(), format!("{} / {target}", self.live())),
            ("enemies".into(), self.enemy_count().to_string()),
            ("dropped spawns".into(), self.dropped.to_string()),
            ("events / step".into(), self.events.to_string()),
            ("hits / step".into(), self.hits.to_string()),
            ("backend".into(), self.core.backend().name().to_string()),
        ];
        data
    }

    /// Fills `scene` with the arena, the crowd and the projectile buffer.
    pub fn draw(&self, scene: &mut Scene, viewport: [u32; 2]) {
        let max = Vec2::splat(ARENA);
        super::draw::follow(&mut scene.camera, max * 0.5, Vec2::ZERO, max, viewport, 0.0, 0.0);
        super::draw::arena(scene, Vec2::ZERO, max, viewport);
        scene.projectile_style = palette::projectile_style();
        for (i, e) in self.enemies.iter().enumerate() {
            let kind = i % 4;
            let shape = [
                ShapeKind::Circle,
                ShapeKind::Triangle,
                ShapeKind::Square,
                ShapeKind::Diamond,
            ][kind];
            let colour = if self.flash[i] > 0.5 {
                palette::FLASH
            } else {
                palette::enemy(kind)
            };
            scene.shapes.push(
                Layer::Ground,
                Shape::new(shape, Vec2::from(e.pos), Vec2::splat(e.radius), colour),
            );
        }
        scene.projectiles = Some(match self.core.projectile_buffer() {
            Some(buffer) => ProjectileSource::Gpu {
                buffer: buffer.clone(),
                count: self.core.slot_high_water(),
            },
            None => ProjectileSource::Cpu(self.core.read_projectiles()),
        });
        super::draw::player(scene, max * 0.5, 16.0, Vec2::X, 0.0);
    }

    /// Live projectiles.
    pub fn live(&self) -> u32 {
        self.core.live_count()
    }

    /// Per-pass times of the core's latest delivered step, ms.
    pub fn pass_timings(&self) -> Vec<(&'static str, f64)> {
        self.core.pass_timings()
    }

    /// Enemies in the crowd.
    pub fn enemy_count(&self) -> usize {
        self.enemies.len()
    }
}

/// A live projectile with everything else zero.
trait ZeroedAlive {
    fn zeroed_alive() -> Self;
}

impl ZeroedAlive for Projectile {
    fn zeroed_alive() -> Self {
        let mut p: Projectile = bytemuck::Zeroable::zeroed();
        p.flags = engine::compute::FLAG_ALIVE;
        p.hit_memory = [engine::compute::NONE_U32; engine::compute::MAX_HIT_MEMORY];
        p
    }
}
