//! The window's hold on the player's profile: loaded once at start, a new
//! run's setup drawn from it, codex entries opened as things are met (with a
//! toast for each first reaction), the run booked when it ends, and a run
//! left between waves saved and restored.
//!
//! A run in progress is saved as its own replay (`run.rpl` in the profile
//! folder): the commands since the lab, with the state hash of every wave
//! end. Continue re-runs it headless, a slice of every frame, and checks the
//! hashes as it goes, so the restored run is the one that was left, bit for
//! bit, or the player is told why not (docs/game.md#determinism-and-replays).
//! It costs re-simulating the steps already played; it never costs a format
//! for the world's state that would have to follow every rule change.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use engine::gpu::{Backend, GpuContext};

use crate::catalog::Catalog;
use crate::codex::CodexBook;
use crate::profile::Section;
use crate::profile::run_book::{self, Opened, RunEnd};
use crate::profile::store::StoreError;
use crate::profile::{Profile, Saves};
use crate::run::{Phase, Playback, Recorder, Replay, ReplayError, Run, RunError, RunSetup};
use crate::screens::settings::{SETTINGS_FILE, Settings};

/// The file a run left between waves is kept in, inside the profile folder.
pub const SAVED_RUN: &str = "run.rpl";

/// The largest settings file read (a real one is under 4 KiB).
const SETTINGS_MAX_BYTES: u64 = 1 << 20;

/// Seconds a toast stays on screen.
const TOAST_S: f32 = 4.0;

/// Why an unlock was not bought (the unlocks screen shows the line).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnlockError {
    /// No unlock has this id in `data/unlocks.json`.
    #[error("no unlock `{0}`")]
    Unknown(String),
    /// The profile has it already (named).
    #[error("{0} is already unlocked")]
    Owned(String),
    /// Not enough fragments.
    #[error("{name} costs {cost} fragments; you have {have}")]
    Short {
        /// The unlock's name.
        name: String,
        /// Its price.
        cost: u32,
        /// The profile's fragments.
        have: u32,
    },
}

/// Why the run could not be kept between waves (a toast or the log says it).
#[derive(Debug, thiserror::Error)]
pub enum SaveRunError {
    /// Only a recorded run has a replay to keep.
    #[error("this run is not recorded")]
    NotRecorded,
    /// The profile folder refused the file.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why Continue did not give the saved run back (a toast says it).
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// The file is for other game data or damaged; it was kept aside.
    #[error("The saved run cannot be restored ({reason}); it was kept as {}.", .kept.display())]
    Unusable {
        /// What is wrong with it.
        reason: Box<ReplayError>,
        /// Where it was moved.
        kept: PathBuf,
    },
    /// As [`RestoreError::Unusable`], and moving it aside failed too.
    #[error("The saved run cannot be restored ({reason}); keeping it aside failed too: {keep}")]
    NotKeptAside {
        /// What is wrong with it.
        reason: Box<ReplayError>,
        /// Why it could not be moved.
        keep: StoreError,
    },
    /// The run of its setup could not be built.
    #[error("starting the saved run: {0}")]
    Start(Box<RunError>),
    /// A command of it was refused, or a wave's hash differed.
    #[error("The saved run did not replay: {0}")]
    Replay(Box<ReplayError>),
}

/// The profile, its notices and what the window learned this session.
#[derive(Debug)]
pub struct Session {
    saves: Saves,
    /// What the run that just ended left in the profile (the summary shows it).
    pub run_end: Option<RunEnd>,
    toasts: Vec<(String, f32)>,
    last_phase: Option<Phase>,
    /// The end of this run's endless stretch went to the leaderboard.
    endless_booked: bool,
    /// The saved run, described for the title (read once, kept current).
    saved_line: Option<String>,
}

/// A saved run being re-played into a fresh run, a slice per frame.
#[derive(Debug)]
pub struct Restore {
    /// The run being rebuilt (recording again as it goes).
    pub run: Run,
    playback: Playback,
    waves: u32,
    started: Instant,
}

impl Session {
    /// Opens the profile in `dir` (`--profile`), else `$ARTIFICER_PROFILE_DIR`,
    /// else the user's data folder. Never fails: unreadable files are kept
    /// aside and named in [`Session::notices`]. A saved run that is
    /// damaged, fails its setup check or was made with another game version
    /// or other data (`data_checksum`) is kept aside at once, with a notice,
    /// so Continue never starts from it and a new run never removes it.
    pub fn open(dir: Option<&Path>, data_checksum: u64) -> Self {
        let mut saves = Saves::open(crate::profile::ProfileStore::resolve(dir));
        log::info!("profile: {}", saves.store().root().display());
        let saved_line = describe_saved_run(&mut saves, data_checksum);
        Self {
            saves,
            run_end: None,
            toasts: Vec::new(),
            last_phase: None,
            endless_booked: false,
            saved_line,
        }
    }

