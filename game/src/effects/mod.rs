//! Spell effects that are rules of their own beyond a projectile's hit:
//! chain lightning's jumps ([`chain`]), the areas a spell leaves (black hole,
//! healing mist, turret: [`areas`]) and the movement stances (stand-charge,
//! move-buff: [`charge`]) and the mirror world's returning shots ([`mirror`]).
//!
//! Each is written here over plain data (enemy slots, positions, spawn
//! requests), in the rules layer (docs/architecture.md#layers); `crate::world` keeps only the
//! thin step that applies them to a fight, so a rule can be read and tested
//! without a world.

pub mod areas;
pub mod chain;
pub mod charge;
pub mod mirror;
