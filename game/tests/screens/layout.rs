//! Every screen fits (docs/screens.md#every-screen-fits): each screen is laid
//! out by egui's real layout pass, headless, at 1280×720, 1280×800,
//! 1920×1080 and 2560×1440, at interface sizes 80 % to 150 % (egui's zoom:
//! the window shows size / zoom points). A screen fails, naming the widget
//! (its text) and the screen, when
//! * an interactive widget lies outside the window, or
//! * a text's visible part lies outside the window, or
//! * a text is cut sideways by a panel's edge inside the window (a shelf
//!   running under the stat sheet: nothing scrolls sideways), or
//! * a text is cut where its clip meets the window's edge (content wider or
//!   taller than the window that does not scroll), or
//! * a panel, window or area is drawn over another panel's interactive
//!   widget (`covered`: the stat sheet over a button).
//!
//! Text cut by a clip inside the window is a scroll area's viewport: it
//! scrolls, so it passes.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::{Build, Command, Phase, Run, RunSetup, StepInput};
use glam::Vec2;

const SIZES: [(f32, f32); 4] = [
    (1280.0, 720.0),
    (1280.0, 800.0),
    (1920.0, 1080.0),
    (2560.0, 1440.0),
];
const SCALES: [f32; 6] = [0.8, 0.9, 1.0, 1.1, 1.25, 1.5];
/// Points a text may stray (rounding, a glyph's overhang).
const SLACK: f32 = 1.5;

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

/// A styled egui context at interface `scale`, and the screen it lays out on
/// for a `w` × `h` window.
fn sized_context(w: f32, h: f32, scale: f32) -> (egui::Context, egui::Rect) {
    let ctx = egui::Context::default();
    game::app::style_egui(&ctx);
    ctx.set_zoom_factor(scale);
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w / scale, h / scale));
    (ctx, screen)
}

/// Lays `ui` out at every size and scale; returns every problem found.
fn check(screen: &str, mut ui: impl FnMut(&egui::Context)) -> Vec<String> {
    let mut found = Vec::new();
    for (w, h) in SIZES {
        for scale in SCALES {
            let (ctx, screen_rect) = sized_context(w, h, scale);
            let (out, texts) = crate::covered::run_passes(&ctx, screen_rect, 4, &mut ui);
            let at = format!("{screen} at {w}×{h}, {:.0} %", scale * 100.0);
            problems(&ctx, &out, screen_rect, &at, &mut found);
            crate::covered::covered(&ctx, &texts, &at, &mut found);
        }
    }
    found
}

fn problems(ctx: &egui::Context, out: &egui::FullOutput, s: egui::Rect, at: &str, found: &mut Vec<String>) {
    let inside = s.expand(SLACK);
    for r in ctx.interactive_rects_last_pass() {
        if r.is_positive() && !inside.contains_rect(r) {
            found.push(format!(
                "{at}: an interactive widget at {r:?} lies outside the window"
            ));
        }
    }
    fn walk(shape: &egui::Shape, clip: egui::Rect, out: &mut Vec<(String, egui::Rect, egui::Rect)>) {
        match shape {
            egui::Shape::Text(t) => out.push((t.galley.text().to_string(), t.visual_bounding_rect(), clip)),
            egui::Shape::Vec(v) => v.iter().for_each(|x| walk(x, clip, out)),
            _ => {}
        }
    }
    let mut texts = Vec::new();
    for c in &out.shapes {
        walk(&c.shape, c.clip_rect, &mut texts);
    }
    for (text, r, clip) in texts {
        if text.trim().is_empty() || !r.is_positive() {
            continue;
        }
        let name: String = text.chars().take(60).collect();
        let visible = r.intersect(clip);
        if visible.is_positive() && !inside.contains_rect(visible) {
            found.push(format!("{at}: {name:?} lies outside the window ({r:?})"));
            continue;
        }
        if r.min.x > s.max.x + SLACK {
            // Off to the right, even in a scroll area: sideways scrolling
            // hides a board's last slots from a newcomer.
            found.push(format!("{at}: {name:?} lies off the right edge ({r:?})"));
            continue;
        }
        let cut_at_edge = (r.max.x > clip.max.x + SLACK && clip.max.x >= s.max.x - SLACK)
            || (r.max.y > clip.max.y + SLACK && clip.max.y >= s.max.y - SLACK)
            || (r.min.x < clip.min.x - SLACK && clip.min.x <= s.min.x + SLACK)
            || (r.min.y < clip.min.y - SLACK && clip.min.y <= s.min.y + SLACK);
        if cut_at_edge {
            found.push(format!(
                "{at}: {name:?} is cut at the window's edge and does not scroll ({r:?})"
            ));
        }
        // Cut sideways by a panel's edge inside the window (a shelf running
        // under the stat sheet): nothing scrolls sideways, so the rest is
        // covered for good.
        if !cut_at_edge
            && visible.is_positive()
            && r.max.x > clip.max.x + SLACK
            && clip.max.x < s.max.x - SLACK
        {
            found.push(format!(
                "{at}: {name:?} is cut by a panel's edge at x {:.0} ({r:?})",
                clip.max.x
            ));
        }
    }
}

