//! The projectile compute core: enemy binning, projectile step and collision,
//! as WGSL passes (`shaders/*.wgsl`) with a CPU twin of each (`cpu/`), behind
//! one API, [`ProjectileCore`].

pub mod config;
pub mod core;
pub mod cpu;
pub mod events;
pub mod gpu;
pub mod shaders;
pub mod slots;
pub mod stress_scene;
pub mod types;

pub use config::{CoreConfig, MAX_PIERCE};
pub use core::{CoreError, ProjectileCore};
pub use events::StepEvents;
pub use stress_scene::StressScene;
pub use types::*;
