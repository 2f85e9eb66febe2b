//! Run history (docs/share.md#run-history): the runs the profile kept,
//! newest first, filtered by mode and outcome; one run opens to its
//! details and a damage-per-chip chart painted with egui. Drawn as a tab of
//! the records screen; what is open lives in egui's memory, so the caller
//! keeps no state for it.

use crate::combat::attribution::NamedShare;
use crate::profile::{History, RunRecord};

/// What the history tab shows: filters and the run opened.
#[derive(Debug, Clone, Default, PartialEq)]
struct View {
    /// Only runs of this mode family ("Standard", "Daily", …), or all.
    mode: Option<String>,
    /// Only runs with this outcome word, or all.
    outcome: Option<String>,
    /// The run opened, by its index in the history.
    open: Option<usize>,
}

fn view_id() -> egui::Id {
    egui::Id::unique("history view")
}

/// The family a mode belongs to for the filter: a daily's date and an NG+
/// level or practice wave are left out ("Daily 2026-12-03" → "Daily").
pub fn mode_family(mode: &str) -> &str {
    for family in ["Daily", "Practice", "NG+"] {
        if mode.starts_with(family) {
            return family;
        }
    }
    mode
}

/// Opens run `index` of the history (or the list, `None`) the next time
/// it is drawn: the window's `--screen records --history-run` preview and tests.
pub fn open_run(ctx: &egui::Context, index: Option<usize>) {
    ctx.data_mut(|d| {
        let mut v: View = d.get_temp(view_id()).unwrap_or_default();
        v.open = index;
        d.insert_temp(view_id(), v);
    });
}

/// Draws the history inside `ui`.
pub fn show(ui: &mut egui::Ui, history: &History) {
    let mut view: View = ui.data(|d| d.get_temp(view_id())).unwrap_or_default();
    if let Some(i) = view.open {
        match history.runs.get(i) {
            Some(r) => {
                if ui.button("Back to the list").clicked() {
                    view.open = None;
                }
                details(ui, r);
            }
            None => view.open = None,
        }
    } else {
        list(ui, history, &mut view);
    }
    ui.data_mut(|d| d.insert_temp(view_id(), view));
}

fn list(ui: &mut egui::Ui, history: &History, view: &mut View) {
    if history.runs.is_empty() {
        ui.label("No finished run yet. Every run you finish is kept here (the last 200).");
        return;
    }
    let mut modes: Vec<&str> = history.runs.iter().map(|r| mode_family(&r.mode)).collect();
    modes.sort_unstable();
    modes.dedup();
    ui.horizontal_wrapped(|ui| {
        filter(ui, "Mode", &modes, &mut view.mode);
        filter(ui, "Outcome", &["won", "died", "survived"], &mut view.outcome);
    });
    let shown: Vec<(usize, &RunRecord)> = history
        .runs
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, r)| view.mode.as_deref().is_none_or(|m| mode_family(&r.mode) == m))
        .filter(|(_, r)| view.outcome.as_deref().is_none_or(|o| r.outcome == o))
        .collect();
    ui.weak(format!("{} of {} runs", shown.len(), history.runs.len()));
    egui::ScrollArea::both()
        .max_height(ui.available_height() - 48.0)
        .show(ui, |ui| {
            egui::Grid::new("history")
                .num_columns(8)
                .striped(true)
                .show(ui, |ui| {
                    for h in ["Date", "Mode", "Seed", "Outcome", "Wave", "Time", "Top chip", ""] {
                        ui.strong(h);
                    }
                    ui.end_row();
                    for (i, r) in shown {
                        ui.label(&r.date);
                        ui.label(&r.mode);
                        ui.monospace(r.seed.to_string());
                        ui.label(&r.outcome);
                        ui.monospace(r.wave.to_string());
                        ui.monospace(clock(r.elapsed_s));
                        ui.label(r.damage.sources.first().map_or("—", |s| s.name.as_str()));
                        if ui.button("Details").clicked() {
                            view.open = Some(i);
                        }
                        ui.end_row();
                    }
                });
        });
}

