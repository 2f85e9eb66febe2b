//! Area damage: one rule for every blast (an exploding projectile, the Nova
//! loot rule, a reaction's blast, the nuke's own caster), resolved through
//! the spatial hash, never by scanning every enemy (docs/game.md#area-damage).
//!
//! A blast catches every living body whose circle touches the blast's
//! circle. Each enemy caught takes a hit through the same pipeline as a
//! direct hit (resistance, armour, crits, statuses and reactions); the world
//! resolves a reaction's own blast only up to a fixed depth, so chains end.

use glam::Vec2;
use serde::Serialize;

use super::damage::HitSpec;
use crate::element::Element;
use crate::spatial::SpatialHash;

/// An area of damage centred on a point.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Blast {
    /// Centre, world px.
    pub center: [f32; 2],
    /// Radius, px.
    pub radius: f32,
    /// Damage before each target's resistance and armour.
    pub damage: f32,
    /// Element of the damage.
    pub element: Element,
}

impl Blast {
    /// A blast at `center`.
    pub fn new(center: Vec2, radius: f32, damage: f32, element: Element) -> Self {
        Self {
            center: center.to_array(),
            radius,
            damage,
            element,
        }
    }
}

/// The blast geometry of every area rule (docs/game.md#area-damage): a
/// body of `body_radius` at `body` is caught when it touches the blast's
/// circle, because a player sees bodies, not centres, inside a ring.
pub fn touches(center: Vec2, radius: f32, body: Vec2, body_radius: f32) -> bool {
    body.distance(center) <= radius + body_radius
}

/// What a self-harming blast (the Tactical Nuke) does to its caster when
/// caught: the hit's damage before the caster's armour, as an explosion
/// (docs/game.md#area-damage); `None` when the caster stands clear.
pub fn self_blast(
    spec: &HitSpec,
    center: Vec2,
    radius: f32,
    caster: Vec2,
    caster_radius: f32,
) -> Option<f32> {
    touches(center, radius, caster, caster_radius).then_some((spec.base + spec.add) * spec.mult)
}

/// Every enemy in `hash` whose body touches the circle of `radius` around
/// `center`, except `exclude` (the enemy that reacted). `max_radius` is the largest enemy radius, so the query reaches
/// enemies whose centre is outside the blast but whose body is inside;
/// `radius_of` gives an enemy's radius, or `None` to skip it (dead).
/// Results are sorted by slot.
pub fn blast_targets(
    center: Vec2,
    radius: f32,
    hash: &SpatialHash,
    max_radius: f32,
    exclude: Option<u32>,
    radius_of: impl Fn(u32) -> Option<f32>,
) -> Vec<u32> {
    let mut out = Vec::new();
    hash.for_each_in_circle(center, radius + max_radius, |id, p| {
        if Some(id) == exclude {
            return;
        }
        if let Some(r) = radius_of(id)
            && touches(center, radius, p, r)
        {
            out.push(id);
        }
    });
    out.sort_unstable();
    out
}
