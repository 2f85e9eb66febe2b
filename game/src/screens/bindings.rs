//! Key bindings the player can change (Settings). Each action has one key;
//! the arrow keys always move and Ctrl+Q always quits, so a player who binds
//! themselves into a corner can still walk and leave. A key already bound
//! to another action is refused, naming that action.
//!
//! Keys are stored by their physical code's name (`KeyW`, `Space`, `F3`),
//! so a binding means the same place on any keyboard layout.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use winit::keyboard::KeyCode;

/// The actions a key can be bound to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bind {
    /// Walk up.
    Up,
    /// Walk down.
    Down,
    /// Walk left.
    Left,
    /// Walk right.
    Right,
    /// Dash (while walking).
    Dash,
    /// Cast the stored chip (Store Magic).
    Cast,
    /// Switch between auto-aim and mouse aim.
    Aim,
    /// Pause / back.
    Pause,
    /// Continue, fight from the lab, leave the shop.
    Confirm,
    /// The profiler overlay.
    Overlay,
}

impl Bind {
    /// Every action, in the order the settings list them.
    pub const ALL: [Bind; 10] = [
        Bind::Up,
        Bind::Down,
        Bind::Left,
        Bind::Right,
        Bind::Dash,
        Bind::Cast,
        Bind::Aim,
        Bind::Pause,
        Bind::Confirm,
        Bind::Overlay,
    ];

    /// What the player reads.
    pub fn label(self) -> &'static str {
        match self {
            Bind::Up => "Move up",
            Bind::Down => "Move down",
            Bind::Left => "Move left",
            Bind::Right => "Move right",
            Bind::Dash => "Dash (while walking)",
            Bind::Cast => "Cast the stored chip (Store Magic)",
            Bind::Aim => "Toggle mouse aim",
            Bind::Pause => "Pause / back",
            Bind::Confirm => "Continue / fight / leave the shop",
            Bind::Overlay => "Profiler overlay",
        }
    }

    fn index(self) -> usize {
        Bind::ALL.iter().position(|b| *b == self).unwrap_or(0)
    }
}

/// One key per action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bindings {
    keys: [KeyCode; 10],
}

impl Default for Bindings {
    fn default() -> Self {
        Self {
            keys: [
                KeyCode::KeyW,
                KeyCode::KeyS,
                KeyCode::KeyA,
                KeyCode::KeyD,
                KeyCode::Space,
                KeyCode::KeyQ,
                KeyCode::KeyM,
                KeyCode::Escape,
                KeyCode::Enter,
                KeyCode::F3,
            ],
        }
    }
}

impl Bindings {
    /// The key of `action`.
    pub fn key(&self, action: Bind) -> KeyCode {
        self.keys[action.index()]
    }

    /// The action bound to `code`, if any.
    pub fn action(&self, code: KeyCode) -> Option<Bind> {
        Bind::ALL.into_iter().find(|b| self.key(*b) == code)
    }

    /// Binds `code` to `action`, unless another action has it or it cannot
    /// be bound; the reason is for the player.
    pub fn set(&mut self, action: Bind, code: KeyCode) -> Result<(), BindRefusal> {
        if key_name(code).is_none() {
            return Err(BindRefusal::Unbindable(code));
        }
        if matches!(
            code,
            KeyCode::ArrowUp | KeyCode::ArrowDown | KeyCode::ArrowLeft | KeyCode::ArrowRight
        ) {
            return Err(BindRefusal::Arrow);
        }
        match self.action(code) {
            Some(other) if other != action => Err(BindRefusal::Taken { code, other }),
            _ => {
                self.keys[action.index()] = code;
                Ok(())
            }
        }
    }
}

/// Why a key was not bound; the message is shown to the player as is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BindRefusal {
    /// The key has no stored name (it could not be saved).
    #[error("{0:?} cannot be bound")]
    Unbindable(KeyCode),
    /// The arrow keys are the fixed second way to move.
    #[error("The arrow keys always move; choose another key")]
    Arrow,
    /// Another action has the key.
    #[error("{} is already bound to “{}”", key_label(*.code), .other.label())]
    Taken {
        /// The key.
        code: KeyCode,
        /// The action that has it.
        other: Bind,
    },
}

