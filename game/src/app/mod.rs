//! The game application: the screens as a state machine (lab → arena →
//! settlement → level-up → shop → lab …, death or victory → summary), input,
//! the camera, and the fixed 60 Hz step driven from real time, inside the
//! engine's window shell ([`engine::window`]).

pub mod armoury;
pub mod charge_ring;
pub mod draw;
pub mod fight;
pub mod input;
pub mod palette;
mod run;
pub mod test_range;

use std::process::ExitCode;
use std::sync::Arc;

use engine::gpu::GpuContext;
use engine::ui::{OverlayData, ProfilerOverlay};
use engine::window::{Frame, WindowApp, WindowConfig};
use glam::Vec2;

use crate::catalog::Catalog;
use crate::cli::play::{PlayArgs, StartScreen};
use crate::screens;
use fight::Fight;
use input::{Command, Controls};
use run::RunState;

/// Projectiles of `--stress` when the flag is given as 0 (the design load).
pub const DEFAULT_STRESS: u32 = 2000;
/// Enemies held alive under `--stress` (the seed's "1000+ on screen").
pub const STRESS_ENEMIES: u32 = 1000;

/// Opens the window and runs the game until it closes.
pub fn run(args: &PlayArgs) -> ExitCode {
    let root = crate::data::default_root();
    let catalog = match Catalog::load(&root) {
        Ok(c) => Arc::new(c),
        Err(errors) => {
            eprint!(
                "artificer: the data in {} has problems:\n{errors}",
                root.display()
            );
            return ExitCode::FAILURE;
        }
    };
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
    let mut app = GameApp::new(args.clone(), catalog);
    match engine::window::run(config, &mut app) {
        Ok(report) => {
            if args.exit_after_frames.is_some() {
                let gpu: Vec<String> = report
                    .gpu_pass_ms
                    .iter()
                    .map(|(label, ms)| format!("\"{label}\":{ms:.2}"))
                    .collect();
                println!(
                    "{{\"frames\":{},\"fps\":{:.1},\"mean_ms\":{:.2},\"p95_ms\":{:.2},\"app_ms\":{:.2},\"draw_ms\":{:.2},\"step_ms\":{:.3},\"gpu_pass_ms\":{{{}}}}}",
                    report.frames.frames,
                    report.frames.fps,
                    report.frames.mean_ms,
                    report.frames.p95_ms,
                    report.app_ms,
                    report.draw_ms,
                    app.mean_step_ms(),
                    gpu.join(","),
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
    /// Equipment and crafting, reached from the shop.
    Armoury,
}

/// The game as a [`WindowApp`].
#[derive(Debug)]
pub struct GameApp {
    args: PlayArgs,
    catalog: Arc<Catalog>,
    screen: Screen,
    controls: Controls,
    overlay: ProfilerOverlay,
    /// `--stress N`: projectiles held alive in the fight.
    stress: Option<u32>,
    fight: Option<Fight>,
    range: Option<test_range::TestRange>,
    run: Option<RunState>,
    armoury: Option<armoury::Armoury>,
    lab: screens::lab::LabState,
    settings: screens::settings::Settings,
    /// A problem that ends the game with a non-zero exit status.
    pub fatal: Option<String>,
}

impl GameApp {
    /// The game for these command-line options and this data.
    pub fn new(args: PlayArgs, catalog: Arc<Catalog>) -> Self {
        let overlay = ProfilerOverlay::new(args.overlay || args.stress.is_some());
        Self {
            screen: Screen::Lab,
            controls: Controls::default(),
            overlay,
            stress: None,
            fight: None,
            range: None,
            run: None,
            armoury: None,
            lab: screens::lab::LabState::default(),
            settings: screens::settings::Settings::default(),
            fatal: None,
            catalog,
            args,
        }
    }

    /// Mean CPU ms of one simulation step so far.
    pub fn mean_step_ms(&self) -> f64 {
        self.fight.as_ref().map_or(0.0, Fight::mean_step_ms)
    }

    fn seed(&self) -> u64 {
        self.args.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        })
    }

    fn new_run(&mut self, gpu: &GpuContext) -> Result<(), String> {
        let seed = self.seed();
        let (state, world) = RunState::new(&self.catalog, seed, self.args.backend, gpu)?;
        self.fight = Some(Fight::new(world));
        self.run = Some(state);
        self.armoury = Some(armoury::Armoury::new(seed));
        Ok(())
    }

    fn begin_wave(&mut self, n: u32) {
        let Some(f) = &mut self.fight else { return };
        match f.world.begin_wave(n) {
            Ok(()) => self.screen = Screen::Arena,
            Err(e) => {
                self.lab.warning = Some(e.to_string());
                self.screen = Screen::Lab;
            }
        }
    }

    fn handle_commands(&mut self) -> bool {
        let mut confirm = false;
        for c in self.controls.take_commands() {
            match c {
                Command::ToggleOverlay => self.overlay.visible = !self.overlay.visible,
                Command::Pause => {
                    self.screen = match self.screen {
                        Screen::Arena => Screen::Paused,
                        Screen::Paused => Screen::Arena,
                        Screen::Settings => Screen::Paused,
                        Screen::TestRange => {
                            self.range = None;
                            Screen::Lab
                        }
                        other => other,
                    }
                }
                Command::Confirm => confirm = true,
                Command::ToggleAim => self.settings.mouse_aim = !self.settings.mouse_aim,
            }
        }
        confirm
    }

    /// After the fight's steps: death, wave end.
    fn check_wave_end(&mut self) {
        let (Some(f), Some(run)) = (&mut self.fight, &mut self.run) else {
            return;
        };
        if self.screen != Screen::Arena || !f.world.in_wave() {
            return;
        }
        run.observe(&f.world);
        let died = !f.world.player.alive();
        if died || f.world.wave_done() {
            let stats = f.world.end_wave();
            run.wave_ended(&f.world, stats);
            if died {
                run.finish(&f.world, false);
                self.screen = Screen::Summary;
            } else if f.world.wave as usize >= self.catalog.waves.len() {
                run.finish(&f.world, true);
                self.screen = Screen::Summary;
            } else {
                self.screen = Screen::Settlement;
            }
        }
    }

    fn overlay_data(&self, frame: &Frame<'_>) -> OverlayData {
        let mut data = self
            .fight
            .as_ref()
            .map_or_else(OverlayData::default, Fight::overlay_data);
        data.cpu_systems
            .push(("draw (prev frame)".into(), frame.last_draw_ms));
        data.gpu_passes
            .extend(frame.render_passes.iter().map(|(n, ms)| ((*n).to_string(), *ms)));
        data
    }

    fn open_start_screen(&mut self, gpu: &GpuContext) -> Result<(), String> {
        self.new_run(gpu)?;
        let wave = self.args.wave.unwrap_or(1).max(1);
        if let Some(n) = self.args.stress {
            self.stress = Some(if n == 0 { DEFAULT_STRESS } else { n });
            self.begin_wave(wave);
            return Ok(());
        }
        let start = match self.args.screen {
            Some(s) => Some(s),
            None if self.args.exit_after_frames.is_some() => Some(StartScreen::Arena),
            None => None,
        };
        match start {
            None | Some(StartScreen::Lab) => {
                self.set_wave_before(wave);
                self.screen = Screen::Lab;
            }
            Some(StartScreen::Arena) => self.begin_wave(wave),
            Some(StartScreen::Shop) => {
                self.set_wave_before(wave);
                let def = &self.catalog.run.economy.def.settlement;
                if let Some(f) = &mut self.fight {
                    // The seeded state: the settlements of the waves already cleared.
                    for _ in 1..wave {
                        f.world.wallet.settle(def);
                    }
                }
                if let (Some(f), Some(run)) = (&mut self.fight, &mut self.run) {
                    run.open_shop(&f.world);
                }
                self.screen = Screen::Shop;
            }
            Some(StartScreen::Armoury) => {
                self.set_wave_before(wave);
                if let Some(f) = &mut self.fight {
                    armoury::seed_preview_loot(&mut f.world, wave);
                }
                self.screen = Screen::Armoury;
            }
            Some(StartScreen::Summary) => {
                self.set_wave_before(wave);
                if let (Some(f), Some(run)) = (&self.fight, &mut self.run) {
                    run.finish(&f.world, false);
                }
                self.screen = Screen::Summary;
            }
        }
        Ok(())
    }

    /// Sets the world as if wave `wave - 1` had just ended (the lab and shop name the next wave).
    fn set_wave_before(&mut self, wave: u32) {
        if let Some(f) = &mut self.fight {
            f.world.wave = wave - 1;
        }
    }
}

impl WindowApp for GameApp {
    fn init(&mut self, gpu: &GpuContext) {
        log::info!("device: {}", gpu.adapter_summary());
        if let Err(e) = self.open_start_screen(gpu) {
            self.fatal = Some(e);
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
        if frame.index == 0 {
            // Full-screen panels are painted by the world pass's clear (see
            // `menu_backdrop`), not by egui.
            // Window shadows are wide soft rectangles that every window pays
            // for in shaded pixels (~8 ms a frame for one window on lavapipe).
            frame.egui.global_style_mut(|style| {
                style.visuals.panel_fill = egui::Color32::TRANSPARENT;
                style.visuals.window_shadow = egui::Shadow::NONE;
                style.visuals.popup_shadow = egui::Shadow::NONE;
            });
        }
        let confirm = self.handle_commands();
        let ctx = frame.egui.clone();
        match self.screen {
            Screen::Arena | Screen::Paused | Screen::Settings => {
                if let (Some(f), Some(n)) = (&mut self.fight, self.stress) {
                    // Stress: the load is topped up between steps and the
                    // player is kept alive, so the figures measure the load.
                    if f.world.in_wave() {
                        f.world.hold_load(STRESS_ENEMIES, n);
                        f.world.player.hp = f.world.player.hp_max();
                    }
                }
                if let Some(f) = &mut self.fight {
                    f.world.set_aim(mouse_aim(
                        self.settings.mouse_aim,
                        frame.scene.camera,
                        frame.size,
                        self.controls.cursor,
                        f.world.player.pos,
                    ));
                    let scale = if self.screen == Screen::Arena { 1.0 } else { 0.0 };
                    f.advance(
                        frame.dt,
                        scale,
                        self.controls.move_dir(),
                        self.args.exit_after_frames.is_some(),
                    );
                }
                self.check_wave_end();
                if let Some(f) = &mut self.fight {
                    f.draw(frame.scene, &ctx, frame.size);
                    screens::hud::show(&ctx, &f.world);
                    charge_ring::draw(&ctx, &frame.scene.camera, frame.size, &f.world, frame.scene.time);
                }
            }
            Screen::TestRange => {
                if let Some(r) = &mut self.range {
                    r.tend();
                    r.fight.world.set_aim(mouse_aim(
                        self.settings.mouse_aim,
                        frame.scene.camera,
                        frame.size,
                        self.controls.cursor,
                        r.fight.world.player.pos,
                    ));
                    let scale = r.time_scale;
                    r.fight.advance(
                        frame.dt,
                        scale,
                        self.controls.move_dir(),
                        self.args.exit_after_frames.is_some(),
                    );
                    r.fight.draw(frame.scene, &ctx, frame.size);
                    charge_ring::draw(
                        &ctx,
                        &frame.scene.camera,
                        frame.size,
                        &r.fight.world,
                        frame.scene.time,
                    );
                    match screens::range::show(&ctx, &r.fight.world, r.dps(), r.time_scale) {
                        Some(screens::range::RangeAction::ToggleSlow) => {
                            r.time_scale = if r.time_scale < 1.0 { 1.0 } else { 0.1 };
                        }
                        Some(screens::range::RangeAction::Back) => {
                            self.range = None;
                            self.screen = Screen::Lab;
                        }
                        None => {}
                    }
                }
            }
            Screen::Lab | Screen::Shop | Screen::Armoury => menu_backdrop(frame),
            _ => {
                // Menus over a quiet arena backdrop.
                let max = Vec2::splat(engine::compute::config::ARENA_SIZE);
                draw::follow(
                    &mut frame.scene.camera,
                    max * 0.5,
                    Vec2::ZERO,
                    max,
                    frame.size,
                    0.0,
                    0.0,
                );
                draw::arena(frame.scene, Vec2::ZERO, max, frame.size);
            }
        }
        self.screen_ui(&ctx, frame, confirm);
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

impl GameApp {
    fn screen_ui(&mut self, ctx: &egui::Context, frame: &mut Frame<'_>, confirm: bool) {
        match self.screen {
            Screen::Paused => match screens::pause::show(ctx) {
                Some(screens::pause::PauseAction::Resume) => self.screen = Screen::Arena,
                Some(screens::pause::PauseAction::Settings) => self.screen = Screen::Settings,
                Some(screens::pause::PauseAction::Quit) => frame.requests.exit = true,
                None => {}
            },
            Screen::Settings => {
                if screens::settings::show(ctx, &mut self.settings, frame.requests) {
                    self.screen = Screen::Paused;
                }
            }
            Screen::Lab => {
                let Some(f) = &mut self.fight else { return };
                match screens::lab::show(ctx, &mut f.world, &mut self.lab) {
                    Some(screens::lab::LabAction::Fight) => {
                        let next = f.world.wave + 1;
                        self.begin_wave(next);
                    }
                    Some(screens::lab::LabAction::Test) => {
                        match test_range::TestRange::new(
                            &self.catalog,
                            &f.world,
                            self.args.backend,
                            Some(frame.gpu),
                        ) {
                            Ok(r) => {
                                self.range = Some(r);
                                self.screen = Screen::TestRange;
                            }
                            Err(e) => self.lab.warning = Some(e),
                        }
                    }
                    None => {}
                }
            }
            Screen::Settlement => {
                let (Some(f), Some(run)) = (&mut self.fight, &mut self.run) else {
                    return;
                };
                let Some(stats) = run.last_wave.clone() else {
                    return;
                };
                if screens::settlement::show(ctx, &stats, f.world.wallet.gold(), confirm) {
                    self.screen = if run.next_levelup(&mut f.world) {
                        Screen::LevelUp
                    } else {
                        run.open_shop(&f.world);
                        Screen::Shop
                    };
                }
            }
            Screen::LevelUp => {
                let (Some(f), Some(run)) = (&mut self.fight, &mut self.run) else {
                    return;
                };
                let table = &self.catalog.run.economy.levelups;
                let pending = f.world.progress.pending_levelups;
                if let Some(k) = screens::levelup::show(ctx, table, &run.offer, pending) {
                    run.take_levelup(&mut f.world, k);
                    if !run.next_levelup(&mut f.world) {
                        run.open_shop(&f.world);
                        self.screen = Screen::Shop;
                    }
                }
            }
            Screen::Shop => {
                let (Some(f), Some(run)) = (&mut self.fight, &mut self.run) else {
                    return;
                };
                match run.shop_ui(ctx, &mut f.world) {
                    Some(screens::shop::ShopAction::Leave) => self.screen = Screen::Lab,
                    Some(screens::shop::ShopAction::Armoury) => self.screen = Screen::Armoury,
                    None => {}
                }
            }
            Screen::Armoury => {
                let (Some(f), Some(a)) = (&mut self.fight, &mut self.armoury) else {
                    return;
                };
                if a.show(ctx, &mut f.world) == Some(armoury::ArmouryAction::Back) {
                    self.screen = Screen::Shop;
                }
            }
            Screen::Summary => {
                let Some(run) = &self.run else { return };
                match screens::summary::show(ctx, &run.summary) {
                    Some(screens::summary::SummaryAction::NewRun) => {
                        if let Err(e) = self.new_run(frame.gpu) {
                            self.fatal = Some(e);
                        }
                        self.screen = Screen::Lab;
                    }
                    Some(screens::summary::SummaryAction::Quit) => frame.requests.exit = true,
                    None => {}
                }
            }
            Screen::Arena | Screen::TestRange => {}
        }
    }
}

/// The aim for the world: toward the cursor (screen → world through the
/// camera of the last frame) when mouse aim is on, else `None` (auto-aim).
fn mouse_aim(
    on: bool,
    camera: engine::render::Camera2d,
    viewport: [u32; 2],
    cursor: Vec2,
    player: Vec2,
) -> Option<Vec2> {
    on.then(|| camera.screen_to_world(cursor, viewport) - player)
}

/// The background of the full-screen menus (lab, shop, armoury): a plain
/// clear of the world pass in egui's panel grey, under panels whose own fill
/// is transparent. egui fills a panel by shading every covered pixel through
/// its textured shader; on lavapipe two full-screen panels cost ~67 ms of GPU
/// time a frame (the lab drew at 12 fps), while a clear is nearly free.
fn menu_backdrop(frame: &mut Frame<'_>) {
    frame.scene.clear = palette::MENU_FILL;
}
