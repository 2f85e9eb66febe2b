//! `artificer verify FILE [--json]` and `artificer export REPLAY [--out FILE]`
//! (docs/share.md#verified-results): a result proved by re-simulating its
//! replay headless, and the export file that carries a claimed result.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use crate::share::verify::{RunResult, Verdict, export_text, verify};

/// Options of `artificer verify`.
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// A replay file, or an exported result (`artificer export`).
    pub file: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Options of `artificer export`.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// The replay file of a run (`--record FILE` of the game or of `artificer sim`).
    pub replay: PathBuf,
    /// Where to write the export (default: print it).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// The catalogue, the replay-or-export text and the verdict, or the reason in words.
pub(super) fn verdict_of(file: &Path) -> Result<Verdict, String> {
    let root = crate::data::default_root();
    let text = crate::data::read_bounded(file, crate::data::limits::MAX_REPLAY_BYTES + 4096)
        .map_err(|e| format!("cannot read: {e}"))?;
    let data =
        crate::run::replay::data_checksum(&root).map_err(|e| format!("reading {}: {e}", root.display()))?;
    let cat = Arc::new(crate::catalog::Catalog::load(&root).map_err(|e| e.to_string())?);
    verify(cat, &text, data).map_err(|e| e.to_string())
}

fn line(r: &RunResult) -> String {
    format!(
        "wave {}, {}, {} s simulated, score {} (state {})",
        r.wave_reached, r.outcome, r.elapsed_s, r.score, r.state_hash
    )
}

/// Runs `artificer verify`: exit 0 when the replay reproduces and any claim
/// matches, 1 otherwise.
pub fn run(args: &VerifyArgs) -> ExitCode {
    let verdict = match verdict_of(&args.file) {
        Ok(v) => v,
        Err(e) => {
            if args.json {
                outln!("{}", serde_json::json!({"verified": false, "refused": e}));
            }
            errln!("artificer verify: {}: {e}", args.file.display());
            return ExitCode::FAILURE;
        }
    };
    let ok = verdict.claimed.is_none() || verdict.confirmed();
    if args.json {
        let mut v = serde_json::to_value(&verdict).expect("a verdict serialises");
        v["verified"] = serde_json::Value::Bool(ok);
        v["matches"] = verdict
            .claimed
            .as_ref()
            .map_or(serde_json::Value::Null, |_| verdict.confirmed().into());
        outln!("{v}");
    } else {
        outln!("reproduced: {}", line(&verdict.reproduced));
        match &verdict.claimed {
            None => outln!("no claim in the file (a plain replay): the result above is what it proves"),
            Some(_) if ok => outln!("claim: matches"),
            Some(c) => {
                outln!("claim: {}", line(c));
                outln!("claim: does NOT match:");
                for d in &verdict.differs {
                    outln!("  {d}");
                }
            }
        }
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// Runs `artificer export`: verifies the replay, then writes it with the
/// result it reproduces as the claim.
pub fn export(args: &ExportArgs) -> ExitCode {
    let fail = |e: &dyn std::fmt::Display| {
        errln!("artificer export: {}: {e}", args.replay.display());
        ExitCode::FAILURE
    };
    let verdict = match verdict_of(&args.replay) {
        Ok(v) if v.claimed.is_none() => v,
        Ok(_) => return fail(&"already an export (verify it with `artificer verify`)"),
        Err(e) => return fail(&e),
    };
    let replay_text = match crate::data::read_bounded(&args.replay, crate::data::limits::MAX_REPLAY_BYTES) {
        Ok(t) => t,
        Err(e) => return fail(&e),
    };
    // One kind of line ending in the file written, whatever the replay had.
    let text = export_text(&verdict.reproduced, &replay_text.replace("\r\n", "\n"));
    match &args.out {
        None => out!("{text}"),
        Some(out) => {
            if let Err(e) = crate::atomic::write_atomic(out, text.as_bytes()) {
                return fail(&e.to_string());
            }
            outln!("exported {}: {}", out.display(), line(&verdict.reproduced));
        }
    }
    ExitCode::SUCCESS
}
