//! What the window shows over a run, phase by phase (lab, settlement,
//! level-up, shop, armoury, summary, pause, settings), and what the
//! between-waves buttons do: the per-screen half of [`GameApp`], apart from
//! the frame loop in `mod.rs`.

use super::modes::{Modal, Mode, Screen};
use super::{GameApp, Shell, armoury, session, test_range};
use crate::run::{Command, Phase};
use crate::screens;
use engine::window::Frame;

impl GameApp {
    #[expect(clippy::too_many_lines, reason = "one match over every screen of a run")]
    pub(super) fn screen_ui(&mut self, ctx: &egui::Context, frame: &mut Frame<'_>, confirm: bool) {
        let replay = matches!(self.mode, Mode::Replay(_));
        let r = match &mut self.mode {
            Mode::Run(r) => &mut **r,
            Mode::Replay(r) => &mut r.run,
            Mode::Boot(_) | Mode::Title(_) | Mode::Range(_) => return,
        };
        let shell = &mut self.shell;
        let between_waves = matches!(
            r.screen(),
            Screen::Lab | Screen::Shop | Screen::Settlement | Screen::LevelUp
        );
        let lesson = r.run.setup().onboarding.filter(|_| r.screen() == Screen::Lab);
        let save_room = between_waves
            .then(|| between_waves_foot(ctx, lesson, shell.session.is_some()))
            .flatten();
        match r.screen() {
            Screen::Paused => {
                if std::mem::take(&mut r.ask_quit) {
                    screens::pause::ask_quit(ctx);
                }
                let can_save = shell.session.is_some() && !replay && r.run.recorder().is_some();
                match screens::pause::show(ctx, r.run.setup(), can_save) {
                    Some(screens::pause::PauseAction::Resume) => r.modal = None,
                    Some(screens::pause::PauseAction::Settings) => r.modal = Some(Modal::Settings),
                    Some(screens::pause::PauseAction::Abandon) => {
                        r.modal = None;
                        r.ending.abandoned = true;
                        r.run.abandon();
                    }
                    Some(screens::pause::PauseAction::SaveAndQuit) => {
                        if let Some(session) = &mut shell.session {
                            match session.save_run(&r.run, shell.data_checksum) {
                                Ok(()) => {
                                    log::info!(
                                        "saved the run at wave {} for Continue; quitting",
                                        r.run.world().wave
                                    );
                                    frame.requests.exit = true;
                                }
                                Err(e) => session.toast(format!("Could not save the run: {e}")),
                            }
                        }
                    }
                    Some(screens::pause::PauseAction::Quit) => frame.requests.exit = true,
                    None => {}
                }
            }
            Screen::Settings => {
                let mut skip = shell.session.as_ref().map(|s| s.profile().skip_onboarding);
                if shell.settings_ui(ctx, frame, skip.as_mut()) {
                    r.modal = Some(Modal::Paused);
                }
                if let (Some(s), Some(skip)) = (&mut shell.session, skip) {
                    s.set_skip_onboarding(skip);
                }
                shell.save_settings();
            }
            Screen::Lab => self.lab_ui(ctx, frame, replay),
            Screen::Settlement => {
                let Some(stats) = r.run.last_wave() else { return };
                if screens::settlement::show(
                    ctx,
                    stats,
                    r.run.carry().wallet.gold(),
                    confirm,
                    r.run.loose_artifacts().len(),
                ) {
                    let _ = self.send(Command::Continue);
                }
            }
            Screen::LevelUp => {
                let table = &shell.catalog.run.economy.levelups;
                let pending = r.run.carry().progress.pending_levelups;
                let reroll = (r.run.levelup_reroll_cost(), r.run.levelup_rerolls());
                let build = (r.run.world(), r.run.carry());
                match screens::levelup::show(ctx, table, r.run.offer(), pending, build, reroll) {
                    Some(screens::levelup::LevelUpPick::Take(k)) => {
                        let _ = self.send(Command::ChooseLevelUp(k));
                    }
                    Some(screens::levelup::LevelUpPick::Reroll) => {
                        let _ = self.send(Command::RerollLevelUp);
                    }
                    None => {}
                }
            }
            Screen::Shop => {
                let Some(shop) = r.run.shop() else { return };
                let trying = r.run.trying();
                let msg = r.shop_message.as_deref();
                if let Some(cmd) = screens::shop::show(ctx, r.run.world(), r.run.carry(), shop, msg, trying) {
                    let refusal = self.send(cmd).err();
                    if let Some(r) = self.mode.run_mut() {
                        r.shop_message = refusal;
                    }
                }
            }
            Screen::Armoury => match r.armoury.show(ctx, &r.run) {
                Some(armoury::ArmouryAction::Back) => {
                    let _ = self.send(Command::CloseArmoury);
                }
                Some(armoury::ArmouryAction::Command(cmd)) => {
                    let line = match self.send(cmd) {
                        Ok(note) => note.unwrap_or_default(),
                        Err(e) => e,
                    };
                    if let Some(r) = self.mode.run_mut() {
                        let stash = r.run.carry().stash.len();
                        r.armoury.result(line, stash);
                    }
                }
                None => {}
            },
            Screen::Summary if r.ending.death_beat > 0.0 || r.ending.clear_beat > 0.0 => {}
            Screen::Summary => self.summary_ui(ctx, frame, replay),
            Screen::Arena | Screen::TestRange | Screen::Front => {}
        }
        if save_room.is_some_and(|at| save_and_quit_button(ctx, at)) {
            self.save_and_quit();
        }
    }

