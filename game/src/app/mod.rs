//! The game application: a driver of the run flow ([`crate::run::Run`]) in
//! the engine's window shell ([`engine::window`]). It turns keys, the mouse
//! and egui clicks into run [`Command`]s (or, with `--replay`, feeds a
//! replay's commands at ×1 / ×4), draws the screen of the run's phase, and
//! runs the fixed 60 Hz step from real time through the engine's clock. The
//! pause menu, settings and the lab's test range are the window's own; they
//! never touch the run.

pub mod args;
pub mod armoury;
pub mod blade_arcs;
pub mod charge_ring;
mod clear_scene;
mod fight_step;

pub mod draw;
pub mod fight;
pub mod front;
pub mod gamepad;
pub mod input;
mod launch;
pub mod palette;
mod replay_view;
mod run_screens;
mod run_start;
pub mod session;
pub mod sound_desk;
pub mod test_range;

use std::sync::Arc;

use engine::gpu::GpuContext;
use engine::ui::{OverlayData, ProfilerOverlay};
use engine::window::{Frame, WindowApp};
use glam::Vec2;

use crate::catalog::Catalog;
use crate::run::{Command, Phase, Playback, Replay, Run};
use crate::screens;
use args::PlayArgs;
use fight::Fight;
use fight_step::{mouse_aim, walk_dir};
use front::Front;
use input::{Controls, KeyAction};
pub use launch::run;
use replay_view::ReplayView;

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
}

/// Projectiles of `--stress` when the flag is given as 0 (the design load).
pub const DEFAULT_STRESS: u32 = 2000;
/// Enemies held alive under `--stress` (the seed's "1000+ on screen").
pub const STRESS_ENEMIES: u32 = 1000;

/// Which screen is in front.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// Building the core.
    Lab,
    /// A wave being fought.
    Arena,
    /// Paused over the arena.
    Paused,
    /// Settings (from the pause menu).
    Settings,
    /// What the wave gave.
    Settlement,
    /// Choosing level-up upgrades.
    LevelUp,
    /// Buying between waves.
    Shop,
    /// Death or victory.
    Summary,
    /// The lab's test range.
    TestRange,
    /// The title and the screens it opens (no run in front).
    Front,
    /// Equipment and crafting, reached from the shop.
    Armoury,
}

/// The window's own overlays over a fight, outside the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Modal {
    Paused,
    Settings,
}

/// The game as a [`WindowApp`].
#[derive(Debug)]
pub struct GameApp {
    args: PlayArgs,
    catalog: Arc<Catalog>,
    data_checksum: u64,
    modal: Option<Modal>,
    controls: Controls,
    /// Gamepads beside the keyboard and mouse.
    pads: gamepad::Pads,
    /// Effects and music (silent without an audio device).
    sound: sound_desk::SoundDesk,
    /// The adapter is a software renderer (the glow's auto mode is off there).
    software_adapter: bool,
    /// A menu widget had the keyboard focus at the end of the last frame
    /// (the d-pad then moves it; without one it focuses the first).
    menu_focused: bool,
    overlay: ProfilerOverlay,
    /// `--stress N`: projectiles held alive in the fight.
    stress: Option<u32>,
    fight: Fight,
    range: Option<test_range::TestRange>,
    run: Option<Run>,
    armoury: armoury::Armoury,
    lab: screens::lab::LabState,
    settings: screens::settings::Settings,
    shop_message: Option<String>,
    replay: Option<ReplayView>,
    last_phase: Option<String>,
    /// The player's profile (a normal start; tools' previews run without).
    session: Option<session::Session>,
    /// The front screen shown while no run is in front.
    front: Option<Front>,
    /// A saved run being restored.
    restore: Option<session::Restore>,
    /// The last unlock purchase's result.
    unlock_message: Option<String>,
    codex_book: Arc<crate::codex::CodexBook>,
    codex_state: screens::codex::CodexState,
    /// Settings as last written to the profile.
    saved_settings: screens::settings::Settings,
    /// The settings' key rebinding in progress.
    bind_edit: screens::bindings::BindingEdit,
    /// Seconds left of the death beat before the summary shows.
    death_beat: f32,
    /// Seconds left of the clear scene before the summary shows.
    clear_beat: f32,
    /// The clear scene of this run was played (it plays once, even if the
    /// run goes on into endless).
    clear_seen: bool,
    /// Frames the booked summary has been shown (its snapshot is taken on
    /// the fifth, once egui's window has its final layout).
    summary_frames: u32,
    /// A problem that ends the game with a non-zero exit status.
    pub fatal: Option<String>,
}

