//! Rarity grades and the depth curve that picks them (docs/game.md#rarity).
//!
//! The rule has two parts. The share of finds that are not common is the seed's
//! formula, `P(not common) = 0.02 + 0.011·d` (at most 0.88). How that share is
//! split between marked, rare and relic is interpolated between anchors taken
//! from the seed's measured table (D1, D28, D55, D100).
//!
//! Discrepancy recorded here, where the rule lives: the seed's table and its
//! formula do not agree exactly. The table's common column reads 96.9 / 67.5 /
//! 38.4 / 12.3 %, the formula gives 96.9 / 67.2 / 37.5 / 12.0 %. The seed calls
//! the formula authoritative (it rewrote the first edition's 0.0075 slope to
//! make the first floor dull), so the formula wins; the differences are under
//! one point, inside the ±1.5 tolerance the tools check. The anchors are the
//! table's marked/rare/relic columns divided by the table's own not-common
//! total, so at the anchor depths every grade lands within 0.3 points of the
//! table, and relic at D1 is 1 in 8000 as the seed says.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::data::DataError;

/// How rare a find is; the grade decides how many affixes it carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rarity {
    /// No affixes.
    Common,
    /// 1–2 affixes.
    Marked,
    /// 3–4 affixes.
    Rare,
    /// 5–6 affixes.
    Relic,
}

impl Rarity {
    /// All grades from the plainest.
    pub const ALL: [Rarity; 4] = [Rarity::Common, Rarity::Marked, Rarity::Rare, Rarity::Relic];

    /// The grade as a player reads it.
    pub fn name(self) -> &'static str {
        match self {
            Rarity::Common => "Common",
            Rarity::Marked => "Marked",
            Rarity::Rare => "Rare",
            Rarity::Relic => "Relic",
        }
    }

    /// The grade's colour (sRGB), the genre's ladder: grey, blue, gold,
    /// orange, each also told apart by brightness for colour-blind players.
    pub fn colour(self) -> [u8; 3] {
        match self {
            Rarity::Common => [190, 190, 190],
            Rarity::Marked => [110, 160, 255],
            Rarity::Rare => [255, 220, 90],
            Rarity::Relic => [255, 140, 40],
        }
    }

    /// The id used in data and JSON.
    pub fn id(self) -> &'static str {
        match self {
            Rarity::Common => "common",
            Rarity::Marked => "marked",
            Rarity::Rare => "rare",
            Rarity::Relic => "relic",
        }
    }
}

/// `P(not common) = base + per_depth · d`, at most `max`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotCommonCurve {
    /// Value at depth 0.
    pub base: f64,
    /// Slope per depth.
    pub per_depth: f64,
    /// Ceiling.
    pub max: f64,
}

/// The split of the not-common share at one depth; the three sum to 1.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SplitAnchor {
    /// Depth of this anchor.
    pub depth: u32,
    /// Share of marked among the not-common finds.
    pub marked: f64,
    /// Share of rare among the not-common finds.
    pub rare: f64,
    /// Share of relic among the not-common finds.
    pub relic: f64,
}

/// Inclusive `[min, max]` affix counts per grade.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AffixCounts {
    /// Common.
    pub common: [u8; 2],
    /// Marked.
    pub marked: [u8; 2],
    /// Rare.
    pub rare: [u8; 2],
    /// Relic.
    pub relic: [u8; 2],
}

/// One row of the seed's measured table, kept in the data so the tools and tests
/// compare against it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeedRow {
    /// Depth.
    pub depth: u32,
    /// Common share.
    pub common: f64,
    /// Marked share.
    pub marked: f64,
    /// Rare share.
    pub rare: f64,
    /// Relic share.
    pub relic: f64,
}

impl SeedRow {
    /// `[common, marked, rare, relic]`.
    pub fn shares(&self) -> [f64; 4] {
        [self.common, self.marked, self.rare, self.relic]
    }
}

