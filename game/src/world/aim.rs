//! Where the main cast fires: at the nearest enemy (the default, the seed's
//! auto-fire) or along a direction the player chose (mouse aim).

use glam::Vec2;

use super::World;
#[cfg(test)]
use super::{Carry, PlayerInput};

impl World {
    /// The aim of the last step's input (unit), `None` when auto-aiming.
    pub fn aim(&self) -> Option<Vec2> {
        self.input.aim
    }

    /// Direction of this step's main cast: the override, else the nearest
    /// enemy, else the way the player faces.
    pub(super) fn aim_dir(&self) -> Vec2 {
        let facing = self.player.vel.try_normalize().unwrap_or(Vec2::X);
        if let Some(d) = self.input.aim {
            return d;
        }
        self.nearest_enemy(self.player.pos, None)
            .map_or(facing, |(_, p)| super::gear::aim(self.player.pos, p, facing))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use engine::gpu::Backend;

    use super::*;
    use crate::catalog::Catalog;

    fn world() -> (World, Carry) {
        let cat = Arc::new(Catalog::load(&crate::data::default_root()).expect("data loads"));
        World::new_run(cat, 3, Backend::Cpu, None).expect("world")
    }

    fn aiming(aim: Vec2) -> PlayerInput {
        PlayerInput {
            aim: Some(aim),
            ..PlayerInput::default()
        }
    }

    #[test]
    fn auto_aim_by_default_and_the_override_wins() {
        let (mut w, mut carry) = world();
        w.begin_wave(&mut carry, 1).expect("wave");
        let p = w.player.pos;
        w.spawn_enemy("tank", p + Vec2::new(0.0, 200.0)).expect("enemy");
        assert_eq!(w.aim(), None);
        assert!(
            w.aim_dir().dot(Vec2::Y) > 0.99,
            "auto-aim points at the enemy below"
        );
        w.step(&mut carry, &aiming(Vec2::new(-3.0, 0.0)));
        assert_eq!(w.aim(), Some(Vec2::NEG_X));
        assert_eq!(w.aim_dir(), Vec2::NEG_X);
        w.step(&mut carry, &aiming(Vec2::ZERO));
        assert_eq!(w.aim(), None, "a zero direction means auto-aim");
    }

    #[test]
    fn the_main_cast_fires_along_the_mouse_aim() {
        let (mut w, mut carry) = world();
        w.begin_wave(&mut carry, 1).expect("wave");
        let p = w.player.pos;
        w.spawn_enemy("tank", p + Vec2::new(300.0, 0.0)).expect("enemy");
        for _ in 0..30 {
            w.step(&mut carry, &aiming(Vec2::NEG_Y));
        }
        let dirs: Vec<Vec2> = w
            .field
            .shots
            .occupied()
            .into_iter()
            .filter_map(|s| w.field.shots.get(s))
            .filter(|s| matches!(s.team, super::super::Team::Player))
            .map(|s| s.dir)
            .collect();
        assert!(!dirs.is_empty(), "the starting deck fired in half a second");
        for d in dirs {
            // The starting deck's spread stays well inside 45 degrees.
            assert!(d.dot(Vec2::NEG_Y) > 0.7, "fired along the aim, got {d}");
        }
    }
}
