//! Every screen a player meets, drawn from a seeded state and compared with
//! its reference image in `game/tests/screens/`: the title, the lab, the test
//! range, the arena's HUD over a fight (at both effects qualities), the shop
//! with an offer's tooltip open, the armoury, the summary, and the settlement
//! and the level-up cards over the quiet arena.
//!
//! Each frame is composed as the window composes it (the world pass, then
//! egui on top, with the game's egui style) through the engine's
//! `OffscreenFrame` on the test machine's adapter (lavapipe in CI), at
//! 1280×720, from fixed egui times so animations and tooltips settle the same
//! way every run. A pixel counts as changed when a channel moves by more
//! than [`THRESHOLD`]; a screen fails when more than [`MAX_CHANGED`] of its
//! pixels changed (edge coverage differs a little between rasterisers). A
//! failure writes the frame and a diff (changes in red) beside the test
//! output and names them.
//!
//! A screen changed on purpose: look at the new frame, then run
//! `ARTIFICER_UPDATE_SCREENS=1 cargo test -p game --test screens screen_shots::` to
//! store it as the reference.

use std::path::PathBuf;
use std::sync::Arc;

use engine::gpu::{Backend, GpuContext};
use engine::render::Scene;
use engine::render::compare::{compare, read_png};
use engine::render::screenshot::{RgbaImage, write_png};
use engine::ui::offscreen::OffscreenFrame;
use game::catalog::Catalog;
use game::run::{Command, Phase, Run, RunSetup, StepInput};
use glam::Vec2;

/// Largest channel difference that is not a change.
const THRESHOLD: u8 = 40;
/// Share of changed pixels a screen may have.
const MAX_CHANGED: f64 = 0.005;
const SIZE: [u32; 2] = [1280, 720];

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/screens")
}

/// Where a failing screen's frame and diff go.
fn output_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screens")
}

/// The first text shape's centre whose text is `text` (what the pointer
/// hovers to open its tooltip).
fn text_centre(out: &egui::FullOutput, text: &str) -> Option<egui::Pos2> {
    fn walk(shape: &egui::Shape, text: &str) -> Option<egui::Pos2> {
        match shape {
            egui::Shape::Text(t) if t.galley.text() == text => Some(t.pos + t.galley.rect.center().to_vec2()),
            egui::Shape::Vec(v) => v.iter().find_map(|s| walk(s, text)),
            _ => None,
        }
    }
    out.shapes.iter().find_map(|c| walk(&c.shape, text))
}

struct Camera {
    gpu: GpuContext,
    frame: OffscreenFrame,
}

impl Camera {
    /// Draws `draw` for six egui passes a second apart (layout settles on
    /// the second, a tooltip opens after the pointer rests) and returns the
    /// last frame. With `hover`, the pointer rests on that text from the
    /// second pass on.
    fn shoot(&mut self, hover: Option<&str>, mut draw: impl FnMut(&egui::Context, &mut Scene)) -> RgbaImage {
        let ctx = egui::Context::default();
        game::app::style_egui(&ctx);
        let mut pointer = None;
        let mut moved = false;
        let mut last = None;
        for pass in 0..6 {
            let mut events = Vec::new();
            if let (Some(p), false) = (pointer, moved) {
                // One move, then the pointer rests (a tooltip waits for that).
                events.push(egui::Event::PointerMoved(p));
                moved = true;
            }
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(SIZE[0] as f32, SIZE[1] as f32),
                )),
                time: Some(f64::from(pass)),
                predicted_dt: 1.0,
                events,
                ..Default::default()
            };
            let mut scene = Scene {
                time: 1.0,
                ..Scene::default()
            };
            let out = ctx.run_pass(input, |ctx| draw(ctx, &mut scene));
            if let (Some(text), None) = (hover, pointer) {
                pointer = text_centre(&out, text);
            }
            last = Some(
                self.frame
                    .render(&self.gpu, SIZE, &scene, &ctx, out)
                    .expect("frame reads back"),
            );
        }
        if let Some(text) = hover {
            assert!(pointer.is_some(), "no text {text:?} on the screen to hover");
        }
        last.expect("six passes")
    }
}

