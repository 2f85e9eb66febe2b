//! A fight on screen: the real [`World`] stepped at a fixed 60 Hz from real
//! time through the engine's [`FixedClock`], and drawn — enemies by archetype silhouette, telegraphs, coins,
//! areas, effects, projectiles from the compute buffer, the player last.

use engine::clock::FixedClock;
use engine::render::{Layer, ProjectileSource, Scene, Shape, ShapeKind};
use engine::ui::OverlayData;
use glam::Vec2;

use super::{draw, palette};
use crate::world::{EffectKind, World};

pub mod bodies;
pub mod boss_beat;
mod effects;
mod field;
mod fx_off;
mod look;
pub mod numbers;

pub use field::Field;
pub use fx_off::FxOff;

pub use bodies::silhouette;

/// Most fixed steps run in one frame at ×1; beyond it the game slows down
/// instead of spiralling (the replay's ×4 allows four times as many).
pub const MAX_STEPS_PER_FRAME: u32 = 4;

/// The player halo for `n` player projectiles alive: 0.7 up to 3,000 (the
/// design load, 2,000, keeps the full look), falling linearly to 0.15 at
/// 8,000 and beyond. At 20,000 shots the halo's pixels were ~10 ms of the
/// world pass on lavapipe (62 -> 52 ms), and a crowd that is solid light
/// looks the same without it.
pub fn crowd_halo(n: u32) -> f32 {
    let t = ((n as f32 - 3000.0) / 5000.0).clamp(0.0, 1.0);
    0.7 + (0.15 - 0.7) * t
}

/// The glow of each coin on the floor when `n` lie there: 3 px up to 150
/// (an ordinary wave never has more), falling linearly to 1 px at 600 and
/// beyond. The glow is most of a coin's pixels (a 5x7 diamond in a 32x36
/// quad); a big build that kills faster than the player collects carpets
/// the floor: 2,092 coins at `--stress 20000` were 2.5 screens of quads on
/// lavapipe, and a carpet of gold reads as gold without the halo.
pub fn coin_glow(n: usize) -> f32 {
    let t = ((n as f32 - 150.0) / 450.0).clamp(0.0, 1.0);
    3.0 + (1.0 - 3.0) * t
}

/// The crowd layer (`engine::render::crowd`) for `shots` player shots, given
/// the divisor of the last frame: half resolution from 8,000 shots (four
/// times the design load) and quarter from 15,000, where any build's shots
/// overlap into masses of light; each level turns off 1,000–2,000 shots
/// below where it turned on, so a crowd at the edge does not flicker.
/// Measured at `--stress 20000` on lavapipe (interleaved, fps): direct
/// 13–15, half 17–21, quarter 19–24.
pub fn crowd_divisor(last: u32, shots: u32) -> u32 {
    let quarter = if last == 4 {
        shots >= 13_000
    } else {
        shots >= 15_000
    };
    let half = if last >= 2 { shots >= 7_000 } else { shots >= 8_000 };
    if quarter {
        4
    } else if half {
        2
    } else {
        0
    }
}

/// Radius around the player's body, world px, inside which its own shots
/// are dimmed and shrunk (fully inside 40 % of it): where a build's shots
/// leave the body and its orbiting rings circle, the white mass that hid
/// the body at `--stress 2000`.
pub const BODY_CLEAR: f32 = 120.0;

/// The body's clearing for `n` player shots alive: none up to 100 (a
/// starting build's few shots are its feedback, and hide nothing), growing
/// linearly to [`BODY_CLEAR`] at 500 and beyond, where they start to pile
/// up into light.
pub fn body_clear(n: u32) -> f32 {
    BODY_CLEAR * ((n as f32 - 100.0) / 400.0).clamp(0.0, 1.0)
}

/// Seconds before a timed wave's end that the fight slows down.
pub const WAVE_END_SLOW_S: f32 = 0.5;
/// How fast the fight runs then, against real time.
pub const WAVE_END_SLOW: f32 = 0.35;

