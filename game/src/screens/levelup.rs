//! The level-up choice: one of the offered upgrades (click, or its number key).
//!
//! Each card says its change once, in its name ("Might: +8 % damage"), and
//! under it what that does to the build now ("Damage ×1.00 -> ×1.08";
//! docs/screens.md#offers). A card's edge and tier word say how rarely it
//! is offered, its icon what it changes; the stat sheet sits beside the
//! cards (docs/screens.md#how-screens-look).

use egui::RichText;

use super::theme;
use crate::economy::levelup::{LevelUpDef, LevelUpTable};
use crate::world::{Carry, World};

/// What the player did in the level-up window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LevelUpPick {
    /// Took the offered upgrade at this position.
    Take(usize),
    /// Paid for a new offer.
    Reroll,
}

/// Draws the choice among `offer` (indices into the table) and the reroll
/// at `reroll_cost` gold (`rerolls` made in this window so far).
pub fn show(
    ctx: &egui::Context,
    table: &LevelUpTable,
    offer: &[usize],
    pending: u32,
    build: (&World, &Carry),
    (reroll_cost, rerolls): (u64, u32),
) -> Option<LevelUpPick> {
    let mut picked = None;
    egui::Window::new(format!("Level up! ({pending} to choose)"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.horizontal_top(|ui| {
                for (k, &i) in offer.iter().enumerate() {
                    let Some(up) = table.upgrades.get(i) else { continue };
                    if card(ui, up, k, build) {
                        picked = Some(LevelUpPick::Take(k));
                    }
                }
                super::stat_sheet::show(ui, build.0, build.1);
            });
            ui.horizontal(|ui| {
                let gold = build.1.wallet.gold();
                let can = gold >= reroll_cost;
                let button = ui
                    .add_enabled(can, egui::Button::new(format!("Reroll ({reroll_cost} gold) (R)")))
                    .on_hover_text("three new upgrades; each reroll in this window costs more")
                    .on_disabled_hover_text(format!("{reroll_cost} gold needed, {gold} held"));
                let key = can && ui.input(|i| i.key_pressed(egui::Key::R));
                if button.clicked() || key {
                    picked = Some(LevelUpPick::Reroll);
                }
                ui.label(
                    RichText::new(format!("{gold} gold · rerolls here: {rerolls}")).color(theme::TEXT_WEAK),
                );
            });
        });
    picked
}

/// One card: its tier's edge and word, its stat's icon, its name and what
/// it does to the build now; true when taken (button or number key).
fn card(ui: &mut egui::Ui, up: &LevelUpDef, k: usize, build: (&World, &Carry)) -> bool {
    let tier = theme::weight_tier(up.weight);
    let colour = theme::tier_colour(tier);
    let mut taken = false;
    theme::card(colour).show(ui, |ui| {
        ui.set_width(CARD_WIDTH);
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                if let Some(m) = up.modifiers.first() {
                    super::icons::stat_icon(ui, m.stat, 28.0);
                }
                ui.label(RichText::new(theme::tier_word(tier)).small().color(colour));
            });
            ui.label(RichText::new(&up.name).strong().color(theme::TEXT_STRONG));
            for line in super::build_now::stat_changes(build.0, build.1, &up.modifiers) {
                ui.label(RichText::new(format!("Now: {line}")).color(theme::TEXT_WEAK));
            }
            let key = super::number_key(k);
            let pressed = key.is_some_and(|key| ui.input(|i| i.key_pressed(key)));
            if ui.button(format!("Take ({})", k + 1)).clicked() || pressed {
                taken = true;
            }
        });
    });
    taken
}

/// Width of a card's inside, points (three cards and the stat sheet fit
/// 1280×720 at 150 % interface size: docs/screens.md#every-screen-fits).
const CARD_WIDTH: f32 = 150.0;
