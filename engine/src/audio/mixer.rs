//! The mixer: every voice and music layer summed into one stereo stream.
//!
//! One [`Mixer`] renders what the player hears, on the audio thread behind
//! kira (`output.rs`) or offline for a test or a loudness measurement, so a
//! figure measured offline is the figure of the device path: same code, same
//! cue stream. Its shape (docs/sound.md#the-mix):
//!
//! - effect voices, each placed in the stereo field by an equal-power pan
//!   ([`pan_gains`]) and summed on the effects bus;
//! - music layers (stems), all one loop long and read from one shared
//!   position, so they stay on the beat whatever fades in or out, each with
//!   a gain that glides to its target (a layer never pops in);
//! - the effects and music buses under the master, each a slider;
//! - a peak limiter at [`CEILING`] after the master, so no sample clips.
//!
//! The render path allocates nothing: voices live in a vector reserved for
//! [`MAX_VOICES`](super::voices::MAX_VOICES) and more are dropped.

use super::SAMPLE_RATE;
use super::voices::{MAX_VOICES, Play};
use std::sync::Arc;

/// The limiter's ceiling, linear (−1.5 dBFS): the loudest sample the mix
/// may hold, with room left for the wave between samples (true peak) and a
/// resampler's overshoot.
pub const CEILING: f32 = 0.841;

/// Frames of look-ahead the limiter may use (its window is a millisecond
/// of output, at most this).
const LOOKAHEAD_MAX: usize = 128;

/// Seconds a music layer takes to fade fully in or out.
pub const LAYER_FADE_S: f32 = 1.5;

/// Seconds the limiter takes to give back 63 % of a reduction.
const LIMITER_RELEASE_S: f32 = 0.08;

/// Seconds a bus slider glides (a drag does not zip).
const BUS_GLIDE_S: f32 = 0.05;

/// Left and right gains of an equal-power pan: `pan` −1 is hard left, 0
/// the centre (−3 dB each side), 1 hard right; the power `l² + r²` is 1
/// wherever the sound sits, so a sound crossing the screen keeps its
/// loudness.
pub fn pan_gains(pan: f32) -> (f32, f32) {
    let theta = (pan.clamp(-1.0, 1.0) + 1.0) * std::f32::consts::FRAC_PI_4;
    (theta.cos(), theta.sin())
}

/// Decibels to a linear gain.
pub fn db_to_gain(db: f32) -> f32 {
    10f32.powf(db / 20.0)
}

/// One music layer: a mono loop and where it sits in the field.
#[derive(Debug, Clone)]
pub struct Stem {
    /// Samples at [`SAMPLE_RATE`]; every stem of a bank is one loop long.
    pub samples: Arc<[f32]>,
    /// Its place in the field, −1..=1.
    pub pan: f32,
}

/// What the mixer is told to do (sent to the audio thread).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cue {
    /// Start an effect voice.
    Voice(Play),
    /// Glide music layer `stem` to `gain` (linear, 0 silent).
    Layer {
        /// Index of the stem.
        stem: usize,
        /// Target gain.
        gain: f32,
    },
    /// The three sliders, linear 0..=1 each.
    Buses {
        /// Everything.
        master: f32,
        /// Effects.
        effects: f32,
        /// Music.
        music: f32,
    },
}

#[derive(Debug, Clone, Copy)]
struct Voice {
    sound: usize,
    /// Read position in source samples.
    pos: f64,
    /// Source samples per source sample (the pitch).
    rate: f64,
    left: f32,
    right: f32,
}

/// A glide from a level toward a target by a fixed step per sample.
#[derive(Debug, Clone, Copy, Default)]
struct Glide {
    now: f32,
    target: f32,
}

impl Glide {
    fn tick(&mut self, step: f32) -> f32 {
        let d = self.target - self.now;
        self.now += d.clamp(-step, step);
        self.now
    }
}

/// The whole mix (see the module's words).
#[derive(Debug, Clone)]
pub struct Mixer {
    effects: Vec<Arc<[f32]>>,
    stems: Vec<Stem>,
    layer: Vec<Glide>,
    voices: Vec<Voice>,
    /// Music read position, source samples.
    music_pos: f64,
    music_len: f64,
    master: Glide,
    fx_bus: Glide,
    music_bus: Glide,
    /// The limiter's state.
    limiter: Limiter,
    /// Voices dropped because every slot was taken.
    pub dropped: u64,
}

impl Mixer {
    /// A mixer for these effects (mono, [`SAMPLE_RATE`]) and music stems.
    /// Sliders start at full; layers at silence.
    pub fn new(effects: Vec<Arc<[f32]>>, stems: Vec<Stem>) -> Self {
        let music_len = stems.iter().map(|s| s.samples.len()).max().unwrap_or(0) as f64;
        let full = Glide {
            now: 1.0,
            target: 1.0,
        };
        Self {
            effects,
            layer: vec![Glide::default(); stems.len()],
            stems,
            voices: Vec::with_capacity(MAX_VOICES * 2),
            music_pos: 0.0,
            music_len,
            master: full,
            fx_bus: full,
            music_bus: full,
            limiter: Limiter::default(),
            dropped: 0,
        }
    }

