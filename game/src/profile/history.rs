//! Run history (`history.json`, docs/share.md#run-history): one entry per
//! finished run, window or `sim --profile`, with what a player asks of a
//! past run: how it ended and why, the build it ended with as a code, which
//! chips did the damage and what hurt.
//!
//! Bounded: the file holds at most [`HISTORY_KEPT`] runs (an entry is
//! about 1–2 KB, so it stays well under a megabyte); older runs are moved,
//! never dropped, to a file of their own beside it ([`super::Saves`]). It
//! is written atomically through the profile's store, with the profile as
//! one unit (the profile carries the runs on their way), and read through
//! [`super::Saves::load_file`]'s rules: a file that cannot be used is moved
//! aside and named, never overwritten unread.

use serde::{Deserialize, Serialize};

use crate::combat::attribution::{NamedDamage, NamedShare};
use crate::run::{Outcome, Run};

/// The history's file name inside the profile folder.
pub const HISTORY_FILE: &str = "history.json";

/// Runs the file holds: past this, the oldest move to a file of their own.
pub const HISTORY_KEPT: usize = 200;

/// A history file larger than this is refused unread (kept aside).
pub const HISTORY_MAX_BYTES: u64 = 8 << 20;

/// The history file's schema version.
pub const HISTORY_SCHEMA: u32 = 1;

/// Every run kept, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct History {
    /// Schema version of the file.
    pub schema: u32,
    /// The runs, oldest first.
    pub runs: Vec<RunRecord>,
}

impl Default for History {
    fn default() -> Self {
        Self {
            schema: HISTORY_SCHEMA,
            runs: Vec::new(),
        }
    }
}

impl History {
    /// Reads a history file's bytes; the reason in words when they are not
    /// one, or not one the game wrote (see [`History::check`]).
    pub fn parse(bytes: &[u8]) -> Result<History, String> {
        let h: History = super::store::parse_bytes(HISTORY_FILE, bytes).map_err(|e| e.to_string())?;
        if h.schema > HISTORY_SCHEMA {
            return Err(format!(
                "written by a newer version of the game (history schema {}; this version reads up to {HISTORY_SCHEMA})",
                h.schema
            ));
        }
        h.check()?;
        Ok(h)
    }

    /// Refuses, in words, entries no game wrote: two runs under one id (a
    /// later booking would replace the wrong one), a damage figure that is
    /// not an amount (negative, NaN, 1e30-scale), a build code that is
    /// not a whole code.
    pub fn check(&self) -> Result<(), String> {
        let mut seen = std::collections::HashMap::new();
        for (i, r) in self.runs.iter().enumerate() {
            if let Some(j) = seen.insert(r.run_id.as_str(), i) {
                return Err(format!(
                    "runs {} and {} share the run id `{}`; every run has its own",
                    j + 1,
                    i + 1,
                    r.run_id
                ));
            }
            let at = |why: String| format!("run {} (`{}`): {why}", i + 1, r.run_id);
            let shares = r.damage.sources.iter().chain(&r.damage.elements).chain(&r.taken);
            let amounts = std::iter::once(("damage dealt", r.damage.total))
                .chain(shares.map(|s| (s.name.as_str(), s.damage)));
            for (what, d) in amounts {
                if !(d.is_finite() && (0.0..=MAX_DAMAGE).contains(&d)) {
                    return Err(at(format!(
                        "{what}: {d} is not an amount of damage (0 to {MAX_DAMAGE})"
                    )));
                }
            }
            if !r.build_code.is_empty()
                && let Err(e) = crate::run::build_code::check_form(&r.build_code)
            {
                return Err(at(format!("its build code cannot be read: {e}")));
            }
        }
        Ok(())
    }

    /// Adds a run. An entry whose id is taken replaces the entry under it
    /// only when `mine` holds that id (the same run booked again this
    /// session: an endless run at its clear and at its end) and is skipped
    /// when it is that entry already (a booking finished twice); any other
    /// run under a taken id gets an id of its own, so no entry is replaced
    /// by another run. The cap is the caller's ([`super::Saves`] keeps the
    /// runs past it aside). Returns the id the run is kept under.
    pub fn add(&mut self, mut r: RunRecord, mine: &[String]) -> String {
        if let Some(at) = self.runs.iter().position(|x| x.run_id == r.run_id) {
            if self.runs[at] == r {
                return r.run_id;
            }
            if mine.contains(&r.run_id) {
                self.runs[at] = r;
                return self.runs[at].run_id.clone();
            }
            let base = r.run_id.clone();
            r.run_id = (2..)
                .map(|k| format!("{base}.{k}"))
                .find(|id| !self.runs.iter().any(|x| &x.run_id == id))
                .unwrap_or(base);
        }
        let id = r.run_id.clone();
        self.runs.push(r);
        id
    }

    /// [`History::add`] with no run of this session: a run under a taken id
    /// gets one of its own.
    pub fn push(&mut self, r: RunRecord) {
        self.add(r, &[]);
    }
}

/// The most damage one history figure may hold: far above any run (a
/// 20-wave clear deals about a million), far below what breaks a sum.
pub const MAX_DAMAGE: f64 = 1e15;

