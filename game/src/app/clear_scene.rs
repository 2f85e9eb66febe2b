//! The clear scene (docs/game.md#the-clear): when the W20 boss falls the last
//! frame of the fight holds for a moment under widening golden rings and a
//! "Cleared" banner, then the summary offers Endless or the title.

use engine::render::{Layer, Scene, Shape};
use glam::Vec2;

/// Seconds the clear scene lasts before the summary.
pub(super) const CLEAR_BEAT_S: f32 = 2.0;

/// Golden rings widening from the player, `t` from 0 to 1.
pub(super) fn rings(scene: &mut Scene, pos: Vec2, t: f32) {
    let t = t.clamp(0.0, 1.0);
    let fade = 1.0 - t;
    for k in 0..3 {
        let lag = k as f32 * 0.18;
        let s = (t - lag).max(0.0);
        let gold = [1.0, 0.84, 0.35, 0.9 * fade];
        scene.shapes.push(
            Layer::Top,
            Shape::ring(pos, 40.0 + 900.0 * s, 6.0 - 1.5 * k as f32, gold).glow(10.0),
        );
    }
}

/// The banner over the held frame.
pub fn banner(ctx: &egui::Context, t: f32) {
    let alpha = (255.0 * (1.0 - (2.0 * t - 1.0).abs().powi(3))).clamp(0.0, 255.0) as u8;
    egui::Area::new(egui::Id::unique("clear banner"))
        // Well above the centre, where the player stands in its rings.
        .anchor(egui::Align2::CENTER_CENTER, [0.0, -130.0])
        .interactable(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new("CLEARED")
                        .size(72.0)
                        .strong()
                        .color(egui::Color32::from_rgba_unmultiplied(255, 214, 90, alpha)),
                );
                ui.label(
                    egui::RichText::new("The Void Lord has fallen.")
                        .size(24.0)
                        .color(egui::Color32::from_rgba_unmultiplied(240, 230, 200, alpha)),
                );
            });
        });
}
