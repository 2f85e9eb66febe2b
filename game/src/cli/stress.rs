//! `artificer stress`: the projectile compute core on a seeded synthetic
//! scene (engine's `StressScene`), headless, on either backend; prints per-step
//! and per-pass timings as one JSON object or a table.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use engine::compute::{CoreConfig, ProjectileCore, StressScene};
use engine::gpu::{Backend, GpuContext};

/// Options of `artificer stress`.
#[derive(Debug, clap::Args)]
pub struct StressArgs {
    /// Live projectiles to keep in the arena (expired ones are respawned).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_PROJECTILES)))]
    pub projectiles: u32,
    /// Drifting enemies.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(0..=i64::from(crate::data::limits::MAX_ENEMIES)))]
    pub enemies: u32,
    /// Measured steps (1/60 s each).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::data::limits::MAX_STEPS)))]
    pub steps: u32,
    /// Steps run before measuring (pipelines warm, the arena fills).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=i64::from(crate::data::limits::MAX_STEPS)))]
    pub warmup: u32,
    /// `auto` (the CPU passes on a software adapter, the WGSL passes on a
    /// real GPU), `gpu` or `cpu` (on `--threads`).
    #[arg(long, default_value = "auto")]
    pub backend: Backend,
    /// Scene seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// A Chrome trace of the measured steps.
    #[command(flatten)]
    pub trace: crate::app::args::TraceArgs,
}

/// What one run measured.
#[derive(Debug, serde::Serialize)]
struct Report {
    adapter: String,
    backend: &'static str,
    backend_requested: &'static str,
    backend_reason: String,
    threads: usize,
    projectiles: u32,
    enemies: u32,
    steps: u32,
    warmup: u32,
    step_ms: Stats,
    passes_ms: BTreeMap<&'static str, f64>,
    pass_order: Vec<&'static str>,
    events_per_step: f64,
    overflow: u64,
    readback_waits: u64,
    live_at_end: u32,
    gpu_timestamps: bool,
}

#[derive(Debug, serde::Serialize)]
struct Stats {
    median: f64,
    p95: f64,
    mean: f64,
    min: f64,
    max: f64,
}

fn stats(mut v: Vec<f64>) -> Stats {
    v.sort_by(f64::total_cmp);
    let mean = if v.is_empty() {
        0.0
    } else {
        v.iter().sum::<f64>() / v.len() as f64
    };
    Stats {
        median: engine::sample::percentile(&v, 0.5),
        p95: engine::sample::percentile(&v, 0.95),
        mean,
        min: v.first().copied().unwrap_or(0.0),
        max: v.last().copied().unwrap_or(0.0),
    }
}

