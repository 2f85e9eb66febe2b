//! Drawing helpers shared by the fight, the test range and the stress scene:
//! the arena floor and walls, the player with its outline, damage numbers.

use engine::render::{Camera2d, Layer, Scene, Shape, ShapeKind};
use glam::Vec2;

use super::palette;

/// Grid spacing on the floor, px (docs/art.md#the-arena): fine lines (high
/// quality only), minor lines, and major lines with a cross where they meet.
const GRID_FINE: f32 = 50.0;
const GRID_MINOR: f32 = 100.0;
const GRID_MAJOR: f32 = 200.0;

/// The arena from `min` to `max`, only where visible: the floor (the clear
/// colour, a minor and a major grid, a cross at each major crossing, and
/// at high quality a fine grid between), the dark outside and the neon
/// walls. Thin lines and small marks only: on a software rasteriser pixels
/// are the cost, and the floor is most of them.
pub fn arena(scene: &mut Scene, min: Vec2, max: Vec2, viewport: [u32; 2]) {
    arena_bent(scene, min, max, viewport, None);
}

/// How far a world point of the floor is pushed this frame (the reactive
/// field's displacement, docs/art.md#the-arena).
pub type Bend<'a> = &'a dyn Fn(Vec2) -> Vec2;

/// [`arena`] with the grid bent by `bend` where it is given (high
/// quality's reactive field): lines run straight where the floor rests and
/// bend, brightening, where it moves; the walls never move.
pub fn arena_bent(scene: &mut Scene, min: Vec2, max: Vec2, viewport: [u32; 2], bend: Option<Bend<'_>>) {
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
                Shape::new(ShapeKind::Square, (a + b) * 0.5, (b - a) * 0.5, palette::OUTSIDE),
            );
        }
    }
    let lo = min.max(view_min);
    let hi = max.min(view_max);
    if lo.x < hi.x && lo.y < hi.y {
        grid(
            scene,
            lo,
            hi,
            if scene.glow { GRID_FINE } else { GRID_MINOR },
            bend,
        );
    }
    let corners = [min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)];
    for i in 0..4 {
        let (a, b) = (corners[i], corners[(i + 1) % 4]);
        scene
            .shapes
            .push(Layer::Ground, Shape::line(a, b, 7.0, palette::WALL).glow(8.0));
        scene
            .shapes
            .push(Layer::Ground, Shape::line(a, b, 1.5, palette::WALL_CORE));
    }
}

/// The floor's grids (`step` apart, every `GRID_MAJOR` brighter) and the
/// crosses where major lines meet, over `lo..hi`, bent by `bend`.
fn grid(scene: &mut Scene, lo: Vec2, hi: Vec2, step: f32, bend: Option<Bend<'_>>) {
    let steps = |from: f32, to: f32, step: f32| {
        let first = (from / step).ceil() as i64;
        let last = (to / step).floor() as i64;
        (first..=last).map(move |k| k as f32 * step)
    };
    // Width and colour of the line at `at`: major lines every GRID_MAJOR.
    let style = |at: f32| {
        if (at / GRID_MAJOR).fract().abs() < 1e-3 {
            (2.0, palette::GRID_MAJOR)
        } else {
            (1.0, palette::GRID)
        }
    };
    let ground = &mut scene.shapes.ground;
    let mut line = |a: Vec2, b: Vec2, (w, c): (f32, [f32; 4])| match bend {
        Some(bend) => bent_line(ground, a, b, step, (w, c), bend),
        None => ground.push(Shape::line(a, b, w, c)),
    };
    for x in steps(lo.x, hi.x, step) {
        line(Vec2::new(x, lo.y), Vec2::new(x, hi.y), style(x));
    }
    for y in steps(lo.y, hi.y, step) {
        line(Vec2::new(lo.x, y), Vec2::new(hi.x, y), style(y));
    }
    for x in steps(lo.x, hi.x, GRID_MAJOR) {
        for y in steps(lo.y, hi.y, GRID_MAJOR) {
            let at = Vec2::new(x, y);
            let at = at + bend.map_or(Vec2::ZERO, |b| b(at));
            ground.push(Shape::new(
                ShapeKind::Cross,
                at,
                Vec2::new(9.0, 4.0),
                palette::GRID_MARK,
            ));
        }
    }
}

/// Below this displacement, px, the floor counts as at rest (its line is
/// drawn straight, in one piece).
const REST_PX: f32 = 0.3;
/// The displacement, px, at which a bent line is fully lit.
const LIT_PX: f32 = 12.0;

/// The axis-aligned grid line `a..b` bent by `bend`: cut at every multiple
/// of `step` along it (where the field's nodes lie), each piece drawn
/// between its bent ends and lit by how far they moved; pieces at rest
/// join into straight runs, so a resting floor costs what a flat grid does.
fn bent_line(out: &mut Vec<Shape>, a: Vec2, b: Vec2, step: f32, (w, c): (f32, [f32; 4]), bend: Bend<'_>) {
    let axis = if (b.x - a.x).abs() > (b.y - a.y).abs() {
        0
    } else {
        1
    };
    let mut points = vec![a];
    let mut k = (a[axis] / step).floor() + 1.0;
    while k * step < b[axis] {
        let mut p = a;
        p[axis] = k * step;
        points.push(p);
        k += 1.0;
    }
    points.push(b);
    let moved: Vec<Vec2> = points.iter().map(|&p| bend(p)).collect();
    let mut run = 0;
    for i in 0..points.len() - 1 {
        let (dp, dq) = (moved[i], moved[i + 1]);
        let most = dp.length().max(dq.length());
        if most < REST_PX {
            continue;
        }
        if run < i {
            out.push(Shape::line(points[run], points[i], w, c));
        }
        let lit = (most / LIT_PX).min(1.0);
        let colour = std::array::from_fn(|j| c[j] + (palette::FIELD_LIT[j] - c[j]) * lit);
        out.push(Shape::line(points[i] + dp, points[i + 1] + dq, w, colour));
        run = i + 1;
    }
    if run < points.len() - 1 {
        out.push(Shape::line(points[run], b, w, c));
    }
}

