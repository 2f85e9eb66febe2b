//! The whole world step (docs/architecture.md#the-step: events, combat, VM, AI and movement,
//! upload, compute) at the design load of 1,000 enemies and 2,000 projectiles,
//! on the CPU twin and on the GPU passes, and on the CPU twin with every
//! profiling scope recorded (the cost of a trace). The budget is one 60 Hz frame,
//! 16.6 ms; the step must fit well inside it.

use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::gpu::{Backend, GpuContext};
use game::catalog::Catalog;
use game::world::{Carry, PlayerInput, World};

const ENEMIES: u32 = 1000;
const PROJECTILES: u32 = 2000;

fn loaded_world(cat: &Arc<Catalog>, backend: Backend, ctx: Option<&GpuContext>) -> (World, Carry) {
    let (mut w, mut carry) = World::new_run(cat.clone(), 7, backend, ctx).expect("world");
    let input = PlayerInput::default();
    w.begin_wave(&mut carry, 1).expect("wave 1");
    // Fill and settle: events flow, enemies crowd, projectiles cycle.
    for _ in 0..90 {
        w.hold_load(ENEMIES, PROJECTILES);
        w.step(&mut carry, &input);
    }
    (w, carry)
}

fn bench(c: &mut Criterion) {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    let mut g = c.benchmark_group("world_step_1000e_2000p");
    g.sample_size(30);
    let (mut cpu, mut cpu_carry) = loaded_world(&cat, Backend::Cpu, None);
    let input = PlayerInput::default();
    g.bench_function("cpu", |b| {
        b.iter(|| {
            cpu.hold_load(ENEMIES, PROJECTILES);
            cpu.step(&mut cpu_carry, &input);
        })
    });
    // The same step with the scope recorder on (a trace or the overlay
    // taking every scope), drained each step as the window drains each
    // frame: what profiling costs at the design load. "cpu" above is the
    // recorder off, as shipped.
    engine::profile::recorder::set_on(true);
    g.bench_function("cpu_scopes_recorded", |b| {
        b.iter(|| {
            cpu.hold_load(ENEMIES, PROJECTILES);
            cpu.step(&mut cpu_carry, &input);
            std::hint::black_box(engine::profile::recorder::drain().len())
        })
    });
    engine::profile::recorder::set_on(false);
    eprintln!(
        "cpu: {} enemies, {} projectiles after the bench; stage ms {:?}",
        cpu.counters.enemies,
        cpu.counters.projectiles,
        cpu.times.named().collect::<Vec<_>>()
    );
    match GpuContext::headless() {
        Ok(ctx) => {
            let (mut gpu, mut gpu_carry) = loaded_world(&cat, Backend::Gpu, Some(&ctx));
            g.bench_function("gpu", |b| {
                b.iter(|| {
                    gpu.hold_load(ENEMIES, PROJECTILES);
                    gpu.step(&mut gpu_carry, &input);
                })
            });
            eprintln!(
                "gpu: {} enemies, {} projectiles after the bench; stage ms {:?}",
                gpu.counters.enemies,
                gpu.counters.projectiles,
                gpu.times.named().collect::<Vec<_>>()
            );
        }
        Err(e) => eprintln!("skipping the gpu bench: {e}"),
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
