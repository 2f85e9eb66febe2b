//! The reactive field: a blast ripples out and settles, a thousand at once
//! stay bounded, the same frames give the same sheet, and feeding it from a
//! fight leaves the run exactly as an unfed one.

use glam::Vec2;

use super::{Field, MAX_DISPLACEMENT};
use crate::world::EffectKind;

fn sheet() -> Field {
    let mut f = Field::default();
    f.fit(Vec2::ZERO, Vec2::splat(2400.0));
    f
}

/// Steps `f` through `frames` frames of `dt` from `t`; returns the time.
fn run(f: &mut Field, mut t: f32, frames: u32, dt: f32, mut each: impl FnMut(&Field)) -> f32 {
    for _ in 0..frames {
        t += dt;
        f.step_to(t);
        each(f);
    }
    t
}

#[test]
fn a_blast_ripples_out_and_settles() {
    let mut f = sheet();
    f.step_to(0.0);
    let centre = Vec2::splat(1200.0);
    f.kick(centre, 200.0, 700.0);
    let (mut most, mut far) = (0.0f32, 0.0f32);
    let t = run(&mut f, 0.0, 30, 1.0 / 60.0, |f| {
        most = most.max(f.max_displacement());
        // 350 px out, beyond the kick's reach: only the ripple gets there.
        far = far.max(f.displacement(centre + Vec2::new(350.0, 0.0)).length());
    });
    assert!(most > 5.0, "the blast pushes the floor: {most} px");
    assert!(most <= MAX_DISPLACEMENT, "{most}");
    assert!(far > 0.2, "the ripple runs out: {far} px");
    run(&mut f, t, 300, 1.0 / 60.0, |_| {});
    assert!(
        f.max_displacement() < 0.05,
        "settled after 5 s: {}",
        f.max_displacement()
    );
}

#[test]
fn a_thousand_blasts_and_a_black_hole_stay_bounded() {
    let mut f = sheet();
    f.step_to(0.0);
    for i in 0..1000 {
        f.kick(Vec2::new(1200.0 + (i % 7) as f32, 1200.0), 400.0, 5000.0);
    }
    let mut t = 0.0;
    for _ in 0..120 {
        f.pull(Vec2::splat(1000.0), 300.0, 5000.0);
        t = run(&mut f, t, 1, 1.0 / 60.0, |_| {});
        let most = f.max_displacement();
        assert!(most.is_finite() && most <= MAX_DISPLACEMENT + 1e-3, "{most}");
    }
    assert!(f.max_displacement() > 0.5 * MAX_DISPLACEMENT, "it moved");
}

#[test]
fn the_same_frames_give_the_same_sheet() {
    let frames = [0.016, 0.021, 0.009, 0.05, 0.3, 0.017, 0.033];
    let play = || {
        let mut f = sheet();
        let mut t = 1.0;
        f.step_to(t);
        f.kick(Vec2::new(600.0, 900.0), 150.0, 600.0);
        for dt in frames {
            f.pull(Vec2::new(700.0, 800.0), 200.0, 900.0);
            t += dt;
            f.step_to(t);
        }
        f
    };
    let (a, b) = (play(), play());
    assert_eq!(a.disp, b.disp);
    assert_eq!(a.vel, b.vel);
    assert!(a.max_displacement() > 1.0);
}

/// The field fed from a real fight with blasts in it, drawn at high quality
/// every frame, leaves the run's state hash exactly as an undrawn run with
/// the same commands and the same blasts.
#[test]
fn feeding_the_field_never_changes_the_run() {
    use crate::run::{Command, Run, RunSetup, StepInput};
    let cat =
        std::sync::Arc::new(crate::catalog::Catalog::load(&crate::data::default_root()).expect("data loads"));
    let start = || {
        let mut r =
            Run::new(cat.clone(), RunSetup::new(5, 20), engine::gpu::Backend::Cpu, None).expect("run");
        r.apply(Command::StartWave).expect("wave 1 starts");
        r
    };
    let (mut drawn, mut plain) = (start(), start());
    let mut fight = super::Fight::new(drawn.world().dt(), 4);
    let ctx = egui::Context::default();
    let mut moved = 0.0f32;
    for step in 0..180u32 {
        if step % 30 == 0 {
            for r in [&mut drawn, &mut plain] {
                let at = r.world().player.pos + Vec2::new(120.0, 0.0);
                r.world_mut()
                    .effects
                    .push(EffectKind::Blast { radius: 90.0 }, at, 0.4);
            }
        }
        let input = StepInput::new(Vec2::new(1.0, 0.3), None);
        drawn.apply(Command::Step(input)).expect("step");
        plain.apply(Command::Step(input)).expect("step");
        let mut scene = engine::render::Scene {
            time: step as f32 / 60.0,
            glow: true,
            ..engine::render::Scene::default()
        };
        let mut out = ctx.run_pass(egui::RawInput::default(), |ctx| {
            fight.draw(drawn.world(), &mut scene, ctx, [1280, 720])
        });
        // No renderer here: the font atlas update is dropped on purpose.
        out.textures_delta.clear();
        assert!(scene.bloom.is_some(), "high quality blooms");
        moved = moved.max(fight.field.max_displacement());
    }
    assert!(moved > 2.0, "the blasts moved the field: {moved} px");
    assert_eq!(drawn.state_hash(), plain.state_hash());
}

#[test]
fn the_bloom_dims_in_a_crowd_of_shots_and_clears_the_body() {
    let few = super::crowd_bloom(0.0, Vec2::ZERO, 0.0);
    assert_eq!(
        few,
        engine::render::BloomStyle::default(),
        "a few shots: the full bloom"
    );
    let crowd = super::crowd_bloom(1.0, Vec2::new(640.0, 360.0), 120.0);
    assert!((crowd.intensity - 0.2).abs() < 1e-6, "{}", crowd.intensity);
    assert_eq!(crowd.body_clear, 180.0);
    assert_eq!(crowd.body_floor, 0.0, "nothing on the body itself");
    assert_eq!(crowd.body, [640.0, 360.0]);
}
