//! Sounds made from numbers: every effect and music bed the game plays is
//! built from these partials at start-up, so no byte of audio in the
//! repository is anyone else's and a sound is tuned by editing a recipe.
//!
//! A [`Partial`] is one oscillator (or filtered noise) with a pitch glide and
//! an attack / exponential-decay envelope; a sound is a list of them mixed.
//! Rendering is deterministic (noise comes from a seeded xorshift), so the
//! same recipe always gives the same samples.

/// Samples per second of every rendered sound (kira resamples to the device).
pub const SAMPLE_RATE: u32 = 44_100;

/// The shape of one oscillator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wave {
    /// Pure tone: chimes, bass.
    Sine,
    /// Soft, hollow: UI and pickups.
    Triangle,
    /// Buzzy: lightning, arcade beeps.
    Square,
    /// Bright, brassy: fire, swings.
    Saw,
    /// White noise through a one-pole low-pass at the partial's pitch:
    /// hits, blasts, whooshes.
    Noise,
}

/// One voice of a recipe.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Partial {
    /// Oscillator shape.
    pub wave: Wave,
    /// Pitch at the start, Hz (for noise: the low-pass cut-off).
    pub from_hz: f32,
    /// Pitch at the end (an exponential glide from `from_hz`).
    pub to_hz: f32,
    /// Seconds after the sound's start that this partial begins.
    pub start_s: f32,
    /// Seconds it lasts.
    pub length_s: f32,
    /// Seconds of linear fade-in.
    pub attack_s: f32,
    /// Time constant of the exponential decay after the attack, s; 0 holds
    /// the level flat to the end.
    pub decay_s: f32,
    /// Peak amplitude (the mix is limited to ±1 after summing).
    pub gain: f32,
    /// Tremolo rate, Hz (0: none); depth is fixed at half the level.
    pub tremolo_hz: f32,
    /// Seconds of linear fade at the end (4 ms by default: a cut at a
    /// non-zero sample clicks; a music note sets a longer one to ring out
    /// into the next).
    pub release_s: f32,
}

impl Partial {
    /// A partial at a steady pitch with a 2 ms attack, a decay of a third
    /// of its length and full gain.
    pub const fn new(wave: Wave, hz: f32, length_s: f32) -> Self {
        Self {
            wave,
            from_hz: hz,
            to_hz: hz,
            start_s: 0.0,
            length_s,
            attack_s: 0.002,
            decay_s: length_s / 3.0,
            gain: 1.0,
            tremolo_hz: 0.0,
            release_s: 0.004,
        }
    }

    /// Seconds of fade at the end.
    pub const fn release(mut self, s: f32) -> Self {
        self.release_s = s;
        self
    }

    /// Glides to `hz` by the end.
    pub const fn glide(mut self, hz: f32) -> Self {
        self.to_hz = hz;
        self
    }

    /// Starts `s` seconds into the sound.
    pub const fn at(mut self, s: f32) -> Self {
        self.start_s = s;
        self
    }

    /// Attack and decay times.
    pub const fn env(mut self, attack_s: f32, decay_s: f32) -> Self {
        self.attack_s = attack_s;
        self.decay_s = decay_s;
        self
    }

    /// Peak amplitude.
    pub const fn gain(mut self, gain: f32) -> Self {
        self.gain = gain;
        self
    }

    /// Tremolo at `hz`.
    pub const fn tremolo(mut self, hz: f32) -> Self {
        self.tremolo_hz = hz;
        self
    }

    /// Seconds from the sound's start to this partial's end.
    pub fn end_s(&self) -> f32 {
        self.start_s + self.length_s
    }

    fn level(&self, t: f32) -> f32 {
        let attack = if self.attack_s > 0.0 {
            (t / self.attack_s).min(1.0)
        } else {
            1.0
        };
        let decay = if self.decay_s > 0.0 {
            (-(t - self.attack_s).max(0.0) / self.decay_s).exp()
        } else {
            1.0
        };
        let tail = ((self.length_s - t) / self.release_s.max(1e-4)).clamp(0.0, 1.0);
        let trem = if self.tremolo_hz > 0.0 {
            0.75 + 0.25 * (std::f32::consts::TAU * self.tremolo_hz * t).cos()
        } else {
            1.0
        };
        self.gain * attack * decay * tail * trem
    }
}

