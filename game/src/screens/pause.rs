//! The pause menu (Esc in a fight).

/// What the player picked in the pause menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PauseAction {
    /// Back to the fight.
    Resume,
    /// Open the settings.
    Settings,
    /// Close the game.
    Quit,
}

/// Draws the pause menu centred over the arena.
pub fn show(ctx: &egui::Context) -> Option<PauseAction> {
    let mut action = None;
    egui::Window::new("Paused")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.set_min_width(220.0);
            ui.vertical_centered_justified(|ui| {
                let resume = ui.button("Resume (Esc)");
                if resume.clicked() {
                    action = Some(PauseAction::Resume);
                }
                if ui.button("Settings").clicked() {
                    action = Some(PauseAction::Settings);
                }
                if ui.button("Quit game").clicked() {
                    action = Some(PauseAction::Quit);
                }
            });
        });
    action
}
