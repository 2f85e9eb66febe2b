//! Everything in `data/`, loaded and cross-checked as one unit.
//!
//! Each rule system owns the types of its files and a `load` function that
//! appends every problem it finds to a shared list; [`Catalog::load`] returns
//! the catalogue only when that list is empty, so the game never starts with
//! half of its data.
//!
//! The catalogue sits at the top of the rules layer (docs/architecture.md#layers): it bundles
//! every rule system's data, and no rule system imports it.

pub mod run_data;

use std::path::Path;

use crate::data::{DataError, DataErrors};

/// All game content. Systems read it; nothing mutates it after load.
#[derive(Debug, Clone)]
pub struct Catalog {
    // Each system adds its own field here, e.g. `pub spells: crate::vm::SpellBook`.
    /// Spell chips (`spells.json`).
    pub spells: crate::vm::SpellBook,
    /// Cores (`cores.json`).
    pub cores: crate::vm::CoreBook,
    /// Resonance recipes (`resonance_recipes.json`).
    pub recipes: crate::vm::RecipeBook,
    /// Global limits (`balance.json`).
    pub balance: crate::vm::Balance,
    /// Arena, player body, economy, level-ups and shop (`world.json`, `economy.json`,
    /// `levelups.json`, `shop.json`).
    pub run: run_data::RunData,
    /// Damage pipeline and reaction tuning (`combat.json`).
    pub combat: crate::combat::CombatRules,
    /// Enemy archetypes and elites (`enemies.json`).
    pub enemies: crate::enemies::EnemyDefs,
    /// Bosses (`bosses/*.json`).
    pub bosses: crate::bosses::BossDefs,
    /// Waves 1–20 (`waves/wave_XX.json`), index 0 = wave 1.
    pub waves: Vec<crate::waves::SpawnConfig>,
    /// Rarities, affixes, bases, artifacts, materials, drops, crafting,
    /// enhancements and enchantments (`loot/*.json`).
    pub loot: crate::loot::LootData,
    /// The blade: phases, combo and blades (`melee.json`).
    pub melee: crate::melee::MeleeRules,
    /// The unlock tree bought with aether between runs (`unlocks.json`).
    pub unlocks: crate::shop::UnlockTree,
    /// The curse runs' rule sets (`curses.json`).
    pub curses: crate::mutators::CurseBook,
}

impl Catalog {
    /// Loads every data file under `root` and checks cross-references.
    ///
    /// On failure, every problem found is returned, not only the first, so a
    /// designer can fix a batch of mistakes in one pass.
    pub fn load(root: &Path) -> Result<Catalog, DataErrors> {
        let mut errors: Vec<DataError> = Vec::new();
        if !root.is_dir() {
            errors.push(DataError::new(
                root,
                ".",
                "the data folder does not exist (set ARTIFICER_DATA?)",
            ));
        }
        // Systems append their loaders here, each pushing to `errors`.
        let vm = crate::vm::load(root, &mut errors);
        let run = run_data::RunData::load(root, &mut errors);
        if let (Some(vm), Some(run)) = (&vm, &run) {
            run.check_refs(
                |c| vm.cores.find(c).is_some(),
                |s| vm.spells.find(s).is_some(),
                &mut errors,
            );
        }
        // The tree is read even when the chips did not load, so its own
        // mistakes are reported in the same pass; its grants are checked
        // against the chips and cores only when those loaded.
        let unlocks = crate::shop::UnlockTree::load(
            root,
            |s| vm.as_ref().is_none_or(|vm| vm.spells.find(s).is_some()),
            |c| vm.as_ref().is_none_or(|vm| vm.cores.find(c).is_some()),
            &mut errors,
        );
        let fight = crate::waves::load_fight_data(root, &mut errors);
        let loot = crate::loot::LootData::load_into(root, &mut errors);
        let melee = crate::melee::MeleeRules::load(root, &mut errors);
        if let (Some(loot), Some(melee)) = (&loot, &melee) {
            // Every blade a base names has its numbers.
            for b in &loot.bases.bases {
                if let Some(id) = b.weapon.as_ref().and_then(|w| w.melee.as_ref())
                    && melee.blade(id).is_none()
                {
                    errors.push(DataError::new(
                        "loot/bases.json",
                        format!("bases[{}].weapon.melee", b.id),
                        format!("no blade `{id}` in melee.json"),
                    ));
                }
            }
        }
        let curses = crate::mutators::CurseBook::load(root, &mut errors);
        match (vm, run, fight, loot, melee, unlocks, curses) {
            (Some(vm), Some(run), Some(fight), Some(loot), Some(melee), Some(unlocks), Some(curses))
                if errors.is_empty() =>
            {
                Ok(Catalog {
                    spells: vm.spells,
                    cores: vm.cores,
                    recipes: vm.recipes,
                    balance: vm.balance,
                    run,
                    combat: fight.combat,
                    enemies: fight.enemies,
                    bosses: fight.bosses,
                    waves: fight.waves,
                    loot,
                    melee,
                    unlocks,
                    curses,
                })
            }
            _ => Err(DataErrors(errors)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{default_root, files_read};

    #[test]
    fn the_catalog_reads_its_json_files_and_nothing_else() {
        let root = default_root();
        let (cat, files) = files_read(|| Catalog::load(&root));
        assert!(cat.is_ok());
        for f in [
            "balance.json",
            "melee.json",
            "loot/bases.json",
            "waves/wave_20.json",
        ] {
            assert!(files.iter().any(|x| x == f), "{f} in {files:?}");
        }
        assert!(files.iter().any(|x| x.starts_with("bosses/")), "{files:?}");
        assert!(
            files
                .iter()
                .all(|x| x.ends_with(".json") && !x.starts_with("builds/")),
            "{files:?}"
        );
        assert!(files.windows(2).all(|w| w[0] < w[1]), "sorted, each once");
    }
}
