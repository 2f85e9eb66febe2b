//! The window's surface: format and present-mode choice, (re)configuration,
//! and what to do with each outcome of acquiring a frame.

use std::sync::Arc;

use winit::window::Window;

/// The surface and its current configuration.
#[derive(Debug)]
pub struct SurfaceState {
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
}

/// What acquiring a frame gave.
#[derive(Debug)]
pub enum Acquired {
    /// A texture to draw into; `suboptimal` asks for a reconfigure after presenting.
    Frame {
        /// The surface texture.
        texture: wgpu::SurfaceTexture,
        /// The surface no longer matches exactly.
        suboptimal: bool,
    },
    /// Skip this frame (timeout, occluded, reconfigured, recreated, or an error already logged).
    Skip {
        /// The window reported itself occluded: stop drawing until it is visible.
        occluded: bool,
    },
}

/// Why the surface could not be made.
#[derive(Debug, thiserror::Error)]
pub enum SurfaceError {
    /// wgpu refused to create a surface for the window: no backend it
    /// tried could (wgpu's own message can end in an empty `{}`, so the
    /// backend and the fix are said here).
    #[error(
        "no graphics backend could draw to the window ({backends}; wgpu: {}); fix: {fix}, or try another backend with WGPU_BACKEND=gl",
        without_empty_map(&.source.to_string()),
        fix = crate::gpu::NO_ADAPTER_FIX
    )]
    Create {
        /// The backends tried, from `WGPU_BACKEND`, in words.
        backends: String,
        /// wgpu's reason.
        source: wgpu::CreateSurfaceError,
    },
    /// The adapter supports no format for this surface.
    #[error("the adapter cannot present to this window (no surface format)")]
    NoFormat,
}

/// The backends a surface was asked of, as `WGPU_BACKEND` chose them.
fn backends_tried() -> String {
    match std::env::var("WGPU_BACKEND") {
        Ok(v) if !v.trim().is_empty() => format!("WGPU_BACKEND={v}"),
        _ => "every backend this build has (WGPU_BACKEND not set)".to_string(),
    }
}

/// wgpu's message without a trailing empty map (`… backend: {}`).
fn without_empty_map(s: &str) -> String {
    s.trim_end()
        .trim_end_matches("{}")
        .trim_end()
        .trim_end_matches(':')
        .to_string()
}

impl SurfaceState {
    /// Creates the surface of `window` on `instance` (not yet configured).
    pub fn create(
        instance: &wgpu::Instance,
        window: &Arc<Window>,
    ) -> Result<wgpu::Surface<'static>, SurfaceError> {
        instance
            .create_surface(Arc::clone(window))
            .map_err(|source| SurfaceError::Create {
                backends: backends_tried(),
                source,
            })
    }

    /// Chooses a format (non-sRGB preferred: egui-wgpu expects it and colours
    /// are authored as displayed) and configures `surface` for `size`.
    pub fn new(
        surface: wgpu::Surface<'static>,
        adapter: &wgpu::Adapter,
        device: &wgpu::Device,
        size: [u32; 2],
        vsync: bool,
    ) -> Result<Self, SurfaceError> {
        let caps = surface.get_capabilities(adapter);
        let format = caps
            .formats
            .iter()
            .copied()
            .find(|f| {
                matches!(
                    f,
                    wgpu::TextureFormat::Bgra8Unorm | wgpu::TextureFormat::Rgba8Unorm
                )
            })
            .or_else(|| caps.formats.first().copied())
            .ok_or(SurfaceError::NoFormat)?;
        let alpha_mode = caps
            .alpha_modes
            .first()
            .copied()
            .unwrap_or(wgpu::CompositeAlphaMode::Auto);
        let config = wgpu::SurfaceConfiguration {
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            format,
            width: size[0].max(1),
            height: size[1].max(1),
            present_mode: present_mode(vsync),
            desired_maximum_frame_latency: 2,
            alpha_mode,
            view_formats: vec![],
            color_space: wgpu::SurfaceColorSpace::Auto,
        };
        let state = Self { surface, config };
        if size[0] > 0 && size[1] > 0 {
            state.surface.configure(device, &state.config);
        }
        log::info!(
            "surface: {:?}, {}x{}, {:?}",
            format,
            state.config.width,
            state.config.height,
            state.config.present_mode
        );
        Ok(state)
    }

    /// The colour format of the surface.
    pub fn format(&self) -> wgpu::TextureFormat {
        self.config.format
    }

    /// The configured size in pixels.
    pub fn size(&self) -> [u32; 2] {
        [self.config.width, self.config.height]
    }

    /// Reconfigures for a new size; a zero size (minimised) is not configured.
    pub fn resize(&mut self, device: &wgpu::Device, size: [u32; 2]) {
        if size[0] == 0 || size[1] == 0 {
            return;
        }
        self.config.width = size[0];
        self.config.height = size[1];
        self.surface.configure(device, &self.config);
    }

    /// Switches vsync (Fifo) on or off and reconfigures.
    pub fn set_vsync(&mut self, device: &wgpu::Device, vsync: bool) {
        self.config.present_mode = present_mode(vsync);
        self.surface.configure(device, &self.config);
    }

    /// Reapplies the current configuration (after Outdated or Suboptimal).
    pub fn reconfigure(&self, device: &wgpu::Device) {
        self.surface.configure(device, &self.config);
    }

    /// Acquires the next frame, handling each outcome as wgpu documents it:
    /// Timeout and Occluded skip, Outdated reconfigures, Lost recreates the
    /// surface from `window`.
    pub fn acquire(
        &mut self,
        instance: &wgpu::Instance,
        device: &wgpu::Device,
        window: &Arc<Window>,
    ) -> Acquired {
        match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(texture) => Acquired::Frame {
                texture,
                suboptimal: false,
            },
            wgpu::CurrentSurfaceTexture::Suboptimal(texture) => Acquired::Frame {
                texture,
                suboptimal: true,
            },
            wgpu::CurrentSurfaceTexture::Timeout => {
                log::debug!("surface acquire timed out; skipping a frame");
                Acquired::Skip { occluded: false }
            }
            wgpu::CurrentSurfaceTexture::Occluded => Acquired::Skip { occluded: true },
            wgpu::CurrentSurfaceTexture::Outdated => {
                log::debug!("surface outdated; reconfiguring");
                self.reconfigure(device);
                Acquired::Skip { occluded: false }
            }
            wgpu::CurrentSurfaceTexture::Lost => {
                log::warn!("surface lost; recreating it");
                match Self::create(instance, window) {
                    Ok(surface) => {
                        self.surface = surface;
                        self.reconfigure(device);
                    }
                    Err(e) => log::error!("recreating the lost surface failed: {e}"),
                }
                Acquired::Skip { occluded: false }
            }
            wgpu::CurrentSurfaceTexture::Validation => {
                log::error!("surface acquire raised a validation error (logged above); skipping a frame");
                Acquired::Skip { occluded: false }
            }
        }
    }
}

fn present_mode(vsync: bool) -> wgpu::PresentMode {
    if vsync {
        wgpu::PresentMode::AutoVsync
    } else {
        wgpu::PresentMode::AutoNoVsync
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wgpus_empty_map_is_left_out_of_the_words() {
        assert_eq!(
            without_empty_map("Failed to create surface for any enabled backend: {}"),
            "Failed to create surface for any enabled backend"
        );
        assert_eq!(without_empty_map("no display"), "no display");
    }
}
