//! The scripted player walks within its shots' reach of a boss that stands
//! still (the void lord's first phase), and of nothing else
//! (docs/balance.md#scripted-players): its shots fly at the nearest enemy,
//! and a lord left in a far corner once its escort is cut down was never
//! hit.

use game::run::script::{Steer, movement::BOSS_HOLD};

use crate::fighter_trials::step_from_with;

/// How far the competent player stands from the void lord (`boss`) or a
/// grunt `away` px east of it, before and after a step.
fn step_from(boss: bool, away: f32) -> (f32, f32) {
    step_from_with("builds/strong.json", &Steer::COMPETENT, boss, away)
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
