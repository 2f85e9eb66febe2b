//! Local records (`records.json`): best wave, fastest clear and the endless
//! leaderboard of docs/game.md#records (the most recent 20, ranked by
//! [`EndlessRecord::score`]).
//!
//! Every record carries a checksum over its fields. It is tamper *evidence*,
//! not protection: the key is in this source, so anyone who reads it can
//! forge a record. It catches hand edits of the file, which is all a local
//! leaderboard can promise. A record whose checksum does not match is shown
//! as tampered and kept; it is never deleted for that.

use serde::{Deserialize, Serialize};

use super::meta::{ENDLESS_RECORDS_KEPT, EndlessRecord};

/// The records file's schema version. Version 1 is the first; a file without
/// a `schema` field is read as version 1. Version 2 adds the daily table and
/// the imported results (both empty in a version-1 file), so an older game
/// leaves a version-2 file alone rather than drop them.
pub const RECORDS_SCHEMA: u32 = 2;

/// The file the records live in, inside the profile folder.
pub const RECORDS_FILE: &str = "records.json";

/// Mixed into every checksum so a plain FNV-1a of the fields does not match.
const SEAL_KEY: &str = "arcane-artificer/records/v1";

/// What a record's checksum covers: its fields in a fixed text form.
/// Seconds are written to the millisecond, so a value that reads back a
/// hair off after a JSON round trip still gives the same text.
pub trait Sealable {
    /// The fields, in a fixed order and format.
    fn canonical(&self) -> String;
}

impl Sealable for EndlessRecord {
    fn canonical(&self) -> String {
        format!(
            "endless|{}|{:.3}|{}|{}",
            self.wave, self.elapsed_sec, self.build_checksum, self.timestamp
        )
    }
}

/// A record with its checksum.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sealed<T> {
    /// The record itself.
    pub record: T,
    /// Keyed FNV-1a 64 of [`Sealable::canonical`], hex.
    pub checksum: String,
}

impl<T: Sealable> Sealed<T> {
    /// Seals `record` with its current checksum.
    pub fn new(record: T) -> Self {
        let checksum = seal(&record.canonical());
        Self { record, checksum }
    }

    /// False when the record was changed after it was written (or the
    /// checksum was): such a record is shown as tampered.
    pub fn intact(&self) -> bool {
        seal(&self.record.canonical()) == self.checksum
    }
}

/// Keyed FNV-1a 64 over `text`, hex.
fn seal(text: &str) -> String {
    use crate::rng::{FNV_OFFSET, fnv1a64_extend};
    let keyed = fnv1a64_extend(fnv1a64_extend(FNV_OFFSET, SEAL_KEY.as_bytes()), &[0]);
    format!("{:016x}", fnv1a64_extend(keyed, text.as_bytes()))
}

/// The furthest any run got.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BestWave {
    /// Wave reached.
    pub wave: u32,
    /// The run's seed, so the run can be looked at again.
    pub seed: u64,
    /// Checksum of the build ([`super::meta::build_checksum`]).
    pub build_checksum: String,
    /// Unix seconds when the run ended.
    pub timestamp: u64,
    /// The player typed the seed (docs/share.md#seeded-runs).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seeded: bool,
}

impl Sealable for BestWave {
    fn canonical(&self) -> String {
        format!(
            "best_wave|{}|{}|{}|{}{}",
            self.wave,
            self.seed,
            self.build_checksum,
            self.timestamp,
            seeded_mark(self.seeded)
        )
    }
}

/// What a seeded record adds to its canonical text: nothing for the others,
/// so records sealed before seeded runs existed keep their seals.
fn seeded_mark(seeded: bool) -> &'static str {
    if seeded { "|seeded" } else { "" }
}

/// The quickest win (W20 boss beaten).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FastestClear {
    /// Seconds from the first wave to the win.
    pub elapsed_sec: f64,
    /// The run's seed.
    pub seed: u64,
    /// Checksum of the build.
    pub build_checksum: String,
    /// Unix seconds when the run ended.
    pub timestamp: u64,
    /// The player typed the seed (docs/share.md#seeded-runs).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seeded: bool,
}

impl Sealable for FastestClear {
    fn canonical(&self) -> String {
        format!(
            "fastest_clear|{:.3}|{}|{}|{}{}",
            self.elapsed_sec,
            self.seed,
            self.build_checksum,
            self.timestamp,
            seeded_mark(self.seeded)
        )
    }
}

