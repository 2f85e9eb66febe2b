//! What a build does before a fight (`artificer wand measure`, the lab's
//! Measure): a seeded ten-second headless fight in two settings, one plain
//! dummy and a packed horde, through the same `World` the sim and the window
//! run ([`super::stage::fight`]). It reports total DPS, damage per chip (the
//! per-chip credit the history keeps: docs/share.md#damage-per-chip) and per
//! element, and the horde's kill rate. What-if toggles switch deck slots off
//! and measure again, so a player sees what a chip is worth.
//!
//! Deterministic: the same build, toggles and seed give the same numbers
//! (the CPU backend, a fixed world seed, a standing player and standing
//! targets).

use std::sync::Arc;

use glam::Vec2;
use serde::Serialize;

use super::range::{DUMMY_HP, PLAIN_DUMMY};
use super::stage::{Kit, Spot, Stage, StageError, fight};
use crate::catalog::Catalog;
use crate::combat::attribution::NamedShare;

/// Seconds each setting is fought.
pub const MEASURE_SECS: f32 = 10.0;
/// The world seed when none is given (the probes' seed).
pub const MEASURE_SEED: u64 = super::stage::PROBE_SEED;
/// Enemies in the packed horde.
pub const HORDE_SIZE: usize = 40;
/// Each horde enemy's HP: a plain grunt of the middle waves, so a build's
/// splash and pierce show as kills and a single-target build's do not.
pub const HORDE_HP: f32 = 60.0;
/// Horde spacing, px: close enough that a blast or a pierce meets several.
const HORDE_GAP: f32 = 26.0;

/// One setting's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SettingFigures {
    /// "plain dummy" or "horde".
    pub setting: String,
    /// Damage dealt over the fight.
    pub damage: f64,
    /// Damage per second.
    pub dps: f64,
    /// Enemies killed.
    pub kills: u32,
    /// Kills per second.
    pub kill_rate: f64,
    /// Seconds until the last enemy died (horde), if it did.
    pub cleared_s: Option<f64>,
    /// Damage per source (a chip's name, "Reactions", ...), largest first.
    pub chips: Vec<NamedShare>,
    /// Damage per element with any damage.
    pub elements: Vec<NamedShare>,
    /// Casts made.
    pub casts: u64,
}

/// A build's measure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BuildMeasure {
    /// World seed.
    pub seed: u64,
    /// Seconds per setting.
    pub secs: f32,
    /// Deck slots switched off (0-based), in order.
    pub off: Vec<usize>,
    /// The names of the chips switched off.
    pub off_names: Vec<String>,
    /// One plain, armourless dummy that never dies.
    pub dummy: SettingFigures,
    /// A packed horde of real, standing enemies.
    pub horde: SettingFigures,
}

/// The two stages: one plain dummy straight ahead; a packed horde beyond it.
pub fn stages() -> [Stage; 2] {
    let dummy = Stage::range(
        "plain dummy",
        vec![Spot::dummy(PLAIN_DUMMY, 200.0, 0.0)],
        MEASURE_SECS,
    );
    let cols = 8;
    let rows = HORDE_SIZE.div_ceil(cols);
    let horde: Vec<Spot> = (0..HORDE_SIZE)
        .map(|i| {
            let (c, r) = ((i % cols) as f32, (i / cols) as f32);
            Spot {
                enemy: PLAIN_DUMMY.into(),
                offset: Vec2::new(
                    200.0 + r * HORDE_GAP,
                    (c - (cols as f32 - 1.0) / 2.0) * HORDE_GAP + (r % 2.0) * HORDE_GAP * 0.5,
                ),
                hp: HORDE_HP,
                elite: false,
            }
        })
        .collect();
    debug_assert!(rows > 0 && DUMMY_HP > HORDE_HP);
    [dummy, Stage::range("horde", horde, MEASURE_SECS)]
}

