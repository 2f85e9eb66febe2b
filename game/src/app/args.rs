//! The flags of the game itself (used when no subcommand is given): which
//! device, which window, which screen to open, and the smoke-test switches.

use std::path::PathBuf;

use engine::gpu::Backend;

/// Options of the game window; `artificer --help` lists them.
#[derive(Debug, Clone, Default, PartialEq, clap::Args)]
pub struct PlayArgs {
    /// Seed of the run (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Compute core implementation: `auto` (the CPU passes on a software
    /// adapter such as lavapipe, the WGSL passes on a real GPU), `gpu` or `cpu`.
    #[arg(long, default_value_t = Backend::Auto)]
    pub backend: Backend,
    /// Open a window of this size, e.g. `1280x720`, instead of the saved setting.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub windowed: Option<WindowSize>,
    /// Close after this many frames (smoke tests and figures). Without
    /// `--screen`, the game starts straight in a wave-1 fight with the starting build.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=crate::data::limits::MAX_FRAMES))]
    pub exit_after_frames: Option<u64>,
    /// Write the last frame as PNG to this path, then exit.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Open this screen with a seeded state.
    #[arg(long, value_enum)]
    pub screen: Option<StartScreen>,
    /// Wave the opened screen is set at (default 1). With `--replay`: the
    /// wave whose fight the replay opens on, fast-forwarded to without drawing.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_WAVES)))]
    pub wave: Option<u32>,
    /// Fill the arena with an N-projectile build; turns the overlay on.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=i64::from(crate::data::limits::MAX_WINDOW_STRESS)))]
    pub stress: Option<u32>,
    /// Show the profiler overlay from the start (F3 toggles it).
    #[arg(long)]
    pub overlay: bool,
    /// The effects quality for this launch, over the saved setting: `auto`,
    /// `high` (or `on`: the glow pass and the vignette) or `low` (or `off`);
    /// figures compare them. `--quality` is the same flag.
    #[arg(long, alias = "quality", value_name = "auto|high|low", value_parser = parse_glow)]
    pub glow: Option<crate::screens::settings::GlowMode>,
    /// Record the run's commands to this replay file (written at every wave
    /// end and at exit; `artificer replay FILE` re-runs it headless).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Start the run from a build file (as `artificer sim --build`: core,
    /// deck, entries, worn equipment), e.g. `data/builds/blade.json`, or
    /// from a build code (docs/share.md#build-codes).
    #[arg(long, value_name = "FILE")]
    pub build: Option<PathBuf>,
    /// Watch a replay file instead of playing (Space pauses, 1 / 4 set the speed).
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Fight time runs this many times faster than real time (1 = normal;
    /// for testers and the window test: the fixed step and what is
    /// recorded do not change, only how many steps a frame runs).
    #[arg(long, value_name = "X", value_parser = crate::data::limits::speed)]
    pub speed: Option<f32>,
    /// The profile folder (aether, unlocks, codex, records, settings, the
    /// saved run); default `$ARTIFICER_PROFILE_DIR`, else the user's data folder.
    #[arg(long, value_name = "DIR")]
    pub profile: Option<PathBuf>,
    /// Chrome trace of the window's frames (F4 takes 300 at any time).
    #[command(flatten)]
    pub trace: TraceArgs,
}

/// `--trace FILE [--trace-frames N]`, shared by the window, `sim` and
/// `stress`: a Chrome trace (Perfetto, chrome://tracing) of the CPU and GPU
/// scopes with the frame number, the wave and the entity counts as counters.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct TraceArgs {
    /// Write a Chrome trace JSON of the run to FILE (open it in Perfetto).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Trace only the first N frames (steps in the tools) instead of the
    /// whole run.
    #[arg(long, value_name = "N", requires = "trace", value_parser = clap::value_parser!(u64).range(1..=crate::data::limits::MAX_FRAMES))]
    pub trace_frames: Option<u64>,
}

