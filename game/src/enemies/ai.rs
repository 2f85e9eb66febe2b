//! Per-archetype behaviour: where each enemy wants to go this step and what
//! attack it starts or finishes. Movement itself (separation, knockback,
//! walls, statuses) is applied by `EnemySet::update`.
//!
//! * Seek (grunt, tank): straight at the player.
//! * Charger: walks at `walk_speed`; within `trigger_range` it stops, locks a
//!   direction and telegraphs a line for `windup` s, then charges along it at
//!   its `speed` for `charge_time` s, then rests `recover` s.
//! * Spitter: stays between `min_range` and `max_range`; every `interval` s it
//!   locks the player's position, telegraphs the aim for `windup` s, then
//!   spits an enemy-team projectile at that point.
//! * Poisoner (anti-AFK): stays near `keep_range`; every `interval` s it lobs a
//!   pool at the player's position. The pool telegraphs for `telegraph` s
//!   (its landing circle), then hurts the player inside for `pool_duration` s.
//!
//! Frozen and paralysed enemies do not advance their attack cycle.
//!
//! Notice range (the loot rule `EnemyNoticeRange`, Quiet Step: "ranged enemies
//! must come 45 % closer before they attack"): with a range factor `m` the
//! spitter keeps the band `[min_range·m, max_range·m]` and the poisoner
//! `keep_range·m`; and when `m ≠ 1` neither starts an attack from farther than
//! the far edge of its scaled band (the spitter holds its windup, the poisoner
//! its lob, until the player is that close). At `m = 1` (no rule) behaviour
//! is exactly the archetype's own: they attack on their timer from anywhere.

use glam::Vec2;
use serde::Serialize;

pub use super::context::{AiContext, Arena};
use super::defs::AiKind;
use super::shots::{SHOT_SOURCE_SPIT, enemy_projectile};
use super::state::{AiPhase, EnemyState};
use engine::compute::Projectile;

/// A poison pool on the ground (CPU-side area, never a GPU projectile).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Pool {
    /// Centre, world px.
    pub center: [f32; 2],
    /// Radius, px.
    pub radius: f32,
    /// Seconds until it becomes harmful (landing telegraph); ≤ 0 once active.
    pub telegraph: f32,
    /// Telegraph length at spawn, for drawing progress.
    pub telegraph_total: f32,
    /// Seconds of harm left once active.
    pub remaining: f32,
    /// Damage per second to a player inside.
    pub dps: f32,
}

impl Pool {
    /// True once the landing telegraph is over.
    pub fn active(&self) -> bool {
        self.telegraph <= 0.0
    }
}

/// A warning the renderer draws before an attack lands.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Telegraph {
    /// A charger's windup: the line it will run along.
    ChargeLine {
        /// Enemy slot.
        enemy: u32,
        /// Start, world px.
        from: [f32; 2],
        /// End, world px.
        to: [f32; 2],
        /// 0 at windup start, 1 when the charge begins.
        progress: f32,
    },
    /// A spitter's aim.
    SpitAim {
        /// Enemy slot.
        enemy: u32,
        /// Muzzle, world px.
        from: [f32; 2],
        /// Aimed point, world px.
        to: [f32; 2],
        /// 0 at windup start, 1 at the shot.
        progress: f32,
    },
    /// A poison pool's landing circle.
    PoolLanding {
        /// Centre, world px.
        center: [f32; 2],
        /// Radius, px.
        radius: f32,
        /// 0 at the throw, 1 when it turns harmful.
        progress: f32,
    },
}

/// What one AI step produced for the rest of the world.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AiOutput {
    /// Enemy-team projectiles to upload (spit, boss patterns).
    pub enemy_shots: Vec<Projectile>,
    /// Pools thrown this step (also kept in `EnemySet::pools`).
    pub pools_spawned: Vec<Pool>,
    /// `(enemy slot, damage)` for each contact hit on the player this step.
    pub contact_hits: Vec<(u32, f32)>,
    /// Damage to the player from active pools this step.
    pub pool_damage: f32,
    /// Damage over time dealt to enemies this step (burning, poison).
    pub dot_damage: f32,
    /// The same damage over time by element (for the damage book only).
    pub dot_by_element: [f32; 5],
    /// Boss phase changes and other boss happenings.
    pub boss_events: Vec<super::bosses::BossEvent>,
}

