//! Chain lightning: a chaining projectile jumps from enemy to enemy.
//!
//! The compute core knows nothing of chains. A chaining projectile is spawned
//! with GPU pierce 0 ([`crate::vm::SpawnRequest::to_projectile`]), so each
//! *leg* ends at its first hit with a HIT and an EXPIRE in the same step.
//! When that HIT is handled (one step late, in the sorted event order) and the
//! shot has jumps left, `crate::world`'s `chain_jump` spawns the next leg from the
//! hit position toward the nearest living enemy not hit by any earlier leg
//! within [`CHAIN_JUMP_RANGE`], at the shot's own speed; the new leg's GPU hit
//! memory lists every enemy hit so far, so it passes through them on its way
//! and the chain never hits one enemy twice. Each jump uses one charge; with
//! no such enemy in range the chain ends (the leg has already expired).
//!
//! Decisions where the design is silent (docs/game.md#spell-chips only says
//! `chain_bolt` "弹射 5 次", jumps 5 times):
//! - jump range 250 px, centre to centre from the hit point: about a pack's
//!   width, so a chain clears a cluster rather than crossing the arena;
//! - no damage falloff: every leg deals the shot's full damage (a 5-jump bolt
//!   is 6 full hits, which is what its mana and delay are priced for);
//! - every leg gets the spell's full lifetime and shape (radius, homing, sine,
//!   bounces, explosion), but not its timer: a timer payload fires at most
//!   once, from the first leg;
//! - the payload handle moves to the new leg, so on-hit payloads fire at
//!   every enemy of the chain and an on-kill payload follows the live leg.
//!
//! Everything here reads the sorted events, the enemy slots and no random
//! stream, so a seed replays the same chain, and the CPU and GPU backends
//! chain alike whenever their events agree.

//!
//! This file holds the rule over plain data (the range, the choice of the
//! next enemy, the next leg's aim and hit memory); `crate::world` (its
//! `chain.rs`) spawns the leg and moves the shot record and kill credit.

use engine::compute::Projectile;
use engine::compute::types::{FLAG_TIMER_ARMED, MAX_HIT_MEMORY};
use glam::Vec2;

use crate::enemies::EnemySet;

/// How far a chain leg looks for its next enemy, px, centre to centre from the
/// hit point (a design decision: the seeds give no range; see the module docs).
pub const CHAIN_JUMP_RANGE: f32 = 250.0;

/// Adds `enemy` to the hit memory of the leg that struck it, when the chain
/// may jump again (`left` jumps remain and the memory has room). Returns how
/// many enemies the memory now lists, or `None` when the chain ends here.
pub fn remember_hit(leg: &mut Projectile, left: u32, enemy: u32) -> Option<usize> {
    let n = leg.hit_count as usize;
    if left == 0 || n >= MAX_HIT_MEMORY {
        return None;
    }
    leg.hit_memory[n] = enemy;
    leg.hit_count += 1;
    Some(n + 1)
}

/// The position of the nearest living enemy within [`CHAIN_JUMP_RANGE`] of
/// `from` that is not in `hit` (ties: the lower slot).
pub fn chain_target(enemies: &mut EnemySet, from: Vec2, hit: &[u32]) -> Option<Vec2> {
    let mut near = Vec::new();
    enemies.spatial().query_circle(from, CHAIN_JUMP_RANGE, &mut near);
    let slots = enemies.slots();
    near.into_iter()
        .filter(|i| !hit.contains(i))
        .filter_map(|i| {
            slots
                .get(i as usize)
                .filter(|e| e.alive && e.hp > 0.0)
                .map(|e| (i, e.pos, e.pos.distance_squared(from)))
        })
        .min_by(|a, b| a.2.total_cmp(&b.2).then(a.0.cmp(&b.0)))
        .map(|(_, p, _)| p)
}

/// Turns the spent leg into the next one: from the hit point `pos` toward
/// `target` at the leg's own speed, young again, with no pierce and no timer
/// (a timer payload fires at most once, from the first leg). Returns the new
/// direction (`fallback` when the target sits on the hit point).
pub fn aim_next_leg(leg: &mut Projectile, pos: Vec2, target: Vec2, fallback: Vec2) -> Vec2 {
    let speed = Vec2::from_array(leg.vel).length();
    let dir = (target - pos).normalize_or(fallback);
    leg.pos = pos.to_array();
    leg.vel = (dir * speed).to_array();
    leg.age = 0.0;
    leg.pierce = 0;
    leg.timer = 0.0;
    leg.flags &= !FLAG_TIMER_ARMED;
    dir
}
