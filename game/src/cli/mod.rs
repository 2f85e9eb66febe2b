//! The `artificer` command line: the game itself and its headless tools.
//!
//! One file per subcommand; this file only routes. Every command prints
//! through [`out`] (`out!`, `outln!`, `errln!`), never `println!` or
//! `eprintln!`, so a closed pipe
//! ends it quietly (docs/data.md#fault-suite).
#![deny(clippy::print_stdout, clippy::print_stderr)]

use clap::{Parser, Subcommand};

/// `print!` through [`out::write`]: a closed pipe ends the command quietly.
macro_rules! out {
    ($($t:tt)*) => { $crate::cli::out::write(format_args!($($t)*)) };
}

/// `eprint!` through [`out::warn`]: a closed standard error never panics.
macro_rules! err {
    ($($t:tt)*) => { $crate::cli::out::warn(format_args!($($t)*)) };
}

/// `eprintln!` through [`out::warn`]: a closed standard error never panics.
macro_rules! errln {
    ($($t:tt)*) => { $crate::cli::out::warn(format_args!("{}\n", format_args!($($t)*))) };
}

/// `println!` through [`out::write`]: a closed pipe ends the command quietly.
macro_rules! outln {
    () => { $crate::cli::out::write(format_args!("\n")) };
    ($($t:tt)*) => { $crate::cli::out::write(format_args!("{}\n", format_args!($($t)*))) };
}

pub mod out;

pub mod build;
pub mod daily;
pub mod history;
pub mod import;
pub mod inert;
pub mod melee_tools;
pub mod merge;
pub mod profile;
pub mod replay;

/// The game window's flags live with the window (`app::args`); the command
/// line only routes to them.
pub use crate::app::args as play;
pub mod batch;
pub mod sim;
pub mod stress;
pub mod tool;
mod ttk_table;
pub mod tune;
pub mod verify;
pub mod wand;
pub mod wand_eval;
pub mod wand_measure;

/// Arcane Artificer: program your weapon, survive the waves.
#[derive(Debug, Parser)]
#[command(name = "artificer", version, about)]
pub struct Cli {
    /// A headless tool to run instead of the game.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options of the game window (used when no subcommand is given).
    #[command(flatten)]
    pub play: play::PlayArgs,
    /// Threads for the CPU compute passes and for batch sims (default:
    /// every core). The results do not depend on it, only the speed.
    #[arg(long, global = true, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=crate::data::limits::MAX_THREADS as u64))]
    pub threads: Option<usize>,
    /// Load the data from this folder instead of the copy embedded in the
    /// binary (modding, balancing); `$ARTIFICER_DATA` does the same.
    #[arg(long, global = true, value_name = "DIR")]
    pub data: Option<std::path::PathBuf>,
}

/// The command line as clap builds it from [`Cli`], with every argument
/// that takes a value reading a leading `-` as a negative number: `--waves
/// -1` is then refused by the value's own range in words ("-1 is not in
/// 1..=100") instead of clap's "unexpected argument '-1'".
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    negatives(Cli::command())
}

fn negatives(cmd: clap::Command) -> clap::Command {
    let subs: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_owned()).collect();
    let mut cmd = cmd.mut_args(|a| {
        if a.get_action().takes_values() {
            a.allow_negative_numbers(true)
        } else {
            a
        }
    });
    for name in subs {
        cmd = cmd.mut_subcommand(name, negatives);
    }
    cmd
}