/// Decides enemy `slot`'s desired velocity for this step and advances its
/// attack cycle, appending shots and pools to `out`. Bosses are handled by
/// `super::bosses`. `can_act` is false while frozen or paralysed; `range_mult`
/// is the notice-range factor of the worn loot rules (1 = none; module docs).
#[expect(clippy::too_many_lines, reason = "one match over every AI behaviour")]
pub fn think(
    e: &mut EnemyState,
    ctx: &AiContext,
    dt: f32,
    can_act: bool,
    range_mult: f32,
    out: &mut AiOutput,
) -> Vec2 {
    let to_player = ctx.player_pos - e.pos;
    let dist = to_player.length();
    let toward = if dist > 1e-4 { to_player / dist } else { e.facing };
    if !can_act {
        return Vec2::ZERO;
    }
    match e.ai_kind {
        AiKind::Seek => {
            e.facing = toward;
            // Stop at contact distance instead of pushing into the player.
            if dist <= e.radius + ctx.player_radius {
                Vec2::ZERO
            } else {
                toward * e.speed
            }
        }
        AiKind::Charger(c) => match e.ai.phase {
            AiPhase::Move => {
                e.facing = toward;
                if dist <= c.trigger_range {
                    e.ai.phase = AiPhase::Windup;
                    e.ai.timer = c.windup;
                    e.ai.dir = toward.to_array();
                    Vec2::ZERO
                } else {
                    toward * c.walk_speed
                }
            }
            AiPhase::Windup => {
                e.ai.timer -= dt;
                if e.ai.timer <= 0.0 {
                    e.ai.phase = AiPhase::Charge;
                    e.ai.timer = c.charge_time;
                }
                Vec2::ZERO
            }
            AiPhase::Charge => {
                e.ai.timer -= dt;
                let dir = Vec2::from_array(e.ai.dir);
                e.facing = dir;
                if e.ai.timer <= 0.0 {
                    e.ai.phase = AiPhase::Recover;
                    e.ai.timer = c.recover;
                }
                dir * e.speed
            }
            AiPhase::Recover => {
                e.ai.timer -= dt;
                if e.ai.timer <= 0.0 {
                    e.ai.phase = AiPhase::Move;
                }
                Vec2::ZERO
            }
        },
        AiKind::Spitter(s) => {
            e.facing = toward;
            e.ai.timer -= dt;
            let (lo, hi) = (s.min_range * range_mult, s.max_range * range_mult);
            let too_far = range_mult != 1.0 && dist > hi;
            if e.ai.phase == AiPhase::Move && too_far {
                e.ai.timer = e.ai.timer.max(s.windup);
            }
            if e.ai.phase == AiPhase::Move && e.ai.timer <= s.windup && !too_far {
                e.ai.phase = AiPhase::Windup;
                e.ai.target = ctx.player_pos.to_array();
            }
            if e.ai.phase == AiPhase::Windup && e.ai.timer <= 0.0 {
                let aim = Vec2::from_array(e.ai.target) - e.pos;
                let dir = aim.try_normalize().unwrap_or(toward);
                let muzzle = e.pos + dir * (e.radius + s.shot_radius);
                out.enemy_shots.push(enemy_projectile(
                    muzzle,
                    dir * s.shot_speed,
                    s.shot_radius,
                    s.shot_lifetime,
                    s.shot_damage * e.damage_mult,
                    SHOT_SOURCE_SPIT,
                ));
                e.ai.phase = AiPhase::Move;
                e.ai.timer += s.interval;
            }
            keep_band(toward, dist, lo, hi, e.speed)
        }
        AiKind::Poisoner(p) => {
            e.facing = toward;
            e.ai.timer -= dt;
            let keep = p.keep_range * range_mult;
            if range_mult != 1.0 && dist > keep * 1.2 {
                e.ai.timer = e.ai.timer.max(0.0);
            } else if e.ai.timer <= 0.0 {
                let pool = Pool {
                    center: ctx.player_pos.to_array(),
                    radius: p.pool_radius,
                    telegraph: p.telegraph,
                    telegraph_total: p.telegraph,
                    remaining: p.pool_duration,
                    dps: p.pool_dps * e.damage_mult,
                };
                out.pools_spawned.push(pool);
                e.ai.timer += p.interval;
            }
            keep_band(toward, dist, keep * 0.8, keep * 1.2, e.speed)
        }
    }
}

/// Velocity that keeps a distance within `[lo, hi]` of the player.
fn keep_band(toward: Vec2, dist: f32, lo: f32, hi: f32, speed: f32) -> Vec2 {
    if dist < lo {
        -toward * speed
    } else if dist > hi {
        toward * speed
    } else {
        Vec2::ZERO
    }
}
