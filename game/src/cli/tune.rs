//! `artificer tune FILE`: a search over a handful of multipliers of `data/`
//! for the values whose batch sims land nearest the balance targets
//! (docs/balance.md#tuning).
//!
//! Decisions:
//! - A trial is a real `sim --seeds` batch on a copy of the data folder with
//!   the knobs' numbers scaled, split into `--shards` processes of
//!   `sim --shard K/N` and joined as `sim merge` joins them. The game's
//!   rules are never re-implemented here, and the shards are the same
//!   command lines a job runner would spread over machines.
//! - The search is coordinate descent on the factors: each knob in turn is
//!   pushed up (then down) by the step while the score falls; each round
//!   takes the step's square root. It needs no gradient, and every trial it
//!   keeps is a real measurement a balancer can read back.
//! - A trial's folder (its data, each shard's JSON lines, the aggregate)
//!   is kept under `--out`, so any trial can be rerun or inspected.

mod patch;
mod score;
mod spec;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use serde::Serialize;

use self::score::Reading;
use self::spec::Spec;

/// Options of `artificer tune`.
#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// The tune file: knobs, targets and the batch a trial plays
    /// (docs/balance.md#tuning; `scripts/tune/late_waves.json` is one).
    pub file: PathBuf,
    /// Seeds of each trial instead of the file's (`1..8`, `3,5,9`).
    #[arg(long, value_name = "A..B")]
    pub seeds: Option<String>,
    /// Rounds of the search: each pushes every knob in turn.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub rounds: u32,
    /// The first round's step (a factor above 1); each next round takes
    /// its square root.
    #[arg(long, default_value_t = 1.5)]
    pub step: f64,
    /// Processes each trial is split over (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub shards: Option<u32>,
    /// Stop after this many trials, the first (every factor 1) included.
    #[arg(long = "max-trials", default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub max_trials: u32,
    /// Start from these factors instead of every knob at 1
    /// (`turret_time=0.5,late_hp=2`): resumes a search, and with
    /// `--max-trials 1` measures (and `--write`s) one setting.
    #[arg(long, value_name = "NAME=F,…")]
    pub start: Option<String>,
    /// Where the trials' folders go (default: a new folder in the system's
    /// temporary folder).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Write the best trial's data here (the data folder itself to adopt
    /// it; `git diff` then shows what moved).
    #[arg(long, value_name = "DIR")]
    pub write: Option<PathBuf>,
    /// One JSON line per trial, then one for the best.
    #[arg(long)]
    pub json: bool,
}

/// One measured trial.
#[derive(Debug, Clone, Serialize)]
struct Trial {
    kind: &'static str,
    trial: usize,
    factors: Vec<(String, f64)>,
    score: f64,
    wins: u64,
    runs: u64,
    /// Readings outside their band (the best line lists all).
    readings: Vec<Reading>,
    wall_s: f64,
}

/// The search's state: the file, where it reads and writes, every trial.
struct Search {
    spec: Spec,
    root: PathBuf,
    out: PathBuf,
    exe: PathBuf,
    seeds: String,
    shards: usize,
    json: bool,
    max_trials: usize,
    trials: Vec<(Vec<f64>, f64)>,
}

/// Runs `artificer tune`.
pub fn run(args: &TuneArgs) -> ExitCode {
    match search(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("artificer tune: {e}");
            ExitCode::FAILURE
        }
    }
}

fn search(args: &TuneArgs) -> Result<(), String> {
    let spec = spec::load(&args.file)?;
    if !(args.step > 1.0 && args.step.is_finite()) {
        return Err(format!(
            "--step {}: give a factor above 1 (1.5 tries ×1.5 and ÷1.5)",
            args.step
        ));
    }
    let seeds_spec = args.seeds.clone().unwrap_or_else(|| spec.run.seeds.clone());
    let n_seeds = super::batch::parse_seeds(&seeds_spec)
        .map_err(|e| e.to_string())?
        .len();
    let shards = args
        .shards
        .map_or_else(rayon::current_num_threads, |n| n as usize)
        .clamp(1, n_seeds);
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join(format!("artificer-tune-{}", std::process::id())));
    let root = crate::data::default_root();
    // A knob that names nothing is refused before the first trial runs (and
    // before any folder is made).
    patch::plan(&root, &spec, &vec![1.0; spec.knobs.len()])?;
    std::fs::create_dir_all(&out).map_err(|e| format!("--out {}: {e}", out.display()))?;
    let mut s = Search {
        root,
        out,
        exe: std::env::current_exe().map_err(|e| format!("this program's path: {e}"))?,
        seeds: seeds_spec,
        shards,
        json: args.json,
        max_trials: args.max_trials as usize,
        trials: Vec::new(),
        spec,
    };
    if !s.json {
        outln!(
            "trials in {}; each: seeds {} over {} shard(s)",
            s.out.display(),
            s.seeds,
            s.shards
        );
        for k in &s.spec.knobs {
            outln!("knob {} (×{} to ×{}): {}", k.name, k.min, k.max, k.why);
        }
    }
    let start = start_factors(&s.spec, args.start.as_deref())?;
    let best = s.descend(start, args.rounds, args.step)?;
    s.finish(&best, args.write.as_deref())
}

