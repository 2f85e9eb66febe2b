//! The music beds: short loops written as notes and rendered by the same
//! synthesiser as the effects, so the music is the project's own too.
//!
//! Three beds: the lab (slow pad chords and a soft arpeggio, A minor), the
//! fight (bass eighths, a kick and hats at 120 bpm) and the boss (the
//! fight's pulse a semitone darker, with a low drone). Each loops seamlessly:
//! every note ends before the loop does.

use engine::audio::{Partial, SAMPLE_RATE, Wave};

/// A music bed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bed {
    /// The lab, the shop, the title: between fights.
    Lab,
    /// A wave.
    Fight,
    /// A wave with a boss alive.
    Boss,
}

impl Bed {
    /// Every bed, in bank order.
    pub const ALL: [Bed; 3] = [Bed::Lab, Bed::Fight, Bed::Boss];

    /// Its place in the bank.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Rendered to mono samples, exactly one loop long.
    pub fn render(self) -> Vec<f32> {
        let (notes, loop_s) = match self {
            Bed::Lab => (lab(), 8.0),
            Bed::Fight => (pulse(0.0, false), 8.0),
            Bed::Boss => (pulse(1.0, true), 8.0),
        };
        let mut s = engine::audio::synth::render(&notes, 11);
        s.resize((loop_s * SAMPLE_RATE as f32) as usize, 0.0);
        s
    }
}

fn hz(semitones_from_a4: f32) -> f32 {
    440.0 * 2f32.powf(semitones_from_a4 / 12.0)
}

/// Am – F – C – G, two seconds each, with a rising arpeggio.
fn lab() -> Vec<Partial> {
    let chords: [[f32; 3]; 4] = [
        [-12.0, -9.0, -5.0],   // A minor
        [-16.0, -12.0, -9.0],  // F
        [-21.0, -17.0, -14.0], // C
        [-14.0, -10.0, -7.0],  // G
    ];
    let mut v = Vec::new();
    for (i, chord) in chords.iter().enumerate() {
        let t = i as f32 * 2.0;
        for n in chord {
            v.push(
                Partial::new(Wave::Sine, hz(*n), 1.95)
                    .at(t)
                    .env(0.5, 0.0)
                    .gain(0.12)
                    .tremolo(0.5),
            );
        }
        for (k, n) in chord.iter().chain(chord.iter()).enumerate() {
            let up = if k >= 3 { 12.0 } else { 0.0 };
            v.push(
                Partial::new(Wave::Triangle, hz(n + 12.0 + up), 0.3)
                    .at(t + k as f32 * 0.3)
                    .env(0.01, 0.1)
                    .gain(0.06),
            );
        }
    }
    v
}

/// 120 bpm, 16 beats: bass eighths on A minor pentatonic, kick on the
/// beat, hats on the offbeat; `shift` semitones lower and a drone for the boss.
fn pulse(shift: f32, drone: bool) -> Vec<Partial> {
    let bass = [-24.0, -24.0, -12.0, -24.0, -21.0, -24.0, -19.0, -17.0];
    let eighth = 0.25;
    let mut v = Vec::new();
    for i in 0..32 {
        let t = i as f32 * eighth;
        let n = bass[i % 8] - shift + if i >= 16 { -2.0 } else { 0.0 };
        v.push(
            Partial::new(Wave::Saw, hz(n), 0.22)
                .at(t)
                .env(0.005, 0.08)
                .gain(0.16),
        );
        if i % 2 == 0 {
            v.push(
                Partial::new(Wave::Sine, 120.0, 0.2)
                    .glide(45.0)
                    .at(t)
                    .env(0.001, 0.06)
                    .gain(0.4),
            );
        } else {
            v.push(
                Partial::new(Wave::Noise, 9000.0, 0.05)
                    .at(t)
                    .env(0.001, 0.015)
                    .gain(0.1),
            );
        }
    }
    if drone {
        for bar in 0..4 {
            v.push(
                Partial::new(Wave::Saw, hz(-37.0), 1.98)
                    .at(bar as f32 * 2.0)
                    .env(0.3, 0.0)
                    .gain(0.08)
                    .tremolo(3.0),
            );
        }
    }
    v
}
