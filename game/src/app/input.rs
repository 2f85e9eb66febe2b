//! Keyboard and mouse state for the fight: held movement keys, the aim mode
//! and the cursor. Menus get their input through egui directly.

use glam::Vec2;
use winit::event::{ElementState, MouseButton, WindowEvent};
use winit::keyboard::{KeyCode, PhysicalKey};

use crate::screens::bindings::{Bind, Bindings};

/// One-shot actions decoded from key presses through the player's bindings
/// (`screens::bindings`; window controls, not run commands: those are
/// `crate::run::Command`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyAction {
    /// Esc: pause / resume / back.
    Pause,
    /// F3: toggle the profiler overlay.
    ToggleOverlay,
    /// F4 (unless bound to an action): trace the next 300 frames to the
    /// profile folder.
    Trace,
    /// Enter: confirm (continue on settlement screens).
    Confirm,
    /// M: switch between auto-aim and mouse aim.
    ToggleAim,
    /// Space while watching a replay: pause / resume it.
    ReplayPause,
    /// 1 / 4 while watching a replay: play at ×1 or ×4.
    ReplaySpeed(u8),
    /// Ctrl+Q: quit (the exit line and any recording are written first).
    Quit,
}

/// Held keys and the cursor, updated from window events.
#[derive(Debug, Clone, Default)]
pub struct Controls {
    up: bool,
    down: bool,
    left: bool,
    right: bool,
    /// Cursor position in physical pixels.
    pub cursor: Vec2,
    /// Left button held.
    pub firing_held: bool,
    /// Space was pressed since the last fight step took it: dash.
    dash: bool,
    /// Q was pressed since the last fight step took it: cast the stored chip.
    cast: bool,
    ctrl: bool,
    pending: Vec<KeyAction>,
    /// The player's keys.
    pub bindings: Bindings,
    /// The settings wait for a key: the next press is captured, not acted on.
    pub capture: bool,
    captured: Option<KeyCode>,
}

impl Controls {
    /// Updates from a window event egui did not consume.
    pub fn on_event(&mut self, event: &WindowEvent) {
        match event {
            WindowEvent::KeyboardInput { event, .. } => {
                let down = event.state == ElementState::Pressed;
                let PhysicalKey::Code(code) = event.physical_key else {
                    return;
                };
                if self.capture && down && !event.repeat {
                    self.captured = Some(code);
                    self.capture = false;
                    return;
                }
                let bound = self.bindings.action(code);
                match (code, bound) {
                    (KeyCode::ControlLeft | KeyCode::ControlRight, _) => self.ctrl = down,
                    (KeyCode::KeyQ, _) if down && self.ctrl => self.pending.push(KeyAction::Quit),
                    (KeyCode::ArrowUp, _) | (_, Some(Bind::Up)) => self.up = down,
                    (KeyCode::ArrowDown, _) | (_, Some(Bind::Down)) => self.down = down,
                    (KeyCode::ArrowLeft, _) | (_, Some(Bind::Left)) => self.left = down,
                    (KeyCode::ArrowRight, _) | (_, Some(Bind::Right)) => self.right = down,
                    _ if !down || event.repeat => {}
                    (_, Some(Bind::Pause)) => self.pending.push(KeyAction::Pause),
                    (_, Some(Bind::Overlay)) => self.pending.push(KeyAction::ToggleOverlay),
                    (_, Some(Bind::Aim)) => self.pending.push(KeyAction::ToggleAim),
                    (KeyCode::NumpadEnter, _) | (_, Some(Bind::Confirm)) => {
                        self.pending.push(KeyAction::Confirm)
                    }
                    (_, Some(Bind::Dash)) => {
                        self.dash = true;
                        self.pending.push(KeyAction::ReplayPause);
                    }
                    (_, Some(Bind::Cast)) => self.cast = true,
                    (KeyCode::Digit1, _) => self.pending.push(KeyAction::ReplaySpeed(1)),
                    (KeyCode::Digit4, _) => self.pending.push(KeyAction::ReplaySpeed(4)),
                    (KeyCode::F4, None) => self.pending.push(KeyAction::Trace),
                    _ => {}
                }
            }
            WindowEvent::CursorMoved { position, .. } => {
                self.cursor = Vec2::new(position.x as f32, position.y as f32);
            }
            WindowEvent::MouseInput {
                state,
                button: MouseButton::Left,
                ..
            } => self.firing_held = *state == ElementState::Pressed,
            WindowEvent::Focused(false) => {
                // Keys released while unfocused never arrive: stop walking.
                self.up = false;
                self.down = false;
                self.left = false;
                self.right = false;
            }
            _ => {}
        }
    }