/// The wave-clear slow motion (docs/art.md#transitions): the fight's last
/// half second runs at a third of real time, so the wave's end lands as a
/// beat. Presentation only: it changes how many fixed steps a frame runs,
/// never a step (a frame-locked run, and every replay, steps the same).
pub fn wave_end_slow(time_left: f32, in_wave: bool) -> f32 {
    if in_wave && time_left > 0.0 && time_left < WAVE_END_SLOW_S {
        WAVE_END_SLOW
    } else {
        1.0
    }
}

/// How long a big hit holds the fight: three frames at 60 Hz.
pub const HIT_STOP_S: f32 = 0.05;
/// The least time between two hit-stops.
pub const HIT_STOP_COOLDOWN_S: f32 = 0.4;

/// The presentation of a fight around a [`World`] it does not own: the
/// fixed-step clock, screen shake, hit-stop, the hurt flash and step timings.
#[derive(Debug)]
pub struct Fight {
    clock: FixedClock,
    shake: f32,
    hurt_flash: f32,
    /// Seconds the fight is still held by a big hit (hit-stop).
    hit_stop: f32,
    /// Seconds before another big hit may hold it again.
    hit_stop_cooldown: f32,
    /// CPU ms of the last frame's steps.
    pub step_ms: f64,
    /// Steps run in the last frame.
    pub steps_last_frame: u32,
    step_ms_total: f64,
    steps_total: u64,
    /// Effects off for profiling.
    fx_off: FxOff,
    /// The crowd layer's divisor in force (0: off; see [`crowd_divisor`]).
    crowd_layer: u32,
    /// The comfort settings in force (the window sets them each frame).
    pub comfort: Comfort,
    /// What the view remembers of each enemy between frames.
    pub bodies: bodies::BodyMemory,
    /// Main casts seen so far and the scene time of the last one (the
    /// player's cast flash).
    casts: (u64, f32),
    /// The floor's reactive field (high quality; docs/art.md#the-arena).
    field: Field,
    /// Damage numbers merged per enemy (docs/art.md#numbers-and-marks).
    numbers: numbers::Numbers,
    /// The boss in front: its entry, phase and fall banners.
    pub boss: boss_beat::BossBeat,
    /// Seconds of fight this view has stepped: the clock of the numbers
    /// and the boss's banners, which hold while the fight is paused and
    /// show the same frames in a frame-locked run on any machine.
    sim_time: f32,
    /// How far past the player the camera looks, world px (the test
    /// range keeps its dummies clear of its panel; a fight looks at the
    /// player).
    pub look_offset: Vec2,
}

/// The comfort settings as the fight view applies them
/// (docs/art.md#comfort): presentation only, the run is the same.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Comfort {
    /// How strongly flashes (hits, spawns, a boss's phase, the player's
    /// hurt and cast) whiten: 1 in full, less when reduced.
    pub flashes: f32,
    /// Factor on screen shake: 1 in full, less when reduced, 0 off.
    pub shake: f32,
    /// Big hits hold the fight a few frames.
    pub hit_stop: bool,
}

impl Default for Comfort {
    fn default() -> Self {
        Self {
            flashes: 1.0,
            shake: 1.0,
            hit_stop: true,
        }
    }
}

impl Fight {
    /// A fight view stepping `step_s` seconds per step, at most
    /// `max_steps` steps per frame.
    pub fn new(step_s: f32, max_steps: u32) -> Self {
        Self {
            clock: FixedClock::new(step_s, max_steps),
            shake: 0.0,
            hurt_flash: 0.0,
            hit_stop: 0.0,
            hit_stop_cooldown: 0.0,
            step_ms: 0.0,
            steps_last_frame: 0,
            step_ms_total: 0.0,
            steps_total: 0,
            fx_off: FxOff::from_env(),
            crowd_layer: 0,
            comfort: Comfort::default(),
            bodies: bodies::BodyMemory::default(),
            casts: (0, f32::NEG_INFINITY),
            field: Field::default(),
            look_offset: Vec2::ZERO,
            numbers: numbers::Numbers::default(),
            boss: boss_beat::BossBeat::default(),
            sim_time: 0.0,
        }
    }

