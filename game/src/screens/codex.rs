//! The codex screen (docs/game.md#codex): the sections as tabs with "met /
//! total", the entries of the chosen section on the left (names, or "???"
//! for what the player has not met), and the chosen entry on the right: its
//! numbers, design intent, element affinities and, for a reaction, its
//! alchemy-log page.
//!
//! Mouse and Tab / Enter work as everywhere in egui; with no widget focused,
//! the up and down arrows move through the list and left and right through
//! the tabs. Esc is the caller's (it closes the screen).

use crate::codex::{CodexBook, Entry, EntryView, Section};
use crate::profile::Codex;

/// What the player asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodexAction {
    /// Close the codex.
    Back,
}

/// The screen's state between frames: the open tab and the chosen entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodexState {
    /// The open tab.
    pub section: Section,
    /// The chosen entry, an index into the tab's entries.
    pub selected: usize,
}

impl Default for CodexState {
    fn default() -> Self {
        Self {
            section: Section::Spells,
            selected: 0,
        }
    }
}

impl CodexState {
    /// Moves the selection by `step` within a list of `len` entries, stopping at the ends.
    pub fn step(&mut self, step: isize, len: usize) {
        if len == 0 {
            self.selected = 0;
            return;
        }
        let at = self.selected.min(len - 1) as isize + step;
        self.selected = at.clamp(0, len as isize - 1) as usize;
    }

    /// Opens the tab `step` places away (wrapping), with its first entry chosen.
    pub fn step_section(&mut self, step: isize) {
        let all = Section::ALL;
        let at = all.iter().position(|s| *s == self.section).unwrap_or(0) as isize;
        let n = all.len() as isize;
        self.section = all[(at + step).rem_euclid(n) as usize];
        self.selected = 0;
    }
}

const LOCKED_COLOUR: egui::Color32 = egui::Color32::from_gray(120);
const TAG_COLOUR: egui::Color32 = egui::Color32::from_rgb(120, 200, 255);
const FLAVOUR_COLOUR: egui::Color32 = egui::Color32::from_rgb(230, 200, 140);

/// Draws the codex; returns [`CodexAction::Back`] when the player closes it.
pub fn show(
    ctx: &egui::Context,
    book: &CodexBook,
    met: &Codex,
    state: &mut CodexState,
) -> Option<CodexAction> {
    let mut action = None;
    let free_keys = ctx.memory(|m| m.focused().is_none());
    if free_keys {
        ctx.input(|i| {
            if i.key_pressed(egui::Key::ArrowLeft) {
                state.step_section(-1);
            }
            if i.key_pressed(egui::Key::ArrowRight) {
                state.step_section(1);
            }
        });
    }
    let entries: Vec<&Entry> = book.section(state.section).collect();
    let mut moved = false;
    if free_keys {
        ctx.input(|i| {
            if i.key_pressed(egui::Key::ArrowUp) {
                state.step(-1, entries.len());
                moved = true;
            }
            if i.key_pressed(egui::Key::ArrowDown) {
                state.step(1, entries.len());
                moved = true;
            }
        });
    }
    state.step(0, entries.len());
    ctx.root_ui(|root| {
        egui::Panel::top("codex tabs").show(root, |ui| {
            ui.horizontal(|ui| {
                ui.heading("Codex");
                let open: usize = Section::ALL.iter().map(|s| book.counts(*s, met).0).sum();
                ui.weak(format!("{open} / {} entries", book.entries().len()));
                ui.separator();
                if ui.button("Back (Esc)").clicked() {
                    action = Some(CodexAction::Back);
                }
            });
            ui.horizontal_wrapped(|ui| {
                for s in Section::ALL {
                    let (open, total) = book.counts(s, met);
                    if ui
                        .selectable_label(state.section == s, format!("{} {open} / {total}", s.title()))
                        .clicked()
                    {
                        state.section = s;
                        state.selected = 0;
                    }
                }
            });
            ui.add_space(4.0);
        });
        egui::Panel::left("codex list")
            .default_size(240.0)
            .show(root, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    for (i, e) in entries.iter().enumerate() {
                        let view = e.view(met);
                        let text = match view {
                            EntryView::Open(_) => egui::RichText::new(view.name()),
                            EntryView::Locked { .. } => egui::RichText::new(view.name()).color(LOCKED_COLOUR),
                        };
                        let r = ui.selectable_label(state.selected == i, text);
                        if r.clicked() {
                            state.selected = i;
                        }
                        if moved && state.selected == i {
                            r.scroll_to_me(None);
                        }
                    }
                });
            });
        egui::CentralPanel::default().show(root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| match entries.get(state.selected) {
                Some(e) => entry_ui(ui, e.view(met)),
                None => {
                    ui.weak("This section is empty.");
                }
            });
        });
    });
    action
}

