//! The run summary after death, victory (the last wave's boss killed), or a
//! run that ended alive without the clear.

use crate::run::Outcome;
pub use crate::run::RunSummary;

/// What the player picked on the summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SummaryAction {
    /// Start a fresh run in the lab.
    NewRun,
    /// Close the game.
    Quit,
}

/// Draws the summary.
pub fn show(ctx: &egui::Context, s: &RunSummary) -> Option<SummaryAction> {
    let mut action = None;
    let title = match s.outcome {
        Some(Outcome::Won) => "Victory!",
        Some(Outcome::Died) => "You died",
        Some(Outcome::Survived) if s.last_wave_of_game => "The boss outlived you: no victory",
        Some(Outcome::Survived) | None => "Run over",
    };
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::Grid::new("summary")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    let mut row = |k: &str, v: String| {
                        ui.label(k);
                        ui.monospace(v);
                        ui.end_row();
                    };
                    row("Highest wave", s.highest_wave.to_string());
                    row("Total damage", format!("{:.0}", s.total_damage));
                    row("Highest single hit", format!("{:.0}", s.highest_hit));
                    row("Kills", s.kills.to_string());
                    row("Level", s.level.to_string());
                    row("Core", s.core.clone());
                });
            ui.label("Build:");
            ui.horizontal_wrapped(|ui| {
                for chip in &s.deck {
                    ui.label(
                        egui::RichText::new(chip)
                            .monospace()
                            .background_color(egui::Color32::from_gray(40)),
                    );
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("New run").clicked() {
                    action = Some(SummaryAction::NewRun);
                }
                if ui.button("Quit").clicked() {
                    action = Some(SummaryAction::Quit);
                }
            });
        });
    action
}
