//! The mirror world mutator (docs/game.md#mutators: "every projectile bounces
//! back toward its shooter after its first hit").
//!
//! Decisions where the seed is silent:
//! - Only the player's projectiles bounce. An enemy shot's first hit is on
//!   the player, and a shot flying back to the enemy that fired it could
//!   hurt nobody (enemy shots never hurt enemies), so they are left as they are.
//! - A player projectile's first enemy hit ends its outward flight (its
//!   pierce is spent) and a returning projectile starts from the hit point
//!   toward where the player stands, at the shot's own speed, with just
//!   enough life to reach the player (who is never hurt by it). It keeps
//!   the shot's damage, element, explosion and knockback, can hit one more
//!   enemy on its way back (never the one it bounced off), carries no
//!   payload or trigger, and never bounces again.
//! - Chain lightning already leaves each hit for a new enemy: chain legs
//!   are not mirrored.
//!
//! This file builds the returning projectile over plain data;
//! `crate::world` (its `mirror.rs`) swaps it in during a fight.

use engine::compute::Projectile;
use engine::compute::types::NONE_U32;
use glam::Vec2;

/// Seconds of flight a returning projectile has beyond what it needs to
/// reach the player's position at the hit (the player may have moved).
pub const RETURN_SLACK_S: f32 = 0.25;

/// What a bounce needs to know of the shot that hit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounce {
    /// Where it hit the enemy.
    pub from: Vec2,
    /// Where the shooter (the player) stands now.
    pub to: Vec2,
    /// The shot's speed, px/s.
    pub speed: f32,
    /// The shot's radius, px.
    pub radius: f32,
    /// The enemy it bounced off (never hit again by the returning shot).
    pub enemy: u32,
    /// The look of the shot for the renderer: spell index, dominant element.
    pub look: [u32; 2],
    /// The trigger depth of the cast that fired it.
    pub depth: u8,
}

/// The returning projectile: from the hit toward the shooter, pierce 0,
/// living `distance / speed` plus [`RETURN_SLACK_S`]. `fallback` is the
/// direction used when the shooter stands on the hit point.
pub fn returning(b: &Bounce, fallback: Vec2) -> Projectile {
    let to = b.to - b.from;
    let dir = to.try_normalize().unwrap_or(fallback);
    let speed = b.speed.max(1.0);
    let mut p = Projectile::new(
        b.from.to_array(),
        (dir * speed).to_array(),
        b.radius,
        to.length() / speed + RETURN_SLACK_S,
    );
    p.hit_memory[0] = b.enemy;
    p.hit_count = 1;
    p.user[..4].copy_from_slice(&[b.look[0], b.look[1], NONE_U32, u32::from(b.depth)]);
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_return_flies_at_the_shooter_and_lives_to_reach_it() {
        let b = Bounce {
            from: Vec2::new(1400.0, 1200.0),
            to: Vec2::new(1200.0, 1200.0),
            speed: 800.0,
            radius: 6.0,
            enemy: 3,
            look: [7, 4],
            depth: 1,
        };
        let p = returning(&b, Vec2::X);
        assert_eq!(p.vel, [-800.0, 0.0]);
        // 200 px at 800 px/s is 0.25 s, plus 0.25 s of slack.
        assert_eq!(p.lifetime, 0.5);
        assert_eq!((p.pierce, p.hit_count, p.hit_memory[0]), (0, 1, 3));
        assert_eq!(&p.user[..4], &[7, 4, NONE_U32, 1]);
        let on_top = Bounce { to: b.from, ..b };
        assert_eq!(returning(&on_top, Vec2::Y).vel, [0.0, 800.0]);
    }
}
