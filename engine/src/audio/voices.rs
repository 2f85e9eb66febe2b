//! The voice book: which requested sounds actually play, and how loud.
//!
//! A 2,000-projectile build asks for hundreds of hit sounds a second. Played
//! one voice each, that is white noise and a full mixer. So every sound has
//! a [`VoicePolicy`]: at most `max_voices` copies at once and at least
//! `min_interval_s` between two starts. All the requests of one frame
//! for a sound become a single voice whose loudness grows with the log of
//! how many there were ([`crowd_db`]): ten hits sound bigger than one, a
//! thousand only a little bigger than a hundred. A global cap keeps the
//! whole mix under [`MAX_VOICES`].
//!
//! The book is pure bookkeeping (no device), so its rules are tested here
//! and it keeps counting when the game runs silent.

/// Voices playing at once across every effect.
pub const MAX_VOICES: usize = 48;

/// How often one sound may sound.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VoicePolicy {
    /// Copies of this sound playing at once.
    pub max_voices: u32,
    /// Seconds between two starts of it.
    pub min_interval_s: f64,
    /// Its level relative to the effects track, dB.
    pub volume_db: f32,
    /// Random pitch spread, as a fraction (0.04: ±4 %), so a repeated
    /// sound does not machine-gun.
    pub pitch_spread: f32,
}

impl VoicePolicy {
    /// A policy for a sound that repeats in bursts (hits, casts).
    pub const fn busy(max_voices: u32, min_interval_s: f64, volume_db: f32) -> Self {
        Self {
            max_voices,
            min_interval_s,
            volume_db,
            pitch_spread: 0.04,
        }
    }

    /// A policy for a sound that marks one moment (level-up, a buy): one
    /// voice, no spread.
    pub const fn single(volume_db: f32) -> Self {
        Self {
            max_voices: 1,
            min_interval_s: 0.05,
            volume_db,
            pitch_spread: 0.0,
        }
    }
}

/// Extra loudness, dB, of `n` requests of one sound in one frame:
/// `20·log10(1 + 0.4·ln n)`, capped at +8 dB (1: 0 dB; 10: +5.67 dB;
/// 100 and more: +8 dB). A crowd sounds bigger, not louder than the
/// moment sounds: the mix keeps its headroom (docs/sound.md#the-mix).
pub fn crowd_db(n: u32) -> f32 {
    if n <= 1 {
        return 0.0;
    }
    (20.0 * (1.0 + 0.4 * (n as f32).ln()).log10()).min(8.0)
}

/// One voice to start now.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Play {
    /// Index of the sound.
    pub sound: usize,
    /// Level, dB (the policy's plus the crowd's).
    pub volume_db: f32,
    /// Playback rate (pitch), around 1.
    pub rate: f64,
    /// Place in the stereo field, −1 (left) ..= 1 (right): the mean of the
    /// merged requests' places.
    pub pan: f32,
}

/// Where a requested sound happens, as the listener hears it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place {
    /// Pan, −1 (left) ..= 1 (right).
    pub pan: f32,
    /// Level for the distance, dB (0 at the listener, negative further).
    pub gain_db: f32,
}

impl Place {
    /// At the listener: centred, no distance loss.
    pub const CENTRE: Place = Place {
        pan: 0.0,
        gain_db: 0.0,
    };
}

/// Voices playing and requests waiting, per sound.
#[derive(Debug, Clone)]
pub struct VoiceBook {
    policies: Vec<VoicePolicy>,
    lengths: Vec<f64>,
    /// End times of the voices playing, per sound.
    playing: Vec<Vec<f64>>,
    last_start: Vec<f64>,
    asked: Vec<u32>,
    /// Sum of this frame's requested pans, per sound.
    pan_sum: Vec<f32>,
    /// The nearest (loudest) of this frame's requests, dB, per sound.
    nearest_db: Vec<f32>,
    /// Voices started since the book was made.
    pub started: u64,
    /// Requests that did not get a voice (merged into a louder one, or held
    /// back by a limit).
    pub merged: u64,
    spread_state: u32,
}

impl VoiceBook {
    /// A book for sounds of these policies and lengths (seconds).
    pub fn new(sounds: &[(VoicePolicy, f64)]) -> Self {
        Self {
            policies: sounds.iter().map(|s| s.0).collect(),
            lengths: sounds.iter().map(|s| s.1).collect(),
            playing: vec![Vec::new(); sounds.len()],
            last_start: vec![f64::NEG_INFINITY; sounds.len()],
            asked: vec![0; sounds.len()],
            pan_sum: vec![0.0; sounds.len()],
            nearest_db: vec![f32::NEG_INFINITY; sounds.len()],
            started: 0,
            merged: 0,
            spread_state: 0x2545_F491,
        }
    }

    /// Asks for `sound` this frame at the listener (an unknown index is
    /// ignored).
    pub fn ask(&mut self, sound: usize) {
        self.ask_at(sound, Place::CENTRE);
    }

