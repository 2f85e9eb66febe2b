//! The bloom pass against its CPU twin: a bright dot and a coloured disc
//! drawn through the real passes on the test machine's adapter, compared
//! pixel by pixel, in spread and in energy with
//! [`crate::render::bloom_reference`].

use glam::Vec2;

use super::BloomStyle;
use crate::render::bloom_reference::{self, RgbImage};
use crate::render::{Layer, RgbaImage, Scene, SceneRenderer, Shape, render_offscreen};

/// A white dot at (40, 30) and a saturated red disc at (75, 40), target px
/// (the camera maps world px to target px).
fn dots(size: [u32; 2], bloom: Option<BloomStyle>) -> Scene {
    let mut scene = Scene {
        bloom,
        ..Scene::default()
    };
    scene.camera.center = Vec2::new(size[0] as f32, size[1] as f32) * 0.5;
    scene.shapes.push(
        Layer::Top,
        Shape::circle(Vec2::new(40.0, 30.0), 5.0, [1.0, 1.0, 1.0, 1.0]),
    );
    scene.shapes.push(
        Layer::Top,
        Shape::circle(Vec2::new(75.0, 40.0), 6.0, [1.0, 0.1, 0.1, 1.0]),
    );
    scene
}

fn linear(img: &RgbaImage) -> RgbImage {
    let mut out = RgbImage::black([img.width, img.height]);
    for y in 0..img.height {
        for x in 0..img.width {
            out.pixels[(y * img.width + x) as usize] = img.rgb(x, y).map(|v| f32::from(v) / 255.0);
        }
    }
    out
}

/// Sum of every channel of every pixel, each rounded to the 8-bit frame's
/// 0–255 as a frame stores it (so the CPU image sums as its frame would).
fn energy(img: &RgbImage) -> f64 {
    img.pixels
        .iter()
        .flatten()
        .map(|&v| (f64::from(v) * 255.0).round())
        .sum()
}

/// Draws the dots without and with `style` at `size` and checks the bloomed
/// frame against the CPU bloom of the plain one: every pixel within 2/255,
/// the light added within 3 % (the 8-bit layers round at each pass, and a
/// GPU's rounding is not bit-exact); returns (plain, bloomed).
fn check_against_reference(
    renderer: &mut SceneRenderer,
    ctx: &crate::gpu::GpuContext,
    size: [u32; 2],
    style: BloomStyle,
) -> (RgbImage, RgbImage) {
    let plain = linear(&render_offscreen(ctx, renderer, &dots(size, None), size));
    let bloomed = linear(&render_offscreen(ctx, renderer, &dots(size, Some(style)), size));
    let reference = bloom_reference::bloom(&plain, &style);
    let mut worst = (0.0f32, 0, 0);
    for y in 0..size[1] {
        for x in 0..size[0] {
            let i = (y * size[0] + x) as usize;
            for c in 0..3 {
                let d = (bloomed.pixels[i][c] - reference.pixels[i][c]).abs() * 255.0;
                if d > worst.0 {
                    worst = (d, x, y);
                }
            }
        }
    }
    assert!(
        worst.0 <= 2.0,
        "{size:?}: the GPU bloom differs from the CPU one by {:.2}/255 at {:?}",
        worst.0,
        (worst.1, worst.2)
    );
    let (added, expected) = (
        energy(&bloomed) - energy(&plain),
        energy(&reference) - energy(&plain),
    );
    assert!(expected > 500.0, "the dot blooms at all: {expected}");
    assert!(
        (added - expected).abs() <= 0.03 * expected,
        "{size:?}: light added {added:.0}, the CPU filter adds {expected:.0}"
    );
    (plain, bloomed)
}

#[test]
fn the_bloom_pass_matches_its_cpu_twin_and_only_white_blooms() {
    let Some(ctx) = crate::gpu::test_context() else {
        return;
    };
    let mut renderer = SceneRenderer::new(&ctx.device, wgpu::TextureFormat::Rgba8Unorm);
    let style = BloomStyle::default();
    let (plain, bloomed) = check_against_reference(&mut renderer, &ctx, [96, 64], style);
    let at = |img: &RgbImage, x: i64, y: i64| img.at(x, y)[0] * 255.0;
    // 7 px beyond the dot's edge the plain frame is floor; the bloom lights it.
    assert!(at(&plain, 52, 30) < 1.0, "{}", at(&plain, 52, 30));
    assert!(
        at(&bloomed, 52, 30) > 8.0,
        "the bloom spreads: {}",
        at(&bloomed, 52, 30)
    );
    // The red disc is coloured, not white: nothing around it changes.
    for (x, y) in [(75, 40), (84, 40), (75, 50)] {
        let (p, b) = (plain.at(x, y), bloomed.at(x, y));
        assert!(
            (0..3).all(|c| (p[c] - b[c]).abs() * 255.0 <= 1.0),
            "({x}, {y}): {p:?} vs {b:?}"
        );
    }
}

/// Near the player's body the bloom fades to its floor, and a frame of
/// another size re-makes the layers (a resized window or a re-created
/// surface) and still matches the CPU twin.
#[test]
fn the_bloom_fades_at_the_body_and_follows_the_frame_size() {
    let Some(ctx) = crate::gpu::test_context() else {
        return;
    };
    let mut renderer = SceneRenderer::new(&ctx.device, wgpu::TextureFormat::Rgba8Unorm);
    let faded = BloomStyle {
        body: [40.0, 30.0],
        body_clear: 40.0,
        body_floor: 0.0,
        ..BloomStyle::default()
    };
    let (plain, bloomed) = check_against_reference(&mut renderer, &ctx, [96, 64], faded);
    // 9 px from the body's centre (inside 40 % of the clearing): no bloom.
    let (p, b) = (plain.at(49, 30), bloomed.at(49, 30));
    assert!((p[0] - b[0]).abs() * 255.0 <= 1.0, "{p:?} vs {b:?}");
    check_against_reference(&mut renderer, &ctx, [83, 50], BloomStyle::default());
    check_against_reference(&mut renderer, &ctx, [96, 64], BloomStyle::default());
}
