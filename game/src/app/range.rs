//! The test range of the lab (game-design §6.3): a separate world in which
//! the player's build fires at stationary dummies, with a live DPS meter and
//! a 0.1× slow motion. The rules are the real fight's; the wave's own spawns
//! are struck down each frame, and the dummies and the player never die.

use std::collections::VecDeque;
use std::sync::Arc;

use engine::gpu::{Backend, GpuContext};
use glam::Vec2;

use super::fight::Fight;
use crate::catalog::Catalog;
use crate::world::World;

/// Enemy archetype used as a dummy (the sturdiest one).
pub const DUMMY: &str = "tank";
/// Dummies stand at these offsets from the arena centre, px.
const DUMMY_OFFSETS: [[f32; 2]; 3] = [[260.0, 0.0], [200.0, -160.0], [200.0, 160.0]];
/// Seconds of simulation the DPS meter averages over.
const DPS_WINDOW_S: f32 = 3.0;

/// The test range: its own world, the dummies, and the meter.
#[derive(Debug)]
pub struct TestRange {
    /// The range's fight.
    pub fight: Fight,
    dummies: Vec<u32>,
    samples: VecDeque<(f32, f64)>,
    /// Simulation speed: 1.0 or 0.1.
    pub time_scale: f32,
}

impl TestRange {
    /// A range for the build carried in `source`.
    pub fn new(
        cat: &Arc<Catalog>,
        source: &World,
        backend: Backend,
        gpu: Option<&GpuContext>,
    ) -> Result<Self, String> {
        let mut world =
            World::new(cat.clone(), source.seed(), backend, gpu).map_err(|e| format!("test range: {e}"))?;
        world.loadout = source.loadout.clone();
        let mut range = Self {
            fight: Fight::new(world),
            dummies: Vec::new(),
            samples: VecDeque::new(),
            time_scale: 1.0,
        };
        range.restart()?;
        Ok(range)
    }

    /// (Re)starts the range's wave and places the dummies.
    pub fn restart(&mut self) -> Result<(), String> {
        let w = &mut self.fight.world;
        w.begin_wave(1).map_err(|e| e.to_string())?;
        let centre = w.catalog().run.world.arena.centre();
        self.dummies = DUMMY_OFFSETS
            .iter()
            .filter_map(|o| w.spawn_enemy(DUMMY, centre + Vec2::from(*o)))
            .collect();
        self.samples.clear();
        Ok(())
    }

    /// Keeps the range a range: the wave's spawns removed, dummies standing
    /// and full, the player full. Call before the frame's steps.
    pub fn tend(&mut self) {
        let w = &mut self.fight.world;
        if w.wave_done() {
            let _ = w.end_wave();
            if let Err(e) = self.restart() {
                log::warn!("test range restart: {e}");
            }
            return;
        }
        let dummies = self.dummies.clone();
        let set = w.enemies_mut();
        for slot in 0..set.slots().len() as u32 {
            let Some(e) = set.get_mut(slot) else { continue };
            if !e.alive {
                continue;
            }
            if dummies.contains(&slot) {
                e.speed = 0.0;
                e.hp = e.hp_max;
            } else {
                // The step's reaper removes it the normal way.
                e.hp = 0.0;
            }
        }
        w.player.hp = w.player.hp_max();
        let t = w.wave_steps as f32 * w.dt();
        self.samples.push_back((t, w.stats.damage_dealt));
        while self.samples.front().is_some_and(|(t0, _)| t - t0 > DPS_WINDOW_S) {
            self.samples.pop_front();
        }
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
        let source = World::new(cat.clone(), 5, Backend::Cpu, None).expect("world");
        let mut range = TestRange::new(&cat, &source, Backend::Cpu, None).expect("range");
        let start: Vec<Vec2> = range
            .dummies
            .iter()
            .filter_map(|s| range.fight.world.enemies().get(*s).map(|e| e.pos))
            .collect();
        assert_eq!(start.len(), DUMMY_OFFSETS.len());
        for _ in 0..300 {
            range.tend();
            range.fight.advance(1.0 / 60.0, 1.0, Vec2::ZERO, true);
        }
        assert!(range.dps() > 0.0, "the starting build hurts the dummies");
        for (slot, p0) in range.dummies.iter().zip(&start) {
            let e = range.fight.world.enemies().get(*slot).expect("dummy");
            assert!(e.alive, "dummies never die");
            assert!(e.pos.distance(*p0) < 40.0, "dummies stand (knockback aside)");
        }
        assert!(range.fight.world.player.alive());
    }
}
