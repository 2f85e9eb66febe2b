//! The movement-build interactions of game-design §5.2 (G4): move-buff actions
//! hit harder while the player moves, stand-charge actions charge while the
//! player stands still and fire one overloaded release. The numbers are the
//! chips' `stance` in `data/spells.json`.

use super::World;
use crate::vm::{SpawnRequest, Stance};

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
}

impl World {
    /// True when the player is moving this step (movement input held).
    pub fn player_moving(&self) -> bool {
        self.move_dir.length_squared() > 1.0e-6
    }

    /// The first stand-charge chip of the active deck, if any.
    fn stand_charge_stance(&self) -> Option<Stance> {
        self.loadout.active().deck.iter().find_map(|c| {
            let i = self.cat.spells.find(&c.id)?;
            match self.cat.spells.get(i).stance {
                Some(s @ Stance::StandCharge { .. }) => Some(s),
                _ => None,
            }
        })
    }

    /// The standing-charge ring's state; `None` when the active deck has no
    /// stand-charge chip (then nothing is drawn).
    pub fn charge_state(&self) -> Option<ChargeState> {
        self.charge.state(&self.stand_charge_stance()?)
    }

    /// Stage 3 helper: advances the still timer and scales this step's main
    /// spawns by their chip's stance. A cast whose stand-charge spawns were
    /// overloaded spends the charge.
    pub(super) fn apply_stance(&mut self, spawns: &mut [SpawnRequest]) {
        let moving = self.player_moving();
        self.charge.tick(self.dt, moving);
        let mut spent = false;
        for s in spawns.iter_mut() {
            let stance = self.cat.spells.get(s.spell).stance;
            let f = self.charge.factor(stance.as_ref(), moving);
            s.damage *= f;
            spent |= f != 1.0 && matches!(stance, Some(Stance::StandCharge { .. }));
        }
        if spent {
            self.charge.still_s = 0.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use engine::gpu::Backend;
    use glam::Vec2;

    use super::*;
    use crate::catalog::Catalog;
    use crate::shop::Card;

    const DT: f32 = 1.0 / 60.0;

    fn charge() -> Stance {
        Stance::StandCharge {
            charge_s: 1.5,
            ring_after_s: 0.3,
            mult: 3.0,
        }
    }

    #[test]
    fn the_ring_shows_after_0_3_s_and_fills_at_1_5_s() {
        let mut t = ChargeTracker::default();
        // 17 steps = 0.2833 s: not shown yet.
        for _ in 0..17 {
            t.tick(DT, false);
        }
        assert!(!t.state(&charge()).expect("stand charge").shown);
        // 18 steps = 0.3 s: shown, progress 0.3 / 1.5 = 0.2.
        t.tick(DT, false);
        let s = t.state(&charge()).expect("stand charge");
        assert!(s.shown && !s.full);
        assert!((s.progress - 0.2).abs() < 1.0e-4, "{}", s.progress);
        assert!((s.left_s - 1.2).abs() < 1.0e-4);
        // 90 steps = 1.5 s: full, factor 3.
        for _ in 18..90 {
            t.tick(DT, false);
        }
        let s = t.state(&charge()).expect("stand charge");
        assert!(s.full && (s.progress - 1.0).abs() < 1.0e-6);
        assert_eq!(t.factor(Some(&charge()), false), 3.0);
        // One step of movement clears it.
        t.tick(DT, true);
        assert_eq!(t.still_s, 0.0);
        assert_eq!(t.factor(Some(&charge()), false), 1.0);
        assert!(!t.state(&charge()).expect("stand charge").shown);
    }

    #[test]
    fn move_buff_only_while_moving() {
        let t = ChargeTracker::default();
        let buff = Stance::MoveBuff { mult: 1.5 };
        assert_eq!(t.factor(Some(&buff), true), 1.5);
        assert_eq!(t.factor(Some(&buff), false), 1.0);
        assert_eq!(t.factor(None, true), 1.0);
        assert_eq!(t.state(&buff), None);
    }

    fn world_with(deck: &[&str]) -> World {
        let cat = Arc::new(Catalog::load(&crate::data::default_root()).expect("data loads"));
        let mut w = World::new(cat, 11, Backend::Cpu, None).expect("world");
        *w.loadout.deck_mut(0).expect("core 0") = deck
            .iter()
            .map(|id| Card {
                id: (*id).to_string(),
                paid: 0,
            })
            .collect();
        w.begin_wave(1).expect("wave");
        w
    }

    /// Damage of the player shots alive now, sorted.
    fn shot_damage(w: &World) -> Vec<f32> {
        let mut v: Vec<f32> = w
            .shots
            .occupied()
            .into_iter()
            .filter_map(|s| w.shots.get(s))
            .filter(|s| matches!(s.team, super::super::Team::Player))
            .map(|s| s.damage)
            .collect();
        v.sort_by(f32::total_cmp);
        v
    }

    #[test]
    fn volt_dash_hits_1_5_times_harder_while_moving() {
        // Base damage 8 (data/spells.json), no damage stats at the start: 8 still, 12 moving.
        let mut still = world_with(&["volt_dash"]);
        still.step();
        assert_eq!(shot_damage(&still), vec![8.0]);
        let mut moving = world_with(&["volt_dash"]);
        moving.move_dir = Vec2::X;
        moving.step();
        assert_eq!(shot_damage(&moving), vec![12.0]);
    }

    #[test]
    fn gravity_singularity_overloads_after_standing_1_5_s() {
        // Base damage 40; cast delay 0.8 s; the first cast fires on step 1,
        // unscaled (0.0167 s still). Standing on, the charge fills at step 90
        // (1.5 s); the next cast after that is 40 x 3 = 120 and spends it.
        let mut w = world_with(&["gravity_singularity"]);
        assert_eq!(w.charge_state().map(|c| c.full), Some(false));
        w.step();
        assert_eq!(shot_damage(&w), vec![40.0]);
        let mut seen = Vec::new();
        for _ in 1..200 {
            w.step();
            let casts = w.counters.casts;
            if casts > 0 {
                seen.push((w.wave_steps, w.stats.main_casts, shot_damage(&w)));
            }
        }
        let overloaded = seen
            .iter()
            .find(|(_, _, d)| d.contains(&120.0))
            .expect("an overloaded release within 200 steps");
        assert!(overloaded.0 >= 90, "not before a full charge: {seen:?}");
        assert!(w.charge_state().expect("deck has a stand-charge chip").progress < 1.0);
        // A deck without the chip has no ring.
        let plain = world_with(&["spark_bolt"]);
        assert_eq!(plain.charge_state(), None);
    }
}