    /// The profile as loaded and changed this session.
    pub fn profile(&self) -> &Profile {
        &self.saves.profile
    }

    /// The profile's files (records, the folder).
    pub fn saves(&self) -> &Saves {
        &self.saves
    }

    /// Player-facing lines about files kept aside or upgraded, shown once.
    pub fn notices(&self) -> &[String] {
        &self.saves.notices
    }

    /// The notices were shown.
    pub fn dismiss_notices(&mut self) {
        self.saves.notices.clear();
    }

    /// Writes the profile; a failure is logged and shown as a toast, never fatal.
    pub fn save(&mut self) {
        if let Err(e) = self.saves.save_profile() {
            log::error!("saving the profile: {e}");
            self.toast(format!("Could not save the profile: {e}"));
        }
    }

    /// The setup of a new run: its seed, what is still locked, the onboarding
    /// lesson, Last Will.
    pub fn new_setup(&self, cat: &Catalog, seed: u64) -> RunSetup {
        run_book::setup_for(&self.saves.profile, cat, seed)
    }

    /// The setup of a practice run from a milestone the profile reached.
    pub fn practice_setup(&self, cat: &Catalog, seed: u64, wave: u32) -> Option<RunSetup> {
        run_book::practice_setup(&self.saves.profile, cat, seed, wave)
    }

    /// Spends fragments on an unlock; the reason when it cannot.
    pub fn buy_unlock(&mut self, cat: &Catalog, id: &str) -> Result<(), UnlockError> {
        let u = cat
            .unlocks
            .get(id)
            .ok_or_else(|| UnlockError::Unknown(id.to_string()))?;
        let p = &mut self.saves.profile;
        if p.unlocked.contains(id) {
            return Err(UnlockError::Owned(u.name.clone()));
        }
        if !p.buy_unlock(id, u.cost) {
            return Err(UnlockError::Short {
                name: u.name.clone(),
                cost: u.cost,
                have: p.aether,
            });
        }
        self.save();
        Ok(())
    }

    /// Turns onboarding off or on (Settings).
    pub fn set_skip_onboarding(&mut self, skip: bool) {
        if self.saves.profile.skip_onboarding != skip {
            self.saves.profile.skip_onboarding = skip;
            self.save();
        }
    }

    /// Follows the run each frame: opens codex entries for what the fight
    /// shows, toasts each first reaction (the alchemy log), opens the
    /// loadout's entries at every phase change, and books the run once it
    /// reaches its summary. The profile is written at phase changes only.
    pub fn watch(&mut self, cat: &Catalog, book: &CodexBook, run: &Run, data_checksum: u64) {
        let phase = run.phase();
        let changed = self.last_phase != Some(phase);
        self.last_phase = Some(phase);
        if run.setup().practice.is_some() {
            // Practice moves no meta progress (docs/game.md#milestones-and-practice): nothing is booked, no
            // entry opens; the run is still kept between waves.
            if changed && phase == Phase::Summary {
                self.forget_saved_run();
            } else if changed
                && phase != Phase::Fight
                && run.recorder().is_some()
                && let Err(e) = self.save_run(run, data_checksum)
            {
                log::error!("autosaving the practice run: {e}");
            }
            return;
        }
        let mut opened = Vec::new();
        if phase == Phase::Fight {
            opened.extend(run_book::observe_fight(
                &mut self.saves.profile.codex,
                run.world(),
            ));
        }
        if changed {
            opened.extend(run_book::observe_loadout(
                &mut self.saves.profile.codex,
                run.world(),
                run.carry(),
            ));
        }
        for o in &opened {
            if let Some(line) = toast_line(cat, book, o) {
                self.toast(line);
            }
        }
        if let Some(line) = run_book::mini_boss_warning(&mut self.saves.profile, cat, run) {
            self.toast(line);
            self.save();
        }
        if changed && phase == Phase::Summary && run.endless() && !self.endless_booked {
            // The clear was booked; the endless stretch feeds the leaderboard only.
            self.run_end = Some(run_book::book_run(&mut self.saves.profile, cat, run));
            run_book::note_endless(&mut self.saves.records, run);
            if let Err(e) = self.saves.save_records() {
                log::error!("saving the records: {e}");
            }
            self.endless_booked = true;
            self.forget_saved_run();
        }
        if changed && phase == Phase::Summary && self.run_end.is_none() {
            let end = run_book::book_run(&mut self.saves.profile, cat, run);
            self.note_records(run, &end);
            self.run_end = Some(end);
            self.forget_saved_run();
        }
        if changed || (!opened.is_empty() && phase != Phase::Fight) {
            self.save();
        }
        // Autosave between waves: quitting, a crash or a power cut loses at
        // most the wave being fought.
        if changed
            && !matches!(phase, Phase::Fight | Phase::Summary)
            && run.recorder().is_some()
            && let Err(e) = self.save_run(run, data_checksum)
        {
            log::error!("autosaving the run: {e}");
        }
    }

