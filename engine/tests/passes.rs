//! Each pass with hand-made cases whose answers are known, on both backends.

mod common;

use common::{DT, both_cores, gpu};
use engine::compute::cpu::prefix_sum::exclusive_scan;
use engine::compute::{
    CoreConfig, Enemy, EventKind, FLAG_ENEMY_TEAM, FLAG_TIMER_ARMED, Projectile, ProjectileCore, StepEvents,
};

/// The arena these tests run in (the game's size; the engine has none of its own).
const ARENA: [f32; 2] = [2400.0, 2400.0];

fn enemy(x: f32, y: f32, radius: f32) -> Enemy {
    Enemy {
        pos: [x, y],
        radius,
        alive: 1,
    }
}

/// Steps until `stop` says so or `max` steps pass; returns each step's events.
fn run(core: &mut ProjectileCore, max: usize) -> Vec<StepEvents> {
    (0..max).map(|_| core.step_now(DT)).collect()
}

fn first_step_with(steps: &[StepEvents], kind: EventKind) -> Option<usize> {
    steps.iter().position(|s| s.count(kind) > 0).map(|i| i + 1)
}

#[test]
fn aimed_projectile_hits_on_the_expected_step() {
    let ctx = gpu();
    for mut core in both_cores(ctx.as_ref(), CoreConfig::arena(64, 16, ARENA)) {
        core.set_enemies(&[enemy(1000.0, 500.0, 10.0)]);
        // 600 px/s = 10 px per step; contact at x >= 986, first reached at step 19 (x = 990).
        let slot = core
            .spawn(Projectile::new([800.0, 500.0], [600.0, 0.0], 4.0, 5.0))
            .expect("slot");
        let steps = run(&mut core, 19);
        assert_eq!(
            first_step_with(&steps, EventKind::Hit),
            Some(19),
            "{:?}",
            core.backend()
        );
        let hit = steps[18].of_kind(EventKind::Hit).next().expect("hit");
        assert_eq!((hit.projectile, hit.enemy), (slot, 0));
        assert!((hit.pos[0] - 990.0).abs() < 1e-2, "hit at {:?}", hit.pos);
        assert_eq!(
            steps[18].count(EventKind::Expire),
            1,
            "pierce 0 expires on its hit"
        );
        assert_eq!(core.live_count(), 1, "freed only at the next step");
        core.step_now(DT);
        assert_eq!(core.live_count(), 0);
    }
}

#[test]
fn homing_turns_by_at_most_strength_times_dt() {
    let ctx = gpu();
    for mut core in both_cores(ctx.as_ref(), CoreConfig::arena(64, 16, ARENA)) {
        // Target straight "up" (90°) from a projectile flying along +x.
        core.set_enemies(&[enemy(500.0, 700.0, 10.0)]);
        let mut p = Projectile::new([500.0, 500.0], [300.0, 0.0], 4.0, 5.0);
        p.homing = 2.0;
        p.acquire_radius = 400.0;
        core.spawn(p).expect("slot");
        core.step_now(DT);
        let q = core.read_projectiles()[0];
        let angle = q.vel[1].atan2(q.vel[0]);
        let speed = (q.vel[0] * q.vel[0] + q.vel[1] * q.vel[1]).sqrt();
        assert!((angle - 2.0 * DT).abs() < 1e-5, "turned {angle} rad");
        assert!((speed - 300.0).abs() < 1e-3, "speed {speed}");

        // A target outside the acquire radius does not turn it.
        let mut far = Projectile::new([100.0, 100.0], [300.0, 0.0], 4.0, 5.0);
        far.homing = 2.0;
        far.acquire_radius = 100.0;
        let slot = core.spawn(far).expect("slot") as usize;
        core.step_now(DT);
        let q = core.read_projectiles()[slot];
        assert_eq!(q.vel, [300.0, 0.0]);
    }
}

#[test]
fn homing_snaps_when_the_target_is_within_the_turn() {
    let ctx = gpu();
    for mut core in both_cores(ctx.as_ref(), CoreConfig::arena(64, 16, ARENA)) {
        core.set_enemies(&[enemy(900.0, 510.0, 10.0)]);
        let mut p = Projectile::new([500.0, 500.0], [300.0, 0.0], 4.0, 5.0);
        p.homing = 6.0;
        p.acquire_radius = 600.0;
        core.spawn(p).expect("slot");
        core.step_now(DT);
        let q = core.read_projectiles()[0];
        let want = 10.0f32.atan2(400.0);
        assert!((q.vel[1].atan2(q.vel[0]) - want).abs() < 1e-5);
    }
}

