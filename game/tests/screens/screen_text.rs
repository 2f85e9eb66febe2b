//! No data id on the screens a player shops and builds on: the shop (with
//! its carried cores and cards), the lab and the summary are drawn
//! headless with a seeded run, and every word of their text is checked
//! against the ids of the chips, cores and stat offers.

use std::collections::BTreeSet;
use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::{Phase, Run, RunSetup};

fn ids(cat: &Catalog) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    ids.extend((0..cat.spells.len()).map(|i| cat.spells.get(game::vm::SpellIdx(i as u32)).id.clone()));
    ids.extend(cat.cores.iter().map(|c| c.id.clone()));
    ids.extend(cat.run.shop.stat_offers.iter().map(|o| o.id.clone()));
    ids
}

/// Every piece of text in a frame's shapes.
fn texts(out: &egui::FullOutput) -> Vec<String> {
    fn walk(shape: &egui::Shape, out: &mut Vec<String>) {
        match shape {
            egui::Shape::Text(t) => out.push(t.galley.text().to_string()),
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut all = Vec::new();
    for c in &out.shapes {
        walk(&c.shape, &mut all);
    }
    all
}

/// Draws `ui` for a few frames (egui lays out on the second) and returns its text.
fn frame_text(mut ui: impl FnMut(&egui::Context)) -> Vec<String> {
    let ctx = egui::Context::default();
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 900.0),
        )),
        ..Default::default()
    };
    let mut text = Vec::new();
    for _ in 0..3 {
        let mut out = ctx.run_pass(input(), &mut ui);
        // No renderer here: the font atlas updates are dropped on purpose.
        out.textures_delta.clear();
        text = texts(&out);
    }
    text
}

fn leaks(texts: &[String], ids: &BTreeSet<String>) -> Vec<String> {
    let mut found = Vec::new();
    for t in texts {
        for word in t.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            if ids.contains(word) {
                found.push(format!("{word:?} in {t:?}"));
            }
        }
    }
    found
}

#[test]
fn the_shop_lab_and_summary_show_names_not_ids() {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    let ids = ids(&cat);
    let mut run = Run::new(cat.clone(), RunSetup::new(5, 20), Backend::Cpu, None).expect("run");
    run.preview_phase(Phase::Shop);
    let shop = run.shop().expect("a shop").clone();
    let shop_text = frame_text(|ctx| {
        let _ = game::screens::shop::show(ctx, run.world(), run.carry(), &shop, None, None);
    });
    assert!(
        shop_text.iter().any(|t| t.contains("Apprentice Core")),
        "the carried core by name"
    );
    assert!(
        shop_text.iter().any(|t| t.contains("Spark Bolt")),
        "the carried chips by name"
    );
    let mut lab = game::screens::lab::LabState::default();
    let lab_text = frame_text(|ctx| {
        let _ = game::screens::lab::show(ctx, run.world(), run.carry(), &mut lab);
    });
    run.preview_phase(Phase::Summary);
    let summary = run.summary().clone();
    let summary_text = frame_text(|ctx| {
        let _ = game::screens::summary::show(ctx, &cat, &summary, None, false, false, &[]);
    });
    let mut found = leaks(&shop_text, &ids);
    found.extend(leaks(&lab_text, &ids));
    found.extend(leaks(&summary_text, &ids));
    assert!(found.is_empty(), "ids on screen: {found:#?}");
}

/// Internal field names of the data a tooltip might leak ("infinite_spells:
/// out of mana ..."): the core and chip fields a player reads as words.
const FIELDS: &[&str] = &[
    "infinite_spells",
    "heavy_cost",
    "hp_cost",
    "mana_max",
    "mana_regen",
    "cast_delay",
    "spells_per_cast",
    "always_cast",
    "starter_deck",
    "add_damage",
    "damage_mult",
    "speed_mult",
    "explosion_radius",
    "status_chance",
    "lifetime_mult",
    "add_pierce",
];

