//! The run summary after death, victory (the last wave's boss killed), or a
//! run that ended alive without the clear.

use crate::profile::RunEnd;
use crate::run::Outcome;
pub use crate::run::RunSummary;

/// What the player picked on the summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SummaryAction {
    /// Start a fresh run in the lab.
    NewRun,
    /// Back to the title screen.
    Title,
    /// Close the game.
    Quit,
    /// Go on past the clear into endless (docs/game.md#the-clear).
    Endless,
}

/// Draws the summary (the build with its chips' icons, from `cat`); `end`
/// is what the run left in the profile (aether,
/// unlocks now affordable), shown when the game runs on one (`title`).
pub fn show(
    ctx: &egui::Context,
    cat: &crate::catalog::Catalog,
    s: &RunSummary,
    end: Option<&RunEnd>,
    on_profile: bool,
    can_go_endless: bool,
    death: &[String],
) -> Option<SummaryAction> {
    let mut action = None;
    let title = match s.outcome {
        Some(Outcome::Won) => "Victory! The game is cleared",
        Some(Outcome::Died) if death.first().is_some_and(|l| l.starts_with(ABANDONED)) => "Run abandoned",
        Some(Outcome::Died) => "You died",
        Some(Outcome::Survived) if s.last_wave_of_game => "The boss outlived you: no victory",
        Some(Outcome::Survived) | None => "Run over",
    };
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            for (k, line) in death.iter().enumerate() {
                if k == 0 {
                    ui.strong(line);
                } else {
                    ui.label(line);
                }
            }
            if !death.is_empty() {
                ui.separator();
            }
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
                    // How near the boss that outlived the run came to falling.
                    if let Some((who, left)) = &s.boss_standing {
                        row(&format!("{who}'s HP left"), format!("{:.0} %", left * 100.0));
                    }
                    row("Total damage", format!("{:.0}", s.total_damage));
                    row("Highest single hit", format!("{:.0}", s.highest_hit));
                    row("Kills", s.kills.to_string());
                    row("Level", s.level.to_string());
                    row("Core", s.core.clone());
                    row("Seed", s.seed.to_string());
                    if let Some(d) = &s.daily {
                        row("Daily run", d.clone());
                    }
                });
            top_chips(ui, s);
            ui.label("Build:");
            ui.horizontal_wrapped(|ui| {
                for (i, chip) in s.deck.iter().enumerate() {
                    if let Some(id) = s.deck_ids.get(i) {
                        super::icons::chip_icon(ui, cat, id);
                    }
                    ui.label(
                        egui::RichText::new(chip)
                            .monospace()
                            .background_color(egui::Color32::from_gray(40)),
                    );
                }
            });
            if let Some(end) = end {
                ui.separator();
                aether(ui, end);
            }
            ui.separator();
            if can_go_endless {
                ui.label(
                    "Go on into Endless: the waves keep coming, 10% harder every five; a mutator \
                     every ten waves from W30 and a boss rush every twenty from W40. Endless feeds \
                     the leaderboard, not your aether.",
                );
                if ui.button("Continue into Endless").clicked() {
                    action = Some(SummaryAction::Endless);
                }
            }
            ui.horizontal(|ui| {
                let new_run = ui.button("New run");
                if ctx.memory(|m| m.focused().is_none()) {
                    new_run.request_focus();
                }
                if new_run.clicked() {
                    action = Some(SummaryAction::NewRun);
                }
                if on_profile && ui.button("Title screen").clicked() {
                    action = Some(SummaryAction::Title);
                }
                if ui.button("Quit").clicked() {
                    action = Some(SummaryAction::Quit);
                }
            });
        });
    action
}

/// The chips (and other sources) that did the most damage, charted.
fn top_chips(ui: &mut egui::Ui, s: &RunSummary) {
    const SHOWN: usize = 3;
    if s.damage.sources.is_empty() {
        return;
    }
    ui.label("Top damage:");
    let top = &s.damage.sources[..s.damage.sources.len().min(SHOWN)];
    super::history::chart(ui, top, s.damage.total, 140.0);
}

/// How the summary's first line starts for a run abandoned from the pause menu.
pub const ABANDONED: &str = "You abandoned the run";

/// The line a summary shows for a run abandoned in wave `wave`.
pub fn abandoned_line(wave: u32) -> String {
    format!("{ABANDONED} in wave {wave}.")
}

/// The death screen's words (docs/screens.md#run-management): who or what
/// dealt the killing blow, and the damage taken by source over the last
/// five seconds. Empty when the player did not die in this wave.
pub fn death_lines(world: &crate::world::World) -> Vec<String> {
    use crate::world::blows::{HARM_WINDOW_S, HarmKind, harm_by_source};
    let stats = &world.stats;
    let Some(cause) = &stats.death_cause else {
        return Vec::new();
    };
    let kind = stats.recent_harm.last().map(|h| h.kind);
    let killer = match kind {
        Some(HarmKind::Enemy) => format!("Killed by a {cause}'s blow."),
        Some(HarmKind::Boss) => format!("Killed by {cause}."),
        Some(HarmKind::Shot) => "Killed by an enemy shot.".to_string(),
        Some(HarmKind::OwnBlast) => "Killed by your own explosion (self-damage).".to_string(),
        Some(HarmKind::OwnGear) => "Killed by your own gear draining HP (self-damage).".to_string(),
        Some(HarmKind::Pool) => format!("Killed by an {cause}."),
        Some(HarmKind::Affliction) => format!("Killed by {cause}."),
        None => format!("Killed by {cause}."),
    };
    let mut lines = vec![killer];
    let by = harm_by_source(&stats.recent_harm, world.wave_steps, world.dt());
    if !by.is_empty() {
        let parts: Vec<String> = by.iter().map(|(s, _, a)| format!("{s} {a:.0}")).collect();
        lines.push(format!(
            "Damage taken in the last {HARM_WINDOW_S:.0} s: {}",
            parts.join(" · ")
        ));
    }
    lines
}

/// The run's aether, item by item, and what it now affords.
fn aether(ui: &mut egui::Ui, end: &RunEnd) {
    let a = &end.aether;
    ui.strong(format!("Aether fragments earned: {}", a.total()));
    egui::Grid::new("aether").num_columns(2).show(ui, |ui| {
        ui.label(format!("Reaching wave {}", end.wave));
        ui.monospace(format!("+{}", a.wave));
        ui.end_row();
        for (wave, n) in &a.milestones {
            ui.label(format!("Milestone: wave {wave} for the first time"));
            ui.monospace(format!("+{n}"));
            ui.end_row();
        }
        if a.clear > 0 {
            ui.label(if a.first_clear { "First clear" } else { "Clear" });
            ui.monospace(format!("+{}", a.clear));
            ui.end_row();
        }
        if a.rush > 0 {
            ui.label("Boss rushes cleared");
            ui.monospace(format!("+{}", a.rush));
            ui.end_row();
        }
    });
    ui.label(format!("Fragments in hand: {}", end.aether_now));
    if end.last_will_spent {
        ui.label("Last Will spent: you stood once more at 1 HP.");
    }
    if !end.affordable.is_empty() {
        ui.label(
            egui::RichText::new(format!("You can now unlock: {}", end.affordable.join(", ")))
                .color(super::theme::GOLD)
                .strong(),
        );
    }
    if let Some(line) = end.within_reach() {
        ui.label(line);
    }
}
