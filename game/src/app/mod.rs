//! The game application: a driver of the run flow ([`crate::run::Run`]) in
//! the engine's window shell ([`engine::window`]). It turns keys, the mouse
//! and egui clicks into run [`Command`]s (or, with `--replay`, feeds a
//! replay's commands at ×1 / ×4), draws the screen of the run's phase, and
//! runs the fixed 60 Hz step from real time through the engine's clock. The
//! pause menu, settings and the lab's test range are the window's own; they
//! never touch the run.
//!
//! [`GameApp`] is a [`Shell`] plus a [`Mode`]. The shell is what every mode
//! shares and is valid from start to exit: the data, the profile session,
//! the controls and pads, the sound, the settings, the overlay. The mode
//! ([`modes`]) is what the window is doing (the title, a run, a replay, the
//! test range) and owns only that mode's state, so a run's fight, lab or
//! shop message cannot outlive the run, and a mode change is an explicit
//! transition that builds the next mode's state. A bare enum of modes would
//! repeat the shared parts in every variant and move them across each
//! transition; keeping them in a struct beside the mode lets a mode's code
//! borrow the shell and its own state at once.

pub mod args;
pub mod armoury;
pub mod backdrop;
pub mod blade_arcs;
pub mod charge_ring;
pub mod clear_scene;
mod death_beat;
mod fight_step;

pub mod draw;
pub mod fight;
pub mod front;
pub mod gamepad;
pub mod input;
mod launch;
mod modes;
mod moments;
mod motion;
pub mod palette;
mod replay_view;
mod run_screens;
pub use run_screens::{between_waves_foot, save_and_quit_button};
mod run_start;
pub mod session;
pub mod sound_desk;
pub mod test_range;
mod world_view;

use std::sync::Arc;

use engine::gpu::GpuContext;
use engine::ui::{OverlayData, ProfilerOverlay};
use engine::window::{Frame, WindowApp};

use crate::catalog::Catalog;
use crate::run::{Command, Phase, Replay, Run};
use crate::screens;
use args::PlayArgs;
use input::{Controls, KeyAction};
pub use launch::run;
pub use modes::Screen;
use modes::{BootMode, Modal, Mode};
pub(crate) use run_start::Start;
pub use run_start::StartError;

/// Projectiles of `--stress` when the flag is given as 0 (the design load).
pub const DEFAULT_STRESS: u32 = 2000;
/// Enemies held alive under `--stress` (the seed's "1000+ on screen").
pub const STRESS_ENEMIES: u32 = 1000;

/// The game as a [`WindowApp`].
#[derive(Debug)]
pub struct GameApp {
    shell: Shell,
    mode: Mode,
    /// A start that failed: the game ends with it and a non-zero exit status.
    pub fatal: Option<StartError>,
}

/// What every mode shares, valid from start to exit.
#[derive(Debug)]
struct Shell {
    args: PlayArgs,
    catalog: Arc<Catalog>,
    data_checksum: u64,
    codex_book: Arc<crate::codex::CodexBook>,
    /// Where the codex was left open (kept between visits and runs).
    codex_state: screens::codex::CodexState,
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
    settings: screens::settings::Settings,
    /// Settings as last written to the profile.
    saved_settings: screens::settings::Settings,
    /// The settings' key rebinding in progress.
    bind_edit: screens::bindings::BindingEdit,
    /// The player's profile. A normal start has one for the whole session;
    /// the tools' starts (previews, `--stress`, `--replay`) run without one
    /// and never write a profile.
    session: Option<session::Session>,
    /// The phase line last logged (empty before the first).
    last_phase: String,
    /// Number keys are swallowed until released after a phase change
    /// (docs/screens.md#no-traps: a "1" held on the level-up must not buy in the shop).
    numbers_blocked: bool,
    /// The cross-fade or slide between screens in progress.
    motion: motion::Motion,
    /// The fight's moments noted in the log with their frame numbers.
    moments: moments::Moments,
}

/// What [`GameApp::new`] starts from besides the command line.
#[derive(Debug)]
pub struct Launch {
    /// The data.
    pub catalog: Arc<Catalog>,
    /// The codex texts.
    pub codex_book: Arc<crate::codex::CodexBook>,
    /// Stamps recordings and checks replays against the data.
    pub data_checksum: u64,
    /// `--replay`'s recording, played instead of taking input.
    pub replay: Option<Replay>,
    /// The profile of a normal start (see [`PlayArgs::uses_profile`]).
    pub session: Option<session::Session>,
    /// The settings in force (the profile's, or the defaults).
    pub settings: screens::settings::Settings,
}

