//! GPU/CPU parity.
//!
//! Per step: both backends get the same state (re-synced from the CPU every
//! step) and must agree on the event set, and on every projectile's fields,
//! positions and velocities within [`TOLERANCE`] px. The one exemption: a
//! projectile may differ (events or state) when a decision it took this step
//! was within [`EPSILON`] px of flipping: its distance to an enemy (or the
//! player) within EPSILON of the contact distance, its distance to a homing
//! candidate within EPSILON of the acquire radius or of the nearest
//! candidate's distance, or its position within EPSILON of a wall. Exempted
//! projectiles are counted and must stay rare.
//!
//! Whole runs: stepped 600 times independently, the totals of hits, expires,
//! timers, walls and player hits agree within a few percent.

mod common;

use std::collections::BTreeMap;

use common::{DT, gpu};
use engine::compute::{
    CoreConfig, Enemy, EventKind, FLAG_ENEMY_TEAM, Projectile, ProjectileCore, StepEvents, StressScene,
};
use engine::gpu::Backend;

/// The arena these tests run in (the game's size; the engine has none of its own).
const ARENA: [f32; 2] = [2400.0, 2400.0];

/// Largest allowed |GPU − CPU| of a position or velocity component after one step.
const TOLERANCE: f32 = 1e-3;
/// Distance from a decision boundary inside which two backends may decide differently.
const EPSILON: f32 = 1e-3;

const PROJECTILES: u32 = 2500;
const ENEMIES: u32 = 200;

fn dist(a: [f32; 2], b: [f32; 2]) -> f32 {
    let d = [a[0] - b[0], a[1] - b[1]];
    (d[0] * d[0] + d[1] * d[1]).sqrt()
}

/// Whether one of this step's decisions for the projectile was within EPSILON of flipping.
fn borderline(
    before: &Projectile,
    after: &Projectile,
    enemies: &[Enemy],
    player: ([f32; 2], f32),
    config: &CoreConfig,
) -> bool {
    let enemy_team = before.flags & FLAG_ENEMY_TEAM != 0;
    if enemy_team {
        if (dist(after.pos, player.0) - (after.radius + player.1)).abs() < EPSILON {
            return true;
        }
    } else {
        for e in enemies.iter().filter(|e| e.alive != 0) {
            if (dist(after.pos, e.pos) - (after.radius + e.radius)).abs() < EPSILON {
                return true;
            }
        }
        if before.homing > 0.0 {
            let mut near: Vec<f32> = enemies
                .iter()
                .filter(|e| e.alive != 0)
                .map(|e| dist(before.pos, e.pos))
                .collect();
            if near.iter().any(|d| (d - before.acquire_radius).abs() < EPSILON) {
                return true;
            }
            near.retain(|&d| d <= before.acquire_radius);
            near.sort_by(f32::total_cmp);
            if near.len() >= 2 && near[1] - near[0] < EPSILON {
                return true;
            }
        }
    }
    (0..2).any(|axis| {
        let lo = config.arena_min[axis] + after.radius;
        let hi = config.arena_max[axis] - after.radius;
        (after.pos[axis] - lo).abs() < EPSILON || (after.pos[axis] - hi).abs() < EPSILON
    })
}

type EventKey = (u32, u32, u32);

fn keyed(events: &StepEvents) -> BTreeMap<EventKey, [f32; 2]> {
    events
        .events
        .iter()
        .map(|e| ((e.kind, e.projectile, e.enemy), e.pos))
        .collect()
}

fn close(a: [f32; 2], b: [f32; 2]) -> bool {
    (a[0] - b[0]).abs() <= TOLERANCE && (a[1] - b[1]).abs() <= TOLERANCE
}

/// Compares one slot; returns a description of the first difference.
fn slot_difference(c: &Projectile, g: &Projectile) -> Option<String> {
    if !close(c.pos, g.pos) {
        return Some(format!("pos cpu {:?} gpu {:?}", c.pos, g.pos));
    }
    if !close(c.vel, g.vel) {
        return Some(format!("vel cpu {:?} gpu {:?}", c.vel, g.vel));
    }
    let exact = (
        c.flags,
        c.bounces,
        c.pierce,
        c.hit_count,
        c.hit_memory,
        c.age,
        c.timer,
        c.lifetime,
    );
    let other = (
        g.flags,
        g.bounces,
        g.pierce,
        g.hit_count,
        g.hit_memory,
        g.age,
        g.timer,
        g.lifetime,
    );
    (exact != other).then(|| format!("fields cpu {exact:?} gpu {other:?}"))
}

fn fresh_state(scene: &mut StressScene, capacity: u32) -> Vec<Projectile> {
    let mut state = vec![bytemuck_zeroed(); capacity as usize];
    for p in state.iter_mut().take(PROJECTILES as usize) {
        *p = scene.make_projectile();
    }
    state
}

fn bytemuck_zeroed() -> Projectile {
    let mut p = Projectile::new([0.0; 2], [0.0; 2], 0.0, 0.0);
    p.flags = 0;
    p
}