#[test]
fn pierce_two_gives_exactly_three_hits() {
    let ctx = gpu();
    for mut core in both_cores(ctx.as_ref(), CoreConfig::arena(64, 16, ARENA)) {
        // Five enemies in a row, 40 px apart, across the projectile's path.
        let row: Vec<Enemy> = (0..5)
            .map(|i| enemy(700.0 + 40.0 * i as f32, 300.0, 8.0))
            .collect();
        core.set_enemies(&row);
        let mut p = Projectile::new([600.0, 300.0], [600.0, 0.0], 4.0, 5.0);
        p.pierce = 2;
        let slot = core.spawn(p).expect("slot");
        let steps = run(&mut core, 60);
        let hits: Vec<u32> = steps
            .iter()
            .flat_map(|s| s.of_kind(EventKind::Hit).map(|e| e.enemy))
            .collect();
        assert_eq!(hits, vec![0, 1, 2], "{:?}", core.backend());
        let expires: usize = steps.iter().map(|s| s.count(EventKind::Expire)).sum();
        assert_eq!(expires, 1);
        let at = first_step_with(&steps, EventKind::Expire).expect("expire");
        let last_hit = steps[at - 1]
            .of_kind(EventKind::Hit)
            .next()
            .expect("hit on expiry");
        assert_eq!((last_hit.projectile, last_hit.enemy), (slot, 2));
    }
}

#[test]
fn overlapping_enemies_in_one_step_are_hit_in_index_order_up_to_the_budget() {
    let ctx = gpu();
    for mut core in both_cores(ctx.as_ref(), CoreConfig::arena(64, 16, ARENA)) {
        // Five enemies all overlapping the spot the projectile reaches; indices in scrambled positions.
        let pile: Vec<Enemy> = [3.0, -3.0, 0.0, 5.0, -5.0]
            .iter()
            .map(|&dy| enemy(510.0, 500.0 + dy, 10.0))
            .collect();
        core.set_enemies(&pile);
        let mut p = Projectile::new([500.0, 500.0], [600.0, 0.0], 4.0, 5.0);
        p.pierce = 2;
        core.spawn(p).expect("slot");
        let events = core.step_now(DT);
        let hits: Vec<u32> = events.of_kind(EventKind::Hit).map(|e| e.enemy).collect();
        assert_eq!(hits, vec![0, 1, 2]);
        assert_eq!(events.count(EventKind::Expire), 1);
        // The same projectile never hits the same enemy twice: a fresh pierce
        // budget written on it only reaches the two enemies it has not hit.
        let mut q = core.read_projectiles()[0];
        q.pierce = 5;
        q.lifetime = 5.0;
        q.vel = [0.0, 0.0];
        let mut core2 = core;
        let slot = core2.spawn(q).expect("slot");
        let events = core2.step_now(DT);
        let hits: Vec<u32> = events
            .of_kind(EventKind::Hit)
            .filter(|e| e.projectile == slot)
            .map(|e| e.enemy)
            .collect();
        assert_eq!(hits, vec![3, 4]);
    }
}

#[test]
fn walls_bounce_then_expire_when_out_of_bounces() {
    let ctx = gpu();
    for mut core in both_cores(ctx.as_ref(), CoreConfig::arena(64, 16, ARENA)) {
        let mut p = Projectile::new([30.0, 1200.0], [-600.0, 0.0], 4.0, 10.0);
        p.bounces = 1;
        core.spawn(p).expect("slot");
        let steps = run(&mut core, 600);
        let walls: usize = steps.iter().map(|s| s.count(EventKind::Wall)).sum();
        let expires: Vec<_> = steps.iter().flat_map(|s| s.of_kind(EventKind::Expire)).collect();
        assert_eq!(walls, 2, "one bounce, then the wall it dies on");
        assert_eq!(expires.len(), 1);
        assert!(
            expires[0].pos[0] > 2390.0,
            "expires on the far wall: {:?}",
            expires[0].pos
        );
        // First wall: x = 30 - 10k crosses 4 at step 3; reflected to x = 8 - 0 ... with vel +600.
        assert_eq!(first_step_with(&steps, EventKind::Wall), Some(3));
    }
}

#[test]
fn timer_fires_once_and_lifetime_expires() {
    let ctx = gpu();
    for mut core in both_cores(ctx.as_ref(), CoreConfig::arena(64, 16, ARENA)) {
        let mut p = Projectile::new([600.0, 600.0], [10.0, 0.0], 4.0, 0.5);
        p.flags |= FLAG_TIMER_ARMED;
        p.timer = 0.25;
        core.spawn(p).expect("slot");
        let steps = run(&mut core, 40);
        let timers: Vec<usize> = steps
            .iter()
            .enumerate()
            .filter(|(_, s)| s.count(EventKind::Timer) > 0)
            .map(|(i, _)| i + 1)
            .collect();
        assert_eq!(timers.len(), 1);
        assert!((15..=16).contains(&timers[0]), "timer at step {}", timers[0]);
        let expire = first_step_with(&steps, EventKind::Expire).expect("expire");
        assert!((30..=31).contains(&expire), "expired at step {expire}");
    }
}

