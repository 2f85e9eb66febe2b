//! The winit event loop around a [`WindowApp`].

use std::sync::{Arc, Mutex};
use std::time::Instant;

use winit::application::ApplicationHandler;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::window::{Fullscreen, Window, WindowId};

use super::WindowError;
use super::app::{Frame, Requests, WindowApp, WindowConfig};
use super::frame_profile::FrameProfiler;
use super::surface::{Acquired, SurfaceState};
use crate::gpu::GpuContext;
use crate::profile::{GpuScopes, recorder};
use crate::render::{FrameTarget, Scene, SceneRenderer, screenshot};
use crate::ui::overlay::{FrameSummary, summarize};
use crate::ui::{CachedPanel, EguiLayer};

/// Frame-time figures of a whole run, for reports and benchmarks.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FrameReport {
    /// Whole-frame wall times (frame start to frame start).
    pub frames: FrameSummary,
    /// Mean ms inside [`WindowApp::frame`] (simulation step + UI building).
    pub app_ms: f64,
    /// Mean ms drawing: encoding, submitting, presenting.
    pub draw_ms: f64,
    /// Mean GPU ms per GPU scope (from timestamp queries, where the
    /// adapter has them), in pass order: where the drawing time goes.
    pub gpu_pass_ms: Vec<(String, f64)>,
}

/// Opens the window and runs `app` until it closes; returns the frame figures.
pub fn run(config: WindowConfig, app: &mut dyn WindowApp) -> Result<FrameReport, WindowError> {
    let event_loop = EventLoop::new().map_err(|source| WindowError::EventLoop {
        display: std::env::var("DISPLAY").ok(),
        source,
    })?;
    event_loop.set_control_flow(ControlFlow::Wait);
    let mut shell = Shell {
        config,
        app,
        running: None,
        error: None,
        phase: Arc::new(Mutex::new(String::from("start-up"))),
        frame_ms: Vec::new(),
        app_ms: Vec::new(),
        draw_ms: Vec::new(),
        last_frame_start: None,
        frames: 0,
        prof: FrameProfiler::default(),
    };
    if let Err(source) = event_loop.run_app(&mut shell) {
        return Err(WindowError::EventLoop {
            display: std::env::var("DISPLAY").ok(),
            source,
        });
    }
    shell.app.exiting();
    shell.prof.finish_trace(&shell.config.title);
    recorder::set_on(false);
    if let Some(e) = shell.error {
        return Err(e);
    }
    let mean = |v: &[f64]| {
        if v.is_empty() {
            0.0
        } else {
            v.iter().sum::<f64>() / v.len() as f64
        }
    };
    // The first frames include pipeline creation and warm-up; leave them out.
    let skip = shell.frame_ms.len().min(10);
    Ok(FrameReport {
        frames: summarize(shell.frame_ms[skip..].iter().copied()),
        app_ms: mean(&shell.app_ms[skip.min(shell.app_ms.len())..]),
        draw_ms: mean(&shell.draw_ms[skip.min(shell.draw_ms.len())..]),
        gpu_pass_ms: shell.prof.gpu_means(),
    })
}

/// Where the cached panel (the profiler overlay) sits, in points: left, below the HUD strip.
const PANEL_ORIGIN: [f32; 2] = [8.0, 120.0];

struct Shell<'a> {
    config: WindowConfig,
    app: &'a mut dyn WindowApp,
    running: Option<Running>,
    error: Option<WindowError>,
    /// What the shell is doing, named in uncaptured wgpu error logs.
    phase: Arc<Mutex<String>>,
    frame_ms: Vec<f64>,
    app_ms: Vec<f64>,
    draw_ms: Vec<f64>,
    last_frame_start: Option<Instant>,
    frames: u64,
    /// Scopes, GPU timings and traces of the frames.
    prof: FrameProfiler,
}

struct Running {
    window: Arc<Window>,
    gpu: GpuContext,
    surface: SurfaceState,
    scene_renderer: SceneRenderer,
    egui: EguiLayer,
    panel: CachedPanel,
    scopes: GpuScopes,
    scene: Scene,
    minimised: bool,
    occluded: bool,
    last_draw_ms: f64,
    started: Instant,
}

