//! Start-up and exit of the window: the data and the codex loaded (or the
//! problems printed), the profile and its settings opened for a normal
//! start, the window configured, and the exit line the smoke tests and
//! recordings read.
#![deny(clippy::print_stderr)]

use std::process::ExitCode;
use std::sync::Arc;

use engine::window::WindowConfig;

use super::args::PlayArgs;
use super::{GameApp, Launch, session};
use crate::catalog::Catalog;
use crate::run::Replay;
use crate::screens;

/// `eprintln!` that never panics: when standard error is closed or its
/// reader gone there is no one to tell, and a panic would hide the exit code.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($t)*);
    }};
}

/// `eprint!` that never panics (see `say!`).
macro_rules! say_part {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr().lock(), $($t)*);
    }};
}

/// The title bar's text.
pub const WINDOW_TITLE: &str = "Arcane Artificer";

/// Opens the window and runs the game until it closes.
#[expect(
    clippy::too_many_lines,
    reason = "start-up in order: arguments, device, data, profile, window"
)]
pub fn run(args: &PlayArgs) -> ExitCode {
    let root = crate::data::default_root();
    let catalog = match Catalog::load(&root) {
        Ok(c) => Arc::new(c),
        Err(errors) => {
            say_part!(
                "artificer: the data in {} has problems:\n{errors}",
                root.display()
            );
            return ExitCode::FAILURE;
        }
    };
    let codex_book = match crate::codex::CodexBook::load(&root, &catalog) {
        Ok(b) => Arc::new(b),
        Err(errors) => {
            say_part!(
                "artificer: the codex data in {} has problems:\n{errors}",
                root.display()
            );
            return ExitCode::FAILURE;
        }
    };
    let data_checksum = match crate::run::replay::data_checksum(&root) {
        Ok(d) => d,
        Err(e) => {
            say!("artificer: reading {}: {e}", root.display());
            return ExitCode::FAILURE;
        }
    };
    let mut session = args
        .uses_profile()
        .then(|| session::Session::open(args.profile.as_deref(), data_checksum));
    let mut settings = session
        .as_mut()
        .map_or_else(screens::settings::Settings::default, |s| s.load_settings());
    if let Some(glow) = args.glow {
        settings.glow = glow;
    }
    let mut config = WindowConfig {
        exit_after_frames: args.exit_after_frames,
        screenshot: args.screenshot.clone(),
        trace: args.trace.request(),
        ..WindowConfig::new(WINDOW_TITLE)
    };
    if session.is_some() {
        config.size = settings.resolution;
        config.fit_monitor = true;
        config.vsync = settings.vsync;
        config.fullscreen = settings.fullscreen;
    }
    if let Some(size) = args.windowed {
        config.size = [size.width, size.height];
        config.fullscreen = false;
        config.fit_monitor = false;
    }
    if args.exit_after_frames.is_some() {
        // Smoke tests and figures measure the uncapped frame rate.
        config.vsync = false;
    }
    let replay = match &args.replay {
        Some(path) => match Replay::load(path).and_then(|r| r.check_compatible(data_checksum).map(|()| r)) {
            Ok(r) => Some(r),
            Err(e) => {
                say!("artificer: --replay {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    let mut app = GameApp::new(
        args.clone(),
        Launch {
            catalog,
            codex_book,
            data_checksum,
            replay,
            session,
            settings,
        },
    );
    let result = engine::window::run(config, &mut app);
    app.save_recording();
    app.save_on_exit();
    match result {
        Ok(report) => {
            if args.exit_after_frames.is_some() {
                let gpu: Vec<String> = report
                    .gpu_pass_ms
                    .iter()
                    .map(|(label, ms)| format!("\"{label}\":{ms:.2}"))
                    .collect();
                println!(
                    "{{\"frames\":{},\"fps\":{:.1},\"mean_ms\":{:.2},\"p95_ms\":{:.2},\"app_ms\":{:.2},\"draw_ms\":{:.2},\"step_ms\":{:.3},\"gpu_pass_ms\":{{{}}},\"state_hash\":\"{}\"}}",
                    report.frames.frames,
                    report.frames.fps,
                    report.frames.mean_ms,
                    report.frames.p95_ms,
                    report.app_ms,
                    report.draw_ms,
                    app.mean_step_ms(),
                    gpu.join(","),
                    app.state_hash(),
                );
            } else if args.record.is_some() || args.replay.is_some() {
                // The proof a recording or a playback needs, also after a normal quit.
                println!("{{\"state_hash\":\"{}\"}}", app.state_hash());
            }
            match app.fatal {
                Some(e) => {
                    say!("artificer: {e}");
                    ExitCode::FAILURE
                }
                None => ExitCode::SUCCESS,
            }
        }
        Err(e) => {
            say!("artificer: {e}");
            ExitCode::FAILURE
        }
    }
}
