//! Waves (docs/game.md#pacing, docs/game.md#wave-files): the SpawnConfig files and the runner that
//! turns one into spawn orders.

pub mod config;
pub mod endless;
pub mod runner;

pub use config::{BossSpawn, CrowdFloor, EliteOverride, SpawnConfig, SpawnGroup, WAVE_COUNT, wave_file};
pub use runner::{SPAWN_CEILING, SpawnOrder, WaveRunner, wave_seed};

use std::path::Path;

use crate::bosses::BossDefs;
use crate::combat::CombatRules;
use crate::data::{DataError, load_json};
use crate::enemies::EnemyDefs;

/// The fight's data, loaded together because waves refer to enemies and bosses.
#[derive(Debug, Clone)]
pub struct FightData {
    /// `combat.json`.
    pub combat: CombatRules,
    /// `enemies.json`.
    pub enemies: EnemyDefs,
    /// `bosses/*.json`.
    pub bosses: BossDefs,
    /// `waves/wave_01.json` … `wave_20.json`.
    pub waves: Vec<SpawnConfig>,
}

/// File of the combat tuning inside the data root.
pub const COMBAT_FILE: &str = "combat.json";

/// Loads combat rules, enemies, bosses and waves, checking every wave's
/// enemy and boss ids; pushes every problem to `errors` and returns `None`
/// if there was any.
pub fn load_fight_data(root: &Path, errors: &mut Vec<DataError>) -> Option<FightData> {
    let before = errors.len();
    let combat = match load_json::<CombatRules>(root, COMBAT_FILE) {
        Ok(c) => {
            c.validate(COMBAT_FILE, errors);
            Some(c)
        }
        Err(e) => {
            errors.push(e);
            None
        }
    };
    let enemies = EnemyDefs::load(root, errors);
    let bosses = BossDefs::load(root, errors);
    let waves = SpawnConfig::load_all(root, enemies.as_ref(), bosses.as_ref(), errors);
    match (combat, enemies, bosses, waves) {
        (Some(combat), Some(enemies), Some(bosses), Some(waves)) if errors.len() == before => {
            Some(FightData {
                combat,
                enemies,
                bosses,
                waves,
            })
        }
        _ => None,
    }
}
