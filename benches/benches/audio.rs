//! What sound costs at the design load, in two parts:
//! - `mix_48_voices_1s`: kira mixing one second of audio (44,100 frames in
//!   128-frame buffers) with the voice book's cap of 48 effects playing and
//!   a music bed, on kira's mock backend (the same renderer the audio thread
//!   runs, minus the device). Divide by 1,000 ms for the audio thread's share
//!   of one core.
//! - `listen_and_book_frame`: the main thread's part of one frame at 2,000
//!   shots: the listener over a stress step's effects and the voice book's
//!   flush.
//! - `render_bank`: synthesising every effect and bed (paid once at start-up,
//!   only when a device opened).
//!
//! Run: `cargo bench -p benches --bench audio`.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::audio::{SAMPLE_RATE, VoiceBook};
use game::sound::{Bed, Listener, Sfx};
use kira::backend::mock::{MockBackend, MockBackendSettings};
use kira::sound::static_sound::{StaticSoundData, StaticSoundSettings};
use kira::{AudioManager, AudioManagerSettings, Frame};

fn data(samples: &[f32]) -> StaticSoundData {
    StaticSoundData {
        sample_rate: SAMPLE_RATE,
        frames: samples
            .iter()
            .map(|s| Frame::from_mono(*s))
            .collect::<Arc<[Frame]>>(),
        settings: StaticSoundSettings::default(),
        slice: None,
    }
}

fn mix(c: &mut Criterion) {
    let bank = game::sound::bank();
    let mut manager = AudioManager::<MockBackend>::new(AudioManagerSettings {
        backend_settings: MockBackendSettings {
            sample_rate: SAMPLE_RATE,
        },
        ..Default::default()
    })
    .expect("mock backend");
    let voices = engine::audio::voices::MAX_VOICES;
    for i in 0..voices {
        let (samples, _) = &bank.effects[i % bank.effects.len()];
        // Looped, so all 48 sound for the whole measured second.
        manager.play(data(samples).loop_region(..)).expect("play effect");
    }
    manager
        .play(data(&bank.beds[Bed::Fight.index()]).loop_region(..))
        .expect("play bed");
    let buffers = SAMPLE_RATE as usize / 128;
    c.bench_function("mix_48_voices_1s", |b| {
        b.iter(|| {
            let backend = manager.backend_mut();
            for _ in 0..buffers {
                backend.on_start_processing();
                backend.process();
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
            listener.hear(black_box(&w), &carry, &mut |s: Sfx| book.ask(s.index()));
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
