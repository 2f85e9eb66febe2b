//! Starting runs in the window: a new run, a practice run, an NG+ or curse
//! run, a restored one, and the screen a command line opens on (a preview
//! of the lab, arena, shop, armoury, summary or clear for tools and tests).

use engine::gpu::GpuContext;

use super::args::StartScreen;
use super::front::Front;
use super::{DEFAULT_STRESS, GameApp, Start, armoury, fight, screens};
use crate::run::{Command, Phase, Recorder, Run, RunSetup};

impl GameApp {
    pub(super) fn seed(&self) -> u64 {
        self.args.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        })
    }

    pub(super) fn new_run(&mut self, gpu: &GpuContext) -> Result<(), String> {
        self.start_run(gpu, Start::New)
    }

    /// A new run, a practice run from a milestone wave, an NG+ run or a curse run.
    pub(super) fn start_run(&mut self, gpu: &GpuContext, start: Start) -> Result<(), String> {
        let practice = match start {
            Start::Practice(w) => Some(w),
            _ => None,
        };
        let (setup, backend) = match &self.replay {
            // A replay plays on the backend it was recorded on, so its wave
            // hashes can match.
            Some(r) => (
                r.playback.replay().header.setup.clone(),
                r.playback.replay().header.backend,
            ),
            None => {
                let seed = self.seed();
                let mut setup = match (&self.session, practice) {
                    (Some(s), Some(w)) => s
                        .practice_setup(&self.catalog, seed, w)
                        .ok_or_else(|| format!("practice from wave {w} opens once a run reaches it"))?,
                    (Some(s), None) => s.new_setup(&self.catalog, seed),
                    (None, _) => RunSetup::new(seed, self.catalog.waves.len() as u32),
                };
                match start {
                    Start::NgPlus(n) => setup.ng_plus = n,
                    Start::Curse(c) => setup.curse = Some(c),
                    Start::New | Start::Practice(_) => {}
                }
                if let Some(p) = &self.args.build {
                    setup.build = Some(crate::run::load_build(p)?);
                    // A build file is its own start: no lesson.
                    setup.onboarding = None;
                }
                (setup, self.args.backend)
            }
        };
        let mut run = Run::new(self.catalog.clone(), setup, backend, Some(gpu))
            .map_err(|e| format!("starting a run: {e}"))?;
        // A profile's run always records: its replay is its save.
        if (self.args.record.is_some() || self.session.is_some()) && self.replay.is_none() {
            run.record(Recorder::default());
        }
        if let Some(s) = &mut self.session {
            s.begin_run();
            s.forget_saved_run();
        }
        self.adopt_run(run);
        Ok(())
    }

    /// Puts `run` in front (a new run, or a restored one).
    pub(super) fn adopt_run(&mut self, run: Run) {
        let fast = if self.replay.is_some() {
            4.0
        } else {
            self.speed().max(1.0)
        };
        let max_steps = fight::MAX_STEPS_PER_FRAME * fast.ceil() as u32;
        self.fight = fight::Fight::new(run.world().dt(), max_steps);
        self.sound.forget();
        self.run = Some(run);
        self.front = None;
        self.armoury = armoury::Armoury::default();
        self.shop_message = None;
        self.lab = screens::lab::LabState::default();
        self.death_beat = 0.0;
        self.clear_beat = 0.0;
        self.clear_seen = false;
        self.summary_frames = 0;
    }

    pub(super) fn open_start_screen(&mut self, gpu: &GpuContext) -> Result<(), String> {
        if self.session.is_some() {
            self.front = Some(match self.args.screen {
                Some(StartScreen::Codex) => Front::Codex,
                Some(StartScreen::Unlocks) => Front::Unlocks,
                Some(StartScreen::Records) => Front::Records,
                _ => Front::Title,
            });
            return Ok(());
        }
        self.new_run(gpu)?;
        if self.replay.is_some() {
            return Ok(());
        }
        let wave = self.args.wave.unwrap_or(1).max(1);
        if self.args.record.is_some()
            && (wave > 1 || self.args.stress.is_some() || self.args.screen.is_some())
        {
            log::warn!(
                "--record with --wave, --stress or --screen records a run that does not start from the lab: it will not replay"
            );
        }
        if let Some(n) = self.args.stress {
            self.stress = Some(if n == 0 { DEFAULT_STRESS } else { n });
            self.set_wave_before(wave);
            self.start_wave();
            return Ok(());
        }
        let start = match self.args.screen {
            Some(s) => Some(s),
            None if self.args.exit_after_frames.is_some() => Some(StartScreen::Arena),
            None => None,
        };
        self.set_wave_before(wave);
        let Some(run) = &mut self.run else { return Ok(()) };
        match start {
            None | Some(StartScreen::Lab) => {}
            Some(StartScreen::Arena) => self.start_wave(),
            Some(StartScreen::Shop) => {
                let def = &self.catalog.run.economy.def.settlement;
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
        if let Err(e) = self.send(Command::StartWave) {
            self.lab.warning = Some(e);
        }
    }

    /// Sets the world as if wave `wave - 1` had just ended (the lab and shop
    /// name the next wave): previews only, not a played run.
    pub(super) fn set_wave_before(&mut self, wave: u32) {
        if let Some(run) = &mut self.run {
            run.world_mut().wave = wave - 1;
        }
    }
}
