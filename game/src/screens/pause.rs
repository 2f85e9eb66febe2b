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
    /// Keep the run at this very step, then close the game (asked first).
    SaveAndQuit,
    /// Close the game without keeping this wave (asked first).
    Quit,
}

/// What the pause menu is asking, if anything (egui memory).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asking {
    Abandon,
    Quit,
}

fn asking_id() -> egui::Id {
    egui::Id::unique("pause asks")
}

/// Opens the pause menu on its quit question (Ctrl+Q during a fight asks
/// the same question the menu's Quit button does).
pub fn ask_quit(ctx: &egui::Context) {
    ctx.data_mut(|d| d.insert_temp(asking_id(), Asking::Quit));
}

/// Draws the pause menu centred over the arena. Abandon and Quit both ask
/// first, in the same window: a misclick never ends a run or closes the
/// game. Quit offers Save & quit when the run can be kept (`can_save`: a
/// run on a profile), which keeps it at this very step for Continue. The
/// run's seed (and a daily's date) is shown with a Copy button, so a run
/// can be played again or shared (docs/share.md#seeded-runs).
pub fn show(ctx: &egui::Context, setup: &crate::run::RunSetup, can_save: bool) -> Option<PauseAction> {
    let mut action = None;
    let asking = ctx.data(|d| d.get_temp::<Asking>(asking_id()));
    let forget = || ctx.data_mut(|d| d.remove::<Asking>(asking_id()));
    egui::Window::new("Paused")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.set_min_width(220.0);
            ui.set_max_width(360.0);
            ui.vertical_centered_justified(|ui| match asking {
                Some(Asking::Abandon) => {
                    ui.label("Abandon this run? It ends here and goes to its summary; the wave reached still counts.");
                    if ui.button("Abandon the run").clicked() {
                        action = Some(PauseAction::Abandon);
                        forget();
                    }
                    let keep = ui.button("Keep playing");
                    focus_first(ctx, &keep);
                    if keep.clicked() {
                        forget();
                    }
                }
                Some(Asking::Quit) => {
                    action = quit_question(ui, can_save);
                    if action.is_some() {
                        forget();
                    }
                }
                None => action = menu(ui, setup),
            });
        });
    if action == Some(PauseAction::Resume) {
        forget();
    }
    action
}

/// The quit question: Save & quit (where the run can be kept), Quit
/// without saving, Keep playing (focused, so Enter is the safe answer).
fn quit_question(ui: &mut egui::Ui, can_save: bool) -> Option<PauseAction> {
    let mut action = None;
    if can_save {
        ui.label("Quit the game? Save & quit keeps the run at this moment: Continue on the title brings it back here, paused.");
        let save = ui.button("Save & quit");
        focus_first(ui.ctx(), &save);
        if save.clicked() {
            action = Some(PauseAction::SaveAndQuit);
        }
        if ui
            .button("Quit without saving")
            .on_hover_text("The run goes back to the start of this wave.")
            .clicked()
        {
            action = Some(PauseAction::Quit);
        }
    } else {
        ui.label("Quit the game? This run is not kept.");
        if ui.button("Quit").clicked() {
            action = Some(PauseAction::Quit);
        }
    }
    let keep = ui.button("Keep playing");
    if !can_save {
        focus_first(ui.ctx(), &keep);
    }
    if keep.clicked() {
        action = Some(PauseAction::Resume);
    }
    action
}

/// The menu itself: the seed, Resume, Settings, then the two that end
/// something, each asking first.
fn menu(ui: &mut egui::Ui, setup: &crate::run::RunSetup) -> Option<PauseAction> {
    let mut action = None;
    seed_line(ui, setup);
    if ui.button("Resume (Esc)").clicked() {
        action = Some(PauseAction::Resume);
    }
    if ui.button("Settings").clicked() {
        action = Some(PauseAction::Settings);
    }
    ui.add_space(10.0);
    if ui.button("Abandon run…").clicked() {
        ui.ctx().data_mut(|d| d.insert_temp(asking_id(), Asking::Abandon));
    }
    if ui.button("Quit game…").clicked() {
        ask_quit(ui.ctx());
    }
    action
}

/// Gives `button` the keyboard focus when nothing holds it, so Enter
/// answers a question with its safe choice.
fn focus_first(ctx: &egui::Context, button: &egui::Response) {
    if ctx.memory(|m| m.focused().is_none()) {
        button.request_focus();
    }
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
