//! The one door to the player's saved progress: [`Saves::open`] reads the
//! profile and the records (migrating, keeping broken files aside) and never
//! fails, so the game always starts; what happened on the way is in
//! [`Saves::notices`], sentences for the title screen.
//!
//! Files that must not be replaced — one written by a newer game, one that
//! could not be read from disk, a migration whose backup could not be
//! written — *block* saving that file for the session: the game runs on
//! defaults (or the migrated copy) in memory and `save_*` returns
//! [`StoreError::Blocked`] rather than overwrite them.

use std::path::Path;

use super::history::{HISTORY_FILE, HISTORY_KEPT, HISTORY_MAX_BYTES, History};
use super::meta::Profile;
use super::migrate::{MigrateError, profile_from_value, schema_of};
use super::records::{RECORDS_FILE, RECORDS_SCHEMA, Records, Sealed};
use super::store::{ProfileStore, StoreError, from_value, parse_value};

/// The profile's file name inside the store.
pub const PROFILE_FILE: &str = "profile.json";

/// The profile and records of one player, as loaded, with what the player
/// must be told about them.
#[derive(Debug)]
pub struct Saves {
    store: ProfileStore,
    /// Progress between runs; saved with [`Saves::save_profile`].
    pub profile: Profile,
    /// Best wave, fastest clear, endless leaderboard; saved with [`Saves::save_records`].
    pub records: Records,
    /// Finished runs (docs/share.md#run-history); runs booked into the
    /// profile join it when the profile is saved.
    pub history: History,
    /// Sentences for the player about what loading did (a file kept aside, a
    /// profile upgraded, a newer file left alone). Shown once: the next start
    /// finds the situation resolved and says nothing.
    pub notices: Vec<String>,
    profile_blocked: Option<String>,
    records_blocked: Option<String>,
    /// Run ids this session put in the history: only these may be
    /// replaced by a later booking (an endless run's end).
    booked_here: Vec<String>,
}

impl Saves {
    /// Loads everything in `store`. Stray temporary files of a killed writer
    /// are removed first. Never fails: every problem ends as a notice and the
    /// game runs on what could be kept.
    pub fn open(store: ProfileStore) -> Saves {
        store.remove_stale_temps();
        let mut saves = Saves {
            store,
            profile: Profile::default(),
            records: Records::default(),
            history: History::default(),
            notices: Vec::new(),
            profile_blocked: None,
            records_blocked: None,
            booked_here: Vec::new(),
        };
        saves.load_records();
        saves.load_profile();
        saves.history = saves
            .load_file(
                HISTORY_FILE,
                "your run history",
                HISTORY_MAX_BYTES,
                History::parse,
            )
            .unwrap_or_default();
        saves.settle_history();
        saves
    }

    /// Finishes what a stopped game left: runs the profile booked that
    /// never reached the history (the game stopped between the two
    /// writes) join it, and a history past its cap has its oldest runs
    /// moved to a file of their own; each with a notice.
    fn settle_history(&mut self) {
        let waiting = self.profile.pending_history.len();
        if waiting > 0 && self.profile_blocked.is_none() {
            let done = self.save_profile();
            self.notices.push(match done {
                Ok(()) => format!(
                    "{waiting} run(s) booked just before the game last stopped were added to your run history."
                ),
                Err(e) => format!(
                    "{waiting} run(s) booked just before the game last stopped could not be added to your run history yet ({e}); they stay in your profile until they can."
                ),
            });
        } else if self.history.runs.len() > HISTORY_KEPT
            && let Err(e) = self
                .archive_history()
                .and_then(|()| self.store.save(HISTORY_FILE, &self.history))
        {
            self.notices.push(format!(
                "Your run history holds more than {HISTORY_KEPT} runs and its oldest could not be moved aside ({e}); it was left as it is."
            ));
        }
    }

