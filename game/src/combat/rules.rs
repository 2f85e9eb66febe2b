//! Tuning numbers of the damage pipeline and the reaction matrix, from
//! `data/combat.json`.
//!
//! The seed fixes the multipliers (wet: lightning +100 %, oily: fire +200 % and
//! double duration, frozen: physical +300 %) and the attunement rates; the
//! seed is silent on durations, DoT strength and blast radii, which are chosen
//! here and kept in data so balancing never needs a rebuild.

use serde::{Deserialize, Serialize};

use crate::data::DataError;

/// An area reaction's shape and strength.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlastRule {
    /// Radius around the struck enemy, px (added to each target's own radius).
    #[serde(rename = "radius_px", alias = "radius")]
    pub radius: f32,
    /// Damage to each other enemy in range, as a fraction of the triggering element's final damage.
    pub damage_fraction: f32,
}

/// Every number the combat rules read; one instance lives in the catalog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatRules {
    /// Crit chance per point of luck (0.01: 100 luck = certain crit).
    pub crit_per_luck: f32,
    /// Multiplicative damage per attunement point (docs/game.md#stats-and-caps: 0.03).
    pub attunement_damage_per_point: f32,
    /// Status chance per attunement point (docs/game.md#stats-and-caps: 0.02).
    pub attunement_status_per_point: f32,
    /// Poison stacks an enemy can carry with no poison attunement.
    pub poison_stack_cap_base: u32,
    /// Poison stack cap however much attunement (docs/game.md#stats-and-caps: 20).
    pub poison_stack_cap_max: u32,
    /// A poison stack's damage per second, as a fraction of the hit's final poison damage.
    pub poison_dps_fraction: f32,
    /// Seconds a poison stack lasts.
    pub poison_duration: f32,
    /// Burning damage per second, as a fraction of the igniting hit's final fire damage.
    pub burning_dps_fraction: f32,
    /// Seconds burning lasts.
    pub burning_duration: f32,
    /// Seconds wet lasts.
    pub wet_duration: f32,
    /// Seconds oily lasts.
    pub oily_duration: f32,
    /// Seconds frozen lasts (no movement).
    pub frozen_duration: f32,
    /// Seconds slowed lasts.
    pub slowed_duration: f32,
    /// Speed multiplier while slowed.
    pub slow_factor: f32,
    /// Seconds paralysed lasts (no movement, no attacks).
    pub paralysed_duration: f32,
    /// Lightning damage multiplier on a wet target (seed: +100 % → 2).
    pub wet_lightning_mult: f32,
    /// Fire damage multiplier on an oily target (seed: +200 % → 3).
    pub oily_fire_mult: f32,
    /// Burning duration multiplier after an oil blast (seed: doubled → 2).
    pub oily_burn_duration_mult: f32,
    /// Physical damage multiplier on a frozen target (seed: +300 % → 4).
    pub frozen_physical_mult: f32,
    /// Fire on wet: steam burst.
    pub vaporise: BlastRule,
    /// Lightning on wet: current spreads to neighbours.
    pub conduction: BlastRule,
    /// Lightning on burning: explosion.
    pub overload: BlastRule,
}

impl CombatRules {
    /// Checks value ranges; appends one error per bad field to `errors`.
    pub fn validate(&self, file: &str, errors: &mut Vec<DataError>) {
        let non_negative: [(&str, f32); 19] = [
            ("crit_per_luck", self.crit_per_luck),
            ("attunement_damage_per_point", self.attunement_damage_per_point),
            ("attunement_status_per_point", self.attunement_status_per_point),
            ("poison_dps_fraction", self.poison_dps_fraction),
            ("poison_duration", self.poison_duration),
            ("burning_dps_fraction", self.burning_dps_fraction),
            ("burning_duration", self.burning_duration),
            ("wet_duration", self.wet_duration),
            ("oily_duration", self.oily_duration),
            ("frozen_duration", self.frozen_duration),
            ("slowed_duration", self.slowed_duration),
            ("paralysed_duration", self.paralysed_duration),
            ("oily_burn_duration_mult", self.oily_burn_duration_mult),
            ("vaporise.radius_px", self.vaporise.radius),
            ("vaporise.damage_fraction", self.vaporise.damage_fraction),
            ("conduction.radius_px", self.conduction.radius),
            ("conduction.damage_fraction", self.conduction.damage_fraction),
            ("overload.radius_px", self.overload.radius),
            ("overload.damage_fraction", self.overload.damage_fraction),
        ];
        for (name, v) in non_negative {
            if !(v.is_finite() && v >= 0.0) {
                errors.push(DataError::new(
                    file,
                    name,
                    format!("must be a finite number ≥ 0, got {v}"),
                ));
            }
        }
        for (name, v) in [
            ("wet_lightning_mult", self.wet_lightning_mult),
            ("oily_fire_mult", self.oily_fire_mult),
            ("frozen_physical_mult", self.frozen_physical_mult),
        ] {
            if !(v.is_finite() && v >= 1.0) {
                errors.push(DataError::new(
                    file,
                    name,
                    format!("a reaction multiplier must be ≥ 1, got {v}"),
                ));
            }
        }
        if !(0.0..=1.0).contains(&self.slow_factor) {
            errors.push(DataError::new(file, "slow_factor", "must be within 0..=1"));
        }
        if self.poison_stack_cap_base > self.poison_stack_cap_max {
            errors.push(DataError::new(
                file,
                "poison_stack_cap_base",
                "must not exceed poison_stack_cap_max",
            ));
        }
    }

    /// Poison stack cap for an attacker with `attunement` poison points:
    /// base + 1 per point, at most `poison_stack_cap_max` (docs/game.md#stats-and-caps).
    pub fn poison_cap(&self, attunement: f32) -> u32 {
        let extra = attunement.max(0.0).floor() as u32;
        (self.poison_stack_cap_base + extra).min(self.poison_stack_cap_max)
    }
}

impl Default for CombatRules {
    /// The values shipped in `data/combat.json`, for tests and tools that run without data.
    fn default() -> Self {
        Self {
            crit_per_luck: 0.01,
            attunement_damage_per_point: 0.03,
            attunement_status_per_point: 0.02,
            poison_stack_cap_base: 5,
            poison_stack_cap_max: 20,
            poison_dps_fraction: 0.25,
            poison_duration: 4.0,
            burning_dps_fraction: 0.3,
            burning_duration: 3.0,
            wet_duration: 5.0,
            oily_duration: 6.0,
            frozen_duration: 2.0,
            slowed_duration: 3.0,
            slow_factor: 0.5,
            paralysed_duration: 1.0,
            wet_lightning_mult: 2.0,
            oily_fire_mult: 3.0,
            oily_burn_duration_mult: 2.0,
            frozen_physical_mult: 4.0,
            vaporise: BlastRule {
                radius: 100.0,
                damage_fraction: 0.5,
            },
            conduction: BlastRule {
                radius: 140.0,
                damage_fraction: 0.5,
            },
            overload: BlastRule {
                radius: 120.0,
                damage_fraction: 1.0,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nineteen tests and the benchmarks build their fights on the default
    /// rules: it must be the shipped file, or they test a game nobody plays.
    #[test]
    fn the_default_is_the_shipped_combat_file() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/combat.json");
        let text = std::fs::read_to_string(&path).expect("data/combat.json");
        let shipped: CombatRules =
            crate::data::parse_json(std::path::Path::new("combat.json"), &text).expect("parses");
        assert_eq!(
            CombatRules::default(),
            shipped,
            "CombatRules::default() and data/combat.json must agree"
        );
    }
}
