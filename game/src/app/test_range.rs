//! The test range of the lab (docs/game.md#test-range): a separate world in which
//! the player's build fires at stationary dummies, with a live DPS meter and
//! a 0.1× slow motion. The rules are the real fight's
//! ([`World::begin_test_range`]: no wave spawner, dummies that stand); the
//! dummies' HP is refilled when it runs low, so they never die.

use std::collections::VecDeque;
use std::sync::Arc;

use engine::gpu::{Backend, GpuContext};
use glam::Vec2;

use super::fight::Fight;
use crate::catalog::Catalog;
use crate::world::{Carry, PlayerInput, World, WorldError};

/// Why the test range did not open (shown in the lab's warning).
#[derive(Debug, thiserror::Error)]
pub enum RangeError {
    /// The range's world could not be built.
    #[error("test range: {0}")]
    World(#[from] WorldError),
    /// A pasted build could not be loaded.
    #[error("test range: the build could not be loaded: {0}")]
    Build(String),
}

/// The armoured dummy's archetype (one home: `probe::range`).
pub const DUMMY: &str = crate::probe::range::ARMOURED_DUMMY;
/// The plain dummy's archetype (one home: `probe::range`).
pub const PLAIN_DUMMY: &str = crate::probe::range::PLAIN_DUMMY;
/// Seconds of simulation the DPS meter averages over.
const DPS_WINDOW_S: f32 = 3.0;
/// A dummy below this fraction of its HP is refilled.
const REFILL_BELOW: f32 = 0.1;

/// The test range: its own world, the dummies, and the meter.
#[derive(Debug)]
pub struct TestRange {
    /// The range's own world (not the run's: nothing here is recorded).
    pub world: World,
    /// The range's own carry: the source's cards, nothing else of the run.
    pub carry: Carry,
    /// Its presentation and clock.
    pub fight: Fight,
    dummies: Vec<u32>,
    samples: VecDeque<(f32, f64)>,
    /// Simulation speed: 1.0 or 0.1.
    pub time_scale: f32,
    /// The panel's left edge last frame, screen px (`None` before the
    /// first): the camera keeps the player and the dummies left of it.
    pub panel_left_px: Option<f32>,
}

/// World px from the player to the middle of the group it faces on the
/// range (itself and the dummies): what the camera centres in the free
/// part of the screen.
const GROUP_CENTRE: f32 = 130.0;
/// Screen px kept clear between the dummies and the panel.
const PANEL_GAP_PX: f32 = 24.0;

impl TestRange {
    /// A range for the build carried in `source`.
    pub fn new(
        cat: &Arc<Catalog>,
        source: &World,
        source_carry: &Carry,
        backend: Backend,
        gpu: Option<&GpuContext>,
    ) -> Result<Self, RangeError> {
        let (world, mut carry) = World::new_run(cat.clone(), source.seed(), backend, gpu)?;
        carry.loadout = source_carry.loadout.clone();
        Self::open(world, carry)
    }

    /// A range for a build the player does not own: a pasted build code
    /// (docs/share.md#build-codes). The run's own carry is not touched.
    pub fn from_build(
        cat: &Arc<Catalog>,
        source: &World,
        build: &crate::run::Build,
        backend: Backend,
        gpu: Option<&GpuContext>,
    ) -> Result<Self, RangeError> {
        let (mut world, mut carry) = World::new_run(cat.clone(), source.seed(), backend, gpu)?;
        crate::run::apply_build(&mut world, &mut carry, build)
            .map_err(|e| RangeError::Build(e.to_string()))?;
        Self::open(world, carry)
    }

    /// A range on `world` and `carry`, its dummies placed.
    fn open(world: World, carry: Carry) -> Result<Self, RangeError> {
        let mut range = Self {
            fight: Fight::new(world.dt(), super::fight::MAX_STEPS_PER_FRAME),
            world,
            carry,
            dummies: Vec::new(),
            samples: VecDeque::new(),
            time_scale: 1.0,
            panel_left_px: None,
        };
        range.restart()?;
        Ok(range)
    }

    /// (Re)starts the range and places the dummies.
    pub fn restart(&mut self) -> Result<(), RangeError> {
        let w = &mut self.world;
        let centre = w.catalog().run.world.arena.centre();
        let dummies = crate::probe::range::lab_dummies(centre);
        self.dummies = w.begin_test_range(&mut self.carry, &dummies)?;
        self.samples.clear();
        Ok(())
    }

    /// Samples the DPS meter, refills nearly empty dummies and keeps the
    /// player standing (HP-cost chips). Call before the frame's steps.
    pub fn tend(&mut self) {
        let w = &mut self.world;
        for slot in self.dummies.clone() {
            if let Some(e) = w.enemies_mut().get_mut(slot)
                && e.hp < REFILL_BELOW * e.hp_max
            {
                e.hp = e.hp_max;
            }
        }
        w.player.hp = w.player.hp_max();
        let t = w.wave_steps as f32 * w.dt();
        self.samples.push_back((t, w.stats.damage_dealt));
        while self.samples.front().is_some_and(|(t0, _)| t - t0 > DPS_WINDOW_S) {
            self.samples.pop_front();
        }
    }