impl Search {
    /// Coordinate descent from `best`; returns the best factors.
    fn descend(&mut self, mut best: Vec<f64>, rounds: u32, step: f64) -> Result<Vec<f64>, String> {
        let mut best_score = self.trial(&best)?;
        let mut step = step;
        for _ in 0..rounds {
            for k in 0..best.len() {
                for dir in [step, 1.0 / step] {
                    let mut moved = false;
                    loop {
                        let knob = &self.spec.knobs[k];
                        let mut cand = best.clone();
                        cand[k] = (best[k] * dir).clamp(knob.min, knob.max);
                        if cand[k] == best[k] || self.seen(&cand) || self.trials.len() >= self.max_trials {
                            break;
                        }
                        let s = self.trial(&cand)?;
                        if s < best_score - 1e-9 {
                            (best, best_score, moved) = (cand, s, true);
                        } else {
                            break;
                        }
                    }
                    if moved {
                        break;
                    }
                }
            }
            step = step.sqrt();
        }
        Ok(best)
    }

    fn seen(&self, f: &[f64]) -> bool {
        self.trials
            .iter()
            .any(|(t, _)| t.iter().zip(f).all(|(a, b)| (a - b).abs() < 1e-9))
    }

    /// Plays one trial and prints its line; returns its score.
    fn trial(&mut self, factors: &[f64]) -> Result<f64, String> {
        let n = self.trials.len();
        let start = Instant::now();
        let agg = self.measure(&self.out.join(format!("trial-{n:03}")), factors)?;
        let (score, readings) = score::score(&agg, &self.spec.targets);
        self.trials.push((factors.to_vec(), score));
        let line = Trial {
            kind: "trial",
            trial: n,
            factors: self.named(factors),
            score: round(score),
            wins: agg["wins"].as_u64().unwrap_or(0),
            runs: agg["runs"].as_u64().unwrap_or(0),
            readings: readings.into_iter().filter(|r| r.cost > 0.0).collect(),
            wall_s: round(start.elapsed().as_secs_f64()),
        };
        self.print(&line);
        Ok(score)
    }

