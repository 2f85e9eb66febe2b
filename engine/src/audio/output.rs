//! The sound device, through kira: one kira sound, the [`Mixer`], plays on
//! the main track and takes its cues over a channel, so the device plays
//! exactly what an offline render of the same cues gives
//! (docs/sound.md#measuring-it). The voice book stands in front.
//!
//! No device (CI, a headless server, a container without `/dev/snd`) is not
//! an error: [`AudioOut::open`] logs one line and the game runs silent, with
//! the voice book still counting so the overlay and tests see the same
//! numbers. `ARTIFICER_AUDIO=off` forces silence; `=on` tries the device
//! even where the quick check says there is none (a sound server, or ALSA's
//! `file` plugin capturing the mix).

use super::mixer::{Cue, Mixer, Stem};
use super::voices::{Place, Play, VoiceBook, VoicePolicy};
use kira::info::Info;
use kira::sound::{Sound, SoundData};
use kira::{AudioManager, AudioManagerSettings, DefaultBackend, Frame};
use std::sync::mpsc::{Receiver, Sender, channel};

/// Every sound the game can play, rendered.
#[derive(Debug, Clone, Default)]
pub struct SoundBank {
    /// Effects: mono samples at [`SAMPLE_RATE`](super::SAMPLE_RATE) and how
    /// often each may sound.
    pub effects: Vec<(Vec<f32>, VoicePolicy)>,
    /// Music layers, all one loop long.
    pub stems: Vec<Stem>,
}

impl SoundBank {
    fn mixer(self) -> Mixer {
        Mixer::new(
            self.effects.into_iter().map(|(s, _)| s.into()).collect(),
            self.stems,
        )
    }
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

/// The mixer as a kira sound: it drains its cues at each block and never
/// ends (the manager drops it when the game closes).
struct MixSound {
    mixer: Mixer,
    cues: Receiver<Cue>,
    scratch: Vec<[f32; 2]>,
}

impl Sound for MixSound {
    fn process(&mut self, out: &mut [Frame], dt: f64, _info: &Info) {
        while let Ok(c) = self.cues.try_recv() {
            self.mixer.apply(c);
        }
        let rate = (1.0 / dt).round() as u32;
        // kira's blocks are small; the scratch grows once at most.
        self.scratch.resize(out.len(), [0.0; 2]);
        self.mixer.render(&mut self.scratch, rate);
        for (o, s) in out.iter_mut().zip(&self.scratch) {
            *o = Frame::new(s[0], s[1]);
        }
    }

    fn finished(&self) -> bool {
        false
    }
}

struct MixSoundData(MixSound);

impl SoundData for MixSoundData {
    type Error = std::convert::Infallible;
    type Handle = ();

