//! The unlock tree (docs/game.md#unlocks): what aether fragments buy. Every row
//! shows its price before it can be bought, and what it opens.

use std::collections::BTreeSet;

use crate::shop::UnlockTree;

/// What the player chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnlocksAction {
    /// Buy the unlock with this id.
    Buy(String),
    /// Back to the title.
    Back,
}

/// Draws the tree; `message` is the last purchase's result.
pub fn show(
    ctx: &egui::Context,
    tree: &UnlockTree,
    owned: &BTreeSet<String>,
    aether: u32,
    message: Option<&str>,
) -> Option<UnlocksAction> {
    let mut action = None;
    ctx.root_ui(|root| {
        egui::CentralPanel::default().show(root, |ui| {
            ui.heading("Unlocks");
            ui.label(format!(
                "Aether fragments: {aether}. Unlocks add to what runs can offer; they never raise your stats."
            ));
            ui.add_space(8.0);
            egui::Grid::new("unlocks")
                .num_columns(4)
                .striped(true)
                .spacing([16.0, 8.0])
                .show(ui, |ui| {
                    for u in &tree.unlocks {
                        ui.strong(&u.name);
                        ui.label(&u.description);
                        ui.monospace(format!("{} fragments", u.cost));
                        if owned.contains(&u.id) {
                            ui.label("Unlocked");
                        } else if aether >= u.cost {
                            if ui.button(format!("Unlock for {}", u.cost)).clicked() {
                                action = Some(UnlocksAction::Buy(u.id.clone()));
                            }
                        } else {
                            ui.add_enabled(
                                false,
                                egui::Button::new(format!("{} more needed", u.cost - aether)),
                            );
                        }
                        ui.end_row();
                    }
                });
            if let Some(m) = message {
                ui.add_space(6.0);
                ui.label(m);
            }
            ui.add_space(10.0);
            let back = ui.button("Back (Esc)");
            if ctx.memory(|m| m.focused().is_none()) {
                back.request_focus();
            }
            if back.clicked() {
                action = Some(UnlocksAction::Back);
            }
        });
    });
    action
}
