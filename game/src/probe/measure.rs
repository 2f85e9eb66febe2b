//! What a probe fight measures: one named number per thing a player could
//! notice or a rule could move, so "with it" and "without it" compare key by
//! key.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::combat::ReactionKind;
use crate::world::{Carry, WaveStats, World};

/// Named figures of one probe fight. Keys are stable (`reactions.conduction`,
/// `healed.lifesteal`, `burning_s`, …) so claims can name them.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Measure(pub BTreeMap<String, f64>);

impl Measure {
    /// The figure `key` (0 when it was never booked).
    pub fn get(&self, key: &str) -> f64 {
        self.0.get(key).copied().unwrap_or(0.0)
    }

    fn set(&mut self, key: &str, v: f64) {
        self.0.insert(key.to_string(), v);
    }

    fn add(&mut self, key: &str, v: f64) {
        *self.0.entry(key.to_string()).or_insert(0.0) += v;
    }

    /// Keys whose values differ (beyond float noise) between `self` and `other`.
    pub fn moved(&self, other: &Measure) -> Vec<String> {
        let mut keys: Vec<&String> = self.0.keys().chain(other.0.keys()).collect();
        keys.sort();
        keys.dedup();
        keys.into_iter()
            .filter(|k| differs(self.get(k), other.get(k)))
            .cloned()
            .collect()
    }
}

/// True when two figures differ by more than rounding.
pub fn differs(a: f64, b: f64) -> bool {
    (a - b).abs() > 1e-6 * a.abs().max(b.abs()).max(1.0)
}

/// Status seconds summed over living enemies, keyed like the measure.
const STATUS_KEYS: [&str; 8] = [
    "wet_s",
    "oily_s",
    "burning_s",
    "frozen_s",
    "slowed_s",
    "paralysed_s",
    "poisoned_s",
    "wounded_s",
];

/// Accumulates per-step figures during a probe fight.
#[derive(Debug, Default)]
pub struct Sampler {
    m: Measure,
    last_pos: Option<glam::Vec2>,
}

impl Sampler {
    /// Books what one step showed (call after `World::step`).
    pub fn sample(&mut self, w: &World) {
        let dt = f64::from(w.dt());
        let pos = w.player.pos;
        if let Some(p) = self.last_pos {
            self.m.add("distance", f64::from(p.distance(pos)));
        }
        self.last_pos = Some(pos);
        if w.player.alive() {
            self.m.add("alive_s", dt);
        }
        self.m
            .add("shots_alive_s", f64::from(w.counters.player_projectiles) * dt);
        for ev in &w.boss_events {
            match ev {
                crate::bosses::BossEvent::Reflected { .. } => self.m.add("reflected", 1.0),
                crate::bosses::BossEvent::ShieldRaised { .. } => self.m.add("shields_raised", 1.0),
                _ => {}
            }
        }
        for e in w.enemies().slots().iter().filter(|e| e.alive) {
            let st = &e.status;
            let on = [
                st.wet > 0.0,
                st.oily > 0.0,
                st.burning > 0.0,
                st.frozen > 0.0,
                st.slowed > 0.0,
                st.paralysed > 0.0,
                !st.poison.is_empty(),
                st.wound_dps > 0.0,
            ];
            for (k, on) in STATUS_KEYS.iter().zip(on) {
                if on {
                    self.m.add(k, dt);
                }
            }
        }
    }

    /// The measure at the fight's end: the sampled figures, the wave's
    /// totals and the state the fight left (HP, dummies' lost HP and how far
    /// they were moved from `dummy_starts`).
    pub fn finish(mut self, w: &World, carry: &Carry, dummy_starts: &[(u32, glam::Vec2)]) -> Measure {
        let s: &WaveStats = &w.stats;
        let m = &mut self.m;
        for k in STATUS_KEYS {
            m.add(k, 0.0);
        }
        m.add("distance", 0.0);
        m.add("reflected", 0.0);
        m.add("shields_raised", 0.0);
        m.add("alive_s", 0.0);
        m.set("damage_dealt", s.damage_dealt);
        m.set("damage_taken", s.damage_taken);
        m.set("self_damage", s.self_damage);
        m.set("kills", f64::from(s.kills));
        m.set("elite_kills", f64::from(s.elite_kills));
        m.set("gold_picked", s.gold_picked as f64);
        m.set("xp", s.xp as f64);
        m.set("casts", s.casts as f64);
        m.set("reactions", s.reactions as f64);
        for (k, n) in ReactionKind::ALL.iter().zip(s.reactions_by_kind) {
            m.set(&format!("reactions.{}", k.name()), n as f64);
        }
        m.set("healed.lifesteal", s.healed.lifesteal);
        m.set("healed.mist", s.healed.mist);
        m.set("healed.hooks", s.healed.hooks);
        m.set("healed.regen", s.healed.regen);
        m.set("knockbacks", s.knockbacks as f64);
        m.set("mana_leeched", s.mana_leeched);
        m.set("wall_triggers", s.wall_triggers as f64);
        m.set("dashes", s.dashes as f64);
        m.set("afflictions", s.afflictions as f64);
        m.set("afflictions_resisted", s.afflictions_resisted as f64);
        m.set("melee_swings", s.melee_swings as f64);
        m.set("melee_hits", s.melee_hits as f64);
        m.set("parries", s.parries as f64);
        m.set("parried_shots", s.parried_shots as f64);
        m.set("highest_hit", f64::from(s.highest_hit));
        m.set("items_dropped", f64::from(s.items_dropped));
        m.set("hp_end", f64::from(w.player.hp));
        m.set("hp_max", f64::from(w.player.hp_max()));
        let mut lost = 0.0;
        let mut moved = 0.0;
        for &(slot, start) in dummy_starts {
            if let Some(e) = w.enemies().get(slot) {
                lost += f64::from(e.hp_max - e.hp);
                moved += f64::from(e.pos.distance(start));
            }
        }
        m.set("dummy_hp_lost", lost);
        let regs = w.core_state().map_or([0.0; 2], |c| c.registers());
        m.set("reg_a", f64::from(regs[0]));
        m.set("reg_b", f64::from(regs[1]));
        m.set("slots", carry.loadout.capacity_of(carry.loadout.active()) as f64);
        m.set("dummy_moved", moved);
        self.m
    }
}
