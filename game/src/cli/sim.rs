//! `artificer sim --seed S --waves N [--policy starter|competent] [--build FILE] [--backend gpu|cpu] [--record FILE] [--json]
//! [--mode standard|endless|practice|boss-rush|curse] [--ng-plus N] [--start-wave W] [--curse ID]`:
//! plays a run headless with the scripted player of `crate::run::script` and
//! prints one JSON object (or a table without `--json`); `--record` writes
//! the run's replay file. The JSON is the run's report (as `artificer
//! replay` prints it) plus what the script logged: `policy`, `build_dps`
//! (the build's single-target DPS before each wave) and `boss_kill_s`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use engine::gpu::{Backend, GpuContext};

use crate::run::{PlayLog, Policy, RunOptions, RunReport, play_logged};

/// Options of `artificer sim`.
#[derive(Debug, clap::Args)]
pub struct SimArgs {
    /// Run seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play many seeds at once instead (`1..64`, both ends included, or
    /// `3,5,9`), on the CPU passes over `--threads` workers: one JSON line
    /// per run, then an aggregate line (win rate, waves reached, DPS per
    /// wave, causes of death, throughput).
    #[arg(long, value_name = "A..B", conflicts_with_all = ["seed", "record", "profile", "trace"])]
    pub seeds: Option<String>,
    /// Play only share K of N of `--seeds` (seed i of the list goes to
    /// shard i mod N + 1), for a job array; `sim merge` joins the shards.
    #[arg(long, value_name = "K/N", requires = "seeds", value_parser = clap::builder::ValueParser::new(|s: &str| s.parse::<super::merge::Shard>()))]
    pub shard: Option<super::merge::Shard>,
    /// `sim merge FILES…`: the shards' JSON lines joined into one batch's.
    #[command(subcommand)]
    pub then: Option<SimCommand>,
    /// The run's last wave: 1–20, or any wave in endless and boss-rush
    /// modes (the scripted player goes on past the clear up to it).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_WAVES)))]
    pub waves: u32,
    /// The run mode (docs/game.md#modes-and-meta): `endless` goes on past the W20
    /// clear; `boss-rush` makes every wave a rush of three bosses; `curse`
    /// holds a curse's rules (`--curse`); `practice` starts at `--start-wave`
    /// with the unlimited shop.
    #[arg(long, value_enum, default_value = "standard")]
    pub mode: crate::run::Mode,
    /// NG+ level: enemy HP and damage ×(1 + 0.5 n), enemy shots +30 % per
    /// level, the bosses' NG+ phase (the void lord's last will and clones).
    #[arg(long = "ng-plus", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=i64::from(crate::data::limits::MAX_NG_PLUS)))]
    pub ng_plus: u32,
    /// Start in the shop before this wave, with 250 gold and 1.15 level-ups
    /// per wave skipped (what a reference run held); past W20 the run is
    /// endless from the start.
    #[arg(long = "start-wave", value_name = "W", value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_WAVES)))]
    pub start_wave: Option<u32>,
    /// The curse of `--mode curse` (an id of `data/curses.json`; default: the first).
    #[arg(long, value_name = "ID")]
    pub curse: Option<String>,
    /// A JSON build file (`{"core": id, "deck": [ids], "items": [items]}`)
    /// or a build code (`artificer build code FILE`, docs/share.md#build-codes).
    #[arg(long)]
    pub build: Option<PathBuf>,
    /// `auto` (the CPU passes on a software adapter, the WGSL passes on a
    /// real GPU), `gpu` or `cpu`.
    #[arg(long, default_value = "auto")]
    pub backend: Backend,
    /// The scripted player: `starter` (the simple shopper) or `competent`
    /// (builds like a player who read the codex); see `run::script`.
    #[arg(long, default_value = "starter")]
    pub policy: Policy,
    /// Steer the competent policy toward an archetype from the normal start
    /// (docs/balance.md#archetypes): it tries only the archetype's chips.
    /// `bolts` is the control with no area tool beside them.
    /// Needs `--policy competent`.
    #[arg(long, value_name = "NAME", value_enum, conflicts_with_all = ["lesson", "build"])]
    pub archetype: Option<crate::run::script::competent::Archetype>,
    /// Play run N of a fresh profile as the title screen starts it
    /// (docs/game.md#lessons): 1–4 the onboarding lessons, 5 the first open
    /// run; unlockable content stays locked.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=5), conflicts_with_all = ["build", "profile"])]
    pub lesson: Option<u8>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Data folder (default: `--data`, `$ARTIFICER_DATA`, else the data embedded in the binary).
    #[arg(long)]
    pub root: Option<PathBuf>,
    /// Write the run's replay to this file (`artificer replay FILE` re-runs it).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Play the run on this profile, as the game's New run would: its
    /// locked content, onboarding lesson and Last Will shape the run; the
    /// run's aether, milestones, records and codex entries are booked into
    /// it (`artificer profile show` reads them).
    #[arg(long, value_name = "DIR")]
    pub profile: Option<PathBuf>,
    /// With `--profile`: a practice run from this milestone wave (5, 10 or
    /// 15, once the profile reached it): it starts in the shop before the
    /// wave with unlimited gold, and books nothing into the profile.
    #[arg(long, value_name = "WAVE", requires = "profile", value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_WAVES)))]
    pub practice: Option<u32>,
    /// A Chrome trace of the run (`--trace-frames N`: of its first N steps).
    #[command(flatten)]
    pub trace: crate::app::args::TraceArgs,
}