/// Seconds a recipe lasts (its latest partial's end).
pub fn length_s(partials: &[Partial]) -> f32 {
    partials.iter().map(Partial::end_s).fold(0.0, f32::max)
}

/// Renders a recipe to mono samples at [`SAMPLE_RATE`], peak-limited to
/// 0.95. `seed` picks the noise (a different seed is a different take of
/// the same sound).
pub fn render(partials: &[Partial], seed: u32) -> Vec<f32> {
    let rate = SAMPLE_RATE as f32;
    let len = (length_s(partials) * rate).ceil() as usize;
    let mut out = vec![0.0f32; len];
    let mut noise = seed.wrapping_mul(0x9E37_79B9) | 1;
    for p in partials {
        let first = (p.start_s * rate) as usize;
        let n = ((p.length_s * rate) as usize).min(len.saturating_sub(first));
        let ratio = if p.from_hz > 0.0 { p.to_hz / p.from_hz } else { 1.0 };
        let mut phase = 0.0f32;
        let mut low = 0.0f32;
        for (i, sample) in out[first..first + n].iter_mut().enumerate() {
            let t = i as f32 / rate;
            let hz = p.from_hz * ratio.powf(t / p.length_s.max(1e-6));
            phase = (phase + hz / rate).fract();
            let v = match p.wave {
                Wave::Sine => (std::f32::consts::TAU * phase).sin(),
                Wave::Triangle => 1.0 - 4.0 * (phase - 0.5).abs(),
                Wave::Square => {
                    if phase < 0.5 {
                        0.7
                    } else {
                        -0.7
                    }
                }
                Wave::Saw => 0.8 * (2.0 * phase - 1.0),
                Wave::Noise => {
                    noise ^= noise << 13;
                    noise ^= noise >> 17;
                    noise ^= noise << 5;
                    let white = (noise as f32 / u32::MAX as f32) * 2.0 - 1.0;
                    let a = 1.0 - (-std::f32::consts::TAU * hz / rate).exp();
                    low += a * (white - low);
                    // The low-pass loses level as the cut-off falls; give
                    // some back so a dull thud is not silent.
                    low * (1.0 + 2.0 * (1.0 - a))
                }
            };
            *sample += v * p.level(t);
        }
    }
    let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if peak > 0.95 {
        let k = 0.95 / peak;
        out.iter_mut().for_each(|s| *s *= k);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sine_has_its_pitch_and_length() {
        let s = render(&[Partial::new(Wave::Sine, 440.0, 0.5).env(0.0, 0.0)], 1);
        assert_eq!(s.len(), 22_050);
        // 440 Hz for half a second: 220 cycles, two sign changes each.
        let crossings = s.windows(2).filter(|w| (w[0] >= 0.0) != (w[1] >= 0.0)).count();
        assert!((438..=442).contains(&crossings), "{crossings} crossings");
    }

    #[test]
    fn rendering_is_deterministic_bounded_and_ends_quiet() {
        let recipe = [
            Partial::new(Wave::Noise, 3000.0, 0.2).glide(300.0).gain(2.0),
            Partial::new(Wave::Saw, 220.0, 0.3).glide(110.0).at(0.05),
            Partial::new(Wave::Square, 880.0, 0.1).tremolo(30.0),
        ];
        let a = render(&recipe, 7);
        assert_eq!(a, render(&recipe, 7));
        assert_ne!(a, render(&recipe, 8), "the seed picks the noise");
        assert!(a.iter().all(|s| s.is_finite() && s.abs() <= 0.95 + 1e-6));
        assert!(a.iter().any(|s| s.abs() > 0.3), "not silent");
        assert!(a.last().unwrap().abs() < 1e-3, "fades out, no click");
        assert!((length_s(&recipe) - 0.35).abs() < 1e-6);
    }

    #[test]
    fn decay_lowers_the_level() {
        let s = render(&[Partial::new(Wave::Sine, 200.0, 1.0).env(0.0, 0.1)], 1);
        let peak = |r: std::ops::Range<usize>| s[r].iter().fold(0.0f32, |m, v| m.max(v.abs()));
        assert!(peak(0..4410) > 0.5);
        assert!(peak(22_050..26_460) < 0.01, "five time constants later");
    }
}
