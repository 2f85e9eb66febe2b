//! `artificer sim` runs: a 3-wave run finishes with kills and gold, and the same
//! seed on the same backend gives the same report apart from timings — on the
//! CPU twin and on the GPU passes (lavapipe in CI).

use std::sync::Arc;

use engine::gpu::{Backend, GpuContext};
use game::catalog::Catalog;
use game::run::{RunOptions, RunReport, play};

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

/// The report as JSON with the timing fields removed.
fn without_timings(r: &RunReport) -> serde_json::Value {
    let mut v = serde_json::to_value(r).expect("serialises");
    for w in v["waves"].as_array_mut().expect("waves") {
        let o = w.as_object_mut().expect("object");
        o.remove("step_ms_mean");
        o.remove("step_ms_p95");
    }
    v
}

fn run(cat: &Arc<Catalog>, seed: u64, waves: u32, backend: Backend, ctx: Option<&GpuContext>) -> RunReport {
    let opts = RunOptions {
        seed,
        waves,
        backend,
        build: None,
        policy: Default::default(),
        mode: Default::default(),
    };
    play(cat.clone(), &opts, ctx).expect("the run plays")
}

fn check_three_waves(r: &RunReport) {
    assert!(!r.waves.is_empty());
    let kills: u32 = r.waves.iter().map(|w| w.kills).sum();
    let gold_picked: u64 = r.waves.iter().map(|w| w.gold_picked).sum();
    assert!(kills > 0, "no kills: {r:?}");
    assert!(gold_picked > 0, "no gold: {r:?}");
    assert!(r.waves[0].gold > 0);
    assert!(r.waves.iter().all(|w| w.damage_dealt > 0.0));
    if r.outcome != Some(game::run::Outcome::Died) {
        assert_eq!(r.wave_reached, 3);
        assert_eq!(r.waves.len(), 3);
        // A wave runs its minute, or ends early once it stood finished for
        // its beat, nothing alive (docs/game.md#wave-end).
        for w in &r.waves {
            let full = (w.duration_s - 60.0).abs() < 0.05;
            assert!(full || (w.duration_s < 60.0 && w.empty_s >= 1.5), "{w:?}");
        }
    }
}

/// Seed 1 started at W8 (the Brood Mother's wave) and ending with it.
fn wave_8(build: Option<game::run::Build>, policy: game::run::Policy) -> RunOptions {
    RunOptions {
        seed: 1,
        waves: 8,
        backend: Backend::Cpu,
        build,
        policy,
        mode: game::run::ModeOptions {
            start_wave: Some(8),
            ..Default::default()
        },
    }
}

/// A boss wave ends a beat after its boss dies: the conduction build
/// kills the Brood Mother in W8 within seconds, and the wave no longer
/// leaves the player the rest of its minute on an empty screen.
#[test]
fn a_boss_wave_ends_a_beat_after_its_boss_dies() {
    let cat = catalog();
    let build = game::run::load_build(&game::data::default_root().join("builds/strong.json")).expect("build");
    let opts = wave_8(Some(build), game::run::Policy::Competent);
    let r = play(cat, &opts, None).expect("the run plays");
    let w8 = r.waves.last().expect("W8");
    assert_eq!((w8.wave, w8.boss_kills), (8, 1), "{w8:?}");
    // The boss comes in at 5 s; the wave ends within the clear beat of its fall.
    let ttk = w8.boss_ttk_s.expect("the boss fell");
    assert!(
        w8.duration_s < 5.0 + ttk + 3.0,
        "the wave ends with its boss: {w8:?}"
    );
    assert!(w8.empty_s < 3.0, "no long empty screen: {w8:?}");
    assert_eq!(w8.boss_hp_left, Some(0.0), "a boss that fell keeps nothing");
}

/// A boss that outlives the run says how much of it stood: the start's
/// deck meets the Brood Mother in W8 and does not bring her down, and the
/// wave's report and the run's summary give the share of her HP left.
#[test]
fn a_boss_that_outlives_the_run_reports_the_hp_it_kept() {
    let cat = catalog();
    let opts = wave_8(None, game::run::Policy::Starter);
    let run = game::run::play_recorded(cat, &opts, None, false).expect("the run plays");
    let (r, summary) = (run.report(), run.summary());
    let w8 = r.waves.last().expect("W8");
    assert_eq!((w8.wave, w8.boss_kills), (8, 0), "{w8:?}");
    let left = w8.boss_hp_left.expect("the boss came");
    assert!(left > 0.0 && left <= 1.0, "{w8:?}");
    let (who, kept) = summary.boss_standing.clone().expect("the boss stands");
    assert_eq!(who, "Brood Mother");
    assert_eq!((f64::from(kept) * 1000.0).round() / 1000.0, left);
    let w1 = self::run(&catalog(), 1, 1, Backend::Cpu, None);
    assert_eq!(w1.waves[0].boss_hp_left, None, "no boss came in W1");
}

