//! Meta-progression (docs/game.md#modes-and-meta): aether fragments, the unlock tree,
//! the codex and endless records. Unlocks widen the shop's pool; they never
//! raise starting stats (docs/game.md#unlocks: no pay-to-win feel).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

/// The profile's schema version. Version 1 (the first release) kept the
/// codex as three flat lists and the endless records inside the profile;
/// `profile::migrate` turns a version-1 file into this one, never drops it.
pub const PROFILE_SCHEMA: u32 = 2;

/// Everything that persists between runs (`profile.json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Profile {
    /// Schema version of the file ([`PROFILE_SCHEMA`] once loaded).
    pub schema: u32,
    /// Aether fragments in hand.
    pub aether: u32,
    /// Aether fragments earned in all runs (spent ones included).
    pub aether_earned: u32,
    /// Ids bought in the unlock tree (`data/unlocks.json`).
    pub unlocked: BTreeSet<String>,
    /// What the player has met: the codex entries that are open.
    pub codex: Codex,
    /// Highest wave reached in any run.
    pub best_wave: u32,
    /// Milestone waves (5, 10, 15) already rewarded; each is also a practice start.
    pub milestones: BTreeSet<u32>,
    /// Runs finished, won or lost (onboarding counts them).
    pub runs: u32,
    /// Times the W20 boss was beaten; 1 unlocks NG+.
    pub clears: u32,
    /// The player skipped the first-runs onboarding (Settings).
    pub skip_onboarding: bool,
    /// Highest NG+ level cleared (0 with `clears > 0`: the plain game).
    /// NG+ levels up to one above it may be started ([`Profile::ng_plus_max`]).
    pub best_ng_plus: u32,
    /// The W8 mini-boss warning was shown (docs/game.md#milestones-and-practice: once, on the
    /// first arrival).
    pub mini_boss_warned: bool,
    /// Runs booked since the last save, on their way to the history file:
    /// [`super::Saves::save_profile`] writes them here first, with the
    /// profile, so the two files move as one unit, then moves them to the
    /// history. Absent from the file once they arrived.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pending_history: Vec<super::history::RunRecord>,
}

impl Default for Profile {
    fn default() -> Self {
        Self {
            schema: PROFILE_SCHEMA,
            aether: 0,
            aether_earned: 0,
            unlocked: BTreeSet::new(),
            codex: Codex::default(),
            best_wave: 0,
            milestones: BTreeSet::new(),
            runs: 0,
            clears: 0,
            skip_onboarding: false,
            best_ng_plus: 0,
            mini_boss_warned: false,
            pending_history: Vec::new(),
        }
    }
}

/// Ids met, by codex section (docs/game.md#codex). An entry opens on first
/// pickup, purchase or sighting; resonance recipes only when first triggered.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Codex {
    /// Spell chips bought, carried or dropped.
    pub spells: BTreeSet<String>,
    /// Cores bought or carried.
    pub cores: BTreeSet<String>,
    /// Enemy kinds seen in a fight.
    pub enemies: BTreeSet<String>,
    /// Bosses met.
    pub bosses: BTreeSet<String>,
    /// Elemental reactions triggered (their alchemy-log text is open).
    pub reactions: BTreeSet<String>,
    /// Resonance recipes triggered at least once: no longer hidden.
    pub recipes: BTreeSet<String>,
    /// Item bases picked up.
    pub items: BTreeSet<String>,
    /// Artifacts picked up.
    pub artifacts: BTreeSet<String>,
}

impl Codex {
    /// Entries open across all sections.
    pub fn len(&self) -> usize {
        [
            &self.spells,
            &self.cores,
            &self.enemies,
            &self.bosses,
            &self.reactions,
            &self.recipes,
            &self.items,
            &self.artifacts,
        ]
        .iter()
        .map(|s| s.len())
        .sum()
    }

