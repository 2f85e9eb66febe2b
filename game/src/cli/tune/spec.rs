//! The tune file (docs/balance.md#tuning): which numbers of `data/` a search
//! may scale, within what bounds, and which figures of `sim --seeds`'
//! aggregate it is scored on. It is a plain JSON file a balancer or a
//! modder writes; every problem names the file, the entry and what is wrong.

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// A whole tune file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// What each trial plays.
    #[serde(default)]
    pub run: RunSpec,
    /// The multipliers searched over.
    pub knobs: Vec<Knob>,
    /// What a trial is scored against.
    pub targets: Vec<Target>,
}

/// The batch each trial plays: a `sim --seeds` command line's parts.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunSpec {
    /// `--seeds`.
    #[serde(default = "default_seeds")]
    pub seeds: String,
    /// `--waves`.
    #[serde(default = "default_waves")]
    pub waves: u32,
    /// Further `sim` flags, passed as they are (`["--policy", "competent"]`).
    #[serde(default = "default_args")]
    pub args: Vec<String>,
}

impl Default for RunSpec {
    fn default() -> Self {
        RunSpec {
            seeds: default_seeds(),
            waves: default_waves(),
            args: default_args(),
        }
    }
}

fn default_seeds() -> String {
    "1..8".into()
}

fn default_waves() -> u32 {
    20
}

fn default_args() -> Vec<String> {
    vec!["--policy".into(), "competent".into()]
}

/// One multiplier: every number it names is multiplied by the same factor.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Knob {
    /// Its name in the output.
    pub name: String,
    /// Why it is a knob (for the reader of the file; not used).
    #[serde(default)]
    pub why: String,
    /// The numbers it scales.
    pub scale: Vec<Site>,
    /// Smallest factor the search may try.
    pub min: f64,
    /// Largest factor.
    pub max: f64,
}

/// Numbers in files: `files` is a path under the data folder, with `*` in
/// its last part and `{09..20}` ranges (zero-padded as written); `path`
/// walks the JSON: keys, `*` (every element or value), `[key=value]` (the
/// elements of a list whose `key` is `value`), joined by `.`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Site {
    /// Which files.
    pub files: String,
    /// Which numbers in each.
    pub path: String,
}

/// One figure of the aggregate and the band it should lie in.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Target {
    /// Its name in the output.
    pub name: String,
    /// A dotted path into the aggregate line (`win_rate`,
    /// `per_wave.build_dps_vs_curve.p50`); a path starting `per_wave.` is
    /// read at each of `waves`.
    pub metric: String,
    /// The waves a `per_wave.` metric is read at.
    #[serde(default)]
    pub waves: Vec<u32>,
    /// Lowest value inside the band (none: no floor).
    pub min: Option<f64>,
    /// Highest (none: no ceiling).
    pub max: Option<f64>,
    /// How far outside counts: `log` (ratios: 2× over is as bad as 2×
    /// under) or `linear` (shares: distance over the band's width).
    #[serde(default)]
    pub scale: Scale,
    /// How much a miss of this target weighs against the others.
    #[serde(default = "one")]
    pub weight: f64,
}

fn one() -> f64 {
    1.0
}

/// How a miss is measured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scale {
    /// ln(value / bound), squared.
    #[default]
    Log,
    /// (value − bound) / width, squared.
    Linear,
}

/// Reads and checks a tune file.
pub fn load(path: &Path) -> Result<Spec, String> {
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let text = crate::data::read_bounded(path, 1 << 20).map_err(|e| at(&e))?;
    let spec: Spec = serde_json::from_str(&text).map_err(|e| at(&e))?;
    check(&spec).map_err(|e| at(&e))?;
    Ok(spec)
}