#[test]
fn enemy_shots_hit_the_player_not_enemies() {
    let ctx = gpu();
    for mut core in both_cores(ctx.as_ref(), CoreConfig::arena(64, 16, ARENA)) {
        core.set_enemies(&[enemy(450.0, 500.0, 20.0)]);
        core.set_player([600.0, 500.0], 16.0);
        let mut p = Projectile::new([400.0, 500.0], [600.0, 0.0], 4.0, 5.0);
        p.flags |= FLAG_ENEMY_TEAM;
        core.spawn(p).expect("slot");
        let steps = run(&mut core, 30);
        let hits: usize = steps.iter().map(|s| s.count(EventKind::Hit)).sum();
        assert_eq!(hits, 0);
        // Contact at x >= 580: step 18.
        assert_eq!(first_step_with(&steps, EventKind::PlayerHit), Some(18));
        assert_eq!(first_step_with(&steps, EventKind::Expire), Some(18));
    }
}

#[test]
fn events_past_the_buffer_count_as_overflow() {
    let ctx = gpu();
    let mut config = CoreConfig::arena(256, 16, ARENA);
    config.max_events = 10;
    for mut core in both_cores(ctx.as_ref(), config) {
        for i in 0..100 {
            let p = Projectile::new([100.0 + 10.0 * i as f32, 900.0], [0.0, 0.0], 2.0, 0.001);
            core.spawn(p).expect("slot");
        }
        let events = core.step_now(DT);
        assert_eq!(events.events.len(), 10);
        assert_eq!(events.overflow, 90);
    }
}

#[test]
fn prefix_sum_of_known_counts() {
    let ctx = gpu();
    let config = CoreConfig::arena(64, 4096, ARENA);
    let (w, h) = config.grid_dims();
    assert_eq!((w, h), (38, 38));
    // Cell c gets (c * 7) % 5 enemies, placed at the cell's centre.
    let mut counts = vec![0u32; (w * h) as usize];
    let mut enemies = Vec::new();
    for (c, count) in counts.iter_mut().enumerate() {
        *count = (c as u32 * 7) % 5;
        let x = (c as u32 % w) as f32 * 64.0 + 32.0;
        let y = (c as u32 / w) as f32 * 64.0 + 32.0;
        for _ in 0..*count {
            enemies.push(enemy(x, y, 4.0));
        }
    }
    let mut expected = vec![0u32; counts.len() + 1];
    exclusive_scan(&counts, &mut expected);
    assert_eq!(expected[1..4], [0, 2, 6]);
    for mut core in both_cores(ctx.as_ref(), config) {
        core.set_enemies(&enemies);
        core.step_now(DT);
        let (got_counts, got_starts) = core.read_grid();
        assert_eq!(got_counts, counts, "{:?}", core.backend());
        assert_eq!(got_starts, expected, "{:?}", core.backend());
    }
}

#[test]
fn events_arrive_one_step_late_on_both_backends() {
    let ctx = gpu();
    for mut core in both_cores(ctx.as_ref(), CoreConfig::arena(64, 16, ARENA)) {
        core.spawn(Projectile::new([600.0, 600.0], [0.0, 0.0], 4.0, 0.001))
            .expect("slot");
        assert!(core.step(DT).is_empty(), "first step returns nothing");
        let second = core.step(DT);
        assert_eq!(second.count(EventKind::Expire), 1);
        assert_eq!(second.step, 1);
        assert!(core.flush().is_empty());
    }
}

#[test]
fn killed_slots_are_silenced_and_reused_later() {
    let ctx = gpu();
    for mut core in both_cores(ctx.as_ref(), CoreConfig::arena(4, 16, ARENA)) {
        let a = core
            .spawn(Projectile::new([600.0, 600.0], [0.0, 0.0], 4.0, 0.001))
            .expect("slot");
        core.step(DT); // step 1 expires `a` on the device; its event is in flight
        assert!(core.kill(a));
        let events = core.step(DT); // delivers step 1, minus the killed slot
        assert!(events.is_empty(), "{events:?}");
        assert_eq!(core.live_count(), 1);
        core.step(DT);
        assert_eq!(core.live_count(), 0);
        assert_eq!(core.spawn(Projectile::new([1.0; 2], [0.0; 2], 1.0, 1.0)), Some(0));
    }
}

#[test]
fn a_write_after_dispatch_wins_over_that_steps_expire() {
    let ctx = gpu();
    for mut core in both_cores(ctx.as_ref(), CoreConfig::arena(4, 16, ARENA)) {
        let slot = core
            .spawn(Projectile::new([600.0, 600.0], [60.0, 0.0], 4.0, 0.001))
            .expect("slot");
        core.step(DT); // expires on the device; its EXPIRE is still in flight
        // The rules edit it anyway (e.g. parried and turned friendly).
        assert!(core.write(slot, Projectile::new([600.0, 600.0], [-60.0, 0.0], 4.0, 5.0)));
        let events = core.step(DT);
        assert_eq!(events.count(EventKind::Expire), 0, "{:?}", core.backend());
        assert!(core.flush().is_empty());
        core.step_now(DT);
        assert_eq!(core.live_count(), 1);
        let p = core.read_projectiles()[slot as usize];
        assert!(p.is_alive() && p.vel[0] < 0.0, "{p:?}");
    }
}