    /// Mean CPU ms of one step so far.
    pub fn mean_step_ms(&self) -> f64 {
        if self.steps_total == 0 {
            0.0
        } else {
            self.step_ms_total / self.steps_total as f64
        }
    }

    /// Runs the fixed steps that `dt` real seconds (times `time_scale`) ask
    /// for. `step` runs one and returns the HP the player lost in it and
    /// the player's max HP, or `None` when the fight has stopped (the wave
    /// ended, the player died, a replay waits on a menu). With
    /// `frame_locked` exactly one step runs per frame (smoke tests and
    /// figures: the same frame number shows the same moment on any machine).
    pub fn advance(
        &mut self,
        dt: f32,
        time_scale: f32,
        frame_locked: bool,
        mut step: impl FnMut() -> Option<(f32, f32)>,
    ) {
        self.hit_stop_cooldown = (self.hit_stop_cooldown - dt).max(0.0);
        // Hit-stop: a big hit holds the fight a few frames. Real time is
        // dropped, not owed, so no burst of catch-up steps follows; frame-
        // locked runs (smoke tests, figures) never hold.
        if self.hit_stop > 0.0 && !frame_locked {
            self.hit_stop -= dt;
            self.clock.reset();
            self.steps_last_frame = 0;
            self.step_ms = 0.0;
            return;
        }
        let due = if frame_locked {
            self.clock.lock_to_frames(time_scale > 0.0)
        } else {
            self.clock.advance(dt, time_scale)
        };
        self.steps_last_frame = 0;
        self.step_ms = 0.0;
        for _ in 0..due {
            let t = std::time::Instant::now();
            let Some((lost, hp_max)) = step() else {
                self.clock.reset();
                break;
            };
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            self.step_ms += ms;
            self.step_ms_total += ms;
            self.steps_total += 1;
            self.steps_last_frame += 1;
            self.sim_time += self.clock.step();
            if lost > 0.0 {
                self.hurt_flash = 0.25;
                // Screen shake on big hits: a tenth of max HP or more.
                if lost >= 0.1 * hp_max {
                    self.shake = self.shake.max(8.0);
                }
            }
        }
        self.shake = (self.shake - dt * 30.0).max(0.0);
        self.hurt_flash = (self.hurt_flash - dt).max(0.0);
    }

