//! Rules a fight runs under beyond its wave file (docs/game.md#mutators): the
//! endless mode's global mutators, the curse of a curse run, and the NG+
//! level.
//!
//! Endless (W21 and on) draws one mutator every 10 waves from W30, each
//! replacing the previous one ([`mutator_for_wave`]). A curse run (the
//! unlock tree's challenge mode) holds its curse's rules for every wave.
//! Both end up as [`Rule`]s in the world's [`FightRules`]; each rule is
//! carried out in the room it changes (enemies, combat, the VM, the arena).

pub mod curses;

use rand::Rng;
use serde::Serialize;

pub use curses::{CurseBook, CurseDef};

/// One rule change. The first five are the endless mutators of docs/game.md#mutators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// Mirror world: a projectile's first hit sends it back toward its shooter.
    MirrorWorld,
    /// Split: an enemy's death splits it once into two smaller ones at 50 % HP.
    Split,
    /// Shrinking map: the arena's radius −20 % (never below 50 %).
    ShrinkingMap,
    /// Mana inversion: a spell's cast delay speeds casting up instead.
    ManaInversion,
    /// Elite flood: every normal enemy spawns elite, HP ×2, rewards ×2.
    EliteFlood,
    /// A curse's rule: the player cannot dash (nor fire dash entries).
    NoDash,
    /// A curse's rule: nothing heals the player during a wave (regeneration,
    /// lifesteal, healing mists, leech); the full HP of a new wave stays.
    NoHealing,
}

impl Rule {
    /// The endless mutators, in the seed's order.
    pub const MUTATORS: [Rule; 5] = [
        Rule::MirrorWorld,
        Rule::Split,
        Rule::ShrinkingMap,
        Rule::ManaInversion,
        Rule::EliteFlood,
    ];

    /// Stable id (JSON, replays, data files).
    pub fn id(self) -> &'static str {
        match self {
            Rule::MirrorWorld => "mirror_world",
            Rule::Split => "split",
            Rule::ShrinkingMap => "shrinking_map",
            Rule::ManaInversion => "mana_inversion",
            Rule::EliteFlood => "elite_flood",
            Rule::NoDash => "no_dash",
            Rule::NoHealing => "no_healing",
        }
    }

    /// What the player reads.
    pub fn name(self) -> &'static str {
        match self {
            Rule::MirrorWorld => "Mirror World",
            Rule::Split => "Split",
            Rule::ShrinkingMap => "Shrinking Map",
            Rule::ManaInversion => "Mana Inversion",
            Rule::EliteFlood => "Elite Flood",
            Rule::NoDash => "No Dash",
            Rule::NoHealing => "No Healing",
        }
    }

    /// One line on what changes.
    pub fn describe(self) -> &'static str {
        match self {
            Rule::MirrorWorld => "Every projectile turns back toward its shooter after its first hit.",
            Rule::Split => "Enemies split once into two smaller ones with 50% HP when they die.",
            Rule::ShrinkingMap => "The arena shrinks by 20% (never below half its size).",
            Rule::ManaInversion => "Cast delay is inverted: the longer a spell's delay, the faster you cast.",
            Rule::EliteFlood => "Every normal enemy is elite: HP ×2, rewards ×2.",
            Rule::NoDash => "You cannot dash.",
            Rule::NoHealing => "Nothing heals you during a wave.",
        }
    }
}

/// What each wave of the shrinking map keeps of the arena's size (−20 %).
pub const ARENA_SHRINK: f32 = 0.8;
/// The smallest the shrinking map makes the arena (50 %).
pub const ARENA_MIN_SCALE: f32 = 0.5;

/// The first endless wave with a mutator, and the waves between two draws.
pub const MUTATOR_FIRST_WAVE: u32 = 30;
/// Waves between two mutator draws (docs/game.md#mutators: W30, W40, W50, …).
pub const MUTATOR_EVERY: u32 = 10;

