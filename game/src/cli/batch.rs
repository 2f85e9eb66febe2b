//! `artificer sim --seeds A..B`: one build played on many seeds at once, the
//! way a build-crafter stress-tests it. Each seed is a whole scripted run
//! (the same `run::play_logged` as a single `sim`), the runs spread over the
//! cores; each run prints one JSON line, then one line aggregates them.
//!
//! Decisions:
//! - Batch runs always use the CPU passes: many runs at once on one GPU
//!   queue would wait on each other, and on the CPU every run is bit for
//!   bit what a single `sim --seed S --backend cpu` prints (a test checks).
//! - Runs are scheduled over a rayon pool of `--threads` workers (default:
//!   every core); a run's own passes stay serial at a wave's load
//!   (`engine::compute::cpu::par::PAR_MIN_SLOTS`), so one run is one core.
//! - A run is a win when it ends `won` (the W20 boss fell) or, in endless and
//!   boss-rush modes, survives to its last wave.
//! - DPS per wave is what the run dealt in the wave over its length (the
//!   fight's real DPS, crowds and overkill included), not the single-target
//!   figure `build_dps` measures before each wave.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::run::script::competent::Archetype;
use crate::run::{Mode, Outcome, RunOptions, RunReport, play_logged};
use crate::world::DamageBySource;

/// A `--seeds` value that is not a range or list of seeds: quotes the value
/// and says what is wrong with it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("--seeds {spec:?}: {why} (expected A..B or a list like 3,5,9)")]
pub struct SeedsError {
    /// The value as given.
    pub spec: String,
    /// What is wrong with it.
    pub why: &'static str,
}

/// The seeds of `--seeds`: `A..B` (both ends included, as a player counts
/// "seeds 1 to 64"), `A..=B`, or a comma list `3,5,9`.
pub fn parse_seeds(s: &str) -> Result<Vec<u64>, SeedsError> {
    let bad = |why: &'static str| SeedsError { spec: s.into(), why };
    if let Some((a, b)) = s.split_once("..") {
        let b = b.strip_prefix('=').unwrap_or(b);
        let a: u64 = a
            .trim()
            .parse()
            .map_err(|_| bad("the first seed is not a number"))?;
        let b: u64 = b
            .trim()
            .parse()
            .map_err(|_| bad("the last seed is not a number"))?;
        if b < a {
            return Err(bad("the last seed is below the first"));
        }
        if b - a >= crate::data::limits::MAX_SEEDS {
            return Err(bad("more than 100,000 seeds (docs/data.md#limits)"));
        }
        return Ok((a..=b).collect());
    }
    let seeds: Result<Vec<u64>, _> = s.split(',').map(|t| t.trim().parse::<u64>()).collect();
    match seeds {
        Ok(v) if v.len() as u64 > crate::data::limits::MAX_SEEDS => {
            Err(bad("more than 100,000 seeds (docs/data.md#limits)"))
        }
        Ok(v) if !v.is_empty() => Ok(v),
        _ => Err(bad("not a list of numbers")),
    }
}

/// One seed's run, as its JSON line prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BatchRun {
    /// The seed.
    pub seed: u64,
    /// How the run ended (`null` when it could not be played; see `error`).
    pub outcome: Option<Outcome>,
    /// Counted as a win (see the module docs).
    pub win: bool,
    /// Last wave started.
    pub wave_reached: u32,
    /// The W20 boss fell.
    pub cleared: bool,
    /// What dealt the killing blow, when the player died.
    pub death_cause: Option<String>,
    /// Damage dealt per second in each wave, wave 1 first.
    pub dps: Vec<f64>,
    /// The crowd, the projectiles, the level and the cost of each wave,
    /// wave 1 first (docs/balance.md#density).
    pub waves: Vec<BatchWave>,
    /// Simulated 60-Hz steps.
    pub steps: u64,
    /// Wall time of the run, ms (timing: differs between runs).
    pub wall_ms: f64,
    /// The run's final state hash (equal to `sim --seed S --backend cpu`'s).
    pub state_hash: String,
    /// Why the run could not be played (a script refusal), if it could not.
    pub error: Option<String>,
    /// The build the run ended with, as a code to paste into the lab
    /// (docs/share.md#build-codes); empty when the run could not be played.
    pub build_code: String,
    /// Damage per source over the run, largest first (docs/share.md#damage-per-chip).
    pub damage: Vec<crate::combat::attribution::NamedShare>,
    /// The run's damage by coarse source kind (docs/balance.md#archetypes).
    pub damage_by_source: DamageBySource,
    /// The archetype the competent policy was steered toward (`--archetype`).
    pub archetype: Option<Archetype>,
    /// That archetype's signature share of the run's damage.
    pub signature: Option<f64>,
}

