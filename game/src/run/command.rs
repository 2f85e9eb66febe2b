//! Commands: the only way into a run (docs/architecture.md#commands).
//!
//! The window turns keys, mouse and egui clicks into commands; the scripted
//! player of `artificer sim` produces them from its policy; a replay is the
//! list of them. Fight input is quantised here, at the source, so the value
//! the world sees is exactly the value a replay stores: movement to 1/256 of
//! a turn (the keyboard's 8 directions and the script's 16 headings are exact
//! multiples), aim to 1/65,536 of a turn. The move vector is always unit
//! length or zero: an analog stick walks at full speed in its direction.

use std::f32::consts::TAU;

use glam::Vec2;

use crate::loot::gear_actions::{BenchAction, EquipmentAction};
use crate::shop::Shelf;
use crate::shop::loadout::{CardPlace, Spot};
use crate::world::PlayerInput;

/// Fight input for one fixed step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct StepInput {
    /// Walking heading in 1/256 turns (0 = east, 64 = south, y down), or
    /// `None` to stand still.
    pub heading: Option<u8>,
    /// Mouse-aim heading in 1/65,536 turns, or `None` for auto-aim (the core
    /// fires at the nearest enemy).
    pub aim: Option<u16>,
    /// Dash this step (it starts only when walking and off cooldown).
    pub dash: bool,
    /// Cast the stored chip this step (Store Magic; off its cooldown).
    pub cast: bool,
}

impl StepInput {
    /// Quantises a movement vector (zero: stand) and an aim vector (`None`:
    /// auto-aim; a zero vector also means auto-aim).
    pub fn new(move_dir: Vec2, aim: Option<Vec2>) -> Self {
        let turn = |v: Vec2| v.y.atan2(v.x).rem_euclid(TAU) / TAU;
        let heading = (move_dir.length_squared() > 1e-12)
            .then(|| ((turn(move_dir) * 256.0).round() as u32 % 256) as u8);
        let aim = aim
            .filter(|a| a.length_squared() > 1e-12)
            .map(|a| ((turn(a) * 65_536.0).round() as u32 % 65_536) as u16);
        Self {
            heading,
            aim,
            dash: false,
            cast: false,
        }
    }

    /// The same input with the stored-chip key pressed (or not) this step.
    pub fn with_cast(self, cast: bool) -> Self {
        Self { cast, ..self }
    }

    /// The same input with the dash button pressed (or not) this step.
    pub fn with_dash(self, dash: bool) -> Self {
        Self { dash, ..self }
    }

    /// The unit walking direction (zero when standing).
    pub fn move_dir(&self) -> Vec2 {
        self.heading.map_or(Vec2::ZERO, |h| {
            let a = f32::from(h) * (TAU / 256.0);
            Vec2::new(a.cos(), a.sin())
        })
    }

    /// The unit aim direction, or `None` for auto-aim.
    pub fn aim_dir(&self) -> Option<Vec2> {
        self.aim.map(|h| {
            let a = f32::from(h) * (TAU / 65_536.0);
            Vec2::new(a.cos(), a.sin())
        })
    }

    /// The input as the fight reads it.
    pub fn player_input(&self) -> PlayerInput {
        PlayerInput {
            move_dir: self.move_dir(),
            aim: self.aim_dir(),
            dash: self.dash,
            cast_stored: self.cast,
        }
    }
}

