//! Gamepads (gilrs): the left stick walks, the right stick aims (taking
//! over from the mouse or auto-aim while it is pushed, giving it back when
//! let go), A dashes in a fight and presses the focused button in a menu,
//! X casts the stored chip, B and Start pause or go back, Select toggles
//! the overlay, and the d-pad moves the menus' focus (egui's arrow-key
//! navigation; the first press focuses the first widget). In the lab the
//! stepper has buttons of its own: RB steps, LB goes back, Y runs or pauses.
//! Keyboard and mouse keep working beside it; pads may come and go while
//! the game runs.
//!
//! With no gamepad support on the machine (no udev, a container, CI) the
//! game logs one line and plays on without pads.

use glam::Vec2;

use super::input::KeyAction;
use crate::screens::lab_step::StepKey;

/// Stick travel below which a stick counts as centred.
pub const DEADZONE: f32 = 0.25;

/// The buttons the game uses, by position (Xbox names in the docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PadButton {
    /// A (bottom face button).
    South,
    /// B (right face button).
    East,
    /// X (left face button).
    West,
    /// Y (top face button).
    North,
    /// LB (left shoulder).
    LeftShoulder,
    /// RB (right shoulder).
    RightShoulder,
    /// Start / Menu.
    Start,
    /// Select / View.
    Select,
    /// D-pad up.
    Up,
    /// D-pad down.
    Down,
    /// D-pad left.
    Left,
    /// D-pad right.
    Right,
}

/// One thing a pad did, in the game's terms.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PadEvent {
    /// A button went down.
    Pressed(PadButton),
    /// The left stick moved to (x, y), y up as the pad reports it.
    LeftStick(Option<f32>, Option<f32>),
    /// The right stick moved to (x, y), y up.
    RightStick(Option<f32>, Option<f32>),
    /// A pad was plugged in or out (sticks recentre).
    Reset,
}

/// What the pads want this frame.
#[derive(Debug, Clone, Default)]
pub struct PadState {
    left: Vec2,
    right: Vec2,
    /// Actions for the fight and the screens (pause, confirm, overlay).
    pub actions: Vec<KeyAction>,
    /// A dash was pressed.
    pub dash: bool,
    /// The stored chip was cast.
    pub cast: bool,
    /// Keys for egui's focus navigation and activation.
    pub menu_keys: Vec<egui::Key>,
    /// The lab stepper's buttons (RB, LB, Y), for the lab alone.
    pub stepper: Vec<StepKey>,
}

fn stick(v: Vec2) -> Vec2 {
    if v.length() < DEADZONE {
        Vec2::ZERO
    } else {
        v.clamp_length_max(1.0)
    }
}

impl PadState {
    /// Applies one pad event.
    pub fn apply(&mut self, ev: PadEvent) {
        match ev {
            PadEvent::Pressed(b) => match b {
                PadButton::South => {
                    self.dash = true;
                    self.menu_keys.push(egui::Key::Enter);
                }
                PadButton::East | PadButton::Start => self.actions.push(KeyAction::Pause),
                PadButton::West => self.cast = true,
                PadButton::North => self.stepper.push(StepKey::Run),
                PadButton::LeftShoulder => self.stepper.push(StepKey::Back),
                PadButton::RightShoulder => self.stepper.push(StepKey::Step),
                PadButton::Select => self.actions.push(KeyAction::ToggleOverlay),
                PadButton::Up => self.menu_keys.push(egui::Key::ArrowUp),
                PadButton::Down => self.menu_keys.push(egui::Key::ArrowDown),
                PadButton::Left => self.menu_keys.push(egui::Key::ArrowLeft),
                PadButton::Right => self.menu_keys.push(egui::Key::ArrowRight),
            },
            // Pads report y up; the world's y points down.
            PadEvent::LeftStick(x, y) => {
                self.left = Vec2::new(x.unwrap_or(self.left.x), y.map_or(self.left.y, |y| -y));
            }
            PadEvent::RightStick(x, y) => {
                self.right = Vec2::new(x.unwrap_or(self.right.x), y.map_or(self.right.y, |y| -y));
            }
            PadEvent::Reset => {
                self.left = Vec2::ZERO;
                self.right = Vec2::ZERO;
            }
        }
    }

    /// The walk from the left stick (zero inside the deadzone).
    pub fn walk(&self) -> Vec2 {
        stick(self.left)
    }

    /// The aim from the right stick while it is pushed (a unit vector).
    pub fn aim(&self) -> Option<Vec2> {
        let v = stick(self.right);
        (v != Vec2::ZERO).then(|| v.normalize())
    }

    /// egui events for this frame's menu keys: a d-pad press with nothing
    /// focused first focuses the first widget (Tab); A is Enter.
    pub fn egui_events(&mut self, focused: bool) -> Vec<egui::Event> {
        let mut out = Vec::new();
        for key in self.menu_keys.drain(..) {
            let key = if !focused && key != egui::Key::Enter {
                egui::Key::Tab
            } else {
                key
            };
            for pressed in [true, false] {
                out.push(egui::Event::Key {
                    key,
                    physical_key: None,
                    pressed,
                    repeat: false,
                    modifiers: egui::Modifiers::NONE,
                });
            }
        }
        out
    }
}

/// The pads, if this machine can read them.
pub struct Pads {
    gilrs: Option<gilrs::Gilrs>,
    /// What they want this frame.
    pub state: PadState,
}

impl std::fmt::Debug for Pads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pads")
            .field("available", &self.gilrs.is_some())
            .field("state", &self.state)
            .finish()
    }
}