impl SimArgs {
    /// `--waves` past the game's waves is refused outside the modes that go
    /// on past the clear, and `--start-wave` past `--waves` in every mode,
    /// rather than cut to the last wave in silence (docs/data.md#limits).
    pub fn check_waves(&self, game_waves: u32) -> Result<(), String> {
        use crate::run::Mode;
        let endless = matches!(self.mode, Mode::Endless | Mode::BossRush)
            || self.start_wave.is_some_and(|w| w > game_waves);
        if !endless && self.waves > game_waves {
            return Err(format!(
                "--waves {}: a {} run has {game_waves} waves (1 to {game_waves}); `--mode endless` plays past them",
                self.waves,
                self.mode.name()
            ));
        }
        // A start past the last wave was once moved to the last wave in silence.
        if let Some(w) = self.start_wave
            && w > self.waves
        {
            return Err(format!(
                "--start-wave {w}: the run's last wave is {} (--waves); a run starts at a wave from 1 to its last, so give --waves {w} or more",
                self.waves
            ));
        }
        Ok(())
    }
}

/// Subcommands of `artificer sim`.
#[derive(Debug, clap::Subcommand)]
pub enum SimCommand {
    /// Joins the JSON lines of `sim --seeds --shard K/N --json` runs into
    /// the runs and aggregate one machine would print (timings aside).
    Merge {
        /// The shards' output files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// Runs `artificer sim`.
pub fn run(args: &SimArgs) -> ExitCode {
    if let Some(SimCommand::Merge { files }) = &args.then {
        return super::merge::run(files);
    }
    let root = args.root.clone().unwrap_or_else(crate::data::default_root);
    let cat = match crate::catalog::Catalog::load(&root) {
        Ok(c) => Arc::new(c),
        Err(e) => {
            err!("artificer sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = args.check_waves(cat.waves.len() as u32) {
        errln!("artificer sim: {e}");
        return ExitCode::FAILURE;
    }
    if let Some(a) = args.archetype
        && args.policy != Policy::Competent
    {
        errln!("artificer sim: --archetype {a} steers the competent policy: add --policy competent");
        return ExitCode::FAILURE;
    }
    let build = match &args.build {
        Some(p) => match crate::share::read_build(p, &cat) {
            Ok(b) => Some(b),
            Err(e) => {
                errln!("artificer sim: build: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    if let Some(spec) = &args.seeds {
        return batch_main(args, spec, &cat, build);
    }
    let ctx = match GpuContext::for_backend(args.backend) {
        Ok(c) => c,
        Err(e) => {
            errln!("artificer sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    let opts = RunOptions {
        backend: args.backend,
        ..run_options(args, build)
    };
    let mut booked = None;
    let trace = args.trace.request().map(engine::profile::StepTrace::start);
    let played = match &args.profile {
        Some(dir) => on_profile(
            cat,
            &opts,
            ctx.as_ref(),
            dir,
            args.practice,
            args.record.is_some(),
        )
        .map(|(run, log, b)| {
            booked = Some(b);
            (run, log)
        }),
        None => play_logged(cat, &opts, ctx.as_ref(), args.record.is_some()),
    };
    if let Some(t) = trace {
        match t.finish("artificer sim") {
            Ok(path) => errln!("artificer sim: trace written to {}", path.display()),
            Err(e) => {
                errln!("artificer sim: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let (run, log) = match played {
        Ok(r) => r,
        Err(e) => {
            errln!("artificer sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(path) = &args.record {
        let Some(rec) = run.recorder() else {
            errln!(
                "artificer sim: --record {}: the run kept no recording",
                path.display()
            );
            return ExitCode::FAILURE;
        };
        let saved = crate::run::replay::data_checksum(&root)
            .map_err(|e| e.to_string())
            .and_then(|data| {
                rec.save(path, run.setup(), args.backend, data)
                    .map_err(|e| e.to_string())
            });
        if let Err(e) = saved {
            errln!("artificer sim: --record: {e}");
            return ExitCode::FAILURE;
        }
    }
    print_sim(&run.report(), &log, booked.as_ref(), args.json)
}

/// What `args` ask to play (seed, waves, build, policy and mode).
fn run_options(args: &SimArgs, build: Option<crate::run::Build>) -> RunOptions {
    RunOptions {
        seed: args.seed,
        waves: args.waves,
        backend: args.backend,
        build,
        policy: args.policy,
        mode: crate::run::ModeOptions {
            mode: args.mode,
            ng_plus: args.ng_plus,
            start_wave: args.start_wave,
            curse: args.curse.clone(),
            lesson: args.lesson,
            archetype: args.archetype,
        },
    }
}

/// `sim --seeds`: the batch of [`super::batch`], printed.
fn batch_main(
    args: &SimArgs,
    spec: &str,
    cat: &Arc<crate::catalog::Catalog>,
    build: Option<crate::run::Build>,
) -> ExitCode {
    let seeds = match super::batch::parse_seeds(spec) {
        Ok(s) => args.shard.map_or(s.clone(), |sh| sh.take(&s)),
        Err(e) => {
            errln!("artificer sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    let opts = RunOptions {
        backend: Backend::Cpu,
        ..run_options(args, build)
    };
    let (runs, agg) = super::batch::play_batch(cat, &opts, &seeds, rayon::current_num_threads());
    if args.json {
        for r in &runs {
            match serde_json::to_string(r) {
                Ok(s) => outln!("{s}"),
                Err(e) => errln!("artificer sim: {e}"),
            }
        }
        match serde_json::to_string(&agg) {
            Ok(s) => outln!("{s}"),
            Err(e) => {
                errln!("artificer sim: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        outln!("seed  outcome    wave  cleared  death cause              wall ms");
        for r in &runs {
            let outcome = r.outcome.map_or("error".to_string(), |o| format!("{o:?}"));
            outln!(
                "{:>4}  {:<9} {:>5}  {:<7}  {:<24} {:>8.0}",
                r.seed,
                outcome,
                r.wave_reached,
                r.cleared,
                r.death_cause.as_deref().unwrap_or("-"),
                r.wall_ms
            );
        }
        let w = &agg.waves_reached;
        outln!(
            "{} runs, {} wins ({:.0} %), waves reached p10 {} p50 {} p90 {}, {} steps in {:.1} s on {} threads ({:.0} steps/s per core)",
            agg.runs,
            agg.wins,
            agg.win_rate * 100.0,
            w.p10,
            w.p50,
            w.p90,
            agg.steps,
            agg.wall_s,
            agg.threads,
            agg.steps_per_s_per_core
        );
        for (cause, n) in &agg.deaths_by_cause {
            outln!("  died to {cause}: {n}");
        }
    }
    if agg.errors > 0 {
        errln!("artificer sim: {} run(s) could not be played", agg.errors);
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// What a profile run left in the profile, for the sim's output.
#[derive(Debug, serde::Serialize)]
struct Booked {
    dir: String,
    onboarding: Option<u8>,
    locked: Vec<String>,
    aether_gained: u32,
    aether_now: u32,
    /// The summary's line on what the run brought within reach.
    within_reach: Option<String>,
    /// Unlocks the fragments in hand afford now.
    affordable: Vec<String>,
    codex_opened: usize,
    codex_total: usize,
}

/// Plays one run on the profile in `dir` through the profile's own flow
/// (`profile::run_book`, the one the window uses) and saves the profile;
/// with `record`, the run keeps its commands for `--record`'s replay.
fn on_profile(
    cat: Arc<crate::catalog::Catalog>,
    opts: &RunOptions,
    ctx: Option<&GpuContext>,
    dir: &std::path::Path,
    practice: Option<u32>,
    record: bool,
) -> Result<(crate::run::Run, crate::run::PlayLog, Booked), crate::run::RunError> {
    use crate::profile::{ProfileStore, Saves, run_book};
    let mut saves = Saves::open(ProfileStore::resolve(Some(dir)));
    for n in &saves.notices {
        errln!("artificer sim: {n}");
    }
    let mut setup = match practice {
        Some(w) => run_book::practice_setup(&saves.profile, &cat, opts.seed, w).ok_or_else(|| {
            crate::run::RunError::Script {
                command: "practice",
                why: format!("practice from wave {w} opens once a run of this profile reaches it"),
            }
        })?,
        None => run_book::setup_for(&saves.profile, &cat, opts.seed),
    };
    let m = opts.mode.setup(&cat, opts.seed, opts.waves, None);
    setup.last_wave = m.last_wave;
    setup.ng_plus = m.ng_plus;
    setup.curse = m.curse;
    setup.boss_rush = m.boss_rush;
    setup.start_wave = m.start_wave;
    if let Some(b) = &opts.build {
        setup.build = Some(b.clone());
        setup.onboarding = None;
    }
    let booked_setup = (setup.onboarding, setup.locked.clone());
    let mut run = crate::run::Run::new(cat.clone(), setup, opts.backend, ctx)?;
    if record {
        run.record(crate::run::Recorder::default());
    }
    let before = saves.profile.codex.len();
    let profile = &mut saves.profile;
    let records = &mut saves.records;
    // A run going on into endless is booked at its clear, as the window does.
    let mut clear_end = None;
    let log = crate::run::script::play_watched(&mut run, opts.policy, &mut |run| {
        if run.phase() == crate::run::Phase::Fight {
            run_book::observe_fight(&mut profile.codex, run.world());
            if let Some(line) = run_book::mini_boss_warning(profile, &cat, run) {
                errln!("artificer sim: {line}");
            }
        } else {
            run_book::observe_loadout(&mut profile.codex, run.world(), run.carry());
        }
        if run.phase() == crate::run::Phase::Summary
            && run.outcome() == Some(crate::run::Outcome::Won)
            && clear_end.is_none()
        {
            let end = run_book::book_run(profile, &cat, run);
            run_book::note_records(records, run, &end);
            clear_end = Some(end);
        }
    })?;
    if practice.is_some() {
        // Practice moves no meta progress: the profile is left as it was.
        let booked = Booked {
            dir: saves.store().root().display().to_string(),
            onboarding: None,
            locked: booked_setup.1,
            aether_gained: 0,
            aether_now: saves.profile.aether,
            within_reach: None,
            affordable: Vec::new(),
            codex_opened: 0,
            codex_total: before,
        };
        return Ok((run, log, booked));
    }
    let end = match clear_end {
        Some(end) => {
            if run.endless() {
                run_book::note_endless(&mut saves.records, &run);
            }
            end
        }
        None => {
            let end = run_book::book_run(&mut saves.profile, &cat, &run);
            run_book::note_records(&mut saves.records, &run, &end);
            end
        }
    };
    for r in [saves.save_profile(), saves.save_records()] {
        if let Err(e) = r {
            return Err(crate::run::RunError::Script {
                command: "save profile",
                why: e.to_string(),
            });
        }
    }
    let booked = Booked {
        dir: saves.store().root().display().to_string(),
        onboarding: booked_setup.0,
        locked: booked_setup.1,
        aether_gained: end.aether.total(),
        aether_now: end.aether_now,
        within_reach: end.within_reach(),
        affordable: end.affordable.clone(),
        codex_opened: saves.profile.codex.len() - before,
        codex_total: saves.profile.codex.len(),
    };
    Ok((run, log, booked))
}

/// The sim's JSON: the run's report with the script's log beside it.
#[derive(serde::Serialize)]
struct SimJson<'a> {
    #[serde(flatten)]
    report: &'a RunReport,
    #[serde(flatten)]
    log: &'a PlayLog,
    #[serde(skip_serializing_if = "Option::is_none")]
    profile: Option<&'a Booked>,
}

fn print_sim(report: &RunReport, log: &PlayLog, booked: Option<&Booked>, json: bool) -> ExitCode {
    if !json {
        outln!("policy {}", log.policy);
        if let Some(b) = booked {
            let lesson = b
                .onboarding
                .map_or_else(|| "no lesson".to_string(), |n| format!("onboarding run {n}"));
            outln!(
                "profile {}: {lesson}, aether +{} (now {}), codex +{} (now {})",
                b.dir,
                b.aether_gained,
                b.aether_now,
                b.codex_opened,
                b.codex_total
            );
            if !b.affordable.is_empty() {
                outln!("can unlock now: {}", b.affordable.join(", "));
            }
            if let Some(line) = &b.within_reach {
                outln!("within reach: {line}");
            }
        }
        let code = print_report(report, false);
        let dps: Vec<String> = log.build_dps.iter().map(|d| format!("{d:.0}")).collect();
        outln!("build dps per wave: {}", dps.join(" "));
        for (wave, s) in &log.boss_kill_s {
            outln!("boss of wave {wave} killed at {s:.1} s");
        }
        return code;
    }
    match serde_json::to_string(&SimJson {
        report,
        log,
        profile: booked,
    }) {
        Ok(s) => {
            outln!("{s}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("artificer sim: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints a run report as one JSON object or as a table (shared with `artificer replay`).
pub fn print_report(report: &RunReport, json: bool) -> ExitCode {
    if json {
        match serde_json::to_string(report) {
            Ok(s) => outln!("{s}"),
            Err(e) => {
                errln!("artificer sim: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        outln!(
            "seed {}  backend {}  wave reached {}  outcome {}  state_hash {}",
            report.seed,
            report.backend,
            report.wave_reached,
            report
                .outcome
                .map_or("in progress".to_string(), |o| format!("{o:?}")),
            report.state_hash
        );
        outln!(
            "wave  secs  kills  dealt      taken   gold  lvl  peak_e  peak_p  drop  ms_mean  ms_p95  items mats"
        );
        for w in &report.waves {
            outln!(
                "{:>4} {:>5.1} {:>6} {:>9.0} {:>8.1} {:>6} {:>4} {:>7} {:>7} {:>5} {:>8.3} {:>7.3} {:>6} {:>4}",
                w.wave,
                w.duration_s,
                w.kills,
                w.damage_dealt,
                w.damage_taken,
                w.gold,
                w.level,
                w.peak_enemies,
                w.peak_projectiles,
                w.dropped_spawns,
                w.step_ms_mean,
                w.step_ms_p95,
                w.items_dropped,
                w.materials_dropped
            );
        }
    }
    ExitCode::SUCCESS
}
