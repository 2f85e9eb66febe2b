//! The sound listens to a real fight: a wave of the starting deck makes
//! casts, hits and deaths heard, a 2,000-shot stress load does not become
//! 2,000 voices, and a machine without an audio device runs silent.

use game::world::PlayerInput;
use std::collections::HashMap;
use std::sync::Arc;

use engine::audio::VoiceBook;
use engine::gpu::Backend;
use game::catalog::Catalog;
use game::sound::{Listener, Sfx, lengths};
use game::world::World;
use glam::Vec2;

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

#[test]
fn a_wave_is_heard_casts_hits_deaths_and_coins() {
    let (mut w, mut carry) = World::new_run(catalog(), 8, Backend::Cpu, None).expect("world");
    let mut input = PlayerInput::default();
    w.begin_wave(&mut carry, 1).expect("wave 1");
    let mut heard: HashMap<Sfx, u32> = HashMap::new();
    let mut listener = Listener::new(&w, &carry);
    for i in 0..1200 {
        // A slow circle walks over the dropped coins.
        let a = i as f32 / 120.0;
        input.move_dir = Vec2::new(a.cos(), a.sin());
        w.step(&mut carry, &input);
        listener.hear(&w, &carry, &mut |s| *heard.entry(s).or_default() += 1);
    }
    let count =
        |pred: &dyn Fn(&Sfx) -> bool| -> u32 { heard.iter().filter(|(s, _)| pred(s)).map(|(_, n)| n).sum() };
    let casts = count(&|s| matches!(s, Sfx::Cast(_)));
    let hits = count(&|s| matches!(s, Sfx::Hit(_)));
    assert!(casts > 10, "the core casts: {heard:?}");
    assert!(hits > 10, "the shots hit: {heard:?}");
    assert_eq!(
        count(&|s| matches!(s, Sfx::Death | Sfx::BigDeath)),
        w.stats.kills,
        "one death sound asked per kill"
    );
    assert!(heard.get(&Sfx::Coin).copied().unwrap_or(0) > 0, "{heard:?}");
}

#[test]
fn a_stress_load_asks_thousands_and_plays_a_few_voices() {
    let (mut w, mut carry) = World::new_run(catalog(), 3, Backend::Cpu, None).expect("world");
    let input = PlayerInput::default();
    w.begin_wave(&mut carry, 5).expect("wave 5");
    let mut book = VoiceBook::new(&lengths());
    let mut listener = Listener::new(&w, &carry);
    let (mut asked, mut peak) = (0u64, 0usize);
    for frame in 0..240 {
        w.hold_load(1000, 2000);
        w.player.hp = w.player.hp_max();
        w.step(&mut carry, &input);
        listener.hear(&w, &carry, &mut |s| {
            asked += 1;
            book.ask(s.index());
        });
        let now = f64::from(frame) / 60.0;
        book.flush(now);
        peak = peak.max(book.active(now));
    }
    assert!(asked > 1000, "the load makes a crowd of sounds: {asked}");
    assert!(peak <= engine::audio::voices::MAX_VOICES, "peak {peak}");
    assert!(
        book.started < asked / 5,
        "most requests merge: started {} of {asked}",
        book.started
    );
}

#[test]
fn without_a_device_the_output_is_silent_and_still_counts() {
    // CI and this test machine have no /dev/snd; forcing it off makes the
    // test the same on a desktop.
    let mut out = engine::audio::AudioOut::silent(&lengths(), "test");
    out.ask(Sfx::LevelUp.index());
    assert_eq!(out.end_frame(0.0).len(), 1);
    assert_eq!(out.active_voices(0.1), 1);
    assert!(out.silent_why().is_some());
}

#[test]
fn gold_from_between_waves_is_no_coin_sound() {
    let (mut w, mut carry) = World::new_run(catalog(), 8, Backend::Cpu, None).expect("world");
    let input = PlayerInput::default();
    let mut listener = Listener::new(&w, &carry);
    // The settlement pays out before the wave starts.
    carry.wallet.earn(120);
    w.begin_wave(&mut carry, 1).expect("wave 1");
    w.step(&mut carry, &input);
    let mut heard = Vec::new();
    listener.hear(&w, &carry, &mut |s| heard.push(s));
    assert!(!heard.contains(&Sfx::Coin), "{heard:?}");
    // A rise during the fight is a pickup.
    carry.wallet.earn(5);
    w.step(&mut carry, &input);
    let mut heard = Vec::new();
    listener.hear(&w, &carry, &mut |s| heard.push(s));
    assert!(heard.contains(&Sfx::Coin), "{heard:?}");
}