/// One wave of a batch run: the figures the density and pace targets read
/// (docs/balance.md#density).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BatchWave {
    /// Wave number.
    pub wave: u32,
    /// Most enemies alive at once.
    pub peak_enemies: u32,
    /// Enemies alive, averaged over the wave's steps.
    pub mean_enemies: f64,
    /// Seconds the wave lasted.
    pub duration_s: f64,
    /// Seconds of it with no enemy alive (docs/game.md#wave-end).
    pub empty_s: f64,
    /// Most moving player projectiles alive at once.
    pub peak_player_projectiles: u32,
    /// Most enemy shots alive at once.
    pub peak_enemy_projectiles: u32,
    /// Level at the wave's end.
    pub level: u32,
    /// Level the build entered the wave with (the last wave's end level; 1
    /// for W1): the level `build_dps_vs_curve` reads the curve at. Lines
    /// written before it existed read back as 0.
    #[serde(default)]
    pub level_entered: u32,
    /// Single-target DPS of the build that entered the wave (`build_dps`).
    pub build_dps: f64,
    /// `build_dps` over the design's curve at the level the build entered
    /// the wave with (docs/balance.md#the-power-curve): 1 is on the curve.
    pub build_dps_vs_curve: f64,
    /// Enemies (and bosses) the wave sent, the crowd floor's fodder included.
    pub spawned: u32,
    /// Of them, the crowd floor's fodder.
    pub floor_spawned: u32,
    /// Enemies the player killed.
    pub kills: u32,
    /// `kills / spawned` (1 when nothing was sent).
    pub kill_share: f64,
    /// The player's spawns asked of the projectile cap.
    pub player_spawns_attempted: u64,
    /// Of them, the ones dropped (docs/game.md#the-projectile-cap).
    pub dropped_spawns: u64,
    /// Gold the kills dropped as coins.
    pub gold_dropped: u64,
    /// Of it, the coins that vanished on the ground.
    pub gold_lost: u64,
    /// HP at the wave's end (0 when the player fell).
    pub hp_end: f64,
    /// Maximum HP then.
    pub hp_max: f64,
    /// Damage the player took in the wave, after armour (what W4–7's area
    /// tools are judged by, docs/balance.md#area-tools). Lines written
    /// before it existed read back as 0.
    #[serde(default)]
    pub damage_taken: f64,
    /// Seconds a boss stood before it fell, in a wave where one fell.
    pub boss_ttk_s: Option<f64>,
    /// The share of its HP a boss kept at the wave's end, in a wave where
    /// one came (0 where it fell). Lines written before it existed read
    /// back as none.
    #[serde(default)]
    pub boss_hp_left: Option<f64>,
    /// 95th-percentile CPU ms per step (timing: differs between runs).
    pub step_ms_p95: f64,
}

