//! The title screen: where a session starts and every run returns. Keyboard
//! first: the first button (Continue when a run is saved, else New run)
//! holds the focus, ↑/↓ (or Tab) move it, Enter presses it; the mouse works
//! as everywhere.

/// What the title shows besides its buttons.
#[derive(Debug, Clone, Default)]
pub struct TitleInfo {
    /// The run left between waves, described ("Wave 6 of 20 · seed 12": the
    /// wave it continues with).
    pub saved_run: Option<String>,
    /// Practice starts reached (milestone waves).
    pub practice: Vec<u32>,
    /// Aether fragments in hand.
    pub aether: u32,
    /// Runs finished.
    pub runs: u32,
    /// Best wave reached.
    pub best_wave: u32,
    /// The onboarding lesson the next run is, if any.
    pub onboarding: Option<u8>,
    /// Files kept aside or upgraded, told once.
    pub notices: Vec<String>,
    /// The highest NG+ level a run may take (0 before the first clear).
    pub ng_plus_max: u32,
    /// The curses of the curse mode, `(name, description)`, once the unlock
    /// tree's Curse Waves is bought; empty before.
    pub curses: Vec<(String, String)>,
    /// Today's daily run (UTC date) and whether its counted attempt was
    /// played already (docs/share.md#daily); `None` hides the daily.
    pub daily: Option<(String, bool)>,
}

/// What the player chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TitleAction {
    /// A fresh run in the lab.
    NewRun,
    /// Restore the run left between waves.
    Continue,
    /// A practice run from this milestone wave.
    Practice(u32),
    /// A new run at this NG+ level.
    NgPlus(u32),
    /// A curse run under the curse at this index of `TitleInfo::curses`.
    Curse(usize),
    /// A run from this typed seed (docs/share.md#seeded-runs).
    Seeded(u64),
    /// Today's daily run (docs/share.md#daily).
    Daily,
    /// The codex.
    Codex,
    /// The unlock tree.
    Unlocks,
    /// Best wave, fastest clear, endless leaderboard.
    Records,
    /// Settings.
    Settings,
    /// Close the game.
    Quit,
    /// The notices were read.
    DismissNotices,
}

/// One line per onboarding lesson (docs/game.md#lessons).
pub fn lesson(stage: u8) -> &'static str {
    match stage {
        1 => "Run 1 of your first five: a preset core whose piercing bolts fire by themselves. Just move.",
        2 => {
            "Run 2: the core editor opens. Drag chips between the core and the waiting area; the shop sells Tier 1 chips."
        }
        3 => {
            "Run 3: your first modifier, Damage Plus, waits beside the core. A modifier changes the next action after it."
        }
        4 => {
            "Run 4: your first trigger, Trigger on Hit, waits beside the core. Its hit casts the chips after it: try it on the test range."
        }
        _ => "",
    }
}

