//! The sound device, through kira: an effects track and a music track under
//! the master, the voice book in front of them.
//!
//! No device (CI, a headless server, a container without `/dev/snd`) is not
//! an error: [`AudioOut::open`] logs one line and the game runs silent, with
//! the voice book still counting so the overlay and tests see the same
//! numbers. `ARTIFICER_AUDIO=off` forces silence; `=on` tries the device
//! even where the quick check says there is none (a sound server reached
//! through ALSA's plugins).

use super::synth::SAMPLE_RATE;
use super::voices::{Play, VoiceBook, VoicePolicy};
use kira::sound::static_sound::{StaticSoundData, StaticSoundHandle, StaticSoundSettings};
use kira::track::{TrackBuilder, TrackHandle};
use kira::{AudioManager, AudioManagerSettings, Decibels, DefaultBackend, Frame, Tween};
use std::sync::Arc;
use std::time::Duration;

/// Every sound the game can play, rendered.
#[derive(Debug, Clone, Default)]
pub struct SoundBank {
    /// Effects: mono samples at [`SAMPLE_RATE`] and how often each may sound.
    pub effects: Vec<(Vec<f32>, VoicePolicy)>,
    /// Music beds: mono loops at [`SAMPLE_RATE`].
    pub beds: Vec<Vec<f32>>,
}

/// The three volume sliders, each 0..=1 (linear; shown as percent).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Volumes {
    /// Everything.
    pub master: f32,
    /// Effects.
    pub effects: f32,
    /// Music.
    pub music: f32,
}

impl Default for Volumes {
    fn default() -> Self {
        Self {
            master: 0.8,
            effects: 0.8,
            music: 0.5,
        }
    }
}

/// A slider's level in dB (0 is silence, kira's −60 dB floor).
pub fn slider_db(v: f32) -> Decibels {
    if v <= 0.001 {
        Decibels::SILENCE
    } else {
        Decibels((20.0 * v.min(1.0).log10()).max(Decibels::SILENCE.0))
    }
}

struct Device {
    manager: AudioManager<DefaultBackend>,
    effects: TrackHandle,
    music: TrackHandle,
    sounds: Vec<StaticSoundData>,
    beds: Vec<StaticSoundData>,
    bed: Option<(usize, StaticSoundHandle)>,
}

/// The game's sound: a device when there is one, the voice book always.
pub struct AudioOut {
    device: Option<Device>,
    book: VoiceBook,
    /// Why there is no device (shown in the overlay), or `None` when playing.
    silent_why: Option<String>,
    volumes: Volumes,
}

impl std::fmt::Debug for AudioOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AudioOut")
            .field("device", &self.device.is_some())
            .field("silent_why", &self.silent_why)
            .finish_non_exhaustive()
    }
}

fn stereo(samples: &[f32]) -> StaticSoundData {
    let frames: Arc<[Frame]> = samples.iter().map(|s| Frame::from_mono(*s)).collect();
    StaticSoundData {
        sample_rate: SAMPLE_RATE,
        frames,
        settings: StaticSoundSettings::default(),
        slice: None,
    }
}

/// Why the game runs silent: the words go to the log and the overlay.
#[derive(Debug, thiserror::Error)]
enum NoDevice {
    /// The player asked for silence.
    #[error("ARTIFICER_AUDIO=off")]
    Off,
    /// Linux without a sound card.
    #[error("no /dev/snd")]
    NoSoundCard,
    /// kira could not open the default output.
    #[error("{0}")]
    Backend(String),
    /// kira refused a mixer track.
    #[error("{0}")]
    Track(#[from] kira::ResourceLimitReached),
}

/// Whether this machine looks like it has a sound device, and if not why.
fn device_hint() -> Result<(), NoDevice> {
    match std::env::var("ARTIFICER_AUDIO").as_deref() {
        Ok("off") => return Err(NoDevice::Off),
        Ok("on") => return Ok(()),
        _ => {}
    }
    if cfg!(target_os = "linux") && !std::path::Path::new("/dev/snd").exists() {
        // Opening ALSA here prints a page of "cannot find card" to stderr.
        return Err(NoDevice::NoSoundCard);
    }
    Ok(())
}

impl AudioOut {
    /// Opens the default device, rendering the bank only when there is one
    /// (`bank` gets called at most once). Never fails: without a device the
    /// game is silent and one line says why.
    pub fn open(bank: impl FnOnce() -> SoundBank, lengths: &[(VoicePolicy, f64)]) -> Self {
        let book = VoiceBook::new(lengths);
        let opened = device_hint().and_then(|()| {
            let mut manager = AudioManager::<DefaultBackend>::new(AudioManagerSettings::default())
                .map_err(|e| NoDevice::Backend(e.to_string()))?;
            let effects = manager.add_sub_track(TrackBuilder::new())?;
            let music = manager.add_sub_track(TrackBuilder::new())?;
            let bank = bank();
            Ok(Device {
                manager,
                effects,
                music,
                sounds: bank.effects.iter().map(|(s, _)| stereo(s)).collect(),
                beds: bank.beds.iter().map(|s| stereo(s)).collect(),
                bed: None,
            })
        });
        let (device, silent_why) = match opened {
            Ok(d) => {
                log::info!("sound: playing on the default output device");
                (Some(d), None)
            }
            Err(why) => {
                log::info!("sound: no audio device ({why}); the game runs silent");
                (None, Some(why.to_string()))
            }
        };
        let mut out = Self {
            device,
            book,
            silent_why,
            volumes: Volumes::default(),
        };
        out.set_volumes(Volumes::default());
        out
    }