    /// Forgets every held key and waiting press: a phase change starts the
    /// next screen clean (a release taken by a menu never reaches us).
    pub fn clear_held(&mut self) {
        self.up = false;
        self.down = false;
        self.left = false;
        self.right = false;
        self.dash = false;
        self.cast = false;
        self.firing_held = false;
    }

    /// Movement direction from the held keys, length 0 or 1 (y down).
    pub fn move_dir(&self) -> Vec2 {
        let v = Vec2::new(
            f32::from(u8::from(self.right)) - f32::from(u8::from(self.left)),
            f32::from(u8::from(self.down)) - f32::from(u8::from(self.up)),
        );
        v.normalize_or_zero()
    }

    /// Whether Space was pressed since the last call (the next fight step dashes).
    pub fn take_dash(&mut self) -> bool {
        std::mem::take(&mut self.dash)
    }

    /// Whether Q was pressed since the last call (the next fight step casts the stored chip).
    pub fn take_cast(&mut self) -> bool {
        std::mem::take(&mut self.cast)
    }

    /// The key captured for the settings' rebinding, once.
    pub fn take_captured(&mut self) -> Option<KeyCode> {
        self.captured.take()
    }

    /// A gamepad's presses this frame (`app::gamepad`): its actions, a dash,
    /// a cast of the stored chip, handled as the keys' are.
    pub fn push_pad(&mut self, actions: Vec<KeyAction>, dash: bool, cast: bool) {
        self.pending.extend(actions);
        self.dash |= dash;
        self.cast |= cast;
        if dash {
            self.pending.push(KeyAction::ReplayPause);
        }
    }

    /// Actions pressed since the last call.
    pub fn take_actions(&mut self) -> Vec<KeyAction> {
        std::mem::take(&mut self.pending)
    }
}

/// Takes every number-key event out of this pass's input; true while a
/// number key is still down. A choice made with a number key on one screen
/// (a level-up card) must not buy on the next (docs/screens.md#no-traps).
pub fn swallow_numbers(i: &mut egui::InputState) -> bool {
    i.events
        .retain(|e| !matches!(e, egui::Event::Key { key, .. } if is_number(*key)));
    i.keys_down.iter().any(|k| is_number(*k))
}

fn is_number(k: egui::Key) -> bool {
    use egui::Key::*;
    matches!(k, Num1 | Num2 | Num3 | Num4 | Num5 | Num6 | Num7 | Num8 | Num9)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_movement_is_unit_length() {
        let c = Controls {
            up: true,
            right: true,
            ..Default::default()
        };
        let d = c.move_dir();
        assert!((d.length() - 1.0).abs() < 1e-6);
        assert!(d.x > 0.0 && d.y < 0.0);
        assert_eq!(Controls::default().move_dir(), Vec2::ZERO);
    }

    #[test]
    fn a_phase_change_forgets_held_keys() {
        let mut c = Controls {
            up: true,
            left: true,
            dash: true,
            ..Default::default()
        };
        c.clear_held();
        assert_eq!(c.move_dir(), Vec2::ZERO);
        assert!(!c.take_dash());
    }

    /// The number key that chose a level-up card is still down when the
    /// shop opens: the shop's pass sees no press of it, and keeps swallowing
    /// until it is released; a letter key passes untouched.
    #[test]
    fn a_number_key_held_over_a_phase_change_never_reaches_the_next_screen() {
        let ctx = egui::Context::default();
        let key = |key, pressed| egui::Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        };
        let pass = |events: Vec<egui::Event>| {
            let mut seen = (false, false, false);
            let mut out = ctx.run_pass(
                egui::RawInput {
                    events,
                    ..Default::default()
                },
                |ctx| {
                    let down = ctx.input_mut(super::swallow_numbers);
                    seen = ctx.input(|i| (down, i.key_pressed(egui::Key::Num1), i.key_pressed(egui::Key::B)));
                },
            );
            out.textures_delta.clear();
            seen
        };
        let (down, num, letter) = pass(vec![key(egui::Key::Num1, true), key(egui::Key::B, true)]);
        assert!(down, "the number key is still held");
        assert!(!num, "the held number key bought nothing");
        assert!(letter, "other keys pass");
        let (down, num, _) = pass(vec![key(egui::Key::Num1, false)]);
        assert!(!down, "released: the next press counts again");
        assert!(!num);
    }
}
