//! A whole run, headless: waves, settlement, level-ups and the shop between
//! waves, with the scripted player of [`script`] — what `artificer sim` plays
//! and what balance and determinism tests run.
//!
//! Outcome: `died` when the player's HP reaches 0; `won` when wave 20 (the
//! last wave of the game, the void lord's) ends with the player alive and its
//! boss dead (a boss wave runs up to `boss_overtime_s` past its time while the
//! boss lives); `survived` when the run ends alive otherwise (fewer waves asked
//! for, or the last boss outlived the overtime).

pub mod script;

use std::sync::Arc;

use engine::gpu::{Backend, GpuContext};
use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::loot::item::Item;
use crate::shop::{Card, CarriedCore, Loadout, ShopPool};
use crate::world::{World, WorldError};

/// A build given to the sim (`--build FILE`): the active core, its deck in
/// slot order, and items worn from the start.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Build {
    /// Core id.
    pub core: String,
    /// Spell ids, slot order.
    pub deck: Vec<String>,
    /// Items to wear (the loot item format).
    #[serde(default)]
    pub items: Vec<Item>,
}

/// What to play.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Run seed.
    pub seed: u64,
    /// Waves to play (1–20).
    pub waves: u32,
    /// Compute backend.
    pub backend: Backend,
    /// Starting build instead of `data/world.json`'s.
    pub build: Option<Build>,
}

/// How the run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// HP reached 0.
    Died,
    /// Wave 20 ended with the player alive and its boss dead.
    Won,
    /// The waves asked for ended with the player alive (fewer than 20).
    Survived,
}

/// One wave of the report. Every field but `step_ms_*` is deterministic.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WaveReport {
    /// Wave number.
    pub wave: u32,
    /// Simulated seconds the wave lasted.
    pub duration_s: f64,
    /// Enemies (and bosses) the spawner ordered.
    pub spawned: u32,
    /// Enemies killed.
    pub kills: u32,
    /// Elites killed.
    pub elite_kills: u32,
    /// Bosses killed.
    pub boss_kills: u32,
    /// Damage dealt to enemies.
    pub damage_dealt: f64,
    /// Damage taken after armour.
    pub damage_taken: f64,
    /// Gold held after the settlement and before the shop.
    pub gold: u64,
    /// Gold picked up from coins.
    pub gold_picked: u64,
    /// Gold that vanished on the ground.
    pub gold_lost: u64,
    /// Level at the wave's end.
    pub level: u32,
    /// XP gained.
    pub xp: u64,
    /// Most enemies alive at once.
    pub peak_enemies: u32,
    /// Most projectiles alive at once (both teams).
    pub peak_projectiles: u32,
    /// Spawns dropped by caps.
    pub dropped_spawns: u64,
    /// Events processed.
    pub events: u64,
    /// Events lost to a full buffer.
    pub event_overflow: u64,
    /// Mean events per step.
    pub events_per_step: f64,
    /// Casts (main, entries, payloads).
    pub casts: u64,
    /// Mean VM ops per main cast.
    pub vm_ops_per_cast: f64,
    /// Elemental reactions.
    pub reactions: u64,
    /// Items dropped.
    pub items_dropped: u32,
    /// Materials dropped.
    pub materials_dropped: u32,
    /// Artifacts dropped.
    pub artifacts_dropped: u32,
    /// Bought in the shop after the wave.
    pub bought: Vec<String>,
    /// Mean CPU ms per step (timing: differs between runs).
    pub step_ms_mean: f64,
    /// 95th-percentile CPU ms per step (timing: differs between runs).
    pub step_ms_p95: f64,
}

/// The sim's JSON.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunReport {
    /// Run seed.
    pub seed: u64,
    /// "gpu" or "cpu".
    pub backend: String,
    /// Last wave started.
    pub wave_reached: u32,
    /// How it ended.
    pub outcome: Outcome,
    /// Per wave.
    pub waves: Vec<WaveReport>,
}

/// Why a run could not be played.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The world refused (bad build, missing wave, no device).
    #[error(transparent)]
    World(#[from] WorldError),
    /// A build item could not be worn.
    #[error("build item {index}: {source}")]
    Item {
        /// Index in `items`.
        index: usize,
        /// Why.
        source: crate::loot::equipment::EquipError,
    },
}

/// Shelf A and B stock from the catalogue: every spell and core sold in shops,
/// weighted by rarity (`data/shop.json` `rarity_weights`).
pub fn shop_pool(cat: &Catalog) -> ShopPool {
    let w = &cat.run.shop.rarity_weights;
    let weight = |rarity: u8| w.get(usize::from(rarity.max(1)) - 1).copied().unwrap_or(0.0);
    let spells = (0..cat.spells.len() as u32)
        .map(|i| cat.spells.get(crate::vm::SpellIdx(i)))
        .filter(|s| s.in_shop && s.price > 0)
        .map(|s| crate::shop::PoolEntry {
            id: s.id.clone(),
            price: u64::from(s.price),
            weight: weight(s.rarity),
            capacity: 0,
        })
        .collect();
    let cores = cat
        .cores
        .iter()
        .filter(|c| c.price > 0)
        .map(|c| crate::shop::PoolEntry {
            id: c.id.clone(),
            price: u64::from(c.price),
            weight: weight(c.rarity),
            capacity: c.capacity as usize,
        })
        .collect();
    ShopPool { spells, cores }
}