#[test]
fn per_step_parity_over_120_steps() {
    let Some(ctx) = gpu() else { return };
    let config = CoreConfig::arena(4096, 256, ARENA);
    let mut scene = StressScene::new(7, PROJECTILES, ENEMIES, &config);
    let mut cpu = ProjectileCore::new(Backend::Cpu, None, config).expect("cpu core");
    let mut gpu = ProjectileCore::new(Backend::Gpu, Some(&ctx), config).expect("gpu core");
    let mut state = fresh_state(&mut scene, config.capacity);
    let player = (scene.player, scene.player_radius);

    let (mut exempt, mut checked, mut events_seen, mut max_diff) = (0usize, 0usize, 0usize, 0f32);
    let mut kinds = BTreeMap::new();
    for step in 1..=120 {
        scene.drift(DT);
        let enemies = scene.enemies().to_vec();
        for core in [&mut cpu, &mut gpu] {
            core.set_enemies(&enemies);
            core.set_player(player.0, player.1);
            core.load_state(&state);
        }
        let ev_cpu = cpu.step_now(DT);
        let ev_gpu = gpu.step_now(DT);
        let after_cpu = cpu.read_projectiles();
        let after_gpu = gpu.read_projectiles();
        assert_eq!(after_cpu.len(), after_gpu.len());
        assert_eq!(ev_cpu.overflow + ev_gpu.overflow, 0);

        let exempted: Vec<bool> = (0..after_cpu.len())
            .map(|i| state[i].is_alive() && borderline(&state[i], &after_cpu[i], &enemies, player, &config))
            .collect();
        let (kc, kg) = (keyed(&ev_cpu), keyed(&ev_gpu));
        for (key, pos) in &kc {
            *kinds.entry(key.0).or_insert(0usize) += 1;
            let slot = key.1 as usize;
            match kg.get(key) {
                Some(gpos) => assert!(
                    exempted[slot] || close(*pos, *gpos),
                    "step {step}: event {key:?} at cpu {pos:?} gpu {gpos:?}"
                ),
                None => assert!(exempted[slot], "step {step}: only the CPU has event {key:?}"),
            }
        }
        for key in kg.keys().filter(|k| !kc.contains_key(k)) {
            assert!(
                exempted[key.1 as usize],
                "step {step}: only the GPU has event {key:?}"
            );
        }
        for (i, (c, g)) in after_cpu.iter().zip(&after_gpu).enumerate() {
            if !state[i].is_alive() {
                continue;
            }
            checked += 1;
            if exempted[i] {
                exempt += 1;
                continue;
            }
            if let Some(diff) = slot_difference(c, g) {
                panic!("step {step}, slot {i}: {diff}\nbefore {:?}", state[i]);
            }
            for axis in 0..2 {
                max_diff = max_diff.max((c.pos[axis] - g.pos[axis]).abs());
            }
        }
        events_seen += kc.len();

        // Continue from the CPU's state, topping the scene up in the lowest dead slots.
        state[..after_cpu.len()].copy_from_slice(&after_cpu);
        let mut live = state.iter().filter(|p| p.is_alive()).count() as u32;
        for p in state.iter_mut() {
            if live >= PROJECTILES {
                break;
            }
            if !p.is_alive() {
                *p = scene.make_projectile();
                live += 1;
            }
        }
    }
    println!(
        "per-step parity: {checked} projectile-steps, {exempt} exempted, {events_seen} events {kinds:?}, max |Δpos| {max_diff:e} px"
    );
    for kind in [
        EventKind::Hit,
        EventKind::Expire,
        EventKind::Timer,
        EventKind::Wall,
        EventKind::PlayerHit,
    ] {
        assert!(
            kinds.get(&(kind as u32)).copied().unwrap_or(0) > 0,
            "no {kind:?} event in 120 steps"
        );
    }
    assert!(
        exempt * 200 < checked,
        "too many exemptions: {exempt} of {checked}"
    );
}

/// Totals of each event kind over a run.
fn run_totals(core: &mut ProjectileCore, steps: usize) -> BTreeMap<u32, u64> {
    let config = *core.config();
    let mut scene = StressScene::new(11, PROJECTILES, ENEMIES, &config);
    let mut totals = BTreeMap::new();
    let mut count = |events: &StepEvents| {
        for e in &events.events {
            *totals.entry(e.kind).or_insert(0u64) += 1;
        }
    };
    for _ in 0..steps {
        let events = scene.step(core, DT);
        count(&events);
    }
    count(&core.flush());
    totals
}

#[test]
fn whole_runs_agree_statistically_over_600_steps() {
    let Some(ctx) = gpu() else { return };
    let config = CoreConfig::arena(4096, 256, ARENA);
    let mut cpu = ProjectileCore::new(Backend::Cpu, None, config).expect("cpu core");
    let mut gpu = ProjectileCore::new(Backend::Gpu, Some(&ctx), config).expect("gpu core");
    let tc = run_totals(&mut cpu, 600);
    let tg = run_totals(&mut gpu, 600);
    println!("600 steps, totals by kind: cpu {tc:?} gpu {tg:?}");
    for kind in [EventKind::Hit, EventKind::Expire] {
        let (c, g) = (tc[&(kind as u32)] as f64, tg[&(kind as u32)] as f64);
        assert!(c > 1000.0, "{kind:?}: only {c} on the CPU");
        let rel = (c - g).abs() / c;
        assert!(
            rel < 0.03,
            "{kind:?}: cpu {c} gpu {g} differ by {:.1} %",
            rel * 100.0
        );
    }
}
