//! The level-up choice: one of the offered upgrades (click, or its number key).
//!
//! Each card says its change once, in its name ("Might: damage ×1.08"), and
//! under it what that does to the build now ("Damage ×1.00 -> ×1.08";
//! docs/screens.md#offers).

use crate::economy::levelup::LevelUpTable;
use crate::world::{Carry, World};

/// Draws the choice among `offer` (indices into the table); returns the picked position.
pub fn show(
    ctx: &egui::Context,
    table: &LevelUpTable,
    offer: &[usize],
    pending: u32,
    build: (&World, &Carry),
) -> Option<usize> {
    let mut picked = None;
    egui::Window::new(format!("Level up! ({pending} to choose)"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                for (k, &i) in offer.iter().enumerate() {
                    let Some(up) = table.upgrades.get(i) else { continue };
                    ui.vertical(|ui| {
                        ui.set_width(180.0);
                        ui.strong(&up.name);
                        for line in super::build_now::stat_changes(build.0, build.1, &up.modifiers) {
                            ui.label(format!("Now: {line}"));
                        }
                        let key = super::number_key(k);
                        let pressed = key.is_some_and(|key| ui.input(|i| i.key_pressed(key)));
                        if ui.button(format!("Take ({})", k + 1)).clicked() || pressed {
                            picked = Some(k);
                        }
                    });
                }
            });
        });
    picked
}
