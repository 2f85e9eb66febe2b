//! The game application: the screens as a state machine, input, the camera,
//! and the fixed 60 Hz step driven from real time, all inside the engine's
//! window shell ([`engine::window`]).

pub mod draw;
pub mod input;
pub mod palette;
pub mod stress;

use std::process::ExitCode;

use engine::gpu::GpuContext;
use engine::ui::{OverlayData, ProfilerOverlay};
use engine::window::{Frame, WindowApp, WindowConfig};
use glam::Vec2;

use crate::cli::play::{PlayArgs, StartScreen};
use input::{Command, Controls};
use stress::StressScene;

/// Fixed simulation rate (DESIGN §2).
pub const STEP_HZ: f32 = 60.0;
/// Most steps run in one frame; beyond it the simulation slows down instead of spiralling.
pub const MAX_STEPS_PER_FRAME: u32 = 4;
/// Projectiles of `--stress` when the flag is given without a sensible number.
pub const DEFAULT_STRESS: u32 = 2000;

/// Opens the window and runs the game until it closes.
pub fn run(args: &PlayArgs) -> ExitCode {
    let mut config = WindowConfig {
        exit_after_frames: args.exit_after_frames,
        screenshot: args.screenshot.clone(),
        ..WindowConfig::default()
    };
    if let Some(size) = args.windowed {
        config.size = [size.width, size.height];
    }
    if args.exit_after_frames.is_some() {
        // Smoke tests and figures measure the uncapped frame rate.
        config.vsync = false;
    }
    let mut app = GameApp::new(args.clone());
    match engine::window::run(config, &mut app) {
        Ok(report) => {
            if args.exit_after_frames.is_some() {
                println!(
                    "{{\"frames\":{},\"fps\":{:.1},\"mean_ms\":{:.2},\"p95_ms\":{:.2},\"app_ms\":{:.2},\"draw_ms\":{:.2},\"step_ms\":{:.3}}}",
                    report.frames.frames,
                    report.frames.fps,
                    report.frames.mean_ms,
                    report.frames.p95_ms,
                    report.app_ms,
                    report.draw_ms,
                    app.mean_step_ms(),
                );
            }
            match app.fatal {
                Some(e) => {
                    eprintln!("artificer: {e}");
                    ExitCode::FAILURE
                }
                None => ExitCode::SUCCESS,
            }
        }
        Err(e) => {
            eprintln!("artificer: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Which screen is in front.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The stress scene of `--stress`.
    Stress,
    /// Paused over the arena.
    Paused,
    /// Settings (from the pause menu).
    Settings,
}

/// The game as a [`WindowApp`].
#[derive(Debug)]
pub struct GameApp {
    args: PlayArgs,
    screen: Screen,
    controls: Controls,
    overlay: ProfilerOverlay,
    stress: Option<StressScene>,
    accumulator: f32,
    step_ms_total: f64,
    steps: u64,
    settings: crate::screens::settings::Settings,
    /// A problem that ends the game with a non-zero exit status.
    pub fatal: Option<String>,
}

impl GameApp {
    /// The game for these command-line options.
    pub fn new(args: PlayArgs) -> Self {
        let overlay = ProfilerOverlay::new(args.overlay || args.stress.is_some());
        Self {
            screen: Screen::Stress,
            controls: Controls::default(),
            overlay,
            stress: None,
            accumulator: 0.0,
            step_ms_total: 0.0,
            steps: 0,
            settings: crate::screens::settings::Settings::default(),
            fatal: None,
            args,
        }
    }

    /// Mean CPU ms of one simulation step so far.
    pub fn mean_step_ms(&self) -> f64 {
        if self.steps == 0 {
            0.0
        } else {
            self.step_ms_total / self.steps as f64
        }
    }

    fn seed(&self) -> u64 {
        self.args.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        })
    }

    /// Runs as many fixed steps as real time asks for, at most [`MAX_STEPS_PER_FRAME`].
    fn advance(&mut self, dt: f32) {
        let step = 1.0 / STEP_HZ;
        self.accumulator = (self.accumulator + dt).min(step * MAX_STEPS_PER_FRAME as f32);
        while self.accumulator >= step {
            self.accumulator -= step;
            if let Some(s) = &mut self.stress {
                s.step(step);
                self.step_ms_total += s.step_ms;
                self.steps += 1;
            }
        }
    }

    fn handle_commands(&mut self) {
        for c in self.controls.take_commands() {
            match c {
                Command::ToggleOverlay => self.overlay.visible = !self.overlay.visible,
                Command::ToggleAim => self.controls.mouse_aim = !self.controls.mouse_aim,
                Command::Pause => {
                    self.screen = match self.screen {
                        Screen::Stress => Screen::Paused,
                        Screen::Paused => Screen::Stress,
                        Screen::Settings => Screen::Paused,
                    }
                }
                Command::Confirm => {}
            }
        }
    }

    fn overlay_data(&self, frame: &Frame<'_>) -> OverlayData {
        let mut data = OverlayData::default();
        if let Some(s) = &self.stress {
            data.cpu_systems.push(("step (core + crowd)".into(), s.step_ms));
            data.gpu_passes.extend(
                s.pass_timings()
                    .into_iter()
                    .map(|(n, ms)| (format!("compute {n}"), ms)),
            );
            data.counts.push((
                "projectiles".into(),
                format!("{} / {}", s.live(), self.args.stress.unwrap_or(DEFAULT_STRESS)),
            ));
            data.counts.push(("enemies".into(), s.enemy_count().to_string()));
            data.counts.push(("dropped spawns".into(), s.dropped.to_string()));
            data.counts.push(("events / step".into(), s.events.to_string()));
            data.counts.push(("hits / step".into(), s.hits.to_string()));
        }
        data.cpu_systems
            .push(("draw (prev frame)".into(), frame.last_draw_ms));
        data.gpu_passes
            .extend(frame.render_passes.iter().map(|(n, ms)| ((*n).to_string(), *ms)));
        data
    }
}

impl WindowApp for GameApp {
    fn init(&mut self, gpu: &GpuContext) {
        log::info!("device: {}", gpu.adapter_summary());
        let n = self.args.stress.unwrap_or(DEFAULT_STRESS);
        match StressScene::new(n, self.args.backend, gpu, self.seed()) {
            Ok(s) => self.stress = Some(s),
            Err(e) => self.fatal = Some(e),
        }
        match self.args.screen {
            None | Some(StartScreen::Arena) => self.screen = Screen::Stress,
            Some(other) => log::warn!("--screen {other:?} is not built yet; opening the arena"),
        }
    }

    fn input(&mut self, event: &winit::event::WindowEvent) {
        self.controls.on_event(event);
    }

    fn frame(&mut self, frame: &mut Frame<'_>) {
        if self.fatal.is_some() {
            frame.requests.exit = true;
            return;
        }
        self.overlay.record_frame(f64::from(frame.dt) * 1000.0);
        self.handle_commands();
        if self.screen == Screen::Stress {
            self.advance(frame.dt);
        }
        let arena_max = Vec2::splat(engine::compute::config::ARENA_SIZE);
        draw::follow(
            &mut frame.scene.camera,
            arena_max * 0.5,
            Vec2::ZERO,
            arena_max,
            frame.size,
            0.0,
            frame.scene.time,
        );
        draw::arena(frame.scene, Vec2::ZERO, arena_max, frame.size);
        frame.scene.projectile_style = palette::projectile_style();
        if let Some(s) = &self.stress {
            s.draw(frame.scene);
        }
        draw::player(frame.scene, arena_max * 0.5, 16.0, Vec2::X, 0.0);
        match self.screen {
            Screen::Paused => {
                if let Some(action) = crate::screens::pause::show(frame.egui) {
                    match action {
                        crate::screens::pause::PauseAction::Resume => self.screen = Screen::Stress,
                        crate::screens::pause::PauseAction::Settings => self.screen = Screen::Settings,
                        crate::screens::pause::PauseAction::Quit => frame.requests.exit = true,
                    }
                }
            }
            Screen::Settings => {
                if crate::screens::settings::show(frame.egui, &mut self.settings, frame.requests) {
                    self.screen = Screen::Paused;
                }
            }
            Screen::Stress => {}
        }
        let data = self.overlay_data(frame);
        self.overlay.show(frame.egui, &data);
    }
}
