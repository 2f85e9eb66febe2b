//! What the window shows over a run, phase by phase (lab, settlement,
//! level-up, shop, armoury, summary, pause, settings), and what the
//! between-waves buttons do: the per-screen half of [`GameApp`], apart from
//! the frame loop in `mod.rs`.

use super::front::Front;
use super::{GameApp, Modal, Screen, armoury, session, test_range};
use crate::run::{Command, Phase};
use crate::screens;
use engine::window::Frame;

impl GameApp {
    pub(super) fn screen_ui(&mut self, ctx: &egui::Context, frame: &mut Frame<'_>, confirm: bool) {
        let Some(run) = &self.run else { return };
        match self.screen() {
            Screen::Paused => match screens::pause::show(ctx) {
                Some(screens::pause::PauseAction::Resume) => self.modal = None,
                Some(screens::pause::PauseAction::Settings) => self.modal = Some(Modal::Settings),
                Some(screens::pause::PauseAction::Quit) => frame.requests.exit = true,
                None => {}
            },
            Screen::Settings => {
                let mut skip = self.session.as_ref().map(|s| s.profile().skip_onboarding);
                if self.settings_ui(ctx, frame, skip.as_mut()) {
                    self.modal = Some(Modal::Paused);
                }
                if let (Some(s), Some(skip)) = (&mut self.session, skip) {
                    s.set_skip_onboarding(skip);
                }
                self.save_settings();
            }
            Screen::Lab if run.setup().onboarding.is_some() && self.range.is_none() => {
                if let Some(stage) = run.setup().onboarding {
                    screens::title::lesson_banner(ctx, stage);
                }
                self.lab_ui(ctx, frame);
            }
            Screen::Lab => self.lab_ui(ctx, frame),
            Screen::Settlement => {
                let Some(stats) = run.last_wave() else { return };
                if screens::settlement::show(ctx, stats, run.carry().wallet.gold(), confirm) {
                    let _ = self.send(Command::Continue);
                }
            }
            Screen::LevelUp => {
                let table = &self.catalog.run.economy.levelups;
                let pending = run.carry().progress.pending_levelups;
                if let Some(k) = screens::levelup::show(ctx, table, run.offer(), pending) {
                    let _ = self.send(Command::ChooseLevelUp(k));
                }
            }
            Screen::Shop => {
                let Some(shop) = run.shop() else { return };
                if let Some(cmd) =
                    screens::shop::show(ctx, run.world(), run.carry(), shop, self.shop_message.as_deref())
                {
                    self.shop_message = self.send(cmd).err();
                }
            }
            Screen::Armoury => match self.armoury.show(ctx, run) {
                Some(armoury::ArmouryAction::Back) => {
                    let _ = self.send(Command::CloseArmoury);
                }
                Some(armoury::ArmouryAction::Command(cmd)) => {
                    let line = match self.send(cmd) {
                        Ok(note) => note.unwrap_or_default(),
                        Err(e) => e,
                    };
                    let stash = self.run.as_ref().map_or(0, |r| r.carry().stash.len());
                    self.armoury.result(line, stash);
                }
                None => {}
            },
            Screen::Summary if self.death_beat > 0.0 || self.clear_beat > 0.0 => {}
            Screen::Summary => {
                let end = self.session.as_ref().and_then(|s| s.run_end.as_ref());
                // Once the run is booked (its aether is on the summary).
                let snapshot = self
                    .session
                    .as_ref()
                    .filter(|s| s.run_end.is_some())
                    .map(|s| session::snapshot_path(s.saves().store().root(), s.profile().runs));
                let endless = run.outcome() == Some(crate::run::Outcome::Won)
                    && run.setup().practice.is_none()
                    && self.replay.is_none();
                let action = screens::summary::show(
                    ctx,
                    &self.catalog,
                    run.summary(),
                    end,
                    self.session.is_some(),
                    endless,
                );
                if snapshot.is_some() {
                    self.summary_frames += 1;
                }
                if let Some(path) = snapshot.filter(|_| self.summary_frames == 5) {
                    // The build as the summary shows it (docs/game.md#death-and-summary).
                    match path.parent().map(std::fs::create_dir_all) {
                        Some(Err(e)) => log::warn!("the run snapshot's folder: {e}"),
                        _ => frame.requests.screenshot = Some(path),
                    }
                }
                match action {
                    Some(screens::summary::SummaryAction::NewRun) if self.replay.is_none() => {
                        self.save_recording();
                        if let Err(e) = self.new_run(frame.gpu) {
                            self.fatal = Some(e);
                        }
                    }
                    Some(screens::summary::SummaryAction::Title) => {
                        self.save_recording();
                        self.run = None;
                        self.front = Some(Front::Title);
                    }
                    Some(screens::summary::SummaryAction::Quit) => frame.requests.exit = true,
                    Some(screens::summary::SummaryAction::Endless) => {
                        if let Err(e) = self.send(Command::Endless) {
                            log::warn!("endless refused: {e}");
                        }
                        self.summary_frames = 0;
                    }
                    Some(screens::summary::SummaryAction::NewRun) | None => {}
                }
            }
            Screen::Arena | Screen::TestRange | Screen::Front => {}
        }
        if self.session.is_some()
            && matches!(
                self.screen(),
                Screen::Lab | Screen::Shop | Screen::Settlement | Screen::LevelUp
            )
            && save_and_quit_button(ctx)
        {
            self.save_and_quit();
        }
    }

