//! Sharing and comparing runs (docs/share.md): build codes a player can
//! paste, the daily seed every player shares, and the result a replay proves.

pub mod build_code;
pub mod daily;
mod text;
pub mod verify;

pub use build_code::{BuildArgError, BuildCodeError, build_of, decode, encode, read_build};
