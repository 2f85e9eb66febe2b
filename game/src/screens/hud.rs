//! The arena HUD: HP, mana, wave and timer, gold, level and XP along the top
//! edge, readable over any fight.

use crate::world::World;

/// Draws the HUD for `world`.
pub fn show(ctx: &egui::Context, world: &World) {
    rules_line(ctx, world);
    let frame = egui::Frame::NONE
        .fill(egui::Color32::from_black_alpha(170))
        .inner_margin(egui::Margin::symmetric(10, 6));
    egui::Area::new(egui::Id::unique("hud top"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 0.0])
        .interactable(false)
        .show(ctx, |ui| {
            frame.show(ui, |ui| {
                ui.horizontal(|ui| {
                    let p = &world.player;
                    bar(
                        ui,
                        "HP",
                        p.hp,
                        p.hp_max(),
                        egui::Color32::from_rgb(220, 50, 60),
                        200.0,
                    );
                    if let Some(core) = world.core_state() {
                        bar(
                            ui,
                            "Mana",
                            core.mana(),
                            core.core().mana_max,
                            egui::Color32::from_rgb(60, 120, 240),
                            160.0,
                        );
                    }
                    ui.separator();
                    let left = world.wave_time_left();
                    ui.label(
                        egui::RichText::new(format!("Wave {}   {:02.0}s", world.wave, left.ceil()))
                            .strong()
                            .size(18.0),
                    );
                    ui.separator();
                    ui.label(
                        egui::RichText::new(format!("{} gold", world.wallet.gold()))
                            .color(egui::Color32::from_rgb(255, 210, 60))
                            .size(16.0),
                    );
                    ui.separator();
                    let curve = &world.catalog().run.economy.curve;
                    let level = world.progress.level;
                    let need = curve.to_next(level).max(1);
                    bar(
                        ui,
                        &format!("Lv {level}"),
                        world.progress.xp as f32,
                        need as f32,
                        egui::Color32::from_rgb(80, 200, 120),
                        120.0,
                    );
                    ui.separator();
                    let cd = world.player.dash_cooldown();
                    if cd > 0.0 {
                        ui.weak(format!("dash {cd:.1}s"));
                    } else {
                        ui.label(
                            egui::RichText::new("dash ready (Space)")
                                .color(egui::Color32::from_rgb(140, 200, 255)),
                        );
                    }
                    // What enemies' elemental hits left on the player.
                    let afflicted = world.afflictions.names();
                    if !afflicted.is_empty() {
                        ui.separator();
                        ui.colored_label(egui::Color32::from_rgb(255, 150, 80), afflicted.join(", "));
                    }
                    // Store Magic's kept chip and its cooldown.
                    if let Some(card) = world.loadout.stored.cards.first()
                        && world.loadout.stored.capacity > 0
                        && let Some(left) = world
                            .core_state()
                            .and_then(|c| c.entry_ready_in(crate::vm::EntryOn::Stored))
                    {
                        let name = world
                            .catalog()
                            .spells
                            .find(&card.id)
                            .map_or(card.id.as_str(), |i| world.catalog().spells.get(i).name.as_str());
                        ui.separator();
                        if left > 0.0 {
                            ui.weak(format!("{name} {left:.1}s"));
                        } else {
                            ui.label(
                                egui::RichText::new(format!("{name} ready (Q)"))
                                    .color(egui::Color32::from_rgb(200, 160, 255)),
                            );
                        }
                    }
                    ui.separator();
                    ui.weak(if world.aim().is_some() {
                        "aim: mouse (M)"
                    } else {
                        "aim: nearest enemy (M)"
                    });
                });
            });
        });
}

/// A labelled bar with `value / max` written on it.
fn bar(ui: &mut egui::Ui, label: &str, value: f32, max: f32, colour: egui::Color32, width: f32) {
    ui.label(egui::RichText::new(label).strong());
    let frac = if max > 0.0 {
        (value / max).clamp(0.0, 1.0)
    } else {
        0.0
    };
    ui.add(
        egui::ProgressBar::new(frac)
            .desired_width(width)
            .fill(colour)
            .text(format!("{:.0} / {:.0}", value.max(0.0), max)),
    );
}

/// Under the top bar, what rules this wave runs under: NG+, the endless
/// mutator, the curse, a boss rush's bosses still to come. Each named as the
/// player reads it, with what it changes.
fn rules_line(ctx: &egui::Context, world: &World) {
    let r = &world.rules;
    let mut parts = Vec::new();
    if r.ng_plus > 0 {
        parts.push(format!("NG+ {}", r.ng_plus));
    }
    if let Some(m) = r.mutator {
        parts.push(format!("Mutator: {} ({})", m.name(), m.describe()));
    }
    for c in &r.curse {
        parts.push(format!("Curse: {} ({})", c.name(), c.describe()));
    }
    let left = world.rush_left();
    if left > 0 {
        parts.push(format!("Boss rush: {left} more to come"));
    }
    if parts.is_empty() {
        return;
    }
    egui::Area::new(egui::Id::unique("hud rules"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 40.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::NONE
                .fill(egui::Color32::from_black_alpha(150))
                .inner_margin(egui::Margin::symmetric(8, 4))
                .show(ui, |ui| {
                    for p in parts {
                        ui.label(egui::RichText::new(p).color(egui::Color32::from_rgb(230, 160, 255)));
                    }
                });
        });
}
