//! Sharing and comparing runs (docs/share.md): build codes a player can
//! paste, the daily seed every player shares, and the result a replay proves.

/// Build codes and the daily seed live with the run, which books a run's
/// final build and reads a daily's date from its replay header; this room
/// names them for the tools that share.
pub use crate::run::{build_code, daily};
pub mod verify;

pub use build_code::{BuildArgError, BuildCodeError, build_of, decode, encode, read_build};