    /// True before anything has been met.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A part of the codex: one set in the profile's [`Codex`] and one tab of
/// the codex screen (defined here, with the sets, so the run's sightings and
/// the codex book name sections alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    /// Spell chips.
    Spells,
    /// Cores (wands).
    Cores,
    /// Enemy archetypes and elites.
    Enemies,
    /// Bosses.
    Bosses,
    /// Elemental reactions (the alchemy log).
    Reactions,
    /// Resonance recipes.
    Recipes,
    /// Item bases.
    Items,
    /// Artifacts.
    Artifacts,
}

impl Section {
    /// Every section, in the order of the screen's tabs.
    pub const ALL: [Section; 8] = [
        Section::Spells,
        Section::Cores,
        Section::Enemies,
        Section::Bosses,
        Section::Reactions,
        Section::Recipes,
        Section::Items,
        Section::Artifacts,
    ];

    /// The key of the section in `data/codex/intents.json`, the same as the
    /// field of [`Codex`] that holds it.
    pub fn id(self) -> &'static str {
        match self {
            Section::Spells => "spells",
            Section::Cores => "cores",
            Section::Enemies => "enemies",
            Section::Bosses => "bosses",
            Section::Reactions => "reactions",
            Section::Recipes => "recipes",
            Section::Items => "items",
            Section::Artifacts => "artifacts",
        }
    }

    /// The tab's title.
    pub fn title(self) -> &'static str {
        match self {
            Section::Spells => "Spell chips",
            Section::Cores => "Cores",
            Section::Enemies => "Enemies",
            Section::Bosses => "Bosses",
            Section::Reactions => "Alchemy log",
            Section::Recipes => "Resonance",
            Section::Items => "Items",
            Section::Artifacts => "Artifacts",
        }
    }

    /// What one entry of the section is, for a locked entry's caption.
    pub fn singular(self) -> &'static str {
        match self {
            Section::Spells => "Spell chip",
            Section::Cores => "Core",
            Section::Enemies => "Enemy",
            Section::Bosses => "Boss",
            Section::Reactions => "Reaction",
            Section::Recipes => "Resonance recipe",
            Section::Items => "Item",
            Section::Artifacts => "Artifact",
        }
    }

    /// The ids met in this section.
    pub fn met(self, codex: &Codex) -> &BTreeSet<String> {
        match self {
            Section::Spells => &codex.spells,
            Section::Cores => &codex.cores,
            Section::Enemies => &codex.enemies,
            Section::Bosses => &codex.bosses,
            Section::Reactions => &codex.reactions,
            Section::Recipes => &codex.recipes,
            Section::Items => &codex.items,
            Section::Artifacts => &codex.artifacts,
        }
    }

    /// The ids met in this section, to record a sighting.
    pub fn met_mut(self, codex: &mut Codex) -> &mut BTreeSet<String> {
        match self {
            Section::Spells => &mut codex.spells,
            Section::Cores => &mut codex.cores,
            Section::Enemies => &mut codex.enemies,
            Section::Bosses => &mut codex.bosses,
            Section::Reactions => &mut codex.reactions,
            Section::Recipes => &mut codex.recipes,
            Section::Items => &mut codex.items,
            Section::Artifacts => &mut codex.artifacts,
        }
    }
}

/// Endless records kept (docs/game.md#records: the most recent 20).
pub const ENDLESS_RECORDS_KEPT: usize = 20;

/// One endless run for the local leaderboard.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndlessRecord {
    /// Wave reached.
    pub wave: u32,
    /// Seconds the run lasted.
    pub elapsed_sec: f64,
    /// Checksum of the build, so odd scores can be audited.
    pub build_checksum: String,
    /// Unix seconds when the run ended.
    pub timestamp: u64,
}

impl EndlessRecord {
    /// One integer that ranks by wave first, then by speed:
    /// `wave × 100000 + (86400 − elapsed)` (docs/game.md#records).
    pub fn score(&self) -> i64 {
        i64::from(self.wave) * 100_000 + (86_400.0 - self.elapsed_sec).round() as i64
    }
}

