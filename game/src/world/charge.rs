//! Stand-charge and move-buff in the fight: the rule lives in
//! [`crate::effects::charge`]; this is the world's side that reads the
//! movement input and the active deck.

use super::{Carry, World};
pub use crate::effects::charge::{ChargeState, ChargeTracker};
use crate::vm::{SpawnRequest, Stance};

impl World {
    /// True when the player is moving this step (movement input held).
    pub fn player_moving(&self) -> bool {
        self.input.move_dir.length_squared() > 1.0e-6
    }

    /// The first stand-charge chip of the active deck, if any.
    fn stand_charge_stance(&self, carry: &Carry) -> Option<Stance> {
        carry.loadout.active().deck.iter().find_map(|c| {
            let i = self.cat.spells.find(&c.id)?;
            match self.cat.spells.get(i).stance {
                Some(s @ Stance::StandCharge { .. }) => Some(s),
                _ => None,
            }
        })
    }

    /// The standing-charge ring's state; `None` when the active deck has no
    /// stand-charge chip (then nothing is drawn).
    pub fn charge_state(&self, carry: &Carry) -> Option<ChargeState> {
        self.caster.charge.state(&self.stand_charge_stance(carry)?)
    }

    /// Stage 3 helper: advances the still timer and scales this step's main
    /// spawns by their chip's stance. A cast whose stand-charge spawns were
    /// overloaded spends the charge.
    pub(super) fn apply_stance(&mut self, spawns: &mut [SpawnRequest]) {
        let moving = self.player_moving();
        let spells = &self.cat.spells;
        self.caster
            .charge
            .apply(self.dt, moving, spawns, |i| spells.get(i).stance);
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
    use crate::world::PlayerInput;

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

    fn world_with(deck: &[&str]) -> (World, Carry) {
        let cat = Arc::new(Catalog::load(&crate::data::default_root()).expect("data loads"));
        let (mut w, mut carry) = World::new_run(cat, 11, Backend::Cpu, None).expect("world");
        *carry.loadout.deck_mut(0).expect("core 0") = deck
            .iter()
            .map(|id| Card {
                id: (*id).to_string(),
                paid: 0,
            })
            .collect();
        w.begin_wave(&mut carry, 1).expect("wave");
        (w, carry)
    }

    /// Damage of the player shots alive now, sorted.
    fn shot_damage(w: &World) -> Vec<f32> {
        let mut v: Vec<f32> = w
            .field
            .shots
            .occupied()
            .into_iter()
            .filter_map(|s| w.field.shots.get(s))
            .filter(|s| matches!(s.team, super::super::Team::Player))
            .map(|s| s.damage)
            .collect();
        v.sort_by(f32::total_cmp);
        v
    }

    #[test]
    fn volt_dash_hits_1_5_times_harder_while_moving() {
        // Base damage 8 (data/spells.json), no damage stats at the start: 8 still, 12 moving.
        let (mut still, mut carry) = world_with(&["volt_dash"]);
        still.step(&mut carry, &PlayerInput::default());
        assert_eq!(shot_damage(&still), vec![8.0]);
        let (mut moving, mut carry) = world_with(&["volt_dash"]);
        moving.step(&mut carry, &PlayerInput::walk(Vec2::X));
        assert_eq!(shot_damage(&moving), vec![12.0]);
    }

    #[test]
    fn gravity_singularity_overloads_after_standing_1_5_s() {
        // Base damage 40; cast delay 0.8 s; the first cast fires on step 1,
        // unscaled (0.0167 s still). Standing on, the charge fills at step 90
        // (1.5 s); the next cast after that is 40 x 3 = 120 and spends it.
        let (mut w, mut carry) = world_with(&["gravity_singularity"]);
        assert_eq!(w.charge_state(&carry).map(|c| c.full), Some(false));
        let stand = PlayerInput::default();
        w.step(&mut carry, &stand);
        assert_eq!(shot_damage(&w), vec![40.0]);
        let mut seen = Vec::new();
        for _ in 1..200 {
            w.step(&mut carry, &stand);
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
        assert!(
            w.charge_state(&carry)
                .expect("deck has a stand-charge chip")
                .progress
                < 1.0
        );
        // A deck without the chip has no ring.
        let (plain, carry) = world_with(&["spark_bolt"]);
        assert_eq!(plain.charge_state(&carry), None);
    }
}
