//! The build's DPS as numerical §3.2 means it: what the player's current
//! build deals per second to one target, not what a wave happened to offer
//! (a wave's `dps` is capped by the HP its spawner sends: wave 1's 56 grunts
//! hold ~710 HP, 12 per second, whatever the build).
//!
//! Measured on the lab's test range ([`World::begin_test_range`]) in a world
//! of its own, so the run is untouched: the player (level-ups, shop stats,
//! worn items) and the carried cores are copied, one dummy of
//! [`DUMMY_ENEMY`] (no armour, no resistance) with [`DUMMY_HP`] stands
//! [`DUMMY_DISTANCE`] px east of the player, who stands still and auto-aims
//! for [`SECONDS`] s. Deterministic: the CPU backend and the run's seed.

use engine::gpu::Backend;
use glam::Vec2;

use crate::world::{Dummy, World};

/// Dummy archetype: the grunt has neither armour nor resistances.
pub const DUMMY_ENEMY: &str = "grunt";
/// Dummy HP: never runs out in the window, small enough for f32 to count hits.
pub const DUMMY_HP: f32 = 1.0e7;
/// Distance from the player, px (inside every projectile's range).
pub const DUMMY_DISTANCE: f32 = 250.0;
/// Seconds measured.
pub const SECONDS: u32 = 8;

/// Damage per second of `source`'s build against one unarmoured dummy
/// (0 when the range cannot be set up).
pub fn build_dps(source: &World) -> f64 {
    let Ok(mut w) = World::new(source.catalog().clone(), source.seed(), Backend::Cpu, None) else {
        return 0.0;
    };
    w.player = source.player.clone();
    w.loadout = source.loadout.clone();
    w.equipment = source.equipment.clone();
    w.refresh_gear();
    let at = w.catalog().run.world.arena.centre() + Vec2::new(DUMMY_DISTANCE, 0.0);
    let dummy = Dummy {
        enemy: DUMMY_ENEMY.into(),
        pos: at,
        hp: DUMMY_HP,
    };
    if w.begin_test_range(&[dummy]).is_err() {
        return 0.0;
    }
    let steps = u64::from(SECONDS) * (1.0 / w.dt()).round() as u64;
    for _ in 0..steps {
        w.step();
    }
    w.stats.damage_dealt / f64::from(SECONDS)
}
