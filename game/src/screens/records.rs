//! Local records (docs/game.md#records): best wave, fastest clear and the endless
//! leaderboard. Each record carries a checksum; one that does not match is
//! shown as tampered, never deleted.

use crate::profile::Records;

/// Draws the records; true when the player goes back.
pub fn show(ctx: &egui::Context, records: &Records) -> bool {
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
            ui.heading("Records");
            ui.add_space(8.0);
            egui::Grid::new("records")
                .num_columns(2)
                .striped(true)
                .spacing([24.0, 6.0])
                .show(ui, |ui| {
                    ui.label("Best wave");
                    match &records.best_wave {
                        Some(s) => ui.monospace(format!(
                            "wave {} (seed {}){}",
                            s.record.wave,
                            s.record.seed,
                            tampered(s.intact())
                        )),
                        None => ui.label("no run finished yet"),
                    };
                    ui.end_row();
                    ui.label("Fastest clear");
                    match &records.fastest_clear {
                        Some(s) => ui.monospace(format!(
                            "{} (seed {}){}",
                            clock(s.record.elapsed_sec),
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