/// Everything in `records.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Records {
    /// Schema version of the file ([`RECORDS_SCHEMA`] once loaded).
    pub schema: u32,
    /// The furthest run, if any run has been booked.
    pub best_wave: Option<Sealed<BestWave>>,
    /// The quickest win, if any.
    pub fastest_clear: Option<Sealed<FastestClear>>,
    /// Endless runs, oldest first, at most [`ENDLESS_RECORDS_KEPT`].
    pub endless: Vec<Sealed<EndlessRecord>>,
    /// Counted daily runs, by date (docs/share.md#daily).
    pub daily: Vec<Sealed<DailyRecord>>,
    /// Results imported through verification, best score first
    /// (docs/share.md#verified-results).
    pub imported: Vec<Sealed<ImportedResult>>,
}

impl Default for Records {
    fn default() -> Self {
        Self {
            schema: RECORDS_SCHEMA,
            best_wave: None,
            fastest_clear: None,
            endless: Vec::new(),
            daily: Vec::new(),
            imported: Vec::new(),
        }
    }
}

/// What a booked run changed, so the end-of-run screen can say "new record".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RecordNews {
    /// The run went further than the best wave on record.
    pub best_wave: bool,
    /// The run was a win faster than the fastest clear on record.
    pub fastest_clear: bool,
}

/// Which records failed their checksum.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tampered {
    /// The best wave record was edited.
    pub best_wave: bool,
    /// The fastest clear record was edited.
    pub fastest_clear: bool,
    /// Indices into [`Records::endless`] that were edited.
    pub endless: Vec<usize>,
    /// Daily or imported entries were edited.
    pub boards: bool,
}

impl Tampered {
    /// True when every record is intact.
    pub fn is_clean(&self) -> bool {
        !self.best_wave && !self.fastest_clear && self.endless.is_empty() && !self.boards
    }
}

impl Records {
    /// Books a finished run. A record is replaced only by a better one (a
    /// tampered record is compared by what it claims, and stays shown as
    /// tampered until beaten). `elapsed_sec` counts for the fastest clear
    /// only when `won`.
    pub fn note_run(
        &mut self,
        wave_reached: u32,
        won: bool,
        elapsed_sec: f64,
        seed: u64,
        build_checksum: &str,
        timestamp: u64,
    ) -> RecordNews {
        let mut news = RecordNews::default();
        if self
            .best_wave
            .as_ref()
            .is_none_or(|b| wave_reached > b.record.wave)
        {
            self.best_wave = Some(Sealed::new(BestWave {
                wave: wave_reached,
                seed,
                build_checksum: build_checksum.to_string(),
                timestamp,
                seeded: false,
            }));
            news.best_wave = true;
        }
        if won
            && elapsed_sec.is_finite()
            && self
                .fastest_clear
                .as_ref()
                .is_none_or(|f| elapsed_sec < f.record.elapsed_sec)
        {
            self.fastest_clear = Some(Sealed::new(FastestClear {
                elapsed_sec,
                seed,
                build_checksum: build_checksum.to_string(),
                timestamp,
                seeded: false,
            }));
            news.fastest_clear = true;
        }
        news
    }

    /// Marks the records `news` says a seeded run just set as seeded (and
    /// seals them again).
    pub fn mark_seeded(&mut self, news: RecordNews) {
        if news.best_wave
            && let Some(b) = &mut self.best_wave
        {
            b.record.seeded = true;
            *b = Sealed::new(b.record.clone());
        }
        if news.fastest_clear
            && let Some(f) = &mut self.fastest_clear
        {
            f.record.seeded = true;
            *f = Sealed::new(f.record.clone());
        }
    }

    /// Adds an endless run, newest last. Past [`ENDLESS_RECORDS_KEPT`] the
    /// oldest drop off (docs/game.md#records keeps the most recent 20); that rotation is the
    /// only way a record leaves, whether intact or tampered.
    pub fn note_endless(&mut self, record: EndlessRecord) {
        self.endless.push(Sealed::new(record));
        let extra = self.endless.len().saturating_sub(ENDLESS_RECORDS_KEPT);
        self.endless.drain(..extra);
    }

    /// Which records fail their checksum.
    pub fn verify(&self) -> Tampered {
        Tampered {
            best_wave: self.best_wave.as_ref().is_some_and(|b| !b.intact()),
            fastest_clear: self.fastest_clear.as_ref().is_some_and(|f| !f.intact()),
            endless: self
                .endless
                .iter()
                .enumerate()
                .filter(|(_, r)| !r.intact())
                .map(|(i, _)| i)
                .collect(),
            boards: !self.daily.iter().all(Sealed::intact) || !self.imported.iter().all(Sealed::intact),
        }
    }