/// Applies a build to a fresh world.
pub fn apply_build(world: &mut World, build: &Build) -> Result<(), RunError> {
    let cat = world.catalog().clone();
    let core = cat
        .cores
        .find(&build.core)
        .map(|i| cat.cores.get(i))
        .ok_or(WorldError::Unknown {
            what: "core",
            id: build.core.clone(),
        })?;
    let mut deck = Vec::new();
    for id in &build.deck {
        let s = cat.spells.find(id).ok_or(WorldError::Unknown {
            what: "spell",
            id: id.clone(),
        })?;
        deck.push(Card {
            id: id.clone(),
            paid: u64::from(cat.spells.get(s).price),
        });
    }
    world.loadout = Loadout::new(CarriedCore {
        id: core.id.clone(),
        paid: u64::from(core.price),
        capacity: core.capacity as usize,
        deck,
    });
    for (index, item) in build.items.iter().enumerate() {
        world
            .equip(item.clone())
            .map_err(|source| RunError::Item { index, source })?;
    }
    Ok(())
}

/// Plays a run with the scripted player and reports it.
pub fn play(cat: Arc<Catalog>, opts: &RunOptions, ctx: Option<&GpuContext>) -> Result<RunReport, RunError> {
    let mut world = World::new(cat.clone(), opts.seed, opts.backend, ctx)?;
    if let Some(b) = &opts.build {
        apply_build(&mut world, b)?;
    }
    let pool = shop_pool(&cat);
    let last = opts.waves.clamp(1, cat.waves.len() as u32);
    let mut report = RunReport {
        seed: opts.seed,
        backend: opts.backend.name().to_string(),
        wave_reached: 0,
        outcome: Outcome::Survived,
        waves: Vec::new(),
    };
    let mut beat_last_boss = true;
    for n in 1..=last {
        world.begin_wave(n)?;
        report.wave_reached = n;
        while world.player.alive() && !world.wave_done() {
            world.move_dir = script::steer(&world);
            world.step();
        }
        let died = !world.player.alive();
        let boss_wave = world.boss_wave();
        let duration_s = world.wave_steps as f64 * f64::from(world.dt());
        let stats = world.end_wave();
        // Level-ups, by the script's rule.
        let table = &cat.run.economy.levelups;
        while let Some(offer) = world.offer_levelup() {
            match script::pick_levelup(table, &offer) {
                Some(k) => {
                    world.choose_levelup(offer[k]);
                }
                None => world.progress.pending_levelups = 0,
            }
        }
        let gold = world.wallet.gold();
        let mut bought = Vec::new();
        if !died && n < last {
            let mut shop = world.open_shop(&pool);
            bought = script::shop(&mut world, &mut shop, &pool).bought;
        }
        report.waves.push(wave_report(
            &stats,
            duration_s,
            gold,
            world.progress.level,
            bought,
        ));
        if died {
            report.outcome = Outcome::Died;
            return Ok(report);
        }
        beat_last_boss = !boss_wave || stats.boss_kills > 0;
    }
    report.outcome = if last as usize >= cat.waves.len() && beat_last_boss {
        Outcome::Won
    } else {
        Outcome::Survived
    };
    Ok(report)
}

fn wave_report(
    s: &crate::world::WaveStats,
    duration_s: f64,
    gold: u64,
    level: u32,
    bought: Vec<String>,
) -> WaveReport {
    let per = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    WaveReport {
        wave: s.wave,
        duration_s: round(duration_s, 4),
        spawned: s.spawned,
        kills: s.kills,
        elite_kills: s.elite_kills,
        boss_kills: s.boss_kills,
        damage_dealt: round(s.damage_dealt, 2),
        damage_taken: round(s.damage_taken, 2),
        gold,
        gold_picked: s.gold_picked,
        gold_lost: s.gold_lost,
        level,
        xp: s.xp,
        peak_enemies: s.peak_enemies,
        peak_projectiles: s.peak_projectiles,
        dropped_spawns: s.dropped_spawns,
        events: s.events,
        event_overflow: s.event_overflow,
        events_per_step: round(per(s.events, s.steps), 3),
        casts: s.casts,
        vm_ops_per_cast: round(per(s.vm_ops, s.main_casts), 3),
        reactions: s.reactions,
        items_dropped: s.items_dropped,
        materials_dropped: s.materials_dropped,
        artifacts_dropped: s.artifacts_dropped,
        bought,
        step_ms_mean: round(s.step_ms_mean(), 4),
        step_ms_p95: round(s.step_ms_p95(), 4),
    }
}

fn round(v: f64, digits: i32) -> f64 {
    let f = 10f64.powi(digits);
    (v * f).round() / f
}