    /// Writes the trial's data, plays its shards, and joins them: the
    /// aggregate line as JSON.
    fn measure(&self, dir: &Path, factors: &[f64]) -> Result<serde_json::Value, String> {
        let data = dir.join("data");
        let plan = patch::plan(&self.root, &self.spec, factors)?;
        patch::write(&self.root, &data, &plan)?;
        let started = Instant::now();
        let mut children = Vec::new();
        let mut files = Vec::new();
        for k in 1..=self.shards {
            let lines = dir.join(format!("shard-{k}.jsonl"));
            let errs = dir.join(format!("shard-{k}.stderr"));
            let open = |p: &Path| std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display()));
            let child = Command::new(&self.exe)
                .arg("--data")
                .arg(&data)
                .args(["--threads", "1", "sim", "--seeds", &self.seeds])
                .args(["--shard", &format!("{k}/{}", self.shards)])
                .args([
                    "--waves",
                    &self.spec.run.waves.to_string(),
                    "--backend",
                    "cpu",
                    "--json",
                ])
                .args(&self.spec.run.args)
                .stdin(Stdio::null())
                .stdout(open(&lines)?)
                .stderr(open(&errs)?)
                .spawn()
                .map_err(|e| format!("starting {}: {e}", self.exe.display()))?;
            children.push((child, errs));
            files.push(lines);
        }
        for (mut child, errs) in children {
            let status = child.wait().map_err(|e| e.to_string())?;
            if !status.success() {
                let said = std::fs::read_to_string(&errs).unwrap_or_default();
                return Err(format!(
                    "a shard failed ({status}) in {}: {}",
                    dir.display(),
                    said.trim()
                ));
            }
        }
        let (runs, threads, _) = super::merge::read_shards(&files)?;
        let agg = super::batch::aggregate(&runs, threads, started.elapsed().as_secs_f64());
        let v = serde_json::to_value(&agg).map_err(|e| e.to_string())?;
        let text = serde_json::to_string(&v).map_err(|e| e.to_string())?;
        crate::atomic::write_atomic(&dir.join("aggregate.json"), text.as_bytes())
            .map_err(|e| e.to_string())?;
        Ok(v)
    }

    fn named(&self, factors: &[f64]) -> Vec<(String, f64)> {
        self.spec
            .knobs
            .iter()
            .zip(factors)
            .map(|(k, &f)| (k.name.clone(), round(f)))
            .collect()
    }

    fn print(&self, t: &Trial) {
        if self.json {
            match serde_json::to_string(t) {
                Ok(s) => outln!("{s}"),
                Err(e) => errln!("artificer tune: {e}"),
            }
            return;
        }
        let f: Vec<String> = t.factors.iter().map(|(n, f)| format!("{n} ×{f}")).collect();
        outln!(
            "{} {:>3}  score {:>8.3}  wins {}/{}  {:>6.0} s  {}",
            t.kind,
            t.trial,
            t.score,
            t.wins,
            t.runs,
            t.wall_s,
            f.join(", ")
        );
        for r in &t.readings {
            let wave = r.wave.map_or(String::new(), |w| format!(" W{w}"));
            let value = r.value.map_or("none".to_string(), |v| format!("{v}"));
            outln!("      {}{wave}: {value} (cost {:.3})", r.target, r.cost);
        }
    }

    /// Prints the best trial, with every reading and the numbers it moved,
    /// and writes its data where `--write` says.
    fn finish(&self, best: &[f64], write: Option<&Path>) -> Result<(), String> {
        let (at, score) = self
            .trials
            .iter()
            .enumerate()
            .find(|(_, (f, _))| f.as_slice() == best)
            .map(|(i, (_, s))| (i, *s))
            .ok_or("no trial was played")?;
        let agg_text = std::fs::read_to_string(self.out.join(format!("trial-{at:03}/aggregate.json")))
            .map_err(|e| e.to_string())?;
        let agg: serde_json::Value = serde_json::from_str(&agg_text).map_err(|e| e.to_string())?;
        let (_, readings) = score::score(&agg, &self.spec.targets);
        let plan = patch::plan(&self.root, &self.spec, best)?;
        let changes = patch::describe(&plan);
        self.print(&Trial {
            kind: "best",
            trial: at,
            factors: self.named(best),
            score: round(score),
            wins: agg["wins"].as_u64().unwrap_or(0),
            runs: agg["runs"].as_u64().unwrap_or(0),
            readings,
            wall_s: 0.0,
        });
        if self.json {
            outln!("{}", serde_json::json!({ "kind": "changes", "changes": changes }));
        } else {
            for c in &changes {
                outln!("  {c}");
            }
        }
        if let Some(dest) = write {
            patch::write(&self.root, dest, &plan)?;
            if !self.json {
                outln!("wrote the best trial's data to {}", dest.display());
            }
        }
        Ok(())
    }
}

/// The factors of `--start` (every knob it does not name at 1), each
/// within its knob's bounds.
fn start_factors(spec: &Spec, start: Option<&str>) -> Result<Vec<f64>, String> {
    let mut f = vec![1.0; spec.knobs.len()];
    for part in start
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let bad = |why: &str| format!("--start {part}: {why}");
        let (name, value) = part.split_once('=').ok_or_else(|| bad("write NAME=FACTOR"))?;
        let i = spec
            .knobs
            .iter()
            .position(|k| k.name == name.trim())
            .ok_or_else(|| bad("the tune file has no knob of that name"))?;
        let v: f64 = value
            .trim()
            .parse()
            .map_err(|_| bad("the factor is not a number"))?;
        let k = &spec.knobs[i];
        if !(k.min..=k.max).contains(&v) {
            return Err(bad(&format!(
                "the knob's factors run from {} to {}",
                k.min, k.max
            )));
        }
        f[i] = v;
    }
    Ok(f)
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
