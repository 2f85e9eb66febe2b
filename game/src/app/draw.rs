//! Drawing helpers shared by the fight, the test range and the stress scene:
//! the arena floor and walls, the player with its outline, damage numbers.

use engine::render::{Camera2d, Layer, Scene, Shape};
use glam::Vec2;

use super::palette;

/// Grid spacing on the floor, px.
const GRID_STEP: f32 = 100.0;

/// Floor grid and walls of an arena from `min` to `max`, only where visible.
pub fn arena(scene: &mut Scene, min: Vec2, max: Vec2, viewport: [u32; 2]) {
    let cam = scene.camera;
    let half = cam.half_extent(viewport);
    let (view_min, view_max) = (cam.center - half - 10.0, cam.center + half + 10.0);
    // The floor is the clear colour; only the outside of the walls is
    // painted, and only where it shows (full-screen quads cost a lot on
    // software rasterisers).
    scene.clear = palette::FLOOR;
    let outside = [
        (Vec2::new(view_min.x, view_min.y), Vec2::new(min.x, view_max.y)),
        (Vec2::new(max.x, view_min.y), Vec2::new(view_max.x, view_max.y)),
        (Vec2::new(min.x, view_min.y), Vec2::new(max.x, min.y)),
        (Vec2::new(min.x, max.y), Vec2::new(max.x, view_max.y)),
    ];
    for (a, b) in outside {
        if a.x < b.x && a.y < b.y {
            scene.shapes.push(
                Layer::Ground,
                Shape::new(
                    engine::render::ShapeKind::Square,
                    (a + b) * 0.5,
                    (b - a) * 0.5,
                    palette::OUTSIDE,
                ),
            );
        }
    }
    let lo = min.max(view_min);
    let hi = max.min(view_max);
    if lo.x < hi.x && lo.y < hi.y {
        let mut x = (lo.x / GRID_STEP).ceil() * GRID_STEP;
        while x < hi.x {
            scene.shapes.push(
                Layer::Ground,
                Shape::line(Vec2::new(x, lo.y), Vec2::new(x, hi.y), 1.5, palette::GRID),
            );
            x += GRID_STEP;
        }
        let mut y = (lo.y / GRID_STEP).ceil() * GRID_STEP;
        while y < hi.y {
            scene.shapes.push(
                Layer::Ground,
                Shape::line(Vec2::new(lo.x, y), Vec2::new(hi.x, y), 1.5, palette::GRID),
            );
            y += GRID_STEP;
        }
    }
    let corners = [min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)];
    for i in 0..4 {
        scene.shapes.push(
            Layer::Ground,
            Shape::line(corners[i], corners[(i + 1) % 4], 6.0, palette::WALL).glow(6.0),
        );
    }
}

/// The player: a dark outline, a white body, a pulsing cyan ring and a facing
/// tick, all on the top layer so no crowd or glow ever hides it.
pub fn player(scene: &mut Scene, pos: Vec2, radius: f32, facing: Vec2, flash: f32) {
    let t = scene.time;
    scene.shapes.push(
        Layer::Top,
        Shape::circle(pos, radius + 3.0, palette::PLAYER_OUTLINE),
    );
    let body = if flash > 0.0 {
        [1.0, 0.35, 0.35, 1.0]
    } else {
        palette::PLAYER
    };
    scene.shapes.push(Layer::Top, Shape::circle(pos, radius, body));
    let pulse = 0.75 + 0.25 * (t * 4.0).sin();
    let mut ring = palette::PLAYER_RING;
    ring[3] *= pulse;
    scene
        .shapes
        .push(Layer::Top, Shape::ring(pos, radius + 9.0, 2.5, ring).glow(4.0));
    if facing.length_squared() > 0.0 {
        let tip = pos + facing.normalize() * (radius + 16.0);
        scene.shapes.push(
            Layer::Top,
            Shape::line(pos + facing.normalize() * radius, tip, 3.0, palette::PLAYER_RING),
        );
    }
}

/// The camera following `target`, clamped to the arena, with `shake` px of shake at `time`.
pub fn follow(
    camera: &mut Camera2d,
    target: Vec2,
    min: Vec2,
    max: Vec2,
    viewport: [u32; 2],
    shake: f32,
    time: f32,
) {
    camera.zoom = 1.0;
    camera.center = target;
    // Let the view show a margin of wall around the arena.
    camera.clamp_to(min - 60.0, max + 60.0, viewport);
    camera.shake = if shake > 0.0 {
        Vec2::new((time * 83.0).sin(), (time * 71.0).cos()) * shake
    } else {
        Vec2::ZERO
    };
}

/// A number floating at a world position (damage numbers), drawn with egui.
pub fn world_text(
    ctx: &egui::Context,
    camera: &Camera2d,
    viewport: [u32; 2],
    pos: Vec2,
    text: &str,
    colour: [f32; 4],
    size: f32,
) {
    let ppp = ctx.pixels_per_point();
    let screen = camera.world_to_screen(pos, viewport) / ppp;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let c = egui::Color32::from_rgba_unmultiplied(
        (colour[0] * 255.0) as u8,
        (colour[1] * 255.0) as u8,
        (colour[2] * 255.0) as u8,
        (colour[3] * 255.0) as u8,
    );
    let font = egui::FontId::proportional(size);
    painter.text(
        egui::pos2(screen.x + 1.0, screen.y + 1.0),
        egui::Align2::CENTER_CENTER,
        text,
        font.clone(),
        egui::Color32::from_black_alpha(200),
    );
    painter.text(
        egui::pos2(screen.x, screen.y),
        egui::Align2::CENTER_CENTER,
        text,
        font,
        c,
    );
}

/// The player's body breaking up at death (the death moment of docs/game.md#death-and-summary):
/// `t` runs 0 → 1 over the beat; twelve shards fly out and fade, a ring widens.
pub fn death_shards(scene: &mut Scene, pos: Vec2, radius: f32, t: f32) {
    let t = t.clamp(0.0, 1.0);
    // The body is gone: cover it with the floor.
    let floor = [palette::FLOOR[0], palette::FLOOR[1], palette::FLOOR[2], 1.0];
    scene
        .shapes
        .push(Layer::Top, Shape::circle(pos, radius + 12.0, floor));
    let fade = 1.0 - t;
    for i in 0..12 {
        let a = i as f32 / 12.0 * std::f32::consts::TAU + 0.35 * (i % 3) as f32;
        let dir = Vec2::new(a.cos(), a.sin());
        let reach = radius * (0.3 + 3.2 * t) * (0.8 + 0.1 * (i % 4) as f32);
        let size = radius * 0.42 * (1.0 - 0.7 * t);
        let mut c = if i % 2 == 0 {
            palette::PLAYER
        } else {
            palette::PLAYER_RING
        };
        c[3] *= fade;
        scene
            .shapes
            .push(Layer::Top, Shape::circle(pos + dir * reach, size, c));
    }
    let mut ring = palette::PLAYER_RING;
    ring[3] *= fade * 0.8;
    scene.shapes.push(
        Layer::Top,
        Shape::ring(pos, radius * (1.0 + 4.0 * t), 3.0, ring).glow(6.0),
    );
}
