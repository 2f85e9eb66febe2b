//! The whole after-the-clear flow through the run and the scripted player
//! (the path `artificer sim --mode endless` takes): a run clears W20, goes
//! on into endless, meets a mutator at W30 and a boss rush at W40; its
//! replay (with its Endless command and NG+ / start-wave header lines)
//! plays back to the same state hash.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::{Mode, ModeOptions, Outcome, Policy, Replay, RunOptions, play_recorded, play_replay};

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

fn strong() -> game::run::Build {
    game::run::load_build(&game::data::default_root().join("builds/strong.json")).expect("strong build")
}

#[test]
fn a_scripted_run_clears_goes_endless_and_meets_a_mutator_at_w30_and_a_rush_at_w40() {
    let cat = catalog();
    // Seed 10 with the strong build and the competent player clears W20,
    // goes on and survives the W30 mutator into the W40 rush (checked with
    // `artificer sim --seeds 1..10 --mode endless --waves 40 --build
    // data/builds/strong.json --policy competent` once the Giant Explosion
    // joined the shop, docs/game.md#spell-chips: seeds 2, 3, 6, 8, 9 and 10
    // do; 1, 4 and 5 fall at W9, 7 at W6).
    let opts = RunOptions {
        seed: 10,
        waves: 40,
        backend: Backend::Cpu,
        build: Some(strong()),
        policy: Policy::Competent,
        mode: ModeOptions {
            mode: Mode::Endless,
            ..ModeOptions::default()
        },
    };
    let run = play_recorded(cat.clone(), &opts, None, true).expect("plays");
    let report = run.report();
    assert!(report.cleared, "W20 cleared");
    assert!(report.endless, "went on into endless");
    assert_eq!(report.wave_reached, 40, "{:?}", report.outcome);
    assert_eq!(report.outcome, Some(Outcome::Survived));
    let wave = |n: u32| report.waves.iter().find(|w| w.wave == n).expect("wave");
    assert_eq!(wave(20).mutator, None);
    assert!(wave(29).mutator.is_none(), "no mutator before W30");
    let m30 = wave(30).mutator.expect("a mutator at W30");
    assert_eq!(wave(39).mutator, Some(m30), "it holds for ten waves");
    assert_ne!(wave(40).mutator, Some(m30), "W40 replaces it");
    assert!(wave(40).boss_rush, "W40 is a boss rush");
    assert!((1..40).all(|n| !wave(n).boss_rush));
    // W45's difficulty would be 1.5; W40 is 1.4 and W21 1.0.
    assert!((wave(40).difficulty - 1.4).abs() < 1e-6);
    assert_eq!(wave(21).difficulty, 1.0);

    // The replay (its `endless` command inside) plays to the same hash.
    let text = run
        .recorder()
        .expect("recorded")
        .to_text(run.setup(), Backend::Cpu, 0);
    assert!(
        text.lines().any(|l| l == "endless"),
        "the Endless command is recorded"
    );
    let again = play_replay(cat.clone(), Replay::parse(&text).expect("parses"), None, None).expect("replays");
    assert_eq!(again.report().state_hash, report.state_hash);
    assert!(again.endless());

    // A cleared boss rush pays aether, even in endless (docs/game.md#boss-rush).
    assert_eq!(run.rushes_cleared(), u32::from(wave(40).boss_rush_cleared));
    let mut profile = game::profile::Profile::default();
    let end = game::profile::run_book::book_run(&mut profile, &cat, &run);
    assert_eq!(
        end.aether.rush,
        run.rushes_cleared() * game::run::modes::RUSH_AETHER
    );
    assert_eq!(end.aether.total(), end.aether.rush, "endless books nothing else");
    assert_eq!(profile.aether, end.aether.rush);
}

#[test]
fn ng_plus_boss_rush_and_start_wave_round_trip_through_the_replay_header() {
    let cat = catalog();
    let opts = RunOptions {
        seed: 9,
        waves: 26,
        backend: Backend::Cpu,
        build: Some(strong()),
        policy: Policy::Competent,
        mode: ModeOptions {
            mode: Mode::BossRush,
            ng_plus: 2,
            start_wave: Some(25),
            ..ModeOptions::default()
        },
    };
    let run = play_recorded(cat.clone(), &opts, None, true).expect("plays");
    let setup = run.setup().clone();
    assert_eq!(
        (setup.ng_plus, setup.start_wave, setup.boss_rush),
        (2, Some(25), true)
    );
    let report = run.report();
    assert_eq!(report.waves[0].wave, 25, "starts at W25");
    assert!(report.waves[0].boss_rush && report.waves[0].ng_plus == 2);
    let text = run
        .recorder()
        .expect("recorded")
        .to_text(run.setup(), Backend::Cpu, 0);
    let replay = Replay::parse(&text).expect("parses");
    assert_eq!(replay.header.setup, setup);
    let cleared = report.waves.iter().filter(|w| w.boss_rush_cleared).count() as u32;
    assert_eq!(run.rushes_cleared(), cleared);
    let mut profile = game::profile::Profile::default();
    let end = game::profile::run_book::book_run(&mut profile, &cat, &run);
    assert_eq!(end.aether.rush, cleared * game::run::modes::RUSH_AETHER);
    let again = play_replay(cat, replay, None, None).expect("replays");
    assert_eq!(again.report().state_hash, report.state_hash);
}
