//! The fighter's trials (docs/balance.md#archetypes): a close trial stands
//! the range's dummies inside a blade's reach and counts only what the blade
//! deals, so a purchase is judged by what it does for the blade; without a
//! blade there is nothing to count, and the ordinary trial across the range
//! still counts the deck.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::script::measure::{self, Ground, Trial};
use game::run::{Run, RunSetup};

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

fn run_with(build: &str) -> Run {
    let cat = catalog();
    let path = game::data::default_root().join(build);
    let build = game::run::load_build(&path).expect("build loads");
    let setup = RunSetup {
        build: Some(build),
        ..RunSetup::new(3, 20)
    };
    Run::new(cat, setup, Backend::Cpu, None).expect("run")
}

/// (single-target, crowd) of a close trial and of the ordinary one.
fn trials(run: &Run) -> ((f64, f64), (f64, f64)) {
    let (w, carry) = (run.world(), run.carry());
    let both = |close: bool| {
        let t = Trial {
            ground: if close { Ground::Close } else { Ground::Range },
            ..Trial::default()
        };
        (
            measure::trial_dps(w, carry, &t, 1.0, 3.0),
            measure::crowd_dps(w, carry, &t, (30.0, 20), 1.0, 3.0),
        )
    };
    (both(true), both(false))
}

#[test]
fn a_close_trial_counts_the_blade_and_only_the_blade() {
    let (close, far) = trials(&run_with("builds/blade.json"));
    assert!(
        close.0 > 0.0 && close.1 > 0.0,
        "the saber cuts the close dummies: {close:?}"
    );
    assert!(far.0 > 0.0, "the deck still shoots across the range: {far:?}");
    // Across the range nothing stands in the saber's reach, so the same
    // build measured close is a different number from the deck's.
    assert_ne!(close.0, far.0);
}

#[test]
fn without_a_blade_a_close_trial_counts_nothing() {
    let (close, far) = trials(&run_with("builds/strong.json"));
    assert_eq!(close, (0.0, 0.0), "no blade, nothing the blade dealt");
    assert!(far.0 > 0.0 && far.1 > 0.0, "{far:?}");
}

#[test]
fn a_fighters_build_is_read_inside_its_reach() {
    let run = run_with("builds/blade.json");
    let (w, carry) = (run.world(), run.carry());
    let close = measure::build_dps(w, carry, true);
    let far = measure::build_dps(w, carry, false);
    assert!(
        close > far && far > 0.0,
        "in reach the saber adds to the deck's bolts: close {close}, far {far}"
    );
}

/// How far the fighter stands from one enemy (`boss`: the void lord, else a
/// grunt) `away` px east of it on the test range, before and after a step.
fn step_from(boss: bool, away: f32) -> (f32, f32) {
    step_from_with(
        "builds/blade.json",
        &game::run::script::Steer::FIGHTER,
        boss,
        away,
    )
}

/// How far a scripted player with `build`, steered by `how`, stands from
/// one enemy (`boss`: the void lord, else a grunt) `away` px east of it on
/// the test range, before and after a step (also docs/balance.md's walk to
/// a standing boss, `standing_boss.rs`).
pub(crate) fn step_from_with(
    build: &str,
    how: &game::run::script::Steer,
    boss: bool,
    away: f32,
) -> (f32, f32) {
    let mut run = run_with(build);
    let (w, carry) = run.parts_mut();
    w.begin_test_range(carry, &[]).expect("range");
    let p = w.player.pos;
    let at = p + glam::Vec2::new(away, 0.0);
    if boss {
        w.spawn_boss_at("void_lord_w20", at).expect("the lord spawns");
    } else {
        w.spawn_enemy(measure::DUMMY_ENEMY, at).expect("a grunt spawns");
    }
    let dir = game::run::script::steer_with(w, how);
    (p.distance(at), (p + dir * 50.0).distance(at))
}

#[test]
fn a_blade_is_kept_out_of_reach_of_a_boss_that_heals_on_it() {
    // The fighter walks up to a grunt 200 px away ...
    let (before, after) = step_from(false, 200.0);
    assert!(after < before, "closes in on the grunt: {before} -> {after}");
    // ... but not to the void lord, whose first phase heals on every
    // physical hit (docs/balance.md#archetypes) ...
    let (before, after) = step_from(true, 200.0);
    assert!(after >= before - 1.0, "leaves the lord be: {before} -> {after}");
    // ... and backs off it where the saber would reach it ...
    let (before, after) = step_from(true, 120.0);
    assert!(after > before, "backs off the lord: {before} -> {after}");
    // ... but from across the arena it comes back to a ring outside that
    // reach, where its bolts find the lord first.
    let (before, after) = step_from(true, 900.0);
    assert!(after < before, "holds the lord's ring: {before} -> {after}");
}
