//! The CPU passes spread over threads give, at every step, bit for bit the
//! events and the projectile state of the single-threaded reference (a pool
//! of one thread runs the reference itself). Sizes above the fork threshold,
//! with homing, bounces, timers and enemy shots from the stress scene; one
//! size also overflows the event buffer, so the cap falls on the same events.

use engine::compute::cpu::par::PAR_MIN_SLOTS;
use engine::compute::{CoreConfig, Event, Projectile, ProjectileCore, StressScene};
use engine::gpu::Backend;

/// The arena these tests run in (the game's size; the engine has none of its own).
const ARENA: [f32; 2] = [2400.0, 2400.0];

const DT: f32 = 1.0 / 60.0;

/// Events and final projectiles of `steps` steps of the stress scene, with
/// the core's passes on a pool of `threads`.
fn run(
    threads: usize,
    projectiles: u32,
    enemies: u32,
    steps: u32,
    max_events: Option<u32>,
) -> (Vec<Vec<Event>>, Vec<u32>, Vec<Projectile>) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("pool");
    pool.install(|| {
        let mut config = CoreConfig::arena(projectiles, enemies, ARENA);
        if let Some(m) = max_events {
            config.max_events = m;
        }
        let mut core = ProjectileCore::new(Backend::Cpu, None, config).expect("cpu core");
        let mut scene = StressScene::new(7, projectiles, enemies, &config);
        let mut events = Vec::new();
        let mut overflow = Vec::new();
        for _ in 0..steps {
            let out = scene.step(&mut core, DT);
            events.push(out.events);
            overflow.push(out.overflow);
        }
        let last = core.flush();
        events.push(last.events);
        overflow.push(last.overflow);
        (events, overflow, core.read_projectiles())
    })
}

fn bits<T: bytemuck::Pod>(v: &[T]) -> &[u8] {
    bytemuck::cast_slice(v)
}

fn same(a: &(Vec<Vec<Event>>, Vec<u32>, Vec<Projectile>), b: &(Vec<Vec<Event>>, Vec<u32>, Vec<Projectile>)) {
    assert_eq!(a.0.len(), b.0.len());
    for (step, (x, y)) in a.0.iter().zip(&b.0).enumerate() {
        assert_eq!(bits(x), bits(y), "events of step {step}");
    }
    assert_eq!(a.1, b.1, "overflow per step");
    assert_eq!(bits(&a.2), bits(&b.2), "projectile state after the run");
}

#[test]
fn two_and_three_threads_match_the_reference_bit_for_bit() {
    let n = 20_000;
    assert!(n >= PAR_MIN_SLOTS * 2, "the passes must fork at this size");
    let reference = run(1, n, 1000, 40, None);
    assert!(
        reference.0.iter().map(Vec::len).sum::<usize>() > 1000,
        "a scene with events"
    );
    same(&reference, &run(2, n, 1000, 40, None));
    same(&reference, &run(3, n, 1000, 40, None));
}

#[test]
fn the_event_cap_falls_on_the_same_events() {
    let reference = run(1, 12_000, 2000, 20, Some(256));
    assert!(reference.1.iter().any(|&o| o > 0), "the cap is reached");
    same(&reference, &run(2, 12_000, 2000, 20, Some(256)));
}