    /// Applies one cue.
    pub fn apply(&mut self, cue: Cue) {
        match cue {
            Cue::Voice(p) => {
                if self.effects.get(p.sound).is_none_or(|s| s.is_empty()) {
                    return;
                }
                if self.voices.len() >= self.voices.capacity() {
                    self.dropped += 1;
                    return;
                }
                let (l, r) = pan_gains(p.pan);
                let g = db_to_gain(p.volume_db);
                self.voices.push(Voice {
                    sound: p.sound,
                    pos: 0.0,
                    rate: p.rate.max(0.01),
                    left: l * g,
                    right: r * g,
                });
            }
            Cue::Layer { stem, gain } => {
                if let Some(l) = self.layer.get_mut(stem) {
                    l.target = gain.clamp(0.0, 4.0);
                }
            }
            Cue::Buses {
                master,
                effects,
                music,
            } => {
                self.master.target = master.clamp(0.0, 1.0);
                self.fx_bus.target = effects.clamp(0.0, 1.0);
                self.music_bus.target = music.clamp(0.0, 1.0);
            }
        }
    }

    /// Effect voices sounding now.
    pub fn voices(&self) -> usize {
        self.voices.len()
    }

    /// The gain music layer `stem` has now (after its glide so far).
    pub fn layer_gain(&self, stem: usize) -> f32 {
        self.layer.get(stem).map_or(0.0, |g| g.now)
    }

    /// Renders into `out` (left, right) at `out_rate` frames a second.
    pub fn render(&mut self, out: &mut [[f32; 2]], out_rate: u32) {
        let step = f64::from(SAMPLE_RATE) / f64::from(out_rate.max(1));
        let inv_rate = 1.0 / out_rate.max(1) as f32;
        let layer_step = inv_rate / LAYER_FADE_S;
        let bus_step = inv_rate / BUS_GLIDE_S;
        let release = 1.0 - (-inv_rate / LIMITER_RELEASE_S).exp();
        let window = (out_rate as usize / 1000).clamp(1, LOOKAHEAD_MAX - 1);
        for frame in out.iter_mut() {
            let fx = self.effects_frame(step);
            let music = self.music_frame(step, layer_step);
            let fx_g = self.fx_bus.tick(bus_step);
            let mu_g = self.music_bus.tick(bus_step);
            let master = self.master.tick(bus_step);
            let l = (fx[0] * fx_g + music[0] * mu_g) * master;
            let r = (fx[1] * fx_g + music[1] * mu_g) * master;
            *frame = self.limiter.run([l, r], window, release);
        }
    }

    /// Renders `frames` frames at `out_rate` into a new buffer (tests and
    /// the offline loudness measurement).
    pub fn render_vec(&mut self, frames: usize, out_rate: u32) -> Vec<[f32; 2]> {
        let mut v = vec![[0.0; 2]; frames];
        self.render(&mut v, out_rate);
        v
    }

    fn effects_frame(&mut self, step: f64) -> [f32; 2] {
        let mut acc = [0.0f32; 2];
        let effects = &self.effects;
        self.voices.retain_mut(|v| {
            let s = &effects[v.sound];
            let i = v.pos as usize;
            if i + 1 >= s.len() {
                return false;
            }
            let frac = (v.pos - i as f64) as f32;
            let x = s[i] + (s[i + 1] - s[i]) * frac;
            acc[0] += x * v.left;
            acc[1] += x * v.right;
            v.pos += v.rate * step;
            true
        });
        acc
    }

    fn music_frame(&mut self, step: f64, layer_step: f32) -> [f32; 2] {
        let mut acc = [0.0f32; 2];
        if self.music_len < 2.0 {
            return acc;
        }
        let i = self.music_pos as usize;
        let frac = (self.music_pos - i as f64) as f32;
        for (stem, glide) in self.stems.iter().zip(self.layer.iter_mut()) {
            let g = glide.tick(layer_step);
            if g <= 0.0 {
                continue;
            }
            let s = &stem.samples;
            let n = s.len();
            if n == 0 {
                continue;
            }
            // The loop's last sample runs into its first: no seam.
            let a = s[i % n];
            let b = s[(i + 1) % n];
            let x = (a + (b - a) * frac) * g;
            let (l, r) = pan_gains(stem.pan);
            acc[0] += x * l;
            acc[1] += x * r;
        }
        self.music_pos += step;
        if self.music_pos >= self.music_len {
            self.music_pos -= self.music_len;
        }
        acc
    }
}

