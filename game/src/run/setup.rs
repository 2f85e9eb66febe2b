//! What a run starts from: the part of a replay's header that the run
//! itself needs (the versions and checksum are the replay's).

use super::Build;

/// What a run is started from: everything a replay must store besides its commands.
#[derive(Debug, Clone, PartialEq)]
pub struct RunSetup {
    /// Run seed; every random stream derives from it.
    pub seed: u64,
    /// The run ends after this wave (the game's last wave for a full run).
    pub last_wave: u32,
    /// A starting build instead of `data/world.json`'s starter core and deck.
    pub build: Option<Build>,
}
