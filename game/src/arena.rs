//! The arena: a bounded square with walls (DESIGN §2a, 2400 × 2400 px).
//!
//! It sits in the data layer (DESIGN §11), below the rules, because the
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
        let r = radius.min(self.width * 0.5).min(self.height * 0.5);
        Vec2::new(p.x.clamp(r, self.width - r), p.y.clamp(r, self.height - r))
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
