//! `artificer wand measure`: a build's seeded ten-second fight on one plain
//! dummy and in a packed horde, as JSON: total DPS, damage per chip and per
//! element, the horde's kill rate, with deck slots switched off on request
//! (docs/tools.md, `probe::measure_build`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use crate::probe::measure_build::{BuildMeasure, measure};
use crate::probe::stage::Kit;

/// The arguments of `wand measure`.
#[derive(Debug, clap::Args)]
pub struct MeasureArgs {
    /// A build file or build code (docs/share.md#build-codes).
    #[arg(long, value_name = "FILE|CODE")]
    pub build: PathBuf,
    /// World seed of both fights.
    #[arg(long, default_value_t = crate::probe::measure_build::MEASURE_SEED)]
    pub seed: u64,
    /// A deck slot (1 = the first) to switch off for a what-if; repeat for more.
    #[arg(long = "off", value_name = "SLOT", value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub off: Vec<u32>,
    /// Print JSON (the only output; accepted for symmetry with the other tools).
    #[arg(long)]
    pub json: bool,
    /// Data folder (default: `--data`, `$ARTIFICER_DATA`, else the data embedded in the binary).
    #[arg(long)]
    pub root: Option<PathBuf>,
}

/// Runs `wand measure`.
pub fn run(args: MeasureArgs) -> ExitCode {
    match measure_args(&args) {
        Ok(m) => match serde_json::to_string_pretty(&m) {
            Ok(text) => {
                outln!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                errln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            errln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Loads the data and the build (held to the player's rules) and measures it.
fn measure_args(args: &MeasureArgs) -> Result<BuildMeasure, String> {
    let root = args.root.clone().unwrap_or_else(crate::data::default_root);
    let cat = Arc::new(crate::catalog::Catalog::load(&root).map_err(|e| e.to_string())?);
    let build = crate::share::read_build(&args.build, &cat).map_err(|e| format!("--build: {e}"))?;
    crate::run::build_rules::check_build(&cat, &build).map_err(|e| format!("--build: {e}"))?;
    let kit = Kit {
        build,
        mods: Vec::new(),
        artifacts: Vec::new(),
        recipes: Vec::new(),
    };
    let off: Vec<usize> = args.off.iter().map(|&s| s as usize - 1).collect();
    measure(&cat, &kit, args.seed, &off).map_err(|e| e.to_string())
}