/// `data/loot/rarity.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RarityTable {
    /// The seed's formula.
    pub not_common: NotCommonCurve,
    /// Anchors of the split, ascending in depth.
    pub split_anchors: Vec<SplitAnchor>,
    /// Affix counts per grade.
    pub affix_counts: AffixCounts,
    /// Affixes an artifact carries beside its rule ("unique rule + 2").
    pub artifact_affixes: u8,
    /// The seed's measured table (docs/game.md#rarity), the target.
    pub seed_table: Vec<SeedRow>,
    /// Largest allowed gap to the seed's table, as a fraction (0.015 = 1.5 points).
    pub tolerance: f64,
}

impl RarityTable {
    /// `P(not common)` at `depth`.
    pub fn not_common_chance(&self, depth: u32) -> f64 {
        let c = &self.not_common;
        (c.base + c.per_depth * depth as f64).clamp(0.0, c.max)
    }

    /// `[marked, rare, relic]` among the not-common finds at `depth`, interpolated
    /// linearly between anchors and held flat outside them.
    pub fn split(&self, depth: u32) -> [f64; 3] {
        let a = &self.split_anchors;
        let Some(first) = a.first() else {
            return [1.0, 0.0, 0.0];
        };
        let v = |s: &SplitAnchor| [s.marked, s.rare, s.relic];
        if depth <= first.depth {
            return v(first);
        }
        for w in a.windows(2) {
            let (lo, hi) = (&w[0], &w[1]);
            if depth <= hi.depth {
                let t = (depth - lo.depth) as f64 / (hi.depth - lo.depth).max(1) as f64;
                let (x, y) = (v(lo), v(hi));
                return [0, 1, 2].map(|i| x[i] + (y[i] - x[i]) * t);
            }
        }
        v(a.last().unwrap_or(first))
    }

    /// Expected share of each grade at `depth`, `[common, marked, rare, relic]`.
    pub fn shares(&self, depth: u32) -> [f64; 4] {
        let p = self.not_common_chance(depth);
        let s = self.split(depth);
        [1.0 - p, p * s[0], p * s[1], p * s[2]]
    }

    /// Rolls a grade at `depth` with one uniform draw.
    pub fn roll<R: Rng>(&self, depth: u32, rng: &mut R) -> Rarity {
        self.grade_at(depth, rng.random())
    }

    /// The grade a uniform draw `u` ∈ [0, 1) picks at `depth` (what [`RarityTable::roll`] does
    /// with its draw; the drops tool feeds it stratified draws).
    pub fn grade_at(&self, depth: u32, u: f64) -> Rarity {
        let p = self.not_common_chance(depth);
        if u >= p {
            return Rarity::Common;
        }
        let v = u / p;
        let s = self.split(depth);
        if v < s[0] {
            Rarity::Marked
        } else if v < s[0] + s[1] {
            Rarity::Rare
        } else {
            Rarity::Relic
        }
    }

    /// Inclusive affix-count range of `rarity`.
    pub fn affix_range(&self, rarity: Rarity) -> (u8, u8) {
        let c = &self.affix_counts;
        let r = match rarity {
            Rarity::Common => c.common,
            Rarity::Marked => c.marked,
            Rarity::Rare => c.rare,
            Rarity::Relic => c.relic,
        };
        (r[0], r[1])
    }

    /// The most affixes any grade allows (6 in the seed).
    pub fn max_affixes(&self) -> u8 {
        Rarity::ALL
            .iter()
            .map(|&r| self.affix_range(r).1)
            .max()
            .unwrap_or(0)
    }

    /// The plainest grade whose range admits `count` affixes (used after grafting
    /// or excising changes the count).
    pub fn rarity_for_count(&self, count: usize) -> Rarity {
        Rarity::ALL
            .iter()
            .copied()
            .find(|&r| {
                let (lo, hi) = self.affix_range(r);
                (lo as usize..=hi as usize).contains(&count)
            })
            .unwrap_or(Rarity::Relic)
    }