    fn note_records(&mut self, run: &Run, end: &RunEnd) {
        run_book::note_records(&mut self.saves.records, run, end);
        if let Err(e) = self.saves.save_records() {
            log::error!("saving the records: {e}");
        }
    }

    /// The settings kept in the profile folder (defaults when there are
    /// none). A broken file is kept aside and values out of range are
    /// clamped, each with a notice for the title screen (docs/data.md#settings).
    pub fn load_settings(&mut self) -> Settings {
        let mut settings = self
            .saves
            .load_file(
                SETTINGS_FILE,
                "your settings",
                SETTINGS_MAX_BYTES,
                Settings::parse,
            )
            .unwrap_or_default();
        let notes = settings.sanitize();
        self.saves.notices.extend(notes);
        settings
    }

    /// Writes the settings (atomically, like every profile file).
    pub fn save_settings(&mut self, settings: &Settings) {
        if let Err(e) = self.saves.store().save(SETTINGS_FILE, settings) {
            log::error!("saving the settings: {e}");
        }
    }

    /// A new run starts: forget the last one's summary.
    pub fn begin_run(&mut self) {
        self.run_end = None;
        self.last_phase = None;
        self.endless_booked = false;
    }

    /// Adds a toast.
    pub fn toast(&mut self, line: String) {
        self.toasts.push((line, TOAST_S));
    }

    /// Draws the toasts (top right, newest last) and ages them by `dt`.
    pub fn show_toasts(&mut self, ctx: &egui::Context, dt: f32) {
        for t in &mut self.toasts {
            t.1 -= dt;
        }
        self.toasts.retain(|t| t.1 > 0.0);
        if self.toasts.is_empty() {
            return;
        }
        egui::Area::new(egui::Id::unique("toasts"))
            .anchor(egui::Align2::RIGHT_TOP, [-12.0, 48.0])
            .interactable(false)
            .show(ctx, |ui| {
                for (line, _) in self.toasts.iter().rev().take(4).rev() {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        ui.set_max_width(340.0);
                        ui.label(line);
                    });
                }
            });
    }

    /// Keeps the run, between waves, as `run.rpl` in the profile folder.
    pub fn save_run(&mut self, run: &Run, data_checksum: u64) -> Result<(), SaveRunError> {
        let rec = run.recorder().ok_or(SaveRunError::NotRecorded)?;
        let text = rec.to_text(run.setup(), run.world().backend(), data_checksum);
        self.saves.store().save_bytes(SAVED_RUN, text.as_bytes())?;
        // Between waves the run continues with the next wave; saved in a
        // fight, with the wave being fought.
        let next = run.world().wave + u32::from(run.phase() != Phase::Fight);
        self.saved_line = Some(saved_run_line(next, run.setup().last_wave, run.setup().seed));
        Ok(())
    }

    /// A one-line description of the saved run, if there is one.
    pub fn saved_run_line(&self) -> Option<&str> {
        self.saved_line.as_deref()
    }

    /// Starts restoring the saved run. A file that cannot be restored (other
    /// game data, damaged) is kept aside with a timestamp and the reason
    /// comes back for the player.
    pub fn restore(
        &mut self,
        cat: Arc<Catalog>,
        data_checksum: u64,
        ctx: Option<&GpuContext>,
    ) -> Result<Restore, RestoreError> {
        let path = self.saves.store().root().join(SAVED_RUN);
        let replay = Replay::load(&path).and_then(|r| r.check_compatible(data_checksum).map(|()| r));
        let replay = match replay {
            Ok(r) => r,
            Err(reason) => {
                self.saved_line = None;
                let kept = self.saves.store().keep_aside(SAVED_RUN);
                return Err(match kept {
                    Ok(kept) => RestoreError::Unusable {
                        reason: Box::new(reason),
                        kept,
                    },
                    Err(keep) => RestoreError::NotKeptAside {
                        reason: Box::new(reason),
                        keep,
                    },
                });
            }
        };
        let backend = match (replay.header.backend, ctx) {
            (Backend::Gpu | Backend::Auto, Some(_)) => replay.header.backend,
            _ => Backend::Cpu,
        };
        let waves = replay.waves_recorded() as u32;
        let mut run = Run::new(cat, replay.header.setup.clone(), backend, ctx)
            .map_err(|e| RestoreError::Start(Box::new(e)))?;
        run.record(Recorder::default());
        self.begin_run();
        Ok(Restore {
            run,
            playback: Playback::new(replay),
            waves,
            started: Instant::now(),
        })
    }

    /// The saved run is over or restored into a run that records itself.
    /// Only a file this session read as a good saved run, or wrote itself,
    /// is removed: one that could not be read nor moved aside stays.
    pub fn forget_saved_run(&mut self) {
        let known = self.saved_line.take().is_some();
        let path = self.saves.store().root().join(SAVED_RUN);
        if known
            && path.exists()
            && let Err(e) = std::fs::remove_file(&path)
        {
            log::warn!("removing {}: {e}", path.display());
        }
    }
}

