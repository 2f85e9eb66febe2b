//! What a windowed application implements, and what it is handed each frame.

use std::path::PathBuf;

use crate::gpu::GpuContext;
use crate::render::Scene;
use crate::ui::PanelSlot;

/// How the window opens and when it closes by itself.
#[derive(Debug, Clone, PartialEq)]
pub struct WindowConfig {
    /// Title bar text.
    pub title: String,
    /// Inner size in physical pixels.
    pub size: [u32; 2],
    /// Borderless fullscreen on the current monitor.
    pub fullscreen: bool,
    /// Present with vsync (Fifo) instead of as fast as possible.
    pub vsync: bool,
    /// Close after this many drawn frames (smoke tests, figures).
    pub exit_after_frames: Option<u64>,
    /// Write the last drawn frame here as PNG before closing.
    pub screenshot: Option<PathBuf>,
    /// Shrink `size` to the monitor the window opens on (a saved setting
    /// may ask for more than this screen has); an explicit size for tests
    /// and figures leaves it off and gets exactly what it asked for.
    pub fit_monitor: bool,
    /// Trace the run (or its first frames) to a Chrome trace file.
    pub trace: Option<crate::profile::TraceRequest>,
}

impl WindowConfig {
    /// A 1280 × 720 window with vsync titled `title` (the application's
    /// name: the engine has none of its own).
    pub fn new(title: impl Into<String>) -> Self {
        Self {
            title: title.into(),
            size: [1280, 720],
            fullscreen: false,
            vsync: true,
            exit_after_frames: None,
            screenshot: None,
            fit_monitor: false,
            trace: None,
        }
    }
}

/// Things the application asks of the window during a frame; applied after it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Requests {
    /// Close the window and end the event loop.
    pub exit: bool,
    /// Switch vsync.
    pub vsync: Option<bool>,
    /// Enter or leave borderless fullscreen.
    pub fullscreen: Option<bool>,
    /// Resize the window (physical pixels).
    pub resize: Option<[u32; 2]>,
    /// Write this frame as PNG.
    pub screenshot: Option<PathBuf>,
    /// Record CPU scopes next frame (the overlay's slowest-frame tree
    /// needs them; they cost nothing measurable, but nothing is kept
    /// unless asked).
    pub scopes: bool,
    /// Start taking a trace (F4).
    pub trace: Option<crate::profile::TraceRequest>,
}

/// Per-frame input to [`WindowApp::frame`].
#[derive(Debug)]
pub struct Frame<'a> {
    /// The device (to create resources or step a compute core).
    pub gpu: &'a GpuContext,
    /// egui, inside an open pass: build this frame's UI with it.
    pub egui: &'a egui::Context,
    /// The world to draw; cleared of shapes before each frame.
    pub scene: &'a mut Scene,
    /// Target size in physical pixels.
    pub size: [u32; 2],
    /// Real seconds since the previous frame (clamped to 0.25 s).
    pub dt: f32,
    /// Frames drawn before this one.
    pub index: u64,
    /// The frames' scopes, the GPU scopes of the latest frame read back,
    /// and what the trace is doing (the overlay).
    pub profile: &'a crate::profile::WindowProfile,
    /// Which world path draws (instanced or tiled) and why (the overlay).
    pub render_path: &'a crate::render::RenderPathChoice,
    /// Wall ms of the previous frame's drawing (encode, submit, present).
    pub last_draw_ms: f64,
    /// Requests to the window.
    pub requests: &'a mut Requests,
    /// The cached read-only panel (the profiler overlay): shown when the
    /// application calls [`PanelSlot::show`] this frame.
    pub panel: &'a mut PanelSlot,
}

/// A game or tool that runs in the window.
pub trait WindowApp {
    /// Called once the device exists, before the first frame.
    fn init(&mut self, gpu: &GpuContext);

    /// A window event egui did not consume (keys, mouse buttons, cursor).
    fn input(&mut self, event: &winit::event::WindowEvent);

    /// Called at the start of every frame, before egui sees its input:
    /// input from devices outside the window (a gamepad) is polled here,
    /// and what it returns is added to egui's input (e.g. arrow keys that
    /// move the menus' focus).
    fn poll_devices(&mut self) -> Vec<egui::Event> {
        Vec::new()
    }

    /// One frame: advance the simulation, fill `frame.scene`, build the UI.
    fn frame(&mut self, frame: &mut Frame<'_>);

    /// Called once when the window closes (e.g. to print a report).
    fn exiting(&mut self) {}
}