/// Runs the stress scene and prints the report; failure when no device opens.
pub fn run(args: &StressArgs) -> ExitCode {
    let ctx = match GpuContext::for_backend(args.backend) {
        Ok(c) => c,
        Err(e) => {
            errln!("artificer stress: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The game's arena, so the figures are the fight's.
    let world = match crate::data::load_json::<crate::catalog::run_data::WorldDef>(
        &crate::data::default_root(),
        crate::catalog::run_data::WORLD_FILE,
    ) {
        Ok(w) => w,
        Err(e) => {
            errln!("artificer stress: {e}");
            return ExitCode::FAILURE;
        }
    };
    let config = CoreConfig::arena(
        args.projectiles.max(1),
        args.enemies.max(1),
        world.arena.max().into(),
    );
    let mut core = match ProjectileCore::new(args.backend, ctx.as_ref(), config) {
        Ok(core) => core,
        Err(e) => {
            errln!("artificer stress: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (report, trace) = measure(args, &mut core, ctx.as_ref());
    if let Some(t) = trace {
        match t.finish("artificer stress") {
            Ok(path) => errln!("artificer stress: trace written to {}", path.display()),
            Err(e) => {
                errln!("artificer stress: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if args.json {
        match serde_json::to_string(&report) {
            Ok(s) => outln!("{s}"),
            Err(e) => {
                errln!("artificer stress: cannot write JSON: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        print_table(&report);
    }
    ExitCode::SUCCESS
}

fn measure(
    args: &StressArgs,
    core: &mut ProjectileCore,
    ctx: Option<&GpuContext>,
) -> (Report, Option<engine::profile::StepTrace>) {
    const DT: f32 = 1.0 / 60.0;
    let config = *core.config();
    let mut scene = StressScene::new(args.seed, args.projectiles, args.enemies, &config);
    for _ in 0..args.warmup {
        scene.step(core, DT);
    }
    // The trace holds the measured steps, not the warm-up.
    let trace = args.trace.request().map(engine::profile::StepTrace::start);
    let mut step_ms = Vec::with_capacity(args.steps as usize);
    let mut per_pass: BTreeMap<&'static str, Vec<f64>> = BTreeMap::new();
    let mut pass_order = Vec::new();
    let (mut events, mut overflow) = (0u64, 0u64);
    let waits_before = core.readback_waits();
    for i in 0..args.steps {
        engine::profile::step(u64::from(i));
        let start = Instant::now();
        let out = {
            engine::scope!("stress step");
            scene.step(core, DT)
        };
        engine::profile::counter("projectiles", f64::from(core.live_count()));
        engine::profile::counter("events", out.events.len() as f64);
        step_ms.push(start.elapsed().as_secs_f64() * 1e3);
        events += out.events.len() as u64;
        overflow += u64::from(out.overflow);
        let timings = core.pass_timings();
        if pass_order.is_empty() {
            pass_order = timings.iter().map(|t| t.0).collect();
        }
        for (name, ms) in timings {
            per_pass.entry(name).or_default().push(ms);
        }
    }
    let last = core.flush();
    events += last.events.len() as u64;
    overflow += u64::from(last.overflow);
    let threads = if core.backend() == Backend::Cpu {
        rayon::current_num_threads()
    } else {
        1
    };
    let report = Report {
        adapter: match ctx {
            Some(ctx) => ctx.adapter_summary(),
            None => "none (CPU passes)".to_string(),
        },
        backend: core.backend().name(),
        backend_requested: core.choice().requested.name(),
        backend_reason: core.choice().reason.clone(),
        threads,
        projectiles: args.projectiles,
        enemies: args.enemies,
        steps: args.steps,
        warmup: args.warmup,
        step_ms: stats(step_ms),
        passes_ms: per_pass
            .into_iter()
            .map(|(name, v)| (name, stats(v).median))
            .collect(),
        pass_order,
        events_per_step: events as f64 / f64::from(args.steps.max(1)),
        overflow,
        readback_waits: core.readback_waits() - waits_before,
        live_at_end: core.live_count(),
        gpu_timestamps: ctx.is_some_and(GpuContext::has_timestamps),
    };
    (report, trace)
}

fn print_table(r: &Report) {
    outln!("adapter      {}", r.adapter);
    outln!(
        "backend      {} on {} thread(s) ({})",
        r.backend,
        r.threads,
        r.backend_reason
    );
    outln!(
        "scene        {} projectiles, {} enemies, {} steps (+{} warm-up)",
        r.projectiles,
        r.enemies,
        r.steps,
        r.warmup
    );
    outln!(
        "step ms      median {:.3}  p95 {:.3}  mean {:.3}  min {:.3}  max {:.3}",
        r.step_ms.median,
        r.step_ms.p95,
        r.step_ms.mean,
        r.step_ms.min,
        r.step_ms.max
    );
    for name in &r.pass_order {
        outln!("  {:<16} {:>8.3} ms (median)", name, r.passes_ms[name]);
    }
    if r.pass_order.is_empty() {
        outln!("  (no per-pass timings: the adapter has no timestamp queries)");
    }
    outln!("events/step  {:.1}", r.events_per_step);
    outln!("overflow     {}", r.overflow);
    outln!("waits        {} read-backs blocked on the GPU", r.readback_waits);
    outln!("live at end  {}", r.live_at_end);
}