/// A run in the shop before wave 5 with loot in the stash.
fn shop_run(cat: &Arc<Catalog>) -> Run {
    let mut run = Run::new(cat.clone(), RunSetup::new(5, 20), Backend::Cpu, None).expect("run");
    let (world, carry) = run.parts_mut();
    game::app::armoury::seed_preview_loot(world, carry, 6);
    run.preview_phase(Phase::Shop);
    run
}

/// The largest board a player can reach on a core without a 2D board: the
/// biggest such core, full, with 4 slots from CPU bonuses.
fn largest_board(cat: &Arc<Catalog>) -> Run {
    let core = cat
        .cores
        .iter()
        .filter(|c| c.board.is_none() && c.price > 0)
        .max_by_key(|c| c.capacity)
        .expect("a core");
    let build = Build {
        core: core.id.clone(),
        deck: vec!["spark_bolt".into(); core.capacity as usize],
        entries: Default::default(),
        equipment: Default::default(),
        items: Vec::new(),
    };
    let setup = RunSetup {
        build: Some(build),
        ..RunSetup::new(5, 20)
    };
    let mut run = Run::new(cat.clone(), setup, Backend::Cpu, None).expect("run");
    let (_, carry) = run.parts_mut();
    carry.loadout.bonus_slots = 4;
    let cap = carry.loadout.capacity_of(carry.loadout.active());
    assert!(cap >= 12, "the largest board has {cap} slots");
    run
}

/// The lab's header counts the slots the board really has, bonuses
/// included, and at 1280×720 every slot of the largest board is on screen.
fn lab_tells_its_slots(big: &Run) {
    let ctx = egui::Context::default();
    game::app::style_egui(&ctx);
    let mut lab = game::screens::lab::LabState::default();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 720.0));
    let mut out = None;
    for _ in 0..4 {
        let input = egui::RawInput {
            screen_rect: Some(screen),
            ..Default::default()
        };
        let mut o = ctx.run_pass(input, |ctx| {
            let _ = game::screens::lab::show(ctx, big.world(), big.carry(), &mut lab);
        });
        o.textures_delta.clear();
        out = Some(o);
    }
    let out = out.expect("a pass");
    let mut texts = Vec::new();
    fn walk(shape: &egui::Shape, clip: egui::Rect, out: &mut Vec<(String, egui::Rect, egui::Rect)>) {
        match shape {
            egui::Shape::Text(t) => out.push((t.galley.text().to_string(), t.visual_bounding_rect(), clip)),
            egui::Shape::Vec(v) => v.iter().for_each(|x| walk(x, clip, out)),
            _ => {}
        }
    }
    for c in &out.shapes {
        walk(&c.shape, c.clip_rect, &mut texts);
    }
    let carry = big.carry();
    let slots = carry.loadout.capacity_of(carry.loadout.active());
    let own = slots - carry.loadout.bonus_slots;
    let header = format!(
        "{slots} slots ({own} + {} from bonuses)",
        carry.loadout.bonus_slots
    );
    assert!(
        texts.iter().any(|t| t.0.contains(&header)),
        "the header says {header:?}"
    );
    let shown = texts
        .iter()
        .filter(|(t, r, clip)| t == "Spark Bolt" && screen.contains_rect(*r) && clip.contains_rect(*r))
        .count();
    let empty = texts
        .iter()
        .filter(|(t, r, _)| t.starts_with("slot ") && screen.contains_rect(*r))
        .count();
    assert_eq!(
        shown + empty,
        slots,
        "every slot of the board is on screen at 1280×720"
    );
}

