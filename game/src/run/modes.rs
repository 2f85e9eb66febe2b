//! What a wave is in this run's mode (docs/game.md#modes-and-meta): the twenty
//! waves' files, endless waves past them with their mutator, boss rushes,
//! NG+ and the curse; and the rush's reward.
//!
//! The run asks [`plan_wave`] before every wave; the plan is derived from
//! the setup, the wave number and what the run met, never from a random
//! stream of the run, so a replay plans the same waves.

use rand::Rng;

use super::setup::RunSetup;
use crate::catalog::Catalog;
use crate::mutators::{FightRules, mutator_for_wave};
use crate::waves::SpawnConfig;
use crate::waves::endless::{difficulty, draw_rush, endless_wave, is_boss_rush, rush_config};

/// Aether fragments a cleared boss rush pays (docs/game.md#boss-rush; the
/// design's "a large amount": more than reaching W20 pays, less than the
/// first clear; docs/balance.md#boss-rush-aether). Booked with the run,
/// even an endless one, which books nothing else.
pub const RUSH_AETHER: u32 = 25;

/// One wave as this run will fight it.
#[derive(Debug, Clone)]
pub struct WavePlan {
    /// The spawn config (a file's, or generated).
    pub config: SpawnConfig,
    /// Bosses queued behind the config's own (a boss rush).
    pub rush: Vec<u32>,
    /// The rules in force.
    pub rules: FightRules,
    /// HP and attack factor on the wave's bosses beyond NG+.
    pub boss_scale: f32,
    /// The endless difficulty factor.
    pub difficulty: f32,
}

impl WavePlan {
    /// True when the wave is a boss rush.
    pub fn is_rush(&self) -> bool {
        !self.rush.is_empty()
    }
}

/// Why a wave cannot be planned: names the wave or the curse the data lacks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    /// `waves.json` has no such wave (a run set up past the file's last).
    #[error("no wave {0}")]
    NoWave(u32),
    /// The run's curse is not in `curses.json` (a replay or save of other data).
    #[error("no curse `{0}` in curses.json")]
    NoCurse(String),
}

/// The plan of wave `n`: the file's wave up to W20, an endless wave past it
/// (a boss rush every 20 waves from W40); in boss-rush mode every wave is a
/// rush. NG+ multiplies the wave's HP and damage; the curse's rules hold
/// throughout; the mutator comes from W30.
pub fn plan_wave(cat: &Catalog, setup: &RunSetup, n: u32, met: &[u32]) -> Result<WavePlan, PlanError> {
    let game_waves = cat.waves.len() as u32;
    let d = difficulty(n);
    let mut config = if n <= game_waves {
        cat.waves
            .get(n.saturating_sub(1) as usize)
            .cloned()
            .ok_or(PlanError::NoWave(n))?
    } else {
        endless_wave(&cat.waves, n)
    };
    let rush_now = setup.boss_rush || (n > game_waves && is_boss_rush(n));
    let mut rush = Vec::new();
    if rush_now {
        let mut rng = crate::rng::stream(
            crate::rng::indexed_seed(setup.seed, crate::rng::streams::WAVES, n),
            "rush",
        );
        // Boss-rush mode has met nobody yet: every boss may come.
        let met = if setup.boss_rush { &[][..] } else { met };
        let drawn = draw_rush(met, cat.bosses.bosses.len() as u32, &mut rng);
        if let Some((&first, more)) = drawn.split_first() {
            config = rush_config(config, &cat.bosses.bosses[first as usize].boss_id);
            rush = more.to_vec();
        }
    }
    let mut rules = FightRules {
        ng_plus: setup.ng_plus,
        mutator: mutator_for_wave(setup.seed, n).filter(|_| n > game_waves),
        curse: Vec::new(),
        shrink_waves: 0,
    };
    if let Some(id) = &setup.curse {
        rules.curse = curse_rules(cat, id)?;
    }
    rules.shrink_waves = shrink_waves(&rules, n, game_waves);
    let ng = rules.ng_stat_mult();
    config.hp_mult *= ng;
    config.damage_mult *= ng;
    Ok(WavePlan {
        config,
        rush,
        rules,
        boss_scale: if n > game_waves { d } else { 1.0 },
        difficulty: d,
    })
}

/// Waves the shrinking map has held at wave `n`, `n` included: a curse's
/// from W1, an endless mutator's from the wave it was drawn.
fn shrink_waves(rules: &FightRules, n: u32, game_waves: u32) -> u32 {
    use crate::mutators::{MUTATOR_EVERY, MUTATOR_FIRST_WAVE, Rule};
    if rules.curse.contains(&Rule::ShrinkingMap) {
        n.max(1)
    } else if rules.mutator == Some(Rule::ShrinkingMap) && n > game_waves && n >= MUTATOR_FIRST_WAVE {
        (n - MUTATOR_FIRST_WAVE) % MUTATOR_EVERY + 1
    } else {
        0
    }
}

/// The rules of curse `id`, or why there is no such curse.
fn curse_rules(cat: &Catalog, id: &str) -> Result<Vec<crate::mutators::Rule>, PlanError> {
    cat.curses
        .find(id)
        .map(|c| c.rules.clone())
        .ok_or_else(|| PlanError::NoCurse(id.into()))
}

/// The first curse of `curses.json` (the curse mode's default).
pub fn first_curse(cat: &Catalog) -> Option<String> {
    cat.curses.all().first().map(|c| c.id.clone())
}

/// The curses a curse run may take, `(name, description)`, in file order.
pub fn curse_list(cat: &Catalog) -> Vec<(String, String)> {
    cat.curses
        .all()
        .iter()
        .map(|c| (c.name.clone(), c.description.clone()))
        .collect()
}

/// The curses' ids, in the order of [`curse_list`].
pub fn curse_ids(cat: &Catalog) -> Vec<String> {
    cat.curses.all().iter().map(|c| c.id.clone()).collect()
}

/// The Tier 3 card a cleared boss rush gives (docs/game.md#boss-rush: "at least one Tier 3
/// card"): drawn from the spells of rarity 3 or more that this run's shop
/// may sell, from the wave's own stream.
pub fn rush_card(cat: &Catalog, setup: &RunSetup, pool: &crate::shop::ShopPool, n: u32) -> Option<String> {
    let tier3: Vec<&str> = pool
        .spells
        .iter()
        .filter(|e| {
            cat.spells
                .find(&e.id)
                .is_some_and(|i| cat.spells.get(i).rarity >= 3)
        })
        .map(|e| e.id.as_str())
        .collect();
    if tier3.is_empty() {
        return None;
    }
    let mut rng = crate::rng::stream(
        crate::rng::indexed_seed(setup.seed, crate::rng::streams::WAVES, n),
        "rush card",
    );
    Some(tier3[rng.random_range(0..tier3.len())].to_string())
}