    /// Runs this frame's steps with the player's `input` (walk and aim);
    /// `on_step` sees the world after each (the sound listens there).
    pub fn advance(
        &mut self,
        dt: f32,
        input: PlayerInput,
        frame_locked: bool,
        on_step: &mut dyn FnMut(&World, &Carry),
    ) {
        let (world, carry) = (&mut self.world, &mut self.carry);
        self.fight.advance(dt, self.time_scale, frame_locked, || {
            if !world.in_wave() || !world.player.alive() {
                return None;
            }
            let hp = world.player.hp;
            world.step(carry, &input);
            on_step(world, carry);
            Some((hp - world.player.hp, world.player.hp_max()))
        });
    }

    /// How far the camera looks past the player, world px: the player
    /// and its dummies sit in the middle of the screen left of the panel
    /// (docs/game.md#test-range), so at every interface size the panel
    /// leaves the dummies in sight. Without a panel yet, the middle of the
    /// screen.
    pub fn look_offset(&self, viewport: [u32; 2]) -> Vec2 {
        let width = viewport[0] as f32;
        let free = self
            .panel_left_px
            .map_or(width, |left| (left - PANEL_GAP_PX).clamp(0.0, width));
        // Player at screen x = width / 2 - offset; the group's middle at
        // the free part's middle.
        Vec2::new((width * 0.5 + GROUP_CENTRE - free * 0.5).max(0.0), 0.0)
    }

    /// The camera the range is drawn with for `viewport` (the fight view's
    /// follow, shifted by [`TestRange::look_offset`]).
    pub fn camera(&self, viewport: [u32; 2]) -> engine::render::Camera2d {
        let arena = &self.world.catalog().run.world.arena;
        let mut camera = engine::render::Camera2d::default();
        super::draw::follow(
            &mut camera,
            self.world.player.pos + self.look_offset(viewport),
            arena.min(),
            arena.max(),
            viewport,
            0.0,
            0.0,
        );
        camera
    }

    /// The dummies standing now: position and radius, world px.
    pub fn live_dummies(&self) -> Vec<(Vec2, f32)> {
        self.dummies
            .iter()
            .filter_map(|s| self.world.enemies().get(*s))
            .filter(|e| e.alive)
            .map(|e| (e.pos, e.radius))
            .collect()
    }

    /// Damage per second of simulation over the last few seconds.
    pub fn dps(&self) -> f64 {
        match (self.samples.front(), self.samples.back()) {
            (Some((t0, d0)), Some((t1, d1))) if t1 > t0 => (d1 - d0) / f64::from(t1 - t0),
            _ => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_measures_dps_on_standing_dummies() {
        let cat = Arc::new(Catalog::load(&crate::data::default_root()).expect("data loads"));
        let (source, carry) = World::new_run(cat.clone(), 5, Backend::Cpu, None).expect("world");
        let mut range = TestRange::new(&cat, &source, &carry, Backend::Cpu, None).expect("range");
        let start: Vec<Vec2> = range
            .dummies
            .iter()
            .filter_map(|s| range.world.enemies().get(*s).map(|e| e.pos))
            .collect();
        assert_eq!(start.len(), crate::probe::range::LAB_DUMMIES.len());
        // The nearest dummy is the plain one: no armour between the lab's
        // numbers and the range's.
        let me = range.world.player.pos;
        let nearest = start
            .iter()
            .enumerate()
            .min_by(|a, b| a.1.distance(me).total_cmp(&b.1.distance(me)))
            .map(|(k, _)| k);
        assert_eq!(nearest, Some(0));
        let plain = cat
            .enemies
            .defs
            .iter()
            .find(|d| d.id == PLAIN_DUMMY)
            .expect("plain dummy");
        let armoured = cat
            .enemies
            .defs
            .iter()
            .find(|d| d.id == DUMMY)
            .expect("armoured dummy");
        assert!(
            plain.armor == 0.0 && armoured.armor > 0.0,
            "{} / {}",
            plain.armor,
            armoured.armor
        );
        for _ in 0..300 {
            range.tend();
            range.advance(1.0 / 60.0, PlayerInput::default(), true, &mut |_, _| {});
        }
        assert!(range.dps() > 0.0, "the starting build hurts the dummies");
        for (slot, p0) in range.dummies.iter().zip(&start) {
            let e = range.world.enemies().get(*slot).expect("dummy");
            assert!(e.alive, "dummies never die");
            assert!(e.pos.distance(*p0) < 40.0, "dummies stand (knockback aside)");
        }
        assert!(range.world.player.alive());
    }
}