impl GameApp {
    /// The game for these command-line options and this start.
    pub fn new(args: PlayArgs, launch: Launch) -> Self {
        let overlay = ProfilerOverlay::new(args.overlay || args.stress.is_some());
        let mut controls = Controls::default();
        controls.bindings = launch.settings.bindings;
        Self {
            shell: Shell {
                args,
                catalog: launch.catalog,
                data_checksum: launch.data_checksum,
                codex_book: launch.codex_book,
                codex_state: screens::codex::CodexState::default(),
                controls,
                pads: gamepad::Pads::open(),
                sound: sound_desk::SoundDesk::open(),
                software_adapter: false,
                menu_focused: false,
                overlay,
                settings: launch.settings,
                saved_settings: launch.settings,
                bind_edit: screens::bindings::BindingEdit::default(),
                session: launch.session,
                last_phase: String::new(),
                numbers_blocked: false,
                motion: motion::Motion::default(),
                moments: moments::Moments::default(),
            },
            mode: Mode::Boot(BootMode {
                replay: launch.replay.map(Box::new),
            }),
            fatal: None,
        }
    }

    /// Mean CPU ms of one simulation step so far in the run in front (0
    /// without one).
    pub fn mean_step_ms(&self) -> f64 {
        self.mode.run().map_or(0.0, |r| r.fight.mean_step_ms())
    }

    /// The run's `state_hash` now, in hex (empty without a run).
    pub fn state_hash(&self) -> String {
        self.mode
            .run()
            .map_or_else(String::new, |r| format!("{:016x}", r.run.state_hash()))
    }

    /// Writes `--record`'s file (atomically); called at wave ends and at exit.
    pub fn save_recording(&self) {
        if let Some(r) = self.mode.run() {
            self.shell.save_recording(&r.run);
        }
    }

    /// Sends a command from the player to the run in front; a refusal comes
    /// back as its reason. Ignored while watching a replay (the replay is
    /// the only input then).
    fn send(&mut self, cmd: Command) -> Result<Option<String>, String> {
        match &mut self.mode {
            Mode::Run(r) => self.shell.send(&mut r.run, cmd),
            Mode::Replay(_) => Ok(None),
            Mode::Boot(_) | Mode::Title(_) | Mode::Range(_) => Err("no run".into()),
        }
    }

    fn screen(&self) -> Screen {
        self.mode.screen()
    }

