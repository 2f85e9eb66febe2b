//! The lab's test range as a world mode (docs/game.md#test-range): the active
//! core fires at dummies that stand still, take damage, never die and never
//! heal, and no wave spawner runs, so nothing else enters the arena and the
//! wave never ends. The DPS meter reads [`WaveStats::damage_dealt`].
//!
//! [`WaveStats::damage_dealt`]: super::WaveStats

use glam::Vec2;

#[cfg(test)]
use super::PlayerInput;
use super::{Carry, World, WorldError};
use crate::waves::{WaveRunner, wave_seed};

/// One dummy to place: an enemy archetype and where it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct Dummy {
    /// Enemy id (`data/enemies.json`), for its body, armour and resistances.
    pub enemy: String,
    /// Position, world px.
    pub pos: Vec2,
    /// Hit points (f32: keep at most ~1e7 so single hits still register).
    pub hp: f32,
}

impl World {
    /// Starts a test range: the state of wave 1's start (full HP and mana,
    /// the active core loaded fresh) without the wave's spawns, boss or end,
    /// and `dummies` placed. Returns the dummies' enemy slots, in order.
    pub fn begin_test_range(&mut self, carry: &mut Carry, dummies: &[Dummy]) -> Result<Vec<u32>, WorldError> {
        self.begin_wave(carry, 1)?;
        let mut cfg = self.cat.waves.first().cloned().ok_or(WorldError::Unknown {
            what: "wave",
            id: "1".into(),
        })?;
        cfg.spawn_groups.clear();
        cfg.elite_overrides.clear();
        cfg.boss = None;
        cfg.duration_sec = f32::MAX;
        let runner = WaveRunner::new(&cfg, &self.cat.enemies, &self.cat.bosses, wave_seed(self.seed, 1))?;
        self.field.runner = Some(runner);
        let mut slots = Vec::with_capacity(dummies.len());
        for d in dummies {
            let slot = self
                .spawn_enemy(&d.enemy, d.pos)
                .ok_or_else(|| WorldError::Unknown {
                    what: "enemy",
                    id: d.enemy.clone(),
                })?;
            if let Some(e) = self.field.enemies.get_mut(slot) {
                e.speed = 0.0;
                // Range targets stand: a dummy shoved away by knockback
                // would leave the player's aim and the DPS meter with it.
                e.knockback_resist = 1.0;
                e.hp_max = d.hp;
                e.hp = d.hp;
            }
            slots.push(slot);
        }
        Ok(slots)
    }

    /// Empties the active core's mana bar (a range trial of what a deck
    /// sustains on its regeneration, not on the full bar a wave opens with).
    pub fn drain_mana(&mut self) {
        if let Some(core) = self.caster.core.as_mut() {
            core.set_mana(0.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use engine::gpu::Backend;

    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn dummies_stand_take_damage_and_nothing_else_spawns() {
        let cat = Arc::new(Catalog::load(&crate::data::default_root()).expect("data loads"));
        let (mut w, mut carry) = World::new_run(cat, 5, Backend::Cpu, None).expect("world");
        let input = PlayerInput::default();
        let centre = w.player.pos;
        let dummies = [
            Dummy {
                enemy: "tank".into(),
                pos: centre + Vec2::new(200.0, 0.0),
                hp: 1.0e6,
            },
            Dummy {
                enemy: "tank".into(),
                pos: centre + Vec2::new(-200.0, 0.0),
                hp: 1.0e6,
            },
        ];
        let slots = w.begin_test_range(&mut carry, &dummies).expect("range");
        // 90 s of simulation: longer than wave 1 (the range never ends).
        for _ in 0..90 * 60 {
            w.step(&mut carry, &input);
        }
        assert!(w.in_wave() && !w.wave_done());
        assert_eq!(w.enemies().alive_count(), 2, "only the dummies");
        assert!(w.stats.damage_dealt > 0.0);
        let mut lost = 0.0;
        for (slot, d) in slots.iter().zip(&dummies) {
            let e = w.enemies().get(*slot).expect("dummy");
            assert!(e.alive);
            assert!(e.pos.distance(d.pos) < 40.0, "stands (knockback aside)");
            lost += f64::from(d.hp - e.hp);
        }
        // What the meter counts is what the dummies lost (f32 HP rounding aside).
        let dealt = w.stats.damage_dealt;
        assert!(
            lost > 0.0 && (lost - dealt).abs() <= 0.01 * dealt,
            "{lost} vs {dealt}"
        );
        assert!(w.player.alive());
    }
}
