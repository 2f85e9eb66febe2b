//! Lock, reroll and try are commands (docs/screens.md#shop): they act on a
//! run, a recording keeps them, and its replay plays them back to the same
//! state; a locked offer reaches the next shop at its price.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::play_replay;
use game::run::replay::data_checksum;
use game::run::{Command, Phase, Recorder, Replay, Run, RunSetup, StepInput};
use game::shop::Shelf;

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

/// Walks as the scripted player does until the wave ends.
fn fight(run: &mut Run) {
    while run.phase() == Phase::Fight {
        let input = StepInput::new(game::run::script::steer(run.world()), None);
        run.apply(Command::Step(input)).expect("step");
    }
}

#[test]
fn lock_reroll_and_try_act_and_replay() {
    let cat = catalog();
    let build = game::run::load_build(&game::data::default_root().join("builds/strong.json")).expect("build");
    let setup = RunSetup {
        seed: 21,
        last_wave: 20,
        build: Some(build),
        start_wave: Some(2),
        ..RunSetup::default()
    };
    let mut run = Run::new(cat.clone(), setup.clone(), Backend::Cpu, None).expect("run");
    run.record(Recorder::default());
    assert_eq!(run.phase(), Phase::LevelUp, "the catch-up brings level-ups");
    // Reroll: its price rises with each use in the window.
    let gold = run.carry().wallet.gold();
    let first = run.levelup_reroll_cost();
    run.apply(Command::RerollLevelUp).expect("reroll");
    assert_eq!(run.carry().wallet.gold(), gold - first);
    assert!(run.levelup_reroll_cost() > first, "dearer the second time");
    while run.phase() == Phase::LevelUp {
        run.apply(Command::ChooseLevelUp(0)).expect("choose");
    }
    assert_eq!(run.phase(), Phase::Shop);
    // Lock an offer; a refresh keeps it. Try a chip: nothing is paid.
    let kept = run.shop().expect("shop").spells[1].clone();
    run.apply(Command::LockOffer {
        shelf: Shelf::Spells,
        index: 1,
    })
    .expect("lock");
    let before = run.carry().wallet.gold();
    run.apply(Command::TryOn(2)).expect("try");
    assert_eq!(run.carry().wallet.gold(), before, "trying is free");
    assert_eq!(
        run.trying(),
        Some(run.shop().expect("shop").spells[2].id.as_str())
    );
    run.apply(Command::Refresh).expect("refresh");
    let shelf = &run.shop().expect("shop").spells;
    assert!(shelf.iter().any(|o| o.id == kept.id && o.locked), "{shelf:?}");
    // Into the next shop, at its price.
    run.apply(Command::LeaveShop).expect("leave");
    run.apply(Command::StartWave).expect("start");
    fight(&mut run);
    assert_eq!(run.phase(), Phase::Settlement, "the strong build survives wave 2");
    run.apply(Command::Continue).expect("continue");
    while run.phase() == Phase::LevelUp {
        run.apply(Command::ChooseLevelUp(0)).expect("choose");
    }
    let next = &run.shop().expect("the next shop").spells[0];
    assert_eq!((&next.id, next.price, next.locked), (&kept.id, kept.price, true));
    // The recording replays to the same state, the three commands included.
    let data = data_checksum(&game::data::default_root()).expect("checksum");
    let text = run
        .recorder()
        .expect("recording")
        .to_text(&setup, Backend::Cpu, data);
    for line in ["reroll", "lock spells 1", "try 2"] {
        assert!(text.lines().any(|l| l == line), "`{line}` is recorded");
    }
    let again = play_replay(cat, Replay::parse(&text).expect("parses"), None, None).expect("replays");
    assert_eq!(again.state_hash(), run.state_hash());
    assert_eq!(
        again.shop().expect("shop").spells,
        run.shop().expect("shop").spells
    );
}
