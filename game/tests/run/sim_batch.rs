//! `artificer sim --seeds`: a batch of runs spread over threads is, run by
//! run, what single CPU runs of the same seeds give, and its aggregate adds
//! them up; the command line prints one JSON line per run and an aggregate.

use std::process::Command;
use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::cli::batch::{aggregate, play_batch};
use game::run::{RunOptions, play};

fn opts(seed: u64) -> RunOptions {
    RunOptions {
        seed,
        waves: 3,
        backend: Backend::Cpu,
        build: None,
        policy: Default::default(),
        mode: Default::default(),
    }
}

#[test]
fn a_batch_over_two_threads_plays_each_seed_as_a_single_run_would() {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    let seeds = [4, 5, 6];
    let (runs, agg) = play_batch(&cat, &opts(0), &seeds, 2);
    assert_eq!(
        runs.iter().map(|r| r.seed).collect::<Vec<_>>(),
        seeds,
        "seed order kept"
    );
    for r in &runs {
        let single = play(cat.clone(), &opts(r.seed), None).expect("plays");
        assert_eq!(r.state_hash, single.state_hash, "seed {}", r.seed);
        assert_eq!(r.wave_reached, single.wave_reached);
        assert_eq!(r.dps.len(), single.waves.len());
        let w1 = &single.waves[0];
        assert!(
            (r.dps[0] - w1.damage_dealt / w1.duration_s).abs() < 0.06,
            "wave 1 DPS"
        );
        assert!(r.steps > 0 && r.error.is_none());
    }
    // Three waves asked for, none with a boss: every living run survived,
    // which is no win in the standard mode (only the W20 boss's death is).
    assert_eq!(agg.runs, 3);
    assert_eq!(agg.wins, 0);
    assert_eq!(agg.threads, 2);
    assert_eq!(agg.steps, runs.iter().map(|r| r.steps).sum::<u64>());
    assert_eq!(agg.dps_per_wave[0].n, 3);
    assert_eq!(
        agg,
        aggregate(&runs, 2, agg.wall_s),
        "the aggregate is a fold of the runs"
    );
    // The curve is read at the level a build entered the wave with.
    for r in &runs {
        assert_eq!(r.waves[0].level_entered, 1);
        for pair in r.waves.windows(2) {
            assert_eq!(pair[1].level_entered, pair[0].level);
        }
    }
    let w2 = &agg.per_wave[1];
    let curve = game::economy::power_curve::target_dps(w2.level_entered.p50 as u32);
    assert!(
        (w2.median_build_vs_curve - w2.build_dps.p50 / curve).abs() < 0.001,
        "the median run's build over the curve at its level: {} vs {}",
        w2.median_build_vs_curve,
        w2.build_dps.p50 / curve
    );
}

#[test]
fn the_command_prints_a_line_per_run_and_the_aggregate() {
    let out = Command::new(env!("CARGO_BIN_EXE_artificer"))
        .args([
            "sim",
            "--seeds",
            "1..2",
            "--waves",
            "2",
            "--threads",
            "2",
            "--json",
        ])
        .env("ARTIFICER_DATA", game::data::default_root())
        .output()
        .expect("artificer runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["seed"], 1);
    assert_eq!(lines[1]["seed"], 2);
    assert_eq!(lines[2]["kind"], "aggregate");
    assert_eq!(lines[2]["runs"], 2);
    assert_eq!(lines[2]["threads"], 2);
    assert!(lines[2]["steps_per_s_per_core"].as_f64().expect("a number") > 0.0);
}
