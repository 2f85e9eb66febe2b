//! Enemies (docs/game.md#archetypes, docs/game.md#monster-growth, docs/game.md#enemies): archetypes from
//! `data/enemies.json`, their run-time state, per-archetype AI, knockback,
//! contact damage, enemy-team projectiles and poison pools.
//!
//! Enemies are CPU-authoritative: [`EnemySet`] owns them in stable slots and
//! uploads circles to the GPU core each step. The usual step is
//! `EnemySet::hit` for each HIT event, `EnemySet::reap` for deaths, then
//! `EnemySet::update` for AI and movement.

pub mod ai;
pub mod bosses;
pub mod context;
pub mod defs;
pub mod look;
pub mod mutations;
pub mod set;
pub mod shots;
pub mod state;

pub use ai::{AiOutput, Pool, Telegraph};
pub use context::{AiContext, Arena};
pub use defs::{AiKind, EnemyDef, EnemyDefs, Resistances};
pub use set::{EnemySet, HitOutcome};
pub use state::{Death, EnemyState, SpawnScale};