/// Measures `kit` with the deck slots in `off` switched off (slots past the
/// deck are refused), fighting from world seed `seed`.
pub fn measure(cat: &Arc<Catalog>, kit: &Kit, seed: u64, off: &[usize]) -> Result<BuildMeasure, StageError> {
    let deck = &kit.build.deck;
    if let Some(&bad) = off.iter().find(|&&s| s >= deck.len()) {
        return Err(StageError(format!(
            "slot {} is off the deck: it has {} chips (slots 1 to {})",
            bad + 1,
            deck.len(),
            deck.len()
        )));
    }
    let mut off: Vec<usize> = off.to_vec();
    off.sort_unstable();
    off.dedup();
    let name = |id: &str| {
        cat.spells
            .find(id)
            .map_or(id.to_string(), |i| cat.spells.get(i).name.clone())
    };
    let off_names = off.iter().map(|&s| name(&deck[s])).collect();
    let mut kit = kit.clone();
    kit.build.deck = deck
        .iter()
        .enumerate()
        .filter(|(i, _)| !off.contains(i))
        .map(|(_, id)| id.clone())
        .collect();
    let [dummy, horde] = stages();
    Ok(BuildMeasure {
        seed,
        secs: MEASURE_SECS,
        off,
        off_names,
        dummy: setting(cat, &dummy, &kit, seed)?,
        horde: setting(cat, &horde, &kit, seed)?,
    })
}

/// Fights one stage and reads its figures.
fn setting(cat: &Arc<Catalog>, stage: &Stage, kit: &Kit, seed: u64) -> Result<SettingFigures, StageError> {
    let mut cleared_at = None;
    let mut steps = 0u32;
    let fought = fight(cat, stage, kit, seed, |w| {
        steps += 1;
        if cleared_at.is_none() && w.enemies().alive_count() == 0 {
            cleared_at = Some(f64::from(steps) * f64::from(w.dt()));
        }
    })?;
    let w = &fought.world;
    let secs = f64::from(stage.secs);
    let named = w
        .credit
        .damage
        .named(|i| cat.spells.get(crate::vm::SpellIdx(i)).name.clone());
    let round = |v: f64| (v * 100.0).round() / 100.0;
    let share = |s: &NamedShare| NamedShare {
        name: s.name.clone(),
        damage: round(s.damage),
    };
    Ok(SettingFigures {
        setting: stage.name.clone(),
        damage: round(w.stats.damage_dealt),
        dps: round(w.stats.damage_dealt / secs),
        kills: w.stats.kills,
        kill_rate: round(f64::from(w.stats.kills) / secs),
        cleared_s: cleared_at.map(round),
        chips: named.sources.iter().map(share).collect(),
        elements: named.elements.iter().map(share).collect(),
        casts: w.stats.casts,
    })
}

/// The kit a run's player brings now: the active core's build and worn
/// items, and every stat bought or chosen (level-ups, shelf C).
pub fn kit_of(carry: &crate::carry::Carry) -> Kit {
    let mut mods = carry.stats.level.clone();
    mods.extend_from_slice(&carry.stats.shop);
    Kit {
        build: crate::run::build_code::build_of(carry),
        mods,
        artifacts: Vec::new(),
        recipes: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cat() -> Arc<Catalog> {
        Arc::new(Catalog::load(&crate::data::default_root()).expect("data loads"))
    }

    #[test]
    fn the_same_build_and_seed_give_the_same_numbers_and_a_chip_off_changes_them() {
        let cat = cat();
        let kit = Kit::deck(
            "starter_core",
            &["damage_plus", "spark_bolt", "spark_bolt", "spark_bolt"],
        );
        let a = measure(&cat, &kit, 5, &[]).expect("measures");
        let b = measure(&cat, &kit, 5, &[]).expect("measures");
        assert_eq!(a, b, "deterministic");
        assert!(a.dummy.dps > 0.0, "the starter deck hurts the dummy: {a:?}");
        assert!(a.horde.kills > 0, "and kills in the horde: {:?}", a.horde);
        let total: f64 = a.dummy.chips.iter().map(|c| c.damage).sum();
        assert!(
            (total - a.dummy.damage).abs() < 0.1,
            "the chips add up to the total"
        );
        let off = measure(&cat, &kit, 5, &[0]).expect("measures");
        assert_eq!(off.off_names, ["Damage Plus"]);
        assert!(
            off.dummy.dps < a.dummy.dps,
            "without Damage Plus: {} < {}",
            off.dummy.dps,
            a.dummy.dps
        );
        assert!(measure(&cat, &kit, 5, &[4]).is_err(), "slot 5 of 4 is refused");
    }
}
