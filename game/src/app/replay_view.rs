//! Watching a replay in the window (`artificer --replay FILE`): the replay's
//! commands drive the run instead of the player's input, fight steps at ×1
//! or ×4 of real time through the same fixed-step clock, menu commands one
//! at a time at a pace a viewer can follow. Space pauses, 1 and 4 set the
//! speed. The recorded wave hashes are checked as it plays; a divergence or
//! a refused command stops playback and is shown, never a panic.

use super::fight::Fight;
use crate::run::{Command, Phase, Playback, Run};

/// Seconds between two menu commands at ×1 (a quarter of it at ×4).
const MENU_PACE_S: f32 = 0.4;

/// The playback and its controls.
#[derive(Debug)]
pub struct ReplayView {
    /// The replay and where it is.
    pub playback: Playback,
    /// Space: stopped.
    pub paused: bool,
    /// 1 or 4.
    pub speed: f32,
    menu_wait: f32,
    error: Option<String>,
    logged_end: bool,
}

impl ReplayView {
    /// Starts at the first command, at ×1.
    pub fn new(playback: Playback) -> Self {
        Self {
            playback,
            paused: false,
            speed: 1.0,
            menu_wait: 0.0,
            error: None,
            logged_end: false,
        }
    }

    /// Fast-forwards, drawing nothing, to the start of wave `wave`'s fight
    /// (`--replay FILE --wave N`). A replay that ends first or diverges stops
    /// there and says so in the banner.
    pub fn seek(&mut self, run: &mut Run, wave: u32) {
        let t = std::time::Instant::now();
        match self.playback.seek_wave(run, wave) {
            Ok(true) => log::info!(
                "replay: wave {wave} reached after {} commands in {:.1} s",
                self.playback.commands_done(),
                t.elapsed().as_secs_f64()
            ),
            Ok(false) => self.error = Some(format!("the replay ends before wave {wave}")),
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    fn stopped(&self) -> bool {
        self.paused || self.error.is_some() || self.playback.finished()
    }

    /// Runs the fight steps the clock hands out this frame, while the next
    /// command is a step.
    /// `on_step` sees the world after each step (the sound listens there).
    pub fn advance_fight(
        &mut self,
        fight: &mut Fight,
        run: &mut Run,
        dt: f32,
        frame_locked: bool,
        on_step: &mut dyn FnMut(&crate::world::World, &crate::world::Carry),
    ) {
        let scale = if self.stopped() { 0.0 } else { self.speed };
        let (playback, error) = (&mut self.playback, &mut self.error);
        fight.advance(dt, scale, frame_locked, || {
            if run.phase() != Phase::Fight || !matches!(playback.peek(), Some(Command::Step(_))) {
                return None;
            }
            let hp = run.world().player.hp;
            match playback.advance(run) {
                Ok(true) => {
                    on_step(run.world(), run.carry());
                    let p = &run.world().player;
                    Some((hp - p.hp, p.hp_max()))
                }
                Ok(false) => None,
                Err(e) => {
                    *error = Some(e.to_string());
                    None
                }
            }
        });
    }

    /// Applies the next menu command when its turn has come.
    pub fn advance_menus(&mut self, run: &mut Run, dt: f32) {
        if self.stopped() {
            if self.playback.finished() && !self.logged_end {
                self.logged_end = true;
                log::info!("replay finished: state_hash {:016x}", run.state_hash());
            }
            return;
        }
        if run.phase() == Phase::Fight && matches!(self.playback.peek(), Some(Command::Step(_))) {
            self.menu_wait = 0.0;
            return;
        }
        self.menu_wait += dt * self.speed;
        if self.menu_wait < MENU_PACE_S {
            return;
        }
        self.menu_wait = 0.0;
        if let Err(e) = self.playback.advance(run) {
            self.error = Some(e.to_string());
        }
    }

    /// The strip at the top that says it is a replay and how to drive it.
    pub fn banner(&self, ctx: &egui::Context, run: &Run) {
        let total = self.playback.replay().commands;
        let text = if let Some(e) = &self.error {
            egui::RichText::new(format!("REPLAY STOPPED: {e}")).color(egui::Color32::from_rgb(255, 110, 90))
        } else if self.playback.finished() {
            egui::RichText::new(format!("REPLAY FINISHED — state_hash {:016x}", run.state_hash()))
                .color(egui::Color32::from_rgb(140, 230, 140))
        } else {
            let state = if self.paused { "paused" } else { "playing" };
            egui::RichText::new(format!(
                "REPLAY ×{:.0} {state} — command {} / {total} — Space pause · 1 / 4 speed",
                self.speed,
                self.playback.commands_done()
            ))
            .color(egui::Color32::from_rgb(255, 220, 120))
        };
        // At the bottom: the top holds the HUD and its rules line (NG+,
        // mutator, curse), which a replay shows too.
        egui::Area::new(egui::Id::unique("replay banner"))
            .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -16.0])
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(egui::Color32::from_black_alpha(180))
                    .inner_margin(6.0)
                    .show(ui, |ui| ui.add(egui::Label::new(text.strong()).extend()));
            });
    }
}
