//! The simulation of a fight: one fixed 60 Hz step joining combat, the spell
//! VM, enemies and the projectile compute core in the order of DESIGN §2.

pub mod arena;
pub mod config;
pub mod gear;
pub mod metrics;
pub mod shots;
pub mod view;

pub use arena::Arena;
pub use config::{RunData, WorldDef};
