//! Spells that are not projectiles: black holes pull enemies, healing mists
//! heal the player inside them, turrets cast their payload on an interval.
//! They live on the CPU at the place they were cast.
//!
//! This file holds what an area is and what each kind does over plain
//! numbers; `crate::world` (its `areas.rs`) applies them to the enemies, the
//! player and the VM every step.

use glam::Vec2;

use crate::vm::spells::EffectKind as Vfx;
use crate::vm::{PayloadHandle, SpawnRequest};

/// What an area does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AreaKind {
    /// Pulls enemies toward its centre at `power` px/s.
    BlackHole,
    /// Heals the player inside by `power` HP/s.
    HealingMist,
    /// Casts `payload` every `interval` s at the nearest enemy.
    Turret {
        /// The payload cast each interval.
        payload: Option<PayloadHandle>,
        /// Seconds between casts.
        interval: f32,
        /// Seconds to the next cast.
        next: f32,
    },
}

/// One area in the arena (the renderer draws it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Area {
    /// What it does.
    pub kind: AreaKind,
    /// Centre, world px.
    pub pos: Vec2,
    /// Radius, px.
    pub radius: f32,
    /// Strength (pull px/s, heal HP/s).
    pub power: f32,
    /// Seconds left.
    pub remaining: f32,
}

impl Area {
    /// The area a spawn request of an effect spell makes, placed a short way
    /// along the aim (`aim` in radians) so a black hole is not on the caster.
    pub fn from_request(r: &SpawnRequest, origin: Vec2, aim: f32) -> Self {
        let dir = Vec2::new(aim.cos(), aim.sin());
        let (kind, pos) = match r.effect {
            Vfx::BlackHole => (AreaKind::BlackHole, origin + dir * r.speed.min(400.0) * 0.5),
            Vfx::HealingMist => (AreaKind::HealingMist, origin),
            Vfx::Turret | Vfx::None => (
                AreaKind::Turret {
                    payload: r.payload,
                    interval: r.timer.max(1.0 / 60.0),
                    next: r.timer.max(1.0 / 60.0),
                },
                origin,
            ),
        };
        Self {
            kind,
            pos,
            radius: r.effect_radius,
            power: r.effect_power,
            remaining: r.effect_duration.max(r.lifetime),
        }
    }
}

/// The knockback a black hole of `power` px/s centred on `centre` gives an
/// enemy at `enemy` over `dt` s: toward the centre (none at the centre).
pub fn black_hole_pull(enemy: Vec2, centre: Vec2, power: f32, dt: f32) -> Vec2 {
    (centre - enemy).try_normalize().unwrap_or(Vec2::ZERO) * power * dt
}

/// Whether a healing mist at `centre` of `radius` reaches a player body of
/// `player_radius` at `player`.
pub fn mist_reaches(centre: Vec2, radius: f32, player: Vec2, player_radius: f32) -> bool {
    player.distance(centre) <= radius + player_radius
}

/// Advances a turret's clock by `dt`: `true` when it casts this step (its
/// next cast is then one interval later).
pub fn turret_due(interval: f32, next: &mut f32, dt: f32) -> bool {
    *next -= dt;
    if *next <= 0.0 {
        *next += interval;
        true
    } else {
        false
    }
}
