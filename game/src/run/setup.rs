//! What a run starts from: the part of a replay's header that the run
//! itself needs (the versions and checksum are the replay's).
//!
//! The profile shapes a run only through these fields (what is still
//! locked, which onboarding run this is, the Last Will talent), so a replay
//! carries them and plays the same on any machine, whatever that machine's
//! own profile holds.

use super::Build;

/// What a run is started from: everything a replay must store besides its commands.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RunSetup {
    /// Run seed; every random stream derives from it.
    pub seed: u64,
    /// The run ends after this wave (the game's last wave for a full run).
    pub last_wave: u32,
    /// A starting build instead of `data/world.json`'s starter core and deck.
    pub build: Option<Build>,
    /// Spell and core ids the player has not unlocked (docs/game.md#unlocks):
    /// never stocked. Empty for the headless tools, which measure the whole game.
    pub locked: Vec<String>,
    /// Which of the first runs' lessons this run is (docs/game.md#lessons: 1–4);
    /// `None` once onboarding is over or skipped.
    pub onboarding: Option<u8>,
    /// The Last Will talent (docs/game.md#last-will): once per run, a killing blow
    /// leaves 1 HP.
    pub last_will: bool,
    /// Practice from this milestone wave (docs/game.md#milestones-and-practice): the run starts
    /// in the shop before it, with the shop unlimited, and nothing it does
    /// is booked into the profile.
    pub practice: Option<u32>,
    /// NG+ level (docs/game.md#new-game-plus; unlocked by a clear): enemy HP and damage
    /// ×(1 + 0.5 n), enemy shots +30 % per level, the bosses' NG+ phase.
    pub ng_plus: u32,
    /// The curse of a curse run (an id of `data/curses.json`): its rules hold
    /// for every wave.
    pub curse: Option<String>,
    /// Start before this wave with the catch-up of [`catch_up`] (the
    /// headless tools' `--start-wave`; the title starts at wave 1).
    pub start_wave: Option<u32>,
    /// Boss rush mode: every wave is a rush of three bosses.
    pub boss_rush: bool,
    /// The daily run of this UTC date (`YYYY-MM-DD`, docs/share.md#daily):
    /// its seed and fixed rule set. Words for the records and history only;
    /// the run plays from its other fields.
    pub daily: Option<String>,
    /// The player typed the seed (docs/share.md#seeded-runs): marked in the
    /// records and history; plays like any run.
    pub seeded: bool,
}

/// Gold and level-ups a run started before wave `w` is given for the waves
/// it skipped: 250 gold and 1.15 level-ups per wave, what the scripted
/// competent player with the strong build held and gained by W20 (seed 2:
/// about 4,700 gold earned, level 23).
pub fn catch_up(w: u32) -> (u64, u32) {
    let skipped = u64::from(w.saturating_sub(1));
    // In u64: `skipped * 115` wrapped in u32 for start waves past 37 million.
    let levelups = u32::try_from(skipped * 115 / 100).unwrap_or(u32::MAX);
    (skipped * 250, levelups)
}

/// A setup field outside what a run can start from, named for the player
/// or the tool that wrote it (docs/data.md#limits).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{field}` is {value}: {why}")]
pub struct SetupError {
    /// The field, as a replay header spells it (`last_wave`, `practice`).
    pub field: &'static str,
    /// Its value, as written.
    pub value: String,
    /// What it must be instead.
    pub why: String,
}

impl RunSetup {
    /// Refuses a setup no run can start from, naming the field: every
    /// saved or recorded header passes here before the flow sees it, so no
    /// combination of fields can panic the run's start (a practice wave
    /// past the last wave was a `clamp` with min above max).
    pub fn check(&self) -> Result<(), SetupError> {
        use crate::data::limits::{MAX_NG_PLUS, MAX_WAVES};
        let bad = |field: &'static str, value: String, why: String| SetupError { field, value, why };
        if !(1..=MAX_WAVES).contains(&self.last_wave) {
            return Err(bad(
                "last_wave",
                self.last_wave.to_string(),
                format!("a run ends after wave 1 to {MAX_WAVES}"),
            ));
        }
        if let Some(p) = self.practice
            && !(1..=self.last_wave).contains(&p)
        {
            return Err(bad(
                "practice",
                p.to_string(),
                format!(
                    "practice starts at a wave from 1 to the last wave, {}",
                    self.last_wave
                ),
            ));
        }
        if let Some(w) = self.start_wave
            && !(1..=MAX_WAVES.min(self.last_wave)).contains(&w)
        {
            return Err(bad(
                "start_wave",
                w.to_string(),
                format!(
                    "a run starts before a wave from 1 to its last wave, {}",
                    self.last_wave
                ),
            ));
        }
        if let (Some(_), Some(w)) = (self.practice, self.start_wave) {
            return Err(bad(
                "start_wave",
                w.to_string(),
                "a practice run starts at its practice wave, not at a start wave".into(),
            ));
        }
        if let Some(o) = self.onboarding
            && !(1..=ONBOARDING_RUNS).contains(&o)
        {
            return Err(bad(
                "onboarding",
                o.to_string(),
                format!("the lessons are runs 1 to {ONBOARDING_RUNS}"),
            ));
        }
        if self.ng_plus > MAX_NG_PLUS {
            return Err(bad(
                "ng_plus",
                self.ng_plus.to_string(),
                format!("NG+ goes from 0 to {MAX_NG_PLUS}"),
            ));
        }
        Ok(())
    }
}

impl RunSetup {
    /// A plain run: everything unlocked, no onboarding, no talent.
    pub fn new(seed: u64, last_wave: u32) -> Self {
        Self {
            seed,
            last_wave,
            ..Self::default()
        }
    }
}

/// Gold a practice run holds at every shop ("an unlimited shop", docs/game.md#milestones-and-practice): more
/// than the whole stock of a shelf costs, topped up each time the shop opens.
pub const PRACTICE_GOLD: u64 = 100_000;

/// Runs of onboarding (docs/game.md#lessons): runs 1–4 teach one idea each; from
/// run 5 everything the profile unlocked is open.
pub const ONBOARDING_RUNS: u8 = 4;

impl RunSetup {
    /// What this run may stock, from what the shop would otherwise sell:
    /// locked content goes; onboarding run 1 sells no chips or cores (it
    /// teaches movement), runs 2–4 sell Tier 1 chips only and no cores.
    pub fn narrow(&self, cat: &crate::catalog::Catalog, pool: &mut crate::shop::ShopPool) {
        pool.spells.retain(|e| !self.locked.contains(&e.id));
        pool.cores.retain(|e| !self.locked.contains(&e.id));
        match self.onboarding {
            Some(1) => {
                pool.spells.clear();
                pool.cores.clear();
            }
            Some(_) => {
                pool.spells.retain(|e| {
                    cat.spells
                        .find(&e.id)
                        .is_some_and(|i| cat.spells.get(i).rarity <= 1)
                });
                pool.cores.clear();
            }
            None => {}
        }
    }

    /// The core editor is closed in the first onboarding run (it teaches
    /// only movement, docs/game.md#lessons).
    pub fn editor_locked(&self) -> bool {
        self.onboarding == Some(1)
    }
}
