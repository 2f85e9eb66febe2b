//! The projectile compute core on the stress scene, both backends, at the
//! sizes of the lavapipe baseline (2k/1k, 20k/1k, 100k/10k projectiles /
//! enemies); the CPU passes on one thread and on every core (`cpu-1t`,
//! `cpu-Nt`). One iteration is one steady-state step (upload, passes,
//! read-back of the previous step's events). GPU cases are skipped, with a
//! message, when no adapter exists.

#![allow(missing_docs, reason = "criterion_main! generates an undocumented main")]

use criterion::{Criterion, criterion_group, criterion_main};
use engine::compute::{CoreConfig, ProjectileCore, StressScene};
use engine::gpu::{Backend, GpuContext};

const SIZES: [(u32, u32); 3] = [(2_000, 1_000), (20_000, 1_000), (100_000, 10_000)];
const DT: f32 = 1.0 / 60.0;
/// The game's arena (`data/world.json`), px.
const ARENA: [f32; 2] = [2400.0, 2400.0];

fn bench_core(c: &mut Criterion) {
    let ctx = match GpuContext::headless() {
        Ok(ctx) => Some(ctx),
        Err(e) => {
            eprintln!("GPU cases skipped: {e}");
            None
        }
    };
    let mut group = c.benchmark_group("compute_step");
    group.sample_size(10);
    group.warm_up_time(std::time::Duration::from_millis(500));
    group.measurement_time(std::time::Duration::from_secs(3));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cases = [(Backend::Gpu, 1), (Backend::Cpu, 1), (Backend::Cpu, cores)];
    for (backend, threads) in cases {
        if backend == Backend::Gpu && ctx.is_none() {
            continue;
        }
        let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build() else {
            continue;
        };
        let label = match backend {
            Backend::Cpu => format!("cpu-{threads}t"),
            other => other.to_string(),
        };
        for (n, m) in SIZES {
            let config = CoreConfig::arena(n, m, ARENA);
            let Ok(mut core) = ProjectileCore::new(backend, ctx.as_ref(), config) else {
                eprintln!("{backend} core for {n}/{m} could not be built; skipped");
                continue;
            };
            let mut scene = StressScene::new(1, n, m, &config);
            for _ in 0..10 {
                scene.step(&mut core, DT);
            }
            // Each step runs inside the pool (a few microseconds of
            // hand-over per step, noise beside the passes).
            group.bench_function(format!("{label}/{n}x{m}"), |b| {
                b.iter(|| pool.install(|| scene.step(&mut core, DT)));
            });
            core.flush();
        }
    }
    group.finish();
}

criterion_group!(benches, bench_core);
criterion_main!(benches);