impl GameApp {
    /// The game for these command-line options and this data (`data_checksum`
    /// stamps recordings; `replay` is played instead of taking input).
    pub fn new(
        args: PlayArgs,
        catalog: Arc<Catalog>,
        codex_book: Arc<crate::codex::CodexBook>,
        data_checksum: u64,
        replay: Option<Replay>,
    ) -> Self {
        let overlay = ProfilerOverlay::new(args.overlay || args.stress.is_some());
        let step = catalog.run.world.dt();
        Self {
            modal: None,
            controls: Controls::default(),
            pads: gamepad::Pads::open(),
            sound: sound_desk::SoundDesk::open(),
            software_adapter: false,
            menu_focused: false,
            overlay,
            stress: None,
            fight: Fight::new(step, fight::MAX_STEPS_PER_FRAME),
            range: None,
            run: None,
            armoury: armoury::Armoury::default(),
            lab: screens::lab::LabState::default(),
            settings: screens::settings::Settings::default(),
            shop_message: None,
            replay: replay.map(|r| ReplayView::new(Playback::new(r))),
            last_phase: None,
            session: None,
            front: None,
            restore: None,
            unlock_message: None,
            codex_book,
            codex_state: screens::codex::CodexState::default(),
            saved_settings: screens::settings::Settings::default(),
            death_beat: 0.0,
            clear_beat: 0.0,
            clear_seen: false,
            summary_frames: 0,
            bind_edit: screens::bindings::BindingEdit::default(),
            fatal: None,
            catalog,
            data_checksum,
            args,
        }
    }

    /// Mean CPU ms of one simulation step so far.
    pub fn mean_step_ms(&self) -> f64 {
        self.fight.mean_step_ms()
    }

    /// The run's `state_hash` now, in hex (empty before a run exists).
    pub fn state_hash(&self) -> String {
        self.run
            .as_ref()
            .map_or_else(String::new, |r| format!("{:016x}", r.state_hash()))
    }

    /// Writes `--record`'s file (atomically); called at wave ends and at exit.
    pub fn save_recording(&self) {
        let (Some(path), Some(run)) = (&self.args.record, &self.run) else {
            return;
        };
        if let Some(rec) = run.recorder()
            && let Err(e) = rec.save(path, run.setup(), run.world().backend(), self.data_checksum)
        {
            log::error!("--record: {e}");
        }
    }

    /// `--speed`: how many times real time the fight runs (1 by default).
    fn speed(&self) -> f32 {
        self.args
            .speed
            .filter(|s| s.is_finite() && *s > 0.0)
            .unwrap_or(1.0)
    }

    /// Sends a command from the player; a refusal comes back as its reason.
    /// Ignored while watching a replay (the replay is the only input then).
    fn send(&mut self, cmd: Command) -> Result<Option<String>, String> {
        if self.replay.is_some() {
            return Ok(None);
        }
        let Some(run) = &mut self.run else {
            return Err("no run".into());
        };
        let was_fight = run.phase() == Phase::Fight;
        let sfx = sound_desk::command_sfx(&cmd);
        let r = run.apply(cmd).map_err(|e| e.to_string());
        match (&r, sfx) {
            (Ok(_), Some(s)) => self.sound.play(s),
            (Err(_), Some(_)) => self.sound.play(crate::sound::Sfx::Deny),
            _ => {}
        }
        if was_fight != (run.phase() == Phase::Fight) {
            self.save_recording();
        }
        r
    }