    /// Fills the scene with the arena and everything in it; damage numbers go through egui.
    pub fn draw(&mut self, w: &World, scene: &mut Scene, ctx: &egui::Context, viewport: [u32; 2]) {
        let arena = &w.catalog().run.world.arena;
        let (min, max) = (arena.min(), arena.max());
        // Under the shrinking map the walls drawn are the play area's; the
        // camera still roams the whole floor (outside is painted as wall).
        let area = w.play_area();
        let time = scene.time;
        // A big hit in the last step starts a hit-stop (at most one per
        // HIT_STOP_COOLDOWN_S, so a crowd of big hits never stalls the fight).
        if self.hit_stop <= 0.0
            && !self.fx_off.hit_stop
            && self.comfort.hit_stop
            && self.hit_stop_cooldown <= 0.0
            && w.effects
                .list
                .iter()
                .any(|e| matches!(e.kind, EffectKind::Damage { big: true, .. }) && e.age <= 1.5 * w.dt())
        {
            self.hit_stop = HIT_STOP_S;
            self.hit_stop_cooldown = HIT_STOP_COOLDOWN_S;
        }
        let mut shake = self.shake;
        for e in &w.effects.list {
            if let EffectKind::DeathBurst { big: true, .. } = e.kind
                && e.age < 0.15
            {
                shake = shake.max(5.0);
            }
            // A blade hit is always at point blank: it shakes harder than a shot.
            if e.kind == EffectKind::MeleeHit && e.age < 0.1 {
                shake = shake.max(3.5);
            }
        }
        let now = self.sim_time;
        self.boss.watch(w, now);
        if self.boss.phase_at.is_some_and(|at| now - at < 0.3) {
            // A boss's phase change is a beat: the camera jolts.
            shake = shake.max(boss_beat::PHASE_SHAKE);
        }
        if self.fx_off.shake {
            shake = 0.0;
        }
        shake *= self.comfort.shake;
        let target = w.player.pos + self.look_offset;
        draw::follow(&mut scene.camera, target, min, max, viewport, shake, time);
        self.prepare_high(w, scene, viewport);
        if scene.glow && !self.fx_off.field {
            let field = &self.field;
            let bend = |p: Vec2| field.displacement(p);
            draw::arena_bent(scene, area.min, area.max, viewport, Some(&bend));
        } else {
            draw::arena(scene, area.min, area.max, viewport);
        }
        scene.projectile_style = palette::projectile_style();
        let shots = w.counters.player_projectiles;
        scene.projectile_style.player_halo = crowd_halo(shots);
        // The player's own shots dim and shrink near its body (docs/art.md#light).
        scene.projectile_style.body = w.player.pos.into();
        scene.projectile_style.body_clear = body_clear(shots);
        self.crowd_layer = crowd_divisor(self.crowd_layer, shots);
        scene.crowd_layer = self.crowd_layer;
        self.draw_areas(w, scene);
        self.draw_coins(w, scene);
        self.draw_telegraphs(w, scene);
        self.draw_enemies(w, scene);
        self.numbers.ingest(w, now);
        self.draw_effects(w, scene, ctx, viewport);
        scene.projectiles = Some(match w.compute().projectile_buffer() {
            Some(buffer) => ProjectileSource::Gpu {
                buffer: buffer.clone(),
                count: w.compute().slot_high_water(),
            },
            None => ProjectileSource::Cpu(w.compute().read_projectiles()),
        });
        let look = self.player_look(w, time);
        draw::player(scene, &look);
        if scene.glow {
            // High quality (docs/art.md#quality).
            draw::floor_light(scene, w.player.pos, viewport);
        }
        super::blade_arcs::draw(w, scene);
        self.boss.draw(ctx, now, self.comfort.flashes);
    }

    fn draw_areas(&self, world: &World, scene: &mut Scene) {
        for a in world.areas() {
            let shape = match a.kind {
                crate::world::AreaKind::BlackHole => {
                    Shape::circle(a.pos, a.radius, [0.25, 0.05, 0.4, 0.45]).glow(12.0)
                }
                crate::world::AreaKind::HealingMist => Shape::circle(a.pos, a.radius, [0.3, 1.0, 0.5, 0.18]),
                crate::world::AreaKind::Turret { .. } => {
                    Shape::new(ShapeKind::Square, a.pos, Vec2::splat(10.0), [0.6, 0.8, 1.0, 1.0])
                }
            };
            scene.shapes.push(Layer::Ground, shape);
        }
        // One shape per pool, its edge drawn by the shape's own rim: a pool is
        // the largest thing on the floor, and a second full-size quad for its
        // outline doubled the pixels shaded under every pool (on lavapipe
        // ~100 overlapping pools cost ~18 ms a frame as fill plus outline).
        for p in world.enemies().pools() {
            if p.active() {
                let c = Vec2::from(p.center);
                scene.shapes.push(
                    Layer::Ground,
                    Shape::circle(c, p.radius, palette::poison(0.28)).outlined(3.0),
                );
            }
        }
    }