fn check(spec: &Spec) -> Result<(), String> {
    if spec.knobs.is_empty() {
        return Err("knobs: the file names no knob to search".into());
    }
    for (i, k) in spec.knobs.iter().enumerate() {
        let ok = k.min > 0.0 && k.min <= 1.0 && k.max >= 1.0 && k.max.is_finite();
        if !ok {
            return Err(format!(
                "knobs[{i}] ({}): min {} and max {} must hold 1 (0 < min ≤ 1 ≤ max)",
                k.name, k.min, k.max
            ));
        }
        if k.scale.is_empty() {
            return Err(format!("knobs[{i}] ({}): `scale` names no number", k.name));
        }
    }
    if spec.targets.is_empty() {
        return Err("targets: the file names nothing to score against".into());
    }
    for (i, t) in spec.targets.iter().enumerate() {
        if t.min.is_none() && t.max.is_none() {
            return Err(format!("targets[{i}] ({}): give `min`, `max` or both", t.name));
        }
        if let (Some(lo), Some(hi)) = (t.min, t.max)
            && lo > hi
        {
            return Err(format!("targets[{i}] ({}): min {lo} is above max {hi}", t.name));
        }
        if t.scale == Scale::Log && t.min.is_some_and(|v| v <= 0.0) {
            return Err(format!(
                "targets[{i}] ({}): a `log` band needs a min above 0 (or `\"scale\": \"linear\"`)",
                t.name
            ));
        }
        if t.metric.starts_with("per_wave.") && t.waves.is_empty() {
            return Err(format!(
                "targets[{i}] ({}): a per-wave metric needs `waves`",
                t.name
            ));
        }
    }
    Ok(())
}

/// The files under `root` that `pattern` names, sorted; none is an error.
pub fn expand(root: &Path, pattern: &str) -> Result<Vec<PathBuf>, String> {
    let mut found = Vec::new();
    for name in ranges(pattern)? {
        let rel = Path::new(&name);
        let file = rel.file_name().and_then(|f| f.to_str()).unwrap_or("");
        if !file.contains('*') {
            if root.join(rel).is_file() {
                found.push(rel.to_path_buf());
            }
            continue;
        }
        let dir = rel.parent().unwrap_or(Path::new(""));
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            let n = e.file_name().to_string_lossy().into_owned();
            if glob(file, &n) && e.path().is_file() {
                found.push(dir.join(n));
            }
        }
    }
    found.sort();
    found.dedup();
    if found.is_empty() {
        return Err(format!("`{pattern}` names no file under {}", root.display()));
    }
    Ok(found)
}

/// `wave_{09..11}.json` → `wave_09.json`, `wave_10.json`, `wave_11.json`.
fn ranges(pattern: &str) -> Result<Vec<String>, String> {
    let Some(open) = pattern.find('{') else {
        return Ok(vec![pattern.to_owned()]);
    };
    let bad = || format!("`{pattern}`: a range is written {{A..B}}, both whole numbers, A ≤ B");
    let close = pattern[open..].find('}').ok_or_else(bad)? + open;
    let (a, b) = pattern[open + 1..close].split_once("..").ok_or_else(bad)?;
    let (lo, hi): (u32, u32) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if lo > hi || hi - lo > 1000 {
        return Err(bad());
    }
    let width = a.len();
    let tail = ranges(&pattern[close + 1..])?;
    let mut out = Vec::new();
    for n in lo..=hi {
        for t in &tail {
            out.push(format!("{}{n:0width$}{t}", &pattern[..open]));
        }
    }
    Ok(out)
}

/// Whether `name` matches `pat`, where `*` stands for any run of characters.
fn glob(pat: &str, name: &str) -> bool {
    match pat.split_once('*') {
        None => pat == name,
        Some((head, rest)) => {
            let Some(after) = name.strip_prefix(head) else {
                return false;
            };
            (0..=after.len())
                .filter(|&i| after.is_char_boundary(i))
                .any(|i| glob(rest, &after[i..]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_keep_their_padding() {
        assert_eq!(
            ranges("waves/wave_{09..11}.json").unwrap(),
            ["waves/wave_09.json", "waves/wave_10.json", "waves/wave_11.json"]
        );
        assert!(ranges("w{3..1}").is_err());
        assert!(ranges("w{a..b}").is_err());
    }

    #[test]
    fn stars_match_any_run() {
        assert!(glob("*.json", "armor_lord_w15.json"));
        assert!(glob("armor_*_w*.json", "armor_lord_w15.json"));
        assert!(!glob("*.json", "notes.txt"));
    }

    #[test]
    fn a_band_that_holds_nothing_is_refused() {
        let spec: Spec = serde_json::from_str(
            r#"{"knobs":[{"name":"k","scale":[{"files":"a.json","path":"x"}],"min":0.5,"max":2}],
                "targets":[{"name":"t","metric":"win_rate","min":0.8,"max":0.2}]}"#,
        )
        .unwrap();
        assert!(check(&spec).unwrap_err().contains("min 0.8 is above max 0.2"));
    }
}
