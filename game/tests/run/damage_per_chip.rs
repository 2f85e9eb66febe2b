//! Damage per chip (docs/share.md#damage-per-chip): every point of damage a
//! run deals is credited to one named source (a chip, reactions, damage over
//! time, the blade, turrets, loot rules), the sources add up to the run's
//! total, and there is no catch-all bucket.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::{RunOptions, play_recorded, script::Policy};

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

fn check_run(cat: &Arc<Catalog>, seed: u64, build: Option<game::run::Build>) -> Vec<String> {
    let opts = RunOptions {
        seed,
        waves: 6,
        backend: Backend::Cpu,
        build,
        policy: Policy::Competent,
        mode: Default::default(),
    };
    let run = play_recorded(cat.clone(), &opts, None, false).expect("the run plays");
    let s = run.summary();
    assert!(s.total_damage > 0.0, "seed {seed}: the run dealt damage");
    let rel = |a: f64, b: f64| (a - b).abs() / b.abs().max(1.0);
    assert!(rel(s.damage_book.total, s.total_damage) < 1e-9, "seed {seed}");
    let sum: f64 = s.damage.sources.iter().map(|x| x.damage).sum();
    assert!(
        rel(sum, s.total_damage) < 1e-9,
        "seed {seed}: {sum} vs {}",
        s.total_damage
    );
    let by_element: f64 = s.damage.elements.iter().map(|x| x.damage).sum();
    assert!(
        rel(by_element, s.total_damage) < 1e-4,
        "seed {seed}: {by_element}"
    );
    for x in &s.damage.sources {
        assert!(
            x.name != "Unknown chip" && !x.name.contains('_'),
            "seed {seed}: {}",
            x.name
        );
    }
    assert!(
        s.damage.sources.windows(2).all(|w| w[0].damage >= w[1].damage),
        "largest first"
    );
    assert!(
        !s.build_code.is_empty(),
        "seed {seed}: the final build has a code"
    );
    s.damage.sources.iter().map(|x| x.name.clone()).collect()
}

#[test]
fn the_sources_of_a_run_add_up_to_its_total_damage() {
    let cat = catalog();
    let mut names = Vec::new();
    for seed in [1, 5, 9] {
        names.extend(check_run(&cat, seed, None));
    }
    let chips: Vec<&str> = cat.spells.iter().map(|(_, d)| d.name.as_str()).collect();
    assert!(
        names.iter().any(|n| chips.contains(&n.as_str())),
        "chips are credited by name: {names:?}"
    );
}

#[test]
fn the_blade_is_its_own_source() {
    let cat = catalog();
    let path = game::data::default_root().join("builds/blade.json");
    let build = game::run::load_build(&path).expect("blade build loads");
    let names = check_run(&cat, 3, Some(build));
    assert!(names.iter().any(|n| n == "Blade"), "{names:?}");
}

/// The GPU passes move the projectiles and send the hits back as events;
/// the credit is booked from those events on the CPU, so a GPU run's book
/// adds up the same way (skipped where no adapter, not even lavapipe, exists).
#[test]
fn a_gpu_run_books_its_damage_by_chip_too() {
    let Some(ctx) = engine::gpu::test_context() else {
        return;
    };
    let cat = catalog();
    let opts = RunOptions {
        seed: 7,
        waves: 2,
        backend: Backend::Gpu,
        build: None,
        policy: Policy::Competent,
        mode: Default::default(),
    };
    let run = play_recorded(cat.clone(), &opts, Some(&ctx), false).expect("the run plays");
    let s = run.summary();
    assert!(s.total_damage > 0.0);
    let sum: f64 = s.damage.sources.iter().map(|x| x.damage).sum();
    assert!(
        (sum - s.total_damage).abs() <= 1e-9 * s.total_damage,
        "{sum} vs {}",
        s.total_damage
    );
    assert!(
        s.damage.sources.iter().any(|x| x.name == "Spark Bolt"),
        "{:?}",
        s.damage.sources
    );
}

/// The turret build's signature (docs/balance.md#archetypes) counts what
/// turrets' shots dealt and the blasts their hits set off: a turret firing
/// static bolts into water-coated enemies books its conduction blasts as
/// its own, so its sub-total holds at least the turret sources of the damage
/// book (the direct hits) and the blasts on top, and never more than the run.
#[test]
fn turret_shots_and_the_blasts_they_set_off_are_the_turrets() {
    let cat = catalog();
    let build: game::run::Build = serde_json::from_value(serde_json::json!({
        "core": "starter_core",
        "deck": ["water_wave", "summon_turret", "double_cast", "static_bolt", "static_bolt"]
    }))
    .expect("the build parses");
    let opts = RunOptions {
        seed: 4,
        waves: 1,
        backend: Backend::Cpu,
        build: Some(build),
        policy: Policy::Starter,
        mode: Default::default(),
    };
    let run = play_recorded(cat.clone(), &opts, None, false).expect("the run plays");
    let by_kind = run.report().damage_by_source();
    let book = &run.summary().damage_book;
    let direct: f64 = book
        .by_source
        .iter()
        .filter(|(k, _)| k.is_turret())
        .map(|(_, v)| v)
        .sum();
    assert!(direct > 0.0, "the turret's shots hit: {book:?}");
    assert!(
        by_kind.turret > direct,
        "the conduction blasts of the turret's bolts are the turret's: {} vs {direct}",
        by_kind.turret
    );
    assert!(by_kind.turret <= by_kind.total() * (1.0 + 1e-9));
}

/// The fighter's signature (docs/balance.md#archetypes) is the blade's
/// sub-total: the blade's direct hits (the `melee` kind, the book's Blade
/// source) and the blasts they set off, never more than the run dealt.
#[test]
fn the_blades_hits_are_the_blades_sub_total() {
    let cat = catalog();
    let path = game::data::default_root().join("builds/blade.json");
    let build = game::run::load_build(&path).expect("blade build loads");
    let opts = RunOptions {
        seed: 3,
        waves: 2,
        backend: Backend::Cpu,
        build: Some(build),
        policy: Policy::Competent,
        mode: Default::default(),
    };
    let run = play_recorded(cat.clone(), &opts, None, false).expect("the run plays");
    let by_kind = run.report().damage_by_source();
    assert!(by_kind.melee > 0.0, "the blade hit: {by_kind:?}");
    assert!(by_kind.blade >= by_kind.melee, "{by_kind:?}");
    assert!(by_kind.blade <= by_kind.total() * (1.0 + 1e-9), "{by_kind:?}");
}