    fn screen(&self) -> Screen {
        if self.run.is_none() && self.front.is_some() {
            return Screen::Front;
        }
        if self.range.is_some() {
            return Screen::TestRange;
        }
        match self.modal {
            Some(Modal::Paused) => return Screen::Paused,
            Some(Modal::Settings) => return Screen::Settings,
            None => {}
        }
        match self.run.as_ref().map_or(Phase::Lab, Run::phase) {
            Phase::Lab => Screen::Lab,
            Phase::Fight => Screen::Arena,
            Phase::Settlement => Screen::Settlement,
            Phase::LevelUp => Screen::LevelUp,
            Phase::Shop => Screen::Shop,
            Phase::Armoury => Screen::Armoury,
            Phase::Summary => Screen::Summary,
        }
    }

    fn handle_keys(&mut self, requests: &mut engine::window::Requests) -> bool {
        let mut confirm = false;
        for c in self.controls.take_actions() {
            match c {
                KeyAction::ToggleOverlay => self.overlay.visible = !self.overlay.visible,
                KeyAction::Pause => {
                    if self.range.take().is_some() {
                        self.sound.forget();
                    } else {
                        self.modal = match (self.modal, self.screen()) {
                            (None, Screen::Arena) => Some(Modal::Paused),
                            (Some(Modal::Settings), _) => Some(Modal::Paused),
                            (Some(Modal::Paused), _) => None,
                            (m, _) => m,
                        };
                    }
                }
                KeyAction::Confirm => confirm = true,
                KeyAction::ToggleAim => self.settings.mouse_aim = !self.settings.mouse_aim,
                KeyAction::ReplayPause => {
                    if let Some(r) = &mut self.replay {
                        r.paused = !r.paused;
                    }
                }
                KeyAction::Quit => requests.exit = true,
                KeyAction::ReplaySpeed(n) => {
                    if let Some(r) = &mut self.replay {
                        r.speed = f32::from(n);
                    }
                }
            }
        }
        confirm
    }

    /// The music of the screen in front: the fight's (the boss's while one
    /// lives), the lab's everywhere else.
    fn music_bed(&self) -> Option<crate::sound::Bed> {
        use crate::sound::Bed;
        Some(match (self.screen(), &self.run) {
            (Screen::Arena | Screen::Paused | Screen::Settings, Some(run)) if run.phase() == Phase::Fight => {
                if run.world().boss_alive() {
                    Bed::Boss
                } else {
                    Bed::Fight
                }
            }
            _ => Bed::Lab,
        })
    }

    fn overlay_data(&self, frame: &Frame<'_>) -> OverlayData {
        let mut data = self
            .run
            .as_ref()
            .map_or_else(OverlayData::default, |r| self.fight.overlay_data(r.world()));
        data.counts.extend(self.sound.overlay_rows());
        data.counts.push((
            "world path".into(),
            format!("{} ({})", frame.render_path.path, frame.render_path.reason),
        ));
        data.cpu_systems
            .push(("draw (prev frame)".into(), frame.last_draw_ms));
        data.gpu_passes
            .extend(frame.render_passes.iter().map(|(n, ms)| ((*n).to_string(), *ms)));
        data
    }

    /// Logs each phase change once (`phase: Shop (wave 2)`): a record of the
    /// session, and what the window test waits on to drive the game.
    fn log_phase(&mut self) {
        let now = match (&self.run, self.front) {
            (Some(run), _) => format!("{:?} (wave {})", run.phase(), run.world().wave),
            (None, Some(front)) => format!("Front {front:?}"),
            (None, None) => return,
        };
        if self.last_phase.as_ref() != Some(&now) {
            log::info!("phase: {now}");
            self.last_phase = Some(now);
        }
    }
}

