//! What the player does in one step, as the fight reads it. The run's
//! `StepInput` (quantised, what a replay stores) turns into one; headless
//! probes and tests build one directly.

use glam::Vec2;

/// Fight input for one fixed step, passed to `World::step`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PlayerInput {
    /// Where the player walks (unit length, or zero to stand still).
    pub move_dir: Vec2,
    /// Mouse aim (any length), or `None` to fire at the nearest enemy; a
    /// zero vector also means auto-aim.
    pub aim: Option<Vec2>,
    /// The dash button (a dash starts only when walking and off cooldown).
    pub dash: bool,
    /// The stored-chip key (Store Magic; off its cooldown).
    pub cast_stored: bool,
}

impl PlayerInput {
    /// Walking along `move_dir`, auto-aiming, no buttons.
    pub fn walk(move_dir: Vec2) -> Self {
        Self {
            move_dir,
            ..Self::default()
        }
    }
}
