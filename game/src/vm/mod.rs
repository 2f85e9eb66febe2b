//! The spell VM: cores and chips as data, and the interpreter that turns a deck
//! into projectile spawn requests (docs/game.md#cores-and-spells, docs/game.md#spell-chips, docs/vm.md#limits; the exact
//! rules are docs/vm.md).
//!
//! - Data: [`spells`] (`data/spells.json`), [`cores`] (`data/cores.json`),
//!   [`resonance`] (`data/resonance_recipes.json`), [`balance`] (`data/balance.json`).
//! - Interpreter: [`deck`] (zones), [`scope`] (scoped modifiers), [`cast`] (one
//!   cast, iterative), [`topology`] (board boosts), [`validate`] (deck checks),
//!   [`spawn`] (spawn requests and the payload table).
//! - Runtime API for the fight: [`runtime::CoreState`] (`tick`, `fire_payload`,
//!   `release_payload`, `cast_entry`, `notify_kill`, `new_wave`),
//!   [`caster::CasterStats`] (from the player's `StatSheet`), [`runtime::CastContext`].
//!
//! Everything is CPU-only and deterministic: the same seed, deck and inputs give
//! the same casts.
//!
//! # The fight loop
//!
//! ```
//! use game::catalog::Catalog;
//! use game::vm::{CastContext, CasterStats, CoreState};
//!
//! let cat = Catalog::load(&game::data::default_root()).unwrap();
//! let core = cat.cores.starting().unwrap();
//! let deck = ["damage_plus", "trigger_hit", "spark_bolt", "spark_bolt"];
//! let mut state = CoreState::new(core, &deck, &cat.spells, &cat.recipes, &cat.balance.vm, 42).unwrap();
//! let stats = CasterStats::base(); // or CasterStats::from_sheet(&sheet, hp)
//! let ctx = CastContext {
//!     spells: &cat.spells,
//!     balance: &cat.balance.vm,
//!     nearest_enemy: f32::INFINITY, // IF_ENEMY_CLOSE reads this
//!     live_projectiles: 0,          // the global cap counts from here
//! };
//! // Each 60 Hz step: tick; spawn what comes out (GPU projectile + payload handle on the CPU).
//! let out = state.tick(1.0 / 60.0, &stats, &ctx);
//! assert!(out.cast);
//! let carrier = out.spawns[0];
//! let gpu = carrier.to_projectile([0.0, 0.0], 0.0);
//! assert_eq!(gpu.user[0], carrier.spell.0);
//! // The carrier hits: cast its payload at the hit, then free it when the slot is freed.
//! let handle = carrier.payload.unwrap();
//! let children = state.fire_payload(handle, &ctx);
//! assert_eq!(children.spawns.len(), 1);
//! state.release_payload(handle);
//! assert_eq!(state.payloads_live(), 0);
//! ```

pub mod balance;
pub mod cast;
pub mod caster;
pub mod cores;
pub mod cycle;
pub mod deck;
pub mod resonance;
pub mod runtime;
pub mod scope;
pub mod spawn;
pub mod spells;
pub mod topology;
pub mod validate;

use std::path::Path;

pub use balance::{Balance, VmBalance};
pub use caster::CasterStats;
pub use cores::{CoreBook, CoreDef, EntryOn};
pub use resonance::{RecipeBook, RecipeIdx};
pub use runtime::{CastContext, CastOutput, CoreMemory, CoreState, Fired};
pub use spawn::{PayloadHandle, SpawnRequest};
pub use spells::{SpellBook, SpellDef, SpellIdx, SpellKind, Stance};
pub use validate::DeckError;

use crate::data::{DataError, load_json};

/// File names inside the data folder.
pub const SPELLS_FILE: &str = "spells.json";
/// Cores file.
pub const CORES_FILE: &str = "cores.json";
/// Resonance recipes file.
pub const RECIPES_FILE: &str = "resonance_recipes.json";
/// Balance file.
pub const BALANCE_FILE: &str = "balance.json";

/// The VM's four data files, loaded and cross-checked.
#[derive(Debug, Clone)]
pub struct VmData {
    /// Chips.
    pub spells: SpellBook,
    /// Cores.
    pub cores: CoreBook,
    /// Resonance recipes.
    pub recipes: RecipeBook,
    /// Limits.
    pub balance: Balance,
}

/// Loads the VM's files under `root`, pushing every problem to `errors`.
///
/// Returns `None` when anything failed (the caller reports `errors`).
pub fn load(root: &Path, errors: &mut Vec<DataError>) -> Option<VmData> {
    let before = errors.len();
    let spells_file = load_json::<spells::SpellsFile>(root, SPELLS_FILE);
    let cores_file = load_json::<cores::CoresFile>(root, CORES_FILE);
    let recipes_file = load_json::<resonance::RecipesFile>(root, RECIPES_FILE);
    let balance = load_json::<Balance>(root, BALANCE_FILE);
    let spells = match spells_file {
        Ok(f) => SpellBook::from_file(Path::new(SPELLS_FILE), f, errors),
        Err(e) => {
            errors.push(e);
            SpellBook::default()
        }
    };
    let spells_ok = errors.len() == before;
    let cores = match cores_file {
        // Cross-references are only meaningful once the spell file loaded.
        Ok(f) if spells_ok => CoreBook::from_file(Path::new(CORES_FILE), f, &spells, errors),
        Ok(_) => CoreBook::default(),
        Err(e) => {
            errors.push(e);
            CoreBook::default()
        }
    };
    let recipes = match recipes_file {
        Ok(f) if spells_ok => RecipeBook::from_file(Path::new(RECIPES_FILE), f, &spells, errors),
        Ok(_) => RecipeBook::default(),
        Err(e) => {
            errors.push(e);
            RecipeBook::default()
        }
    };
    let balance = match balance {
        Ok(b) => {
            b.check(Path::new(BALANCE_FILE), errors);
            Some(b)
        }
        Err(e) => {
            errors.push(e);
            None
        }
    };
    match balance {
        Some(balance) if errors.len() == before => Some(VmData {
            spells,
            cores,
            recipes,
            balance,
        }),
        _ => None,
    }
}
