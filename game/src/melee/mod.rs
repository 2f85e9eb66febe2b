//! The blade (docs/game.md#melee): a second weapon
//! class worn in the Hands slot. This module holds its rules: the numbers
//! ([`defs`]), the swing's phases and combo ([`swing`]) and the exact swept
//! geometry ([`sweep`]).
//!
//! Mapping the seed (written for a squad) onto one player with a core:
//! - the blade swings by itself at an enemy in reach, as the genre's melee
//!   weapons do, while the core keeps firing;
//! - the seed's squadmates, for sector discipline, are the player's own
//!   turrets, summons and black holes;
//! - the seed's "structure" targets that return home are ordinary enemies,
//!   shoved by knockback.

pub mod defs;
pub mod sweep;
pub mod swing;

pub use defs::{BladeDef, MeleeRules};
pub use sweep::Band;
pub use swing::{Swing, SwingPhase};
