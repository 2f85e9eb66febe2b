//! `artificer replay FILE [--json] [--backend gpu|cpu]`: re-runs a replay
//! file headless and prints the same report as `artificer sim` (per wave,
//! with the `state_hash` after every wave and at the end). A file made by
//! another game version or with other data is refused, naming which; a
//! damaged or edited one stops with the line and command where it fails.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use engine::gpu::{Backend, GpuContext};

use crate::run::{Replay, play_replay};

/// Options of `artificer replay`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// The replay file (`--record FILE` of the game or of `artificer sim`).
    pub file: PathBuf,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Compute backend (default: the one it was recorded on).
    #[arg(long)]
    pub backend: Option<Backend>,
    /// Data folder (default: `--data`, `$ARTIFICER_DATA`, else the data embedded in the binary).
    #[arg(long)]
    pub root: Option<PathBuf>,
}

/// Runs `artificer replay`.
pub fn run(args: &ReplayArgs) -> ExitCode {
    let fail = |e: &dyn std::fmt::Display| {
        errln!("artificer replay: {}: {e}", args.file.display());
        ExitCode::FAILURE
    };
    let root = args.root.clone().unwrap_or_else(crate::data::default_root);
    let replay = match Replay::load(&args.file) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let data = match crate::run::replay::data_checksum(&root) {
        Ok(d) => d,
        Err(e) => return fail(&format!("reading {}: {e}", root.display())),
    };
    if let Err(e) = replay.check_compatible(data) {
        return fail(&e);
    }
    let cat = match crate::catalog::Catalog::load(&root) {
        Ok(c) => Arc::new(c),
        Err(e) => return fail(&e),
    };
    let backend = args.backend.unwrap_or(replay.header.backend);
    let ctx = match GpuContext::for_backend(backend) {
        Ok(c) => c,
        Err(e) => return fail(&e),
    };
    let started = std::time::Instant::now();
    let steps = replay.steps;
    match play_replay(cat, replay, Some(backend), ctx.as_ref()) {
        Ok(run) => {
            let secs = started.elapsed().as_secs_f64();
            if !args.json {
                outln!(
                    "replayed {steps} steps in {secs:.2} s ({:.0} steps/s)",
                    steps as f64 / secs.max(1e-9)
                );
            }
            super::sim::print_report(&run.report(), args.json)
        }
        Err(e) => fail(&e),
    }
}
