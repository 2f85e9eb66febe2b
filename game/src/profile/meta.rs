//! Meta-progression (game-design §7–§8): aether fragments, the unlock tree,
//! the codex and endless records. Unlocks widen the shop's pool; they never
//! raise starting stats (§7.4: no pay-to-win feel).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

/// Endless records kept (game-design §8.2: the most recent 20).
pub const ENDLESS_RECORDS_KEPT: usize = 20;

/// Everything that persists between runs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Profile {
    /// Aether fragments in hand.
    pub aether: u32,
    /// Ids bought in the unlock tree (spells and cores added to the shop pool, modes).
    pub unlocked: BTreeSet<String>,
    /// Spells seen (picked up or bought): their codex entries are open.
    pub codex_spells: BTreeSet<String>,
    /// Resonance recipes triggered at least once: no longer hidden.
    pub codex_recipes: BTreeSet<String>,
    /// Elemental reactions triggered at least once (their alchemy-log text is open).
    pub codex_reactions: BTreeSet<String>,
    /// Highest wave reached in any run.
    pub best_wave: u32,
    /// Milestone waves (5, 10, 15) already rewarded.
    pub milestones: BTreeSet<u32>,
    /// Runs finished, won or lost.
    pub runs: u32,
    /// Times the W20 boss was beaten; 1 unlocks NG+.
    pub clears: u32,
    /// Endless runs, newest last, at most [`ENDLESS_RECORDS_KEPT`].
    pub endless_records: Vec<EndlessRecord>,
}

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
    /// `wave × 100000 + (86400 − elapsed)` (game-design §8.2).
    pub fn score(&self) -> i64 {
        i64::from(self.wave) * 100_000 + (86_400.0 - self.elapsed_sec).round() as i64
    }
}

/// Fragments for ending a run at `wave` (game-design §7.1: W1 0, W5 3, W10 8,
/// W20 20). The seed gives only these points; between them the reward stays on
/// the last step reached, so it never drops for going further.
pub fn aether_for_wave(wave: u32) -> u32 {
    match wave {
        0..=4 => 0,
        5..=9 => 3,
        10..=19 => 8,
        _ => 20,
    }
}

/// Extra fragments for reaching a milestone wave the first time (§8.3: W5 ×2, W10 ×3, W15 ×4).
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
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in core
        .bytes()
        .chain(deck.iter().flat_map(|c| std::iter::once(b',').chain(c.bytes())))
    {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl Profile {
    /// Books a finished run: fragments by wave and first-time milestones,
    /// first clear bonus (30) and NG+ clears (20, −20 % each time, at least 5).
    /// Returns the fragments gained.
    pub fn finish_run(&mut self, wave_reached: u32, won: bool) -> u32 {
        let mut gained = aether_for_wave(wave_reached);
        for m in [5, 10, 15] {
            if wave_reached >= m && self.milestones.insert(m) {
                gained += milestone_aether(m).unwrap_or(0);
            }
        }
        if won {
            gained += if self.clears == 0 {
                30
            } else {
                let mut r = 20.0f32;
                for _ in 1..self.clears {
                    r *= 0.8;
                }
                r.max(5.0).round() as u32
            };
            self.clears += 1;
        }
        self.best_wave = self.best_wave.max(wave_reached);
        self.runs += 1;
        self.aether += gained;
        gained
    }

    /// Adds an endless record, dropping the oldest past [`ENDLESS_RECORDS_KEPT`].
    pub fn add_endless_record(&mut self, record: EndlessRecord) {
        self.endless_records.push(record);
        let excess = self.endless_records.len().saturating_sub(ENDLESS_RECORDS_KEPT);
        self.endless_records.drain(..excess);
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
        let mut p = Profile::default();
        // W12 death: 8 + milestones W5 (2) and W10 (3).
        assert_eq!(p.finish_run(12, false), 13);
        // Milestones pay once.
        assert_eq!(p.finish_run(12, false), 8);
        // First clear: 20 + W15 milestone 4 + 30.
        assert_eq!(p.finish_run(20, true), 54);
        assert_eq!(p.finish_run(20, true), 40);
        assert_eq!(p.finish_run(20, true), 36);
    }

    #[test]
    fn endless_score_and_retention() {
        let r = EndlessRecord {
            wave: 31,
            elapsed_sec: 2000.0,
            build_checksum: "x".into(),
            timestamp: 0,
        };
        assert_eq!(r.score(), 3_100_000 + 84_400);
        let mut p = Profile::default();
        for w in 0..25 {
            p.add_endless_record(EndlessRecord { wave: w, ..r.clone() });
        }
        assert_eq!(p.endless_records.len(), 20);
        assert_eq!(p.endless_records[0].wave, 5);
    }

    #[test]
    fn checksum_is_stable_and_order_sensitive() {
        let a = build_checksum("starter", &["damage_plus", "spark_bolt"]);
        assert_eq!(a, build_checksum("starter", &["damage_plus", "spark_bolt"]));
        assert_ne!(a, build_checksum("starter", &["spark_bolt", "damage_plus"]));
    }
}