    fn into_sound(self) -> Result<(Box<dyn Sound>, ()), Self::Error> {
        Ok((Box::new(self.0), ()))
    }
}

/// Where the cues go.
enum Sink {
    /// The audio thread's mixer.
    Device {
        /// Kept alive: dropping it stops the sound.
        _manager: Box<AudioManager<DefaultBackend>>,
        cues: Sender<Cue>,
    },
    /// A mixer rendered on demand (tests, the loudness measurement).
    Offline(Box<Mixer>),
    /// Nothing: the book counts, nobody hears.
    Silent,
}

/// The game's sound: a device when there is one, the voice book always.
pub struct AudioOut {
    sink: Sink,
    book: VoiceBook,
    /// Why there is no device (shown in the overlay), or `None` when playing.
    silent_why: Option<String>,
    volumes: Volumes,
    /// Each music layer's target gain, as last sent.
    layers: Vec<f32>,
}

impl std::fmt::Debug for AudioOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AudioOut")
            .field("device", &matches!(self.sink, Sink::Device { .. }))
            .field("silent_why", &self.silent_why)
            .finish_non_exhaustive()
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
        let opened = device_hint().and_then(|()| {
            let mut manager = AudioManager::<DefaultBackend>::new(AudioManagerSettings::default())
                .map_err(|e| NoDevice::Backend(e.to_string()))?;
            let (tx, rx) = channel();
            let bank = bank();
            let layers = bank.stems.len();
            let sound = MixSound {
                mixer: bank.mixer(),
                cues: rx,
                scratch: Vec::with_capacity(1024),
            };
            match manager.play(MixSoundData(sound)) {
                Ok(()) => Ok((
                    Sink::Device {
                        _manager: Box::new(manager),
                        cues: tx,
                    },
                    layers,
                )),
                Err(e) => Err(NoDevice::Backend(e.to_string())),
            }
        });
        let (sink, layers, silent_why) = match opened {
            Ok((sink, layers)) => {
                log::info!("sound: playing on the default output device");
                (sink, layers, None)
            }
            Err(why) => {
                log::info!("sound: no audio device ({why}); the game runs silent");
                (Sink::Silent, 0, Some(why.to_string()))
            }
        };
        Self::with_sink(sink, lengths, layers, silent_why)
    }

    /// An output that never opens a device (`why` is shown in the overlay).
    pub fn silent(lengths: &[(VoicePolicy, f64)], why: &str) -> Self {
        Self::with_sink(Sink::Silent, lengths, 0, Some(why.to_string()))
    }

    /// An output whose mixer renders when asked ([`AudioOut::render`])
    /// instead of on a device: the same mix, cue for cue.
    pub fn offline(bank: SoundBank, lengths: &[(VoicePolicy, f64)]) -> Self {
        let layers = bank.stems.len();
        Self::with_sink(Sink::Offline(Box::new(bank.mixer())), lengths, layers, None)
    }

    fn with_sink(sink: Sink, lengths: &[(VoicePolicy, f64)], layers: usize, why: Option<String>) -> Self {
        let mut out = Self {
            sink,
            book: VoiceBook::new(lengths),
            silent_why: why,
            volumes: Volumes::default(),
            layers: vec![0.0; layers],
        };
        out.set_volumes(Volumes::default());
        out
    }

    fn send(&mut self, cue: Cue) {
        match &mut self.sink {
            // A closed channel means the audio thread is gone: silence.
            Sink::Device { cues, .. } => drop(cues.send(cue)),
            Sink::Offline(m) => m.apply(cue),
            Sink::Silent => {}
        }
    }

    /// Why the game is silent, or `None` when a device (or an offline
    /// mixer) plays.
    pub fn silent_why(&self) -> Option<&str> {
        self.silent_why.as_deref()
    }

    /// The volumes in force.
    pub fn volumes(&self) -> Volumes {
        self.volumes
    }

    /// Sets the three sliders (the mixer glides to them).
    pub fn set_volumes(&mut self, v: Volumes) {
        self.volumes = v;
        self.send(Cue::Buses {
            master: v.master,
            effects: v.effects,
            music: v.music,
        });
    }

    /// Asks for effect `sound` this frame, at the listener.
    pub fn ask(&mut self, sound: usize) {
        self.book.ask(sound);
    }

    /// Asks for effect `sound` this frame at `place` in the field.
    pub fn ask_at(&mut self, sound: usize, place: Place) {
        self.book.ask_at(sound, place);
    }

    /// Starts this frame's voices (`now`: seconds on the app's clock).
    /// Returns what started (the same silent or not).
    pub fn end_frame(&mut self, now: f64) -> Vec<Play> {
        let plays = self.book.flush(now);
        for p in &plays {
            self.send(Cue::Voice(*p));
        }
        plays
    }

    /// Glides each music layer to its gain in `gains` (linear; one per
    /// stem, missing ones silent). Only changes are sent.
    pub fn set_layers(&mut self, gains: &[f32]) {
        for stem in 0..self.layers.len() {
            let g = gains.get(stem).copied().unwrap_or(0.0);
            if (self.layers[stem] - g).abs() > 1e-4 {
                self.layers[stem] = g;
                self.send(Cue::Layer { stem, gain: g });
            }
        }
    }

    /// Each music layer's target gain (empty when silent).
    pub fn layers(&self) -> &[f32] {
        &self.layers
    }

    /// Renders the next `frames` stereo frames at `rate` of an offline
    /// output; `None` for a device or a silent one.
    pub fn render(&mut self, frames: usize, rate: u32) -> Option<Vec<[f32; 2]>> {
        match &mut self.sink {
            Sink::Offline(m) => Some(m.render_vec(frames, rate)),
            _ => None,
        }
    }

    /// Voices sounding at `now` (counted by the book, device or not).
    pub fn active_voices(&self, now: f64) -> usize {
        self.book.active(now)
    }

    /// The voice book (its counters for the overlay).
    pub fn book(&self) -> &VoiceBook {
        &self.book
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        out.set_layers(&[1.0]);
        assert!(out.layers().is_empty());
        assert!(out.render(10, 48_000).is_none());
    }
}