    fn handle_keys(&mut self, requests: &mut engine::window::Requests) -> bool {
        let mut confirm = false;
        for c in self.shell.controls.take_actions() {
            match c {
                KeyAction::ToggleOverlay => self.shell.overlay.visible = !self.shell.overlay.visible,
                KeyAction::Trace => requests.trace = Some(self.shell.f4_trace()),
                KeyAction::Pause => {
                    if let Mode::Range(_) = self.mode {
                        self.mode.leave_range();
                        self.shell.sound.forget();
                    } else if let Some(r) = self.mode.run_mut() {
                        r.modal = match (r.modal, r.screen()) {
                            (None, Screen::Arena) => Some(Modal::Paused),
                            (Some(Modal::Settings), _) => Some(Modal::Paused),
                            (Some(Modal::Paused), _) => None,
                            (m, _) => m,
                        };
                    }
                }
                KeyAction::Confirm => confirm = true,
                KeyAction::ToggleAim => self.shell.settings.mouse_aim = !self.shell.settings.mouse_aim,
                KeyAction::ReplayPause => {
                    if let Mode::Replay(r) = &mut self.mode {
                        r.view.paused = !r.view.paused;
                    }
                }
                KeyAction::Quit => match &mut self.mode {
                    // A fight is not kept on exit: asked first, with Save & quit.
                    Mode::Run(r) if r.run.phase() == crate::run::Phase::Fight => {
                        r.modal = Some(Modal::Paused);
                        r.ask_quit = true;
                    }
                    _ => requests.exit = true,
                },
                KeyAction::ReplaySpeed(n) => {
                    if let Mode::Replay(r) = &mut self.mode {
                        r.view.speed = f32::from(n);
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
        Some(match (self.screen(), self.mode.run()) {
            (Screen::Arena | Screen::Paused | Screen::Settings, Some(r)) if r.run.phase() == Phase::Fight => {
                if r.run.world().boss_alive() {
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
            .mode
            .run()
            .map_or_else(OverlayData::default, |r| r.fight.overlay_data(r.run.world()));
        data.counts.extend(self.shell.sound.overlay_rows());
        data.counts.push((
            "world path".into(),
            format!("{} ({})", frame.render_path.path, frame.render_path.reason),
        ));
        data.cpu_systems
            .push(("draw (prev frame)".into(), frame.last_draw_ms));
        data.gpu_passes.extend(
            frame
                .profile
                .gpu_passes
                .iter()
                .map(|(n, ms, depth)| (format!("{}{n}", "  ".repeat(*depth)), *ms)),
        );
        data.profile = frame.profile.summary();
        data
    }

    /// Logs each phase change once (`phase: Shop (wave 2)`): a record of the
    /// session, and what the window test waits on to drive the game.
    fn log_phase(&mut self) {
        let now = match (&self.mode, self.mode.run()) {
            (_, Some(r)) => format!("{:?} (wave {})", r.run.phase(), r.run.world().wave),
            (Mode::Title(t), None) => format!("Front {:?}", t.front),
            _ => return,
        };
        if self.shell.last_phase != now {
            log::info!("phase: {now}");
            self.shell.last_phase = now;
            // Every phase change starts the next screen with clean input
            // (docs/screens.md#no-traps): no movement key left held by a
            // release the last screen took, no dash or cast waiting, no
            // number key still down from the last screen's choice.
            self.shell.controls.clear_held();
            self.shell.numbers_blocked = true;
        }
    }

    /// The screen in front as the screen motion sees it: the title's
    /// sub-screens apart, and whether a world beat holds the interface back.
    fn motion_key(&self) -> motion::Key {
        let screen = match &self.mode {
            Mode::Title(t) => format!("Front {:?}", t.front),
            _ => format!("{:?}", self.screen()),
        };
        let beat = self
            .mode
            .run()
            .is_some_and(|r| r.ending.death_beat > 0.0 || r.ending.clear_beat > 0.0);
        motion::Key { screen, beat }
    }

    /// While a number key pressed before the phase change is still down,
    /// the new screen never sees it (nor its key repeats).
    fn swallow_numbers(&mut self, ctx: &egui::Context) {
        if !self.shell.numbers_blocked {
            return;
        }
        self.shell.numbers_blocked = ctx.input_mut(input::swallow_numbers);
    }
}

impl Shell {
    /// Where F4's trace goes: the profile folder's `traces/`, named by the
    /// time it was taken.
    fn f4_trace(&self) -> engine::profile::TraceRequest {
        let root = crate::profile::ProfileStore::resolve(self.args.profile.as_deref());
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        engine::profile::TraceRequest {
            path: root.root().join("traces").join(format!("trace-{secs}.json")),
            frames: Some(engine::profile::F4_FRAMES),
        }
    }

    /// `--speed`: how many times real time the fight runs (1 by default).
    fn speed(&self) -> f32 {
        self.args
            .speed
            .filter(|s| s.is_finite() && *s > 0.0)
            .unwrap_or(1.0)
    }

    /// Applies `cmd` to `run` with its sound (or the refusal's), and writes
    /// the recording when a fight starts or ends.
    fn send(&mut self, run: &mut Run, cmd: Command) -> Result<Option<String>, String> {
        let was_fight = run.phase() == Phase::Fight;
        let sfx = sound_desk::command_sfx(&cmd);
        let r = run.apply(cmd).map_err(|e| e.to_string());
        match (&r, sfx) {
            (Ok(_), Some(s)) => self.sound.play(s),
            (Err(_), Some(_)) => self.sound.play(crate::sound::Sfx::Deny),
            _ => {}
        }
        if was_fight != (run.phase() == Phase::Fight) {
            self.save_recording(run);
        }
        r
    }

    /// Writes `--record`'s file for `run`, if it records.
    fn save_recording(&self, run: &Run) {
        let Some(path) = &self.args.record else {
            return;
        };
        if let Some(rec) = run.recorder()
            && let Err(e) = rec.save(path, run.setup(), run.world().backend(), self.data_checksum)
        {
            log::error!("--record: {e}");
        }
    }

    /// The frame's look and sound from the settings.
    fn apply_settings(&mut self, ctx: &egui::Context, frame: &mut Frame<'_>) {
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
    }
}

impl WindowApp for GameApp {
    fn init(&mut self, gpu: &GpuContext) {
        log::info!("device: {}", gpu.adapter_summary());
        self.shell.software_adapter = gpu.is_software();
        if let Err(e) = self.open_start_screen(gpu) {
            self.fatal = Some(e);
        }
    }

    fn input(&mut self, event: &winit::event::WindowEvent) {
        self.shell.controls.on_event(event);
    }

    fn poll_devices(&mut self) -> Vec<egui::Event> {
        let shell = &mut self.shell;
        shell.pads.poll();
        // A and X act in the fight only: a menu's A must not leave a dash
        // (or a cast) waiting for the next wave's first step.
        let fighting = self.mode.screen() == Screen::Arena;
        let s = &mut shell.pads.state;
        let (dash, cast) = (std::mem::take(&mut s.dash), std::mem::take(&mut s.cast));
        // The stepper's buttons act in the lab only; elsewhere they drop.
        let stepper = std::mem::take(&mut s.stepper);
        if self.mode.screen() == Screen::Lab
            && let Some(r) = self.mode.run_mut()
        {
            r.lab.stepper.pressed.extend(stepper);
        }
        shell
            .controls
            .push_pad(std::mem::take(&mut s.actions), dash && fighting, cast && fighting);
        s.egui_events(shell.menu_focused)
    }

    fn frame(&mut self, frame: &mut Frame<'_>) {
        if self.fatal.is_some() {
            frame.requests.exit = true;
            return;
        }
        self.shell.overlay.record_frame(f64::from(frame.dt) * 1000.0);
        // The overlay's slowest-frame tree needs the scopes of every frame.
        frame.requests.scopes = self.shell.overlay.visible;
        if frame.index == 0 {
            style_egui(frame.egui);
            let feathering = egui_feathering(self.shell.software_adapter);
            frame.egui.tessellation_options_mut(|o| o.feathering = feathering);
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
        self.swallow_numbers(&ctx);
        self.shell.menu_focused = ctx.memory(|m| m.focused().is_some());
        self.shell.apply_settings(&ctx, frame);
        self.watch_run();
        let key = self.motion_key();
        let still = self.shell.settings.reduce_motion;
        self.shell.motion.still = still;
        screens::theme::set_still(&ctx, still);
        self.shell.motion.frame(&ctx, key, frame.dt);
        {
            engine::scope!("world view");
            self.draw_world(&ctx, frame);
        }
        if let Some(r) = self.mode.run() {
            self.shell.moments.watch(&r.run, frame.index);
        }
        // The menus' themed backdrop over the world pass's plain clear; the
        // motes alone over the quiet arena between waves (not over a beat).
        match self.screen() {
            Screen::Lab | Screen::Shop | Screen::Armoury | Screen::Front => {
                backdrop::menus_with(frame.scene, frame.size, still);
            }
            Screen::Settlement | Screen::LevelUp => backdrop::motes_with(frame.scene, frame.size, still),
            Screen::Summary if !self.motion_key().beat => {
                backdrop::motes_with(frame.scene, frame.size, still)
            }
            _ => {}
        }
        if let Mode::Title(_) = self.mode {
            self.front_ui(&ctx, frame);
        }
        {
            engine::scope!("egui layout");
            self.screen_ui(&ctx, frame, confirm);
        }
        if let Some(s) = &mut self.shell.session {
            s.show_toasts(&ctx, frame.dt);
        }
        if let Mode::Replay(r) = &mut self.mode {
            r.view.advance_menus(&mut r.run.run, frame.dt);
            r.view.banner(&ctx, &r.run.run);
        }
        // A click on a menu widget ticks (a pointer press egui took).
        if ctx.input(|i| i.pointer.any_click()) && ctx.egui_wants_pointer_input() {
            self.shell.sound.play(crate::sound::Sfx::Click);
        }
        let bed = self.music_bed();
        self.shell.sound.end_frame(frame.dt, bed);
        if self.shell.overlay.visible {
            if frame.panel.due() {
                let data = self.overlay_data(frame);
                let overlay = self.shell.overlay.clone();
                frame.panel.show(move |ui| overlay.ui(ui, &data));
            } else {
                frame.panel.show(|_| {});
            }
        }
    }
}

/// Environment variable: `on` or `off` forces egui's anti-aliased edges
/// (default: on, except on a software adapter).
pub const EGUI_FEATHERING_ENV: &str = "ARTIFICER_EGUI_FEATHERING";

/// Whether egui feathers its edges. On a software rasteriser the interface
/// pays per triangle far more than per pixel (the shop: 8,600 triangles
/// over 111,000 pixels cost 15 ms of its 31 ms frame on lavapipe), and
/// feathering adds a ring of thin triangles around every shape; text is
/// textured and keeps its smoothing (docs/architecture.md#profiling).
fn egui_feathering(software_adapter: bool) -> bool {
    match std::env::var(EGUI_FEATHERING_ENV).as_deref() {
        Ok("on") => true,
        Ok("off") => false,
        _ => !software_adapter,
    }
}

/// The keys that pick a card or buy an offer (1 … 9, `screens::number_key`).
/// The game's egui style, set once on the window's context (and on the
/// screens' reference-image tests' context, so they draw what a player
/// sees): the theme of `screens::theme` (docs/screens.md#how-screens-look).
pub fn style_egui(ctx: &egui::Context) {
    screens::theme::apply(ctx);
}
