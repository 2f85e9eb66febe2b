//! Global limits and tuning of the spell VM (`data/balance.json`, section `vm`;
//! docs/vm.md#limits: infinite mana gun, GPU killer, `heavy_cost` × `infinite_spells`).
//!
//! The file is a document of sections so other systems can add theirs; the VM
//! owns `vm`.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::data::DataError;

/// Escalating mana cost while firing fast (docs/vm.md#mana, "递增蓝耗").
///
/// A cast that comes less than `rapid_interval` seconds after the previous one
/// adds `per_cast` heat (at most `max`); otherwise heat decays by
/// `decay_per_s` per second of time since the previous cast. Every mana cost is
/// multiplied by `1 + heat`. With the default numbers a 4-casts/s wand never
/// heats; a one-frame machine gun pays 1 % more per shot, up to double.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManaHeat {
    /// Heat added per rapid cast (0.01 = +1 % cost).
    pub per_cast: f32,
    /// Most heat.
    pub max: f32,
    /// Heat lost per second while not firing rapidly.
    pub decay_per_s: f32,
    /// A cast this soon after the previous one counts as rapid, s.
    pub rapid_interval: f32,
}

/// The VM's limits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VmBalance {
    /// Live projectiles at most; spawns past it are dropped and counted (2000).
    pub projectile_cap: u32,
    /// Of the cap, the share kept for the main cast and the core's entries:
    /// a turret's volley or a trigger's payload spawns only while fewer than
    /// `projectile_cap × (1 − main_cast_reserve)` of the player's shots fly,
    /// so the deck's own chips still fire when turrets fill the screen
    /// (docs/game.md#the-projectile-cap).
    pub main_cast_reserve: f32,
    /// Deepest trigger nesting; a trigger drawn deeper fires without payload (3).
    pub max_trigger_depth: u8,
    /// MAX_OPS = cpu_limit × this (40).
    pub ops_per_cpu: u32,
    /// Shortest cast delay, s (one 60 Hz frame).
    pub min_cast_delay: f32,
    /// HP a single cast may cost at most, as a fraction of max HP (0.15).
    pub hp_cost_cap_fraction: f32,
    /// HP an `infinite_spells` core charges for a chip it cannot pay in mana (1).
    pub infinite_spells_hp_cost: f32,
    /// Trigger payloads held at once per core; a trigger past it fires without payload.
    pub payload_table_max: u32,
    /// Mana heat.
    pub mana_heat: ManaHeat,
}

/// The whole `balance.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Balance {
    /// Spell VM limits.
    pub vm: VmBalance,
}

impl Balance {
    /// Checks value ranges, pushing every problem.
    pub fn check(&self, file: &Path, errors: &mut Vec<DataError>) {
        let v = &self.vm;
        let mut bad =
            |field: &str, msg: String| errors.push(DataError::new(file, format!("vm.{field}"), msg));
        if v.projectile_cap == 0 {
            bad("projectile_cap", "must be at least 1".into());
        }
        if !(0.0..=1.0).contains(&v.main_cast_reserve) {
            bad(
                "main_cast_reserve",
                format!("{} is outside 0..=1 (a share of the cap)", v.main_cast_reserve),
            );
        }
        if v.ops_per_cpu == 0 {
            bad("ops_per_cpu", "must be at least 1".into());
        }
        if !(v.min_cast_delay > 0.0 && v.min_cast_delay.is_finite()) {
            bad("min_cast_delay", format!("{} must be > 0", v.min_cast_delay));
        }
        if !(0.0..=1.0).contains(&v.hp_cost_cap_fraction) {
            bad(
                "hp_cost_cap_fraction",
                format!("{} is outside 0..=1", v.hp_cost_cap_fraction),
            );
        }
        if !(v.infinite_spells_hp_cost >= 0.0 && v.infinite_spells_hp_cost.is_finite()) {
            bad("infinite_spells_hp_cost", "must be a finite number >= 0".into());
        }
        if v.payload_table_max == 0 {
            bad("payload_table_max", "must be at least 1".into());
        }
        let h = &v.mana_heat;
        for (name, x) in [
            ("per_cast", h.per_cast),
            ("max", h.max),
            ("decay_per_s", h.decay_per_s),
            ("rapid_interval", h.rapid_interval),
        ] {
            if !(x >= 0.0 && x.is_finite()) {
                bad(
                    &format!("mana_heat.{name}"),
                    format!("{x} must be a finite number >= 0"),
                );
            }
        }
    }
}
