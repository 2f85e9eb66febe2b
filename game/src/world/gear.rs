//! The world's side of how equipped loot reaches the fight: the rules live in
//! [`crate::loot::gear`] and are re-exported here; this file turns a world
//! [`Shot`] into their inputs and holds the world's aiming helper.

use glam::Vec2;

use super::shots::Shot;
use crate::combat::{AttackerStats, HitSpec};
use crate::loot::enhance::LevelRules;
use crate::loot::equipment::Loadout as GearLoadout;
use crate::stats::StatSheet;

pub use crate::loot::gear::{EnemyAttackDef, apply_reaction_rules, enemy_hit, hit_shares, shot_class};

/// The damage pipeline's inputs for one player projectile hit, read from the
/// projectile's [`Shot`] record ([`crate::loot::gear::player_hit`]), with the
/// chip's own status chance and coating (attunement and the player's
/// `status_chance` are added by the pipeline).
pub fn player_hit(
    shot: &Shot,
    target: &crate::loot::gear::Guard,
    sheet: &StatSheet,
    gear: &GearLoadout,
    rules: &LevelRules,
) -> Option<(HitSpec, AttackerStats)> {
    let (mut spec, attacker) =
        crate::loot::gear::player_hit(shot.damage, &shot.elements, shot.dir, target, sheet, gear, rules)?;
    spec.status_chance = shot.status_chance;
    spec.coating = shot.coating;
    spec.pierces = shot.pierces;
    Some((spec, attacker))
}

/// Unit vector from `from` to `to`, or `fallback` when they coincide.
pub fn aim(from: Vec2, to: Vec2, fallback: Vec2) -> Vec2 {
    (to - from).try_normalize().unwrap_or(fallback)
}
