//! The music: one 8-second loop (120 bpm, four bars of A minor – F – C –
//! G) written as layers, rendered by the same synthesiser as the effects
//! so the music is the project's own too. The mixer plays every layer from
//! one position and fades each to the gain [`layer_gains`] picks from the
//! screen and the fight (docs/sound.md#layers):
//!
//! - between fights, the lab's pad and its arpeggio;
//! - in a fight, the pulse (bass, kick and a sub pad) always, the drive
//!   (hats and snare) as the crowd grows, the lead over a thick crowd, the
//!   boss layer while a boss lives, and a heartbeat when the player is low.
//!
//! Every note that runs past the loop's end is folded onto its start, and
//! the pulse and the pad hold a sustained voice under their notes, so a
//! playing loop never has a gap (the old beds cut every note before the
//! next and fell to digital silence on each beat).

use engine::audio::synth::render;
use engine::audio::{Partial, SAMPLE_RATE, Wave};

/// Seconds of the loop every layer shares.
pub const LOOP_S: f32 = 8.0;

/// Seconds of one eighth note at 120 bpm.
const EIGHTH: f32 = 0.25;

/// The screen's music, as the app picks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bed {
    /// The lab, the shop, the title: between fights.
    Lab,
    /// A wave.
    Fight,
    /// A wave with a boss alive.
    Boss,
}

/// One music layer (a stem of the loop).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// The lab's pad chords.
    LabPad,
    /// The lab's soft arpeggio.
    LabArp,
    /// The fight's floor: bass eighths, a kick on the beat, a sub pad.
    Pulse,
    /// Hats and a snare: a crowd on the field.
    Drive,
    /// A sixteenth-note lead with its echo: a thick crowd.
    Lead,
    /// A low drone and toms: a boss lives.
    Boss,
    /// A heartbeat and a thin high tone: the player is low.
    Danger,
}

/// What the fight is like now, for the music (read from the world after
/// each step; presentation only).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mood {
    /// Enemies alive.
    pub crowd: u32,
    /// A boss is alive.
    pub boss: bool,
    /// The player's health as a fraction of the maximum.
    pub hp: f32,
}

impl Default for Mood {
    fn default() -> Self {
        Self {
            crowd: 0,
            boss: false,
            hp: 1.0,
        }
    }
}

impl Layer {
    /// Every layer, in bank order.
    pub const ALL: [Layer; 7] = [
        Layer::LabPad,
        Layer::LabArp,
        Layer::Pulse,
        Layer::Drive,
        Layer::Lead,
        Layer::Boss,
        Layer::Danger,
    ];

    /// Its place in the bank.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its name in the profiler overlay.
    pub fn name(self) -> &'static str {
        match self {
            Layer::LabPad => "lab pad",
            Layer::LabArp => "lab arpeggio",
            Layer::Pulse => "pulse",
            Layer::Drive => "drive",
            Layer::Lead => "lead",
            Layer::Boss => "boss",
            Layer::Danger => "danger",
        }
    }

    /// Its place in the stereo field: the pulse and the boss centred, the
    /// rest spread so the layers do not stack in the middle.
    pub fn pan(self) -> f32 {
        match self {
            Layer::LabPad | Layer::Pulse | Layer::Boss | Layer::Danger => 0.0,
            Layer::LabArp => 0.35,
            Layer::Drive => 0.25,
            Layer::Lead => -0.35,
        }
    }

    /// Rendered to mono samples, exactly one loop long.
    pub fn render(self) -> Vec<f32> {
        let notes = match self {
            Layer::LabPad => pad(0.11, 0.0),
            Layer::LabArp => lab_arp(),
            Layer::Pulse => pulse(),
            Layer::Drive => drive(),
            Layer::Lead => lead(),
            Layer::Boss => boss(),
            Layer::Danger => danger(),
        };
        looped(&notes, self.index() as u32 + 11)
    }
}

