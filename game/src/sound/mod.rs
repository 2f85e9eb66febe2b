//! What the game sounds like: which happening makes which sound
//! ([`listen`]) and where it sits in the field, the effects' recipes and
//! limits ([`sfx`]) and the music's layers and when each plays ([`music`]).
//! The device, the synthesiser, the mixer and the voice limits are engine
//! machinery (`engine::audio`). docs/sound.md tells the whole mix.

pub mod listen;
pub mod music;
pub mod sfx;

pub use listen::Listener;
pub use music::{Bed, Layer, Mood, layer_gains};
pub use sfx::Sfx;

use engine::audio::{AudioOut, SoundBank, VoicePolicy};

/// Gain every effect's samples get on the way into the mixer, dB. The
/// recipes peak near full scale one by one; a fight sums dozens of them
/// and the voice policies set them 4 to 16 dB down, so the bus is trimmed
/// up to bring wave 5 of a competent run into the loudness window, with
/// the limiter catching the rare pile-up (docs/sound.md#loudness; +10 dB
/// since the mowed first waves doubled W5's kills).
pub const EFFECTS_TRIM_DB: f32 = 10.0;

/// Gain the music's layers get on the way into the mixer, dB: with the
/// music slider's default half, the fight's bed alone sits about 2 LU
/// under the effects (docs/sound.md#loudness).
pub const MUSIC_TRIM_DB: f32 = 14.0;

/// Each effect's policy and length in seconds, in bank order (what the
/// voice book needs, without rendering anything).
pub fn lengths() -> Vec<(VoicePolicy, f64)> {
    Sfx::ALL
        .iter()
        .map(|s| (s.policy(), f64::from(engine::audio::synth::length_s(&s.recipe()))))
        .collect()
}

/// Renders every effect and music layer (about 0.4 s of CPU in a release
/// build: `cargo bench -p benches --bench audio`).
pub fn bank() -> SoundBank {
    let trim = |db: f32, mut v: Vec<f32>| {
        let g = engine::audio::mixer::db_to_gain(db);
        v.iter_mut().for_each(|s| *s *= g);
        v
    };
    SoundBank {
        effects: Sfx::ALL
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let samples = engine::audio::synth::render(&s.recipe(), i as u32 + 1);
                (trim(EFFECTS_TRIM_DB, samples), s.policy())
            })
            .collect(),
        stems: Layer::ALL
            .iter()
            .map(|l| engine::audio::Stem {
                samples: trim(MUSIC_TRIM_DB, l.render()).into(),
                pan: l.pan(),
            })
            .collect(),
    }
}

/// Opens the sound device for the game (silent without one).
pub fn open() -> AudioOut {
    AudioOut::open(bank, &lengths())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_effect_has_its_own_slot() {
        for (i, s) in Sfx::ALL.iter().enumerate() {
            assert_eq!(s.index(), i, "{s:?}");
        }
    }

    #[test]
    fn every_sound_renders_audible_and_bounded() {
        let bank = bank();
        assert_eq!(bank.effects.len(), Sfx::ALL.len());
        for ((samples, _), sfx) in bank.effects.iter().zip(Sfx::ALL) {
            let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            let full = engine::audio::mixer::db_to_gain(EFFECTS_TRIM_DB);
            assert!(peak > 0.05 * full && peak <= 0.951 * full, "{sfx:?}: peak {peak}");
            assert!(
                samples.len() < engine::audio::SAMPLE_RATE as usize * 2,
                "{sfx:?} is short"
            );
        }
        for (layer, stem) in Layer::ALL.iter().zip(&bank.stems) {
            let samples = &stem.samples;
            assert_eq!(
                samples.len(),
                8 * engine::audio::SAMPLE_RATE as usize,
                "{layer:?}"
            );
            let full = engine::audio::mixer::db_to_gain(MUSIC_TRIM_DB);
            let rms = (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt();
            assert!(rms > 0.01 * full, "{layer:?} is audible: rms {rms}");
            let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(peak < full, "{layer:?}: peak {peak}");
            // A seamless loop: the last sample runs into the first.
            let (first, last) = (samples[0], samples[samples.len() - 1]);
            assert!(
                (first - last).abs() < 0.1 * full,
                "{layer:?}: seam {first} → {last}"
            );
        }
    }
}
