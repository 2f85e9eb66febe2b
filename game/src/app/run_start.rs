//! Starting runs in the window: a new run, a practice run, an NG+ or curse
//! run, a restored one, a replay, and the screen a command line opens on (a
//! preview of the lab, arena, shop, armoury, summary or clear for tools and
//! tests). Each start is a transition into the run's mode.

use engine::gpu::GpuContext;

use super::args::StartScreen;
use super::modes::Front;
use super::modes::{Mode, ReplayMode, RunMode, TitleMode};
use super::replay_view::ReplayView;
use super::{DEFAULT_STRESS, GameApp, armoury, fight};
use crate::run::{Command, Phase, Playback, Recorder, Replay, Run, RunError, RunSetup};

/// Why a run did not start: fatal from the command line or a menu that
/// cannot go on without one, a toast for a practice start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The profile has not reached this practice milestone.
    #[error("practice from wave {wave} opens once a run reaches it")]
    PracticeLocked {
        /// The milestone wave asked for.
        wave: u32,
    },
    /// `--build`'s file could not be read or parsed (the file is named).
    #[error("{0}")]
    Build(String),
    /// The run's world could not be built (its data, or the device).
    #[error("starting a run: {0}")]
    Run(#[from] RunError),
}

/// How the title starts a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Start {
    /// A plain new run.
    New,
    /// Practice from this milestone wave.
    Practice(u32),
    /// A run at this NG+ level (after a clear).
    NgPlus(u32),
    /// A curse run (the unlock tree's challenge mode) under this curse.
    Curse(String),
    /// A run from a seed the player typed (docs/share.md#seeded-runs).
    Seeded(u64),
    /// The daily run of this UTC date, on its fixed rule set (docs/share.md#daily).
    Daily(crate::share::daily::Date),
}

