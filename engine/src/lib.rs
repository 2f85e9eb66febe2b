//! Machinery of Arcane Artificer: the wgpu device, the projectile compute core
//! and its CPU reference, the renderer, egui integration and the profiler.
//!
//! No game rules live here, and this crate never depends on `game`: the rules
//! decide what to spawn and what a hit means; the engine moves, collides and draws.

pub mod audio;
pub mod clock;
pub mod compute;
pub mod gpu;
pub mod profile;
pub mod render;
pub mod sample;
pub mod ui;
pub mod window;
