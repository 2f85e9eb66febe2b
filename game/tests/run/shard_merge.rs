//! A batch split into shards (`sim --seeds A..B --shard K/N`) and merged
//! (`sim merge`) gives the one-machine runs and aggregate bit for bit,
//! timings aside (docs/share.md#batches-larger-than-one-machine).

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::cli::batch::{aggregate, play_batch};
use game::cli::merge::{Shard, read_shards};
use game::run::RunOptions;

/// JSON lines with the timing fields removed.
fn without_timings(lines: &[String]) -> Vec<serde_json::Value> {
    lines
        .iter()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).expect("json");
            strip_timings(&mut v);
            v
        })
        .collect()
}

/// Removes the wall-clock fields at any depth (a wave's `step_ms_p95` and
/// its spread in the aggregate differ between any two runs).
fn strip_timings(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(o) => {
            for k in [
                "wall_ms",
                "wall_s",
                "threads",
                "steps_per_s_per_core",
                "step_ms_p95",
            ] {
                o.remove(k);
            }
            o.values_mut().for_each(strip_timings);
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(strip_timings),
        _ => {}
    }
}

fn lines<T: serde::Serialize, A: serde::Serialize>(runs: &[T], agg: &A) -> Vec<String> {
    let mut out: Vec<String> = runs
        .iter()
        .map(|r| serde_json::to_string(r).expect("run"))
        .collect();
    out.push(serde_json::to_string(agg).expect("aggregate"));
    out
}

#[test]
fn three_shards_merge_into_the_one_machine_batch() {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    let opts = RunOptions {
        seed: 0,
        waves: 2,
        backend: Backend::Cpu,
        build: None,
        policy: Default::default(),
        mode: Default::default(),
    };
    let seeds: Vec<u64> = (1..=7).collect();
    let (runs, agg) = play_batch(&cat, &opts, &seeds, 1);
    let whole = lines(&runs, &agg);

    let dir = std::env::temp_dir().join(format!("artificer-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    let mut files = Vec::new();
    let mut taken = Vec::new();
    // Given in reverse order: the merge puts the runs back in seed order.
    for k in (1..=3).rev() {
        let shard: Shard = format!("{k}/3").parse().expect("a shard");
        let mine = shard.take(&seeds);
        taken.extend(mine.iter().copied());
        let (r, a) = play_batch(&cat, &opts, &mine, 1);
        let path = dir.join(format!("shard-{k}.jsonl"));
        std::fs::write(&path, lines(&r, &a).join("\n")).expect("writes");
        files.push(path);
    }
    taken.sort_unstable();
    assert_eq!(taken, seeds, "the shards cover every seed once");
    let (merged, threads, wall_s) = read_shards(&files).expect("merges");
    let merged_agg = aggregate(&merged, threads, wall_s);
    assert_eq!(threads, 3);
    assert_eq!(
        without_timings(&lines(&merged, &merged_agg)),
        without_timings(&whole)
    );

    // A seed in two shards' files is refused.
    let twice = read_shards(&[files[0].clone(), files[0].clone()]).expect_err("a duplicate");
    assert!(twice.contains("more than one shard"), "{twice}");
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        "0/3".parse::<Shard>().is_err() && "4/3".parse::<Shard>().is_err() && "x".parse::<Shard>().is_err()
    );
}
