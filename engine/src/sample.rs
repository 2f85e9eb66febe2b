//! Percentiles of a sample, written once for every report that prints one:
//! the frame overlay, the sim's per-wave step times, the stress tool and the
//! batch tool's spreads. All use the nearest-rank definition, so a "p95" means
//! the same thing in each report.

/// Nearest-rank percentile `q` (in `[0, 1]`) of `sorted` (ascending), or 0
/// for an empty sample: the smallest value with at least `q` of the sample at
/// or below it, always a value of the sample (never an interpolation).
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentile_is_nearest_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&v, 0.95), 95.0);
        assert_eq!(percentile(&v, 0.5), 50.0);
        assert_eq!(percentile(&v, 0.0), 1.0);
        assert_eq!(percentile(&v, 1.0), 100.0);
        assert_eq!(percentile(&[3.0], 0.95), 3.0);
        assert_eq!(percentile(&[], 0.95), 0.0);
    }
}
