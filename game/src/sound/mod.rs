//! What the game sounds like: which happening makes which sound
//! ([`listen`]), the effects' recipes and limits ([`sfx`]) and the music
//! beds ([`music`]). The device, the synthesiser and the voice limits are
//! engine machinery (`engine::audio`).

pub mod listen;
pub mod music;
pub mod sfx;

pub use listen::Listener;
pub use music::Bed;
pub use sfx::Sfx;

use engine::audio::{AudioOut, SoundBank, VoicePolicy};

/// Each effect's policy and length in seconds, in bank order (what the
/// voice book needs, without rendering anything).
pub fn lengths() -> Vec<(VoicePolicy, f64)> {
    Sfx::ALL
        .iter()
        .map(|s| (s.policy(), f64::from(engine::audio::synth::length_s(&s.recipe()))))
        .collect()
}

/// Renders every effect and bed (about 0.1 s of CPU in a release build).
pub fn bank() -> SoundBank {
    SoundBank {
        effects: Sfx::ALL
            .iter()
            .enumerate()
            .map(|(i, s)| {
                (
                    engine::audio::synth::render(&s.recipe(), i as u32 + 1),
                    s.policy(),
                )
            })
            .collect(),
        beds: Bed::ALL.iter().map(|b| b.render()).collect(),
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
            assert!(peak > 0.05 && peak <= 0.951, "{sfx:?}: peak {peak}");
            assert!(
                samples.len() < engine::audio::SAMPLE_RATE as usize * 2,
                "{sfx:?} is short"
            );
        }
        for (bed, samples) in Bed::ALL.iter().zip(&bank.beds) {
            assert_eq!(samples.len(), 8 * engine::audio::SAMPLE_RATE as usize, "{bed:?}");
            let rms = (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt();
            assert!(rms > 0.01, "{bed:?} is audible: rms {rms}");
            // A seamless loop: the last and first samples are both near silence
            // or near each other.
            let (first, last) = (samples[0], samples[samples.len() - 1]);
            assert!((first - last).abs() < 0.1, "{bed:?}: seam {first} → {last}");
        }
    }
}