    /// The lab and what its buttons do.
    pub(super) fn lab_ui(&mut self, ctx: &egui::Context, frame: &mut Frame<'_>) {
        let Some(run) = &self.run else { return };
        match screens::lab::show(ctx, run.world(), run.carry(), &mut self.lab) {
            Some(screens::lab::LabAction::Fight) => self.start_wave(),
            Some(screens::lab::LabAction::Move(from, to)) => {
                // A refused drop (full deck or waiting area) leaves the card where it was.
                let _refused = self.send(Command::MoveCard { from, to });
            }
            Some(screens::lab::LabAction::Test) if self.replay.is_none() => {
                match test_range::TestRange::new(
                    &self.catalog,
                    run.world(),
                    run.carry(),
                    self.args.backend,
                    Some(frame.gpu),
                ) {
                    Ok(r) => {
                        self.sound.forget();
                        self.range = Some(r);
                    }
                    Err(e) => self.lab.warning = Some(e),
                }
            }
            Some(screens::lab::LabAction::Test) | None => {}
        }
    }

    /// Follows the run for the profile (codex, toasts, booking, autosave
    /// between waves) and starts the death beat when the player falls.
    pub(super) fn watch_run(&mut self) {
        if let Some(run) = &self.run
            && !self.clear_seen
            && run.phase() == crate::run::Phase::Summary
            && run.outcome() == Some(crate::run::Outcome::Won)
        {
            // GAME_CLEARED: the clear scene, once.
            self.clear_seen = true;
            self.clear_beat = super::clear_scene::CLEAR_BEAT_S;
        }
        let (Some(session), Some(run)) = (&mut self.session, &self.run) else {
            return;
        };
        let before = session.run_end.is_some();
        session.watch(&self.catalog, &self.codex_book, run, self.data_checksum);
        if !before && session.run_end.is_some() && run.outcome() == Some(crate::run::Outcome::Died) {
            self.death_beat = DEATH_BEAT_S;
        }
    }

    /// Keeps the run (between waves) and goes back to the title.
    pub(super) fn save_and_quit(&mut self) {
        let (Some(session), Some(run)) = (&mut self.session, &self.run) else {
            return;
        };
        match session.save_run(run, self.data_checksum) {
            Ok(()) => {
                self.run = None;
                self.front = Some(Front::Title);
            }
            Err(e) => session.toast(format!("Could not save the run: {e}")),
        }
    }

    /// At exit: a profile's run left between waves is kept for Continue.
    pub fn save_on_exit(&mut self) {
        self.save_settings();
        let (Some(session), Some(run)) = (&mut self.session, &self.run) else {
            return;
        };
        if !matches!(run.phase(), Phase::Fight | Phase::Summary)
            && let Err(e) = session.save_run(run, self.data_checksum)
        {
            log::error!("saving the run at exit: {e}");
        }
    }

    /// The settings window with the key capture wired through the controls;
    /// true when closed.
    pub(super) fn settings_ui(
        &mut self,
        ctx: &egui::Context,
        frame: &mut Frame<'_>,
        skip: Option<&mut bool>,
    ) -> bool {
        self.bind_edit.captured = self.controls.take_captured();
        if self.bind_edit.waiting.is_some() {
            // The key must reach the window's input, which egui keeps while
            // one of its widgets (the Change button) holds the focus.
            ctx.memory_mut(|m| {
                if let Some(id) = m.focused() {
                    m.surrender_focus(id);
                }
            });
        }
        let closed =
            screens::settings::show(ctx, &mut self.settings, frame.requests, skip, &mut self.bind_edit);
        self.controls.capture = self.bind_edit.waiting.is_some();
        self.controls.bindings = self.settings.bindings;
        closed
    }

    /// Writes the settings to the profile when they changed.
    pub(super) fn save_settings(&mut self) {
        if self.settings == self.saved_settings {
            return;
        }
        if let Some(s) = &mut self.session {
            s.save_settings(&self.settings);
        }
        self.saved_settings = self.settings;
    }
}

/// Seconds of the death beat at full speed.
pub(super) const DEATH_BEAT_S: f32 = 0.6;
/// The beat runs at this fraction of real time ("a beat of slow time").
pub(super) const DEATH_SLOW: f32 = 0.4;

/// The "Save & quit" button shown between waves (top right).
fn save_and_quit_button(ctx: &egui::Context) -> bool {
    let mut clicked = false;
    egui::Area::new(egui::Id::unique("save and quit"))
        .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
        .show(ctx, |ui| {
            clicked = ui
                .button("Save & quit to title")
                .on_hover_text("Keeps this run between waves; Continue on the title restores it exactly.")
                .clicked();
        });
    clicked
}
