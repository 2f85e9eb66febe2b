//! `artificer tool ...`: the loot seed's checking tools (docs/game.md#checking-tools). Each prints a
//! table, or JSON with `--json`, and reads only `data/loot/`.

use std::process::ExitCode;

use clap::Subcommand;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use crate::loot::LootData;
use crate::loot::crafting::full_item_cost;
use crate::loot::drops::{DropSource, PityState, expected_run_materials, roll_drops};
use crate::loot::materials::{Material, MaterialAmounts};
use crate::loot::rarity::Rarity;
use crate::loot::ttk::AttackModel;

/// The deepest depth the loot tables are measured to (the seed table's last
/// row): `drops` and `affix` refuse a depth past it rather than show this
/// one's numbers under another's name.
const DEEPEST: u32 = 100;

/// `artificer tool ...`
#[derive(Debug, Subcommand)]
pub enum ToolCommand {
    /// Rarity shares by depth over many seeded rolls (seed: `--tool drops 1 100`).
    Drops {
        /// First depth.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=i64::from(DEEPEST)))]
        from: u32,
        /// Last depth (default: only `from`).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=i64::from(DEEPEST)))]
        to: Option<u32>,
        /// Rolls per depth.
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_TRIALS)))]
        rolls: u32,
        /// A row every this many depths (A, B, 28 and 55 are always shown when inside).
        #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_DEPTH)))]
        step: u32,
        /// RNG seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Plain draws from the game's RNG instead of stratified ones (shows sampling noise).
        #[arg(long)]
        plain: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Tier, budget and how many top-tier affixes fit at a depth.
    Affix {
        /// Depth (= item level).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=i64::from(DEEPEST)))]
        depth: u32,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Materials per run against the cost of a full tier-9 item.
    Economy {
        /// Depth the run reaches.
        #[arg(long, default_value_t = 80, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_DEPTH)))]
        depth: u32,
        /// Seeded runs simulated beside the expectation.
        #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_TRIALS)))]
        runs: u32,
        /// RNG seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Time to kill each enemy archetype at each wave, with average items (and the best with `--best`).
    Ttk {
        /// Also fit the best possible items of each depth against each enemy.
        #[arg(long)]
        best: bool,
        /// Base damage per hit of the reference attack.
        #[arg(long, default_value_t = 5.0, value_parser = crate::data::limits::positive_amount)]
        base: f32,
        /// Hits per second of the reference attack.
        #[arg(long, default_value_t = 4.0, value_parser = crate::data::limits::positive_amount)]
        rate: f32,
        /// Random loadouts averaged per wave.
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_TRIALS)))]
        samples: u32,
        /// RNG seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Plays seeded exchanges of a committed swing (and a sheathed blade) against enemy blows.
    Parry {
        /// knife, saber or cleaver.
        #[arg(long)]
        blade: String,
        /// Exchanges.
        #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_TRIALS)))]
        trials: u32,
        /// RNG seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Swings the blade at random targets and measures cuts outside the sector.
    Sweep {
        /// Swings.
        #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_TRIALS)))]
        trials: u32,
        /// RNG seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Plays a probe fight with and without everything a player can buy, pick
    /// or find, and lists what moved; exits 1 when something is inert.
    Inert {
        /// Only things whose id contains this, or whose kind is this (`chip`, `affix`, …).
        #[arg(long)]
        only: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Runs one tool; data problems go to stderr with a failure status.
pub fn run(cmd: ToolCommand) -> ExitCode {
    match &cmd {
        ToolCommand::Inert { only, json } => return super::inert::run(only.as_deref(), *json),
        ToolCommand::Parry {
            blade,
            trials,
            seed,
            json,
        } => {
            return match super::melee_tools::parry_trials(blade, *trials, *seed) {
                Ok(r) => {
                    print_report(&r, *json);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    errln!("{e}");
                    ExitCode::FAILURE
                }
            };
        }
        ToolCommand::Sweep { trials, seed, json } => {
            return match super::melee_tools::sweep_trials(*trials, *seed) {
                Ok(r) => {
                    print_report(&r, *json);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    errln!("{e}");
                    ExitCode::FAILURE
                }
            };
        }
        _ => {}
    }
    let data = match LootData::load(&crate::data::default_root()) {
        Ok(d) => d,
        Err(e) => {
            err!("{e}");
            return ExitCode::FAILURE;
        }
    };
    match cmd {
        ToolCommand::Drops {
            from,
            to,
            rolls,
            step,
            seed,
            plain,
            json,
        } => {
            let q = DropsQuery {
                from,
                to: to.unwrap_or(from),
                rolls,
                step,
                seed,
                plain,
            };
            drops(&data, &q, json)
        }
        ToolCommand::Affix { depth, json } => affix(&data, depth, json),
        ToolCommand::Economy {
            depth,
            runs,
            seed,
            json,
        } => {
            let deepest = data.drops.run_model.max_depth;
            if depth > deepest {
                errln!(
                    "artificer tool economy: --depth {depth}: a run reaches depth {deepest} at most (loot/drops.json run_model.max_depth)"
                );
                return ExitCode::FAILURE;
            }
            economy(&data, depth, runs, seed, json);
        }
        ToolCommand::Ttk {
            best,
            base,
            rate,
            samples,
            seed,
            json,
        } => {
            let mut errors = Vec::new();
            let Some(fight) = crate::waves::load_fight_data(&crate::data::default_root(), &mut errors) else {
                err!("{}", crate::data::DataErrors(errors));
                return ExitCode::FAILURE;
            };
            let model = AttackModel {
                base,
                hits_per_s: rate,
            };
            super::ttk_table::ttk(&data, &fight, model, best, samples, seed, json);
        }
        ToolCommand::Inert { .. } | ToolCommand::Parry { .. } | ToolCommand::Sweep { .. } => {
            unreachable!("dispatched above")
        }
    }
    ExitCode::SUCCESS
}

/// Prints a report as JSON, or as `key: value` lines.
fn print_report(r: &impl serde::Serialize, json: bool) {
    let v = serde_json::to_value(r).unwrap_or_default();
    if json {
        outln!("{v}");
    } else if let Some(o) = v.as_object() {
        for (k, x) in o {
            outln!("{k}: {x}");
        }
    }
}

/// The depths a `drops A B` table shows: A, every `step`-th depth, 28 and 55 when inside, B.
pub fn drop_rows(from: u32, to: u32, step: u32) -> Vec<u32> {
    let (a, b) = (from.clamp(1, 100), to.clamp(1, 100));
    let (a, b) = (a.min(b), a.max(b));
    let mut v: Vec<u32> = (a..=b).step_by(step.max(1) as usize).collect();
    v.extend([28, 55].into_iter().filter(|d| (a..=b).contains(d)));
    v.push(b);
    v.sort_unstable();
    v.dedup();
    v
}

/// Measured shares `[common, marked, rare, relic]` over `rolls` seeded rolls at `depth`.
///
/// The draws are stratified: roll `i` takes its uniform from `[i/N, (i+1)/N)`
/// (jittered by the seeded RNG) and goes through the same
/// [`crate::loot::rarity::RarityTable::grade_at`] as every in-game roll. Plain
/// sampling at N = 10 000 carries about ±0.5 points of noise, as much as the
/// formula-versus-table gap the seed itself has at D55 (0.9 points), which would
/// make the ±1.5-point check a coin toss on the seed rather than a test of the rule.
pub fn measure_rarity(data: &LootData, depth: u32, rolls: u32, seed: u64) -> [f64; 4] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (depth as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let n_rolls = rolls.max(1);
    let mut n = [0u32; 4];
    for i in 0..n_rolls {
        let jitter: f64 = rng.random();
        let u = (i as f64 + jitter) / n_rolls as f64;
        n[data.rarity.grade_at(depth, u) as usize] += 1;
    }
    n.map(|c| c as f64 / n_rolls as f64)
}

/// What `tool drops` measures.
struct DropsQuery {
    from: u32,
    to: u32,
    rolls: u32,
    step: u32,
    seed: u64,
    plain: bool,
}

/// Shares over `rolls` plain draws of the game's RNG through [`crate::loot::rarity::RarityTable::roll`].
pub fn measure_rarity_plain(data: &LootData, depth: u32, rolls: u32, seed: u64) -> [f64; 4] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (depth as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut n = [0u32; 4];
    for _ in 0..rolls.max(1) {
        n[data.rarity.roll(depth, &mut rng) as usize] += 1;
    }
    n.map(|c| c as f64 / rolls.max(1) as f64)
}

fn drops(data: &LootData, q: &DropsQuery, json: bool) {
    let rolls = q.rolls;
    let rows: Vec<(u32, [f64; 4])> = drop_rows(q.from, q.to, q.step)
        .into_iter()
        .map(|d| {
            let s = if q.plain {
                measure_rarity_plain(data, d, rolls, q.seed)
            } else {
                measure_rarity(data, d, rolls, q.seed)
            };
            (d, s)
        })
        .collect();
    if json {
        let depths: Vec<_> = rows
            .iter()
            .map(|(d, s)| json!({"depth": d, "common": s[0], "marked": s[1], "rare": s[2], "relic": s[3]}))
            .collect();
        outln!(
            "{}",
            json!({"rolls_per_depth": rolls, "sampling": if q.plain { "plain" } else { "stratified" }, "depths": depths})
        );
        return;
    }
    outln!("rarity by depth, {rolls} rolls per depth (P(not common) = 0.02 + 0.011·d, max 0.88)");
    outln!(
        "{:>5} {:>8} {:>8} {:>8} {:>8}   seed table (worst gap)",
        "depth",
        Rarity::Common.id(),
        Rarity::Marked.id(),
        Rarity::Rare.id(),
        Rarity::Relic.id()
    );
    for (d, s) in rows {
        let seed_row = data.rarity.seed_table.iter().find(|r| r.depth == d);
        let cmp = seed_row.map_or(String::new(), |r| {
            let t = r.shares();
            let gap = (0..4).map(|i| (s[i] - t[i]).abs()).fold(0.0, f64::max);
            let verdict = if gap <= data.rarity.tolerance { "ok" } else { "OUT" };
            format!(
                "   {:.1} / {:.1} / {:.1} / {:.2} ({:.2} pt {verdict})",
                t[0] * 100.0,
                t[1] * 100.0,
                t[2] * 100.0,
                t[3] * 100.0,
                gap * 100.0
            )
        });
        outln!(
            "{:>5} {:>7.2}% {:>7.2}% {:>7.2}% {:>7.3}%{cmp}",
            d,
            s[0] * 100.0,
            s[1] * 100.0,
            s[2] * 100.0,
            s[3] * 100.0
        );
    }
}

fn affix(data: &LootData, depth: u32, json: bool) {
    let t = &data.affixes.tiers;
    let d = depth;
    let t_max = t.t_max(d);
    let budget = t.budget(d);
    let cost = t.cost(t_max);
    let fit = t.top_tier_fit(d);
    let cap = data.rarity.max_affixes() as u32;
    let max_top = fit.min(cap);
    if json {
        outln!(
            "{}",
            json!({"depth": d, "t_max": t_max, "budget": budget, "max_top_tier_affixes": max_top,
                   "top_tier_cost": cost, "budget_fit": fit, "affix_cap": cap,
                   "cost_of_max": cost * max_top as f32, "cost_of_one_more": cost * (max_top + 1) as f32})
        );
        return;
    }
    outln!("depth {d}: T_max = {t_max}, budget B = {budget}, cost(T{t_max}) = {cost}");
    for n in 1..=cap + 1 {
        let total = cost * n as f32;
        let verdict = if total > budget {
            "over budget"
        } else if n > cap {
            "over the affix cap"
        } else {
            "fits"
        };
        outln!("  {n} × T{t_max} = {total:>5} {verdict}");
    }
    outln!("most top-tier affixes: {max_top}");
}

#[expect(clippy::too_many_lines, reason = "a tool's report, line by line")]
fn economy(data: &LootData, depth: u32, runs: u32, seed: u64, json: bool) {
    let rm = &data.drops.run_model;
    let last_wave = depth.clamp(1, rm.max_depth).div_ceil(rm.depth_per_wave.max(1));
    let expected = expected_run_materials(last_wave, data);
    // Seeded simulation of the same runs through the real drop code.
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sum = MaterialAmounts::default();
    for _ in 0..runs {
        let mut pity = PityState::default();
        for wave in 1..=last_wave {
            let d = rm.depth_of_wave(wave);
            sum.add(&roll_drops(DropSource::WaveEnd, d, &mut pity, data, &mut rng).materials);
            for _ in 0..rm.elites_per_wave {
                sum.add(&roll_drops(DropSource::Elite, d, &mut pity, data, &mut rng).materials);
            }
            if rm.boss_waves.contains(&wave) {
                sum.add(&roll_drops(DropSource::Boss, d, &mut pity, data, &mut rng).materials);
            }
        }
    }
    let simulated: Vec<f64> = Material::ALL
        .iter()
        .map(|&m| sum.get(m) as f64 / runs.max(1) as f64)
        .collect();
    let cost = full_item_cost(data);
    // The seed counts cores together (bio + cryo), so the runs are counted per
    // seed group: scrap, cores, shards, slag.
    let groups: [(&str, f64, f64); 4] = [
        ("scrap", cost.scrap as f64, expected[0]),
        (
            "cores",
            (cost.bio_core + cost.cryo_core) as f64,
            expected[1] + expected[2],
        ),
        ("shards", cost.reactor_shard as f64, expected[3]),
        ("slag", cost.void_slag as f64, expected[4]),
    ];
    let runs_needed: Vec<f64> = groups
        .iter()
        .map(|&(_, c, y)| if c == 0.0 { 0.0 } else { c / y.max(1e-9) })
        .collect();
    let worst = runs_needed.iter().copied().fold(0.0, f64::max);
    let fi = &data.crafting.full_item;
    if json {
        let mats: Vec<_> = Material::ALL
            .iter()
            .map(|&m| {
                json!({"material": m.id(), "expected_per_run": expected[m as usize], "simulated_per_run": simulated[m as usize],
                       "full_item_cost": cost.get(m)})
            })
            .collect();
        outln!(
            "{}",
            json!({"depth": depth, "waves": last_wave, "simulated_runs": runs, "materials": mats,
                   "runs_by_group": groups.iter().zip(&runs_needed).map(|(g, r)| json!({"group": g.0, "cost": g.1, "per_run": g.2, "runs": r})).collect::<Vec<_>>(),
                   "runs_per_item": worst,
                   "seed_runs_per_item": fi.seed_runs, "seed_run_depth": fi.seed_run_depth})
        );
        return;
    }
    outln!(
        "one run to D{depth} ({last_wave} waves, {} elites per wave, bosses at waves {:?})",
        rm.elites_per_wave,
        rm.boss_waves
    );
    outln!(
        "{:<14} {:>10} {:>10} {:>10}",
        "material",
        "expected",
        "simulated",
        "T9 item"
    );
    for &m in &Material::ALL {
        let i = m as usize;
        outln!(
            "{:<14} {:>10.1} {:>10.1} {:>10}",
            m.id(),
            expected[i],
            simulated[i],
            cost.get(m)
        );
    }
    for (g, r) in groups.iter().zip(&runs_needed) {
        outln!(
            "  {:<7} {:>5} needed, {:>5.1} per run: {:>5.1} runs",
            g.0,
            g.1,
            g.2,
            r
        );
    }
    let cores = expected[1] + expected[2];
    outln!(
        "seed: a T9 item ≈ {} scrap, {} cores, {} shards, {} slag; a D{} run ≈ {} / {} / {} / {}; about {} runs",
        fi.seed_estimate.scrap,
        fi.seed_estimate.cores,
        fi.seed_estimate.shards,
        fi.seed_estimate.slag,
        fi.seed_run_depth,
        fi.seed_run_yield.scrap,
        fi.seed_run_yield.cores,
        fi.seed_run_yield.shards,
        fi.seed_run_yield.slag,
        fi.seed_runs
    );
    outln!(
        "here: a T9 item = {} scrap, {} cores, {} shards, {} slag; this run ≈ {:.1} / {:.1} / {:.1} / {:.1}; {:.1} runs (the scarcest material decides)",
        cost.scrap,
        cost.bio_core + cost.cryo_core,
        cost.reactor_shard,
        cost.void_slag,
        expected[0],
        cores,
        expected[3],
        expected[4],
        worst
    );
}
