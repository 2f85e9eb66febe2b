//! `artificer profile show [--json] [--profile DIR]`: prints the player's
//! saved progress (aether, runs, unlocks, codex counts, records) so a player
//! or a test can read it without opening the game.
//!
//! Loading goes through [`Saves::open`] like the game's, so a broken file is
//! kept aside here too and the notices say what was kept where; the command
//! still exits 0 then, because the profile was read as far as it could be.

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::catalog::Catalog;
use crate::profile::records::Sealed;
use crate::profile::store::utc_civil;
use crate::profile::{PROFILE_FILE, ProfileStore, Saves};

/// `artificer profile ...`
#[derive(Debug, clap::Subcommand)]
pub enum ProfileCommand {
    /// Print the profile: aether, runs, unlocks, codex counts, records, and
    /// anything loading had to say.
    Show(ShowArgs),
    /// Print the run history (docs/share.md#run-history): every finished
    /// run kept, newest first, with its damage per chip.
    History(super::history::HistoryArgs),
}

/// Options of `artificer profile show`.
#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Profile folder (default: `$ARTIFICER_PROFILE_DIR`, else the platform's data folder).
    #[arg(long, value_name = "DIR")]
    pub profile: Option<PathBuf>,
    /// Data folder, for unlock names (default: `--data`, `$ARTIFICER_DATA`, else the data embedded in the binary).
    #[arg(long)]
    pub root: Option<PathBuf>,
}

/// Runs `artificer profile ...`.
pub fn run(cmd: ProfileCommand) -> ExitCode {
    match cmd {
        ProfileCommand::Show(args) => show(&args),
        ProfileCommand::History(args) => super::history::run(&args),
    }
}

fn show(args: &ShowArgs) -> ExitCode {
    let store = ProfileStore::resolve(args.profile.as_deref());
    let saves = Saves::open(store);
    let root = args.root.clone().unwrap_or_else(crate::data::default_root);
    // Names are a courtesy here: without the data the ids still print.
    let catalog = match Catalog::load(&root) {
        Ok(c) => Some(c),
        Err(e) => {
            errln!("artificer profile show: unlock names unavailable, the data did not load:\n{e}");
            None
        }
    };
    let report = report(&saves, catalog.as_ref());
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report).unwrap_or_default());
    } else {
        out!("{}", text(&report));
    }
    ExitCode::SUCCESS
}

/// The whole report as one JSON value; the text form is printed from it so
/// the two never disagree.
fn report(saves: &Saves, catalog: Option<&Catalog>) -> Value {
    let p = &saves.profile;
    let r = &saves.records;
    let unlocks: Vec<Value> = p
        .unlocked
        .iter()
        .map(|id| {
            let name = catalog.and_then(|c| c.unlocks.get(id)).map(|u| u.name.clone());
            json!({ "id": id, "name": name })
        })
        .collect();
    let c = &p.codex;
    let codex = json!({
        "spells": c.spells.len(),
        "cores": c.cores.len(),
        "enemies": c.enemies.len(),
        "bosses": c.bosses.len(),
        "reactions": c.reactions.len(),
        "recipes": c.recipes.len(),
        "items": c.items.len(),
        "artifacts": c.artifacts.len(),
        "total": c.len(),
    });
    let best_wave = r.best_wave.as_ref().map(|s: &Sealed<_>| {
        json!({
            "wave": s.record.wave,
            "seed": s.record.seed,
            "build_checksum": s.record.build_checksum,
            "timestamp": s.record.timestamp,
            "tampered": !s.intact(),
        })
    });
    let fastest_clear = r.fastest_clear.as_ref().map(|s| {
        json!({
            "elapsed_sec": s.record.elapsed_sec,
            "seed": s.record.seed,
            "build_checksum": s.record.build_checksum,
            "timestamp": s.record.timestamp,
            "tampered": !s.intact(),
        })
    });
    let endless: Vec<Value> = r
        .leaderboard()
        .into_iter()
        .enumerate()
        .map(|(i, (e, intact))| {
            json!({
                "rank": i + 1,
                "wave": e.wave,
                "elapsed_sec": e.elapsed_sec,
                "score": e.score(),
                "build_checksum": e.build_checksum,
                "timestamp": e.timestamp,
                "tampered": !intact,
            })
        })
        .collect();
    json!({
        "profile_dir": saves.store().root().display().to_string(),
        "profile_file": saves.store().path(PROFILE_FILE).display().to_string(),
        "aether": p.aether,
        "aether_earned": p.aether_earned,
        "runs": p.runs,
        "clears": p.clears,
        "best_wave": p.best_wave,
        "milestones": p.milestones,
        "unlocks": unlocks,
        "codex": codex,
        "records": {
            "best_wave": best_wave,
            "fastest_clear": fastest_clear,
            "endless": endless,
        },
        "notices": saves.notices,
        "profile_saving_blocked": saves.profile_blocked(),
        "records_saving_blocked": saves.records_blocked(),
    })
}

