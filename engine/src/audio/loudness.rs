//! A loudness meter after ITU-R BS.1770-4 (the EBU R128 measure): the mix
//! is held to an integrated loudness window (docs/sound.md#loudness), and
//! this is the ruler. `scripts/loudness.py` is the same meter for a capture
//! file, so a device capture and an offline render are read alike.
//!
//! Integrated loudness: each channel K-weighted (a high shelf for the
//! head, a high pass below 38 Hz), mean squares over 400 ms blocks every
//! 100 ms, blocks under −70 LUFS gated out, then blocks more than 10 LU
//! under the mean of the rest gated out, and the mean of what is left in
//! LUFS. Left and right weigh 1 each.

/// A measurement of a stereo stream.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Loudness {
    /// Integrated loudness, LUFS (−∞ for silence: every block gated out).
    pub integrated_lufs: f64,
    /// The largest sample, dBFS.
    pub sample_peak_db: f64,
    /// The largest value between samples, by 4× band-limited
    /// interpolation, dBFS (what a DAC's reconstruction reaches).
    pub true_peak_db: f64,
}

/// One biquad section (direct form I), coefficients normalised by a0.
#[derive(Debug, Clone, Copy)]
struct Biquad {
    b: [f64; 3],
    a: [f64; 2],
    x: [f64; 2],
    y: [f64; 2],
}

impl Biquad {
    fn run(&mut self, x0: f64) -> f64 {
        let y0 = self.b[0] * x0 + self.b[1] * self.x[0] + self.b[2] * self.x[1]
            - self.a[0] * self.y[0]
            - self.a[1] * self.y[1];
        self.x = [x0, self.x[0]];
        self.y = [y0, self.y[0]];
        y0
    }
}

/// The two K-weighting stages at sample rate `rate` (the standard's
/// analogue prototypes through the bilinear transform, so any rate works;
/// at 48 kHz they are the standard's printed coefficients).
fn k_weighting(rate: f64) -> [Biquad; 2] {
    let pi = std::f64::consts::PI;
    // Stage 1: the head's high shelf, +4 dB above ~1.7 kHz.
    let (f0, g_db, q) = (
        1_681.974_450_955_533,
        3.999_843_853_973_347,
        0.707_175_236_955_419_6,
    );
    let k = (pi * f0 / rate).tan();
    let vh = 10f64.powf(g_db / 20.0);
    let vb = vh.powf(0.499_666_774_154_541_6);
    let a0 = 1.0 + k / q + k * k;
    let shelf = Biquad {
        b: [
            (vh + vb * k / q + k * k) / a0,
            2.0 * (k * k - vh) / a0,
            (vh - vb * k / q + k * k) / a0,
        ],
        a: [2.0 * (k * k - 1.0) / a0, (1.0 - k / q + k * k) / a0],
        x: [0.0; 2],
        y: [0.0; 2],
    };
    // Stage 2: the RLB high pass at ~38 Hz.
    let (f0, q) = (38.135_470_876_024_44, 0.500_327_037_323_877_3);
    let k = (pi * f0 / rate).tan();
    let a0 = 1.0 + k / q + k * k;
    let high_pass = Biquad {
        b: [1.0, -2.0, 1.0],
        a: [2.0 * (k * k - 1.0) / a0, (1.0 - k / q + k * k) / a0],
        x: [0.0; 2],
        y: [0.0; 2],
    };
    [shelf, high_pass]
}

/// Mean squares of the K-weighted channels summed, per 400 ms block every
/// 100 ms.
fn block_powers(frames: &[[f32; 2]], rate: u32) -> Vec<f64> {
    let step = (rate as usize / 10).max(1);
    let mut chans = [k_weighting(f64::from(rate)), k_weighting(f64::from(rate))];
    // Squares summed per 100 ms step; a block is four steps.
    let mut steps = Vec::with_capacity(frames.len() / step + 1);
    let mut acc = 0.0f64;
    for (i, f) in frames.iter().enumerate() {
        for (c, filters) in chans.iter_mut().enumerate() {
            let shelved = filters[0].run(f64::from(f[c]));
            let y = filters[1].run(shelved);
            acc += y * y;
        }
        if (i + 1) % step == 0 {
            steps.push(acc);
            acc = 0.0;
        }
    }
    steps
        .windows(4)
        .map(|w| w.iter().sum::<f64>() / (4 * step) as f64)
        .collect()
}

fn lufs(power: f64) -> f64 {
    -0.691 + 10.0 * power.log10()
}

/// Integrated loudness of blocks' powers, with both gates.
fn gated(blocks: &[f64]) -> f64 {
    let above = |gate: f64| -> Vec<f64> { blocks.iter().copied().filter(|p| lufs(*p) > gate).collect() };
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let loud = above(-70.0);
    if loud.is_empty() {
        return f64::NEG_INFINITY;
    }
    let relative = lufs(mean(&loud)) - 10.0;
    let kept = above(relative.max(-70.0));
    lufs(mean(&kept))
}

