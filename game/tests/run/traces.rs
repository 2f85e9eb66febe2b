//! `--trace` on the headless tools: `artificer stress` on the GPU passes
//! (lavapipe here) and `artificer sim` write Chrome traces (what Perfetto
//! opens) whose named CPU and GPU scopes and counters a reader can find.

use std::collections::HashSet;
use std::path::Path;
use std::process::Command;

/// A parsed trace: (category, name) of every complete event, the counter
/// names with their values, and the thread rows' names.
struct Trace {
    scopes: HashSet<(String, String)>,
    counters: Vec<(String, f64)>,
    rows: HashSet<String>,
}

fn read_trace(path: &Path) -> Trace {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    let doc: serde_json::Value = serde_json::from_str(&text).expect("the trace is JSON");
    let events = doc["traceEvents"].as_array().expect("a traceEvents array");
    let mut t = Trace {
        scopes: HashSet::new(),
        counters: Vec::new(),
        rows: HashSet::new(),
    };
    for e in events {
        let name = e["name"].as_str().expect("every event is named").to_string();
        match e["ph"].as_str() {
            Some("X") => {
                assert!(e["ts"].as_f64().is_some() && e["dur"].as_f64().is_some_and(|d| d >= 0.0));
                let cat = e["cat"].as_str().expect("category").to_string();
                t.scopes.insert((cat, name));
            }
            Some("C") => t
                .counters
                .push((name, e["args"]["value"].as_f64().expect("value"))),
            Some("M") if name == "thread_name" => {
                t.rows
                    .insert(e["args"]["name"].as_str().expect("row name").to_string());
            }
            _ => {}
        }
    }
    t
}

fn has(t: &Trace, cat: &str, name: &str) -> bool {
    t.scopes.contains(&(cat.to_string(), name.to_string()))
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("artificer-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn stress_on_the_gpu_passes_traces_cpu_and_gpu_scopes() {
    let dir = scratch("trace-stress");
    let path = dir.join("stress.json");
    let out = Command::new(env!("CARGO_BIN_EXE_artificer"))
        .args([
            "stress",
            "--backend",
            "gpu",
            "--steps",
            "20",
            "--warmup",
            "2",
            "--json",
        ])
        .arg("--trace")
        .arg(&path)
        .env("ARTIFICER_AUDIO", "off")
        .output()
        .expect("run artificer stress");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "stress failed:\n{stderr}");
    assert!(stderr.contains("trace written to"), "{stderr}");
    let t = read_trace(&path);
    // The step on the CPU, around the compute core's submission.
    assert!(has(&t, "cpu", "stress step"), "{:?}", t.scopes);
    assert!(has(&t, "cpu", "compute core"), "{:?}", t.scopes);
    // The compute core's passes on the GPU, nested under it.
    for pass in ["compute core", "binning", "projectile_step", "collide"] {
        assert!(has(&t, "gpu", pass), "GPU scope {pass} missing: {:?}", t.scopes);
    }
    assert!(
        t.rows.contains("CPU main") && t.rows.contains("GPU compute core"),
        "{:?}",
        t.rows
    );
    let steps = t.counters.iter().filter(|(n, _)| n == "step").count();
    assert_eq!(steps, 20, "one step counter per measured step");
    assert!(t.counters.iter().any(|(n, v)| n == "projectiles" && *v > 100.0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sim_traces_the_step_systems_of_its_first_steps() {
    let dir = scratch("trace-sim");
    let path = dir.join("sim.json");
    let out = Command::new(env!("CARGO_BIN_EXE_artificer"))
        .args([
            "sim",
            "--waves",
            "2",
            "--backend",
            "cpu",
            "--json",
            "--trace-frames",
            "240",
        ])
        .arg("--trace")
        .arg(&path)
        .env("ARTIFICER_AUDIO", "off")
        .output()
        .expect("run artificer sim");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "sim failed:\n{stderr}");
    let t = read_trace(&path);
    for scope in [
        "world step",
        "vm casts",
        "enemy ai",
        "waves",
        "collisions and events",
        "compute core",
        "loot and hooks",
    ] {
        assert!(has(&t, "cpu", scope), "CPU scope {scope} missing: {:?}", t.scopes);
    }
    let steps: Vec<f64> = t
        .counters
        .iter()
        .filter(|(n, _)| n == "step")
        .map(|c| c.1)
        .collect();
    assert_eq!(steps.len(), 240, "--trace-frames 240 keeps 240 steps");
    assert!(t.counters.iter().any(|(n, v)| n == "wave" && *v == 1.0));
    assert!(t.counters.iter().any(|(n, _)| n == "enemies"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_trace_that_cannot_be_written_fails_in_words() {
    let dir = scratch("trace-bad");
    // A folder where the file should go.
    let path = dir.join("taken");
    std::fs::create_dir_all(&path).expect("mkdir");
    let out = Command::new(env!("CARGO_BIN_EXE_artificer"))
        .args(["stress", "--backend", "cpu", "--steps", "2"])
        .arg("--trace")
        .arg(&path)
        .output()
        .expect("run artificer stress");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("the trace could not be written to"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
