//! The pause menu (Esc in a fight).

/// What the player picked in the pause menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PauseAction {
    /// Back to the fight.
    Resume,
    /// Open the settings.
    Settings,
    /// End the run here and see its summary (asked twice).
    Abandon,
    /// Close the game.
    Quit,
}

/// Whether the pause menu is asking "abandon this run?" (egui memory).
fn asking_id() -> egui::Id {
    egui::Id::unique("pause asks to abandon")
}

/// Draws the pause menu centred over the arena. Abandon asks first, in
/// the same window: "Abandon the run?" with Abandon and Keep playing. The
/// run's seed (and a daily's date) is shown with a Copy button, so a run
/// can be played again or shared (docs/share.md#seeded-runs).
pub fn show(ctx: &egui::Context, setup: &crate::run::RunSetup) -> Option<PauseAction> {
    let mut action = None;
    let asking = ctx.data(|d| d.get_temp::<bool>(asking_id()).unwrap_or(false));
    egui::Window::new("Paused")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.set_min_width(220.0);
            ui.vertical_centered_justified(|ui| {
                if asking {
                    ui.label("Abandon this run? It ends here and goes to its summary; the wave reached still counts.");
                    if ui.button("Abandon the run").clicked() {
                        action = Some(PauseAction::Abandon);
                        ctx.data_mut(|d| d.remove::<bool>(asking_id()));
                    }
                    if ui.button("Keep playing").clicked() {
                        ctx.data_mut(|d| d.remove::<bool>(asking_id()));
                    }
                    return;
                }
                seed_line(ui, setup);
                let resume = ui.button("Resume (Esc)");
                if resume.clicked() {
                    action = Some(PauseAction::Resume);
                }
                if ui.button("Settings").clicked() {
                    action = Some(PauseAction::Settings);
                }
                if ui.button("Abandon run…").clicked() {
                    ctx.data_mut(|d| d.insert_temp(asking_id(), true));
                }
                if ui.button("Quit game").clicked() {
                    action = Some(PauseAction::Quit);
                }
            });
        });
    action
}

/// "Seed 123 · Copy", and the daily's date.
fn seed_line(ui: &mut egui::Ui, setup: &crate::run::RunSetup) {
    if let Some(d) = &setup.daily {
        ui.label(format!("Daily run {d}"));
    }
    ui.horizontal(|ui| {
        ui.label(format!("Seed {}", setup.seed));
        if ui.small_button("Copy").clicked() {
            ui.ctx().copy_text(setup.seed.to_string());
        }
    });
    ui.separator();
}