/// The largest value between samples at three points per gap, by a
/// Hann-windowed sinc 16 samples wide.
fn true_peak(frames: &[[f32; 2]]) -> f32 {
    const HALF: i64 = 8;
    let mut peak = 0.0f32;
    let taps: Vec<[f32; 16]> = (1..4)
        .map(|phase| {
            let t = phase as f32 / 4.0;
            let mut k = [0.0f32; 16];
            for (j, tap) in k.iter_mut().enumerate() {
                let x = t - (j as f32 - (HALF - 1) as f32);
                let sinc = if x.abs() < 1e-6 {
                    1.0
                } else {
                    (std::f32::consts::PI * x).sin() / (std::f32::consts::PI * x)
                };
                let w = 0.5 + 0.5 * (std::f32::consts::PI * x / HALF as f32).cos();
                *tap = sinc * w;
            }
            k
        })
        .collect();
    let n = frames.len() as i64;
    for c in [0, 1] {
        for i in 0..n {
            peak = peak.max(frames[i as usize][c].abs());
            if i < HALF - 1 || i + HALF >= n {
                continue;
            }
            for k in &taps {
                let mut y = 0.0f32;
                for (j, tap) in k.iter().enumerate() {
                    y += frames[(i - (HALF - 1) + j as i64) as usize][c] * tap;
                }
                peak = peak.max(y.abs());
            }
        }
    }
    peak
}

/// Measures a stereo stream at `rate` frames a second.
pub fn measure(frames: &[[f32; 2]], rate: u32) -> Loudness {
    let sample_peak = frames.iter().flatten().fold(0.0f32, |m, s| m.max(s.abs()));
    let db = |x: f32| 20.0 * f64::from(x).log10();
    Loudness {
        integrated_lufs: gated(&block_powers(frames, rate)),
        sample_peak_db: db(sample_peak),
        true_peak_db: db(true_peak(frames)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sine(hz: f32, amp: f32, secs: f32, rate: u32) -> Vec<[f32; 2]> {
        (0..(secs * rate as f32) as usize)
            .map(|i| {
                let s = amp * (std::f32::consts::TAU * hz * i as f32 / rate as f32).sin();
                [s, s]
            })
            .collect()
    }

    /// The standard's own checks: a 0 dBFS 1 kHz sine in one channel reads
    /// −3.01 LUFS (BS.1770's calibration), in both channels 0 LUFS, and a
    /// sine at −23 dBFS in both reads −23 LUFS (EBU Tech 3341, case 1).
    #[test]
    fn the_standards_sines_read_their_figures() {
        for rate in [44_100, 48_000] {
            let both = sine(1000.0, 1.0, 5.0, rate);
            let left: Vec<[f32; 2]> = both.iter().map(|f| [f[0], 0.0]).collect();
            let m = measure(&left, rate);
            assert!((m.integrated_lufs + 3.01).abs() < 0.05, "{rate}: {m:?}");
            assert!(m.sample_peak_db.abs() < 0.01, "{m:?}");
            let m = measure(&both, rate);
            assert!(m.integrated_lufs.abs() < 0.05, "{rate}: {m:?}");
            let quiet = sine(1000.0, 10f32.powf(-23.0 / 20.0), 5.0, rate);
            let q = measure(&quiet, rate);
            assert!((q.integrated_lufs + 23.0).abs() < 0.05, "{rate}: {q:?}");
        }
    }

    /// The gates: a long silence or a quiet stretch does not drag the
    /// figure down (EBU Tech 3341 case 3's idea: −36 dB parts are gated).
    #[test]
    fn quiet_stretches_are_gated_out() {
        let rate = 48_000;
        let loud = 10f32.powf(-23.0 / 20.0);
        let mut v = sine(1000.0, loud, 10.0, rate);
        v.extend(vec![[0.0; 2]; rate as usize * 20]);
        v.extend(sine(1000.0, loud / 50.0, 10.0, rate));
        v.extend(sine(1000.0, loud, 10.0, rate));
        let m = measure(&v, rate);
        // The blocks that straddle a change hold a little of each side.
        assert!((m.integrated_lufs + 23.0).abs() < 0.15, "{m:?}");
        assert_eq!(
            measure(&vec![[0.0; 2]; 48_000], rate).integrated_lufs,
            f64::NEG_INFINITY
        );
    }

    /// A sine at a quarter of the rate sampled off its crests: the samples
    /// read −3 dB, the wave between them 0 dB.
    #[test]
    fn the_true_peak_sees_between_samples() {
        let rate = 48_000;
        let v: Vec<[f32; 2]> = (0..4800)
            .map(|i| {
                let s = (std::f32::consts::FRAC_PI_2 * i as f32 + std::f32::consts::FRAC_PI_4).sin();
                [s, s]
            })
            .collect();
        let m = measure(&v, rate);
        assert!((m.sample_peak_db + 3.01).abs() < 0.05, "{m:?}");
        assert!(m.true_peak_db > -0.3, "{m:?}");
    }
}