/// The mutator in force at endless wave `wave` of a run seeded `seed`:
/// none before W30; from W30 a new one every 10 waves, drawn from the
/// `waves` family of streams and never the same as the one it replaces.
pub fn mutator_for_wave(seed: u64, wave: u32) -> Option<Rule> {
    if wave < MUTATOR_FIRST_WAVE {
        return None;
    }
    let era = (wave - MUTATOR_FIRST_WAVE) / MUTATOR_EVERY;
    let mut previous: Option<usize> = None;
    for k in 0..=era {
        let draw_wave = MUTATOR_FIRST_WAVE + k * MUTATOR_EVERY;
        let mut rng = crate::rng::stream(
            crate::rng::indexed_seed(seed, crate::rng::streams::WAVES, draw_wave),
            "mutator",
        );
        let n = Rule::MUTATORS.len();
        let pick = match previous {
            None => rng.random_range(0..n),
            Some(p) => (p + 1 + rng.random_range(0..n - 1)) % n,
        };
        previous = Some(pick);
    }
    previous.map(|i| Rule::MUTATORS[i])
}

/// The rules in force in the world this wave, set by the run before each
/// wave ([`crate::world::World::set_rules`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct FightRules {
    /// NG+ level (0: a normal run). Enemy HP and damage ×(1 + 0.5 n), enemy
    /// projectile speed ×(1 + 0.3 n), and bosses arm their NG+ phase.
    pub ng_plus: u32,
    /// The endless mutator of this wave, if any.
    pub mutator: Option<Rule>,
    /// The curse's rules, for every wave of a curse run.
    pub curse: Vec<Rule>,
    /// Waves the shrinking map has held, this one included (0 when it is
    /// not in force): each shrinks the arena again ([`FightRules::arena_scale`]).
    pub shrink_waves: u32,
}

impl FightRules {
    /// True when `rule` is in force (from the mutator or the curse).
    pub fn has(&self, rule: Rule) -> bool {
        self.mutator == Some(rule) || self.curse.contains(&rule)
    }

    /// Enemy HP and damage factor of the NG+ level: ×1.5 at NG+1, +0.5 per
    /// further level (linear, so NG+3 is ×2.5, not ×3.4).
    pub fn ng_stat_mult(&self) -> f32 {
        1.0 + 0.5 * self.ng_plus as f32
    }

    /// The arena's size factor: ×0.8 for each wave the shrinking map has
    /// held (docs/game.md#mutators, "−20 %"), never below half (×0.5). The walls
    /// close in wave by wave, so "never below 50 %" is met after four waves
    /// (0.8, 0.64, 0.512, then 0.5) rather than never mattering.
    pub fn arena_scale(&self) -> f32 {
        if !self.has(Rule::ShrinkingMap) || self.shrink_waves == 0 {
            return 1.0;
        }
        ARENA_SHRINK
            .powi(self.shrink_waves.min(64) as i32)
            .max(ARENA_MIN_SCALE)
    }

    /// Enemy projectile speed factor: +30 % per NG+ level.
    pub fn ng_shot_speed_mult(&self) -> f32 {
        1.0 + 0.3 * self.ng_plus as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutators_start_at_w30_change_every_ten_waves_and_never_repeat_back_to_back() {
        for seed in 0..50 {
            assert_eq!(mutator_for_wave(seed, 29), None);
            let m30 = mutator_for_wave(seed, 30).unwrap();
            assert_eq!(mutator_for_wave(seed, 39), Some(m30));
            let m40 = mutator_for_wave(seed, 40).unwrap();
            assert_ne!(m30, m40, "seed {seed}");
            assert_eq!(mutator_for_wave(seed, 49), Some(m40));
        }
        let seen: std::collections::HashSet<_> = (0..50).filter_map(|s| mutator_for_wave(s, 30)).collect();
        assert_eq!(seen.len(), 5, "every mutator is drawn for some seed");
    }

    #[test]
    fn the_map_shrinks_a_fifth_a_wave_down_to_half() {
        let mut r = FightRules {
            mutator: Some(Rule::ShrinkingMap),
            ..FightRules::default()
        };
        let scales: Vec<f32> = (0..6)
            .map(|k| {
                r.shrink_waves = k;
                r.arena_scale()
            })
            .collect();
        for (got, want) in scales.iter().zip([1.0, 0.8, 0.64, 0.512, 0.5, 0.5]) {
            assert!((got - want).abs() < 1e-6, "{scales:?}");
        }
        r.mutator = Some(Rule::Split);
        assert_eq!(r.arena_scale(), 1.0, "no shrink without the rule");
    }
}
