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

/// After a sale the cards close up under the cursor, so the sell buttons
/// stay shut until the pointer leaves the spot (docs/screens.md#no-traps):
/// a second click where the first sold does not sell the next card.
#[test]
fn a_second_click_after_a_sale_sells_nothing() {
    let cat = catalog();
    let mut run = Run::new(cat, RunSetup::new(5, 20), Backend::Cpu, None).expect("run");
    run.preview_phase(Phase::Shop);
    let shop = run.shop().expect("a shop").clone();
    let ctx = egui::Context::default();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 720.0));
    let frame = |events: Vec<egui::Event>| {
        let input = egui::RawInput {
            screen_rect: Some(screen),
            events,
            ..Default::default()
        };
        let mut action = None;
        let mut out = ctx.run_pass(input, |ctx| {
            action = game::screens::shop::show(ctx, run.world(), run.carry(), &shop, None, None);
        });
        out.textures_delta.clear();
        (action, out)
    };
    // Find the first carried card's sell button by its words.
    let (_, out) = frame(Vec::new());
    let (_, out2) = frame(Vec::new());
    drop(out);
    let mut at = None;
    for c in &out2.shapes {
        if let egui::Shape::Text(t) = &c.shape
            && t.galley.text().contains("(sell ")
            && !t.galley.text().contains("sell for")
        {
            at = Some(t.visual_bounding_rect().center());
            break;
        }
    }
    let at = at.expect("a sell button");
    let button = |p: egui::Pos2, pressed: bool| {
        vec![
            egui::Event::PointerMoved(p),
            egui::Event::PointerButton {
                pos: p,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: Default::default(),
            },
        ]
    };
    // A click is a press in one frame and a release in the next.
    let (a1, _) = frame(button(at, true));
    let (a2, _) = frame(button(at, false));
    let first = a1.or(a2);
    assert!(
        matches!(first, Some(game::run::Command::SellCard(_))),
        "the first click sells: {first:?}"
    );
    let (b1, _) = frame(button(at, true));
    let (b2, _) = frame(button(at, false));
    assert_eq!(b1.or(b2), None, "the same spot sells nothing more");
    // Once the pointer has left, the buttons take clicks again.
    let _ = frame(vec![egui::Event::PointerMoved(at + egui::vec2(0.0, 60.0))]);
    let _ = frame(vec![egui::Event::PointerMoved(at)]);
    let (c1, _) = frame(button(at, true));
    let (c2, _) = frame(button(at, false));
    let third = c1.or(c2);
    assert!(
        matches!(third, Some(game::run::Command::SellCard(_))),
        "after leaving, a click sells again: {third:?}"
    );
}
