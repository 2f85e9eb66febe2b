//! The backdrop of the full-screen menus (title, lab, shop, armoury): the
//! theme's deep blue-black, a glowing horizon and a slow drift of small
//! neon motes, drawn by the world pass under egui; the between-waves
//! screens get the motes over the quiet arena
//! (docs/screens.md#how-screens-look).
//!
//! Why shapes of the world pass and not egui: egui shades every pixel it
//! covers through its textured shader (~30–50 ns a pixel on lavapipe), and
//! the clear under the menus is free. The motes are a few dozen small
//! quads in the screen layer, so the backdrop moves without a full-screen
//! pass or a full-screen quad; it reads the frame's clock only, never the
//! run, so presentation stays out of the rules.

use engine::render::{Layer, Scene, Shape, ShapeKind};
use glam::Vec2;

use crate::screens::theme;

/// Motes drifting up the backdrop.
const MOTES: u32 = 22;

/// A fixed pseudo-random share in 0..1 for mote `i` and channel `k` (the
/// same every frame and run: the drift is a function of time only).
fn share(i: u32, k: u32) -> f32 {
    let mut x = i.wrapping_mul(0x9E37_79B9) ^ k.wrapping_mul(0x85EB_CA6B);
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    (x & 0xFFFF) as f32 / 65_535.0
}

/// Clears to the theme's backdrop and adds the horizon and the drifting
/// motes for a target of `size` pixels at the scene's time.
pub fn menus(scene: &mut Scene, size: [u32; 2]) {
    menus_with(scene, size, false);
}

/// [`menus`], with the motes held where they stand at time 0 when `still`
/// ("Reduce motion", docs/art.md#comfort).
pub fn menus_with(scene: &mut Scene, size: [u32; 2], still: bool) {
    scene.clear = theme::BACKDROP;
    let (w, h) = (size[0] as f32, size[1] as f32);
    let horizon = h * 0.8;
    let shapes = &mut scene.shapes;
    shapes.push(
        Layer::Screen,
        Shape::line(
            Vec2::new(0.0, horizon),
            Vec2::new(w, horizon),
            1.5,
            [0.2, 0.6, 0.8, 0.35],
        )
        .glow(4.0),
    );
    shapes.push(
        Layer::Screen,
        Shape::line(
            Vec2::new(w * 0.1, horizon + 18.0),
            Vec2::new(w * 0.9, horizon + 18.0),
            1.0,
            [0.35, 0.2, 0.6, 0.3],
        ),
    );
    motes_with(scene, size, still);
}

/// Only the drifting motes, over whatever the world pass draws: the
/// between-waves screens (settlement, level-up, summary) keep the quiet
/// arena under them and gain the menus' motion.
pub fn motes(scene: &mut Scene, size: [u32; 2]) {
    motes_with(scene, size, false);
}

/// [`motes`], held where they stand at time 0 when `still` ("Reduce
/// motion").
pub fn motes_with(scene: &mut Scene, size: [u32; 2], still: bool) {
    let (w, h) = (size[0] as f32, size[1] as f32);
    let t = if still { 0.0 } else { scene.time };
    let shapes = &mut scene.shapes;
    for i in 0..MOTES {
        let speed = 8.0 + 22.0 * share(i, 1);
        let travel = h + 40.0;
        let y = h + 20.0 - (share(i, 2) * travel + t * speed) % travel;
        let x = share(i, 0) * w + (t * 0.3 + i as f32).sin() * 18.0;
        let r = 2.5 + 4.5 * share(i, 3);
        // Fainter near the top, so the drift fades out rather than vanishing.
        let fade = (y / h).clamp(0.0, 1.0);
        let violet = share(i, 4) > 0.7;
        let rgb = if violet {
            [0.65, 0.4, 1.0]
        } else {
            [0.3, 0.85, 1.0]
        };
        let colour = [rgb[0], rgb[1], rgb[2], 0.15 + 0.35 * fade];
        let kind = if i % 3 == 0 {
            ShapeKind::Hexagon
        } else {
            ShapeKind::Diamond
        };
        let mote = Shape::new(kind, Vec2::new(x, y), Vec2::splat(r), colour)
            .rotated(t * (0.2 + share(i, 5)))
            .stroke(1.2)
            .glow(3.0);
        shapes.push(Layer::Screen, mote);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backdrop_is_a_few_small_shapes_that_move_with_time() {
        let mut a = Scene::default();
        menus(&mut a, [1280, 720]);
        assert_eq!(a.clear, theme::BACKDROP);
        assert_eq!(a.shapes.screen.len(), MOTES as usize + 2);
        // No full-screen quad: every mote stays small (cheap on lavapipe).
        assert!(a.shapes.screen[2..].iter().all(|s| s.size[0] < 8.0));
        let mut b = Scene {
            time: 5.0,
            ..Scene::default()
        };
        menus(&mut b, [1280, 720]);
        assert_ne!(a.shapes.screen[5].pos, b.shapes.screen[5].pos, "the motes drift");
        let mut c = Scene {
            time: 5.0,
            ..Scene::default()
        };
        menus(&mut c, [1280, 720]);
        assert_eq!(
            b.shapes.screen, c.shapes.screen,
            "the same time draws the same backdrop"
        );
    }

    #[test]
    fn reduced_motion_holds_the_motes_still() {
        let mut a = Scene::default();
        motes_with(&mut a, [1280, 720], true);
        let mut b = Scene {
            time: 5.0,
            ..Scene::default()
        };
        motes_with(&mut b, [1280, 720], true);
        assert_eq!(a.shapes.screen, b.shapes.screen, "nothing drifts");
        assert_eq!(a.shapes.screen.len(), MOTES as usize, "the motes are still drawn");
    }
}