impl Pads {
    /// Opens gamepad input; without it, one log line and no pads.
    pub fn open() -> Self {
        let gilrs = match gilrs::Gilrs::new() {
            Ok(g) => {
                for (_, pad) in g.gamepads() {
                    log::info!("gamepad: {}", pad.name());
                }
                Some(g)
            }
            Err(e) => {
                log::info!("no gamepad input ({e}); keyboard and mouse only");
                None
            }
        };
        Self {
            gilrs,
            state: PadState::default(),
        }
    }

    /// Reads every pad event since the last frame into [`Pads::state`].
    pub fn poll(&mut self) {
        let Some(g) = self.gilrs.as_mut() else {
            return;
        };
        while let Some(ev) = g.next_event() {
            use gilrs::{Axis, Button, EventType};
            let mapped = match ev.event {
                EventType::ButtonPressed(b, _) => match b {
                    Button::South => Some(PadButton::South),
                    Button::East => Some(PadButton::East),
                    Button::West => Some(PadButton::West),
                    Button::North => Some(PadButton::North),
                    Button::LeftTrigger => Some(PadButton::LeftShoulder),
                    Button::RightTrigger => Some(PadButton::RightShoulder),
                    Button::Start => Some(PadButton::Start),
                    Button::Select => Some(PadButton::Select),
                    Button::DPadUp => Some(PadButton::Up),
                    Button::DPadDown => Some(PadButton::Down),
                    Button::DPadLeft => Some(PadButton::Left),
                    Button::DPadRight => Some(PadButton::Right),
                    _ => None,
                }
                .map(PadEvent::Pressed),
                EventType::AxisChanged(axis, v, _) => match axis {
                    Axis::LeftStickX => Some(PadEvent::LeftStick(Some(v), None)),
                    Axis::LeftStickY => Some(PadEvent::LeftStick(None, Some(v))),
                    Axis::RightStickX => Some(PadEvent::RightStick(Some(v), None)),
                    Axis::RightStickY => Some(PadEvent::RightStick(None, Some(v))),
                    _ => None,
                },
                EventType::Connected => {
                    log::info!("gamepad connected: {}", g.gamepad(ev.id).name());
                    Some(PadEvent::Reset)
                }
                EventType::Disconnected => {
                    log::info!("gamepad disconnected");
                    Some(PadEvent::Reset)
                }
                _ => None,
            };
            if let Some(m) = mapped {
                self.state.apply(m);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sticks_walk_and_aim_with_a_deadzone_and_y_down() {
        let mut s = PadState::default();
        s.apply(PadEvent::LeftStick(Some(0.1), Some(0.1)));
        assert_eq!(s.walk(), Vec2::ZERO, "inside the deadzone");
        s.apply(PadEvent::LeftStick(None, Some(1.0)));
        assert_eq!(
            s.walk(),
            Vec2::new(0.1, -1.0).clamp_length_max(1.0),
            "pushed up walks up (y down)"
        );
        assert_eq!(
            s.aim(),
            None,
            "the right stick at rest leaves aiming to the mouse or auto-aim"
        );
        s.apply(PadEvent::RightStick(Some(-1.0), Some(0.0)));
        assert_eq!(s.aim(), Some(Vec2::new(-1.0, 0.0)));
        s.apply(PadEvent::Reset);
        assert_eq!(
            (s.walk(), s.aim()),
            (Vec2::ZERO, None),
            "unplugged: sticks recentre"
        );
    }

    #[test]
    fn buttons_dash_pause_and_navigate_menus() {
        let mut s = PadState::default();
        for b in [
            PadButton::South,
            PadButton::Start,
            PadButton::West,
            PadButton::Down,
        ] {
            s.apply(PadEvent::Pressed(b));
        }
        assert!(s.dash && s.cast);
        assert_eq!(s.actions, vec![KeyAction::Pause]);
        // Nothing focused: the d-pad focuses the first widget (Tab), A is Enter.
        let evs = s.egui_events(false);
        let keys: Vec<(egui::Key, bool)> = evs
            .iter()
            .filter_map(|e| match e {
                egui::Event::Key { key, pressed, .. } => Some((*key, *pressed)),
                _ => None,
            })
            .collect();
        assert_eq!(
            keys,
            vec![
                (egui::Key::Enter, true),
                (egui::Key::Enter, false),
                (egui::Key::Tab, true),
                (egui::Key::Tab, false)
            ]
        );
        s.apply(PadEvent::Pressed(PadButton::Down));
        assert!(matches!(
            s.egui_events(true)[0],
            egui::Event::Key {
                key: egui::Key::ArrowDown,
                ..
            }
        ));
    }

    #[test]
    fn shoulders_and_y_drive_the_lab_stepper_and_nothing_else() {
        let mut s = PadState::default();
        for b in [
            PadButton::LeftShoulder,
            PadButton::RightShoulder,
            PadButton::North,
        ] {
            s.apply(PadEvent::Pressed(b));
        }
        assert_eq!(s.stepper, vec![StepKey::Back, StepKey::Step, StepKey::Run]);
        assert!(!s.dash && !s.cast && s.actions.is_empty() && s.menu_keys.is_empty());
    }

    #[test]
    fn no_pad_support_is_silent() {
        // In CI and containers there is no udev: opening must not fail.
        let mut pads = Pads::open();
        pads.poll();
        assert_eq!(pads.state.walk(), Vec2::ZERO);
    }
}