/// Per wave, the spread of each density, pace and cost figure over the runs
/// that fought the wave.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WaveSpread {
    /// Wave number.
    pub wave: u32,
    /// Runs that fought it.
    pub runs: usize,
    /// Most enemies alive at once.
    pub peak_enemies: Spread,
    /// Time-weighted mean enemies alive.
    pub mean_enemies: Spread,
    /// Most moving player projectiles alive.
    pub peak_player_projectiles: Spread,
    /// Most enemy shots alive.
    pub peak_enemy_projectiles: Spread,
    /// Level at the wave's end.
    pub level: Spread,
    /// `build_dps` entering the wave, every run.
    pub build_dps: Spread,
    /// `build_dps` entering the wave, runs that went on to win only (the DPS
    /// curve of docs/balance.md#density).
    pub build_dps_winners: Spread,
    /// `build_dps_vs_curve`, every run.
    pub build_dps_vs_curve: Spread,
    /// `build_dps_vs_curve`, runs that went on to win only.
    pub build_dps_vs_curve_winners: Spread,
    /// Level entered the wave with, every run.
    pub level_entered: Spread,
    /// The median `build_dps` over the curve at the median level entered
    /// with (docs/balance.md#the-power-curve): the build of the median run
    /// against the curve, where `build_dps_vs_curve` is the median of each
    /// run against its own level.
    pub median_build_vs_curve: f64,
    /// The same over the runs that went on to win.
    pub median_build_vs_curve_winners: f64,
    /// Share of the enemies sent that the player killed.
    pub kill_share: Spread,
    /// The player's spawns asked of the projectile cap.
    pub player_spawns_attempted: Spread,
    /// Of them, dropped.
    pub dropped_spawns: Spread,
    /// `dropped_spawns / player_spawns_attempted` (0 when nothing was asked).
    pub dropped_share: Spread,
    /// The crowd floor's fodder.
    pub floor_spawned: Spread,
    /// The fodder's share of the enemies sent.
    pub floor_share: Spread,
    /// Gold dropped as coins.
    pub gold_dropped: Spread,
    /// Share of the gold dropped that vanished on the ground.
    pub gold_lost_share: Spread,
    /// HP at the wave's end.
    pub hp_end: Spread,
    /// HP at the wave's end over maximum HP.
    pub hp_end_share: Spread,
    /// Damage taken in the wave.
    pub damage_taken: Spread,
    /// The boss's time to kill, s, over the runs where a boss fell.
    pub boss_ttk_s: Spread,
    /// The same over the runs that went on to win.
    pub boss_ttk_s_winners: Spread,
    /// The share of its HP the boss kept at the wave's end, over the runs
    /// where one came and outlived the wave (the player's death or the
    /// overtime): how near the runs it beat came.
    pub boss_hp_left: Spread,
    /// 95th-percentile step time, ms.
    pub step_ms_p95: Spread,
}

/// Nearest-rank percentiles of a sample.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Spread {
    /// Values in the sample.
    pub n: usize,
    /// Smallest.
    pub min: f64,
    /// 10th percentile.
    pub p10: f64,
    /// Median.
    pub p50: f64,
    /// 90th percentile.
    pub p90: f64,
    /// Largest.
    pub max: f64,
    /// Mean.
    pub mean: f64,
}

impl Spread {
    /// The spread of `v` (all zeros for an empty sample).
    pub fn of(mut v: Vec<f64>) -> Spread {
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let at = |q: f64| engine::sample::percentile(&v, q);
        Spread {
            n,
            min: v.first().copied().unwrap_or(0.0),
            p10: at(0.1),
            p50: at(0.5),
            p90: at(0.9),
            max: v.last().copied().unwrap_or(0.0),
            mean: if n == 0 {
                0.0
            } else {
                v.iter().sum::<f64>() / n as f64
            },
        }
    }
}

/// The aggregate line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Aggregate {
    /// Always `"aggregate"`, so a reader of the JSON lines can tell it apart.
    pub kind: &'static str,
    /// Runs played.
    pub runs: usize,
    /// Runs won.
    pub wins: usize,
    /// `wins / runs`.
    pub win_rate: f64,
    /// Waves reached.
    pub waves_reached: Spread,
    /// DPS in wave n (index n − 1) over the runs that fought it.
    pub dps_per_wave: Vec<Spread>,
    /// Density, projectiles, level, build DPS and step cost in wave n (index
    /// n − 1) over the runs that fought it.
    pub per_wave: Vec<WaveSpread>,
    /// Deaths by what dealt the killing blow.
    pub deaths_by_cause: BTreeMap<String, usize>,
    /// Runs that could not be played.
    pub errors: usize,
    /// Workers the runs were spread over.
    pub threads: usize,
    /// Simulated steps in all.
    pub steps: u64,
    /// Wall time of the whole batch, s.
    pub wall_s: f64,
    /// Simulated steps per second of wall time, per worker.
    pub steps_per_s_per_core: f64,
    /// The steered archetype's signature share over the runs
    /// (docs/balance.md#archetypes); absent without `--archetype`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signature: Option<Spread>,
}

