//! Traces from the window under Xvfb: `--trace` writes the CPU and GPU
//! scopes of a fight's frames (lavapipe times its passes), F4 captures the
//! next 300 frames into the profile folder and says so, and a device opened
//! without timestamp queries still runs, saying GPU timing is unavailable.

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::window_common;

use window_common::{ALLOW_SKIP_ENV, skip_allowed};

/// The (category, name) pairs of a trace's scopes and its counter names.
fn scopes_of(path: &Path) -> (HashSet<(String, String)>, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    let doc: serde_json::Value = serde_json::from_str(&text).expect("the trace is JSON");
    let mut scopes = HashSet::new();
    let mut counters = Vec::new();
    for e in doc["traceEvents"].as_array().expect("traceEvents") {
        let name = e["name"].as_str().unwrap_or_default().to_string();
        match e["ph"].as_str() {
            Some("X") => {
                scopes.insert((e["cat"].as_str().unwrap_or_default().to_string(), name));
            }
            Some("C") => counters.push(name),
            _ => {}
        }
    }
    (scopes, counters)
}

fn has(scopes: &HashSet<(String, String)>, cat: &str, name: &str) -> bool {
    scopes.contains(&(cat.to_string(), name.to_string()))
}

/// Runs a frame-locked wave-3 fight with `extra` flags; returns stderr, or
/// `None` when skipping is allowed and there is no adapter.
fn fight(display: &str, runtime: &Path, extra: &[&str], env: &[(&str, &str)]) -> Option<String> {
    let mut cmd = window_common::game(display, runtime);
    cmd.args([
        "--screen",
        "arena",
        "--wave",
        "3",
        "--windowed",
        "1280x720",
        "--overlay",
        "--exit-after-frames",
        "90",
    ])
    .args(extra)
    .env("RUST_LOG", "info,wgpu_core=warn,wgpu_hal=warn,naga=warn");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let output = cmd.output().expect("run the artificer binary");
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    if !output.status.success() && skip_allowed() && stderr.contains("no GPU adapter") {
        eprintln!("skipping: no adapter ({ALLOW_SKIP_ENV}=1)\n{stderr}");
        return None;
    }
    assert!(
        output.status.success(),
        "artificer exited with {}\n{stderr}",
        output.status
    );
    assert!(!stderr.contains("wgpu error"), "wgpu reported errors:\n{stderr}");
    Some(stderr)
}

#[test]
fn window_trace_holds_named_cpu_and_gpu_scopes() {
    let _one = window_common::ONE_WINDOW
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let Some((display, _xvfb)) = window_common::display_or_skip("window trace test") else {
        return;
    };
    let (dir, runtime) = window_common::scratch("trace");
    let path = dir.join("fight.json");
    let trace = path.to_string_lossy().to_string();
    let Some(stderr) = fight(
        &display,
        &runtime,
        &["--trace", &trace, "--trace-frames", "40"],
        &[],
    ) else {
        return;
    };
    assert!(stderr.contains("trace written:"), "{stderr}");
    let (scopes, counters) = scopes_of(&path);
    for cpu in [
        "app",
        "fight step",
        "draw preparation",
        "egui layout",
        "egui upload",
        "compute core",
    ] {
        assert!(has(&scopes, "cpu", cpu), "CPU scope {cpu} missing: {scopes:?}");
    }
    if !stderr.contains("GPU timing unavailable") {
        for gpu in ["frame", "world", "egui"] {
            assert!(has(&scopes, "gpu", gpu), "GPU scope {gpu} missing: {scopes:?}");
        }
    }
    let frames = counters.iter().filter(|c| *c == "frame").count();
    assert_eq!(frames, 40, "--trace-frames 40 keeps 40 frames");
    for c in ["wave", "enemies", "projectiles"] {
        assert!(counters.iter().any(|n| n == c), "counter {c} missing");
    }

    // The same fight on a device opened without timestamps.
    let path = dir.join("untimed.json");
    let trace = path.to_string_lossy().to_string();
    let stderr = fight(
        &display,
        &runtime,
        &["--trace", &trace],
        &[(engine::gpu::GPU_TIMING_ENV, "off")],
    )
    .expect("the adapter was there a moment ago");
    assert!(stderr.contains("GPU timing unavailable"), "{stderr}");
    let (scopes, _) = scopes_of(&path);
    assert!(has(&scopes, "cpu", "fight step"));
    assert!(
        !scopes.iter().any(|(cat, _)| cat == "gpu"),
        "no GPU scope without timestamps"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn f4_captures_the_next_300_frames_into_the_profile_folder() {
    let _one = window_common::ONE_WINDOW
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let Some((display, _xvfb)) = window_common::display_or_skip("F4 trace test") else {
        return;
    };
    if Command::new("xdotool").arg("version").output().is_err() {
        assert!(skip_allowed(), "xdotool is missing: apt-get install xdotool");
        return;
    }
    let (dir, runtime) = window_common::scratch("f4");
    let profile = dir.join("profile");
    let mut child = window_common::game(&display, &runtime)
        .args([
            "--screen",
            "arena",
            "--wave",
            "2",
            "--windowed",
            "1280x720",
            "--overlay",
        ])
        .arg("--profile")
        .arg(&profile)
        .env("RUST_LOG", "info,wgpu_core=warn,wgpu_hal=warn,naga=warn")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("start the game");
    let (tx, lines) = std::sync::mpsc::channel();
    let stderr = child.stderr.take().expect("stderr");
    std::thread::spawn(move || {
        for l in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    let mut log = Vec::new();
    let mut wait_for = |needle: &str, limit: Duration, log: &mut Vec<String>| -> bool {
        let start = Instant::now();
        while start.elapsed() < limit {
            while let Ok(l) = lines.try_recv() {
                log.push(l);
            }
            if log.iter().any(|l| l.contains(needle)) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    };
    let fighting = wait_for("phase: Fight", Duration::from_secs(60), &mut log);
    let xdo = |args: &[&str]| {
        Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &display)
            .output()
            .expect("xdotool")
    };
    let search = xdo(&["search", "--sync", "--onlyvisible", "--name", "Arcane Artificer"]);
    let win = String::from_utf8_lossy(&search.stdout)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string();
    xdo(&["windowfocus", "--sync", &win]);
    xdo(&["key", "F4"]);
    let written = fighting && wait_for("trace written:", Duration::from_secs(120), &mut log);
    let _ = child.kill();
    let _ = child.wait();
    assert!(written, "no trace written after F4; log:\n{}", log.join("\n"));
    let line = log
        .iter()
        .find(|l| l.contains("trace written:"))
        .cloned()
        .unwrap_or_default();
    assert!(line.contains("(300 frames)"), "{line}");
    let traces: Vec<_> = std::fs::read_dir(profile.join("traces"))
        .expect("the profile folder has traces/")
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(traces.len(), 1, "{traces:?}");
    let (scopes, counters) = scopes_of(&traces[0]);
    assert!(has(&scopes, "cpu", "fight step"), "{scopes:?}");
    assert_eq!(counters.iter().filter(|c| *c == "frame").count(), 300);
    let _ = std::fs::remove_dir_all(&dir);
}
