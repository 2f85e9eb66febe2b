//! The level-up choice: one of the offered upgrades (click, or its number key).

use crate::economy::levelup::LevelUpTable;

/// Draws the choice among `offer` (indices into the table); returns the picked position.
pub fn show(ctx: &egui::Context, table: &LevelUpTable, offer: &[usize], pending: u32) -> Option<usize> {
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
                        for m in &up.modifiers {
                            let mut text = format!("{:?}", m.stat);
                            if m.add != 0.0 {
                                text.push_str(&format!(" {:+}", m.add));
                            }
                            if m.mul != 0.0 {
                                text.push_str(&format!(" {:+.0}%", m.mul * 100.0));
                            }
                            ui.label(text);
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
