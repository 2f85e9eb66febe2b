//! What the window tests share: an Xvfb server of their own (when `DISPLAY`
//! is unset), the skip switch for machines with no display and no GPU, and
//! a private XDG runtime folder for the game process.

#![allow(dead_code, reason = "each test file uses a different part")]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The window tests run one at a time: each starts its own game window (and
/// Xvfb), and two starting together could pick the same display number.
/// They share one test binary, so every test that opens a window holds this.
pub static ONE_WINDOW: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Set to 1 to let the window tests skip where no display or adapter exists.
pub const ALLOW_SKIP_ENV: &str = "ARTIFICER_ALLOW_NO_GPU";

/// An Xvfb server we started; killed on drop.
pub struct Xvfb {
    child: Child,
    /// `:n`.
    pub display: String,
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether `ARTIFICER_ALLOW_NO_GPU=1` allows skipping.
pub fn skip_allowed() -> bool {
    std::env::var(ALLOW_SKIP_ENV).is_ok_and(|v| v == "1")
}

/// Starts `Xvfb :n` on the first display number whose lock file is free.
pub fn start_xvfb() -> Result<Xvfb, String> {
    for n in 90..140 {
        if Path::new(&format!("/tmp/.X{n}-lock")).exists() {
            continue;
        }
        let display = format!(":{n}");
        let child = Command::new("Xvfb")
            .args([
                display.as_str(),
                "-screen",
                "0",
                "1280x720x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start Xvfb ({e}); install it: apt-get install xvfb xauth"))?;
        let mut server = Xvfb { child, display };
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() {
                return Ok(server);
            }
            if let Ok(Some(_)) = server.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        // Display taken between the check and the start, or slow: try the next one.
        drop(server);
    }
    Err("no free X display between :90 and :139".into())
}

/// The display to use: `$DISPLAY`, or a fresh Xvfb (kept alive by the
/// returned guard). `Err` carries why neither exists.
pub fn display() -> Result<(String, Option<Xvfb>), String> {
    match std::env::var("DISPLAY") {
        Ok(d) if !d.is_empty() => Ok((d, None)),
        _ => start_xvfb().map(|x| (x.display.clone(), Some(x))),
    }
}

/// The display for test `name`, or `None` when there is none and
/// `ARTIFICER_ALLOW_NO_GPU=1` allows skipping (said on stderr); without
/// that switch a missing display fails the test with the fix.
pub fn display_or_skip(name: &str) -> Option<(String, Option<Xvfb>)> {
    match display() {
        Ok(d) => Some(d),
        Err(e) if skip_allowed() => {
            eprintln!("skipping the {name}: {e} ({ALLOW_SKIP_ENV}=1)");
            None
        }
        Err(e) => panic!("{e} (set {ALLOW_SKIP_ENV}=1 to skip instead)"),
    }
}

/// A scratch folder for one test, with a private XDG runtime folder inside.
pub fn scratch(name: &str) -> (PathBuf, PathBuf) {
    let dir: PathBuf = std::env::temp_dir().join(format!("artificer-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let runtime = dir.join("xdg");
    std::fs::create_dir_all(&runtime).expect("runtime dir");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700));
    }
    (dir, runtime)
}

/// The game binary with the display and runtime folder set, on a fresh
/// profile of its own beside the runtime folder (never the user's).
pub fn game(display: &str, runtime: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_artificer"));
    let profile = runtime.parent().unwrap_or(runtime).join("profile");
    c.env("DISPLAY", display)
        .env("XDG_RUNTIME_DIR", runtime)
        .env("ARTIFICER_PROFILE_DIR", profile)
        .env_remove("WAYLAND_DISPLAY");
    c
}
