//! The movement-build interactions of docs/game.md#dash-and-movement-builds: move-buff actions
//! hit harder while the player moves, stand-charge actions charge while the
//! player stands still and fire one overloaded release. The numbers are the
//! chips' `stance` in `data/spells.json`.
//!
//! This file holds the rule (the still timer, the damage factor, the ring's
//! state); `crate::world` (its `charge.rs`) feeds it the movement input and
//! the active deck every step.

use crate::vm::{SpawnRequest, SpellIdx, Stance};

/// How long the player has stood still, carried between steps.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ChargeTracker {
    /// Seconds without movement input; 0 while moving.
    pub still_s: f32,
}

/// What the HUD draws for a stand-charge deck.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChargeState {
    /// Charge 0..=1 (still time over the chip's `charge_s`).
    pub progress: f32,
    /// True once fully charged: the next release is overloaded.
    pub full: bool,
    /// True once the player has stood still `ring_after_s`: draw the ring.
    pub shown: bool,
    /// Seconds left to a full charge.
    pub left_s: f32,
}

impl ChargeTracker {
    /// Advances by one step: moving clears the charge, standing adds `dt`.
    pub fn tick(&mut self, dt: f32, moving: bool) {
        if moving {
            self.still_s = 0.0;
        } else {
            self.still_s += dt;
        }
    }

    /// Damage factor of a chip with `stance` fired now.
    pub fn factor(&self, stance: Option<&Stance>, moving: bool) -> f32 {
        match stance {
            Some(Stance::MoveBuff { mult }) if moving => *mult,
            Some(&Stance::StandCharge { charge_s, mult, .. })
                if !moving && self.still_s >= charge_s - 1.0e-4 =>
            {
                mult
            }
            _ => 1.0,
        }
    }

    /// The ring's state for a stand-charge chip with `stance`.
    pub fn state(&self, stance: &Stance) -> Option<ChargeState> {
        let Stance::StandCharge {
            charge_s,
            ring_after_s,
            ..
        } = *stance
        else {
            return None;
        };
        let progress = (self.still_s / charge_s).clamp(0.0, 1.0);
        Some(ChargeState {
            progress,
            full: self.still_s >= charge_s - 1.0e-4,
            shown: self.still_s >= ring_after_s - 1.0e-4,
            left_s: (charge_s - self.still_s).max(0.0),
        })
    }

    /// Stage 3 of a step for the main spawns of a cast: advances the still
    /// timer by `dt` and scales each spawn's damage by its chip's stance
    /// (`stance_of` looks a spell's stance up). A cast whose stand-charge
    /// spawns were overloaded spends the charge.
    pub fn apply(
        &mut self,
        dt: f32,
        moving: bool,
        spawns: &mut [SpawnRequest],
        stance_of: impl Fn(SpellIdx) -> Option<Stance>,
    ) {
        self.tick(dt, moving);
        let mut spent = false;
        for s in spawns.iter_mut() {
            let stance = stance_of(s.spell);
            let f = self.factor(stance.as_ref(), moving);
            s.damage *= f;
            spent |= f != 1.0 && matches!(stance, Some(Stance::StandCharge { .. }));
        }
        if spent {
            self.still_s = 0.0;
        }
    }
}