/// Each layer's gain for the screen's `bed` and the fight's `mood`, in
/// [`Layer::ALL`] order (the mixer fades to them over
/// [`engine::audio::mixer::LAYER_FADE_S`]).
pub fn layer_gains(bed: Bed, mood: Mood) -> [f32; 7] {
    let mut g = [0.0; 7];
    if bed == Bed::Lab {
        g[Layer::LabPad.index()] = 1.0;
        g[Layer::LabArp.index()] = 1.0;
        return g;
    }
    let ramp = |x: f32, from: f32, to: f32| ((x - from) / (to - from)).clamp(0.0, 1.0);
    let crowd = mood.crowd as f32;
    let boss = mood.boss || bed == Bed::Boss;
    let danger = ramp(0.4 - mood.hp, 0.0, 0.15);
    g[Layer::Pulse.index()] = 1.0;
    g[Layer::Drive.index()] = ramp(crowd, 8.0, 30.0).max(if boss { 1.0 } else { 0.0 });
    // The lead steps back for the boss's drone and the heartbeat.
    let lead = ramp(crowd, 40.0, 100.0) * if boss { 0.5 } else { 1.0 };
    g[Layer::Lead.index()] = lead * (1.0 - 0.6 * danger);
    g[Layer::Boss.index()] = if boss { 1.0 } else { 0.0 };
    g[Layer::Danger.index()] = danger;
    g
}

/// Renders `notes` and folds whatever runs past the loop's end back onto
/// its start, so the loop's seam is as smooth as any other moment.
fn looped(notes: &[Partial], seed: u32) -> Vec<f32> {
    let n = (LOOP_S * SAMPLE_RATE as f32) as usize;
    let raw = render(notes, seed);
    let mut out = vec![0.0; n];
    for (i, s) in raw.iter().enumerate() {
        out[i % n] += s;
    }
    out
}

fn hz(semitones_from_a4: f32) -> f32 {
    440.0 * 2f32.powf(semitones_from_a4 / 12.0)
}

/// The progression, one chord a bar: Am – F – C – G (semitones from A4).
const CHORDS: [[f32; 3]; 4] = [
    [-12.0, -9.0, -5.0],   // A minor
    [-16.0, -12.0, -9.0],  // F
    [-21.0, -17.0, -14.0], // C
    [-14.0, -10.0, -7.0],  // G
];

/// Each bar's bass root, two octaves under the chord.
const ROOTS: [f32; 4] = [-24.0, -28.0, -33.0, -26.0];

/// Sustained chords, each overlapping the next by half a second with a
/// slow release, so the pad never breathes out; `shift` semitones up.
fn pad(gain: f32, shift: f32) -> Vec<Partial> {
    let mut v = Vec::new();
    for (bar, chord) in CHORDS.iter().enumerate() {
        for n in chord {
            v.push(
                Partial::new(Wave::Sine, hz(n + shift), 2.6)
                    .at(bar as f32 * 2.0)
                    .env(0.5, 0.0)
                    .release(0.6)
                    .gain(gain)
                    .tremolo(0.5),
            );
        }
    }
    v
}

fn lab_arp() -> Vec<Partial> {
    let mut v = Vec::new();
    for (bar, chord) in CHORDS.iter().enumerate() {
        let t = bar as f32 * 2.0;
        for (k, n) in chord.iter().chain(chord.iter()).enumerate() {
            let up = if k >= 3 { 12.0 } else { 0.0 };
            v.push(
                Partial::new(Wave::Triangle, hz(n + 12.0 + up), 0.5)
                    .at(t + k as f32 * 0.3)
                    .env(0.01, 0.15)
                    .release(0.1)
                    .gain(0.06),
            );
        }
    }
    v
}

/// Bass eighths that hold into the next (legato), a kick each beat and a
/// sub pad under both.
fn pulse() -> Vec<Partial> {
    let pattern = [0.0, 0.0, 12.0, 0.0, 0.0, 7.0, 0.0, 12.0];
    let mut v = Vec::new();
    for i in 0..32 {
        let t = i as f32 * EIGHTH;
        let root = ROOTS[i / 8];
        v.push(
            Partial::new(Wave::Saw, hz(root + pattern[i % 8]), EIGHTH + 0.03)
                .at(t)
                .env(0.004, 0.12)
                .release(0.03)
                .gain(0.15),
        );
        if i % 2 == 0 {
            v.push(
                Partial::new(Wave::Sine, 120.0, 0.22)
                    .glide(45.0)
                    .at(t)
                    .env(0.001, 0.07)
                    .release(0.05)
                    .gain(0.32),
            );
        }
    }
    for (bar, root) in ROOTS.iter().enumerate() {
        v.push(
            Partial::new(Wave::Sine, hz(root + 12.0), 2.4)
                .at(bar as f32 * 2.0)
                .env(0.3, 0.0)
                .release(0.4)
                .gain(0.07),
        );
    }
    v
}