/// Keys that can be bound, with their stored names.
const KEYS: &[(KeyCode, &str)] = &[
    (KeyCode::KeyA, "KeyA"),
    (KeyCode::KeyB, "KeyB"),
    (KeyCode::KeyC, "KeyC"),
    (KeyCode::KeyD, "KeyD"),
    (KeyCode::KeyE, "KeyE"),
    (KeyCode::KeyF, "KeyF"),
    (KeyCode::KeyG, "KeyG"),
    (KeyCode::KeyH, "KeyH"),
    (KeyCode::KeyI, "KeyI"),
    (KeyCode::KeyJ, "KeyJ"),
    (KeyCode::KeyK, "KeyK"),
    (KeyCode::KeyL, "KeyL"),
    (KeyCode::KeyM, "KeyM"),
    (KeyCode::KeyN, "KeyN"),
    (KeyCode::KeyO, "KeyO"),
    (KeyCode::KeyP, "KeyP"),
    (KeyCode::KeyQ, "KeyQ"),
    (KeyCode::KeyR, "KeyR"),
    (KeyCode::KeyS, "KeyS"),
    (KeyCode::KeyT, "KeyT"),
    (KeyCode::KeyU, "KeyU"),
    (KeyCode::KeyV, "KeyV"),
    (KeyCode::KeyW, "KeyW"),
    (KeyCode::KeyX, "KeyX"),
    (KeyCode::KeyY, "KeyY"),
    (KeyCode::KeyZ, "KeyZ"),
    (KeyCode::Digit0, "Digit0"),
    (KeyCode::Digit5, "Digit5"),
    (KeyCode::Digit6, "Digit6"),
    (KeyCode::Digit8, "Digit8"),
    (KeyCode::Digit9, "Digit9"),
    (KeyCode::Space, "Space"),
    (KeyCode::Enter, "Enter"),
    (KeyCode::Escape, "Escape"),
    (KeyCode::Tab, "Tab"),
    (KeyCode::Backspace, "Backspace"),
    (KeyCode::ShiftLeft, "ShiftLeft"),
    (KeyCode::ShiftRight, "ShiftRight"),
    (KeyCode::AltLeft, "AltLeft"),
    (KeyCode::CapsLock, "CapsLock"),
    (KeyCode::Backquote, "Backquote"),
    (KeyCode::Minus, "Minus"),
    (KeyCode::Equal, "Equal"),
    (KeyCode::BracketLeft, "BracketLeft"),
    (KeyCode::BracketRight, "BracketRight"),
    (KeyCode::Semicolon, "Semicolon"),
    (KeyCode::Quote, "Quote"),
    (KeyCode::Comma, "Comma"),
    (KeyCode::Period, "Period"),
    (KeyCode::Slash, "Slash"),
    (KeyCode::Backslash, "Backslash"),
    (KeyCode::F1, "F1"),
    (KeyCode::F2, "F2"),
    (KeyCode::F3, "F3"),
    (KeyCode::F4, "F4"),
    (KeyCode::F5, "F5"),
    (KeyCode::F6, "F6"),
    (KeyCode::F7, "F7"),
    (KeyCode::F8, "F8"),
    (KeyCode::F9, "F9"),
    (KeyCode::F10, "F10"),
    (KeyCode::F11, "F11"),
    (KeyCode::F12, "F12"),
];

/// The stored name of a bindable key.
pub fn key_name(code: KeyCode) -> Option<&'static str> {
    KEYS.iter().find(|(k, _)| *k == code).map(|(_, n)| *n)
}

/// The key a stored name means.
pub fn key_from_name(name: &str) -> Option<KeyCode> {
    KEYS.iter().find(|(_, n)| *n == name).map(|(k, _)| *k)
}

/// What the player reads for a key: `W`, `Space`, `F3`, `Left Shift`.
pub fn key_label(code: KeyCode) -> String {
    let name = key_name(code).map_or_else(|| format!("{code:?}"), str::to_string);
    if let Some(rest) = name.strip_prefix("Key").or_else(|| name.strip_prefix("Digit")) {
        return rest.to_string();
    }
    match name.as_str() {
        "ShiftLeft" => "Left Shift".into(),
        "ShiftRight" => "Right Shift".into(),
        "AltLeft" => "Left Alt".into(),
        "Escape" => "Esc".into(),
        _ => name,
    }
}

