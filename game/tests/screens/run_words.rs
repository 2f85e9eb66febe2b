//! The run-management words (docs/screens.md#run-management): the death
//! screen names the killer and the damage taken by source over the last
//! five seconds; an abandoned run goes to its summary and says so; the
//! title's Continue says which wave of how many, and the seed.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::{Command, Outcome, Phase, Run, RunSetup, StepInput};
use glam::Vec2;

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

#[test]
fn the_death_screen_names_the_killer_and_the_last_five_seconds() {
    let cat = catalog();
    // A lesson run that stands still in wave 1 dies to the grunts.
    let setup = RunSetup {
        onboarding: Some(1),
        ..RunSetup::new(2, 20)
    };
    let mut run = Run::new(cat, setup, Backend::Cpu, None).expect("run");
    run.apply(Command::StartWave).expect("wave 1");
    while run.phase() == Phase::Fight {
        run.apply(Command::Step(StepInput::new(Vec2::ZERO, None)))
            .expect("step");
    }
    assert_eq!(run.outcome(), Some(Outcome::Died), "standing still dies");
    let lines = game::screens::summary::death_lines(run.world());
    assert!(lines[0].starts_with("Killed by "), "{lines:?}");
    let cause = run.world().stats.death_cause.clone().expect("a cause");
    assert!(lines[0].contains(&cause), "{lines:?} names {cause}");
    assert!(
        lines
            .get(1)
            .is_some_and(|l| l.starts_with("Damage taken in the last 5 s: ") && l.contains(&cause)),
        "{lines:?}"
    );
}

#[test]
fn an_abandoned_run_goes_to_its_summary() {
    let cat = catalog();
    let mut run = Run::new(cat, RunSetup::new(3, 20), Backend::Cpu, None).expect("run");
    run.apply(Command::StartWave).expect("wave 1");
    for _ in 0..900 {
        run.apply(Command::Step(StepInput::new(Vec2::ZERO, None)))
            .expect("step");
    }
    let dealt = run.world().stats.damage_dealt;
    assert!(dealt > 0.0, "the core fired in 15 s");
    run.abandon();
    assert_eq!(run.summary().total_damage, dealt, "the wave in progress counts");
    assert_eq!(run.phase(), Phase::Summary);
    assert_eq!(run.outcome(), Some(Outcome::Died));
    assert_eq!(run.summary().highest_wave, 1);
    assert!(game::screens::summary::death_lines(run.world()).is_empty());
    assert_eq!(
        game::screens::summary::abandoned_line(1),
        "You abandoned the run in wave 1."
    );
}

#[test]
fn continue_says_which_wave_of_how_many() {
    assert_eq!(
        game::app::session::saved_run_line(6, 20, 1796316493),
        "Wave 6 of 20 · seed 1796316493"
    );
}

/// The lab's preview of a trigger lists what the trigger casts when it
/// fires (docs/screens.md#offers), under the carrier's own line.
#[test]
fn the_lab_preview_lists_a_triggers_payload() {
    let cat = catalog();
    let build = game::run::Build {
        core: "starter_core".into(),
        deck: vec!["trigger_hit".into(), "spark_bolt".into()],
        entries: Default::default(),
        equipment: Default::default(),
        items: Vec::new(),
    };
    let setup = RunSetup {
        build: Some(build),
        ..RunSetup::new(1, 20)
    };
    let run = Run::new(cat, setup, Backend::Cpu, None).expect("run");
    let p = game::screens::lab::preview(run.world(), run.carry()).expect("the deck fires");
    let at = p
        .fired
        .iter()
        .position(|l| l.contains("on hit, casts:"))
        .unwrap_or_else(|| panic!("{:#?}", p.fired));
    assert!(
        p.fired
            .get(at + 1)
            .is_some_and(|l| l.trim_start().starts_with("Spark Bolt")),
        "{:#?}",
        p.fired
    );
}

/// An offer says what it changes on the build now, and why where it
/// changes nothing (docs/screens.md#offers): max mana above what the core
/// holds reads "+0 now"; max HP reads before and after.
#[test]
fn offers_say_what_they_change_now() {
    use game::stats::{StatId, StatModifier};
    let cat = catalog();
    let run = Run::new(cat, RunSetup::new(1, 20), Backend::Cpu, None).expect("run");
    let (w, c) = (run.world(), run.carry());
    let core = game::screens::build_now::core_mana(w, c).expect("the starter core");
    assert!(
        w.player.stat(StatId::ManaMax) >= core,
        "the player's ceiling is not the limit"
    );
    let mana = StatModifier {
        stat: StatId::ManaMax,
        add: 50.0,
        mul: 1.0,
    };
    assert_eq!(
        game::screens::build_now::stat_changes(w, c, &[mana]),
        vec![format!("+0 now: your core holds {core:.0}")]
    );
    let hp = StatModifier {
        stat: StatId::HpMax,
        add: 20.0,
        mul: 1.0,
    };
    let before = w.player.stat(StatId::HpMax);
    assert_eq!(
        game::screens::build_now::stat_changes(w, c, &[hp]),
        vec![format!("Max HP {before:.0} -> {:.0}", before + 20.0)]
    );
}
