//! The wave file: the SpawnConfig schema of docs/game.md#wave-files, one file per
//! wave at `data/waves/wave_XX.json`.
//!
//! Fields as in the seed: `wave`, `duration_sec`, `budget`, `spawn_groups`
//! (`enemy_id`, `weight`, `count_min`, `count_max`, `spawn_interval`,
//! `spawn_radius_from_player`), `elite_overrides` (`at_sec`, `enemy_id`,
//! `count`), `boss`. Two decisions where the seed is loose:
//!
//! * `boss` is `null` or `{ "boss_id", "at_sec", "spawn_radius_from_player" }`:
//!   the seed says "at the end of the wave", which would leave no time to
//!   fight it, so the file says when (the boss waves spawn theirs a few
//!   seconds in). Whether a wave may end while its boss lives is the run
//!   loop's call; `WaveRunner::boss_pending` says whether it has spawned.
//! * Optional growth factors `hp_mult`, `damage_mult`, `xp_mult` (default 1)
//!   implement the monster growth of docs/game.md#monster-growth and the XP reference of
//!   docs/game.md#xp-and-levels (W1 grunt 5 XP, W10+ standard enemy about 15 XP).

use serde::{Deserialize, Serialize};

use crate::bosses::BossDefs;
use crate::data::{DataError, load_json};
use crate::enemies::EnemyDefs;

/// One weighted spawn group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpawnGroup {
    /// Enemy type id from `enemies.json`.
    pub enemy_id: String,
    /// Relative chance of being the group picked when several are ready.
    pub weight: f32,
    /// Fewest enemies per spawn of this group.
    pub count_min: u32,
    /// Most enemies per spawn of this group.
    pub count_max: u32,
    /// Seconds between two spawns of this group.
    pub spawn_interval: f32,
    /// Inner and outer spawn distance from the player, px.
    pub spawn_radius_from_player: [f32; 2],
}

/// An elite forced in at an exact second, outside the budget.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EliteOverride {
    /// Second of the wave.
    pub at_sec: f32,
    /// Enemy type id.
    pub enemy_id: String,
    /// How many.
    pub count: u32,
}

/// The wave's boss.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BossSpawn {
    /// Boss id from `bosses/*.json`.
    pub boss_id: String,
    /// Second of the wave it appears.
    pub at_sec: f32,
    /// Inner and outer spawn distance from the player, px.
    pub spawn_radius_from_player: [f32; 2],
}

fn one() -> f32 {
    1.0
}

/// One wave file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpawnConfig {
    /// Wave number, 1-based; must match the file name.
    pub wave: u32,
    /// Length of the wave, s.
    pub duration_sec: f32,
    /// Spawn points to spend; each enemy costs its `cost`.
    pub budget: f32,
    /// Weighted groups.
    pub spawn_groups: Vec<SpawnGroup>,
    /// Elites at exact seconds.
    #[serde(default)]
    pub elite_overrides: Vec<EliteOverride>,
    /// Boss, if any.
    #[serde(default)]
    pub boss: Option<BossSpawn>,
    /// HP multiplier on everything this wave spawns (boss excluded).
    #[serde(default = "one")]
    pub hp_mult: f32,
    /// Damage multiplier on everything this wave spawns (boss excluded).
    #[serde(default = "one")]
    pub damage_mult: f32,
    /// XP multiplier on everything this wave spawns (boss excluded).
    #[serde(default = "one")]
    pub xp_mult: f32,
    /// XP the wave's planned enemies pay in all, boss excluded
    /// (docs/balance.md#density): when given, each kill pays its share of it
    /// (its XP over the plan's), so a denser wave pays the same in all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub xp_total: Option<f32>,
    /// Gold the wave's planned enemies drop in all (mean rolls), boss
    /// excluded, shared out like `xp_total`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gold_total: Option<f32>,
    /// The crowd floor (docs/balance.md#crowd-floor): a build that clears
    /// the screen still faces the wave's crowd.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crowd_floor: Option<CrowdFloor>,
}

/// While fewer than `alive` enemies stand in the arena, fodder of the
/// wave's `enemy_id` group comes in at `per_second`, outside the budget and
/// paying no XP and no gold: the floor keeps a strong build's screen full
/// (a minimum crowd, as the genre's survivors games keep one) without
/// feeding it, and a build that kills slowly never sees it. A wave without
/// a group of `enemy_id` (the inert probe strips the fodder) has no floor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrowdFloor {
    /// The fodder that fills the floor: one of the wave's groups.
    pub enemy_id: String,
    /// Enemies alive below which the floor fills.
    pub alive: u32,
    /// Floor spawns per second at most.
    #[serde(default = "floor_rate")]
    pub per_second: f32,
}

fn floor_rate() -> f32 {
    200.0
}

/// Number of waves of a run (docs/game.md#pacing).
pub const WAVE_COUNT: u32 = 20;

/// Path of wave `n`'s file inside the data root.
pub fn wave_file(n: u32) -> String {
    format!("waves/wave_{n:02}.json")
}

