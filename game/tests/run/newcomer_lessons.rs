//! The newcomer policy on the onboarding lessons (docs/game.md#lessons):
//! `--lesson N` starts run N as the title would (the lesson's deck, locked
//! content, the editor shut in run 1), and the newcomer holds wave 1 of
//! every lesson on a few seeds (the full 16-seed table is a sim batch,
//! docs/balance.md#lessons-and-the-newcomer).

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::{ModeOptions, Outcome, Policy, Run, RunOptions, play_logged};

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

fn lesson(n: u8, seed: u64, waves: u32) -> RunOptions {
    RunOptions {
        seed,
        waves,
        backend: Backend::Cpu,
        build: None,
        policy: Policy::Newcomer,
        mode: ModeOptions {
            lesson: Some(n),
            ..ModeOptions::default()
        },
    }
}

#[test]
fn a_lesson_starts_as_the_title_starts_it() {
    let cat = catalog();
    let opts = lesson(1, 3, 1);
    let setup = opts.mode.setup(&cat, 3, 1, None);
    assert_eq!(setup.onboarding, Some(1));
    assert!(setup.locked.iter().any(|l| l == "nuke"), "{:?}", setup.locked);
    let run = Run::new(cat.clone(), setup, Backend::Cpu, None).expect("run");
    assert_eq!(
        run.carry().loadout.active_deck_ids(),
        cat.run.world.starting_deck.clone()
    );
    // Run 5 is the first open run: the normal start, nothing taught.
    let five = lesson(5, 3, 1).mode.setup(&cat, 3, 1, None);
    assert_eq!(five.onboarding, None);
    assert!(!five.locked.is_empty());
}

#[test]
fn the_newcomer_holds_wave_one_of_every_lesson() {
    let cat = catalog();
    for n in 1..=5 {
        for seed in [1, 2] {
            let (run, log) = play_logged(cat.clone(), &lesson(n, seed, 1), None, false).expect("plays");
            assert_eq!(log.policy, Policy::Newcomer);
            assert_eq!(
                run.outcome(),
                Some(Outcome::Survived),
                "lesson {n} seed {seed}: {:?}",
                run.report().waves.last().and_then(|w| w.death_cause.clone())
            );
        }
    }
}

#[test]
fn the_policy_parses_by_name() {
    assert_eq!("newcomer".parse::<Policy>(), Ok(Policy::Newcomer));
    assert!("novice".parse::<Policy>().unwrap_err().contains("newcomer"));
}