impl Shell<'_> {
    fn set_phase(&self, phase: impl Into<String>) {
        if let Ok(mut p) = self.phase.lock() {
            *p = phase.into();
        }
    }

    fn start(&mut self, event_loop: &ActiveEventLoop) -> Result<Running, WindowError> {
        let mut size = self.config.size;
        if self.config.fit_monitor
            && let Some(m) = event_loop
                .primary_monitor()
                .or_else(|| event_loop.available_monitors().next())
        {
            let screen = m.size();
            if screen.width > 0 && screen.height > 0 {
                size = [size[0].min(screen.width), size[1].min(screen.height)];
            }
        }
        let mut attrs = Window::default_attributes()
            .with_title(self.config.title.clone())
            .with_inner_size(winit::dpi::PhysicalSize::new(size[0].max(1), size[1].max(1)));
        if self.config.fullscreen {
            attrs = attrs.with_fullscreen(Some(Fullscreen::Borderless(None)));
        }
        let window = Arc::new(event_loop.create_window(attrs)?);
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_with_display_handle_from_env(
            Box::new(event_loop.owned_display_handle()),
        ));
        let surface = SurfaceState::create(&instance, &window)?;
        let gpu = GpuContext::with_instance(instance, Some(&surface))?;
        let phase = Arc::clone(&self.phase);
        gpu.device.on_uncaptured_error(Arc::new(move |e| {
            let during = phase.lock().map(|p| p.clone()).unwrap_or_default();
            log::error!("wgpu error during {during}: {e:?}");
        }));
        let size = window.inner_size();
        let surface = SurfaceState::new(
            surface,
            &gpu.adapter,
            &gpu.device,
            [size.width, size.height],
            self.config.vsync,
        )?;
        self.set_phase("creating pipelines");
        let scene_renderer = SceneRenderer::new(&gpu.device, surface.format());
        let egui = EguiLayer::new(&window, &gpu.device, surface.format());
        let panel = CachedPanel::new(&gpu.device, surface.format(), PANEL_ORIGIN);
        let scopes = GpuScopes::new(&gpu.device, "frame");
        self.prof.profile.gpu_timing = scopes.supported();
        if !scopes.supported() {
            log::info!("GPU timing unavailable: the device has no timestamp queries");
        }
        self.set_phase("application init");
        self.app.init(&gpu);
        // After the application's start (a replay's fast-forward is not
        // part of the trace).
        if let Some(request) = self.config.trace.clone() {
            self.prof.start_trace(request);
        }
        Ok(Running {
            minimised: size.width == 0 || size.height == 0,
            window,
            gpu,
            surface,
            scene_renderer,
            egui,
            panel,
            scopes,
            scene: Scene::default(),
            occluded: false,
            last_draw_ms: 0.0,
            started: Instant::now(),
        })
    }

    #[expect(
        clippy::too_many_lines,
        reason = "one frame in order (input, update, draw, submit, present) with its profiler scopes"
    )]
    fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        let Some(r) = self.running.as_mut() else { return };
        if r.minimised || r.occluded {
            return;
        }
        let now = Instant::now();
        let dt = self
            .last_frame_start
            .map_or(1.0 / 60.0, |t| now.duration_since(t).as_secs_f32())
            .min(0.25);
        if let Some(t) = self.last_frame_start {
            self.frame_ms.push(now.duration_since(t).as_secs_f64() * 1000.0);
        }
        self.last_frame_start = Some(now);
        self.prof
            .begin_frame(self.frames, now, &r.gpu, &mut r.scopes, &self.config.title);
        let (texture, suboptimal) = match r.surface.acquire(&r.gpu.instance, &r.gpu.device, &r.window) {
            Acquired::Frame { texture, suboptimal } => (texture, suboptimal),
            Acquired::Skip { occluded } => {
                r.occluded = occluded;
                if !occluded {
                    r.window.request_redraw();
                }
                return;
            }
        };
        let size = r.surface.size();
        let mut requests = Requests::default();
        if let Ok(mut p) = self.phase.lock() {
            *p = format!("frame {} (application)", self.frames);
        }
        let app_start = Instant::now();
        r.scene.shapes.clear();
        // Projectiles are drawn only on frames whose app hands them over (a
        // menu after a fight must not show the fight's last shots).
        r.scene.projectiles = None;
        r.scene.time = r.started.elapsed().as_secs_f32();
        {
            crate::scope!("input");
            let extra = self.app.poll_devices();
            r.egui.begin(&r.window, extra);
        }
        let mut panel_slot = r.panel.slot(now);
        {
            crate::scope!("app");
            self.app.frame(&mut Frame {
                gpu: &r.gpu,
                egui: r.egui.ctx(),
                scene: &mut r.scene,
                size,
                dt,
                index: self.frames,
                profile: &self.prof.profile,
                render_path: r.scene_renderer.path(),
                last_draw_ms: r.last_draw_ms,
                requests: &mut requests,
                panel: &mut panel_slot,
            });
        }
        let egui_frame = {
            crate::scope!("egui tessellate");
            r.egui.end(&r.window)
        };
        self.app_ms.push(app_start.elapsed().as_secs_f64() * 1000.0);

        let draw_start = Instant::now();
        let draw_scope = crate::profile::Scope::begin("draw");
        if let Ok(mut p) = self.phase.lock() {
            *p = format!("frame {} (drawing)", self.frames);
        }
        let last = self
            .config
            .exit_after_frames
            .is_some_and(|n| self.frames + 1 >= n);
        let shot_path = requests.screenshot.clone().or_else(|| {
            if last {
                self.config.screenshot.clone()
            } else {
                None
            }
        });
        let device = &r.gpu.device;
        let queue = &r.gpu.queue;
        let mut encoder =
            device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("frame") });
        let view = texture
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        r.scopes.push("frame", &mut encoder);
        let mut f = FrameTarget {
            device,
            queue,
            encoder: &mut encoder,
            view: &view,
            size,
            scopes: &mut r.scopes,
        };
        let show_panel = r
            .panel
            .update(&mut f, panel_slot, egui_frame.pixels_per_point(), now);
        let panel = show_panel.then_some(&r.panel);
        {
            crate::scope!("draw encode");
            r.scene_renderer.encode(&mut f, &r.scene);
        }
        {
            crate::scope!("egui upload");
            r.egui.encode(&mut f, &egui_frame, panel);
        }
        let shot_target = shot_path.as_ref().map(|_| {
            let target = screenshot::offscreen_target(device, r.surface.format(), size);
            let shot_view = target.create_view(&wgpu::TextureViewDescriptor::default());
            let mut untimed = GpuScopes::disabled(device);
            let mut shot = FrameTarget {
                device,
                queue,
                encoder: &mut *f.encoder,
                view: &shot_view,
                size,
                scopes: &mut untimed,
            };
            r.scene_renderer.encode(&mut shot, &r.scene);
            r.egui.encode(&mut shot, &egui_frame, panel);
            untimed.resolve(&mut *f.encoder);
            untimed.end_frame(self.frames);
            target
        });
        r.scopes.resolve(&mut encoder);
        {
            crate::scope!("submit");
            queue.submit([encoder.finish()]);
        }
        r.scopes.end_frame(self.frames);
        {
            crate::scope!("present");
            r.window.pre_present_notify();
            queue.present(texture);
        }
        if suboptimal {
            r.surface.reconfigure(device);
        }
        r.egui.finish(egui_frame);
        if let (Some(path), Some(target)) = (shot_path, shot_target) {
            let written = screenshot::read_texture(device, queue, &target)
                .and_then(|img| screenshot::write_png(&path, &img));
            match written {
                Ok(()) => log::info!("screenshot written: {}", path.display()),
                Err(e) => {
                    log::error!("{e}");
                    self.error = Some(e.into());
                    event_loop.exit();
                }
            }
        }
        drop(draw_scope);
        r.last_draw_ms = draw_start.elapsed().as_secs_f64() * 1000.0;
        self.draw_ms.push(r.last_draw_ms);
        self.frames += 1;

        self.prof.after_frame(&requests);
        apply_requests(r, &requests, event_loop);
        if last || requests.exit {
            event_loop.exit();
            return;
        }
        r.window.request_redraw();
    }
}

