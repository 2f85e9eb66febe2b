//! What a run carries from wave to wave: gold, level and XP, the cores with
//! their decks, worn gear and the stash, materials, artifact pity, learned
//! recipes, the bosses met, the player's permanent stat modifiers and
//! run-long marks (damage taken, Last Will, max HP lost), and what a Memory
//! Wand remembers between waves.
//!
//! The fight (`world::World`) owns what lives and dies inside one wave:
//! bodies, projectiles, coins on the floor, the active core's VM state. The
//! run (`run::Run`) owns a [`Carry`] and lends it to each fight step, so the
//! rules between waves (shop, level-ups, the armoury) act on a plain value
//! that tests can build without a compute core (docs/architecture.md#world-and-carry).
//!
//! It sits with the rule rooms (below the world) because the world's step
//! takes it by argument; every field is the rule room's own type.

use rand::Rng;

use crate::catalog::Catalog;
use crate::economy::{Progress, Wallet};
use crate::loot::LootData;
use crate::loot::artifacts::ArtifactInstance;
use crate::loot::drops::PityState;
use crate::loot::enhance::Workbench;
use crate::loot::enhance::recipes::Recipes;
use crate::loot::equipment::Equipment;
use crate::loot::gear_actions::{
    BenchAction, BenchResult, EquipmentAction, GearRefusal, apply_bench, apply_equipment,
};
use crate::loot::item::{Inventory, Item};
use crate::loot::materials::MaterialAmounts;
use crate::player::{PlayerLedger, StatSource, StatSources};
use crate::shop::{Card, CarriedCore, Loadout, Purchase, Shelf, Shop, ShopDef, ShopError, ShopPool};
use crate::stats::StatModifier;
use crate::vm::CoreMemory;

/// Why a run's carry could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CarryError {
    /// `data/world.json` names a starting core the catalogue lacks.
    #[error("unknown core `{0}` (data/world.json's starting_core)")]
    UnknownCore(String),
}

/// Everything a run keeps between waves (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct Carry {
    /// Gold.
    pub wallet: Wallet,
    /// Level and XP.
    pub progress: Progress,
    /// Carried cores, decks and the waiting area.
    pub loadout: Loadout,
    /// Worn items and socketed artifacts.
    pub equipment: Equipment,
    /// Items picked up and not worn.
    pub stash: Vec<Item>,
    /// Crafting materials gathered.
    pub materials: MaterialAmounts,
    /// Artifact pity of the run.
    pub pity: PityState,
    /// Enchantment recipes learned this run.
    pub recipes: Recipes,
    /// Boss kinds met this run (indices into `BossDefs::bosses`, in the
    /// order first met): a boss rush draws from them.
    pub bosses_met: Vec<u32>,
    /// The player's permanent stat modifiers: level-ups and shelf C.
    pub stats: StatSources,
    /// The player's run-long marks: damage taken and HP regenerated in the
    /// run, Last Will unspent, max HP lost to revivals. The fight books into
    /// it as it happens.
    pub ledger: PlayerLedger,
    /// What a `persistent_memory` core (the Memory Wand) kept at the last
    /// wave's end, with the core's id: restored when that core starts the
    /// next wave (docs/game.md#logic-and-registers).
    pub core_memory: Option<(String, CoreMemory)>,
    /// Artifacts found this wave that found no free socket: never lost,
    /// they go to the bag of loose artifacts when the wave ends, where the
    /// armoury offers to socket them (docs/screens.md#no-traps).
    pub found_artifacts: Vec<crate::loot::artifacts::ArtifactInstance>,
}

