//! What a hit lands on, as the combat rules see it.
//!
//! The damage pipeline, the reactions and area damage need only a target's
//! defence, statuses, position and a way to take HP off it. Reading those
//! through [`HitTarget`] instead of `crate::enemies::EnemyState` keeps
//! `combat` below `enemies` (the enemy set runs combat on its slots; combat
//! no longer imports the enemies back), and lets a training dummy or a test
//! body be struck by the same rules.

use glam::Vec2;

use super::damage::Defence;
use super::status::StatusSet;

/// Something the combat rules can strike: implemented by
/// `crate::enemies::EnemyState`. Every method is a plain field access there,
/// so a hit does exactly what it did when it took the enemy itself.
pub trait HitTarget {
    /// Per-element resistance and flat armour, the defender's side of the formula.
    fn defence(&self) -> Defence;
    /// Statuses the reaction matrix reads.
    fn status(&self) -> &StatusSet;
    /// Statuses the reactions and coatings change.
    fn status_mut(&mut self) -> &mut StatusSet;
    /// Position, world px (where reactions and their blasts happen).
    fn pos(&self) -> Vec2;
    /// Takes `amount` HP off (no floor: death is decided by the caller).
    fn take_damage(&mut self, amount: f32);
}