    /// The summary, its build snapshot, and what its buttons do.
    fn summary_ui(&mut self, ctx: &egui::Context, frame: &mut Frame<'_>, replay: bool) {
        let Some(r) = self.mode.run_mut() else { return };
        let shell = &self.shell;
        let session = shell.session.as_ref();
        let end = session.and_then(|s| s.run_end.as_ref());
        // Once the run is booked (its aether is on the summary).
        let snapshot = session
            .filter(|s| s.run_end.is_some())
            .map(|s| session::snapshot_path(s.saves().store().root(), s.profile().runs));
        let endless =
            r.run.outcome() == Some(crate::run::Outcome::Won) && r.run.setup().practice.is_none() && !replay;
        let action = screens::summary::show(
            ctx,
            &shell.catalog,
            r.run.summary(),
            end,
            session.is_some(),
            endless,
            &if r.ending.abandoned {
                vec![screens::summary::abandoned_line(r.run.world().wave)]
            } else {
                screens::summary::death_lines(r.run.world())
            },
        );
        if snapshot.is_some() {
            r.ending.summary_frames += 1;
        }
        if let Some(path) = snapshot.filter(|_| r.ending.summary_frames == 5) {
            // The build as the summary shows it (docs/game.md#death-and-summary).
            match path.parent().map(std::fs::create_dir_all) {
                Some(Err(e)) => log::warn!("the run snapshot's folder: {e}"),
                _ => frame.requests.screenshot = Some(path),
            }
        }
        match action {
            Some(screens::summary::SummaryAction::NewRun) if !replay => {
                self.save_recording();
                if let Err(e) = self.new_run(frame.gpu) {
                    self.fatal = Some(e);
                }
            }
            Some(screens::summary::SummaryAction::Title) => {
                self.save_recording();
                self.open_title();
            }
            Some(screens::summary::SummaryAction::Quit) => frame.requests.exit = true,
            Some(screens::summary::SummaryAction::Endless) => {
                if let Err(e) = self.send(Command::Endless) {
                    log::warn!("endless refused: {e}");
                }
                if let Some(r) = self.mode.run_mut() {
                    r.ending.summary_frames = 0;
                }
            }
            Some(screens::summary::SummaryAction::NewRun) | None => {}
        }
    }

    /// The lab and what its buttons do.
    pub(super) fn lab_ui(&mut self, ctx: &egui::Context, frame: &mut Frame<'_>, replay: bool) {
        let Some(r) = self.mode.run_mut() else { return };
        r.lab.lesson = r.run.setup().onboarding;
        match screens::lab::show(ctx, r.run.world(), r.run.carry(), &mut r.lab) {
            Some(screens::lab::LabAction::Fight) => self.start_wave(),
            Some(screens::lab::LabAction::Move(from, to)) => {
                // A refused drop (full deck or waiting area) leaves the card where it was.
                let _refused = self.send(Command::MoveCard { from, to });
            }
            Some(screens::lab::LabAction::Test) if !replay => {
                let shell = &self.shell;
                let (cat, backend) = (&shell.catalog, shell.args.backend);
                let opened = match r.lab.code.take_pasted() {
                    // A pasted build code: tried without owning it.
                    Some(b) => {
                        test_range::TestRange::from_build(cat, r.run.world(), &b, backend, Some(frame.gpu))
                    }
                    None => test_range::TestRange::new(
                        cat,
                        r.run.world(),
                        r.run.carry(),
                        backend,
                        Some(frame.gpu),
                    ),
                };
                match opened {
                    Ok(range) => {
                        self.shell.sound.forget();
                        self.mode.enter_range(range);
                    }
                    Err(e) => r.lab.warning = Some(e.to_string()),
                }
            }
            Some(screens::lab::LabAction::Test) | None => {}
        }
    }