impl Carry {
    /// A fresh run's carry: the starting core and deck of `data/world.json`,
    /// the economy's starting gold, nothing else.
    pub fn new(cat: &Catalog) -> Result<Self, CarryError> {
        let w = &cat.run.world;
        let core_id = w.starting_core.clone();
        let core_def = cat
            .cores
            .find(&core_id)
            .map(|i| cat.cores.get(i))
            .ok_or_else(|| CarryError::UnknownCore(core_id.clone()))?;
        let price_of = |id: &str| {
            cat.spells
                .find(id)
                .map_or(0, |i| u64::from(cat.spells.get(i).price))
        };
        let entries: Vec<_> = core_def
            .entries
            .iter()
            .map(|e| (e.on, e.capacity as usize))
            .collect();
        let mut carried = CarriedCore::new(
            core_id,
            u64::from(core_def.price),
            core_def.capacity as usize,
            &entries,
        );
        carried.deck = w
            .starting_deck
            .iter()
            .map(|id| Card {
                id: id.clone(),
                paid: price_of(id),
            })
            .collect();
        Ok(Self {
            wallet: Wallet::with_gold(cat.run.economy.def.starting_gold),
            progress: Progress::default(),
            loadout: Loadout::new(carried),
            equipment: Equipment::default(),
            stash: Vec::new(),
            materials: MaterialAmounts::default(),
            pity: PityState::default(),
            recipes: Default::default(),
            bosses_met: Vec::new(),
            found_artifacts: Vec::new(),
            stats: StatSources::default(),
            ledger: PlayerLedger::default(),
            core_memory: None,
        })
    }

    /// Adds permanent stat modifiers: a level-up choice or a shelf C
    /// purchase. The one way a stat is bought; the fight's player sheet
    /// follows at the next `World::refresh_stats`.
    pub fn add_stats(&mut self, source: StatSource, mods: &[StatModifier]) {
        self.stats.add(source, mods);
    }

    /// Shop: buys offer `index` of `shelf` with the carried gold; a card
    /// goes to the deck or the waiting area, a core joins the carried ones,
    /// a stat offer's modifiers join the carried ones. Refused: nothing changes.
    pub fn buy(
        &mut self,
        shop: &mut Shop,
        def: &ShopDef,
        pool: &ShopPool,
        shelf: Shelf,
        index: usize,
    ) -> Result<Purchase, ShopError> {
        let bought = shop.buy(def, pool, shelf, index, &mut self.wallet, &mut self.loadout)?;
        if let Purchase::Stats(mods) = &bought {
            self.add_stats(StatSource::Shop, mods);
        }
        Ok(bought)
    }

    /// Level-up: takes an upgrade's modifiers; one pending level-up fewer.
    pub fn take_levelup(&mut self, mods: &[StatModifier]) {
        self.add_stats(StatSource::LevelUp, mods);
        self.progress.pending_levelups = self.progress.pending_levelups.saturating_sub(1);
    }

    /// Armoury: wears, takes off, sockets or unsockets between the stash,
    /// the worn gear and `loose` artifacts. Returns the log line.
    pub fn equip(
        &mut self,
        action: EquipmentAction,
        loose: &mut Vec<ArtifactInstance>,
        data: &LootData,
    ) -> Result<String, GearRefusal> {
        let mut inventory = Inventory {
            items: std::mem::take(&mut self.stash),
        };
        let r = apply_equipment(action, &mut self.equipment, &mut inventory, loose, data);
        self.stash = inventory.items;
        r
    }

    /// Armoury: a crafting-bench operation on the stash with the carried
    /// materials, recipes and gold, at the skill of the deepest record reached.
    pub fn craft(
        &mut self,
        action: BenchAction,
        data: &LootData,
        rng: &mut impl Rng,
    ) -> Result<BenchResult, GearRefusal> {
        let skill = data.enhancements.skill.at(self.equipment.record_depth);
        let mut inventory = Inventory {
            items: std::mem::take(&mut self.stash),
        };
        let bench = Workbench {
            inventory: &mut inventory,
            bag: &mut self.materials,
            skill,
            data,
        };
        let r = apply_bench(action, bench, (&mut self.recipes, &mut self.wallet), rng);
        self.stash = inventory.items;
        r
    }

    /// Remembers a boss kind as met (a boss rush draws from them).
    pub fn meet_boss(&mut self, boss: u32) {
        if !self.bosses_met.contains(&boss) {
            self.bosses_met.push(boss);
        }
    }
}