/// The chosen entry: everything when open, the section and a hint when not.
fn entry_ui(ui: &mut egui::Ui, view: EntryView<'_>) {
    match view {
        EntryView::Locked { section, hint } => {
            ui.heading(egui::RichText::new(view.name()).color(LOCKED_COLOUR));
            ui.weak(section.singular());
            ui.add_space(8.0);
            ui.label(egui::RichText::new(hint).italics());
        }
        EntryView::Open(e) => {
            ui.heading(&e.name);
            ui.weak(e.section.singular());
            if !e.tags.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    for t in &e.tags {
                        ui.label(egui::RichText::new(t.label()).color(TAG_COLOUR));
                    }
                });
            }
            ui.add_space(6.0);
            egui::Grid::new(("codex numbers", e.section, &e.id))
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (label, value) in &e.numbers {
                        ui.strong(label);
                        ui.label(value);
                        ui.end_row();
                    }
                });
            ui.add_space(8.0);
            ui.label(egui::RichText::new(&e.intent).italics());
            if let Some(f) = &e.flavour {
                ui.add_space(8.0);
                ui.strong("Alchemy log");
                ui.label(egui::RichText::new(f).color(FLAVOUR_COLOUR));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selection_stops_at_the_ends() {
        let mut s = CodexState::default();
        s.step(-1, 5);
        assert_eq!(s.selected, 0);
        s.step(3, 5);
        assert_eq!(s.selected, 3);
        s.step(9, 5);
        assert_eq!(s.selected, 4);
        s.step(0, 2);
        assert_eq!(s.selected, 1, "a shorter list pulls the selection in");
    }

    #[test]
    fn the_tabs_wrap_and_reset_the_selection() {
        let mut s = CodexState {
            section: Section::Spells,
            selected: 7,
        };
        s.step_section(-1);
        assert_eq!(s.section, Section::Artifacts);
        assert_eq!(s.selected, 0);
        s.step_section(1);
        assert_eq!(s.section, Section::Spells);
    }

    #[test]
    fn the_screen_draws_a_locked_and_an_open_entry() {
        let cat = crate::catalog::Catalog::load(&crate::data::default_root()).expect("data loads");
        let book = CodexBook::load(&crate::data::default_root(), &cat).expect("codex loads");
        let mut met = Codex::default();
        let first = book.section(Section::Spells).next().expect("a chip").id.clone();
        met.spells.insert(first);
        let ctx = egui::Context::default();
        let mut state = CodexState::default();
        for selected in [0, 1] {
            state.selected = selected;
            let mut action = Some(CodexAction::Back);
            ctx.run_pass(egui::RawInput::default(), |ctx| {
                action = show(ctx, &book, &met, &mut state);
            })
            .drop_without_applying_deltas();
            assert_eq!(action, None, "nothing clicked, nothing asked");
        }
        // An arrow key moves the selection when nothing has the focus.
        let input = egui::RawInput {
            events: vec![egui::Event::Key {
                key: egui::Key::ArrowDown,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            }],
            ..Default::default()
        };
        state.selected = 0;
        ctx.run_pass(input, |ctx| {
            show(ctx, &book, &met, &mut state);
        })
        .drop_without_applying_deltas();
        assert_eq!(state.selected, 1);
    }
}