/// Whether `report` counts as a win under `mode` with `last_wave`.
fn is_win(report: &RunReport, mode: Mode, last_wave: u32) -> bool {
    match report.outcome {
        Some(Outcome::Won) => true,
        Some(Outcome::Survived) => {
            matches!(mode, Mode::Endless | Mode::BossRush) && report.wave_reached >= last_wave
        }
        _ => false,
    }
}

/// Plays `opts` (its seed replaced) on every seed over a pool of `threads`
/// workers (0: every core), on the CPU passes. Runs come back in seed order.
pub fn play_batch(
    cat: &Arc<Catalog>,
    opts: &RunOptions,
    seeds: &[u64],
    threads: usize,
) -> (Vec<BatchRun>, Aggregate) {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
    let start = Instant::now();
    let play = || -> Vec<BatchRun> { seeds.par_iter().map(|&seed| play_one(cat, opts, seed)).collect() };
    let (runs, workers) = match &pool {
        Ok(p) => (p.install(play), p.current_num_threads()),
        Err(e) => {
            log::warn!("no thread pool ({e}); the batch runs on the global one");
            (play(), rayon::current_num_threads())
        }
    };
    let wall_s = (start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
    let agg = aggregate(&runs, workers, wall_s);
    (runs, agg)
}

fn play_one(cat: &Arc<Catalog>, opts: &RunOptions, seed: u64) -> BatchRun {
    let opts = RunOptions {
        seed,
        backend: engine::gpu::Backend::Cpu,
        ..opts.clone()
    };
    let start = Instant::now();
    match play_logged(cat.clone(), &opts, None, false) {
        Ok((run, log)) => {
            let report = run.report();
            let waves = report
                .waves
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    let build_dps = round1(log.build_dps.get(i).copied().unwrap_or(0.0));
                    let entered_at = if i == 0 { 1 } else { report.waves[i - 1].level };
                    batch_wave(w, build_dps, entered_at)
                })
                .collect();
            let steps = report
                .waves
                .iter()
                .map(|w| (w.duration_s * 60.0).round() as u64)
                .sum();
            BatchRun {
                seed,
                outcome: report.outcome,
                win: is_win(&report, opts.mode.mode, opts.waves),
                wave_reached: report.wave_reached,
                cleared: report.cleared,
                death_cause: report.waves.iter().rev().find_map(|w| w.death_cause.clone()),
                dps: report
                    .waves
                    .iter()
                    .map(|w| {
                        if w.duration_s > 0.0 {
                            round1(w.damage_dealt / w.duration_s)
                        } else {
                            0.0
                        }
                    })
                    .collect(),
                waves,
                steps,
                wall_ms: round1(start.elapsed().as_secs_f64() * 1e3),
                damage_by_source: report.damage_by_source(),
                archetype: opts.mode.archetype,
                signature: opts
                    .mode
                    .archetype
                    .map(|a| (a.signature(&report.damage_by_source()) * 1000.0).round() / 1000.0),
                state_hash: report.state_hash,
                error: None,
                build_code: run.summary().build_code.clone(),
                damage: run
                    .summary()
                    .damage
                    .sources
                    .iter()
                    .map(|s| crate::combat::attribution::NamedShare {
                        name: s.name.clone(),
                        damage: round1(s.damage),
                    })
                    .collect(),
            }
        }
        Err(e) => BatchRun {
            seed,
            outcome: None,
            win: false,
            wave_reached: 0,
            cleared: false,
            death_cause: None,
            dps: Vec::new(),
            waves: Vec::new(),
            steps: 0,
            wall_ms: round1(start.elapsed().as_secs_f64() * 1e3),
            state_hash: String::new(),
            error: Some(e.to_string()),
            build_code: String::new(),
            damage: Vec::new(),
            damage_by_source: DamageBySource::default(),
            archetype: opts.mode.archetype,
            signature: None,
        },
    }
}