/// Every data id a player could meet: chips, cores, stat offers, item
/// bases, artifacts, affixes and enemies; and the kinds a word scan can
/// tell from prose (they hold an underscore: a stat key like `luck` is
/// also an English word): stat keys, enchantment and enhancement ids,
/// material ids and internal field names.
fn all_ids(cat: &Catalog) -> BTreeSet<String> {
    let mut ids = ids(cat);
    ids.extend(cat.loot.bases.bases.iter().map(|b| b.id.clone()));
    ids.extend(cat.loot.artifacts.artifacts.iter().map(|a| a.id.clone()));
    ids.extend(cat.loot.affixes.affixes.iter().map(|a| a.id.clone()));
    ids.extend(cat.enemies.defs.iter().map(|e| e.id.clone()));
    let mut keyed: Vec<String> = game::stats::StatId::ALL
        .iter()
        .map(|s| s.id().to_string())
        .collect();
    keyed.extend(cat.loot.enchantments.enchantments.iter().map(|d| d.id.clone()));
    keyed.extend(cat.loot.enhancements.enhancements.iter().map(|d| d.id.clone()));
    keyed.extend(
        game::loot::materials::Material::ALL
            .iter()
            .map(|m| m.id().to_string()),
    );
    keyed.extend(FIELDS.iter().map(|f| f.to_string()));
    ids.extend(keyed.into_iter().filter(|k| k.contains('_')));
    ids
}

/// Every tooltip a chip, core or stat offer shows (shop and lab), every
/// item modifier line, and the level-up cards' names read as words.
#[test]
fn tooltips_and_modifier_lines_show_words_not_ids() {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    let ids = all_ids(&cat);
    let mut texts = Vec::new();
    for i in 0..cat.spells.len() {
        let id = &cat.spells.get(game::vm::SpellIdx(i as u32)).id;
        texts.push(game::screens::names::spell_tip(&cat, id, Some(10)));
    }
    for c in cat.cores.iter() {
        texts.push(game::screens::names::core_tip(&cat, &c.id, Some(10)));
    }
    for o in &cat.run.shop.stat_offers {
        texts.push(game::screens::names::stat_offer_tip(&cat, &o.id));
        texts.extend(o.modifiers.iter().map(game::loot::item::modifier_line));
    }
    for u in &cat.run.economy.levelups.upgrades {
        texts.push(u.name.clone());
        texts.extend(u.modifiers.iter().map(game::loot::item::modifier_line));
    }
    // Tooltips are prose: an id that is one English word ("nuke",
    // "penetration") reads as that word there, so only ids no prose holds
    // (with an underscore) count.
    let ids: BTreeSet<String> = ids.into_iter().filter(|i| i.contains('_')).collect();
    let found = leaks(&texts, &ids);
    assert!(found.is_empty(), "ids in tooltips: {found:#?}");
    // The cases, read as a player reads them.
    let pickup = game::stats::StatModifier {
        stat: game::stats::StatId::PickupRadius,
        add: 30.0,
        mul: 1.0,
    };
    assert_eq!(pickup.words(), "+30 pickup radius");
    let damage = game::stats::StatModifier {
        stat: game::stats::StatId::DamageMult,
        add: 0.0,
        mul: 1.15,
    };
    assert_eq!(damage.words(), "+15 % damage");
}

