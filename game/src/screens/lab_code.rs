//! The lab's build code (docs/share.md#build-codes): the current build as
//! a code to select or copy to the clipboard, and a field that takes a
//! pasted code into a test-range session, so a player can try a build
//! without owning it. A code that is damaged or names content this version
//! lacks is refused with the reason in words; nothing of the run changes.

use crate::run::Build;
use crate::world::{Carry, World};

/// The code panel's state, kept in the lab's state between frames.
#[derive(Debug, Clone, Default)]
pub struct LabCode {
    /// What the player typed or pasted.
    pub typed: String,
    /// Why the last code was refused, in words.
    pub refused: Option<String>,
    /// A decoded build waiting for the test range to open.
    pub pasted: Option<Build>,
    /// The last "copied" notice is showing.
    pub copied: bool,
}

impl LabCode {
    /// The pasted build, once: the window opens the test range with it.
    pub fn take_pasted(&mut self) -> Option<Build> {
        self.pasted.take()
    }
}

/// Reads a typed code as a build the range can load: decoded, then held
/// to the build rules a build file is held to; the reason in words if not.
pub fn read_code(cat: &crate::catalog::Catalog, text: &str) -> Result<Build, String> {
    let build = crate::share::decode(cat, text.trim()).map_err(|e| e.to_string())?;
    crate::run::build_rules::check_build(cat, &build).map_err(|e| e.to_string())?;
    Ok(build)
}

/// Draws the panel; true when a pasted code was read and is ready to try
/// on the test range.
pub fn show(ui: &mut egui::Ui, world: &World, carry: &Carry, state: &mut LabCode) -> bool {
    let cat = world.catalog();
    let mut action = false;
    ui.separator();
    ui.strong("Build code (share it; paste one to try it)");
    match crate::share::encode(cat, &crate::share::build_of(carry)) {
        Ok(code) => {
            ui.add(
                egui::Label::new(egui::RichText::new(&code).monospace())
                    .wrap()
                    .selectable(true),
            );
            ui.horizontal(|ui| {
                if ui.button("Copy").clicked() {
                    ui.ctx().copy_text(code.clone());
                    state.copied = true;
                }
                if state.copied {
                    ui.weak("copied to the clipboard");
                }
            });
        }
        Err(e) => {
            ui.weak(format!("This build has no code: {e}"));
        }
    }
    ui.horizontal(|ui| {
        let field = ui.add(
            egui::TextEdit::singleline(&mut state.typed)
                .hint_text("paste a build code (AA1-…)")
                .desired_width(280.0),
        );
        if field.changed() {
            state.refused = None;
        }
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let try_it = ui.add_enabled(
            !state.typed.trim().is_empty(),
            egui::Button::new("Try it on the test range"),
        );
        if try_it.clicked() || (entered && !state.typed.trim().is_empty()) {
            match read_code(cat, &state.typed) {
                Ok(build) => {
                    state.pasted = Some(build);
                    state.refused = None;
                    action = true;
                }
                Err(why) => state.refused = Some(why),
            }
        }
    });
    picker(ui, state);
    if let Some(why) = &state.refused {
        ui.colored_label(
            egui::Color32::from_rgb(255, 110, 90),
            format!("That code cannot be used: {why}"),
        );
    }
    action
}

/// The characters a build code is written in (base64url, and the prefix's).
const CODE_CHARS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Characters per row of the picker.
const PICKER_ROW: usize = 16;

/// An on-screen character picker for entering a code without a keyboard:
/// the gamepad's d-pad moves the focus over its buttons and A presses one
/// (docs/share.md#build-codes). Folded away until opened.
fn picker(ui: &mut egui::Ui, state: &mut LabCode) {
    egui::CollapsingHeader::new("Enter a code with a gamepad")
        .id_salt("code picker")
        .show(ui, |ui| {
            let chars: Vec<char> = CODE_CHARS.chars().collect();
            for row in chars.chunks(PICKER_ROW) {
                ui.horizontal(|ui| {
                    for c in row {
                        let b = egui::Button::new(egui::RichText::new(c.to_string()).monospace())
                            .min_size(egui::vec2(22.0, 22.0));
                        if ui.add(b).clicked() {
                            state.typed.push(*c);
                            state.refused = None;
                        }
                    }
                });
            }
            ui.horizontal(|ui| {
                if ui.button("Delete").clicked() {
                    state.typed.pop();
                    state.refused = None;
                }
                if ui.button("Clear").clicked() {
                    state.typed.clear();
                    state.refused = None;
                }
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_code_is_read_or_refused_in_words() {
        let root = crate::data::default_root();
        let cat = crate::catalog::Catalog::load(&root).expect("data loads");
        let build = crate::run::load_build(&root.join("builds/strong.json")).expect("build loads");
        let code = crate::share::encode(&cat, &build).expect("encodes");
        assert_eq!(read_code(&cat, &format!("  {code}\n")), Ok(build));
        // The last character differs only in bits the bytes do not use.
        let mut damaged: Vec<char> = code.chars().collect();
        let last = damaged.len() - 1;
        damaged[last] = if damaged[last] == 'A' { 'B' } else { 'A' };
        let damaged: String = damaged.into_iter().collect();
        assert!(read_code(&cat, &damaged).unwrap_err().contains("damaged"));
        assert!(read_code(&cat, "hello").unwrap_err().contains("not a build code"));
    }
}