impl Restore {
    /// Re-plays commands for at most `budget_ms`; `Ok(true)` when done.
    pub fn advance(&mut self, budget_ms: f64) -> Result<bool, RestoreError> {
        let t = Instant::now();
        while t.elapsed().as_secs_f64() * 1000.0 < budget_ms {
            match self.playback.advance(&mut self.run) {
                Ok(true) => {}
                Ok(false) => {
                    log::info!(
                        "restored a run of {} waves ({} commands) in {:.2} s",
                        self.waves,
                        self.playback.commands_done(),
                        self.started.elapsed().as_secs_f64()
                    );
                    return Ok(true);
                }
                Err(e) => return Err(RestoreError::Replay(Box::new(e))),
            }
        }
        Ok(false)
    }

    /// Waves replayed so far and in all.
    pub fn progress(&self) -> (u32, u32) {
        (self.run.world().wave, self.waves)
    }
}

/// The toast for a first meeting worth a toast: reactions (the alchemy log)
/// and resonance recipes; the rest open quietly.
fn toast_line(cat: &Catalog, book: &CodexBook, o: &Opened) -> Option<String> {
    match o.section {
        Section::Reactions => crate::combat::ReactionKind::ALL
            .iter()
            .find(|k| k.name() == o.id)
            .map(|k| book.toast(*k)),
        Section::Recipes => {
            let name = cat
                .recipes
                .iter()
                .find(|(_, r)| r.def.id == o.id)
                .map(|(_, r)| cat.spells.get(r.result).name.clone())
                .unwrap_or_else(|| o.id.clone());
            Some(format!("Resonance discovered: {name}. Its codex entry is open."))
        }
        _ => None,
    }
}

/// "Wave 6 of 20 · seed 1796316493" for a saved run file, read at start
/// through the profile's one load path: a file that does not parse, or was
/// made by another game version or other data, is kept aside with a notice
/// (docs/screens.md#run-management).
fn describe_saved_run(saves: &mut Saves, data_checksum: u64) -> Option<String> {
    let replay = saves.load_file(
        SAVED_RUN,
        "your saved run",
        crate::data::limits::MAX_REPLAY_BYTES,
        |bytes| {
            let text = std::str::from_utf8(bytes)
                .map_err(|e| format!("not text: binary data at byte {}", e.valid_up_to()))?;
            let replay = Replay::parse(text).map_err(|e| e.to_string())?;
            replay
                .check_compatible(data_checksum)
                .map_err(|e| e.to_string())?;
            Ok(replay)
        },
    )?;
    let setup = &replay.header.setup;
    Some(saved_run_line(
        replay.waves_recorded() as u32 + 1,
        setup.last_wave,
        setup.seed,
    ))
}

/// The title's words for a saved run that continues with wave `next` of `last`.
pub fn saved_run_line(next: u32, last: u32, seed: u64) -> String {
    format!("Wave {next} of {last} · seed {seed}")
}

/// Where the summary's build snapshot goes: `runs/YYYY-MM-DD_run_N.png` in
/// the profile folder (docs/game.md#death-and-summary), N the profile's run count.
pub fn snapshot_path(root: &Path, runs: u32) -> std::path::PathBuf {
    let (y, m, d, ..) = crate::profile::store::utc_civil(crate::profile::store::unix_now());
    root.join("runs")
        .join(format!("{y:04}-{m:02}-{d:02}_run_{runs}.png"))
}