    /// Moves the oldest runs of a history past [`HISTORY_KEPT`] to a file
    /// of their own (`history-FROM-to-TO.json`, the same form), keeping
    /// the newest half of the cap, with a notice: nothing past the cap is
    /// dropped. On failure nothing is cut.
    fn archive_history(&mut self) -> Result<(), StoreError> {
        let len = self.history.runs.len();
        if len <= HISTORY_KEPT {
            return Ok(());
        }
        let n = len - HISTORY_KEPT / 2;
        let older = History {
            runs: self.history.runs[..n].to_vec(),
            ..History::default()
        };
        // Dates from the file: only digits and dashes reach a file name.
        let day = |d: &str| -> String { d.chars().filter(|c| c.is_ascii_digit() || *c == '-').collect() };
        let stem = format!(
            "history-{}-to-{}",
            day(&older.runs[0].date),
            day(&older.runs[n - 1].date)
        );
        let name = (1..)
            .map(|k| {
                if k == 1 {
                    format!("{stem}.json")
                } else {
                    format!("{stem}-{k}.json")
                }
            })
            .find(|name| !self.store.path(name).exists())
            .unwrap_or_else(|| format!("{stem}.json"));
        self.store.save(&name, &older)?;
        self.history.runs.drain(..n);
        self.notices.push(format!(
            "Your run history passed {HISTORY_KEPT} runs: the oldest {n} were moved to {}; the newest {} stay in the list.",
            self.store.path(&name).display(),
            self.history.runs.len()
        ));
        Ok(())
    }

    /// The folder the saves live in, for other files (replays, snapshots
    /// under `runs/` via [`ProfileStore::save_bytes`]).
    pub fn store(&self) -> &ProfileStore {
        &self.store
    }

    /// Why the profile will not be saved this session, if it will not.
    pub fn profile_blocked(&self) -> Option<&str> {
        self.profile_blocked.as_deref()
    }

    /// Why the records will not be saved this session, if they will not.
    pub fn records_blocked(&self) -> Option<&str> {
        self.records_blocked.as_deref()
    }

    /// Writes the profile atomically, unless the file on disk must not be
    /// replaced (see the module doc). Runs booked since the last save reach
    /// the history as one unit with the profile: the profile is written
    /// with them inside (the one write that commits the run), then the
    /// history with them, then the profile without them. A game stopped
    /// between two of the writes leaves them in the profile, and the next
    /// [`Saves::open`] finishes the move ([`History::add`] keeps one entry
    /// per run however often that happens).
    pub fn save_profile(&mut self) -> Result<(), StoreError> {
        if self.profile.pending_history.is_empty() {
            return self.save_profile_file();
        }
        if self.profile_blocked.is_some() {
            // The profile is not written this session; its runs still are.
            let history = self.save_history();
            return self.save_profile_file().and(history);
        }
        self.save_profile_file()?;
        self.save_history()?;
        self.save_profile_file()
    }

    /// Moves booked runs into the history and writes it. On a failed write
    /// the runs stay booked, for the next save.
    fn save_history(&mut self) -> Result<(), StoreError> {
        let pending = std::mem::take(&mut self.profile.pending_history);
        for r in pending.iter().cloned() {
            let id = self.history.add(r, &self.booked_here);
            if !self.booked_here.contains(&id) {
                self.booked_here.push(id);
            }
        }
        let archived = self.archive_history();
        let saved = archived.and_then(|()| self.store.save(HISTORY_FILE, &self.history));
        if saved.is_err() {
            self.profile.pending_history = pending;
        }
        saved
    }

    fn save_profile_file(&self) -> Result<(), StoreError> {
        if let Some(reason) = &self.profile_blocked {
            return Err(StoreError::Blocked {
                path: self.store.path(PROFILE_FILE),
                reason: reason.clone(),
            });
        }
        self.store.save(PROFILE_FILE, &self.profile)
    }

    /// Writes the records atomically, unless the file on disk must not be
    /// replaced.
    pub fn save_records(&self) -> Result<(), StoreError> {
        if let Some(reason) = &self.records_blocked {
            return Err(StoreError::Blocked {
                path: self.store.path(RECORDS_FILE),
                reason: reason.clone(),
            });
        }
        self.store.save(RECORDS_FILE, &self.records)
    }

