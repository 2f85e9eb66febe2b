//! The records' two newer tables (docs/share.md#daily and
//! docs/share.md#verified-results): the daily runs, one per UTC date (the
//! first attempt of a day counts; later ones play but are not entered), and
//! results imported from export files, entered only after their replay
//! re-simulated to the claim. Both are sealed like every record.

pub use super::records::{DAILY_KEPT, DailyRecord, IMPORTED_KEPT, ImportedResult};
use super::records::{Records, Sealed};

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