/// The fragments one run earned, by source, for the summary.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AetherGain {
    /// For the wave reached (docs/game.md#aether-fragments).
    pub wave: u32,
    /// Milestones reached for the first time: (wave, fragments) (docs/game.md#milestones-and-practice).
    pub milestones: Vec<(u32, u32)>,
    /// For beating the last boss (first clear 30, then NG+ clears).
    pub clear: u32,
    /// This was the profile's first clear.
    pub first_clear: bool,
    /// For the boss rushes cleared (docs/game.md#boss-rush).
    pub rush: u32,
}

impl AetherGain {
    /// All fragments of the run.
    pub fn total(&self) -> u32 {
        // Saturating: a hand-edited profile can hold any u32 (docs/data.md#limits).
        self.milestones
            .iter()
            .fold(self.wave, |t, m| t.saturating_add(m.1))
            .saturating_add(self.clear)
            .saturating_add(self.rush)
    }
}

/// Fragments for ending a run at `wave` (docs/game.md#aether-fragments).
/// The design fixes W1 0, W5 3, W10 8 and W20 20; the steps between are
/// ours: W2 1 and W3 2, so a newcomer's first three runs (which end
/// around W3) buy the first unlock (Chain Lightning, 5); W4 holds at 2,
/// then one a wave to W10 and six fifths of one a wave to W20. Never
/// less for going further.
pub fn aether_for_wave(wave: u32) -> u32 {
    match wave {
        0 | 1 => 0,
        2 => 1,
        3 | 4 => 2,
        5..=10 => wave - 2,
        11..=19 => 8 + ((wave - 10) * 6 + 2) / 5,
        _ => 20,
    }
}

/// Extra fragments for reaching a milestone wave the first time (docs/game.md#milestones-and-practice: W5 ×2, W10 ×3, W15 ×4).
pub fn milestone_aether(wave: u32) -> Option<u32> {
    match wave {
        5 => Some(2),
        10 => Some(3),
        15 => Some(4),
        _ => None,
    }
}

/// A stable checksum of a build (core id and deck), FNV-1a 64, hex.
pub fn build_checksum(core: &str, deck: &[&str]) -> String {
    use crate::rng::{FNV_OFFSET, fnv1a64_extend};
    let h = deck
        .iter()
        .fold(fnv1a64_extend(FNV_OFFSET, core.as_bytes()), |h, card| {
            fnv1a64_extend(fnv1a64_extend(h, b","), card.as_bytes())
        });
    format!("{h:016x}")
}

impl Profile {
    /// Books a finished run: fragments by wave and first-time milestones,
    /// first clear bonus (30) and NG+ clears (20, −20 % with each clear
    /// after the first, at least 5). A plain clear after the first pays only
    /// its wave's fragments: the design pays the bonus for clearing NG+
    /// (docs/game.md#aether-fragments). Returns the fragments gained, item
    /// by item.
    pub fn finish_run(&mut self, wave_reached: u32, won: bool, ng_plus: u32) -> AetherGain {
        let mut gain = AetherGain {
            wave: aether_for_wave(wave_reached),
            ..AetherGain::default()
        };
        for m in [5, 10, 15] {
            if wave_reached >= m && self.milestones.insert(m) {
                gain.milestones.push((m, milestone_aether(m).unwrap_or(0)));
            }
        }
        if won {
            gain.clear = if self.clears == 0 {
                30
            } else if ng_plus == 0 {
                0
            } else {
                let mut r = 20.0f32;
                for _ in 1..self.clears {
                    r *= 0.8;
                }
                r.max(5.0).round() as u32
            };
            gain.first_clear = self.clears == 0;
            self.clears = self.clears.saturating_add(1);
        }
        self.best_wave = self.best_wave.max(wave_reached);
        // Counters saturate: a profile edited to the top of u32 stays there
        // instead of wrapping to nothing (docs/data.md#limits).
        self.runs = self.runs.saturating_add(1);
        self.aether = self.aether.saturating_add(gain.total());
        self.aether_earned = self.aether_earned.saturating_add(gain.total());
        gain
    }