impl GameApp {
    pub(super) fn seed(&self) -> u64 {
        self.shell.args.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        })
    }

    pub(super) fn new_run(&mut self, gpu: &GpuContext) -> Result<(), StartError> {
        self.start_run(gpu, Start::New)
    }

    /// A new run, a practice run from a milestone wave, an NG+ run or a curse run.
    pub(super) fn start_run(&mut self, gpu: &GpuContext, start: Start) -> Result<(), StartError> {
        let practice = match start {
            Start::Practice(w) => Some(w),
            _ => None,
        };
        let seed = match start {
            Start::Seeded(s) => s,
            _ => self.seed(),
        };
        let shell = &mut self.shell;
        let mut setup = match (&shell.session, practice) {
            (Some(s), Some(w)) => s
                .practice_setup(&shell.catalog, seed, w)
                .ok_or(StartError::PracticeLocked { wave: w })?,
            (Some(s), None) => s.new_setup(&shell.catalog, seed),
            (None, _) => RunSetup::new(seed, shell.catalog.waves.len() as u32),
        };
        match start {
            Start::NgPlus(n) => setup.ng_plus = n,
            Start::Curse(c) => setup.curse = Some(c),
            Start::Seeded(_) => setup.seeded = true,
            // The daily's own rule set, not the profile's.
            Start::Daily(date) => setup = crate::profile::run_book::daily_setup(&shell.catalog, date),
            Start::New | Start::Practice(_) => {}
        }
        if let Some(p) = &shell.args.build
            && setup.daily.is_none()
        {
            setup.build = Some(
                crate::share::read_build(p, &shell.catalog).map_err(|e| StartError::Build(e.to_string()))?,
            );
            // A build file is its own start: no lesson.
            setup.onboarding = None;
        }
        let mut run = Run::new(shell.catalog.clone(), setup, shell.args.backend, Some(gpu))?;
        // A profile's run always records: its replay is its save.
        if shell.args.record.is_some() || shell.session.is_some() {
            run.record(Recorder::default());
        }
        if let Some(s) = &mut shell.session {
            s.begin_run();
            s.forget_saved_run();
        }
        self.adopt_run(run);
        Ok(())
    }

    /// Starts watching `replay`: its run, on the backend it was recorded on
    /// so its wave hashes can match, driven by its commands at up to ×4.
    pub(super) fn start_replay(&mut self, gpu: &GpuContext, replay: Replay) -> Result<(), StartError> {
        let header = &replay.header;
        let run = Run::new(
            self.shell.catalog.clone(),
            header.setup.clone(),
            header.backend,
            Some(gpu),
        )?;
        let mut run = self.run_mode(run, 4.0);
        let mut view = ReplayView::new(Playback::new(replay));
        if let Some(wave) = self.shell.args.wave.filter(|w| *w > 1) {
            view.seek(&mut run.run, wave);
        }
        self.mode = Mode::Replay(Box::new(ReplayMode { view, run }));
        Ok(())
    }

    /// Puts `run` in front (a new run, or a restored one), played.
    pub(super) fn adopt_run(&mut self, run: Run) {
        let fast = self.shell.speed().max(1.0);
        let mut mode = self.run_mode(run, fast);
        if mode.run.phase() == crate::run::Phase::Fight {
            // Saved mid-wave (the pause menu's Save & quit): back where it
            // was left, paused, so the player picks the moment to go on.
            mode.modal = Some(super::modes::Modal::Paused);
        }
        self.mode = Mode::Run(Box::new(mode));
    }

    /// The mode state of `run` shown at up to `fast` times real time.
    fn run_mode(&mut self, run: Run, fast: f32) -> RunMode {
        let max_steps = fight::MAX_STEPS_PER_FRAME * fast.ceil() as u32;
        self.shell.sound.forget();
        RunMode::new(run, max_steps)
    }

    /// Back to the title (from the summary, or after Save & quit).
    pub(super) fn open_title(&mut self) {
        self.mode = Mode::Title(Box::new(TitleMode::new(Front::Title)));
    }

    pub(super) fn open_start_screen(&mut self, gpu: &GpuContext) -> Result<(), StartError> {
        let replay = match &mut self.mode {
            Mode::Boot(boot) => boot.replay.take(),
            _ => None,
        };
        let args = &self.shell.args;
        if self.shell.session.is_some() {
            let front = match args.screen {
                Some(StartScreen::Codex) => Front::Codex,
                Some(StartScreen::Unlocks) => Front::Unlocks,
                Some(StartScreen::Records) => Front::Records,
                _ => Front::Title,
            };
            self.mode = Mode::Title(Box::new(TitleMode::new(front)));
            return Ok(());
        }
        if let Some(replay) = replay {
            return self.start_replay(gpu, *replay);
        }
        self.new_run(gpu)?;
        let args = &self.shell.args;
        let wave = args.wave.unwrap_or(1).max(1);
        if args.record.is_some() && (wave > 1 || args.stress.is_some() || args.screen.is_some()) {
            log::warn!(
                "--record with --wave, --stress or --screen records a run that does not start from the lab: it will not replay"
            );
        }
        if let Some(n) = args.stress {
            if let Mode::Run(r) = &mut self.mode {
                r.stress = Some(if n == 0 { DEFAULT_STRESS } else { n });
            }
            self.set_wave_before(wave);
            self.start_wave();
            return Ok(());
        }
        let start = match args.screen {
            Some(s) => Some(s),
            None if args.exit_after_frames.is_some() => Some(StartScreen::Arena),
            None => None,
        };
        self.set_wave_before(wave);
        let Mode::Run(r) = &mut self.mode else {
            return Ok(());
        };
        let run = &mut r.run;
        match start {
            None | Some(StartScreen::Lab) => {}
            Some(StartScreen::Arena) => self.start_wave(),
            Some(StartScreen::Shop) => {
                let def = &self.shell.catalog.run.economy.def.settlement;
                // The seeded state: the settlements of the waves already cleared.
                for _ in 1..wave {
                    run.carry_mut().wallet.settle(def);
                }
                run.preview_phase(Phase::Shop);
            }
            Some(StartScreen::Armoury) => {
                let (world, carry) = run.parts_mut();
                armoury::seed_preview_loot(world, carry, wave);
                run.preview_phase(Phase::Armoury);
            }
            Some(StartScreen::Summary) => run.preview_phase(Phase::Summary),
            Some(StartScreen::Clear) => run.preview_clear(),
            // Front screens open with a profile (handled above).
            Some(StartScreen::Title | StartScreen::Codex | StartScreen::Unlocks | StartScreen::Records) => {}
        }
        Ok(())
    }

    /// Starts the next wave; a refusal (a deck that cannot fire) is shown in the lab.
    pub(super) fn start_wave(&mut self) {
        if let Err(e) = self.send(Command::StartWave)
            && let Mode::Run(r) = &mut self.mode
        {
            r.lab.warning = Some(e);
        }
    }

    /// Sets the world as if wave `wave - 1` had just ended (the lab and shop
    /// name the next wave): previews only, not a played run.
    pub(super) fn set_wave_before(&mut self, wave: u32) {
        if let Some(r) = self.mode.run_mut() {
            r.run.world_mut().wave = wave - 1;
        }
    }
}