/// The rest of the screens: the title, the armoury with loot in it, a
/// fight's HUD, the test range, the settlement, the level-up choice and the
/// pause menu. Together with the test above, every screen of a run.
#[test]
#[expect(clippy::too_many_lines, reason = "a test scenario read top to bottom")]
fn every_other_screen_shows_names_not_ids() {
    use glam::Vec2;
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    let ids = all_ids(&cat);
    let mut found = Vec::new();
    let mut check = |screen: &str, text: Vec<String>| {
        assert!(!text.is_empty(), "{screen} draws text");
        found.extend(leaks(&text, &ids).into_iter().map(|l| format!("{screen}: {l}")));
    };

    let title = game::screens::title::TitleInfo {
        saved_run: Some("Wave 8 of 20 · seed 12".into()),
        practice: vec![5, 10],
        ..Default::default()
    };
    check(
        "title",
        frame_text(|ctx| {
            let _ = game::screens::title::show(ctx, &title, None);
        }),
    );

    let mut run = Run::new(cat.clone(), RunSetup::new(5, 20), Backend::Cpu, None).expect("run");
    let (world, carry) = run.parts_mut();
    game::app::armoury::seed_preview_loot(world, carry, 6);
    run.preview_phase(Phase::Armoury);
    let mut armoury = game::app::armoury::Armoury::default();
    check(
        "armoury",
        frame_text(|ctx| {
            let _ = armoury.show(ctx, &run);
        }),
    );

    let mut fight = Run::new(cat.clone(), RunSetup::new(5, 20), Backend::Cpu, None).expect("run");
    fight.apply(game::run::Command::StartWave).expect("wave 1");
    for _ in 0..900 {
        // W1's crowd (docs/balance.md#density) can bring a player who never
        // moves down; this test reads the HUD's text, so the player is healed.
        fight.world_mut().player.hp = 100.0;
        fight
            .apply(game::run::Command::Step(game::run::StepInput::new(
                Vec2::ZERO,
                None,
            )))
            .expect("step");
    }
    check(
        "hud",
        frame_text(|ctx| game::screens::hud::show(ctx, fight.world(), fight.carry(), &mut Vec::new())),
    );
    hud_flat_parts_frame_its_text(fight.world(), fight.carry());
    check(
        "pause",
        frame_text(|ctx| {
            let _ = game::screens::pause::show(ctx, &game::run::RunSetup::new(1_796_316_493, 20), true);
        }),
    );

    let mut range = game::app::test_range::TestRange::new(&cat, run.world(), run.carry(), Backend::Cpu, None)
        .expect("range");
    for _ in 0..120 {
        range.tend();
        range.advance(
            1.0 / 60.0,
            game::world::PlayerInput::default(),
            true,
            &mut |_, _| {},
        );
    }
    check(
        "range",
        frame_text(|ctx| {
            let _ = game::screens::range::show(ctx, &range.world, range.dps(), range.time_scale);
        }),
    );

    // Play wave 1 out for its settlement and a level-up. A player standing
    // still falls to wave 1's swarm mites; this test reads the screens after
    // the wave, so the player is healed each step.
    while fight.phase() == Phase::Fight {
        let full = fight.world().player.hp_max();
        fight.world_mut().player.hp = full;
        fight
            .apply(game::run::Command::Step(game::run::StepInput::new(
                Vec2::ZERO,
                None,
            )))
            .expect("step");
    }
    if let Some(stats) = fight.last_wave().cloned() {
        let gold = fight.carry().wallet.gold();
        check(
            "settlement",
            frame_text(|ctx| {
                let _ = game::screens::settlement::show(ctx, &stats, gold, false, 1);
            }),
        );
    }
    if fight.phase() == Phase::Settlement {
        fight.apply(game::run::Command::Continue).expect("continue");
    }
    let table = &cat.run.economy.levelups;
    let offer = fight.offer().to_vec();
    assert!(!offer.is_empty(), "wave 1 gives a level-up: {:?}", fight.phase());
    check(
        "level-up",
        frame_text(|ctx| {
            let _ = game::screens::levelup::show(
                ctx,
                table,
                &offer,
                1,
                (fight.world(), fight.carry()),
                (fight.levelup_reroll_cost(), 0),
            );
        }),
    );
    let level_text = frame_text(|ctx| {
        let _ = game::screens::levelup::show(
            ctx,
            table,
            &offer,
            1,
            (fight.world(), fight.carry()),
            (fight.levelup_reroll_cost(), 0),
        );
    });
    // One number per change: the card's own, and the build's before and
    // after (never a stat key, never "+108 %" under "×1.08").
    assert!(
        level_text.iter().any(|t| t.starts_with("Now: ")),
        "{level_text:?}"
    );
    assert!(
        !level_text
            .iter()
            .any(|t| t.contains("+108") || t.contains("Mult")),
        "{level_text:?}"
    );
    assert!(found.is_empty(), "ids on screen: {found:#?}");
}