/// Draws the title; `restoring` replaces the buttons with the restore's progress.
#[expect(clippy::too_many_lines, reason = "an egui screen laid out top to bottom")]
pub fn show(ctx: &egui::Context, info: &TitleInfo, restoring: Option<(u32, u32)>) -> Option<TitleAction> {
    let mut action = None;
    let mut confirmed = false;
    ctx.root_ui(|root| {
        egui::CentralPanel::default().show(root, |ui| {
          // A long title (notices, practice starts, NG+ and curse runs) scrolls.
          egui::ScrollArea::vertical().id_salt("title").show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() * 0.12);
                super::theme::title_mark(ui);
                ui.label("Program your weapon. Survive twenty waves.");
                ui.add_space(18.0);
                if let Some((done, all)) = restoring {
                    ui.label(format!("Restoring your run… wave {done} of {all}"));
                    ui.add(egui::ProgressBar::new(done as f32 / all.max(1) as f32).desired_width(320.0));
                    return;
                }
                if !info.notices.is_empty() {
                    egui::Frame::group(ui.style()).show(ui, |ui| {
                        ui.set_max_width(640.0);
                        for n in &info.notices {
                            ui.colored_label(egui::Color32::from_rgb(240, 200, 110), n);
                        }
                        if ui.button("Understood").clicked() {
                            action = Some(TitleAction::DismissNotices);
                        }
                    });
                    ui.add_space(10.0);
                }
                let width = 260.0;
                let button = |ui: &mut egui::Ui, text: &str, enabled: bool| {
                    ui.add_enabled(enabled, egui::Button::new(text).min_size(egui::vec2(width, 34.0)))
                };
                if let Some(saved) = &info.saved_run
                    && let Some(pending) = ctx.data(|d| d.get_temp::<TitleAction>(confirm_id()))
                {
                    // A new run would replace the saved one: asked first.
                    ui.label(format!("Start a new run? Your saved run ({saved}) will be lost."));
                    let yes = button(ui, "Start the new run", true);
                    let no = button(ui, "Keep my saved run", true);
                    if ctx.memory(|m| m.focused().is_none()) {
                        no.request_focus();
                    }
                    if yes.clicked() {
                        action = Some(pending);
                        confirmed = true;
                    }
                    if yes.clicked() || no.clicked() || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
                        ctx.data_mut(|d| d.remove::<TitleAction>(confirm_id()));
                    }
                    return;
                }
                // A saved run comes first and holds the focus: Enter goes
                // on with it, never into a new run that would replace it.
                let continued = info.saved_run.as_ref().map(|s| button(ui, &format!("Continue: {s}"), true));
                if continued.as_ref().is_some_and(|b| b.clicked()) {
                    action = Some(TitleAction::Continue);
                }
                let new_run = button(ui, "New run", true);
                if new_run.clicked() {
                    action = Some(TitleAction::NewRun);
                }
                for n in 1..=info.ng_plus_max {
                    let b = button(ui, &format!("New run: NG+ {n}"), true).on_hover_text(format!(
                        "Enemies have ×{:.1} HP and damage, their shots fly {}% faster, and the Void \
                         Lord gains a fourth phase: a last will and two clones.",
                        1.0 + 0.5 * n as f32,
                        30 * n
                    ));
                    if b.clicked() {
                        action = Some(TitleAction::NgPlus(n));
                    }
                }
                for (k, (name, describe)) in info.curses.iter().enumerate() {
                    let b = button(ui, &format!("Curse run: {name}"), true).on_hover_text(describe);
                    if b.clicked() {
                        action = Some(TitleAction::Curse(k));
                    }
                }
                for &w in &info.practice {
                    let b = button(ui, &format!("Practice from wave {w}"), true).on_hover_text(
                        "Starts in the shop before this wave with unlimited gold; nothing is booked into your profile.",
                    );
                    if b.clicked() {
                        action = Some(TitleAction::Practice(w));
                    }
                }
                seed_widgets(ui, info, width, &mut action);
                for (text, a) in [
                    ("Codex", TitleAction::Codex),
                    ("Unlocks", TitleAction::Unlocks),
                    ("Records", TitleAction::Records),
                    ("Settings", TitleAction::Settings),
                    ("Quit", TitleAction::Quit),
                ] {
                    if button(ui, text, true).clicked() {
                        action = Some(a);
                    }
                }
                // Keyboard: the first button starts focused; arrows move the focus.
                if ctx.memory(|m| m.focused().is_none()) {
                    continued.as_ref().unwrap_or(&new_run).request_focus();
                }
                // (Read the keys first: egui's locks do not nest.)
                let (down, up) = ctx.input(|i| {
                    (
                        i.key_pressed(egui::Key::ArrowDown),
                        i.key_pressed(egui::Key::ArrowUp),
                    )
                });
                if down {
                    ctx.memory_mut(|m| m.move_focus(egui::FocusDirection::Down));
                } else if up {
                    ctx.memory_mut(|m| m.move_focus(egui::FocusDirection::Up));
                }
                ui.add_space(18.0);
                ui.label(format!(
                    "Aether fragments: {}    Runs: {}    Best wave: {}",
                    info.aether, info.runs, info.best_wave
                ));
                if let Some(stage) = info.onboarding {
                    ui.add_space(6.0);
                    ui.label(egui::RichText::new(lesson(stage)).italics());
                }
            });
          });
        });
    });
    // Every start of a new run asks first while a saved run would be lost.
    if !confirmed
        && info.saved_run.is_some()
        && let Some(a) = action.filter(|a| {
            matches!(
                a,
                TitleAction::NewRun
                    | TitleAction::NgPlus(_)
                    | TitleAction::Curse(_)
                    | TitleAction::Practice(_)
                    | TitleAction::Seeded(_)
                    | TitleAction::Daily
            )
        })
        && ctx.data(|d| d.get_temp::<TitleAction>(confirm_id())).is_none()
    {
        ctx.data_mut(|d| d.insert_temp(confirm_id(), a));
        return None;
    }
    action
}

/// The daily run's button and a field to type a seed (docs/share.md): the
/// daily says whether this attempt will count; a typed seed plays once it
/// reads as a number (Enter in the field starts it).
fn seed_widgets(ui: &mut egui::Ui, info: &TitleInfo, width: f32, action: &mut Option<TitleAction>) {
    if let Some((date, counted)) = &info.daily {
        let text = if *counted {
            format!("Daily run {date} (played: this one will not count)")
        } else {
            format!("Daily run {date}")
        };
        let b = ui
            .add(egui::Button::new(text).min_size(egui::vec2(width, 34.0)))
            .on_hover_text(
                "Today's seed and one fixed rule set for every player: a new profile's unlocks, \
                 no talents. The first attempt of the day enters the daily table.",
            );
        if b.clicked() {
            *action = Some(TitleAction::Daily);
        }
    }
    let id = egui::Id::unique("title typed seed");
    let mut typed: String = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    let seed = typed.trim().parse::<u64>().ok();
    ui.horizontal(|ui| {
        ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
        let field = ui.add(
            egui::TextEdit::singleline(&mut typed)
                .hint_text("seed")
                .desired_width(width * 0.45),
        );
        let play = ui.add_enabled(
            seed.is_some(),
            egui::Button::new("Play this seed").min_size(egui::vec2(width * 0.5, 28.0)),
        );
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if let Some(s) = seed
            && (play.clicked() || entered)
        {
            *action = Some(TitleAction::Seeded(s));
        }
    });
    if !typed.trim().is_empty() && seed.is_none() {
        ui.weak("A seed is a whole number from 0 to 18446744073709551615.");
    }
    ui.data_mut(|d| d.insert_temp(id, typed));
}

/// The new-run choice waiting for its confirmation (egui memory).
fn confirm_id() -> egui::Id {
    egui::Id::unique("title confirms a new run")
}
