//! The arena: a bounded square with walls (docs/architecture.md#units, 2400 × 2400 px).
//!
//! It sits in the data layer (docs/architecture.md#layers), below the rules, because the
//! player's walk, the run's data (`world.json`) and the world all read it;
//! `crate::world::Arena` re-exports it.

use glam::Vec2;
use serde::Deserialize;

/// The playing field in world pixels; walls lie on its bounds.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arena {
    /// Width, px.
    pub width: f32,
    /// Height, px.
    pub height: f32,
}

impl Arena {
    /// Lowest corner (the origin).
    pub fn min(&self) -> Vec2 {
        Vec2::ZERO
    }

    /// Highest corner.
    pub fn max(&self) -> Vec2 {
        Vec2::new(self.width, self.height)
    }

    /// The centre, where the player starts.
    pub fn centre(&self) -> Vec2 {
        self.max() * 0.5
    }

    /// Keeps a circle of `radius` at `p` inside the walls.
    pub fn clamp(&self, p: Vec2, radius: f32) -> Vec2 {
        self.bounds().clamp(p, radius)
    }

    /// The whole floor as bounds.
    pub fn bounds(&self) -> Bounds {
        self.shrunk(1.0)
    }

    /// The floor with its walls moved in about the centre to `scale` of
    /// each side (the shrinking map's arena).
    pub fn shrunk(&self, scale: f32) -> Bounds {
        let half = self.max() * 0.5 * scale;
        Bounds {
            min: self.centre() - half,
            max: self.centre() + half,
        }
    }
}

/// Where bodies (the player, enemies, spawns, coins) may be this wave: the
/// arena, or less of it under the shrinking map. Projectiles keep the
/// arena's full walls (the compute core's grid is built on them).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// Lowest corner.
    pub min: Vec2,
    /// Highest corner.
    pub max: Vec2,
}

impl Bounds {
    /// Keeps a circle of `radius` at `p` inside these walls.
    pub fn clamp(&self, p: Vec2, radius: f32) -> Vec2 {
        let size = self.max - self.min;
        let r = radius.min(size.x * 0.5).min(size.y * 0.5);
        Vec2::new(
            p.x.clamp(self.min.x + r, self.max.x - r),
            p.y.clamp(self.min.y + r, self.max.y - r),
        )
    }
}

impl Default for Arena {
    fn default() -> Self {
        Self {
            width: 2400.0,
            height: 2400.0,
        }
    }
}