    /// An output that never opens a device (`why` is shown in the overlay).
    pub fn silent(lengths: &[(VoicePolicy, f64)], why: &str) -> Self {
        Self {
            device: None,
            book: VoiceBook::new(lengths),
            silent_why: Some(why.to_string()),
            volumes: Volumes::default(),
        }
    }

    /// Why the game is silent, or `None` when a device plays.
    pub fn silent_why(&self) -> Option<&str> {
        self.silent_why.as_deref()
    }

    /// The volumes in force.
    pub fn volumes(&self) -> Volumes {
        self.volumes
    }

    /// Sets the three sliders (a short glide, so a drag does not zip).
    pub fn set_volumes(&mut self, v: Volumes) {
        self.volumes = v;
        if let Some(d) = &mut self.device {
            let glide = Tween {
                duration: Duration::from_millis(50),
                ..Default::default()
            };
            d.manager.main_track().set_volume(slider_db(v.master), glide);
            d.effects.set_volume(slider_db(v.effects), glide);
            d.music.set_volume(slider_db(v.music), glide);
        }
    }

    /// Asks for effect `sound` this frame; [`AudioOut::end_frame`] decides.
    pub fn ask(&mut self, sound: usize) {
        self.book.ask(sound);
    }

    /// Starts this frame's voices (`now`: seconds on the app's clock).
    /// Returns what started (the same silent or not).
    pub fn end_frame(&mut self, now: f64) -> Vec<Play> {
        let plays = self.book.flush(now);
        if let Some(d) = &mut self.device {
            for p in &plays {
                let Some(data) = d.sounds.get(p.sound) else {
                    continue;
                };
                let data = data.volume(Decibels(p.volume_db)).playback_rate(p.rate);
                // A full track refuses a sound: a dropped voice, not an error.
                if let Err(e) = d.effects.play(data) {
                    log::debug!("sound: voice dropped: {e}");
                }
            }
        }
        plays
    }

    /// Voices sounding at `now` (counted by the book, device or not).
    pub fn active_voices(&self, now: f64) -> usize {
        self.book.active(now)
    }

    /// The voice book (its counters for the overlay).
    pub fn book(&self) -> &VoiceBook {
        &self.book
    }

    /// Plays music bed `bed` looped, crossfading from the one before over a
    /// second; `None` fades the music out. The same bed again does nothing.
    pub fn set_bed(&mut self, bed: Option<usize>) {
        let Some(d) = &mut self.device else {
            return;
        };
        if d.bed.as_ref().map(|b| b.0) == bed {
            return;
        }
        let fade = Tween {
            duration: Duration::from_secs(1),
            ..Default::default()
        };
        if let Some((_, mut h)) = d.bed.take() {
            h.stop(fade);
        }
        let Some(i) = bed else {
            return;
        };
        let Some(data) = d.beds.get(i) else {
            return;
        };
        let data = data.loop_region(..).fade_in_tween(fade);
        match d.music.play(data) {
            Ok(h) => d.bed = Some((i, h)),
            Err(e) => log::debug!("sound: music bed not started: {e}"),
        }
    }

    /// The music bed playing, if any.
    pub fn bed(&self) -> Option<usize> {
        self.device.as_ref().and_then(|d| d.bed.as_ref().map(|b| b.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliders_map_to_decibels() {
        assert_eq!(slider_db(0.0), Decibels::SILENCE);
        assert_eq!(slider_db(1.0), Decibels(0.0));
        assert!((slider_db(0.5).0 + 6.02).abs() < 0.01);
        assert_eq!(slider_db(0.0001), Decibels::SILENCE);
    }

    /// Forced silent, the output still counts voices and never renders the
    /// bank (a headless run pays nothing for sound).
    #[test]
    fn silent_output_counts_voices_and_renders_nothing() {
        let policies = [(VoicePolicy::busy(2, 0.0, 0.0), 0.5)];
        let mut out = AudioOut::silent(&policies, "test");
        out.ask(0);
        out.ask(0);
        let plays = out.end_frame(1.0);
        assert_eq!(plays.len(), 1);
        assert_eq!(out.active_voices(1.2), 1);
        assert_eq!(out.active_voices(1.6), 0);
        assert!(out.silent_why().is_some());
        out.set_bed(Some(0));
        assert_eq!(out.bed(), None);
    }
}