impl TraceArgs {
    /// The request for the engine, when `--trace` is given.
    pub fn request(&self) -> Option<engine::profile::TraceRequest> {
        self.trace.as_ref().map(|path| engine::profile::TraceRequest {
            path: path.clone(),
            frames: self.trace_frames,
        })
    }
}

impl PlayArgs {
    /// A normal start, on the player's profile, opening on the title (or
    /// `--screen title|codex|unlocks|records`). The tools' starts (`--replay`,
    /// `--stress`, `--screen lab|arena|…`, `--exit-after-frames` without a
    /// front screen) run without a profile and never write to it.
    pub fn uses_profile(&self) -> bool {
        let front = matches!(
            self.screen,
            Some(StartScreen::Title | StartScreen::Codex | StartScreen::Unlocks | StartScreen::Records)
        );
        self.replay.is_none()
            && self.stress.is_none()
            && (front || (self.screen.is_none() && self.exit_after_frames.is_none()))
    }
}

/// A window size in physical pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WindowSize {
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

/// Screens `--screen` can open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StartScreen {
    /// The lab: cards and the core's board.
    Lab,
    /// A fight.
    Arena,
    /// The shop between waves.
    Shop,
    /// Equipment and crafting (seeded with the loot of the cleared waves).
    Armoury,
    /// The run summary after death.
    Summary,
    /// The clear scene, then the summary of a cleared run (Endless offered).
    Clear,
    /// The title screen (on the profile).
    Title,
    /// The codex (on the profile).
    Codex,
    /// The unlock tree (on the profile).
    Unlocks,
    /// The records (on the profile).
    Records,
}

/// Why a flag's value does not parse; clap prints it under the flag's name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    /// `--windowed` without an `x` between two numbers.
    #[error("expected WxH such as 1280x720, got {0:?}")]
    SizeFormat(String),
    /// One side of `--windowed` is not a number in the window's range.
    #[error("{side:?} in {input:?} is not a size between 64 and 16384")]
    SizeRange {
        /// The side as written.
        side: String,
        /// The whole value.
        input: String,
    },
    /// `--glow` is not one of its modes.
    #[error("expected auto, high (on) or low (off), not {0:?}")]
    Glow(String),
}

/// Parses `WxH` (e.g. `1280x720`).
pub fn parse_size(s: &str) -> Result<WindowSize, ArgError> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| ArgError::SizeFormat(s.to_string()))?;
    let num = |v: &str| {
        v.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (64..=16384).contains(n))
            .ok_or_else(|| ArgError::SizeRange {
                side: v.to_string(),
                input: s.to_string(),
            })
    };
    Ok(WindowSize {
        width: num(w)?,
        height: num(h)?,
    })
}

/// `auto` / `high` (`on`) / `low` (`off`) as an effects quality.
fn parse_glow(s: &str) -> Result<crate::screens::settings::GlowMode, ArgError> {
    use crate::screens::settings::GlowMode;
    match s {
        "auto" => Ok(GlowMode::Auto),
        "on" | "high" => Ok(GlowMode::On),
        "off" | "low" => Ok(GlowMode::Off),
        _ => Err(ArgError::Glow(s.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse() {
        assert_eq!(
            parse_size("1280x720"),
            Ok(WindowSize {
                width: 1280,
                height: 720
            })
        );
        assert!(parse_size("1280").is_err());
        assert!(parse_size("0x720").is_err());
        assert!(parse_size("axb").is_err());
    }

    #[test]
    fn refusals_name_the_value() {
        assert_eq!(
            parse_size("1280").unwrap_err().to_string(),
            "expected WxH such as 1280x720, got \"1280\""
        );
        assert_eq!(
            parse_size("32x720").unwrap_err().to_string(),
            "\"32\" in \"32x720\" is not a size between 64 and 16384"
        );
        assert_eq!(
            parse_glow("bright").unwrap_err().to_string(),
            "expected auto, high (on) or low (off), not \"bright\""
        );
    }
}