    /// Asks for `sound` this frame at `place`. The frame's requests of one
    /// sound merge into one voice at their mean pan, as loud as the
    /// nearest of them.
    pub fn ask_at(&mut self, sound: usize, place: Place) {
        if let Some(a) = self.asked.get_mut(sound) {
            *a = a.saturating_add(1);
            self.pan_sum[sound] += place.pan.clamp(-1.0, 1.0);
            self.nearest_db[sound] = self.nearest_db[sound].max(place.gain_db);
        }
    }

    /// Voices playing at `now` (seconds on the caller's clock).
    pub fn active(&self, now: f64) -> usize {
        self.playing
            .iter()
            .map(|v| v.iter().filter(|end| **end > now).count())
            .sum()
    }

    /// Turns this frame's requests into voices to start at `now`.
    pub fn flush(&mut self, now: f64) -> Vec<Play> {
        let mut plays = Vec::new();
        let mut total = 0;
        for v in &mut self.playing {
            v.retain(|end| *end > now);
            total += v.len();
        }
        for sound in 0..self.asked.len() {
            let n = std::mem::take(&mut self.asked[sound]);
            let pan_sum = std::mem::take(&mut self.pan_sum[sound]);
            let nearest_db = std::mem::replace(&mut self.nearest_db[sound], f32::NEG_INFINITY);
            if n == 0 {
                continue;
            }
            let p = self.policies[sound];
            let free = self.playing[sound].len() < p.max_voices as usize && total < MAX_VOICES;
            let rested = now - self.last_start[sound] >= p.min_interval_s;
            if !(free && rested) {
                self.merged += u64::from(n);
                continue;
            }
            self.merged += u64::from(n - 1);
            self.playing[sound].push(now + self.lengths[sound]);
            self.last_start[sound] = now;
            self.started += 1;
            total += 1;
            self.spread_state ^= self.spread_state << 13;
            self.spread_state ^= self.spread_state >> 17;
            self.spread_state ^= self.spread_state << 5;
            let unit = (self.spread_state as f64 / u32::MAX as f64) * 2.0 - 1.0;
            plays.push(Play {
                sound,
                volume_db: p.volume_db + crowd_db(n) + nearest_db,
                rate: 1.0 + unit * f64::from(p.pitch_spread),
                pan: pan_sum / n as f32,
            });
        }
        plays
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book() -> VoiceBook {
        VoiceBook::new(&[
            (VoicePolicy::busy(3, 0.05, -6.0), 0.2),
            (VoicePolicy::single(0.0), 1.0),
        ])
    }

    #[test]
    fn a_frame_of_requests_is_one_louder_voice() {
        let mut b = book();
        for _ in 0..100 {
            b.ask(0);
        }
        let plays = b.flush(0.0);
        assert_eq!(plays.len(), 1);
        assert!((plays[0].volume_db - (-6.0 + crowd_db(100))).abs() < 1e-6);
        assert!((plays[0].rate - 1.0).abs() <= 0.04);
        assert_eq!((b.started, b.merged), (1, 99));
    }

    #[test]
    fn voices_and_interval_are_limited() {
        let mut b = book();
        let mut started = 0;
        // 2,000 requests a second for 1 s, 60 frames: at most 3 at once and
        // one per 50 ms.
        for frame in 0..60 {
            let now = frame as f64 / 60.0;
            for _ in 0..33 {
                b.ask(0);
            }
            started += b.flush(now).len();
            assert!(b.active(now) <= 3);
        }
        assert!(started <= 20, "{started}");
        assert!(started >= 12, "{started}");
        // Past its length a voice frees its place.
        assert_eq!(b.active(10.0), 0);
    }

    #[test]
    fn merged_requests_sit_at_their_mean_and_the_nearest_level() {
        let mut b = book();
        b.ask_at(
            0,
            Place {
                pan: -1.0,
                gain_db: -9.0,
            },
        );
        b.ask_at(
            0,
            Place {
                pan: 0.5,
                gain_db: -2.0,
            },
        );
        let p = b.flush(0.0)[0];
        assert!((p.pan + 0.25).abs() < 1e-6, "{p:?}");
        assert!((p.volume_db - (-6.0 + crowd_db(2) - 2.0)).abs() < 1e-5, "{p:?}");
        b.ask(1);
        let p = b.flush(1.0)[0];
        assert_eq!(
            (p.sound, p.pan, p.volume_db),
            (1, 0.0, 0.0),
            "a plain ask is centred"
        );
    }

    #[test]
    fn the_crowd_grows_with_the_log() {
        assert_eq!(crowd_db(1), 0.0);
        assert!((crowd_db(10) - 5.67).abs() < 0.01);
        assert!(crowd_db(100) - crowd_db(10) < crowd_db(10));
        assert_eq!(crowd_db(1_000_000), 8.0);
    }

    #[test]
    fn the_whole_mix_is_capped() {
        let sounds: Vec<_> = (0..100).map(|_| (VoicePolicy::busy(4, 0.0, 0.0), 5.0)).collect();
        let mut b = VoiceBook::new(&sounds);
        for s in 0..100 {
            b.ask(s);
        }
        b.ask(1000);
        assert_eq!(b.flush(0.0).len(), MAX_VOICES);
        assert_eq!(b.active(0.0), MAX_VOICES);
    }
}