fn filter(ui: &mut egui::Ui, label: &str, values: &[&str], chosen: &mut Option<String>) {
    ui.label(format!("{label}:"));
    egui::ComboBox::from_id_salt(label)
        .selected_text(chosen.as_deref().unwrap_or("All"))
        .show_ui(ui, |ui| {
            ui.selectable_value(chosen, None, "All");
            for v in values {
                ui.selectable_value(chosen, Some((*v).to_string()), *v);
            }
        });
}

/// One run: what happened, the chart, elements, harm, the build's code.
fn details(ui: &mut egui::Ui, r: &RunRecord) {
    egui::ScrollArea::vertical()
        .max_height(ui.available_height() - 48.0)
        .show(ui, |ui| {
            ui.heading(format!("{} · {} · {}", r.date, r.mode, r.outcome));
            egui::Grid::new("history run")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    let mut row = |k: &str, v: String| {
                        ui.label(k);
                        ui.monospace(v);
                        ui.end_row();
                    };
                    row("Seed", r.seed.to_string());
                    row("Wave reached", r.wave.to_string());
                    row("Time", clock(r.elapsed_s));
                    if let Some(c) = &r.death_cause {
                        row("Killed by", c.clone());
                    }
                    row("Level", r.level.to_string());
                    row("Kills", r.kills.to_string());
                    row(
                        "Gold earned / spent",
                        format!("{} / {}", r.gold_earned, r.gold_spent),
                    );
                    row("Core", r.core.clone());
                    row("Version", r.version.clone());
                });
            ui.add_space(6.0);
            ui.strong(format!("Damage per chip (total {:.0})", r.damage.total));
            let bar_w = (ui.available_width() - 340.0).clamp(60.0, 600.0);
            chart(ui, &r.damage.sources, r.damage.total, bar_w);
            if !r.damage.elements.is_empty() {
                ui.add_space(6.0);
                ui.strong("Damage per element");
                chart(ui, &r.damage.elements, r.damage.total, bar_w);
            }
            if !r.taken.is_empty() {
                ui.add_space(6.0);
                let total: f64 = r.taken.iter().map(|t| t.damage).sum();
                ui.strong(format!("Damage taken (total {total:.0})"));
                chart(ui, &r.taken, total, bar_w);
            }
            if !r.build_code.is_empty() {
                ui.add_space(6.0);
                ui.strong("Build code (paste it in the lab to try it)");
                ui.add(egui::Label::new(egui::RichText::new(&r.build_code).monospace()).wrap());
                if ui.button("Copy the code").clicked() {
                    ui.ctx().copy_text(r.build_code.clone());
                }
            }
        });
}

/// A horizontal bar chart painted with egui: one row per share, the bar's
/// length (at most `bar_w` points) its part of the largest share, the name
/// and figures (damage and share of `total`) beside it.
pub fn chart(ui: &mut egui::Ui, shares: &[NamedShare], total: f64, bar_w: f32) {
    let total = total.max(1e-9);
    let largest = shares.iter().map(|s| s.damage).fold(0.0, f64::max).max(1e-9);
    let name_w = 160.0;
    let fill = ui.visuals().selection.bg_fill;
    for s in shares {
        ui.horizontal(|ui| {
            ui.allocate_ui_with_layout(
                egui::vec2(name_w, 18.0),
                egui::Layout::left_to_right(egui::Align::Center),
                |ui| {
                    ui.set_min_width(name_w);
                    ui.add(egui::Label::new(&s.name).truncate());
                },
            );
            let (rect, _) = ui.allocate_exact_size(egui::vec2(bar_w, 14.0), egui::Sense::hover());
            let p = ui.painter();
            p.rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
            let mut bar = rect;
            bar.set_width((rect.width() * (s.damage / largest) as f32).max(1.0));
            p.rect_filled(bar, 2.0, fill);
            ui.monospace(format!("{:>9.0} {:>5.1} %", s.damage, 100.0 * s.damage / total));
        });
    }
}

/// `m:ss` of whole seconds.
fn clock(s: u64) -> String {
    format!("{}:{:02}", s / 60, s % 60)
}
