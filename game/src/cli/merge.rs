//! `artificer sim --seeds A..B --shard K/N` and `artificer sim merge
//! FILES…` (docs/share.md#batches-larger-than-one-machine): a batch split
//! over machines by a job runner, then its JSON lines merged into the
//! aggregate one machine would print, bit for bit except the timings
//! (`wall_ms`, `wall_s`, `threads`, `steps_per_s_per_core`).

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::Value;

use super::batch::{BatchRun, aggregate};
use crate::run::Outcome;

/// A share of a batch: the K-th of N (1-based). Seed number i of the batch
/// (0-based, in the batch's order) belongs to shard `i mod N + 1`, so every
/// shard gets a spread of the seeds and shards differ by at most one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, 1..=`of`.
    pub k: usize,
    /// Shards in all.
    pub of: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("`{s}` is not a shard K/N with 1 ≤ K ≤ N (e.g. 3/8)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, of) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if k == 0 || k > of {
            return Err(bad());
        }
        Ok(Shard { k, of })
    }
}

impl Shard {
    /// This shard's seeds of `seeds`.
    pub fn take(self, seeds: &[u64]) -> Vec<u64> {
        seeds
            .iter()
            .enumerate()
            .filter(|(i, _)| i % self.of == self.k - 1)
            .map(|(_, &s)| s)
            .collect()
    }
}

/// Reads one shard's run line back (the batch's own JSON, field by field).
fn run_of(v: &Value) -> Result<BatchRun, String> {
    let num = |k: &str| {
        v[k].as_u64()
            .ok_or_else(|| format!("`{k}` is not a whole number"))
    };
    let text = |k: &str| v[k].as_str().map(String::from);
    let outcome = match v["outcome"].as_str() {
        None => None,
        Some("died") => Some(Outcome::Died),
        Some("won") => Some(Outcome::Won),
        Some("survived") => Some(Outcome::Survived),
        Some(o) => return Err(format!("unknown outcome `{o}`")),
    };
    Ok(BatchRun {
        seed: num("seed")?,
        outcome,
        win: v["win"].as_bool().ok_or("`win` is not true or false")?,
        wave_reached: u32::try_from(num("wave_reached")?).map_err(|e| e.to_string())?,
        cleared: v["cleared"].as_bool().ok_or("`cleared` is not true or false")?,
        death_cause: text("death_cause"),
        dps: v["dps"]
            .as_array()
            .ok_or("`dps` is not a list")?
            .iter()
            .map(|x| x.as_f64().ok_or("a `dps` entry is not a number"))
            .collect::<Result<_, _>>()?,
        waves: serde_json::from_value(v["waves"].clone()).map_err(|e| format!("`waves`: {e}"))?,
        steps: num("steps")?,
        wall_ms: v["wall_ms"].as_f64().unwrap_or(0.0),
        state_hash: text("state_hash").ok_or("no `state_hash`")?,
        error: text("error"),
        build_code: text("build_code").unwrap_or_default(),
        damage: serde_json::from_value(v["damage"].clone()).unwrap_or_default(),
        damage_by_source: serde_json::from_value(v["damage_by_source"].clone()).unwrap_or_default(),
        archetype: serde_json::from_value(v["archetype"].clone()).unwrap_or(None),
        signature: v["signature"].as_f64(),
    })
}

/// The runs and (threads, slowest wall s) of the shards' files, runs in
/// seed order; a seed found twice, or a line that is not a batch line, is
/// refused naming the file and line.
pub fn read_shards(files: &[PathBuf]) -> Result<(Vec<BatchRun>, usize, f64), String> {
    let mut runs: Vec<BatchRun> = Vec::new();
    let (mut threads, mut wall_s) = (0usize, 0f64);
    for file in files {
        let at = |n: usize, e: &dyn std::fmt::Display| format!("{}:{n}: {e}", file.display());
        let text = crate::data::read_bounded(file, 1 << 30).map_err(|e| at(0, &e))?;
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let v: Value = serde_json::from_str(line).map_err(|e| at(i + 1, &e))?;
            if v["kind"] == "aggregate" {
                threads += v["threads"].as_u64().unwrap_or(0) as usize;
                wall_s = wall_s.max(v["wall_s"].as_f64().unwrap_or(0.0));
                continue;
            }
            runs.push(run_of(&v).map_err(|e| at(i + 1, &e))?);
        }
    }
    runs.sort_by_key(|r| r.seed);
    if let Some(w) = runs.windows(2).find(|w| w[0].seed == w[1].seed) {
        return Err(format!("seed {} is in more than one shard's lines", w[0].seed));
    }
    Ok((runs, threads, wall_s))
}

/// Runs `artificer sim merge FILES…`: prints the runs in seed order, then
/// the aggregate, as `sim --seeds --json` prints them.
pub fn run(files: &[PathBuf]) -> ExitCode {
    match read_shards(files) {
        Ok((runs, threads, wall_s)) => {
            for r in &runs {
                outln!("{}", serde_json::to_string(r).expect("a run serialises"));
            }
            let agg = aggregate(&runs, threads, wall_s);
            outln!(
                "{}",
                serde_json::to_string(&agg).expect("the aggregate serialises")
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("artificer sim merge: {e}");
            ExitCode::FAILURE
        }
    }
}
