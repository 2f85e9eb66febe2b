//! `artificer sim --seed S --waves N [--build FILE] [--backend gpu|cpu] [--json]`:
//! plays a run headless with the scripted player of `crate::run::script` and
//! prints one JSON object (or a table without `--json`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use engine::gpu::{Backend, GpuContext};

use crate::run::{Build, RunOptions, play};

/// Options of `artificer sim`.
#[derive(Debug, clap::Args)]
pub struct SimArgs {
    /// Run seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Waves to play (1–20).
    #[arg(long, default_value_t = 20)]
    pub waves: u32,
    /// A JSON build: `{"core": id, "deck": [ids], "items": [items]}`.
    #[arg(long)]
    pub build: Option<PathBuf>,
    /// `gpu` (WGSL passes) or `cpu` (their CPU twins).
    #[arg(long, default_value = "gpu")]
    pub backend: Backend,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Data folder (default: the workspace's `data/`, or `$ARTIFICER_DATA`).
    #[arg(long)]
    pub root: Option<PathBuf>,
}

fn load_build(path: &PathBuf) -> Result<Build, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    crate::data::parse_json::<Build>(path, &text).map_err(|e| e.to_string())
}

/// Runs `artificer sim`.
pub fn run(args: &SimArgs) -> ExitCode {
    let root = args.root.clone().unwrap_or_else(crate::data::default_root);
    let cat = match crate::catalog::Catalog::load(&root) {
        Ok(c) => Arc::new(c),
        Err(e) => {
            eprint!("artificer sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    let build = match &args.build {
        Some(p) => match load_build(p) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("artificer sim: build: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    let ctx = match args.backend {
        Backend::Gpu => match GpuContext::headless() {
            Ok(c) => Some(c),
            Err(e) => {
                eprintln!("artificer sim: {e}");
                return ExitCode::FAILURE;
            }
        },
        Backend::Cpu => None,
    };
    let opts = RunOptions {
        seed: args.seed,
        waves: args.waves,
        backend: args.backend,
        build,
    };
    let report = match play(cat, &opts, ctx.as_ref()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("artificer sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    if args.json {
        match serde_json::to_string(&report) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("artificer sim: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        println!(
            "seed {}  backend {}  wave reached {}  outcome {:?}",
            report.seed, report.backend, report.wave_reached, report.outcome
        );
        println!(
            "wave  secs  kills  dealt      taken   gold  lvl  peak_e  peak_p  drop  ms_mean  ms_p95  items mats"
        );
        for w in &report.waves {
            println!(
                "{:>4} {:>5.1} {:>6} {:>9.0} {:>8.1} {:>6} {:>4} {:>7} {:>7} {:>5} {:>8.3} {:>7.3} {:>6} {:>4}",
                w.wave,
                w.duration_s,
                w.kills,
                w.damage_dealt,
                w.damage_taken,
                w.gold,
                w.level,
                w.peak_enemies,
                w.peak_projectiles,
                w.dropped_spawns,
                w.step_ms_mean,
                w.step_ms_p95,
                w.items_dropped,
                w.materials_dropped
            );
        }
    }
    ExitCode::SUCCESS
}
