//! Rules of Arcane Artificer: the spell VM, combat, enemies and waves, loot,
//! economy and progression, and the screens that show them.
//!
//! Machinery (the GPU, windows, the compute core) lives in `engine`; this crate
//! owns every rule and every number, reading the numbers from `data/`.

pub mod app;
pub mod arena;
pub mod atomic;
pub mod carry;
pub mod catalog;
pub mod cli;
pub mod codex;
pub mod combat;
pub mod data;
pub mod economy;
pub mod effects;
pub mod element;
pub mod enemies;
pub mod loot;
pub mod melee;
pub mod mutators;
pub mod pick;
pub mod player;
pub mod probe;
pub mod profile;
pub mod rng;
pub mod run;
pub mod screens;
pub mod share;
pub mod shop;
pub mod sound;
pub mod spatial;
pub mod stats;
pub mod vm;
pub mod waves;
pub mod world;

/// Bosses are enemies (`enemies::bosses`); the short path stays because the
/// waves, the catalogue and the world name them often.
pub use enemies::bosses;
