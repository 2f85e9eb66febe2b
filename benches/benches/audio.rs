//! What sound costs at the design load, in three parts:
//! - `mix_48_voices_7_layers_1s`: the game's mixer (`engine::audio::mixer`,
//!   the code the audio thread runs behind kira) making one second of
//!   stereo at 48 kHz in 128-frame buffers, with the voice book's cap of 48
//!   effects kept playing and all seven music layers at full, limiter on.
//!   Divide by 1,000 ms for the audio thread's share of one core.
//! - `listen_and_book_frame`: the main thread's part of one frame at 2,000
//!   shots: the listener over a stress step's effects and the voice book's
//!   flush.
//! - `render_bank`: synthesising every effect and music layer (paid once at
//!   start-up, only when a device opened).
//!
//! Run: `cargo bench -p benches --bench audio`.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::audio::{Cue, Mixer, Place, Play, VoiceBook};
use game::sound::{Layer, Listener, Sfx};

fn mix(c: &mut Criterion) {
    let bank = game::sound::bank();
    let effects: Vec<Arc<[f32]>> = bank.effects.iter().map(|(s, _)| s.as_slice().into()).collect();
    let mut mixer = Mixer::new(effects, bank.stems);
    for l in Layer::ALL {
        mixer.apply(Cue::Layer {
            stem: l.index(),
            gain: 1.0,
        });
    }
    let voices = engine::audio::voices::MAX_VOICES;
    let rate = 48_000;
    let mut buffer = vec![[0.0f32; 2]; 128];
    let mut next = 0usize;
    c.bench_function("mix_48_voices_7_layers_1s", |b| {
        b.iter(|| {
            for _ in 0..rate / 128 {
                // Kept at the cap: a voice that ended is replaced.
                while mixer.voices() < voices {
                    next = (next + 1) % bank.effects.len();
                    mixer.apply(Cue::Voice(Play {
                        sound: next,
                        volume_db: -12.0,
                        rate: 1.0,
                        pan: (next as f32 * 0.37).sin(),
                    }));
                }
                mixer.render(&mut buffer, rate as u32);
                black_box(&buffer);
            }
        });
    });
}

fn listen(c: &mut Criterion) {
    let cat = Arc::new(game::catalog::Catalog::load(&game::data::default_root()).expect("data"));
    let (mut w, mut carry) =
        game::world::World::new_run(cat, 3, engine::gpu::Backend::Cpu, None).expect("world");
    let input = game::world::PlayerInput::default();
    w.begin_wave(&mut carry, 5).expect("wave 5");
    for _ in 0..60 {
        w.hold_load(1000, 2000);
        w.player.hp = w.player.hp_max();
        w.step(&mut carry, &input);
    }
    let lengths = game::sound::lengths();
    let mut book = VoiceBook::new(&lengths);
    let mut now = 0.0;
    c.bench_function("listen_and_book_frame", |b| {
        b.iter(|| {
            let mut listener = Listener::default();
            listener.hear(black_box(&w), &carry, &mut |s: Sfx, p: Place| {
                book.ask_at(s.index(), p)
            });
            now += 1.0 / 60.0;
            black_box(book.flush(now));
        });
    });
}

fn render(c: &mut Criterion) {
    let mut g = c.benchmark_group("render_bank");
    g.sample_size(10);
    g.bench_function("all", |b| b.iter(|| black_box(game::sound::bank())));
    g.finish();
}

criterion_group!(benches, mix, listen, render);
criterion_main!(benches);
