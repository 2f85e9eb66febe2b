//! Economy and progression of a run (docs/game.md#economy): gold from kills
//! as coins that vanish, wave settlement with capped interest, XP and the level
//! curve, and the stat upgrades a level-up offers.
//!
//! Numbers come from `data/economy.json` and `data/levelups.json`.

pub mod coins;
pub mod gold;
pub mod levelup;
pub mod power_curve;
pub mod xp;

use std::path::Path;

use serde::Deserialize;

pub use coins::{Coin, CoinDef, CoinField, CoinUpdate};
pub use gold::{Settlement, SettlementDef, Wallet};
pub use levelup::{LevelUpDef, LevelUpTable};
pub use xp::{Progress, XpCurve, XpCurveDef};

use crate::data::{DataError, load_json};

/// `data/economy.json` as written.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EconomyDef {
    /// Gold the run starts with.
    pub starting_gold: u64,
    /// Coins on the ground.
    pub coins: CoinDef,
    /// End-of-wave payment.
    pub settlement: SettlementDef,
    /// The XP curve.
    pub xp_curve: XpCurveDef,
}

/// Everything the economy reads, loaded and checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Economy {
    /// The file's values.
    pub def: EconomyDef,
    /// The precomputed level curve.
    pub curve: XpCurve,
    /// Level-up upgrades.
    pub levelups: LevelUpTable,
}

/// File names under the data root.
pub const ECONOMY_FILE: &str = "economy.json";
/// See [`ECONOMY_FILE`].
pub const LEVELUPS_FILE: &str = "levelups.json";

impl Economy {
    /// Loads and checks both files, appending every problem to `errors`.
    pub fn load(root: &Path, errors: &mut Vec<DataError>) -> Option<Economy> {
        let def = load_json::<EconomyDef>(root, ECONOMY_FILE)
            .map_err(|e| errors.push(e))
            .ok();
        let levelups = load_json::<LevelUpTable>(root, LEVELUPS_FILE)
            .map_err(|e| errors.push(e))
            .ok();
        let before = errors.len();
        if let Some(d) = &def {
            d.validate(errors);
        }
        if let Some(l) = &levelups {
            l.validate(LEVELUPS_FILE, errors);
        }
        let (def, levelups) = (def?, levelups?);
        if errors.len() > before {
            return None;
        }
        Some(Economy {
            curve: XpCurve::new(def.xp_curve.levels),
            def,
            levelups,
        })
    }
}

impl EconomyDef {
    fn validate(&self, errors: &mut Vec<DataError>) {
        let f = ECONOMY_FILE;
        let c = &self.coins;
        if !(c.lifetime_s.is_finite() && c.lifetime_s > 0.0) {
            errors.push(DataError::new(f, "coins.lifetime_s", "must be > 0 seconds"));
        }
        if !(c.magnet_speed.is_finite() && c.magnet_speed >= 0.0) {
            errors.push(DataError::new(f, "coins.magnet_speed", "must be ≥ 0 px/s"));
        }
        if c.gold_per_kill[0] > c.gold_per_kill[1] {
            errors.push(DataError::new(f, "coins.gold_per_kill", "min is above max"));
        }
        let s = &self.settlement;
        if !(s.interest_rate.is_finite() && s.interest_rate >= 0.0) {
            errors.push(DataError::new(f, "settlement.interest_rate", "must be ≥ 0"));
        }
        if self.xp_curve.levels == 0 {
            errors.push(DataError::new(
                f,
                "xp_curve.levels",
                "precompute at least one level",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_files_load() {
        let mut e = Vec::new();
        let eco = Economy::load(&crate::data::default_root(), &mut e);
        assert!(e.is_empty(), "{e:?}");
        let eco = eco.expect("loaded");
        assert_eq!(eco.curve.len(), 50);
        assert_eq!(eco.def.settlement.settle(5000).total(), 200);
    }

    #[test]
    fn broken_file_names_the_field() {
        let dir = std::env::temp_dir().join(format!("artificer-eco-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let root = crate::data::default_root();
        let text = std::fs::read_to_string(root.join(ECONOMY_FILE)).expect("read");
        std::fs::write(
            dir.join(ECONOMY_FILE),
            text.replace("\"lifetime_s\"", "\"lifetime\""),
        )
        .expect("write");
        std::fs::copy(root.join(LEVELUPS_FILE), dir.join(LEVELUPS_FILE)).expect("copy");
        let mut e = Vec::new();
        assert!(Economy::load(&dir, &mut e).is_none());
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].path, "coins.lifetime");
        assert!(e[0].message.contains("unknown field"), "{}", e[0].message);
        std::fs::remove_dir_all(&dir).ok();
    }
}
