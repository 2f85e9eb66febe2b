//! A real late-wave fight: the competent player's seed-7 run recorded as a
//! replay, seeked to W19 and played 20 s into the wave (about 1,000 enemies
//! and 2,000 of the player's shots), then
//!
//! - `step_cpu`: the next recorded steps, on the CPU twin, without drawing;
//! - `draw_preparation`: the window's draw preparation of that frame (the
//!   fight's scene and the HUD), without the GPU.
//!
//! The replay is made on the first run (a minute of headless play) in the
//! target's scratch folder and reused while the data stays the same;
//! `ARTIFICER_W19_REPLAY=FILE` uses a given recording instead.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::{Phase, Playback, Replay, Run};

/// Steps into W19 before measuring (20 s: the crowd at its peak).
const INTO_WAVE: u32 = 1200;

/// The recording: `ARTIFICER_W19_REPLAY`, else one made here for this data.
fn replay(cat: &Arc<Catalog>, data: u64) -> Replay {
    if let Ok(path) = std::env::var("ARTIFICER_W19_REPLAY") {
        return Replay::load(std::path::Path::new(&path)).expect("ARTIFICER_W19_REPLAY loads");
    }
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("w19-seed7-{data:016x}.rpl"));
    if let Ok(r) = Replay::load(&path) {
        return r;
    }
    eprintln!(
        "recording the seed-7 competent run to {} (once per data)",
        path.display()
    );
    let opts = game::run::RunOptions {
        seed: 7,
        waves: 20,
        backend: Backend::Cpu,
        build: None,
        policy: game::run::script::Policy::Competent,
        mode: game::run::ModeOptions::default(),
    };
    let (run, _) = game::run::play_logged(cat.clone(), &opts, None, true).expect("the run plays");
    let rec = run.recorder().expect("recorded");
    rec.save(&path, run.setup(), Backend::Cpu, data)
        .expect("save the replay");
    Replay::load(&path).expect("the replay loads")
}

/// The run seeked to W19 and played [`INTO_WAVE`] steps into it.
fn at_w19(cat: &Arc<Catalog>, replay: &Replay) -> (Run, Playback) {
    let mut run = Run::new(cat.clone(), replay.header.setup.clone(), Backend::Cpu, None).expect("run");
    let mut playback = Playback::new(replay.clone());
    assert!(
        playback.seek_wave(&mut run, 19).expect("seek"),
        "the recording reaches W19"
    );
    for _ in 0..INTO_WAVE {
        playback.advance(&mut run).expect("advance");
    }
    assert_eq!(run.phase(), Phase::Fight, "still fighting 20 s into W19");
    (run, playback)
}

fn bench(c: &mut Criterion) {
    let root = game::data::default_root();
    let cat = Arc::new(Catalog::load(&root).expect("data loads"));
    let data = game::run::replay::data_checksum(&root).expect("data checksum");
    let replay = replay(&cat, data);
    let (mut run, mut playback) = at_w19(&cat, &replay);
    let c0 = run.world().counters;
    eprintln!(
        "W19 +{INTO_WAVE} steps: {} enemies, {} projectiles ({} the player's)",
        c0.enemies, c0.projectiles, c0.player_projectiles
    );
    let mut g = c.benchmark_group("w19");
    g.sample_size(20);
    g.bench_function("step_cpu", |b| {
        b.iter_custom(|iters| {
            let mut spent = Duration::ZERO;
            for _ in 0..iters {
                if run.phase() != Phase::Fight {
                    // The wave ended under the bench: back to the same moment.
                    (run, playback) = at_w19(&cat, &replay);
                }
                let t = Instant::now();
                playback.advance(&mut run).expect("advance");
                spent += t.elapsed();
            }
            spent
        })
    });
    let (run, _) = at_w19(&cat, &replay);
    let ctx = egui::Context::default();
    let mut fight = game::app::fight::Fight::new(1.0 / 60.0, 4);
    let mut scene = engine::render::Scene::default();
    g.bench_function("draw_preparation", |b| {
        b.iter(|| {
            ctx.begin_pass(egui::RawInput::default());
            scene.shapes.clear();
            fight.draw(run.world(), &mut scene, &ctx, [1280, 720]);
            game::screens::hud::show(&ctx, run.world(), run.carry(), &mut scene.shapes.screen);
            let out = ctx.end_pass();
            std::hint::black_box((out.shapes.len(), scene.shapes.screen.len()))
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
