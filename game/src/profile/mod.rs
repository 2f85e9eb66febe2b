//! What survives between runs: aether fragments, unlocks, the codex and
//! local records (docs/game.md#modes-and-meta), kept as JSON in the player's profile
//! folder ([`ProfileStore::resolve`]).
//!
//! Persistence rules the player can rely on: a save is written atomically
//! (temp file, fsync, rename, fsync of the folder), so a crash never leaves
//! half a file; a file that cannot be read is moved aside, never overwritten
//! silently, and the player is told where it went; an older profile is
//! migrated and its original kept; a newer one is left alone. [`Saves`] is
//! the one entry point.

pub mod boards;
pub mod history;
pub mod meta;
pub mod migrate;
pub mod records;
pub mod run_book;
pub mod saves;
pub mod store;

pub use history::{HISTORY_FILE, HISTORY_KEPT, History, RunRecord};
pub use meta::{AetherGain, Codex, PROFILE_SCHEMA, Profile, Section, aether_for_wave};
pub use records::{RECORDS_FILE, RECORDS_SCHEMA, RecordNews, Records, Sealed, Tampered};
pub use run_book::{Opened, RunEnd};
pub use saves::{PROFILE_FILE, Saves};
pub use store::{LoadOutcome, PROFILE_DIR_ENV, ProfileStore, StoreError};