/// A look-ahead peak limiter: the mix is delayed by a millisecond, and the
/// gain, the least any frame in that window needs to stay under
/// [`CEILING`] (easing back up over [`LIMITER_RELEASE_S`]), is averaged
/// over the window, so it has glided down by the time the loud frame comes
/// out. No frame passes the ceiling, and the gain never jumps (a jump
/// splatters between samples and raises the true peak).
#[derive(Debug, Clone)]
struct Limiter {
    delay: [[f32; 2]; LOOKAHEAD_MAX],
    /// Each frame's needed gain, for the window's minimum.
    need: [f32; LOOKAHEAD_MAX],
    /// The released minimum per frame, for the window's average.
    held: [f32; LOOKAHEAD_MAX],
    at: usize,
    last: f32,
}

impl Default for Limiter {
    fn default() -> Self {
        Self {
            delay: [[0.0; 2]; LOOKAHEAD_MAX],
            need: [1.0; LOOKAHEAD_MAX],
            held: [1.0; LOOKAHEAD_MAX],
            at: 0,
            last: 1.0,
        }
    }
}

impl Limiter {
    /// Takes a frame in, gives the frame `window` frames old out, limited.
    fn run(&mut self, frame: [f32; 2], window: usize, release: f32) -> [f32; 2] {
        let n = window + 1;
        let peak = frame[0].abs().max(frame[1].abs());
        let slot = self.at % n;
        self.delay[slot] = frame;
        self.need[slot] = if peak > CEILING { CEILING / peak } else { 1.0 };
        let least = self.need[..n].iter().fold(1.0f32, |m, g| m.min(*g));
        let held = least.min(self.last + (1.0 - self.last) * release);
        self.last = held;
        self.held[slot] = held;
        self.at = (slot + 1) % n;
        // The oldest frame leaves; the mean of the last n held gains is at
        // most what it needs, as each of their windows held it.
        let out = self.delay[self.at];
        let g = self.held[..n].iter().sum::<f32>() / n as f32;
        [out[0] * g.min(1.0), out[1] * g.min(1.0)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(n: usize, amp: f32) -> Arc<[f32]> {
        (0..n)
            .map(|i| amp * (i as f32 * 0.05).sin())
            .collect::<Vec<_>>()
            .into()
    }

    #[test]
    fn the_pan_keeps_the_power_and_puts_the_sound_on_its_side() {
        for p in [-1.0f32, -0.4, 0.0, 0.3, 1.0] {
            let (l, r) = pan_gains(p);
            assert!((l * l + r * r - 1.0).abs() < 1e-5, "{p}: {l} {r}");
        }
        let (l, r) = pan_gains(0.0);
        assert!((l - r).abs() < 1e-6 && (l - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-6);
        let (l, r) = pan_gains(0.8);
        assert!(r > 4.0 * l, "right of centre is louder on the right");
    }

    #[test]
    fn a_voice_on_the_left_sounds_on_the_left() {
        let mut m = Mixer::new(vec![tone(4000, 0.5)], Vec::new());
        m.apply(Cue::Voice(Play {
            sound: 0,
            volume_db: 0.0,
            rate: 1.0,
            pan: -0.9,
        }));
        let out = m.render_vec(3000, SAMPLE_RATE);
        let e = |c: usize| out.iter().map(|f| f[c] * f[c]).sum::<f32>();
        assert!(e(0) > 20.0 * e(1), "left {} right {}", e(0), e(1));
        let rest = m.render_vec(2000, SAMPLE_RATE);
        assert_eq!(m.voices(), 0, "a voice ends with its sound");
        assert!(rest[1500..].iter().all(|f| f == &[0.0, 0.0]));
    }

    #[test]
    fn layers_glide_and_the_limiter_holds_the_ceiling() {
        let stem = |amp| Stem {
            samples: tone(1000, amp),
            pan: 0.0,
        };
        let mut m = Mixer::new(Vec::new(), vec![stem(3.0), stem(3.0)]);
        m.apply(Cue::Layer { stem: 0, gain: 1.0 });
        m.render_vec(SAMPLE_RATE as usize / 2, SAMPLE_RATE);
        let half = m.layer_gain(0);
        assert!(
            (0.3..0.37).contains(&half),
            "half a second of a 1.5 s fade: {half}"
        );
        m.apply(Cue::Layer { stem: 1, gain: 1.0 });
        let out = m.render_vec(SAMPLE_RATE as usize * 2, SAMPLE_RATE);
        let peak = out.iter().flatten().fold(0.0f32, |a, s| a.max(s.abs()));
        assert!(peak <= CEILING + 1e-6, "peak {peak}");
        assert!(peak > 0.8, "limited, not silenced: {peak}");
        assert_eq!(m.layer_gain(0), 1.0);
    }
}
