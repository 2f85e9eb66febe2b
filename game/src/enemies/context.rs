//! What the enemies (bosses included) see of the world each step: the player
//! and the walls.
//!
//! A file of its own because both the archetype AI (`super::ai`) and the boss
//! phase machine (`super::bosses`) read it, and the AI's output carries boss
//! events: kept in `ai.rs` it made `ai` and `bosses` import each other.

use glam::Vec2;
use serde::Serialize;

/// The bounded arena, world px.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Arena {
    /// Lower-left corner.
    pub min: [f32; 2],
    /// Upper-right corner.
    pub max: [f32; 2],
}

impl Arena {
    /// A square arena of side `size` with its corner at the origin (docs/architecture.md#units: 2400).
    pub fn square(size: f32) -> Self {
        Self {
            min: [0.0, 0.0],
            max: [size, size],
        }
    }

    /// Clamps a circle of `radius` at `p` inside the walls.
    pub fn clamp(&self, p: Vec2, radius: f32) -> Vec2 {
        let lo = Vec2::from_array(self.min) + Vec2::splat(radius);
        let hi = (Vec2::from_array(self.max) - Vec2::splat(radius)).max(lo);
        p.clamp(lo, hi)
    }

    /// True when `p` is at least `margin` inside the walls.
    pub fn contains(&self, p: Vec2, margin: f32) -> bool {
        p.x >= self.min[0] + margin
            && p.y >= self.min[1] + margin
            && p.x <= self.max[0] - margin
            && p.y <= self.max[1] - margin
    }
}

/// What the enemies need to know about the world this step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AiContext {
    /// Player position, world px.
    pub player_pos: Vec2,
    /// Player body radius, px.
    pub player_radius: f32,
    /// The walls.
    pub arena: Arena,
}