#[test]
fn three_waves_on_the_cpu_twice_identical() {
    let cat = catalog();
    let a = run(&cat, 7, 3, Backend::Cpu, None);
    let b = run(&cat, 7, 3, Backend::Cpu, None);
    check_three_waves(&a);
    assert_eq!(a.backend, "cpu");
    assert_eq!(without_timings(&a), without_timings(&b));
    let other = run(&cat, 8, 3, Backend::Cpu, None);
    assert_ne!(
        without_timings(&a),
        without_timings(&other),
        "the seed changes the run"
    );
}

#[test]
fn three_waves_on_the_gpu_twice_identical() {
    let Some(ctx) = engine::gpu::test_context() else {
        return;
    };
    let cat = catalog();
    let a = run(&cat, 7, 3, Backend::Gpu, Some(&ctx));
    let b = run(&cat, 7, 3, Backend::Gpu, Some(&ctx));
    check_three_waves(&a);
    assert_eq!(a.backend, "gpu");
    assert_eq!(without_timings(&a), without_timings(&b));
}

#[test]
fn the_json_has_the_issue_keys() {
    let cat = catalog();
    let r = run(&cat, 3, 1, Backend::Cpu, None);
    let v = serde_json::to_value(&r).expect("serialises");
    for k in ["seed", "backend", "wave_reached", "outcome", "waves"] {
        assert!(v.get(k).is_some(), "missing {k}");
    }
    let w = &v["waves"][0];
    for k in [
        "wave",
        "duration_s",
        "empty_s",
        "kills",
        "damage_dealt",
        "damage_taken",
        "gold",
        "level",
        "peak_enemies",
        "peak_projectiles",
        "dropped_spawns",
        "step_ms_mean",
        "step_ms_p95",
        "items_dropped",
        "materials_dropped",
    ] {
        assert!(w.get(k).is_some(), "missing waves[0].{k}");
    }
    assert!(matches!(v["outcome"].as_str(), Some("died" | "won" | "survived")));
}

#[test]
fn a_build_file_sets_core_and_deck() {
    let cat = catalog();
    let build: game::run::Build = serde_json::from_str(
        r#"{"core": "starter_core", "deck": ["damage_plus", "spark_bolt", "energy_orb"], "items": []}"#,
    )
    .expect("build parses");
    let opts = RunOptions {
        seed: 2,
        waves: 1,
        backend: Backend::Cpu,
        build: Some(build),
        policy: Default::default(),
        mode: Default::default(),
    };
    let r = play(cat.clone(), &opts, None).expect("plays");
    assert!(r.waves[0].kills > 0);
    let bad: game::run::Build = serde_json::from_str(r#"{"core": "nope", "deck": []}"#).expect("parses");
    let opts = RunOptions {
        build: Some(bad),
        ..opts
    };
    let err = play(cat, &opts, None).expect_err("unknown core");
    assert!(err.to_string().contains("nope"), "{err}");
}

#[test]
fn a_build_file_fills_entries_and_wears_equipment() {
    let cat = catalog();
    let build: game::run::Build = serde_json::from_str(
        r#"{"core": "sentinel_core", "deck": ["spark_bolt", "spark_bolt"],
            "entries": {"on_hit": ["shotgun_blast"]},
            "equipment": {"hands": "saber", "armour": "leather_suit"}}"#,
    )
    .expect("build parses");
    let (mut w, mut carry) = game::world::World::new_run(cat.clone(), 3, Backend::Cpu, None).expect("world");
    game::run::apply_build(&mut w, &mut carry, &build).expect("applies");
    let core = carry.loadout.active();
    assert_eq!(core.entries.len(), 1, "the sentinel has one entry");
    assert_eq!(core.entries[0].cards.len(), 1);
    assert!(carry.equipment.slot(game::loot::item::Slot::Hands).is_some());
    assert!(carry.equipment.slot(game::loot::item::Slot::Armour).is_some());
    w.begin_wave(&mut carry, 1)
        .expect("the entry deck slots into the VM");
    // A base in the wrong slot and an entry the core lacks are refused by name.
    let wrong: game::run::Build = serde_json::from_str(
        r#"{"core": "starter_core", "deck": ["spark_bolt"], "equipment": {"armour": "saber"}}"#,
    )
    .expect("parses");
    let (mut w2, mut w2_carry) =
        game::world::World::new_run(cat.clone(), 3, Backend::Cpu, None).expect("world");
    let e = game::run::apply_build(&mut w2, &mut w2_carry, &wrong)
        .expect_err("saber is not armour")
        .to_string();
    assert!(e.contains("saber"), "{e}");
    let no_entry: game::run::Build = serde_json::from_str(
        r#"{"core": "starter_core", "deck": ["spark_bolt"], "entries": {"on_kill": ["spark_bolt"]}}"#,
    )
    .expect("parses");
    let (mut w3, mut w3_carry) = game::world::World::new_run(cat, 3, Backend::Cpu, None).expect("world");
    assert!(game::run::apply_build(&mut w3, &mut w3_carry, &no_entry).is_err());
}
