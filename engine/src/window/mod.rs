//! The application shell: a winit 0.30 `ApplicationHandler` that owns the
//! window, the surface and the device, feeds egui, and drives a
//! [`WindowApp`] one frame at a time.
//!
//! Minimised windows (zero size) are not configured and not drawn; while
//! minimised or occluded the loop waits for events (no busy loop). Surface
//! outcomes follow wgpu: Timeout/Occluded skip, Outdated reconfigures, Lost
//! recreates. Uncaptured wgpu errors are logged with the phase they happened in.

pub mod app;
mod shell;
pub mod surface;

pub use app::{Frame, Requests, WindowApp, WindowConfig};
pub use shell::{FrameReport, run};

/// Why the window could not run.
#[derive(Debug, thiserror::Error)]
pub enum WindowError {
    /// winit could not create the event loop (e.g. no display: is `DISPLAY` set?).
    #[error("creating the event loop (is a display available? DISPLAY={display:?}): {source}")]
    EventLoop {
        /// `DISPLAY` at the time.
        display: Option<String>,
        /// winit's error.
        source: winit::error::EventLoopError,
    },
    /// The window itself could not be created.
    #[error("creating the window: {0}")]
    Window(#[from] winit::error::OsError),
    /// No device for the window.
    #[error(transparent)]
    Gpu(#[from] crate::gpu::GpuError),
    /// The surface could not be made.
    #[error(transparent)]
    Surface(#[from] surface::SurfaceError),
    /// The screenshot could not be written.
    #[error(transparent)]
    Screenshot(#[from] crate::render::ScreenshotError),
}