/// Hats on every offbeat eighth, quiet sixteenth ghosts, a snare on 2 and 4.
fn drive() -> Vec<Partial> {
    let mut v = Vec::new();
    for i in 0..64 {
        let t = i as f32 * EIGHTH / 2.0;
        let (gain, len) = match i % 4 {
            2 => (0.12, 0.06),
            _ => (0.035, 0.03),
        };
        v.push(
            Partial::new(Wave::Noise, 9000.0, len)
                .at(t)
                .env(0.001, len / 3.0)
                .gain(gain),
        );
    }
    for beat in 0..16 {
        if beat % 2 == 1 {
            let t = beat as f32 * 2.0 * EIGHTH;
            v.push(
                Partial::new(Wave::Noise, 3500.0, 0.18)
                    .at(t)
                    .env(0.001, 0.05)
                    .gain(0.3),
            );
            v.push(
                Partial::new(Wave::Triangle, 200.0, 0.12)
                    .glide(160.0)
                    .at(t)
                    .env(0.001, 0.04)
                    .gain(0.25),
            );
        }
    }
    v
}

/// Chord tones up and down in sixteenths, each note echoed three
/// sixteenths later, softer.
fn lead() -> Vec<Partial> {
    let sixteenth = EIGHTH / 2.0;
    let shape = [0usize, 1, 2, 1, 2, 0, 1, 2];
    let mut v = Vec::new();
    for (bar, chord) in CHORDS.iter().enumerate() {
        for k in 0..16 {
            let t = bar as f32 * 2.0 + k as f32 * sixteenth;
            let up = if k >= 8 { 24.0 } else { 12.0 };
            let f = hz(chord[shape[k % 8]] + up);
            for (delay, gain) in [(0.0, 0.05), (3.0 * sixteenth, 0.02)] {
                v.push(
                    Partial::new(Wave::Square, f, 0.12)
                        .at(t + delay)
                        .env(0.002, 0.05)
                        .release(0.03)
                        .gain(gain),
                );
            }
        }
    }
    v
}

/// A low trembling drone a bar at a time and toms on each bar's last beat.
fn boss() -> Vec<Partial> {
    let mut v = Vec::new();
    for (bar, root) in ROOTS.iter().enumerate() {
        let t = bar as f32 * 2.0;
        v.push(
            Partial::new(Wave::Saw, hz(root - 12.0), 2.3)
                .at(t)
                .env(0.2, 0.0)
                .release(0.3)
                .gain(0.12)
                .tremolo(4.0),
        );
        // A semitone over the root: the boss's unease.
        v.push(
            Partial::new(Wave::Sine, hz(root + 13.0), 2.3)
                .at(t)
                .env(0.4, 0.0)
                .release(0.3)
                .gain(0.03),
        );
        for k in 0..3 {
            v.push(
                Partial::new(Wave::Sine, 110.0 - 15.0 * k as f32, 0.25)
                    .glide(60.0)
                    .at(t + 1.5 + k as f32 * EIGHTH / 1.5)
                    .env(0.001, 0.08)
                    .gain(0.3),
            );
        }
    }
    v
}

/// A heartbeat (lub-dub each second) and a thin trembling tone over it.
fn danger() -> Vec<Partial> {
    let mut v = Vec::new();
    for beat in 0..8 {
        let t = beat as f32;
        for (d, gain) in [(0.0, 0.5), (0.22, 0.35)] {
            v.push(
                Partial::new(Wave::Sine, 70.0, 0.18)
                    .glide(45.0)
                    .at(t + d)
                    .env(0.004, 0.06)
                    .gain(gain),
            );
        }
    }
    v.push(
        Partial::new(Wave::Sine, hz(19.0), LOOP_S + 0.5)
            .env(0.5, 0.0)
            .release(0.5)
            .gain(0.02)
            .tremolo(6.0),
    );
    v
}