/// Compares `image` with the reference `name`.png; `Err` says what changed.
fn check(name: &str, image: &RgbaImage) -> Result<(), String> {
    let reference = reference_dir().join(format!("{name}.png"));
    if std::env::var("ARTIFICER_UPDATE_SCREENS").is_ok_and(|v| v == "1") {
        write_png(&reference, image).map_err(|e| e.to_string())?;
        eprintln!("{name}: reference written to {}", reference.display());
        return Ok(());
    }
    let out = output_dir();
    let actual = out.join(format!("{name}.actual.png"));
    if !reference.exists() {
        write_png(&actual, image).map_err(|e| e.to_string())?;
        return Err(format!(
            "{name}: no reference {} (this frame is at {}; store it with ARTIFICER_UPDATE_SCREENS=1)",
            reference.display(),
            actual.display()
        ));
    }
    let expected = read_png(&reference).map_err(|e| format!("{name}: {e}"))?;
    let diff = compare(&expected, image, THRESHOLD)
        .ok_or_else(|| format!("{name}: the frame's size differs from the reference"))?;
    if diff.share() <= MAX_CHANGED {
        return Ok(());
    }
    let diff_path = out.join(format!("{name}.diff.png"));
    write_png(&actual, image).map_err(|e| e.to_string())?;
    write_png(&diff_path, &diff.image).map_err(|e| e.to_string())?;
    Err(format!(
        "{name}: {:.2} % of pixels changed (max channel difference {}; {} % allowed); frame {}, diff {}",
        diff.share() * 100.0,
        diff.max,
        MAX_CHANGED * 100.0,
        actual.display(),
        diff_path.display()
    ))
}

fn new_run(cat: &Arc<Catalog>) -> Run {
    Run::new(cat.clone(), RunSetup::new(5, 20), Backend::Cpu, None).expect("run")
}

