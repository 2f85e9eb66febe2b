//! What survives between runs: aether fragments, unlocks, the codex and
//! endless records (game-design §7–§8), kept as JSON in the user's data folder.
//!
//! Persistence rules the player can rely on: a save is written atomically
//! (temp file, fsync, rename), so a crash never leaves half a file; a file that
//! cannot be read is moved aside, never overwritten silently, and the player is
//! told where it went.

pub mod meta;
pub mod run_book;
pub mod store;

pub use meta::{AetherGain, Codex, PROFILE_SCHEMA, Profile, aether_for_wave};
pub use run_book::{Opened, RunEnd, Section};
pub use store::{LoadOutcome, ProfileStore, StoreError};
