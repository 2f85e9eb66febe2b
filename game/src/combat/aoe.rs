//! Area damage from reactions (vaporise, conduction, overload) and bosses,
//! resolved through the spatial hash, never by scanning every enemy.
//!
//! A blast hits every other living enemy whose circle touches the blast
//! circle. Area damage goes through the same formula as a hit with one
//! element — resistance, then armour once, at least 1 — but never crits and
//! never triggers further reactions, so chains cannot loop.

use glam::Vec2;
use serde::Serialize;

use super::damage::{self, AttackerStats, HitSpec};
use super::rules::CombatRules;
use super::target::HitTarget;
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

/// One enemy caught in a blast.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct AoeHit {
    /// Enemy slot.
    pub enemy: u32,
    /// Damage before the target's resistance and armour.
    pub damage: f32,
    /// Element.
    pub element: Element,
}

/// Every enemy in `hash` touched by `blast` except `exclude` (the enemy that
/// reacted). `max_radius` is the largest enemy radius, so the query reaches
/// enemies whose centre is outside the blast but whose body is inside;
/// `radius_of` gives an enemy's radius, or `None` to skip it (dead).
/// Results are sorted by slot.
pub fn blast_targets(
    blast: &Blast,
    hash: &SpatialHash,
    max_radius: f32,
    exclude: Option<u32>,
    radius_of: impl Fn(u32) -> Option<f32>,
) -> Vec<AoeHit> {
    let center = Vec2::from_array(blast.center);
    let mut out = Vec::new();
    hash.for_each_in_circle(center, blast.radius + max_radius, |id, p| {
        if Some(id) == exclude {
            return;
        }
        if let Some(r) = radius_of(id) {
            let reach = blast.radius + r;
            if p.distance_squared(center) <= reach * reach {
                out.push(AoeHit {
                    enemy: id,
                    damage: blast.damage,
                    element: blast.element,
                });
            }
        }
    });
    out.sort_by_key(|h| h.enemy);
    out
}

/// Applies one area hit to `target` and returns the damage dealt.
pub fn apply_aoe(
    target: &mut impl HitTarget,
    hit: &AoeHit,
    attacker: &AttackerStats,
    rules: &CombatRules,
) -> f32 {
    let spec = HitSpec::simple(hit.damage, hit.element);
    // Attunement was paid by the hit that triggered the blast; do not count it twice.
    let plain = AttackerStats {
        attunement: [0.0; 5],
        ..*attacker
    };
    let defence = target.defence();
    let (_, total) = damage::compute(&spec, &spec.shares, &[1.0; 5], &plain, &defence, false, rules);
    target.take_damage(total);
    total
}