impl WindowApp for GameApp {
    fn init(&mut self, gpu: &GpuContext) {
        log::info!("device: {}", gpu.adapter_summary());
        self.software_adapter = gpu.is_software();
        if let Err(e) = self.open_start_screen(gpu) {
            self.fatal = Some(e);
        }
    }

    fn input(&mut self, event: &winit::event::WindowEvent) {
        self.controls.on_event(event);
    }

    fn poll_devices(&mut self) -> Vec<egui::Event> {
        self.pads.poll();
        // A and X act in the fight only: a menu's A must not leave a dash
        // (or a cast) waiting for the next wave's first step.
        let fighting = self.screen() == Screen::Arena;
        let s = &mut self.pads.state;
        let (dash, cast) = (std::mem::take(&mut s.dash), std::mem::take(&mut s.cast));
        self.controls
            .push_pad(std::mem::take(&mut s.actions), dash && fighting, cast && fighting);
        s.egui_events(self.menu_focused)
    }

    fn frame(&mut self, frame: &mut Frame<'_>) {
        if self.fatal.is_some() {
            frame.requests.exit = true;
            return;
        }
        self.overlay.record_frame(f64::from(frame.dt) * 1000.0);
        if frame.index == 0 {
            style_egui(frame.egui);
        }
        let confirm = self.handle_keys(frame.requests);
        // A focused egui widget (the title's buttons) takes the keyboard, so
        // the window's own Ctrl+Q never sees it there: egui reports it too.
        // Each key event carries the modifiers of its moment (a fast Ctrl+Q
        // can press and release Ctrl within one frame).
        if frame
            .egui
            .input_mut(|i| i.consume_key(egui::Modifiers::CTRL, egui::Key::Q))
        {
            frame.requests.exit = true;
        }
        self.log_phase();
        let ctx = frame.egui.clone();
        self.menu_focused = ctx.memory(|m| m.focused().is_some());
        crate::element::set_colour_blind(self.settings.colour_blind);
        frame.scene.glow = self.settings.glow.on(self.software_adapter);
        self.sound.set_volumes(
            self.settings.master_volume,
            self.settings.effects_volume,
            self.settings.music_volume,
        );
        if ctx.zoom_factor() != self.settings.ui_scale {
            ctx.set_zoom_factor(self.settings.ui_scale);
        }
        self.watch_run();
        match self.screen() {
            screen @ (Screen::Arena | Screen::Paused | Screen::Settings) => {
                self.advance_fight(frame, screen == Screen::Arena);
                if let Some(run) = &self.run {
                    let w = run.world();
                    self.fight.draw(w, frame.scene, &ctx, frame.size);
                    screens::hud::show(&ctx, w, &mut frame.scene.shapes.screen);
                    charge_ring::draw(&ctx, &frame.scene.camera, frame.size, w, frame.scene.time);
                }
            }
            Screen::TestRange => {
                if let Some(r) = &mut self.range {
                    r.tend();
                    r.world.set_aim(self.pads.state.aim().or(mouse_aim(
                        self.settings.mouse_aim,
                        frame.scene.camera,
                        frame.size,
                        self.controls.cursor,
                        r.world.player.pos,
                    )));
                    let sound = &mut self.sound;
                    r.advance(
                        frame.dt,
                        walk_dir(&self.controls, &self.pads),
                        self.args.exit_after_frames.is_some(),
                        &mut |w| sound.hear(w),
                    );
                    r.fight.draw(&r.world, frame.scene, &ctx, frame.size);
                    charge_ring::draw(&ctx, &frame.scene.camera, frame.size, &r.world, frame.scene.time);
                    match screens::range::show(&ctx, &r.world, r.dps(), r.time_scale) {
                        Some(screens::range::RangeAction::ToggleSlow) => {
                            r.time_scale = if r.time_scale < 1.0 { 1.0 } else { 0.1 };
                        }
                        Some(screens::range::RangeAction::Back) => {
                            self.range = None;
                            self.sound.forget();
                        }
                        None => {}
                    }
                }
            }
            Screen::Lab | Screen::Shop | Screen::Armoury | Screen::Front => menu_backdrop(frame),
            Screen::Summary if self.clear_beat > 0.0 => {
                if let Some(run) = &self.run {
                    let w = run.world();
                    self.fight.draw(w, frame.scene, &ctx, frame.size);
                    let t = 1.0 - self.clear_beat / clear_scene::CLEAR_BEAT_S;
                    clear_scene::rings(frame.scene, w.player.pos, t);
                    clear_scene::banner(&ctx, t);
                }
                self.clear_beat = (self.clear_beat - frame.dt).max(0.0);
            }
            Screen::Summary if self.death_beat > 0.0 => {
                // The death beat: the last frame of the fight, slowed, the
                // player's body breaking up; then the summary.
                if let Some(run) = &self.run {
                    let w = run.world();
                    self.fight.draw(w, frame.scene, &ctx, frame.size);
                    draw::death_shards(
                        frame.scene,
                        w.player.pos,
                        w.player.radius,
                        1.0 - self.death_beat / run_screens::DEATH_BEAT_S,
                    );
                }
                self.death_beat = (self.death_beat - frame.dt * run_screens::DEATH_SLOW).max(0.0);
            }
            _ => {
                // Menus over a quiet arena backdrop.
                let arena = &self.catalog.run.world.arena;
                let max = arena.max();
                draw::follow(
                    &mut frame.scene.camera,
                    arena.centre(),
                    Vec2::ZERO,
                    max,
                    frame.size,
                    0.0,
                    0.0,
                );
                draw::arena(frame.scene, Vec2::ZERO, max, frame.size);
            }
        }
        if let Some(front) = self.front.filter(|_| self.run.is_none()) {
            self.front_ui(&ctx, frame, front);
        }
        self.screen_ui(&ctx, frame, confirm);
        if let Some(s) = &mut self.session {
            s.show_toasts(&ctx, frame.dt);
        }
        if let (Some(replay), Some(run)) = (&mut self.replay, &mut self.run) {
            replay.advance_menus(run, frame.dt);
            replay.banner(&ctx, run);
        }
        // A click on a menu widget ticks (a pointer press egui took).
        if ctx.input(|i| i.pointer.any_click()) && ctx.egui_wants_pointer_input() {
            self.sound.play(crate::sound::Sfx::Click);
        }
        let bed = self.music_bed();
        self.sound.end_frame(frame.dt, bed);
        if self.overlay.visible {
            if frame.panel.due() {
                let data = self.overlay_data(frame);
                let overlay = self.overlay.clone();
                frame.panel.show(move |ui| overlay.ui(ui, &data));
            } else {
                frame.panel.show(|_| {});
            }
        }
    }
}

/// The game's egui style, set once on the window's context (and on the
/// screens' reference-image tests' context, so they draw what a player sees).
/// Full-screen panels are painted by the world pass's clear (see
/// `menu_backdrop`), not by egui. Window shadows are wide soft rectangles
/// that every window pays for in shaded pixels (~8 ms a frame for one
/// window on lavapipe).
pub fn style_egui(ctx: &egui::Context) {
    ctx.global_style_mut(|style| {
        style.visuals.panel_fill = egui::Color32::TRANSPARENT;
        style.visuals.window_shadow = egui::Shadow::NONE;
        style.visuals.popup_shadow = egui::Shadow::NONE;
    });
}

/// The background of the full-screen menus (lab, shop, armoury): a plain
/// clear of the world pass in egui's panel grey, under panels whose own fill
/// is transparent. egui fills a panel by shading every covered pixel through
/// its textured shader; on lavapipe two full-screen panels cost ~67 ms of GPU
/// time a frame (the lab drew at 12 fps), while a clear is nearly free.
fn menu_backdrop(frame: &mut Frame<'_>) {
    frame.scene.clear = palette::MENU_FILL;
}
