//! Combat rules: the damage pipeline (docs/game.md#damage-pipeline), statuses and the
//! reaction matrix (docs/game.md#reactions), and area damage.
//!
//! Everything here is a pure function of its inputs and a `ChaCha8Rng` the
//! caller passes in. The usual call for one projectile hit is
//! [`reactions::compute_hit`] then [`reactions::apply_hit`]
//! (`crate::enemies::EnemySet::hit` does both for an enemy slot); a reaction
//! with a blast then hits the enemies [`aoe::blast_targets`] finds the same way.

pub mod afflictions;
pub mod aoe;
pub mod attribution;
pub mod damage;
pub mod reactions;
pub mod rules;
pub mod status;
pub mod target;

pub use aoe::Blast;
pub use damage::{AttackerStats, Coating, Defence, HitSpec};
pub use reactions::{HitResult, ReactionEvent, ReactionKind, apply_hit, compute_hit};
pub use rules::CombatRules;
pub use status::{Status, StatusSet};
pub use target::HitTarget;
