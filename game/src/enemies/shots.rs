//! Enemy-team projectiles handed to the GPU core.
//!
//! Spit and boss barrages are ordinary GPU projectiles flagged
//! `FLAG_ALIVE | FLAG_ENEMY_TEAM`: the compute core moves them and reports a
//! `PLAYER_HIT` event. The damage rides in `user[0]` as `f32` bits and the
//! source kind in `user[1]`, so the integrator can charge the player without a
//! side table.

use engine::compute::{FLAG_ALIVE, FLAG_ENEMY_TEAM, MAX_HIT_MEMORY, NONE_U32, Projectile};
use glam::Vec2;

use crate::element::Element;

/// `user[1]` value: spat by a spitter.
pub const SHOT_SOURCE_SPIT: u32 = 1;
/// `user[1]` value: fired by a boss.
pub const SHOT_SOURCE_BOSS: u32 = 2;

/// Marks an enemy projectile's element (`user[2]`, physical when unmarked).
pub fn with_element(mut p: Projectile, element: Element) -> Projectile {
    p.user[2] = element.index() as u32;
    p
}

/// The element an enemy projectile was marked with.
pub fn enemy_shot_element(p: &Projectile) -> Element {
    Element::ALL
        .get(p.user[2] as usize)
        .copied()
        .unwrap_or(Element::Physical)
}

/// Builds an enemy-team projectile at `pos` moving at `vel`.
pub fn enemy_projectile(
    pos: Vec2,
    vel: Vec2,
    radius: f32,
    lifetime: f32,
    damage: f32,
    source: u32,
) -> Projectile {
    let mut user = [0u32; 8];
    user[0] = damage.to_bits();
    user[1] = source;
    Projectile {
        pos: pos.to_array(),
        vel: vel.to_array(),
        radius,
        lifetime,
        timer: 0.0,
        homing: 0.0,
        acquire_radius: 0.0,
        sine_amp: 0.0,
        sine_freq: 0.0,
        age: 0.0,
        bounces: 0,
        pierce: 0,
        flags: FLAG_ALIVE | FLAG_ENEMY_TEAM,
        hit_count: 0,
        hit_memory: [NONE_U32; MAX_HIT_MEMORY],
        user,
    }
}

/// Damage an enemy-team projectile deals to the player (from `user[0]`).
pub fn enemy_shot_damage(p: &Projectile) -> f32 {
    f32::from_bits(p.user[0])
}
