//! Run history (`history.json`, docs/share.md#run-history): one entry per
//! finished run, window or `sim --profile`, with what a player asks of a
//! past run: how it ended and why, the build it ended with as a code, which
//! chips did the damage and what hurt.
//!
//! Bounded: the most recent [`HISTORY_KEPT`] runs are kept (an entry is
//! about 1–2 KB, so the file stays well under a megabyte). It is written
//! atomically through the profile's store and read through
//! [`super::Saves::load_file`]'s rules: a file that cannot be used is moved
//! aside and named, never overwritten unread.

use serde::{Deserialize, Serialize};

use crate::combat::attribution::{NamedDamage, NamedShare};
use crate::run::{Outcome, Run};

/// The history's file name inside the profile folder.
pub const HISTORY_FILE: &str = "history.json";

/// Runs kept: the oldest go first once a new run would make more.
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
    /// Reads a history file's bytes; the reason in words when they are not one.
    pub fn parse(bytes: &[u8]) -> Result<History, String> {
        let h: History = super::store::parse_bytes(HISTORY_FILE, bytes).map_err(|e| e.to_string())?;
        if h.schema > HISTORY_SCHEMA {
            return Err(format!(
                "written by a newer version of the game (history schema {}; this version reads up to {HISTORY_SCHEMA})",
                h.schema
            ));
        }
        Ok(h)
    }

    /// Adds a run, dropping the oldest beyond [`HISTORY_KEPT`]. An endless
    /// run booked at its clear and again at its end keeps one entry: the
    /// later one replaces the earlier.
    pub fn push(&mut self, r: RunRecord) {
        if let Some(last) = self.runs.last_mut()
            && last.run_id == r.run_id
        {
            *last = r;
            return;
        }
        self.runs.push(r);
        let extra = self.runs.len().saturating_sub(HISTORY_KEPT);
        self.runs.drain(..extra);
    }
}

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
    fn the_history_keeps_the_last_runs_and_one_entry_per_run() {
        let mut h = History::default();
        for i in 0..HISTORY_KEPT + 5 {
            h.push(entry(&i.to_string()));
        }
        assert_eq!(h.runs.len(), HISTORY_KEPT);
        assert_eq!(h.runs[0].run_id, "5", "the oldest went first");
        let mut again = entry(&(HISTORY_KEPT + 4).to_string());
        again.wave = 30;
        h.push(again);
        assert_eq!(h.runs.len(), HISTORY_KEPT, "a second booking replaces");
        assert_eq!(h.runs.last().map(|r| r.wave), Some(30));
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