    /// The load path of every other file in the profile folder (the saved
    /// run, the settings, anything added later): reads `name` (at most `max`
    /// bytes, refused beyond without reading further) and hands the bytes to
    /// `parse`. A file `parse` refuses, or one too large, is renamed aside
    /// (`NAME.corrupt-<time>`) and named in a notice: never deleted, never
    /// overwritten unread. `what` names the file for the player ("your
    /// saved run"). `None` when there is no file or it was not usable.
    pub fn load_file<T>(
        &mut self,
        name: &str,
        what: &str,
        max: u64,
        parse: impl FnOnce(&[u8]) -> Result<T, String>,
    ) -> Option<T> {
        let path = self.store.path(name);
        let reason = match read_at_most(&path, max) {
            Ok(None) => return None,
            Ok(Some(Ok(bytes))) => match parse(&bytes) {
                Ok(v) => return Some(v),
                Err(reason) => reason,
            },
            Ok(Some(Err(()))) => format!("it is larger than {} MiB", (max >> 20).max(1)),
            Err(e) => {
                self.notices.push(format!(
                    "{} could not be read ({e}); it was left as it is.",
                    capitalise(what)
                ));
                return None;
            }
        };
        match self.store.keep_aside(name) {
            Ok(kept_at) => self.notices.push(format!(
                "{} could not be used ({reason}); it was kept as {}.",
                capitalise(what),
                kept_at.display()
            )),
            Err(e) => self.notices.push(format!(
                "{} could not be used ({reason}) nor moved aside ({e}); it was left as it is.",
                capitalise(what)
            )),
        }
        None
    }

    fn load_records(&mut self) {
        let bytes = match self.store.read(RECORDS_FILE) {
            Ok(Some(b)) => b,
            Ok(None) => return,
            Err(e) => {
                self.notices.push(format!(
                    "Your records could not be read ({e}); they were left as they are and new ones will not be saved this session."
                ));
                self.records_blocked = Some(e.to_string());
                return;
            }
        };
        let parsed = parse_value(RECORDS_FILE, &bytes).and_then(|v| {
            let schema = schema_of(RECORDS_FILE, &v)?;
            if schema > RECORDS_SCHEMA {
                return Ok(Err(schema));
            }
            from_value::<Records>(RECORDS_FILE, v).map(Ok)
        });
        match parsed {
            Ok(Ok(mut records)) => {
                records.schema = RECORDS_SCHEMA;
                let tampered = records.verify();
                if !tampered.is_clean() {
                    self.notices.push(
                        "Some of your records do not match their checksums (the file was edited); they are shown as tampered and kept."
                            .to_string(),
                    );
                }
                self.records = records;
            }
            Ok(Err(found)) => {
                let reason = format!(
                    "written by a newer version of the game (records schema {found}; this version reads up to {RECORDS_SCHEMA})"
                );
                self.notices.push(format!(
                    "Your records were {reason}; they were left untouched at {} and records from this session will not be saved over them.",
                    self.store.path(RECORDS_FILE).display()
                ));
                self.records_blocked = Some(reason);
            }
            Err(reason) => match self.store.keep_aside(RECORDS_FILE) {
                Ok(kept_at) => self.notices.push(format!(
                    "Your records could not be read ({reason}); they were kept as {} and a new list was started.",
                    kept_at.display()
                )),
                Err(e) => self.block_records_unmovable(reason.to_string(), e),
            },
        }
    }

    fn block_records_unmovable(&mut self, reason: String, e: StoreError) {
        self.notices.push(format!(
            "Your records could not be read ({reason}) nor moved aside ({e}); they were left as they are and new ones will not be saved this session."
        ));
        self.records_blocked = Some(reason);
    }