fn apply_requests(r: &mut Running, requests: &Requests, _event_loop: &ActiveEventLoop) {
    if let Some(v) = requests.vsync {
        r.surface.set_vsync(&r.gpu.device, v);
    }
    if let Some(f) = requests.fullscreen {
        r.window.set_fullscreen(f.then_some(Fullscreen::Borderless(None)));
    }
    if let Some([w, h]) = requests.resize {
        // The Resized event that follows reconfigures the surface.
        let _ = r
            .window
            .request_inner_size(winit::dpi::PhysicalSize::new(w.max(1), h.max(1)));
    }
}

impl ApplicationHandler for Shell<'_> {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.running.is_some() {
            return;
        }
        match self.start(event_loop) {
            Ok(r) => {
                r.window.request_redraw();
                self.running = Some(r);
            }
            Err(e) => {
                log::error!("{e}");
                self.error = Some(e);
                event_loop.exit();
            }
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        let Some(r) = self.running.as_mut() else { return };
        match &event {
            WindowEvent::CloseRequested => {
                event_loop.exit();
                return;
            }
            WindowEvent::Resized(size) => {
                let was = r.minimised;
                r.minimised = size.width == 0 || size.height == 0;
                if !r.minimised {
                    r.surface.resize(&r.gpu.device, [size.width, size.height]);
                    if was {
                        // Do not count the minimised time as one long frame.
                        self.last_frame_start = None;
                    }
                    r.window.request_redraw();
                }
            }
            WindowEvent::Occluded(occluded) => {
                r.occluded = *occluded;
                if !occluded {
                    self.last_frame_start = None;
                    r.window.request_redraw();
                }
            }
            WindowEvent::RedrawRequested => {
                self.redraw(event_loop);
                return;
            }
            _ => {}
        }
        let consumed = r.egui.on_window_event(&r.window, &event);
        if !consumed {
            self.app.input(&event);
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        // Redraws are requested by each drawn frame; when minimised or occluded
        // none is, and the loop sleeps until the next event.
        event_loop.set_control_flow(ControlFlow::Wait);
    }
}