/// Parses the process's arguments through [`command`]; a refusal prints
/// clap's message and exits 2, as `Cli::parse` would.
pub fn parse() -> Cli {
    use clap::FromArgMatches;
    let matches = command().get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

/// The build files shipped in `builds/` held to the player's rules
/// (docs/data.md#builds), each problem naming the file and the field.
fn check_builds(
    root: &std::path::Path,
    cat: &crate::catalog::Catalog,
) -> Result<(), crate::data::DataErrors> {
    use crate::data::DataError;
    let Ok(entries) = std::fs::read_dir(root.join("builds")) else {
        return Ok(());
    };
    let mut paths: Vec<_> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    let mut errors = Vec::new();
    for path in paths {
        let rel = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
        match crate::run::load_build(&path) {
            Ok(b) => {
                if let Err(e) = crate::run::build_rules::check_build(cat, &b) {
                    errors.push(DataError::new(rel, e.field, e.why));
                }
            }
            Err(e) => errors.push(DataError::new(rel, ".", e.to_string())),
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(crate::data::DataErrors(errors))
    }
}

/// Headless tools. Without one, the game window opens.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Loads every file in `data/` and reports every problem found.
    #[command(subcommand)]
    Data(DataCommand),
    /// Spell VM tools: `wand eval` prints what a core and deck fire, as JSON.
    #[command(subcommand)]
    Wand(wand::WandCommand),
    /// Checking tools of the loot seed: drops, affix, economy, ttk.
    #[command(subcommand)]
    Tool(tool::ToolCommand),
    /// Runs the projectile compute core on a synthetic scene and reports timings.
    Stress(stress::StressArgs),
    /// Plays a run headless with a scripted player and reports each wave.
    Sim(sim::SimArgs),
    /// Searches a few multipliers of `data/` for the values whose batch
    /// sims land nearest the balance targets (docs/balance.md#tuning).
    Tune(tune::TuneArgs),
    /// Build codes: `build code FILE` prints a build file's code, `build decode CODE` the file.
    #[command(subcommand)]
    Build(build::BuildCommand),
    /// Re-simulates a replay or exported result headless: the result it
    /// reproduces, its score, and whether a claimed result matches.
    Verify(verify::VerifyArgs),
    /// Writes a replay with the result it reproduces as its claim (one file to share).
    Export(verify::ExportArgs),
    /// Enters an exported result on the local board of verified results,
    /// after re-simulating it: a result that does not reproduce is refused.
    Import(import::ImportArgs),
    /// Prints the daily run's seed for a UTC date (today by default).
    Daily(daily::DailyArgs),
    /// Re-runs a replay file headless and reports each wave with its state hash.
    Replay(replay::ReplayArgs),
    /// The player's saved progress: `profile show [--json]` prints it.
    #[command(subcommand)]
    Profile(profile::ProfileCommand),
}

/// `artificer data ...`
#[derive(Debug, Subcommand)]
pub enum DataCommand {
    /// Load everything, check cross-references, exit non-zero on any problem.
    Check {
        /// Data folder (default: `--data`, `$ARTIFICER_DATA`, else the data embedded in the binary).
        #[arg(long)]
        root: Option<std::path::PathBuf>,
    },
}

/// Runs the parsed command line; the returned code is the process exit status.
pub fn run(cli: Cli) -> std::process::ExitCode {
    if let Some(n) = cli.threads
        && let Err(e) = rayon::ThreadPoolBuilder::new().num_threads(n).build_global()
    {
        errln!("artificer: --threads {n}: {e}");
        return std::process::ExitCode::FAILURE;
    }
    if let Some(dir) = cli.data {
        crate::data::set_data_dir(dir);
    }
    match cli.command {
        None => crate::app::run(&cli.play),
        Some(Command::Tool(cmd)) => tool::run(cmd),
        Some(Command::Stress(args)) => stress::run(&args),
        Some(Command::Sim(args)) => sim::run(&args),
        Some(Command::Tune(args)) => tune::run(&args),
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Build(cmd)) => build::run(cmd),
        Some(Command::Daily(args)) => daily::run(&args),
        Some(Command::Verify(args)) => verify::run(&args),
        Some(Command::Export(args)) => verify::export(&args),
        Some(Command::Import(args)) => import::run(&args),
        Some(Command::Wand(cmd)) => wand::run(cmd),
        Some(Command::Profile(cmd)) => profile::run(cmd),
        Some(Command::Data(DataCommand::Check { root })) => {
            let named = match &root {
                Some(r) => format!("{} (--root)", r.display()),
                None => crate::data::source::source().describe(),
            };
            let root = root.unwrap_or_else(crate::data::default_root);
            // The codex's words are checked against the loaded catalogue.
            let loaded = crate::catalog::Catalog::load(&root)
                .and_then(|cat| crate::codex::CodexBook::load(&root, &cat).map(|_| cat))
                .and_then(|cat| check_builds(&root, &cat).map(|()| cat));
            match loaded {
                Ok(_) => {
                    outln!("data OK: {named}");
                    std::process::ExitCode::SUCCESS
                }
                Err(errors) => {
                    err!("{errors}");
                    std::process::ExitCode::FAILURE
                }
            }
        }
    }
}
