//! The test range panel: live DPS, 1× / 0.1× speed, and the active core's
//! chips with the ones executed this cycle lit and the latest one marked.

use crate::world::World;

/// What the player asked for on the range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeAction {
    /// Switch between 1× and 0.1×.
    ToggleSlow,
    /// Back to the lab.
    Back,
}

/// The panel as drawn this frame.
#[derive(Debug, Clone, Copy)]
pub struct RangePanel {
    /// What the player asked for, if anything.
    pub action: Option<RangeAction>,
    /// Where the panel lies, in points: the range's camera keeps the
    /// dummies left of it at every interface size.
    pub rect: egui::Rect,
}

/// Widest the panel grows, points: past it the chips wrap, so at 150 %
/// on a 1280-pixel window the panel leaves room for the dummies.
const MAX_WIDTH: f32 = 300.0;

/// Draws the panel at the right edge.
pub fn show(ctx: &egui::Context, world: &World, dps: f64, time_scale: f32) -> RangePanel {
    let mut action = None;
    let shown = egui::Window::new("Test range")
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 48.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.set_max_width(MAX_WIDTH);
            ui.label(egui::RichText::new(format!("{dps:.0} DPS")).size(28.0).strong());
            ui.weak("damage per second over the last 3 s of simulation");
            ui.weak("nearest dummy: plain, no armour (the lab's numbers); the two behind: 5 armour each");
            ui.horizontal_wrapped(|ui| {
                let label = if time_scale < 1.0 {
                    "Speed: 0.1x (click for 1x)"
                } else {
                    "Slow motion 0.1x"
                };
                if ui.button(label).clicked() {
                    action = Some(RangeAction::ToggleSlow);
                }
                if ui.button("Back to the lab (Esc)").clicked() {
                    action = Some(RangeAction::Back);
                }
            });
            ui.separator();
            ui.strong("This cycle (lit: executed; > the latest)");
            let cat = world.catalog();
            if let Some(core) = world.core_state() {
                let (deck, discard) = core.zones();
                ui.horizontal_wrapped(|ui| {
                    for (i, s) in discard.iter().enumerate() {
                        let name = &cat.spells.get(*s).name;
                        let latest = i + 1 == discard.len();
                        let text = if latest { format!("> {name}") } else { name.clone() };
                        let colour = if latest {
                            egui::Color32::from_rgb(255, 220, 90)
                        } else {
                            egui::Color32::from_rgb(150, 200, 255)
                        };
                        ui.label(egui::RichText::new(text).color(colour).strong());
                    }
                    for s in &deck {
                        ui.label(egui::RichText::new(&cat.spells.get(*s).name).weak());
                    }
                });
                ui.label(format!(
                    "mana {:.0}   next cast in {:.2} s",
                    core.mana(),
                    core.ready_in()
                ));
            }
        });
    let rect = shown.map_or(egui::Rect::NOTHING, |s| s.response.rect);
    RangePanel { action, rect }
}
