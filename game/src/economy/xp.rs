//! Experience and levels: the curve of docs/game.md#xp-and-levels and a player's progress on it.
//!
//! # The curve, and why the seed's table is not used
//!
//! The seed calls `XP_required(L) = floor(10 × 1.4^(L−1))` authoritative
//! and prints a table beside it (54 to leave level 5, 289 for 10, 1551 for 15,
//! 8322 for 20, and 39,343 in all to reach 21). That table matches no reading of
//! the formula. Where the design's formula and table disagree, the formula wins (docs/game.md#xp-and-levels), so
//! the curve here is the formula: 10, 38, 206, 1111 and 5976 XP to leave levels
//! 1, 5, 10, 15 and 20, and 20,882 XP in all to reach level 21.
//!
//! The values are computed exactly, without floating point: 10 × 1.4^k equals
//! 14^k / 10^(k−1), so 14^k is built in decimal digits and its last k−1 digits
//! are dropped. A float power would land a hair under an integer on some levels
//! and floor one lower.

use serde::Deserialize;

/// The curve's parameters as `data/economy.json` writes them.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct XpCurveDef {
    /// How many levels to precompute (the seed: 50).
    pub levels: u32,
}

/// XP needed to leave each level, precomputed once (the seed's `ProfileManager` cache).
#[derive(Debug, Clone, PartialEq)]
pub struct XpCurve {
    to_next: Vec<u64>,
}

impl XpCurve {
    /// The seed's curve for `levels` levels (1..=levels).
    pub fn new(levels: u32) -> Self {
        let to_next = (0..levels.max(1)).map(xp_formula).collect();
        Self { to_next }
    }

    /// XP needed to go from `level` to `level + 1`; levels past the table continue the formula.
    pub fn to_next(&self, level: u32) -> u64 {
        let l = level.max(1);
        match self.to_next.get((l - 1) as usize) {
            Some(v) => *v,
            None => xp_formula(l - 1),
        }
    }

    /// Total XP from level 1 to reach `level`.
    pub fn total_to_reach(&self, level: u32) -> u64 {
        (1..level.max(1)).map(|l| self.to_next(l)).sum()
    }

    /// Number of precomputed levels.
    pub fn len(&self) -> usize {
        self.to_next.len()
    }

    /// Always false: at least one level is precomputed.
    pub fn is_empty(&self) -> bool {
        self.to_next.is_empty()
    }
}

/// floor(10 × 1.4^k), exactly: floor(14^k / 10^(k−1)) with 14^k in decimal digits.
fn xp_formula(k: u32) -> u64 {
    if k == 0 {
        return 10;
    }
    // Little-endian decimal digits of 14^k.
    let mut digits: Vec<u32> = vec![1];
    for _ in 0..k {
        let mut carry = 0;
        for d in digits.iter_mut() {
            let v = *d * 14 + carry;
            *d = v % 10;
            carry = v / 10;
        }
        while carry > 0 {
            digits.push(carry % 10);
            carry /= 10;
        }
    }
    let drop = (k - 1) as usize;
    digits.iter().skip(drop).rev().fold(0u64, |acc, d| {
        acc.saturating_mul(10).saturating_add(u64::from(*d))
    })
}

/// A player's level and XP within it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// Current level, from 1.
    pub level: u32,
    /// XP gathered toward the next level.
    pub xp: u64,
    /// XP gathered in the whole run.
    pub total_xp: u64,
    /// Level-ups earned and not yet chosen (chosen in the shop phase or at once).
    pub pending_levelups: u32,
    /// Thousandths of an XP earned by kills worth a fraction of one (a dense
    /// wave's fodder, docs/balance.md#density), carried to the next kill.
    pub carried_milli: u64,
}

impl Default for Progress {
    fn default() -> Self {
        Self {
            level: 1,
            xp: 0,
            total_xp: 0,
            pending_levelups: 0,
            carried_milli: 0,
        }
    }
}

impl Progress {
    /// Adds a kill's XP, which may be a fraction: the part below a whole XP
    /// is carried to the next gain, so a thousand kills worth 0.3 XP each
    /// pay 300 XP. Returns the whole XP added and the levels gained.
    pub fn gain_share(&mut self, curve: &XpCurve, xp: f64) -> (u64, u32) {
        let milli = (xp.max(0.0) * 1000.0).round() as u64 + self.carried_milli;
        self.carried_milli = milli % 1000;
        let whole = milli / 1000;
        (whole, self.gain(curve, whole))
    }

    /// Adds XP and returns how many levels were gained (each one a pending level-up choice).
    pub fn gain(&mut self, curve: &XpCurve, xp: u64) -> u32 {
        self.xp += xp;
        self.total_xp += xp;
        let mut gained = 0;
        loop {
            let need = curve.to_next(self.level);
            if self.xp < need {
                break;
            }
            self.xp -= need;
            self.level += 1;
            gained += 1;
        }
        self.pending_levelups += gained;
        gained
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_values_not_the_seed_table() {
        let c = XpCurve::new(50);
        assert_eq!(c.len(), 50);
        assert_eq!(c.to_next(1), 10);
        assert_eq!(c.to_next(2), 14);
        assert_eq!(c.to_next(3), 19);
        assert_eq!(c.to_next(5), 38);
        assert_eq!(c.to_next(10), 206);
        assert_eq!(c.to_next(15), 1111);
        assert_eq!(c.to_next(20), 5976);
        assert_eq!(c.total_to_reach(21), 20_882);
        assert_eq!(c.total_to_reach(1), 0);
    }

    #[test]
    fn exact_digits_agree_with_floats_where_floats_are_safe() {
        for k in 0..50u32 {
            let f = 10.0 * 1.4f64.powi(k as i32);
            let exact = xp_formula(k) as f64;
            assert!(
                f - exact >= -1e-6 && f - exact < 1.0 + 1e-6,
                "k={k} f={f} exact={exact}"
            );
        }
        // Past the table the formula continues.
        let c = XpCurve::new(3);
        assert_eq!(c.to_next(5), 38);
    }

    #[test]
    fn fractional_xp_is_carried() {
        let c = XpCurve::new(50);
        let mut p = Progress::default();
        let mut whole = 0;
        for _ in 0..10 {
            whole += p.gain_share(&c, 0.35).0;
        }
        assert_eq!((whole, p.total_xp, p.carried_milli), (3, 3, 500));
        assert_eq!(p.gain_share(&c, 7.5), (8, 1));
        assert_eq!(p.level, 2);
    }

    #[test]
    fn progress_carries_overflow_and_counts_levels() {
        let c = XpCurve::new(50);
        let mut p = Progress::default();
        assert_eq!(p.gain(&c, 9), 0);
        assert_eq!(p.gain(&c, 1 + 14 + 5), 2); // 10 → L2, 14 → L3, 5 left
        assert_eq!(p.level, 3);
        assert_eq!(p.xp, 5);
        assert_eq!(p.total_xp, 29);
        assert_eq!(p.pending_levelups, 2);
    }
}
