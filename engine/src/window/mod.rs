//! The application shell: a winit 0.30 `ApplicationHandler` that owns the
//! window, the surface and the device, feeds egui, and drives a
//! [`WindowApp`] one frame at a time.
//!
//! Minimised windows (zero size) are not configured and not drawn; while
//! minimised or occluded the loop waits for events (no busy loop). Surface
//! outcomes follow wgpu: Timeout/Occluded skip, Outdated reconfigures, Lost
//! recreates. Uncaptured wgpu errors are logged with the phase they happened in.

pub mod app;
mod frame_profile;
mod shell;
pub mod surface;

pub use app::{Frame, Requests, WindowApp, WindowConfig};
pub use shell::{FrameReport, run};

/// Why the window could not run.
#[derive(Debug, thiserror::Error)]
pub enum WindowError {
    /// winit could not create the event loop (e.g. no display: is `DISPLAY` set?).
    #[error("no window can be opened (is a display available? DISPLAY={display:?}): {}", without_location(&.source.to_string()))]
    EventLoop {
        /// `DISPLAY` at the time.
        display: Option<String>,
        /// winit's error.
        source: winit::error::EventLoopError,
    },
    /// The window itself could not be created.
    #[error("creating the window: {}", without_location(&.0.to_string()))]
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

/// winit's OS errors print where in winit's source they were raised (`os
/// error at /home/builder/.cargo/registry/…/mod.rs:765: …`): a path on the
/// machine that built the binary, which means nothing to a player. Only
/// the words after the location are kept.
pub fn without_location(message: &str) -> String {
    let Some(rest) = message.strip_prefix("os error at ") else {
        return message.to_string();
    };
    // The location ends with `.rs:LINE: `.
    match rest.find(".rs:") {
        Some(i) => {
            let after = &rest[i + 4..];
            let words = after.trim_start_matches(|c: char| c.is_ascii_digit());
            words.strip_prefix(": ").unwrap_or(words).to_string()
        }
        None => rest.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::without_location;

    #[test]
    fn os_errors_lose_the_build_machines_path() {
        let m = "os error at /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/winit-0.30.13/src/platform_impl/linux/mod.rs:765: neither WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY is set.";
        assert_eq!(
            without_location(m),
            "neither WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY is set."
        );
        assert_eq!(without_location("plain words"), "plain words");
    }
}
