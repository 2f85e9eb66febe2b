//! `artificer sim --seed S --waves N [--policy starter|competent] [--build FILE] [--backend gpu|cpu] [--record FILE] [--json]`:
//! plays a run headless with the scripted player of `crate::run::script` and
//! prints one JSON object (or a table without `--json`); `--record` writes
//! the run's replay file. The JSON is the run's report (as `artificer
//! replay` prints it) plus what the script logged: `policy`, `build_dps`
//! (the build's single-target DPS before each wave) and `boss_kill_s`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use engine::gpu::{Backend, GpuContext};

use crate::run::{PlayLog, Policy, RunOptions, RunReport, play_logged};

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
    /// The scripted player: `starter` (the simple shopper) or `competent`
    /// (builds like a player who read the codex); see `run::script`.
    #[arg(long, default_value = "starter")]
    pub policy: Policy,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Data folder (default: the workspace's `data/`, or `$ARTIFICER_DATA`).
    #[arg(long)]
    pub root: Option<PathBuf>,
    /// Write the run's replay to this file (`artificer replay FILE` re-runs it).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
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
        Some(p) => match crate::run::load_build(p) {
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
        policy: args.policy,
    };
    let (run, log) = match play_logged(cat, &opts, ctx.as_ref(), args.record.is_some()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("artificer sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let (Some(path), Some(rec)) = (&args.record, run.recorder()) {
        let saved = crate::run::replay::data_checksum(&root)
            .map_err(|e| e.to_string())
            .and_then(|data| {
                rec.save(path, run.setup(), args.backend, data)
                    .map_err(|e| e.to_string())
            });
        if let Err(e) = saved {
            eprintln!("artificer sim: --record: {e}");
            return ExitCode::FAILURE;
        }
    }
    print_sim(&run.report(), &log, args.json)
}

/// The sim's JSON: the run's report with the script's log beside it.
#[derive(serde::Serialize)]
struct SimJson<'a> {
    #[serde(flatten)]
    report: &'a RunReport,
    #[serde(flatten)]
    log: &'a PlayLog,
}

fn print_sim(report: &RunReport, log: &PlayLog, json: bool) -> ExitCode {
    if !json {
        println!("policy {}", log.policy);
        let code = print_report(report, false);
        let dps: Vec<String> = log.build_dps.iter().map(|d| format!("{d:.0}")).collect();
        println!("build dps per wave: {}", dps.join(" "));
        for (wave, s) in &log.boss_kill_s {
            println!("boss of wave {wave} killed at {s:.1} s");
        }
        return code;
    }
    match serde_json::to_string(&SimJson { report, log }) {
        Ok(s) => {
            println!("{s}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("artificer sim: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints a run report as one JSON object or as a table (shared with `artificer replay`).
pub fn print_report(report: &RunReport, json: bool) -> ExitCode {
    if json {
        match serde_json::to_string(report) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("artificer sim: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        println!(
            "seed {}  backend {}  wave reached {}  outcome {}  state_hash {}",
            report.seed,
            report.backend,
            report.wave_reached,
            report
                .outcome
                .map_or("in progress".to_string(), |o| format!("{o:?}")),
            report.state_hash
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