/// One finished run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunRecord {
    /// Tells two bookings of one run apart from two runs: the seed and the
    /// profile's run count.
    pub run_id: String,
    /// Unix seconds when the run ended.
    pub timestamp: u64,
    /// The day it ended (UTC, `YYYY-MM-DD`).
    pub date: String,
    /// The mode in words: "Standard", "Seeded", "Daily 2026-12-03",
    /// "Boss rush", "Curse", "NG+ 1", "Practice from wave 8", "Endless".
    pub mode: String,
    /// The run's seed.
    pub seed: u64,
    /// The game version that played it.
    pub version: String,
    /// "won", "died" or "survived".
    pub outcome: String,
    /// Wave reached.
    pub wave: u32,
    /// Simulated fight seconds.
    pub elapsed_s: u64,
    /// What killed the player, when it died.
    pub death_cause: Option<String>,
    /// The build at death or clear (docs/share.md#build-codes).
    pub build_code: String,
    /// The active core's name.
    pub core: String,
    /// Damage dealt per source and per element.
    pub damage: NamedDamage,
    /// Damage taken per source, largest first.
    pub taken: Vec<NamedShare>,
    /// Gold earned over the run.
    pub gold_earned: u64,
    /// Gold spent over the run.
    pub gold_spent: u64,
    /// Level reached.
    pub level: u32,
    /// Enemies killed.
    pub kills: u64,
}

/// The outcome as the history and its filters write it.
pub fn outcome_word(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::Won) => "won",
        Some(Outcome::Died) => "died",
        Some(Outcome::Survived) => "survived",
        None => "unfinished",
    }
}

/// The mode of `run` in words (see [`RunRecord::mode`]).
pub fn mode_words(run: &Run) -> String {
    let s = run.setup();
    if let Some(d) = &s.daily {
        return format!("Daily {d}");
    }
    if let Some(w) = s.practice {
        return format!("Practice from wave {w}");
    }
    if s.boss_rush {
        return "Boss rush".to_string();
    }
    if s.curse.is_some() {
        return "Curse".to_string();
    }
    if s.ng_plus > 0 {
        return format!("NG+ {}", s.ng_plus);
    }
    if run.endless() {
        return "Endless".to_string();
    }
    if s.seeded {
        return "Seeded".to_string();
    }
    "Standard".to_string()
}

/// The history entry of a run that reached its summary, ended at unix
/// second `now`; `nth` is the profile's run count after booking it (an
/// endless run's end books no new run, so both its bookings share one id).
pub fn record_of(run: &Run, now: u64, nth: u32) -> RunRecord {
    let s = run.summary();
    let w = run.world();
    let date = crate::share::daily::Date::from_days((now / 86_400) as i64);
    RunRecord {
        run_id: format!("{}-{nth}", run.setup().seed),
        timestamp: now,
        date: date.to_string(),
        mode: mode_words(run),
        seed: run.setup().seed,
        version: env!("CARGO_PKG_VERSION").to_string(),
        outcome: outcome_word(run.outcome()).to_string(),
        wave: w.wave,
        elapsed_s: s.elapsed_s,
        death_cause: s.death_cause.clone(),
        build_code: s.build_code.clone(),
        core: s.core.clone(),
        damage: s.damage.clone(),
        taken: s.taken.clone(),
        gold_earned: s.gold_earned,
        gold_spent: s.gold_spent,
        level: s.level,
        kills: s.kills,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str) -> RunRecord {
        RunRecord {
            run_id: id.to_string(),
            timestamp: 0,
            date: "1970-01-01".into(),
            mode: "Standard".into(),
            seed: 1,
            version: "0".into(),
            outcome: "died".into(),
            wave: 3,
            elapsed_s: 100,
            death_cause: None,
            build_code: String::new(),
            core: "Core".into(),
            damage: NamedDamage::default(),
            taken: Vec::new(),
            gold_earned: 0,
            gold_spent: 0,
            level: 1,
            kills: 0,
        }
    }

    #[test]
    fn a_run_keeps_its_entry_and_another_run_never_replaces_it() {
        let mut h = History::default();
        h.add(entry("5-3"), &[]);
        let mut later = entry("5-3");
        later.wave = 30;
        assert_eq!(h.add(later.clone(), &["5-3".to_string()]), "5-3", "the same run");
        assert_eq!(h.runs.len(), 1, "a second booking of this session's run replaces");
        assert_eq!(h.runs[0].wave, 30);
        assert_eq!(h.add(later.clone(), &[]), "5-3", "a booking finished twice");
        assert_eq!(h.runs.len(), 1);
        let mut other = entry("5-3");
        other.wave = 4;
        assert_eq!(h.add(other, &[]), "5-3.2", "another run under a taken id");
        assert_eq!(h.runs.len(), 2);
        assert_eq!(h.runs[0].wave, 30, "kept");
        assert_eq!(h.check(), Ok(()));
    }

    #[test]
    fn entries_no_game_wrote_are_refused_in_words() {
        let mut h = History {
            runs: vec![entry("1-1"), entry("1-1")],
            ..History::default()
        };
        assert!(h.check().unwrap_err().contains("share the run id `1-1`"));
        let mut e = entry("1-1");
        e.damage.total = -1e30;
        h.runs = vec![e];
        assert!(h.check().unwrap_err().contains("not an amount of damage"));
        let mut e = entry("1-1");
        e.build_code = "AA1-nonsense".into();
        h.runs = vec![e];
        assert!(h.check().unwrap_err().contains("build code cannot be read"));
    }

    #[test]
    fn a_bad_or_newer_file_is_refused_in_words() {
        assert!(History::parse(b"{").is_err());
        let newer = br#"{"schema": 9, "runs": []}"#;
        assert!(History::parse(newer).unwrap_err().contains("newer version"));
        let text = serde_json::to_vec(&History::default()).expect("writes");
        assert_eq!(History::parse(&text), Ok(History::default()));
    }
}