#[test]
#[expect(clippy::too_many_lines, reason = "a test scenario read top to bottom")]
fn every_screen_matches_its_reference() {
    let Some(gpu) = engine::gpu::test_context() else {
        return;
    };
    let frame = OffscreenFrame::new(&gpu);
    let mut cam = Camera { gpu, frame };
    let cat = catalog();
    let menu = |scene: &mut Scene| game::app::backdrop::menus(scene, SIZE);
    let mut shots: Vec<(&str, RgbaImage)> = Vec::new();

    let title = game::screens::title::TitleInfo {
        saved_run: Some("after wave 7 (seed 12)".into()),
        practice: vec![5, 10],
        aether: 42,
        runs: 3,
        best_wave: 12,
        ..Default::default()
    };
    shots.push((
        "title",
        cam.shoot(None, |ctx, scene| {
            menu(scene);
            let _ = game::screens::title::show(ctx, &title, None);
        }),
    ));

    let run = new_run(&cat);
    let mut lab = game::screens::lab::LabState::default();
    shots.push((
        "lab",
        cam.shoot(None, |ctx, scene| {
            menu(scene);
            let _ = game::screens::lab::show(ctx, run.world(), run.carry(), &mut lab);
        }),
    ));

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
    shots.push((
        "range",
        cam.shoot(None, |ctx, scene| {
            range.fight.draw(&range.world, scene, ctx, SIZE);
            let _ = game::screens::range::show(ctx, &range.world, range.dps(), range.time_scale);
        }),
    ));

    let mut fight_run = new_run(&cat);
    fight_run.apply(Command::StartWave).expect("wave 1 starts");
    for _ in 0..600 {
        fight_run
            .apply(Command::Step(StepInput::new(Vec2::ZERO, None)))
            .expect("step");
    }
    // Both effects qualities (docs/art.md#quality): low, and high with the
    // glow pass, the vignette, the bloom and the reactive field, a blast
    // just gone off beside the player so the floor is bent while its
    // frames run 30 ms apart.
    for (name, high) in [("arena", false), ("arena_high", true)] {
        if high {
            let at = fight_run.world().player.pos + Vec2::new(170.0, -70.0);
            fight_run
                .world_mut()
                .effects
                .push(game::world::EffectKind::Blast { radius: 110.0 }, at, 0.5);
        }
        let mut fight = game::app::fight::Fight::new(fight_run.world().dt(), 4);
        let mut frame = 0;
        shots.push((
            name,
            cam.shoot(None, |ctx, scene| {
                scene.glow = high;
                if high {
                    scene.time += 0.03 * frame as f32;
                    frame += 1;
                }
                fight.draw(fight_run.world(), scene, ctx, SIZE);
                game::screens::hud::show(
                    ctx,
                    fight_run.world(),
                    fight_run.carry(),
                    &mut scene.shapes.screen,
                );
            }),
        ));
    }

    let mut shop_run = new_run(&cat);
    shop_run.preview_phase(Phase::Shop);
    let shop = shop_run.shop().expect("a shop").clone();
    let offer = &shop.shelf(game::shop::Shelf::Spells)[0].id;
    let offer_name = game::screens::names::spell_name(&cat, offer);
    shots.push((
        "shop_tooltip",
        cam.shoot(Some(&offer_name), |ctx, scene| {
            menu(scene);
            let _ = game::screens::shop::show(ctx, shop_run.world(), shop_run.carry(), &shop, None, None);
        }),
    ));

    let mut armoury_run = new_run(&cat);
    let (world, carry) = armoury_run.parts_mut();
    game::app::armoury::seed_preview_loot(world, carry, 3);
    armoury_run.preview_phase(Phase::Armoury);
    let mut armoury = game::app::armoury::Armoury::default();
    shots.push((
        "armoury",
        cam.shoot(None, |ctx, scene| {
            menu(scene);
            let _ = armoury.show(ctx, &armoury_run);
        }),
    ));

    let mut summary_run = new_run(&cat);
    summary_run.preview_phase(Phase::Summary);
    shots.push((
        "summary",
        cam.shoot(None, |ctx, scene| {
            menu(scene);
            let _ = game::screens::summary::show(ctx, &cat, summary_run.summary(), None, false, false, &[]);
        }),
    ));

    // The between-waves screens over the quiet arena, as the window draws them.
    let quiet = |scene: &mut Scene| {
        let arena = &cat.run.world.arena;
        let max = arena.max();
        game::app::draw::follow(&mut scene.camera, arena.centre(), Vec2::ZERO, max, SIZE, 0.0, 0.0);
        game::app::draw::arena(scene, Vec2::ZERO, max, SIZE);
        game::app::backdrop::motes(scene, SIZE);
    };
    let stats = game::world::WaveStats {
        wave: 3,
        kills: 84,
        elite_kills: 1,
        damage_dealt: 2310.0,
        damage_taken: 45.0,
        gold_picked: 61,
        gold_lost: 12,
        xp: 40,
        ..Default::default()
    };
    shots.push((
        "settlement",
        cam.shoot(None, |ctx, scene| {
            quiet(scene);
            let _ = game::screens::settlement::show(ctx, &stats, 180, false, 0);
        }),
    ));
    // Three cards, one of them offered half as often (an Uncommon edge).
    let table = &cat.run.economy.levelups;
    let rarer = table.upgrades.iter().position(|u| u.weight < 1.0).unwrap_or(0);
    let offer: Vec<usize> = [0, 1, rarer].into_iter().collect();
    shots.push((
        "levelup",
        cam.shoot(None, |ctx, scene| {
            quiet(scene);
            let _ = game::screens::levelup::show(
                ctx,
                table,
                &offer,
                2,
                (run.world(), run.carry()),
                (run.levelup_reroll_cost(), 0),
            );
        }),
    ));

    let failures: Vec<String> = shots
        .iter()
        .filter_map(|(name, image)| check(name, image).err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