    fn load_profile(&mut self) {
        let path = self.store.path(PROFILE_FILE);
        let bytes = match self.store.read(PROFILE_FILE) {
            Ok(Some(b)) => b,
            Ok(None) => return,
            Err(e) => {
                self.notices.push(format!(
                    "Your profile could not be read ({e}); it was left as it is, the game runs on a new profile and will not save over it."
                ));
                self.profile_blocked = Some(e.to_string());
                return;
            }
        };
        let migrated = parse_value(PROFILE_FILE, &bytes)
            .map_err(MigrateError::Invalid)
            .and_then(|v| profile_from_value(PROFILE_FILE, v));
        let m = match migrated {
            Ok(m) => m,
            Err(MigrateError::Newer { found, known }) => {
                let reason = MigrateError::Newer { found, known }.to_string();
                self.notices.push(format!(
                    "Your profile was {reason}; it was left untouched at {} and this session's progress will not be saved over it.",
                    path.display()
                ));
                self.profile_blocked = Some(reason);
                return;
            }
            Err(MigrateError::Invalid(reason)) => {
                match self.store.keep_aside(PROFILE_FILE) {
                    Ok(kept_at) => self.notices.push(format!(
                        "Your profile could not be read ({reason}); it was kept as {} and a new one was started.",
                        kept_at.display()
                    )),
                    Err(e) => {
                        self.notices.push(format!(
                            "Your profile could not be read ({reason}) nor moved aside ({e}); it was left as it is, the game runs on a new profile and will not save over it."
                        ));
                        self.profile_blocked = Some(reason.to_string());
                    }
                }
                return;
            }
        };
        self.profile = m.profile;
        if m.from == super::meta::PROFILE_SCHEMA {
            return;
        }
        // An upgrade: the original is kept before anything is written.
        let backup = match self
            .store
            .save_copy(&format!("{PROFILE_FILE}.v{}-backup", m.from), &bytes)
        {
            Ok(at) => at,
            Err(e) => {
                let reason = format!("the original could not be backed up ({e})");
                self.notices.push(format!(
                    "Your profile was upgraded from version {} in memory, but {reason}; the file was left as it is and this session's progress will not be saved over it.",
                    m.from
                ));
                self.profile_blocked = Some(reason);
                return;
            }
        };
        self.carry_endless(m.endless, &backup);
        let saved = self.save_profile();
        self.notices.push(match saved {
            Ok(()) => format!(
                "Your profile was upgraded from version {}; the original is kept as {}.",
                m.from,
                backup.display()
            ),
            Err(e) => format!(
                "Your profile was upgraded from version {}; the original is kept as {}, but the upgraded profile could not be saved yet ({e}).",
                m.from,
                backup.display()
            ),
        });
    }

    /// Moves a migrated profile's endless records into the records file.
    fn carry_endless(&mut self, endless: Vec<super::meta::EndlessRecord>, backup: &Path) {
        if endless.is_empty() {
            return;
        }
        if self.records_blocked.is_some() {
            self.notices.push(format!(
                "The endless records of your old profile could not be moved into the records file; they stay in {}.",
                backup.display()
            ));
            return;
        }
        // Oldest first, as the leaderboard keeps them; already present ones
        // (an earlier, interrupted upgrade) are not doubled.
        let mut incoming = endless;
        incoming.sort_by_key(|r| r.timestamp);
        for r in incoming {
            if !self.records.endless.iter().any(|s| s.record == r) {
                self.records.endless.push(Sealed::new(r));
            }
        }
        self.records.endless.sort_by_key(|s| s.record.timestamp);
        let extra = self
            .records
            .endless
            .len()
            .saturating_sub(super::meta::ENDLESS_RECORDS_KEPT);
        self.records.endless.drain(..extra);
        if let Err(e) = self.save_records() {
            self.notices.push(format!(
                "The endless records of your old profile could not be saved to the records file yet ({e}); they stay in {}.",
                backup.display()
            ));
        }
    }
}

/// `Ok(None)` when `path` does not exist, `Ok(Some(Err(())))` when it holds
/// more than `max` bytes (only `max + 1` are read to know).
fn read_at_most(path: &Path, max: u64) -> std::io::Result<Option<Result<Vec<u8>, ()>>> {
    use std::io::Read;
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes)?;
    Ok(Some(if bytes.len() as u64 > max {
        Err(())
    } else {
        Ok(bytes)
    }))
}

/// "your saved run" → "Your saved run", for the start of a notice.
fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
