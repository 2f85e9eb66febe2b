//! The numbers of a run that belong to no single rule system: the arena, the
//! player's body, the step rate, the compute core's sizes, the starting build,
//! and how long effects stay on screen (`data/world.json`), loaded together with
//! the economy, level-up and shop files.
//!
//! It lives in the catalogue, at the top of the rules layer (docs/architecture.md#layers),
//! because [`crate::catalog::Catalog`] loads it with every other data file and
//! it only bundles rule systems' types (economy, shop, player, loot's enemy
//! attack levels); in `world` it made the catalogue import from the layer
//! above it. `crate::world::{RunData, WorldDef}` re-export it.

use std::path::Path;

use serde::Deserialize;

use crate::arena::Arena;
use crate::data::{DataError, load_json};
use crate::economy::Economy;
use crate::loot::gear::EnemyAttackDef;
use crate::player::PlayerDef;
use crate::shop::ShopDef;

/// `data/world.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorldDef {
    /// The arena (docs/architecture.md#units: 2400 × 2400 px).
    pub arena: Arena,
    /// The player's body.
    pub player: PlayerDef,
    /// Fixed steps per second (docs/architecture.md#the-step: 60).
    pub step_hz: u32,
    /// Projectile slots of the compute core (the VM's global cap is lower; the
    /// core holds more so stress builds and enemy shots fit).
    pub projectile_capacity: u32,
    /// Most enemies uploaded to the compute core per step.
    pub max_enemies: u32,
    /// Core id a run starts with.
    pub starting_core: String,
    /// Spell ids in the starting core, slot order.
    pub starting_deck: Vec<String>,
    /// Seconds a damage number stays on screen.
    pub damage_number_s: f32,
    /// Seconds a death burst stays on screen.
    pub death_burst_s: f32,
    /// Seconds a boss wave runs past its duration while its boss lives.
    pub boss_overtime_s: f32,
    /// Seconds a wave stands finished before it ends early: every spawn
    /// has come and nothing is alive, or a boss wave's boss is dead
    /// (docs/game.md#wave-end).
    pub clear_beat_s: f32,
    /// Attack level and classes of enemy hits, against the player's defence levels.
    pub enemy_attack: EnemyAttackDef,
}

/// File name under the data root.
pub const WORLD_FILE: &str = "world.json";

impl WorldDef {
    /// Seconds per fixed step.
    pub fn dt(&self) -> f32 {
        1.0 / self.step_hz as f32
    }
}

/// Everything the run reads besides the VM, combat, enemies and loot data.
#[derive(Debug, Clone, PartialEq)]
pub struct RunData {
    /// `data/world.json`.
    pub world: WorldDef,
    /// `data/economy.json` + `data/levelups.json`.
    pub economy: Economy,
    /// `data/shop.json`.
    pub shop: ShopDef,
}

impl RunData {
    /// Loads and checks the four files, appending every problem to `errors`.
    /// Cross-references to spells and cores are checked by [`RunData::check_refs`].
    pub fn load(root: &Path, errors: &mut Vec<DataError>) -> Option<RunData> {
        let before = errors.len();
        let world = load_json::<WorldDef>(root, WORLD_FILE)
            .map_err(|e| errors.push(e))
            .ok();
        if let Some(w) = &world {
            w.validate(errors);
        }
        let economy = Economy::load(root, errors);
        let shop = ShopDef::load(root, errors);
        if errors.len() > before {
            return None;
        }
        Some(RunData {
            world: world?,
            economy: economy?,
            shop: shop?,
        })
    }

    /// Checks that the starting core and deck, and the shop's stocking
    /// factors, name things that exist.
    pub fn check_refs(
        &self,
        core_exists: impl Fn(&str) -> bool,
        spell_exists: impl Fn(&str) -> bool,
        errors: &mut Vec<DataError>,
    ) {
        if !core_exists(&self.world.starting_core) {
            errors.push(DataError::new(
                WORLD_FILE,
                "starting_core",
                format!("unknown core `{}`", self.world.starting_core),
            ));
        }
        for (i, s) in self.world.starting_deck.iter().enumerate() {
            if !spell_exists(s) {
                errors.push(DataError::new(
                    WORLD_FILE,
                    format!("starting_deck[{i}]"),
                    format!("unknown spell `{s}`"),
                ));
            }
        }
        for (i, w) in self.shop.spell_weights.iter().enumerate() {
            if !spell_exists(&w.spell) {
                errors.push(DataError::new(
                    crate::shop::SHOP_FILE,
                    format!("spell_weights[{i}].spell"),
                    format!("unknown spell `{}`", w.spell),
                ));
            }
        }
    }
}

impl WorldDef {
    fn validate(&self, errors: &mut Vec<DataError>) {
        let f = WORLD_FILE;
        if !(self.arena.width >= 200.0 && self.arena.height >= 200.0) {
            errors.push(DataError::new(
                f,
                "arena",
                "the arena must be at least 200 × 200 px",
            ));
        }
        if !(self.player.radius > 0.0 && self.player.radius < 100.0) {
            errors.push(DataError::new(f, "player.radius_px", "must be within 0..100 px"));
        }
        if self.player.hit_invulnerability_s.is_nan() || self.player.hit_invulnerability_s < 0.0 {
            errors.push(DataError::new(f, "player.hit_invulnerability_s", "must be ≥ 0 s"));
        }
        if self.step_hz == 0 {
            errors.push(DataError::new(f, "step_hz", "must be > 0"));
        }
        if self.projectile_capacity == 0 {
            errors.push(DataError::new(f, "projectile_capacity", "must be > 0"));
        }
        if self.max_enemies == 0 {
            errors.push(DataError::new(f, "max_enemies", "must be > 0"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_run_data_loads() {
        let mut e = Vec::new();
        let d = RunData::load(&crate::data::default_root(), &mut e);
        assert!(e.is_empty(), "{e:?}");
        let d = d.expect("loaded");
        assert_eq!(d.world.arena.width, 2400.0);
        assert_eq!(d.world.step_hz, 60);
        assert_eq!(d.shop.waiting_area, 5);
    }
}