/// One thing a player (or a script, or a replay) does to a run.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Fight input for one fixed step (only in a fight).
    Step(StepInput),
    /// Lab: enter the next wave with the active core.
    StartWave,
    /// Settlement: go on (to the level-ups, or straight to the shop).
    Continue,
    /// Level-up: take the `k`-th offered upgrade.
    ChooseLevelUp(usize),
    /// Shop: buy offer `index` of a shelf.
    Buy {
        /// Which shelf.
        shelf: Shelf,
        /// Offer index on it.
        index: usize,
    },
    /// Shop: restock shelves A and B at the current refresh price.
    Refresh,
    /// Shop: sell a card for the shop's share of what was paid, never below
    /// its floor (`data/shop.json`'s `sell`).
    SellCard(CardPlace),
    /// Shop: sell a carried core that is not active; its deck goes to the waiting area.
    SellCore(usize),
    /// Shop: make carried core `core` active, carrying the active deck into
    /// it (`carry_deck`) or leaving each core its own cards.
    SwitchCore {
        /// Index into the carried cores.
        core: usize,
        /// Whether the cards move along.
        carry_deck: bool,
    },
    /// Lab or shop: move a card of the active core or the waiting area.
    MoveCard {
        /// Where it is.
        from: Spot,
        /// Where it goes.
        to: Spot,
    },
    /// Shop: open the armoury (equipment and crafting bench).
    OpenArmoury,
    /// Armoury: back to the shop.
    CloseArmoury,
    /// Armoury: wear, take off, socket or unsocket.
    Equip(EquipmentAction),
    /// Armoury: a crafting operation or an enhancement / enchantment attempt.
    Craft(BenchAction),
    /// Shop: leave for the lab.
    LeaveShop,
    /// Summary of a cleared run: go on into endless (docs/game.md#the-clear).
    Endless,
    /// Shop: lock or unlock an offer (free): a locked offer stays through
    /// refreshes and into the next shop, at its price.
    LockOffer {
        /// Which shelf.
        shelf: Shelf,
        /// Offer index on it.
        index: usize,
    },
    /// Level-up: draw a new offer for gold, dearer with each reroll in the window.
    RerollLevelUp,
    /// Shop: try shelf A's offer `index` on the build, nothing paid (the
    /// window measures it and shows the change).
    TryOn(usize),
}

impl Command {
    /// A short name for messages ("buy", "step").
    pub fn name(&self) -> &'static str {
        match self {
            Command::Step(_) => "step",
            Command::StartWave => "start wave",
            Command::Continue => "continue",
            Command::ChooseLevelUp(_) => "choose level-up",
            Command::Buy { .. } => "buy",
            Command::Refresh => "refresh",
            Command::SellCard(_) => "sell card",
            Command::SellCore(_) => "sell core",
            Command::SwitchCore { .. } => "switch core",
            Command::MoveCard { .. } => "move card",
            Command::OpenArmoury => "open armoury",
            Command::CloseArmoury => "close armoury",
            Command::Equip(_) => "equip",
            Command::Craft(_) => "craft",
            Command::LeaveShop => "leave shop",
            Command::Endless => "endless",
            Command::LockOffer { .. } => "lock",
            Command::RerollLevelUp => "reroll",
            Command::TryOn(_) => "try",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyboard_and_script_headings_are_exact() {
        for k in 0..16u32 {
            let a = k as f32 * TAU / 16.0;
            let s = StepInput::new(Vec2::new(a.cos(), a.sin()), None);
            assert_eq!(s.heading, Some((k * 16) as u8));
        }
        let diag = StepInput::new(Vec2::new(1.0, -1.0).normalize(), None);
        assert_eq!(diag.heading, Some(224));
        assert_eq!(StepInput::new(Vec2::ZERO, None).heading, None);
        let d = StepInput::new(Vec2::new(0.0, 1.0), None).move_dir();
        assert!((d - Vec2::new(0.0, 1.0)).length() < 1e-6);
    }

    #[test]
    fn aim_round_trips_within_a_tiny_angle() {
        let v = Vec2::new(-3.0, 7.0);
        let s = StepInput::new(Vec2::ZERO, Some(v));
        let back = s.aim_dir().expect("aim kept");
        assert!(back.perp_dot(v).atan2(back.dot(v)).abs() < TAU / 65_536.0);
        assert_eq!(StepInput::new(Vec2::ZERO, Some(Vec2::ZERO)).aim, None);
        // Quantising twice changes nothing: what is recorded is what is played.
        assert_eq!(StepInput::new(Vec2::ZERO, s.aim_dir()), s);
    }
}
