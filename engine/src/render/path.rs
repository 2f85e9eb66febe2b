//! Which world path draws: the instanced quads or the tiled path, chosen
//! by the adapter's kind (like the compute backend) or forced for
//! measurement.

use std::fmt;
use std::str::FromStr;

/// Environment variable that overrides the world path: `instanced`,
/// `tiled` or `auto` (read once, by [`RenderPath::from_env`]).
pub const RENDER_PATH_ENV: &str = "ARTIFICER_RENDER";

/// How the world pass is drawn: instanced quads or the tiled path, or `Auto`
/// to let [`choose_render_path`] decide from the adapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RenderPath {
    /// Decided from the adapter kind ([`choose_render_path`]).
    #[default]
    Auto,
    /// One instanced quad per shape and projectile, one draw per layer.
    Instanced,
    /// Compute binning into screen tiles, then one full-screen pass.
    Tiled,
}

impl RenderPath {
    /// The name used in [`RENDER_PATH_ENV`], tools and reports.
    pub fn name(self) -> &'static str {
        match self {
            RenderPath::Auto => "auto",
            RenderPath::Instanced => "instanced",
            RenderPath::Tiled => "tiled",
        }
    }

    /// [`RENDER_PATH_ENV`] if set (an unknown value is logged and read as
    /// `auto`), else `auto`. The one place the variable is read.
    pub fn from_env() -> Self {
        match std::env::var(RENDER_PATH_ENV) {
            Ok(v) => v.parse().unwrap_or_else(|e| {
                log::warn!("{RENDER_PATH_ENV}: {e}; using auto");
                RenderPath::Auto
            }),
            Err(_) => RenderPath::Auto,
        }
    }
}

impl fmt::Display for RenderPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A render path name that is not `auto`, `instanced` or `tiled`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown render path {0:?}: expected \"auto\", \"instanced\" or \"tiled\"")]
pub struct RenderPathParseError(pub String);

impl FromStr for RenderPath {
    type Err = RenderPathParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "auto" => Ok(RenderPath::Auto),
            "instanced" => Ok(RenderPath::Instanced),
            "tiled" => Ok(RenderPath::Tiled),
            _ => Err(RenderPathParseError(s.to_string())),
        }
    }
}

/// The world path that runs and why, for the overlay and reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderPathChoice {
    /// What was asked for (`auto` by default).
    pub requested: RenderPath,
    /// What runs: [`RenderPath::Instanced`] or [`RenderPath::Tiled`], never `Auto`.
    pub path: RenderPath,
    /// One line on why.
    pub reason: String,
}

/// Resolves `requested` for an adapter of `info`, like [`crate::gpu::choose`]
/// does for the compute backend: by the adapter's device type, not by a
/// timing race at start-up (which would cost every launch and could flip
/// between runs on a busy machine).
///
/// `auto` picks the instanced quads on every adapter kind. Measured with
/// `render_probe` (1280×720, release, lavapipe / llvmpipe LLVM 15 on 2 cores
/// shared with a compiler, so ±15%): GPU ms of the `"render world"` pass,
/// plus the tiled path's `"render bin"` compute pass.
///
/// | shapes  | kind, radius | instanced | tiled world | tiled bin |
/// |--------:|--------------|----------:|------------:|----------:|
/// |   1,000 | circle 8     |       6.0 |          64 |       1.0 |
/// |   3,000 | circle 8     |        16 |         123 |       2.3 |
/// |  10,000 | circle 8     |        58 |         415 |       7.3 |
/// | 100,000 | circle 8     |       549 |       2,187 |        55 |
/// |   1,000 | mix 4–12     |        11 |         131 |       1.4 |
/// |   3,000 | mix 4–12     |        38 |         256 |       4.0 |
/// |  10,000 | mix 4–12     |       105 |         623 |       5.2 |
/// | 100,000 | mix 4–12     |     1,013 |       3,722 |        38 |
///
/// On a software adapter the tiled path loses at every size (4–11×): the
/// binning is cheap, but llvmpipe (Mesa 22.3) shades 8 pixels at a time
/// without real branches (every side of every `if` and `switch` runs
/// masked, every loop body at least once) and loads storage buffers lane by
/// lane, so each pixel pays, per list entry and once even for an empty
/// tile, for all seven distance functions, both projectile looks and 16
/// scalar loads, where an instanced quad runs one distance function (its
/// per-kind pipeline) on its own pixels only. An empty frame costs the
/// tiled pass 20 ms against 0.24 ms. On a hardware adapter nothing has been
/// measured (no GPU where this was written), so `auto` keeps the instanced
/// path the game ships with; `ARTIFICER_RENDER=tiled` (or
/// [`SceneRenderer::set_path`]) selects the tiled path to measure it there.
pub fn choose_render_path(
    requested: RenderPath,
    device_type: wgpu::DeviceType,
    adapter_name: &str,
) -> RenderPathChoice {
    let (path, reason) = match requested {
        RenderPath::Instanced => (RenderPath::Instanced, "asked for (instanced)".to_string()),
        RenderPath::Tiled => (RenderPath::Tiled, "asked for (tiled)".to_string()),
        RenderPath::Auto if device_type == wgpu::DeviceType::Cpu => {
            (AUTO_ON_SOFTWARE, format!("auto: software adapter {adapter_name}"))
        }
        RenderPath::Auto => (
            AUTO_ON_HARDWARE,
            format!("auto: {adapter_name} is a hardware adapter ({device_type:?})"),
        ),
    };
    RenderPathChoice {
        requested,
        path,
        reason,
    }
}

/// What `auto` picks on a software rasteriser (see [`choose_render_path`]).
pub(crate) const AUTO_ON_SOFTWARE: RenderPath = RenderPath::Instanced;
/// What `auto` picks on a hardware adapter (see [`choose_render_path`]).
pub(crate) const AUTO_ON_HARDWARE: RenderPath = RenderPath::Instanced;
