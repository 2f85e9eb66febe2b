//! Wave settlement: what the wave gave, before the level-ups and the shop.

use super::theme;
use crate::world::WaveStats;

/// Draws the settlement; true when the player continues (button or Enter).
/// `waiting_artifacts`: finds no socket took, waiting in the armoury's bag
/// (docs/screens.md#finds-and-cores), told so they are not missed.
pub fn show(
    ctx: &egui::Context,
    stats: &WaveStats,
    gold: u64,
    confirm: bool,
    waiting_artifacts: usize,
) -> bool {
    let mut go = confirm;
    egui::Window::new(format!("Wave {} cleared", stats.wave))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::Grid::new("settlement")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    row(ui, "Kills", stats.kills.to_string());
                    row(
                        ui,
                        "Elite / boss kills",
                        format!("{} / {}", stats.elite_kills, stats.boss_kills),
                    );
                    row(ui, "Damage dealt", format!("{:.0}", stats.damage_dealt));
                    row(ui, "Damage taken", format!("{:.0}", stats.damage_taken));
                    row_in(ui, "Gold picked up", stats.gold_picked.to_string(), theme::GOLD);
                    let lost = if stats.gold_lost > 0 { theme::THREAT } else { theme::TEXT };
                    row_in(ui, "Gold lost (coins vanished)", stats.gold_lost.to_string(), lost);
                    row(ui, "XP", stats.xp.to_string());
                    row(
                        ui,
                        "Items / materials dropped",
                        format!("{} / {}", stats.items_dropped, stats.materials_dropped),
                    );
                    row(ui, "Artifacts found", stats.artifacts_dropped.to_string());
                    row_in(ui, "Gold now (after settlement)", gold.to_string(), theme::GOLD);
                });
            if waiting_artifacts > 0 {
                ui.colored_label(
                    theme::ACCENT,
                    format!(
                        "{waiting_artifacts} artifact(s) wait in the armoury's bag: every socket was full. Socket them there (take one out to swap)."
                    ),
                );
            }
            ui.separator();
            if ui.button("Continue (Enter)").clicked() {
                go = true;
            }
        });
    go
}

fn row(ui: &mut egui::Ui, k: &str, v: String) {
    row_in(ui, k, v, theme::TEXT_STRONG);
}

/// A row whose number is in `colour` (gold in gold, a loss in the threat's colour).
fn row_in(ui: &mut egui::Ui, k: &str, v: String, colour: egui::Color32) {
    ui.label(egui::RichText::new(k).color(theme::TEXT_WEAK));
    ui.label(egui::RichText::new(v).monospace().color(colour));
    ui.end_row();
}