    /// Starts the death beat when the player falls, in every fight the
    /// window shows (a played run with or without a profile, a replay,
    /// `--screen arena`), and follows the run for the profile (codex,
    /// toasts, booking, autosave between waves). Presentation only.
    pub(super) fn watch_run(&mut self) {
        let Some(r) = self.mode.run_mut() else { return };
        let fighting = r.run.phase() == Phase::Fight;
        if r.ending.fighting
            && !fighting
            && !r.ending.abandoned
            && r.run.outcome() == Some(crate::run::Outcome::Died)
        {
            r.ending.death_beat = DEATH_BEAT_S;
        }
        r.ending.fighting = fighting;
        if fighting {
            r.killers.watch(r.run.world());
        }
        if !r.ending.clear_seen
            && r.run.phase() == crate::run::Phase::Summary
            && r.run.outcome() == Some(crate::run::Outcome::Won)
        {
            // GAME_CLEARED: the clear scene, once.
            r.ending.clear_seen = true;
            r.ending.clear_beat = super::clear_scene::CLEAR_BEAT_S;
        }
        let shell = &mut self.shell;
        let Some(session) = &mut shell.session else {
            return;
        };
        session.watch(&shell.catalog, &shell.codex_book, &r.run, shell.data_checksum);
    }

    /// Keeps the run (between waves) and goes back to the title.
    pub(super) fn save_and_quit(&mut self) {
        let shell = &mut self.shell;
        let (Some(session), Some(r)) = (&mut shell.session, self.mode.run()) else {
            return;
        };
        match session.save_run(&r.run, shell.data_checksum) {
            Ok(()) => self.open_title(),
            Err(e) => session.toast(format!("Could not save the run: {e}")),
        }
    }

    /// At exit: a profile's run left between waves is kept for Continue.
    pub fn save_on_exit(&mut self) {
        let shell = &mut self.shell;
        shell.save_settings();
        let (Some(session), Some(r)) = (&mut shell.session, self.mode.run()) else {
            return;
        };
        if !matches!(r.run.phase(), Phase::Fight | Phase::Summary)
            && let Err(e) = session.save_run(&r.run, shell.data_checksum)
        {
            log::error!("saving the run at exit: {e}");
        }
    }
}

impl Shell {
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

/// Save & quit's words.
const SAVE_QUIT: &str = "Save & quit to title";

/// The foot of the screens between waves (docs/screens.md#every-screen-fits):
/// a lesson run's line in the lab (left) and room for "Save & quit to title"
/// (right, where the run can be kept), in a strip of their own at the
/// bottom. Drawn before the screen, so the screen is laid out above it and
/// neither is ever drawn over its buttons (they floated over the lab's last
/// rows before). Returns the room kept for [`save_and_quit_button`].
pub fn between_waves_foot(ctx: &egui::Context, lesson: Option<u8>, can_save: bool) -> Option<egui::Rect> {
    let line = lesson.map_or("", screens::title::lesson);
    if line.is_empty() && !can_save {
        return None;
    }
    ctx.root_ui(|root| {
        egui::Panel::bottom("between waves foot")
            .resizable(false)
            .show(root, |ui| {
                egui::Sides::new()
                    .shrink_left()
                    .show(
                        ui,
                        |ui| {
                            let words =
                                egui::RichText::new(line).color(egui::Color32::from_rgb(150, 200, 255));
                            ui.add(egui::Label::new(words).wrap().selectable(false));
                        },
                        |ui| can_save.then(|| ui.add_visible(false, egui::Button::new(SAVE_QUIT)).rect),
                    )
                    .1
            })
            .inner
    })
}

/// "Save & quit to title" in the room the foot kept for it, drawn after the
/// screen: the screen's own buttons come first in the focus order, so the
/// d-pad's first press never lands on it. Returns true when it was clicked.
pub fn save_and_quit_button(ctx: &egui::Context, at: egui::Rect) -> bool {
    egui::Area::new(egui::Id::unique("save and quit"))
        .fixed_pos(at.min)
        .show(ctx, |ui| {
            ui.button(SAVE_QUIT)
                .on_hover_text("Keeps this run between waves; Continue on the title restores it exactly.")
                .clicked()
        })
        .inner
}