    /// The endless leaderboard for display: best [`EndlessRecord::score`]
    /// first (newer first among equal scores), each with whether it is intact.
    pub fn leaderboard(&self) -> Vec<(&EndlessRecord, bool)> {
        let mut rows: Vec<(usize, &Sealed<EndlessRecord>)> = self.endless.iter().enumerate().collect();
        rows.sort_by(|(ia, a), (ib, b)| b.record.score().cmp(&a.record.score()).then(ib.cmp(ia)));
        rows.into_iter().map(|(_, s)| (&s.record, s.intact())).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn endless(wave: u32, elapsed_sec: f64, timestamp: u64) -> EndlessRecord {
        EndlessRecord {
            wave,
            elapsed_sec,
            build_checksum: "b".into(),
            timestamp,
        }
    }

    #[test]
    fn runs_replace_records_only_when_better() {
        let mut r = Records::default();
        assert_eq!(
            r.note_run(8, false, 600.0, 1, "b", 10),
            RecordNews {
                best_wave: true,
                fastest_clear: false
            }
        );
        assert_eq!(r.note_run(6, false, 500.0, 2, "b", 11), RecordNews::default());
        let news = r.note_run(20, true, 1500.25, 3, "c", 12);
        assert!(news.best_wave && news.fastest_clear);
        assert!(!r.note_run(20, true, 1600.0, 4, "c", 13).fastest_clear);
        assert!(r.note_run(20, true, 1400.0, 5, "c", 14).fastest_clear);
        assert_eq!(r.best_wave.as_ref().unwrap().record.seed, 3);
        assert_eq!(r.fastest_clear.as_ref().unwrap().record.seed, 5);
        assert!(r.verify().is_clean());
    }

    #[test]
    fn a_seeded_record_is_marked_and_sealed_and_old_seals_hold() {
        let mut r = Records::default();
        let before = Sealed::new(BestWave {
            wave: 3,
            seed: 1,
            build_checksum: "b".into(),
            timestamp: 1,
            seeded: false,
        });
        // A record written before the field existed reads back intact.
        let old =
            r#"{"record": {"wave": 3, "seed": 1, "build_checksum": "b", "timestamp": 1}, "checksum": "CHK"}"#
                .replace("CHK", &before.checksum);
        let back: Sealed<BestWave> = serde_json::from_str(&old).unwrap();
        assert!(back.intact());
        let news = r.note_run(9, true, 100.0, 77, "b", 2);
        r.mark_seeded(news);
        assert!(r.best_wave.as_ref().unwrap().record.seeded);
        assert!(r.fastest_clear.as_ref().unwrap().record.seeded);
        assert!(r.verify().is_clean());
    }

    #[test]
    fn endless_keeps_the_most_recent_twenty_and_ranks_by_score() {
        let mut r = Records::default();
        for i in 0..25u32 {
            r.note_endless(endless(10 + i % 7, 100.0 + f64::from(i), u64::from(i)));
        }
        assert_eq!(r.endless.len(), ENDLESS_RECORDS_KEPT);
        assert_eq!(r.endless[0].record.timestamp, 5, "the five oldest dropped off");
        let board = r.leaderboard();
        assert!(board.windows(2).all(|w| w[0].0.score() >= w[1].0.score()));
        assert!(board.iter().all(|(_, intact)| *intact));
    }

    #[test]
    fn an_edited_record_is_tampered_and_survives_a_round_trip() {
        let mut r = Records::default();
        r.note_run(9, false, 321.123_456_789, 7, "b", 1);
        r.note_run(20, true, 0.1 + 0.2, 7, "b", 2);
        r.note_endless(endless(31, 2_000.333_333, 3));
        let text = serde_json::to_string(&r).unwrap();
        let back: Records = serde_json::from_str(&text).unwrap();
        assert!(back.verify().is_clean(), "a plain round trip keeps every seal");
        let mut edited = back.clone();
        edited.endless[0].record.wave = 99;
        edited.best_wave.as_mut().unwrap().record.wave = 50;
        let t = edited.verify();
        assert!(t.best_wave && !t.fastest_clear);
        assert_eq!(t.endless, vec![0]);
        assert_eq!(edited.leaderboard()[0], (&edited.endless[0].record, false));
    }
}

// The rows of the daily and imported tables (their rules are in `boards`).

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
    /// The leaderboard score (docs/share.md#score, `crate::share::verify::score`).
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
    /// The leaderboard score (docs/share.md#score).
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