/// The HUD's backing and bars are screen-layer shapes, not egui fills: the
/// backing first (under everything) and wide enough for the whole strip,
/// then a background and a fill per bar (HP, mana, level), each fill no
/// longer than its background; the bars' numbers are still egui text.
fn hud_flat_parts_frame_its_text(world: &game::world::World, carry: &game::world::Carry) {
    let mut shapes = Vec::new();
    let text = frame_text(|ctx| {
        shapes.clear();
        game::screens::hud::show(ctx, world, carry, &mut shapes);
    });
    let hp = world.player.hp_max();
    assert!(
        text.iter().any(|t| t.contains(&format!("/ {hp:.0}"))),
        "the HP bar's numbers are text: {text:?}"
    );
    let backing = shapes.first().expect("a backing");
    assert_eq!(backing.kind, engine::render::ShapeKind::Square as u32);
    assert!(backing.size[0] > 400.0 && backing.pos[1] < 40.0, "{backing:?}");
    let bars = &shapes[1..];
    assert_eq!(bars.len(), 6, "HP, mana and level: background and fill each");
    for pair in bars.chunks(2) {
        let (bg, fill) = (&pair[0], &pair[1]);
        assert_eq!(bg.kind, engine::render::ShapeKind::Line as u32);
        assert!(fill.size[0] <= bg.size[0] + 1e-3, "{fill:?} within {bg:?}");
        let (left_bg, left_fill) = (bg.pos[0] - bg.size[0], fill.pos[0] - fill.size[0]);
        assert!(
            (left_bg - left_fill).abs() < 0.01,
            "a fill starts where its bar does"
        );
        let inside =
            |y: f32| (backing.pos[1] - backing.size[1]..=backing.pos[1] + backing.size[1]).contains(&y);
        assert!(inside(bg.pos[1]), "{bg:?} on the backing {backing:?}");
    }
}

#[test]
fn the_history_and_a_played_summary_show_names_not_ids() {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    let ids = ids(&cat);
    let opts = game::run::RunOptions {
        seed: 918_273,
        waves: 3,
        backend: Backend::Cpu,
        build: None,
        policy: game::run::script::Policy::Competent,
        mode: Default::default(),
    };
    let run = game::run::play_recorded(cat.clone(), &opts, None, false).expect("run");
    let mut history = game::profile::History::default();
    history.push(game::profile::history::record_of(&run, 1_764_806_400, 1));
    let records = game::profile::Records::default();
    let list = frame_text(|ctx| {
        game::screens::records::select_history(ctx);
        let _ = game::screens::records::show(ctx, &records, &history);
    });
    let details = frame_text(|ctx| {
        game::screens::records::select_history(ctx);
        game::screens::history::open_run(ctx, Some(0));
        let _ = game::screens::records::show(ctx, &records, &history);
    });
    let summary = run.summary().clone();
    let summary_text = frame_text(|ctx| {
        let _ = game::screens::summary::show(ctx, &cat, &summary, None, false, false, &[]);
    });
    assert!(
        details.iter().any(|t| t.contains("Spark Bolt")),
        "the chart names the chip: {details:?}"
    );
    assert!(
        summary_text.iter().any(|t| t.contains("Spark Bolt")),
        "top chips on the summary"
    );
    assert!(
        summary_text.iter().any(|t| t.contains(&opts.seed.to_string())),
        "the seed"
    );
    let mut found = leaks(&list, &ids);
    found.extend(leaks(&details, &ids));
    found.extend(leaks(&summary_text, &ids));
    assert!(found.is_empty(), "ids on screen: {found:#?}");
}
