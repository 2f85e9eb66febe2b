//! The scripted player walks within its shots' reach of a boss that stands
//! still (the void lord's first phase), and of nothing else
//! (docs/balance.md#scripted-players): its shots fly at the nearest enemy,
//! and a lord left in a far corner once its escort is cut down was never
//! hit.

use std::sync::Arc;

use game::catalog::Catalog;
use game::run::script::{Steer, measure, movement::BOSS_HOLD, steer_with};
use game::run::{Run, RunSetup};

/// How far the competent player stands from one enemy (`boss`: the void
/// lord, else a grunt) `away` px east of it on the test range, before and
/// after a step.
fn step_from(boss: bool, away: f32) -> (f32, f32) {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    let path = game::data::default_root().join("builds/strong.json");
    let build = game::run::load_build(&path).expect("build loads");
    let setup = RunSetup {
        build: Some(build),
        ..RunSetup::new(3, 20)
    };
    let mut run = Run::new(cat, setup, engine::gpu::Backend::Cpu, None).expect("run");
    let (w, carry) = run.parts_mut();
    w.begin_test_range(carry, &[]).expect("range");
    let p = w.player.pos;
    let at = p + glam::Vec2::new(away, 0.0);
    if boss {
        w.spawn_boss_at("void_lord_w20", at).expect("the lord spawns");
    } else {
        w.spawn_enemy(measure::DUMMY_ENEMY, at).expect("a grunt spawns");
    }
    let dir = steer_with(w, &Steer::COMPETENT);
    (p.distance(at), (p + dir * 50.0).distance(at))
}

#[test]
fn the_player_walks_within_reach_of_a_boss_that_stands_still() {
    // The void lord's first phase stands still: from across the arena the
    // player walks toward it ...
    let (before, after) = step_from(true, 900.0);
    assert!(after < before, "walks to the lord: {before} -> {after}");
    // ... and no nearer than the hold, where its shots reach.
    let (before, after) = step_from(true, BOSS_HOLD - 50.0);
    assert!(after >= before - 1.0, "holds off the lord: {before} -> {after}");
    // An enemy that is not a standing boss pulls nobody across the arena.
    let (before, after) = step_from(false, 900.0);
    assert!(after >= before - 1.0, "leaves the grunt be: {before} -> {after}");
}
