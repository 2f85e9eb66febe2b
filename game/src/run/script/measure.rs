//! The build's DPS as numerical §3.2 means it: what the player's current
//! build deals per second to one target, not what a wave happened to offer
//! (a wave's `dps` is capped by the HP its spawner sends: wave 1's 56 grunts
//! hold ~710 HP, 12 per second, whatever the build).
//!
//! Measured on the lab's test range ([`World::begin_test_range`]) in a world
//! of its own, so the run is untouched: the player (level-ups, shop stats,
//! worn items) and the carried cores are copied, one dummy of
//! [`DUMMY_ENEMY`] (no armour, no resistance) with [`DUMMY_HP`] stands
//! [`DUMMY_DISTANCE`] px east of the player, who stands still and auto-aims;
//! the first [`WARMUP_S`] s are not counted (the full mana bar at a wave's
//! start would flatter a deck its regeneration cannot keep up), then
//! [`SECONDS`] s are. Deterministic: the CPU backend and the run's seed.
//!
//! The competent policy asks the same question of decks and stats it does
//! not own yet ([`Trial`]), as a player tries a build on the lab's range.

use engine::gpu::Backend;
use glam::Vec2;

use crate::shop::{Card, CarriedCore, Loadout};
use crate::stats::StatModifier;
use crate::player::StatSource;
use crate::world::{Dummy, World};

/// Dummy archetype: the grunt has neither armour nor resistances.
pub const DUMMY_ENEMY: &str = "grunt";
/// Dummy HP: never runs out in the window, small enough for f32 to count hits.
pub const DUMMY_HP: f32 = 1.0e7;
/// Distance from the player, px (inside every projectile's range).
pub const DUMMY_DISTANCE: f32 = 250.0;
/// Seconds not counted at the start.
pub const WARMUP_S: f32 = 2.0;
/// Seconds measured.
pub const SECONDS: f32 = 8.0;

/// A build to try instead of the player's own: another core and deck and
/// extra stat modifiers (as if bought).
#[derive(Debug, Clone, Default)]
pub struct Trial<'a> {
    /// Core id and deck (spell ids in slot order); `None`: the active ones.
    pub core: Option<(&'a str, &'a [String])>,
    /// Modifiers added to the player's, as a shop purchase.
    pub extra: &'a [StatModifier],
}

/// Damage per second of `source`'s build against one unarmoured dummy
/// (0 when the range cannot be set up).
pub fn build_dps(source: &World) -> f64 {
    trial_dps(source, &Trial::default(), WARMUP_S, SECONDS)
}

/// Damage per second of a [`Trial`] build, `warmup` s not counted, then
/// `secs` s measured.
pub fn trial_dps(source: &World, trial: &Trial<'_>, warmup: f32, secs: f32) -> f64 {
    let Ok(mut w) = World::new(source.catalog().clone(), source.seed(), Backend::Cpu, None) else {
        return 0.0;
    };
    w.player = source.player.clone();
    w.loadout = source.loadout.clone();
    if let Some((core, deck)) = trial.core {
        let cat = w.catalog().clone();
        let Some(def) = cat.cores.find(core).map(|i| cat.cores.get(i)) else {
            return 0.0;
        };
        let entries: Vec<_> = def.entries.iter().map(|e| (e.on, e.capacity as usize)).collect();
        let mut carried = CarriedCore::new(def.id.clone(), u64::from(def.price), def.capacity as usize, &entries);
        carried.deck = deck
            .iter()
            .map(|id| Card {
                id: id.clone(),
                paid: 0,
            })
            .collect();
        w.loadout = Loadout::new(carried);
    }
    if !trial.extra.is_empty() {
        w.player.add_modifiers(StatSource::Shop, trial.extra);
    }
    w.equipment = source.equipment.clone();
    w.refresh_gear();
    let at = w.catalog().run.world.arena.centre() + Vec2::new(DUMMY_DISTANCE, 0.0);
    let dummy = Dummy {
        enemy: DUMMY_ENEMY.into(),
        pos: at,
        hp: DUMMY_HP,
    };
    if w.begin_test_range(&[dummy]).is_err() {
        return 0.0;
    }
    let hz = (1.0 / w.dt()).round();
    for _ in 0..(warmup * hz) as u64 {
        w.step();
    }
    let before = w.stats.damage_dealt;
    for _ in 0..(secs * hz) as u64 {
        w.step();
    }
    (w.stats.damage_dealt - before) / f64::from(secs)
}
