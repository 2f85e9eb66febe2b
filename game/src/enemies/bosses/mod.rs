//! Bosses (docs/game.md#boss-phases, docs/game.md#enemies): definitions in `data/bosses/*.json`
//! and the phase machine that runs them.
//!
//! A boss is an enemy slot in `crate::enemies::EnemySet` whose
//! `EnemyState::boss` holds a [`BossRuntime`]; the set consults it for
//! movement, volleys, resistances, regeneration on physical hits, reflection
//! (mirror mage) and armour layers (armour lord).
//!
//! Bosses live inside `enemies` (re-exported as `crate::bosses`) because the
//! enemy set runs them and they run on the enemies' context and shots: as two
//! top-level modules, `enemies` and `bosses` imported each other.

pub mod defs;
pub mod runtime;
pub mod shield;

pub use defs::{BehaviorTag, BossDef, BossDefs, Pattern, PhaseDef};
pub use runtime::{BossEvent, BossRuntime};
