//! Local records (docs/game.md#records): best wave, fastest clear and the endless
//! leaderboard. Each record carries a checksum; one that does not match is
//! shown as tampered, never deleted. A second tab holds the run history
//! (docs/share.md#run-history).

use crate::profile::{History, Records};

/// Which tab of the records screen is open (kept in egui's memory).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Tab {
    #[default]
    Records,
    History,
}

/// Opens the run history tab the next time the records are drawn.
pub fn select_history(ctx: &egui::Context) {
    ctx.data_mut(|d| d.insert_temp(egui::Id::unique("records tab"), Tab::History));
}

/// Draws the records and the run history; true when the player goes back.
pub fn show(ctx: &egui::Context, records: &Records, history: &History) -> bool {
    let mut back = false;
    let tampered = |intact: bool| {
        if intact {
            ""
        } else {
            "  (tampered: its checksum does not match)"
        }
    };
    ctx.root_ui(|root| {
        egui::CentralPanel::default().show(root, |ui| {
            let id = egui::Id::unique("records tab");
            let mut tab: Tab = ui.data(|d| d.get_temp(id)).unwrap_or_default();
            ui.horizontal(|ui| {
                ui.selectable_value(&mut tab, Tab::Records, egui::RichText::new("Records").heading());
                ui.selectable_value(
                    &mut tab,
                    Tab::History,
                    egui::RichText::new("Run history").heading(),
                );
            });
            ui.data_mut(|d| d.insert_temp(id, tab));
            ui.add_space(8.0);
            if tab == Tab::History {
                super::history::show(ui, history);
                ui.add_space(8.0);
                back = ui.button("Back (Esc)").clicked();
                return;
            }
            egui::ScrollArea::vertical()
                .max_height(ui.available_height() - 40.0)
                .show(ui, |ui| {
                    egui::Grid::new("records")
                        .num_columns(2)
                        .striped(true)
                        .spacing([24.0, 6.0])
                        .show(ui, |ui| {
                            ui.label("Best wave");
                            match &records.best_wave {
                                Some(s) => ui.monospace(format!(
                                    "wave {} ({}seed {}){}",
                                    s.record.wave,
                                    seeded(s.record.seeded),
                                    s.record.seed,
                                    tampered(s.intact())
                                )),
                                None => ui.label("no run finished yet"),
                            };
                            ui.end_row();
                            ui.label("Fastest clear");
                            match &records.fastest_clear {
                                Some(s) => ui.monospace(format!(
                                    "{} ({}seed {}){}",
                                    clock(s.record.elapsed_sec),
                                    seeded(s.record.seeded),
                                    s.record.seed,
                                    tampered(s.intact())
                                )),
                                None => ui.label("no clear yet"),
                            };
                            ui.end_row();
                        });
                    ui.add_space(12.0);
                    ui.strong("Endless leaderboard");
                    let board = records.leaderboard();
                    if board.is_empty() {
                        ui.label("No endless run yet: beat wave 20 and continue.");
                    } else {
                        egui::Grid::new("endless")
                            .num_columns(4)
                            .striped(true)
                            .show(ui, |ui| {
                                for h in ["#", "Wave", "Time", "Score"] {
                                    ui.strong(h);
                                }
                                ui.end_row();
                                for (i, (r, intact)) in board.iter().enumerate() {
                                    ui.label(format!("{}", i + 1));
                                    ui.monospace(r.wave.to_string());
                                    ui.monospace(clock(r.elapsed_sec));
                                    ui.monospace(format!("{}{}", r.score(), tampered(*intact)));
                                    ui.end_row();
                                }
                            });
                    }
                    boards(ui, records);
                });
            ui.add_space(12.0);
            let b = ui.button("Back (Esc)");
            if ctx.memory(|m| m.focused().is_none()) {
                b.request_focus();
            }
            back = b.clicked();
        });
    });
    back
}

/// `m:ss` of a run's elapsed seconds.
pub fn clock(s: f64) -> String {
    let s = s.max(0.0).round() as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

/// The daily table and the verified imports (docs/share.md).
fn boards(ui: &mut egui::Ui, records: &Records) {
    let mark = |intact: bool| if intact { "" } else { "  (tampered)" };
    ui.add_space(12.0);
    ui.strong("Daily runs (the first attempt of each day counts)");
    if records.daily.is_empty() {
        ui.label("No daily run yet: start one from the title screen.");
    } else {
        egui::Grid::new("daily")
            .num_columns(4)
            .striped(true)
            .show(ui, |ui| {
                for h in ["Date", "Wave", "Time", "Score"] {
                    ui.strong(h);
                }
                ui.end_row();
                for s in records.daily.iter().rev().take(7) {
                    let r = &s.record;
                    ui.label(&r.date);
                    ui.monospace(r.wave.to_string());
                    ui.monospace(clock(r.elapsed_s as f64));
                    ui.monospace(format!("{}{}", r.score, mark(s.intact())));
                    ui.end_row();
                }
            });
    }
    ui.add_space(12.0);
    ui.strong("Verified results (imported with `artificer import`)");
    if records.imported.is_empty() {
        ui.label("None yet: a result enters only after its replay re-simulates to it.");
    } else {
        egui::Grid::new("imported")
            .num_columns(5)
            .striped(true)
            .show(ui, |ui| {
                for h in ["#", "Run", "Wave", "Time", "Score"] {
                    ui.strong(h);
                }
                ui.end_row();
                for (i, s) in records.imported.iter().take(10).enumerate() {
                    let r = &s.record;
                    ui.label(format!("{}", i + 1));
                    ui.label(match &r.daily {
                        Some(d) => format!("Daily {d}"),
                        None => format!("Seed {}", r.seed),
                    });
                    ui.monospace(r.wave.to_string());
                    ui.monospace(clock(r.elapsed_s as f64));
                    ui.monospace(format!("{}{}", r.score, mark(s.intact())));
                    ui.end_row();
                }
            });
    }
}

/// "typed " before the seed of a run from a typed seed (docs/share.md#seeded-runs).
fn seeded(typed: bool) -> &'static str {
    if typed { "typed " } else { "" }
}
