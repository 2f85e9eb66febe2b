//! The design's power curve D(L): the damage per second a build should
//! reach at level L (docs/balance.md#the-power-curve). The design names two
//! points, 20 DPS at level 1 and 5,000 at level 20; D is the exponential
//! through them, so every level multiplies the target by the same factor
//! (250^(1/19), about 1.34). The sim reports each build's `build_dps`
//! against it; nothing in the fight reads it.

/// D at level 1, DPS.
pub const DPS_AT_LEVEL_1: f64 = 20.0;
/// D at level 20, DPS.
pub const DPS_AT_LEVEL_20: f64 = 5000.0;

/// D(level): the design's target DPS at `level` (levels past 20 follow the
/// same exponential; level 0 is read as 1).
pub fn target_dps(level: u32) -> f64 {
    let l = f64::from(level.max(1));
    DPS_AT_LEVEL_1 * (DPS_AT_LEVEL_20 / DPS_AT_LEVEL_1).powf((l - 1.0) / 19.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_passes_through_the_designs_two_points() {
        assert!((target_dps(1) - 20.0).abs() < 1e-9);
        assert!((target_dps(20) - 5000.0).abs() < 1e-6);
        assert!((target_dps(0) - 20.0).abs() < 1e-9);
        // Level 10 lies near the geometric middle: 20 × 250^(9/19), about 273.
        assert!((target_dps(10) - 273.3).abs() < 0.5, "{}", target_dps(10));
        assert!(target_dps(11) > target_dps(10));
    }
}
