//! A trial's score: how far the aggregate of `sim --seeds` lies outside the
//! tune file's bands (docs/balance.md#tuning). Inside a band costs nothing,
//! so the search stops pushing a figure once it is where the design wants
//! it and spends its trials on the ones that are not.

use serde::Serialize;
use serde_json::Value;

use super::spec::{Scale, Target};

/// The cost of a figure that could not be read (a wave no run reached, a
/// boss no winner fought): as if it were e^2 ≈ 7× outside its band, so a
/// trial that loses every run never looks good.
const MISSING: f64 = 4.0;

/// One target read at one wave.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reading {
    /// The target's name.
    pub target: String,
    /// The wave, for a per-wave metric.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wave: Option<u32>,
    /// The figure (none: not read; see [`MISSING`]).
    pub value: Option<f64>,
    /// Its cost, weight included; 0 inside the band.
    pub cost: f64,
}

/// Every reading of `targets` on `agg`, and their summed cost.
pub fn score(agg: &Value, targets: &[Target]) -> (f64, Vec<Reading>) {
    let mut out = Vec::new();
    for t in targets {
        if let Some(rest) = t.metric.strip_prefix("per_wave.") {
            for &w in &t.waves {
                let row = &agg["per_wave"][w.saturating_sub(1) as usize];
                out.push(read(t, Some(w), figure(row, rest)));
            }
        } else {
            out.push(read(t, None, figure(agg, &t.metric)));
        }
    }
    let total = out.iter().map(|r| r.cost).sum();
    (total, out)
}

/// The number at a dotted path; a spread with no samples (`n` 0) is no
/// number.
fn figure(v: &Value, path: &str) -> Option<f64> {
    let mut at = v;
    let mut parent = v;
    for part in path.split('.') {
        parent = at;
        at = at.get(part)?;
    }
    if parent.get("n").and_then(Value::as_u64) == Some(0) {
        return None;
    }
    at.as_f64()
}

fn read(t: &Target, wave: Option<u32>, value: Option<f64>) -> Reading {
    let cost = match value {
        None => MISSING,
        Some(v) => miss(t, v).unwrap_or(MISSING),
    } * t.weight;
    Reading {
        target: t.name.clone(),
        wave,
        value,
        cost,
    }
}

/// How far `v` lies outside `t`'s band (none: not measurable on a log
/// scale).
fn miss(t: &Target, v: f64) -> Option<f64> {
    let below = t.min.filter(|&lo| v < lo);
    let above = t.max.filter(|&hi| v > hi);
    let Some(bound) = below.or(above) else {
        return Some(0.0);
    };
    match t.scale {
        Scale::Log => (v > 0.0 && bound > 0.0).then(|| (v / bound).ln().powi(2)),
        Scale::Linear => {
            let width = match (t.min, t.max) {
                (Some(lo), Some(hi)) if hi > lo => hi - lo,
                _ => bound.abs().max(1e-9),
            };
            Some(((v - bound) / width).powi(2))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(metric: &str, min: Option<f64>, max: Option<f64>, scale: Scale) -> Target {
        Target {
            name: metric.into(),
            metric: metric.into(),
            waves: vec![2],
            min,
            max,
            scale,
            weight: 1.0,
        }
    }

    #[test]
    fn inside_the_band_is_free_and_outside_grows_with_the_ratio() {
        let agg: Value = serde_json::from_str(
            r#"{"win_rate": 0.9, "per_wave": [{}, {"x": {"n": 8, "p50": 6.0}}, {"x": {"n": 0, "p50": 0}}]}"#,
        )
        .unwrap();
        let t = target("per_wave.x.p50", Some(0.5), Some(3.0), Scale::Log);
        let (cost, r) = score(&agg, std::slice::from_ref(&t));
        assert!((cost - 2f64.ln().powi(2)).abs() < 1e-9, "6 is 2× over 3: {r:?}");
        let w = target("win_rate", Some(0.5), Some(0.75), Scale::Linear);
        let (cost, _) = score(&agg, &[w]);
        assert!((cost - (0.15f64 / 0.25).powi(2)).abs() < 1e-9);
        let none = Target { waves: vec![3], ..t };
        let (cost, r) = score(&agg, &[none]);
        assert_eq!(
            (cost, r[0].value),
            (MISSING, None),
            "an empty spread is not a zero"
        );
    }
}