impl Serialize for Bindings {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(Bind::ALL.len()))?;
        for b in Bind::ALL {
            m.serialize_entry(
                &format!("{b:?}").to_lowercase(),
                key_name(self.key(b)).unwrap_or("?"),
            )?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for Bindings {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let map = std::collections::BTreeMap::<String, String>::deserialize(d)?;
        let mut out = Bindings::default();
        for (action, key) in &map {
            let b = Bind::ALL
                .into_iter()
                .find(|b| format!("{b:?}").to_lowercase() == *action)
                .ok_or_else(|| D::Error::custom(format!("no action `{action}`")))?;
            let code = key_from_name(key).ok_or_else(|| D::Error::custom(format!("`{key}` is not a key")))?;
            out.keys[b.index()] = code;
        }
        let mut seen = std::collections::BTreeSet::new();
        for b in Bind::ALL {
            if !seen.insert(key_name(out.key(b))) {
                return Err(D::Error::custom(format!(
                    "{} is bound to two actions",
                    key_label(out.key(b))
                )));
            }
        }
        Ok(out)
    }
}

/// The settings screen's rebinding in progress.
#[derive(Debug, Clone, Default)]
pub struct BindingEdit {
    /// Waiting for a key for this action.
    pub waiting: Option<Bind>,
    /// The key pressed while waiting (filled by the window's input).
    pub captured: Option<KeyCode>,
    /// The last change's result.
    pub message: Option<String>,
}

impl BindingEdit {
    /// Applies a captured key (Esc cancels).
    pub fn apply(&mut self, bindings: &mut Bindings) {
        let (Some(action), Some(code)) = (self.waiting, self.captured.take()) else {
            return;
        };
        self.waiting = None;
        self.message = Some(if code == KeyCode::Escape && action != Bind::Pause {
            "Unchanged.".into()
        } else {
            match bindings.set(action, code) {
                Ok(()) => format!("{}: {}", action.label(), key_label(code)),
                Err(e) => e.to_string(),
            }
        });
    }

    /// The rows of the bindings table, with a Change button each.
    pub fn ui(&mut self, ui: &mut egui::Ui, bindings: &Bindings) {
        egui::Grid::new("bindings").striped(true).show(ui, |ui| {
            for b in Bind::ALL {
                ui.label(b.label());
                if self.waiting == Some(b) {
                    ui.strong("press a key…");
                } else {
                    ui.monospace(key_label(bindings.key(b)));
                }
                if ui.small_button("Change").clicked() {
                    self.waiting = Some(b);
                    self.message = None;
                }
                ui.end_row();
            }
        });
        ui.weak("Always: arrow keys move, number keys pick, Ctrl+Q quits, left mouse drags cards.");
        if let Some(m) = &self.message {
            ui.label(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflicts_are_refused_and_names_round_trip() {
        let mut b = Bindings::default();
        let e = b.set(Bind::Dash, KeyCode::KeyW).unwrap_err();
        assert_eq!(
            e,
            BindRefusal::Taken {
                code: KeyCode::KeyW,
                other: Bind::Up
            }
        );
        assert!(e.to_string().contains("Move up"), "{e}");
        assert_eq!(b.key(Bind::Dash), KeyCode::Space);
        b.set(Bind::Dash, KeyCode::ShiftLeft).unwrap();
        assert_eq!(b.action(KeyCode::ShiftLeft), Some(Bind::Dash));
        assert!(b.set(Bind::Up, KeyCode::ArrowLeft).is_err());
        let json = serde_json::to_string(&b).unwrap();
        assert!(json.contains("\"dash\":\"ShiftLeft\""), "{json}");
        let back: Bindings = serde_json::from_str(&json).unwrap();
        assert_eq!(back, b);
        let dup = json.replace("\"dash\":\"ShiftLeft\"", "\"dash\":\"KeyW\"");
        assert!(serde_json::from_str::<Bindings>(&dup).is_err());
    }
}
