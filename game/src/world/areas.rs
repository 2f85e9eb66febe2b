//! Spells that are not projectiles: black holes pull enemies, healing mists
//! heal the player inside them, turrets cast their payload on an interval.
//! They live on the CPU at the place they were cast.

use glam::Vec2;

use super::World;
use super::gear;
use super::metrics::StepCounters;
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

impl World {
    /// Acts and ages every area; expired turrets release their payload.
    pub(super) fn tick_areas(&mut self, dt: f32, counters: &mut StepCounters) {
        let mut areas = std::mem::take(&mut self.areas);
        let mut found = Vec::new();
        for a in &mut areas {
            match &mut a.kind {
                AreaKind::BlackHole => {
                    found.clear();
                    self.enemies.spatial().query_circle(a.pos, a.radius, &mut found);
                    found.sort_unstable();
                    for &e in &found {
                        let Some(p) = self.enemies.get(e).map(|e| e.pos) else {
                            continue;
                        };
                        let pull = gear::aim(p, a.pos, Vec2::ZERO) * a.power * dt;
                        self.enemies.knockback(e, pull);
                    }
                }
                AreaKind::HealingMist => {
                    if self.player.pos.distance(a.pos) <= a.radius + self.player.radius {
                        self.player.heal(a.power * dt);
                    }
                }
                AreaKind::Turret {
                    payload,
                    interval,
                    next,
                } => {
                    *next -= dt;
                    if *next <= 0.0 {
                        *next += *interval;
                        if let Some(h) = *payload {
                            self.fire_payload(h, a.pos, None, counters);
                        }
                    }
                }
            }
            a.remaining -= dt;
        }
        for a in &areas {
            if a.remaining <= 0.0
                && let AreaKind::Turret { payload: Some(h), .. } = a.kind
                && let Some(core) = self.core.as_mut()
            {
                core.release_payload(h);
            }
        }
        areas.retain(|a| a.remaining > 0.0);
        // Areas made while these acted (none today) are kept after the old ones.
        areas.append(&mut self.areas);
        self.areas = areas;
    }
}
