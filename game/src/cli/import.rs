//! `artificer import FILE [--profile DIR]` (docs/share.md#verified-results):
//! the only way into the local board of imported results. The file (an
//! export: claim plus replay) is re-simulated headless first; only a
//! confirmed claim is entered, sealed like every record. A replay that does
//! not reproduce, or a claim that differs, is refused in words and the
//! records are not touched.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::profile::boards::{Imported, ImportedResult};
use crate::profile::{ProfileStore, Saves};

/// Options of `artificer import`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// An exported result (`artificer export`).
    pub file: PathBuf,
    /// Profile folder (default: `$ARTIFICER_PROFILE_DIR`, else the platform's data folder).
    #[arg(long, value_name = "DIR")]
    pub profile: Option<PathBuf>,
}

/// Runs `artificer import`: exit 0 when the result was entered (or was
/// there already), 1 when it was refused.
pub fn run(args: &ImportArgs) -> ExitCode {
    let fail = |e: &dyn std::fmt::Display| {
        errln!("artificer import: {}: {e}", args.file.display());
        ExitCode::FAILURE
    };
    let verdict = match super::verify::verdict_of(&args.file) {
        Ok(v) => v,
        Err(e) => return fail(&e),
    };
    if verdict.claimed.is_none() {
        return fail(&"a plain replay claims nothing: export it first (`artificer export`)");
    }
    if !verdict.confirmed() {
        return fail(&format!(
            "refused: the claim does not match what the replay reproduces ({})",
            verdict.differs.join("; ")
        ));
    }
    let r = &verdict.reproduced;
    outln!(
        "verified: wave {}, {}, {} s simulated, score {} (seed {})",
        r.wave_reached,
        r.outcome,
        r.elapsed_s,
        r.score,
        verdict.seed
    );
    let mut saves = Saves::open(ProfileStore::resolve(args.profile.as_deref()));
    for n in &saves.notices {
        errln!("artificer import: {n}");
    }
    let entered = saves.records.note_imported(ImportedResult {
        wave: r.wave_reached,
        outcome: r.outcome.clone(),
        elapsed_s: r.elapsed_s,
        score: r.score,
        seed: verdict.seed,
        daily: verdict.daily.clone(),
        state_hash: r.state_hash.clone(),
        timestamp: crate::profile::store::unix_now(),
    });
    if entered == Imported::AlreadyThere {
        outln!(
            "already on the board: the same run (state {}) was imported before",
            r.state_hash
        );
        return ExitCode::SUCCESS;
    }
    if let Err(e) = saves.save_records() {
        return fail(&format!("the records could not be saved: {e}"));
    }
    let rank = saves
        .records
        .imported
        .iter()
        .position(|s| s.record.state_hash == r.state_hash)
        .map_or(0, |i| i + 1);
    outln!(
        "imported into {}: rank {rank} of {} verified results",
        saves.store().root().display(),
        saves.records.imported.len()
    );
    ExitCode::SUCCESS
}