impl SpawnConfig {
    /// Checks numbers and cross-references (enemy ids, boss id); pushes every problem.
    #[expect(
        clippy::too_many_lines,
        reason = "checks every field of a wave, naming each path"
    )]
    pub fn validate(
        &self,
        file: &str,
        expect_wave: u32,
        enemies: Option<&EnemyDefs>,
        bosses: Option<&BossDefs>,
        errors: &mut Vec<DataError>,
    ) {
        if self.wave != expect_wave {
            errors.push(DataError::new(
                file,
                "wave",
                format!("is {} but the file is for wave {expect_wave}", self.wave),
            ));
        }
        for (name, v) in [
            ("duration_sec", self.duration_sec),
            ("hp_mult", self.hp_mult),
            ("damage_mult", self.damage_mult),
            ("xp_mult", self.xp_mult),
        ] {
            if !(v > 0.0 && v.is_finite()) {
                errors.push(DataError::new(file, name, format!("must be > 0, got {v}")));
            }
        }
        for (name, v) in [("xp_total", self.xp_total), ("gold_total", self.gold_total)] {
            if let Some(v) = v
                && !(v >= 0.0 && v.is_finite())
            {
                errors.push(DataError::new(file, name, format!("must be ≥ 0, got {v}")));
            }
        }
        if let Some(f) = &self.crowd_floor {
            if !(f.per_second > 0.0 && f.per_second.is_finite()) {
                errors.push(DataError::new(file, "crowd_floor.per_second", "must be > 0"));
            }
            // A floor naming no enemy, or none of the wave's, would do nothing in silence.
            if let Some(defs) = enemies
                && defs.index_of(&f.enemy_id).is_none()
            {
                errors.push(DataError::new(
                    file,
                    "crowd_floor.enemy_id",
                    format!("no enemy `{}` in enemies.json", f.enemy_id),
                ));
            } else if !self.spawn_groups.iter().any(|g| g.enemy_id == f.enemy_id) {
                errors.push(DataError::new(
                    file,
                    "crowd_floor.enemy_id",
                    format!(
                        "`{}` is none of this wave's spawn groups; the floor fills with one of them",
                        f.enemy_id
                    ),
                ));
            }
        }
        if !(self.budget >= 0.0 && self.budget.is_finite()) {
            errors.push(DataError::new(file, "budget", "must be ≥ 0"));
        }
        if self.spawn_groups.is_empty() && self.boss.is_none() {
            errors.push(DataError::new(
                file,
                "spawn_groups",
                "a wave without a boss needs at least one group",
            ));
        }
        for (i, g) in self.spawn_groups.iter().enumerate() {
            let p = format!("spawn_groups[{i}]");
            if let Some(defs) = enemies
                && defs.index_of(&g.enemy_id).is_none()
            {
                errors.push(DataError::new(
                    file,
                    format!("{p}.enemy_id"),
                    format!("no enemy `{}` in enemies.json", g.enemy_id),
                ));
            }
            if !(g.weight > 0.0 && g.weight.is_finite()) {
                errors.push(DataError::new(file, format!("{p}.weight"), "must be > 0"));
            }
            if g.count_min == 0 || g.count_min > g.count_max {
                errors.push(DataError::new(
                    file,
                    format!("{p}.count_min"),
                    "must be ≥ 1 and ≤ count_max",
                ));
            }
            if !(g.spawn_interval > 0.0 && g.spawn_interval.is_finite()) {
                errors.push(DataError::new(file, format!("{p}.spawn_interval"), "must be > 0"));
            }
            let [r0, r1] = g.spawn_radius_from_player;
            if !(r0 >= 0.0 && r1 >= r0 && r1.is_finite()) {
                errors.push(DataError::new(
                    file,
                    format!("{p}.spawn_radius_from_player"),
                    "must be [inner, outer] with 0 ≤ inner ≤ outer",
                ));
            }
        }
        for (i, o) in self.elite_overrides.iter().enumerate() {
            let p = format!("elite_overrides[{i}]");
            if let Some(defs) = enemies
                && defs.index_of(&o.enemy_id).is_none()
            {
                errors.push(DataError::new(
                    file,
                    format!("{p}.enemy_id"),
                    format!("no enemy `{}` in enemies.json", o.enemy_id),
                ));
            }
            if !(o.at_sec >= 0.0 && o.at_sec <= self.duration_sec) {
                errors.push(DataError::new(
                    file,
                    format!("{p}.at_sec"),
                    "must be within the wave",
                ));
            }
        }
        if let Some(b) = &self.boss {
            if let Some(defs) = bosses
                && defs.index_of(&b.boss_id).is_none()
            {
                errors.push(DataError::new(
                    file,
                    "boss.boss_id",
                    format!("no boss `{}` in bosses/", b.boss_id),
                ));
            }
            if !(b.at_sec >= 0.0 && b.at_sec <= self.duration_sec) {
                errors.push(DataError::new(file, "boss.at_sec", "must be within the wave"));
            }
            let [r0, r1] = b.spawn_radius_from_player;
            if !(r0 >= 0.0 && r1 >= r0 && r1.is_finite()) {
                errors.push(DataError::new(
                    file,
                    "boss.spawn_radius_from_player",
                    "must be [inner, outer] with 0 ≤ inner ≤ outer",
                ));
            }
        }
    }

    /// Loads every wave file 1..=[`WAVE_COUNT`], checking each against the
    /// enemy and boss tables; `None` when anything was wrong.
    pub fn load_all(
        root: &std::path::Path,
        enemies: Option<&EnemyDefs>,
        bosses: Option<&BossDefs>,
        errors: &mut Vec<DataError>,
    ) -> Option<Vec<SpawnConfig>> {
        let before = errors.len();
        let mut waves = Vec::new();
        for n in 1..=WAVE_COUNT {
            let rel = wave_file(n);
            match load_json::<SpawnConfig>(root, &rel) {
                Ok(w) => {
                    w.validate(&rel, n, enemies, bosses, errors);
                    waves.push(w);
                }
                Err(e) => errors.push(e),
            }
        }
        (errors.len() == before).then_some(waves)
    }
}
