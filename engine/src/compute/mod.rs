//! The projectile compute core: enemy binning, projectile step and collision,
//! as WGSL passes with a CPU twin of each.

pub mod types;

pub use types::*;