    /// What the profiler overlay shows for this world.
    pub fn overlay_data(&self, w: &World) -> OverlayData {
        let mut data = OverlayData::default();
        data.cpu_systems
            .extend(w.times.named().map(|(n, ms)| (n.to_string(), ms)));
        data.cpu_systems.push(("steps this frame".into(), self.step_ms));
        data.gpu_passes.extend(
            w.compute()
                .pass_timings()
                .into_iter()
                .map(|(n, ms)| (format!("compute {n}"), ms)),
        );
        let c = &w.counters;
        let cap = w.catalog().balance.vm.projectile_cap;
        data.counts = vec![
            (
                "enemies".into(),
                format!("{} / {}", c.enemies, w.catalog().run.world.max_enemies),
            ),
            (
                "projectiles (player)".into(),
                format!("{} / {cap}", c.player_projectiles),
            ),
            (
                "projectiles (all)".into(),
                format!("{} / {}", c.projectiles, w.compute().config().capacity),
            ),
            (
                "slots visited".into(),
                format!("{}", w.compute().slot_high_water()),
            ),
            (
                "dropped spawns".into(),
                format!("{} (wave {})", c.dropped_spawns, w.stats.dropped_spawns),
            ),
            (
                "events / step".into(),
                format!("{} (overflow {})", c.events, c.event_overflow),
            ),
            (
                "VM ops / cast (wave mean)".into(),
                if w.stats.main_casts == 0 {
                    "-".to_string()
                } else {
                    format!("{:.1}", w.stats.vm_ops as f64 / w.stats.main_casts as f64)
                },
            ),
            (
                "backend".into(),
                if w.backend() == engine::gpu::Backend::Cpu {
                    format!("cpu, {} thread(s)", rayon::current_num_threads())
                } else {
                    "gpu".to_string()
                },
            ),
            ("why".into(), w.backend_choice().reason.clone()),
            ("data".into(), crate::data::source::source().short()),
        ];
        if w.blade_swing().is_some() {
            let s = &w.stats;
            let reach = if s.steps == 0 {
                0.0
            } else {
                100.0 * s.melee_in_reach as f64 / s.steps as f64
            };
            data.counts
                .push(("melee reach".into(), format!("{reach:.0} % of the wave")));
            data.counts.push((
                "melee swings / hits / aborts / parries".into(),
                format!(
                    "{} / {} / {} / {}",
                    s.melee_swings, s.melee_hits, s.melee_aborts, s.parries
                ),
            ));
        }
        data
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draw_once(fight: &mut Fight, w: &World, scene: &mut Scene) {
        let ctx = egui::Context::default();
        let mut out = ctx.run_pass(egui::RawInput::default(), |ctx| {
            fight.draw(w, scene, ctx, [1280, 720])
        });
        // No renderer here: the font atlas update is dropped on purpose.
        out.textures_delta.clear();
    }

    #[test]
    fn the_body_clears_only_in_a_crowd_of_shots() {
        assert_eq!(body_clear(0), 0.0);
        assert_eq!(body_clear(100), 0.0);
        assert_eq!(body_clear(300), BODY_CLEAR * 0.5);
        assert_eq!(body_clear(2000), BODY_CLEAR);
    }

    #[test]
    fn the_wave_end_slows_only_its_last_half_second() {
        assert_eq!(wave_end_slow(30.0, true), 1.0);
        assert_eq!(wave_end_slow(0.4, true), WAVE_END_SLOW);
        assert_eq!(wave_end_slow(0.4, false), 1.0, "not outside a wave");
        assert_eq!(wave_end_slow(0.0, true), 1.0, "not once the wave is over");
    }

    /// The comfort setting turns hit-stop off: a big hit that holds the
    /// fight with it on does not with it off.
    #[test]
    fn hit_stop_off_never_holds_the_fight() {
        let cat = std::sync::Arc::new(
            crate::catalog::Catalog::load(&crate::data::default_root()).expect("data loads"),
        );
        let mut w = World::new(cat, 1, engine::gpu::Backend::Cpu, None).expect("world");
        let big = EffectKind::Damage {
            amount: 50.0,
            crit: false,
            element: crate::element::Element::Fire,
            big: true,
            armoured: false,
        };
        w.effects.push(big, Vec2::ZERO, 1.0);
        for on in [true, false] {
            let mut fight = Fight::new(1.0 / 60.0, 4);
            fight.comfort.hit_stop = on;
            draw_once(&mut fight, &w, &mut Scene::default());
            assert_eq!(fight.hit_stop > 0.0, on, "hit-stop {on}");
        }
    }

    /// Drawing (at either quality, every frame) leaves the run exactly as
    /// an undrawn run with the same commands: the look only reads.
    #[test]
    fn drawing_the_fight_never_changes_the_run() {
        use crate::run::{Command, Run, RunSetup, StepInput};
        let cat = std::sync::Arc::new(
            crate::catalog::Catalog::load(&crate::data::default_root()).expect("data loads"),
        );
        let start = || {
            let mut r =
                Run::new(cat.clone(), RunSetup::new(5, 20), engine::gpu::Backend::Cpu, None).expect("run");
            r.apply(Command::StartWave).expect("wave 1 starts");
            r
        };
        let (mut drawn, mut plain) = (start(), start());
        let mut fight = Fight::new(drawn.world().dt(), 4);
        for step in 0..240u32 {
            let input = StepInput::new(Vec2::new(1.0, 0.3), None);
            drawn.apply(Command::Step(input)).expect("step");
            plain.apply(Command::Step(input)).expect("step");
            let mut scene = Scene {
                time: step as f32 / 60.0,
                glow: step % 2 == 0,
                ..Scene::default()
            };
            draw_once(&mut fight, drawn.world(), &mut scene);
            assert!(!scene.shapes.top.is_empty(), "the player is drawn");
        }
        assert_eq!(drawn.state_hash(), plain.state_hash());
    }

    #[test]
    fn the_halo_shortens_only_past_the_design_load() {
        assert_eq!(super::crowd_halo(2000), 0.7);
        assert_eq!(super::crowd_halo(3000), 0.7);
        assert!((super::crowd_halo(5500) - 0.425).abs() < 1e-6);
        assert!((super::crowd_halo(8000) - 0.15).abs() < 1e-6);
        assert!((super::crowd_halo(1_000_000) - 0.15).abs() < 1e-6);
    }

    #[test]
    fn coins_dim_only_when_they_carpet_the_floor() {
        assert_eq!(super::coin_glow(0), 3.0);
        assert_eq!(super::coin_glow(150), 3.0);
        assert!((super::coin_glow(375) - 2.0).abs() < 1e-6);
        assert_eq!(super::coin_glow(600), 1.0);
        assert_eq!(super::coin_glow(5000), 1.0);
    }

    #[test]
    fn the_crowd_layer_steps_with_hysteresis() {
        use super::crowd_divisor;
        assert_eq!(crowd_divisor(0, 2000), 0, "the design load draws directly");
        assert_eq!(crowd_divisor(0, 7500), 0);
        assert_eq!(crowd_divisor(0, 8000), 2);
        assert_eq!(crowd_divisor(2, 7500), 2, "stays on above 7,000");
        assert_eq!(crowd_divisor(2, 6999), 0);
        assert_eq!(crowd_divisor(2, 15_000), 4);
        assert_eq!(crowd_divisor(4, 14_000), 4, "stays quarter above 13,000");
        assert_eq!(crowd_divisor(4, 12_000), 2);
        assert_eq!(crowd_divisor(0, 20_000), 4);
    }

    #[test]
    fn archetypes_have_distinct_silhouettes() {
        let cat = crate::catalog::Catalog::load(&crate::data::default_root()).expect("data");
        let look = |id: &str| cat.enemies.get(id).expect(id).look;
        let kinds: Vec<ShapeKind> = ["grunt", "charger", "tank", "spitter", "poisoner", "shieldbearer"]
            .iter()
            .map(|id| silhouette(look(id), false).0)
            .collect();
        for (i, a) in kinds.iter().enumerate() {
            for b in &kinds[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(silhouette(look("grunt"), true).0, ShapeKind::Hexagon);
        let (elites, bases): (Vec<_>, Vec<_>) = cat.enemies.defs.iter().partition(|d| d.elite);
        assert!(!elites.is_empty());
        for e in elites {
            assert!(
                bases.iter().any(|b| b.look == e.look),
                "{} wears a base's look",
                e.id
            );
        }
    }
}
