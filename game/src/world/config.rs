//! The run's own numbers (`data/world.json` with the economy, level-up and
//! shop files) now live in [`crate::catalog::run_data`], below the world; this
//! path re-exports them so `crate::world::config::…` and
//! `crate::world::{RunData, WorldDef}` keep working.

pub use crate::catalog::run_data::{RunData, WORLD_FILE, WorldDef};