/// The report for people, one fact a line.
#[expect(
    clippy::too_many_lines,
    reason = "prints every part of a profile in its order"
)]
fn text(v: &Value) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let n = |key: &str| v[key].as_u64().unwrap_or(0);
    let _ = writeln!(s, "Profile: {}", v["profile_dir"].as_str().unwrap_or(""));
    let _ = writeln!(
        s,
        "Aether: {} in hand, {} earned in all",
        n("aether"),
        n("aether_earned")
    );
    let _ = writeln!(
        s,
        "Runs: {} finished, {} cleared, best wave {}",
        n("runs"),
        n("clears"),
        n("best_wave")
    );
    let milestones: Vec<String> = list(&v["milestones"])
        .iter()
        .map(|m| format!("W{}", m.as_u64().unwrap_or(0)))
        .collect();
    let _ = writeln!(s, "Milestones: {}", or_none(&milestones.join(", ")));
    let unlocks: Vec<String> = list(&v["unlocks"])
        .iter()
        .map(|u| {
            let id = u["id"].as_str().unwrap_or("");
            match u["name"].as_str() {
                Some(name) => format!("{name} ({id})"),
                None => format!("{id} (not in the game's data)"),
            }
        })
        .collect();
    let _ = writeln!(s, "Unlocks ({}): {}", unlocks.len(), or_none(&unlocks.join(", ")));
    let c = &v["codex"];
    let _ = writeln!(
        s,
        "Codex: {} entries (spells {}, cores {}, enemies {}, bosses {}, reactions {}, recipes {}, items {}, artifacts {})",
        c["total"],
        c["spells"],
        c["cores"],
        c["enemies"],
        c["bosses"],
        c["reactions"],
        c["recipes"],
        c["items"],
        c["artifacts"]
    );
    let rec = &v["records"];
    let mark = |r: &Value| if r["tampered"] == true { "  [TAMPERED]" } else { "" };
    let _ = writeln!(s, "Records:");
    match rec["best_wave"].as_object() {
        Some(_) => {
            let b = &rec["best_wave"];
            let _ = writeln!(
                s,
                "  Best wave: {} (seed {}, build {}, {}){}",
                b["wave"],
                b["seed"],
                b["build_checksum"].as_str().unwrap_or(""),
                when(b),
                mark(b)
            );
        }
        None => {
            let _ = writeln!(s, "  Best wave: none yet");
        }
    }
    match rec["fastest_clear"].as_object() {
        Some(_) => {
            let f = &rec["fastest_clear"];
            let _ = writeln!(
                s,
                "  Fastest clear: {} (seed {}, build {}, {}){}",
                duration(f["elapsed_sec"].as_f64().unwrap_or(0.0)),
                f["seed"],
                f["build_checksum"].as_str().unwrap_or(""),
                when(f),
                mark(f)
            );
        }
        None => {
            let _ = writeln!(s, "  Fastest clear: none yet");
        }
    }
    let endless = list(&rec["endless"]);
    if endless.is_empty() {
        let _ = writeln!(s, "  Endless: no runs yet");
    } else {
        let _ = writeln!(s, "  Endless (best first):");
        for e in endless {
            let _ = writeln!(
                s,
                "    {}. wave {} in {}, score {}, build {}, {}{}",
                e["rank"],
                e["wave"],
                duration(e["elapsed_sec"].as_f64().unwrap_or(0.0)),
                e["score"],
                e["build_checksum"].as_str().unwrap_or(""),
                when(e),
                mark(e)
            );
        }
    }
    let notices = list(&v["notices"]);
    if !notices.is_empty() {
        let _ = writeln!(s, "Notices:");
        for n in notices {
            let _ = writeln!(s, "  {}", n.as_str().unwrap_or(""));
        }
    }
    s
}

fn list(v: &Value) -> &[Value] {
    v.as_array().map_or(&[], Vec::as_slice)
}

fn or_none(s: &str) -> &str {
    if s.is_empty() { "none" } else { s }
}

/// `12:34.5`-style minutes and seconds.
fn duration(secs: f64) -> String {
    let secs = (secs.max(0.0) * 10.0).round() / 10.0;
    let m = (secs / 60.0).floor();
    format!("{}:{:04.1}", m as u64, secs - m * 60.0)
}

/// A record's timestamp as `YYYY-MM-DD HH:MM UTC`.
fn when(r: &Value) -> String {
    let (y, mo, d, h, mi, _) = utc_civil(r["timestamp"].as_u64().unwrap_or(0));
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} UTC")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_minutes_and_seconds() {
        assert_eq!(duration(0.0), "0:00.0");
        assert_eq!(duration(75.3), "1:15.3");
        assert_eq!(duration(59.96), "1:00.0");
        assert_eq!(duration(1800.0), "30:00.0");
    }
}