/// The high-quality floor light (docs/art.md#the-arena): a faint cool pool
/// of light around the player that fades before the screen's edges, the
/// vignette of a dark floor (darkening a near-black floor would show
/// nothing). One additive shape whose halo covers the screen, so low
/// quality leaves it out.
pub fn floor_light(scene: &mut Scene, at: Vec2, viewport: [u32; 2]) {
    let reach = Vec2::new(viewport[0] as f32, viewport[1] as f32).length() * 0.5;
    scene.shapes.push(
        Layer::Glow,
        Shape::circle(at, 2.0, palette::FLOOR_LIGHT).glow(reach / 3.0),
    );
}

/// How the player's body looks this frame (docs/art.md#motion).
#[derive(Debug, Clone, Copy, Default)]
pub struct PlayerLook {
    /// Where, world px.
    pub pos: Vec2,
    /// The body's radius, px.
    pub radius: f32,
    /// The way it aims (any length; zero: no nose).
    pub facing: Vec2,
    /// 1 → 0 after a hit.
    pub hurt: f32,
    /// 1 → 0 after a cast.
    pub cast: f32,
    /// 0 above a third of max HP, rising to 1 at none.
    pub low_hp: f32,
    /// How strongly flashes whiten or redden (the comfort setting).
    pub flashes: f32,
}

/// The player: a dark outline, a white body, a pulsing cyan ring and a nose
/// toward its aim, all on the top layer so no crowd or glow ever hides it;
/// a cast brightens ring and nose, a hit reddens the body, low HP beats a
/// red ring like a heart.
pub fn player(scene: &mut Scene, look: &PlayerLook) {
    let t = scene.time;
    let (pos, radius) = (look.pos, look.radius);
    let top = &mut scene.shapes.top;
    top.push(Shape::circle(pos, radius + 3.0, palette::PLAYER_OUTLINE));
    let hurt = [1.0, 0.3, 0.35, 1.0];
    let body = lerp4(palette::PLAYER, hurt, look.hurt * look.flashes.max(0.5));
    top.push(Shape::circle(pos, radius, body));
    top.push(Shape::circle(
        pos,
        radius * 0.45,
        lerp4(palette::PLAYER_CORE, body, look.hurt),
    ));
    let pulse = 0.75 + 0.25 * (t * 4.0).sin();
    let mut ring = lerp4(
        palette::PLAYER_RING,
        palette::FLASH,
        0.6 * look.cast * look.flashes,
    );
    ring[3] *= pulse.max(look.cast);
    top.push(Shape::ring(pos, radius + 9.0 + 3.0 * look.cast, 2.5, ring).glow(4.0));
    if let Some(dir) = look.facing.try_normalize() {
        let nose = pos + dir * (radius + 13.0 + 3.0 * look.cast);
        let tri = Shape::new(
            ShapeKind::Triangle,
            nose,
            Vec2::splat(7.0 + 2.0 * look.cast),
            ring,
        );
        top.push(tri.rotated(dir.y.atan2(dir.x)).outlined(1.5));
    }
    if look.low_hp > 0.0 {
        // Two beats a second, faster and brighter as HP runs out.
        let rate = 6.0 + 6.0 * look.low_hp;
        let beat = (0.5 + 0.5 * (t * rate).sin()).powi(3);
        // Red flaring to white on the beat: plain red would vanish among
        // the warm enemies crowding a dying player.
        let mut c = lerp4(palette::LOW_HP, palette::FLASH, 0.6 * beat);
        c[3] = (0.45 + 0.55 * look.low_hp) * (0.4 + 0.6 * beat) * look.flashes.max(0.5);
        top.push(Shape::ring(pos, radius + 16.0 + 4.0 * beat, 4.0, c).glow(6.0));
    }
}

fn lerp4(a: [f32; 4], b: [f32; 4], k: f32) -> [f32; 4] {
    let k = k.clamp(0.0, 1.0);
    std::array::from_fn(|i| a[i] + (b[i] - a[i]) * k)
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

/// Words at a screen point (egui points), drawn with egui over the world
/// with a dark shadow: damage numbers and reaction words, placed by the
/// fight's layout (`fight::numbers`).
pub fn screen_text(ctx: &egui::Context, at: egui::Pos2, text: &str, colour: [f32; 4], size: f32) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    let [r, g, b, a] = colour.map(|c| (c.clamp(0.0, 1.0) * 255.0) as u8);
    let font = egui::FontId::proportional(size);
    painter.text(
        at + egui::vec2(1.0, 1.0),
        egui::Align2::CENTER_CENTER,
        text,
        font.clone(),
        egui::Color32::from_black_alpha((200.0 * colour[3].clamp(0.0, 1.0)) as u8),
    );
    painter.text(
        at,
        egui::Align2::CENTER_CENTER,
        text,
        font,
        egui::Color32::from_rgba_unmultiplied(r, g, b, a),
    );
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
