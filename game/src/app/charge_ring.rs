//! The standing-charge ring (docs/game.md#dash-and-movement-builds): a sky-blue arc around the
//! player that fills over the charge time once the player has stood still
//! `ring_after_s`, and flashes when full. Drawn with egui's painter in screen
//! space from [`World::charge_state`], so the rules never touch the UI.

use engine::render::Camera2d;

use crate::world::{Carry, World};

/// Sky blue (#87CEEB), the seed's ring colour.
const SKY_BLUE: [u8; 3] = [135, 206, 235];
/// Flashes per second of a full ring.
const FLASH_HZ: f32 = 4.0;
/// Segments of a full circle.
const SEGMENTS: usize = 48;

/// Draws the ring for `world` (nothing when its deck has no stand-charge chip
/// or the player has not stood still long enough). `time` drives the flash.
pub fn draw(
    ctx: &egui::Context,
    camera: &Camera2d,
    viewport: [u32; 2],
    world: &World,
    carry: &Carry,
    time: f32,
) {
    let Some(state) = world.charge_state(carry) else {
        return;
    };
    if !state.shown {
        return;
    }
    let ppp = ctx.pixels_per_point();
    let centre = camera.world_to_screen(world.player.pos, viewport) / ppp;
    let radius = (world.player.radius * 2.2 * camera.zoom / ppp).max(14.0);
    let painter = ctx.layer_painter(egui::LayerId::background());
    let alpha = if state.full {
        // Square-wave flash between bright and dim.
        if (time * FLASH_HZ).fract() < 0.5 { 255 } else { 90 }
    } else {
        220
    };
    let [r, g, b] = SKY_BLUE;
    let colour = egui::Color32::from_rgba_unmultiplied(r, g, b, alpha);
    let track = egui::Color32::from_rgba_unmultiplied(r, g, b, 50);
    let c = egui::pos2(centre.x, centre.y);
    painter.circle_stroke(c, radius, egui::Stroke::new(3.0, track));
    let n = ((SEGMENTS as f32 * state.progress).ceil() as usize).max(1);
    let points: Vec<egui::Pos2> = (0..=n)
        .map(|i| {
            // Clockwise from the top.
            let a =
                -std::f32::consts::FRAC_PI_2 + std::f32::consts::TAU * state.progress * i as f32 / n as f32;
            egui::pos2(c.x + radius * a.cos(), c.y + radius * a.sin())
        })
        .collect();
    painter.add(egui::Shape::line(points, egui::Stroke::new(4.0, colour)));
    let label = if state.full {
        "OVERLOAD".to_string()
    } else {
        format!("{:.1}", state.left_s)
    };
    painter.text(
        egui::pos2(c.x, c.y - radius - 10.0),
        egui::Align2::CENTER_CENTER,
        label,
        egui::FontId::proportional(13.0),
        colour,
    );
}