    pub(crate) fn validate(&self, file: &str, errors: &mut Vec<DataError>) {
        let c = &self.not_common;
        if !(0.0..=1.0).contains(&c.base) || !(0.0..=1.0).contains(&c.max) || c.per_depth < 0.0 {
            errors.push(DataError::new(
                file,
                "not_common",
                "base and max must be within 0..=1, slope non-negative",
            ));
        }
        if self.split_anchors.is_empty() {
            errors.push(DataError::new(
                file,
                "split_anchors",
                "at least one anchor is needed",
            ));
        }
        for (i, a) in self.split_anchors.iter().enumerate() {
            let sum = a.marked + a.rare + a.relic;
            if (sum - 1.0).abs() > 0.01 || a.marked < 0.0 || a.rare < 0.0 || a.relic < 0.0 {
                errors.push(DataError::new(
                    file,
                    format!("split_anchors[{i}]"),
                    format!("shares must be non-negative and sum to 1 (sum {sum:.4})"),
                ));
            }
            if i > 0 && a.depth <= self.split_anchors[i - 1].depth {
                errors.push(DataError::new(
                    file,
                    format!("split_anchors[{i}].depth"),
                    "anchors must ascend in depth",
                ));
            }
        }
        for (i, row) in self.seed_table.iter().enumerate() {
            if i > 0 && row.depth <= self.seed_table[i - 1].depth {
                errors.push(DataError::new(
                    file,
                    format!("seed_table[{i}].depth"),
                    format!(
                        "depth {} comes after depth {}: the table's rows must ascend in depth",
                        row.depth,
                        self.seed_table[i - 1].depth
                    ),
                ));
            }
        }
        for (i, r) in Rarity::ALL.into_iter().enumerate() {
            let (lo, hi) = self.affix_range(r);
            if lo > hi {
                errors.push(DataError::new(
                    file,
                    format!("affix_counts.{}", r.id()),
                    "min is above max",
                ));
            }
            // A rarer grade carries more affixes: a graft reads the grade from the count.
            if let Some(&before) = i.checked_sub(1).and_then(|j| Rarity::ALL.get(j))
                && lo <= self.affix_range(before).1
            {
                errors.push(DataError::new(
                    file,
                    format!("affix_counts.{}", r.id()),
                    format!(
                        "{} starts at {lo} affixes, not above {}'s {}: the grades must ascend",
                        r.id(),
                        before.id(),
                        self.affix_range(before).1
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn table() -> RarityTable {
        crate::data::load_json(&crate::data::default_root(), "loot/rarity.json").expect("rarity.json")
    }

    #[test]
    fn formula_at_hand_computed_points() {
        let t = table();
        assert!((t.not_common_chance(1) - 0.031).abs() < 1e-12);
        assert!((t.not_common_chance(28) - 0.328).abs() < 1e-12);
        assert!((t.not_common_chance(55) - 0.625).abs() < 1e-12);
        assert!((t.not_common_chance(100) - 0.88).abs() < 1e-12);
        // Relic at D1: about 1 in 8000.
        let relic = t.shares(1)[3];
        assert!((1.0 / relic - 8000.0).abs() < 100.0, "1 in {}", 1.0 / relic);
    }

    #[test]
    fn shares_sum_to_one_at_every_depth() {
        let t = table();
        for d in 1..=100 {
            let s: f64 = t.shares(d).iter().sum();
            assert!((s - 1.0).abs() < 1e-9, "D{d}: {s}");
        }
    }

    #[test]
    fn roll_follows_shares() {
        let t = table();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut n = [0u32; 4];
        for _ in 0..20_000 {
            n[t.roll(55, &mut rng) as usize] += 1;
        }
        let want = t.shares(55);
        for i in 0..4 {
            assert!(
                (n[i] as f64 / 20_000.0 - want[i]).abs() < 0.015,
                "{i}: {n:?} vs {want:?}"
            );
        }
        assert_eq!(t.rarity_for_count(0), Rarity::Common);
        assert_eq!(t.rarity_for_count(4), Rarity::Rare);
        assert_eq!(t.rarity_for_count(6), Rarity::Relic);
    }
}