#[test]
#[expect(clippy::too_many_lines, reason = "a test scenario read top to bottom")]
fn every_screen_fits_every_size_and_scale() {
    let cat = catalog();
    let mut found = Vec::new();

    let title = game::screens::title::TitleInfo {
        saved_run: Some("Wave 6 of 20 · seed 1796316493".into()),
        practice: vec![5, 10, 15],
        ng_plus_max: 3,
        curses: vec![("Curse".into(), "A curse.".into()); 3],
        notices: vec!["A file was set aside.".into()],
        onboarding: Some(2),
        ..Default::default()
    };
    found.extend(check("title", |ctx| {
        let _ = game::screens::title::show(ctx, &title, None);
    }));

    let big = largest_board(&cat);
    let mut lab = game::screens::lab::LabState::default();
    // Between waves the window draws a foot under the lab, the shop, the
    // settlement and the level-up ("Save & quit", and a lesson's line in the
    // lab): they are checked together.
    let foot = |ctx: &egui::Context| game::app::between_waves_foot(ctx, None, true);
    let button = |ctx: &egui::Context, at: Option<egui::Rect>| {
        let _ = game::app::save_and_quit_button(ctx, at.expect("room for Save & quit"));
    };
    found.extend(check("lab (largest board) in a lesson run", |ctx| {
        let at = game::app::between_waves_foot(ctx, Some(2), true);
        let _ = game::screens::lab::show(ctx, big.world(), big.carry(), &mut lab);
        button(ctx, at);
    }));
    lab_tells_its_slots(&big);

    let shop = shop_run(&cat);
    let stock = shop.shop().expect("a shop").clone();
    found.extend(check("shop", |ctx| {
        let at = foot(ctx);
        let _ = game::screens::shop::show(
            ctx,
            shop.world(),
            shop.carry(),
            &stock,
            Some("Not enough gold."),
            None,
        );
        button(ctx, at);
    }));
    // The carried cores' shelf of a full 16-slot board wraps rather than
    // running under the stat sheet.
    let mut big_shop = largest_board(&cat);
    big_shop.preview_phase(Phase::Shop);
    let big_stock = big_shop.shop().expect("a shop").clone();
    found.extend(check("shop (largest board)", |ctx| {
        let at = foot(ctx);
        let _ = game::screens::shop::show(ctx, big_shop.world(), big_shop.carry(), &big_stock, None, None);
        button(ctx, at);
    }));
    let mut armoury = game::app::armoury::Armoury::default();
    found.extend(check("armoury and crafting", |ctx| {
        let _ = armoury.show(ctx, &shop);
    }));

    let mut fight = Run::new(cat.clone(), RunSetup::new(5, 20), Backend::Cpu, None).expect("run");
    fight.apply(Command::StartWave).expect("wave 1");
    for _ in 0..600 {
        fight
            .apply(Command::Step(StepInput::new(Vec2::ZERO, None)))
            .expect("step");
    }
    found.extend(check("fight HUD", |ctx| {
        game::screens::hud::show(ctx, fight.world(), fight.carry(), &mut Vec::new())
    }));
    found.extend(check("pause", |ctx| {
        let _ = game::screens::pause::show(ctx, &game::run::RunSetup::new(1_796_316_493, 20), true);
    }));
    found.extend(check("pause asking to quit", |ctx| {
        game::screens::pause::ask_quit(ctx);
        let _ = game::screens::pause::show(ctx, &game::run::RunSetup::new(1_796_316_493, 20), true);
    }));
    let mut range =
        game::app::test_range::TestRange::new(&cat, shop.world(), shop.carry(), Backend::Cpu, None)
            .expect("range");
    range.tend();
    found.extend(check("range", |ctx| {
        let _ = game::screens::range::show(ctx, &range.world, range.dps(), range.time_scale);
    }));
    range_keeps_its_dummies_in_sight(&mut range);
    while fight.phase() == Phase::Fight {
        fight
            .apply(Command::Step(StepInput::new(Vec2::ZERO, None)))
            .expect("step");
    }
    if let Some(stats) = fight.last_wave().cloned() {
        found.extend(check("settlement", |ctx| {
            let at = foot(ctx);
            let _ = game::screens::settlement::show(ctx, &stats, 120, false, 2);
            button(ctx, at);
        }));
    }
    if fight.phase() == Phase::Settlement {
        fight.apply(Command::Continue).expect("continue");
    }
    let offer = fight.offer().to_vec();
    let table = &cat.run.economy.levelups;
    found.extend(check("level-up", |ctx| {
        let at = foot(ctx);
        let _ = game::screens::levelup::show(
            ctx,
            table,
            &offer,
            2,
            (fight.world(), fight.carry()),
            (fight.levelup_reroll_cost(), 0),
        );
        button(ctx, at);
    }));

    let book = game::codex::CodexBook::load(&game::data::default_root(), &cat).expect("codex");
    let mut met = game::profile::Codex::default();
    for i in 0..cat.spells.len() {
        met.spells
            .insert(cat.spells.get(game::vm::SpellIdx(i as u32)).id.clone());
    }
    let mut codex_state = game::screens::codex::CodexState::default();
    found.extend(check("codex", |ctx| {
        let _ = game::screens::codex::show(ctx, &book, &met, &mut codex_state);
    }));
    let owned = Default::default();
    found.extend(check("unlocks", |ctx| {
        let _ =
            game::screens::unlocks::show(ctx, &cat.unlocks, &owned, 40, Some("Chain Lightning unlocked."));
    }));
    let records = game::profile::Records::default();
    let history = history_of_runs(&cat);
    found.extend(check("records", |ctx| {
        let _ = game::screens::records::show(ctx, &records, &history);
    }));
    found.extend(check("run history", |ctx| {
        game::screens::records::select_history(ctx);
        game::screens::history::open_run(ctx, None);
        let _ = game::screens::records::show(ctx, &records, &history);
    }));
    found.extend(check("one run of the history", |ctx| {
        game::screens::records::select_history(ctx);
        game::screens::history::open_run(ctx, Some(0));
        let _ = game::screens::records::show(ctx, &records, &history);
    }));
    let mut settings = game::screens::settings::Settings::default();
    let mut requests = engine::window::Requests::default();
    let mut edit = game::screens::bindings::BindingEdit::default();
    let mut skip = false;
    found.extend(check("settings", |ctx| {
        let _ = game::screens::settings::show(ctx, &mut settings, &mut requests, Some(&mut skip), &mut edit);
    }));
    let mut died = shop_run(&cat);
    died.preview_phase(Phase::Summary);
    let summary = died.summary().clone();
    let death = vec![
        "Killed by a Potato grunt's blow.".to_string(),
        "Damage taken in the last 5 s: Potato grunt 35 · enemy shot 12".to_string(),
    ];
    found.extend(check("summary", |ctx| {
        let _ = game::screens::summary::show(ctx, &cat, &summary, None, true, true, &death);
    }));
    found.extend(check("clear", |ctx| game::app::clear_scene::banner(ctx, 0.5)));

    found.dedup();
    assert!(
        found.is_empty(),
        "{} problems:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The range's panel never covers a dummy being tested: at every size and
/// interface scale, with the range fired at for a second (live dummies,
/// hit), each dummy's body lies inside the window and clear of the panel,
/// seen through the camera the window draws the range with.
fn range_keeps_its_dummies_in_sight(range: &mut game::app::test_range::TestRange) {
    for _ in 0..60 {
        range.tend();
        range.advance(1.0 / 60.0, Default::default(), true, &mut |_, _| {});
    }
    assert!(range.dps() > 0.0, "the dummies are being hit");
    let dummies = range.live_dummies();
    assert_eq!(dummies.len(), 3, "three live dummies");
    let mut found = Vec::new();
    for (w, h) in SIZES {
        for scale in SCALES {
            let (ctx, screen) = sized_context(w, h, scale);
            let mut panel = egui::Rect::NOTHING;
            for _ in 0..4 {
                let input = egui::RawInput {
                    screen_rect: Some(screen),
                    ..Default::default()
                };
                let mut o = ctx.run_pass(input, |ctx| {
                    panel = game::screens::range::show(ctx, &range.world, range.dps(), range.time_scale).rect;
                });
                o.textures_delta.clear();
            }
            assert!(panel.is_positive(), "the panel is drawn");
            range.panel_left_px = Some(panel.left() * scale);
            let viewport = [w as u32, h as u32];
            let camera = range.camera(viewport);
            for (pos, radius) in &dummies {
                let c = camera.world_to_screen(*pos, viewport) / scale;
                let body = egui::Rect::from_center_size(
                    egui::pos2(c.x, c.y),
                    egui::Vec2::splat(2.0 * radius / scale),
                );
                if !screen.contains_rect(body) || body.intersects(panel) {
                    found.push(format!(
                        "range at {w}×{h}, {:.0} %: a dummy at {body:?} is off screen or under the panel {panel:?}",
                        scale * 100.0
                    ));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A history of one played run (six waves of the blade build, so the chart
/// has a chip, the blade and reactions) and 39 copies of it, for the
/// history's list and its details.
fn history_of_runs(cat: &Arc<Catalog>) -> game::profile::History {
    let build = game::run::load_build(&game::data::default_root().join("builds/blade.json")).expect("build");
    let opts = game::run::RunOptions {
        seed: 3,
        waves: 3,
        backend: Backend::Cpu,
        build: Some(build),
        policy: game::run::script::Policy::Competent,
        mode: Default::default(),
    };
    let run = game::run::play_recorded(cat.clone(), &opts, None, false).expect("run");
    let mut history = game::profile::History::default();
    for i in 0..40 {
        history.push(game::profile::history::record_of(
            &run,
            1_764_806_400 + i,
            i as u32,
        ));
    }
    history
}