    /// The highest NG+ level a new run may take: none before the first clear
    /// (docs/game.md#new-game-plus: the first clear unlocks NG+), then one above the best cleared.
    pub fn ng_plus_max(&self) -> u32 {
        if self.clears == 0 {
            0
        } else {
            self.best_ng_plus + 1
        }
    }

    /// Spends `cost` fragments on `unlock` if affordable and not owned yet.
    pub fn buy_unlock(&mut self, unlock: &str, cost: u32) -> bool {
        if self.unlocked.contains(unlock) || self.aether < cost {
            return false;
        }
        self.aether -= cost;
        self.unlocked.insert(unlock.to_string());
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_follow_the_seed_points() {
        assert_eq!(aether_for_wave(1), 0);
        assert_eq!(aether_for_wave(5), 3);
        assert_eq!(aether_for_wave(10), 8);
        assert_eq!(aether_for_wave(20), 20);
        assert_eq!(aether_for_wave(40), 20);
        let mut p = Profile::default();
        // W12 death: 10 + milestones W5 (2) and W10 (3).
        assert_eq!(p.finish_run(12, false, 0).total(), 15);
        // Milestones pay once.
        assert_eq!(p.finish_run(12, false, 0).total(), 10);
        // First clear: 20 + W15 milestone 4 + 30.
        let first = p.finish_run(20, true, 0);
        assert_eq!((first.total(), first.first_clear), (54, true));
        // NG+ clears: 20 + 20, then 20 + 16.
        assert_eq!(p.finish_run(20, true, 1).total(), 40);
        assert_eq!(p.finish_run(20, true, 2).total(), 36);
        // A plain clear after the first pays its wave only.
        assert_eq!(p.finish_run(20, true, 0).total(), 20);
        assert_eq!(p.aether, 15 + 10 + 54 + 40 + 36 + 20);
    }

    /// The first hour pays: W2 and W3 earn, three runs to W3 buy the
    /// cheapest unlock, and going further never earns less.
    #[test]
    fn the_first_waves_pay_and_the_steps_only_rise() {
        assert_eq!((aether_for_wave(2), aether_for_wave(3)), (1, 2));
        assert!(
            3 * aether_for_wave(3) >= 5,
            "three runs to W3 buy Chain Lightning (5)"
        );
        let steps: Vec<u32> = (1..=20).map(aether_for_wave).collect();
        assert_eq!(
            steps,
            [
                0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 18, 19, 20
            ]
        );
    }

    #[test]
    fn endless_score_ranks_wave_then_speed() {
        let r = EndlessRecord {
            wave: 31,
            elapsed_sec: 2000.0,
            build_checksum: "x".into(),
            timestamp: 0,
        };
        assert_eq!(r.score(), 3_100_000 + 84_400);
    }

    #[test]
    fn checksum_is_stable_and_order_sensitive() {
        let a = build_checksum("starter", &["damage_plus", "spark_bolt"]);
        assert_eq!(a, build_checksum("starter", &["damage_plus", "spark_bolt"]));
        assert_ne!(a, build_checksum("starter", &["spark_bolt", "damage_plus"]));
    }

    #[test]
    fn counters_saturate_instead_of_wrapping() {
        let mut p = Profile {
            aether: u32::MAX - 1,
            aether_earned: u32::MAX,
            runs: u32::MAX,
            clears: u32::MAX,
            ..Profile::default()
        };
        let gain = p.finish_run(20, true, 1);
        assert!(gain.total() >= 5);
        assert_eq!(
            (p.aether, p.aether_earned, p.runs, p.clears),
            (u32::MAX, u32::MAX, u32::MAX, u32::MAX)
        );
    }
}
