//! The records' two newer tables (docs/share.md#daily and
//! docs/share.md#verified-results): the daily runs, one per UTC date (the
//! first attempt of a day counts; later ones play but are not entered), and
//! results imported from export files, entered only after their replay
//! re-simulated to the claim. Both are sealed like every record.

use serde::{Deserialize, Serialize};

use super::records::{Records, Sealable, Sealed};

/// Daily runs kept: about three months.
pub const DAILY_KEPT: usize = 100;

/// Imported results kept (the best by score stay).
pub const IMPORTED_KEPT: usize = 50;

/// The counted attempt at one date's daily run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DailyRecord {
    /// The daily's UTC date, `YYYY-MM-DD`.
    pub date: String,
    /// Wave reached.
    pub wave: u32,
    /// Simulated fight seconds.
    pub elapsed_s: u64,
    /// game-design §8.2's score (`crate::share::verify::score`).
    pub score: i64,
    /// The build at the end, as a code.
    pub build_code: String,
    /// Unix seconds when the run ended.
    pub timestamp: u64,
}

impl Sealable for DailyRecord {
    fn canonical(&self) -> String {
        format!(
            "daily|{}|{}|{}|{}|{}|{}",
            self.date, self.wave, self.elapsed_s, self.score, self.build_code, self.timestamp
        )
    }
}

/// A result whose replay `artificer import` re-simulated to its claim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportedResult {
    /// Wave reached.
    pub wave: u32,
    /// `died`, `won`, `survived` or `unfinished`.
    pub outcome: String,
    /// Simulated fight seconds.
    pub elapsed_s: u64,
    /// game-design §8.2's score.
    pub score: i64,
    /// The run's seed.
    pub seed: u64,
    /// The daily's date, for a daily run.
    pub daily: Option<String>,
    /// The final state hash: the same run imported twice is entered once.
    pub state_hash: String,
    /// Unix seconds when it was imported.
    pub timestamp: u64,
}

impl Sealable for ImportedResult {
    fn canonical(&self) -> String {
        format!(
            "imported|{}|{}|{}|{}|{}|{}|{}|{}",
            self.wave,
            self.outcome,
            self.elapsed_s,
            self.score,
            self.seed,
            self.daily.as_deref().unwrap_or(""),
            self.state_hash,
            self.timestamp
        )
    }
}

/// What importing did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Imported {
    /// Entered on the board.
    Entered,
    /// The same run (same final state) was already there.
    AlreadyThere,
}

impl Records {
    /// Enters a daily run if it is the first of its date; true when it
    /// counted. A second attempt is not entered (the history keeps it).
    pub fn note_daily(&mut self, r: DailyRecord) -> bool {
        if self.daily.iter().any(|d| d.record.date == r.date) {
            return false;
        }
        self.daily.push(Sealed::new(r));
        self.daily.sort_by(|a, b| a.record.date.cmp(&b.record.date));
        let extra = self.daily.len().saturating_sub(DAILY_KEPT);
        self.daily.drain(..extra);
        true
    }

    /// True when the daily of `date` has been counted already.
    pub fn daily_counted(&self, date: &str) -> bool {
        self.daily.iter().any(|d| d.record.date == date)
    }

    /// Enters a verified result; only call it with a result a replay
    /// reproduced (`artificer import` does). Best score first; past
    /// [`IMPORTED_KEPT`] the lowest drop off.
    pub fn note_imported(&mut self, r: ImportedResult) -> Imported {
        if self.imported.iter().any(|s| s.record.state_hash == r.state_hash) {
            return Imported::AlreadyThere;
        }
        self.imported.push(Sealed::new(r));
        self.imported.sort_by(|a, b| {
            b.record
                .score
                .cmp(&a.record.score)
                .then(a.record.timestamp.cmp(&b.record.timestamp))
        });
        self.imported.truncate(IMPORTED_KEPT);
        Imported::Entered
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn daily(date: &str, wave: u32) -> DailyRecord {
        DailyRecord {
            date: date.into(),
            wave,
            elapsed_s: 100,
            score: crate::share::verify::score(wave, 100),
            build_code: "AA1-x".into(),
            timestamp: 1,
        }
    }

    #[test]
    fn only_the_first_daily_of_a_date_counts() {
        let mut r = Records::default();
        assert!(r.note_daily(daily("2026-12-03", 5)));
        assert!(
            !r.note_daily(daily("2026-12-03", 9)),
            "a second attempt does not count"
        );
        assert!(r.note_daily(daily("2026-12-02", 3)));
        assert_eq!(r.daily.len(), 2);
        assert_eq!(r.daily[1].record.wave, 5);
        assert!(r.daily_counted("2026-12-03") && !r.daily_counted("2026-12-04"));
        assert!(r.daily.iter().all(Sealed::intact));
    }

    #[test]
    fn an_imported_run_is_entered_once() {
        let mut r = Records::default();
        let res = ImportedResult {
            wave: 4,
            outcome: "survived".into(),
            elapsed_s: 240,
            score: 486_160,
            seed: 3,
            daily: None,
            state_hash: "ab".into(),
            timestamp: 2,
        };
        assert_eq!(r.note_imported(res.clone()), Imported::Entered);
        assert_eq!(r.note_imported(res), Imported::AlreadyThere);
        assert!(r.imported[0].intact());
    }
}
