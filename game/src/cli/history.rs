//! `artificer profile history [--json] [--profile DIR]`: the run history
//! (docs/share.md#run-history), newest first, so a player or a script can
//! read past runs without the window. Loading goes through [`Saves::open`]:
//! a broken history file is kept aside and named, as in the game.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::profile::{ProfileStore, RunRecord, Saves};

/// Options of `artificer profile history`.
#[derive(Debug, clap::Args)]
pub struct HistoryArgs {
    /// Print the history as JSON (the file's own form) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Profile folder (default: `$ARTIFICER_PROFILE_DIR`, else the platform's data folder).
    #[arg(long, value_name = "DIR")]
    pub profile: Option<PathBuf>,
}

/// Runs `artificer profile history`.
pub fn run(args: &HistoryArgs) -> ExitCode {
    let saves = Saves::open(ProfileStore::resolve(args.profile.as_deref()));
    for n in &saves.notices {
        errln!("artificer profile history: {n}");
    }
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&saves.history).unwrap_or_default()
        );
    } else if saves.history.runs.is_empty() {
        outln!("No runs yet.");
    } else {
        for r in saves.history.runs.iter().rev() {
            out!("{}", text(r));
        }
    }
    ExitCode::SUCCESS
}

/// One run in words: the line a player scans, then its damage per chip.
pub fn text(r: &RunRecord) -> String {
    let mut out = format!(
        "{}  {}  seed {}  {} at wave {}  {}:{:02}  level {}  {} kills\n",
        r.date,
        r.mode,
        r.seed,
        r.outcome,
        r.wave,
        r.elapsed_s / 60,
        r.elapsed_s % 60,
        r.level,
        r.kills
    );
    if let Some(c) = &r.death_cause {
        let _ = writeln!(out, "  killed by {c}");
    }
    let _ = writeln!(
        out,
        "  gold earned {} spent {}  build {}",
        r.gold_earned, r.gold_spent, r.build_code
    );
    let total = r.damage.total.max(1e-9);
    for s in &r.damage.sources {
        let _ = writeln!(
            out,
            "  {:>10.0}  {:>5.1} %  {}",
            s.damage,
            100.0 * s.damage / total,
            s.name
        );
    }
    out
}