/// One wave's line of a batch run.
fn batch_wave(w: &crate::run::WaveReport, build_dps: f64, entered_at: u32) -> BatchWave {
    let share = |a: f64, b: f64| if b > 0.0 { a / b } else { 1.0 };
    BatchWave {
        wave: w.wave,
        peak_enemies: w.peak_enemies,
        mean_enemies: w.mean_enemies,
        duration_s: w.duration_s,
        empty_s: w.empty_s,
        peak_player_projectiles: w.peak_player_projectiles,
        peak_enemy_projectiles: w.peak_enemy_projectiles,
        level: w.level,
        level_entered: entered_at,
        build_dps,
        build_dps_vs_curve: round3(build_dps / crate::economy::power_curve::target_dps(entered_at)),
        spawned: w.spawned,
        floor_spawned: w.floor_spawned,
        kills: w.kills,
        kill_share: round3(share(f64::from(w.kills), f64::from(w.spawned))),
        player_spawns_attempted: w.player_spawns_attempted,
        dropped_spawns: w.dropped_spawns,
        gold_dropped: w.gold_dropped,
        gold_lost: w.gold_lost,
        hp_end: w.hp_end,
        hp_max: w.hp_max,
        damage_taken: w.damage_taken,
        boss_ttk_s: w.boss_ttk_s,
        boss_hp_left: w.boss_hp_left,
        step_ms_p95: w.step_ms_p95,
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// Folds the runs into the aggregate line.
pub fn aggregate(runs: &[BatchRun], threads: usize, wall_s: f64) -> Aggregate {
    let played: Vec<&BatchRun> = runs.iter().filter(|r| r.error.is_none()).collect();
    let wins = played.iter().filter(|r| r.win).count();
    let longest = played.iter().map(|r| r.dps.len()).max().unwrap_or(0);
    let dps_per_wave = (0..longest)
        .map(|i| Spread::of(played.iter().filter_map(|r| r.dps.get(i).copied()).collect()))
        .collect();
    let per_wave = (0..longest).map(|i| wave_spread(&played, i)).collect();
    let mut deaths_by_cause = BTreeMap::new();
    for r in &played {
        if r.outcome == Some(Outcome::Died) {
            let cause = r.death_cause.clone().unwrap_or_else(|| "unknown".into());
            *deaths_by_cause.entry(cause).or_insert(0) += 1;
        }
    }
    let steps: u64 = played.iter().map(|r| r.steps).sum();
    Aggregate {
        kind: "aggregate",
        runs: runs.len(),
        wins,
        win_rate: if runs.is_empty() {
            0.0
        } else {
            wins as f64 / runs.len() as f64
        },
        waves_reached: Spread::of(played.iter().map(|r| f64::from(r.wave_reached)).collect()),
        dps_per_wave,
        per_wave,
        deaths_by_cause,
        errors: runs.len() - played.len(),
        threads,
        steps,
        wall_s,
        steps_per_s_per_core: if wall_s > 0.0 && threads > 0 {
            (steps as f64 / wall_s / threads as f64).round()
        } else {
            0.0
        },
        signature: signature_spread(&played),
    }
}

/// The spread of wave `i + 1`'s figures over the runs that fought it.
fn wave_spread(played: &[&BatchRun], i: usize) -> WaveSpread {
    let fought: Vec<(&BatchWave, bool)> = played
        .iter()
        .filter_map(|r| r.waves.get(i).map(|w| (w, r.win)))
        .collect();
    let of = |f: &dyn Fn(&BatchWave) -> f64| Spread::of(fought.iter().map(|(w, _)| f(w)).collect());
    let winners = |f: &dyn Fn(&BatchWave) -> f64| {
        Spread::of(fought.iter().filter(|(_, won)| *won).map(|(w, _)| f(w)).collect())
    };
    let ratio = |a: f64, b: f64| if b > 0.0 { round3(a / b) } else { 0.0 };
    WaveSpread {
        wave: i as u32 + 1,
        runs: fought.len(),
        peak_enemies: of(&|w| f64::from(w.peak_enemies)),
        mean_enemies: of(&|w| w.mean_enemies),
        peak_player_projectiles: of(&|w| f64::from(w.peak_player_projectiles)),
        peak_enemy_projectiles: of(&|w| f64::from(w.peak_enemy_projectiles)),
        level: of(&|w| f64::from(w.level)),
        build_dps: of(&|w| w.build_dps),
        build_dps_winners: winners(&|w| w.build_dps),
        build_dps_vs_curve: of(&|w| w.build_dps_vs_curve),
        build_dps_vs_curve_winners: winners(&|w| w.build_dps_vs_curve),
        level_entered: of(&|w| f64::from(w.level_entered)),
        median_build_vs_curve: median_vs_curve(fought.iter().map(|(w, _)| *w)),
        median_build_vs_curve_winners: median_vs_curve(
            fought.iter().filter(|(_, won)| *won).map(|(w, _)| *w),
        ),
        kill_share: of(&|w| w.kill_share),
        player_spawns_attempted: of(&|w| w.player_spawns_attempted as f64),
        dropped_spawns: of(&|w| w.dropped_spawns as f64),
        dropped_share: of(&|w| ratio(w.dropped_spawns as f64, w.player_spawns_attempted as f64)),
        floor_spawned: of(&|w| f64::from(w.floor_spawned)),
        floor_share: of(&|w| ratio(f64::from(w.floor_spawned), f64::from(w.spawned))),
        gold_dropped: of(&|w| w.gold_dropped as f64),
        gold_lost_share: of(&|w| ratio(w.gold_lost as f64, w.gold_dropped as f64)),
        hp_end: of(&|w| w.hp_end),
        hp_end_share: of(&|w| ratio(w.hp_end, w.hp_max)),
        damage_taken: of(&|w| w.damage_taken),
        boss_ttk_s: Spread::of(fought.iter().filter_map(|(w, _)| w.boss_ttk_s).collect()),
        boss_ttk_s_winners: Spread::of(
            fought
                .iter()
                .filter(|(_, won)| *won)
                .filter_map(|(w, _)| w.boss_ttk_s)
                .collect(),
        ),
        boss_hp_left: Spread::of(
            fought
                .iter()
                .filter_map(|(w, _)| w.boss_hp_left)
                .filter(|&f| f > 0.0)
                .collect(),
        ),
        step_ms_p95: of(&|w| w.step_ms_p95),
    }
}

/// The median `build_dps` of `waves` over the curve at their median level
/// entered with (0 for none).
fn median_vs_curve<'a>(waves: impl Iterator<Item = &'a BatchWave> + Clone) -> f64 {
    let dps = Spread::of(waves.clone().map(|w| w.build_dps).collect());
    let level = Spread::of(waves.map(|w| f64::from(w.level_entered)).collect());
    if dps.n == 0 {
        return 0.0;
    }
    round3(dps.p50 / crate::economy::power_curve::target_dps(level.p50.round() as u32))
}

/// The signature shares of steered runs (docs/balance.md#archetypes), if any.
fn signature_spread(played: &[&BatchRun]) -> Option<Spread> {
    let v: Vec<f64> = played.iter().filter_map(|r| r.signature).collect();
    (!v.is_empty()).then(|| Spread::of(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_parse_as_ranges_and_lists() {
        assert_eq!(parse_seeds("1..4"), Ok(vec![1, 2, 3, 4]));
        assert_eq!(parse_seeds("7..=8"), Ok(vec![7, 8]));
        assert_eq!(parse_seeds("3,5,9"), Ok(vec![3, 5, 9]));
        assert!(parse_seeds("5..2").is_err());
        assert!(parse_seeds("a..b").is_err());
        assert!(parse_seeds("").is_err());
    }

    #[test]
    fn the_spread_takes_nearest_ranks() {
        let s = Spread::of((1..=10).map(f64::from).collect());
        assert_eq!(
            (s.min, s.p10, s.p50, s.p90, s.max, s.mean),
            (1.0, 1.0, 5.0, 9.0, 10.0, 5.5)
        );
        assert_eq!(Spread::of(Vec::new()).n, 0);
    }
}
