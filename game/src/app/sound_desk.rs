//! The window's sound: the output device (or silence), the listener that
//! turns each fight step into placed effects, menu clicks and the shop's
//! sounds, and the music: the screen's bed, its layers following the
//! fight's mood (docs/sound.md#layers).

use crate::sound::{Bed, Layer, Listener, Mood, Sfx, layer_gains};
use crate::world::{Carry, World};
use engine::audio::{AudioOut, Volumes};

/// Everything the window needs to make sound.
#[derive(Debug)]
pub struct SoundDesk {
    out: AudioOut,
    listener: Option<Listener>,
    /// Seconds of real time since the window opened (the voice book's clock).
    now: f64,
    /// The fight as the last step left it (the music's layers follow it).
    mood: Mood,
}

impl SoundDesk {
    /// Opens the default device (silent without one, with one log line).
    pub fn open() -> Self {
        Self::with_output(crate::sound::open())
    }

    /// A desk on a given output: an offline one renders what the window
    /// would play, cue for cue (docs/sound.md#measuring-it).
    pub fn with_output(out: AudioOut) -> Self {
        Self {
            out,
            listener: None,
            now: 0.0,
            mood: Mood::default(),
        }
    }

    /// The output (an offline one's [`AudioOut::render`]).
    pub fn output_mut(&mut self) -> &mut AudioOut {
        &mut self.out
    }

    /// Asks for one effect this frame.
    pub fn play(&mut self, sfx: Sfx) {
        self.out.ask(sfx.index());
    }

    /// Listens to the step `w` just took (call after every step).
    pub fn hear(&mut self, w: &World, carry: &Carry) {
        let out = &mut self.out;
        self.listener
            .get_or_insert_with(|| Listener::new(w, carry))
            .hear(w, carry, &mut |s, place| out.ask_at(s.index(), place));
        self.mood = crate::sound::listen::mood(w);
    }

    /// Forgets the world listened to (a new run or a new range): its past
    /// makes no sound.
    pub fn forget(&mut self) {
        self.listener = None;
        self.mood = Mood::default();
    }

    /// Applies the settings' sliders when they changed.
    pub fn set_volumes(&mut self, master: f32, effects: f32, music: f32) {
        let v = Volumes {
            master: master.clamp(0.0, 1.0),
            effects: effects.clamp(0.0, 1.0),
            music: music.clamp(0.0, 1.0),
        };
        if self.out.volumes() != v {
            self.out.set_volumes(v);
        }
    }

    /// Ends the frame: starts its voices and fades the music's layers to
    /// what `bed` and the fight's mood call for (`None`: no music).
    pub fn end_frame(&mut self, dt: f32, bed: Option<Bed>) {
        self.now += f64::from(dt);
        self.out.end_frame(self.now);
        let gains = bed.map_or([0.0; Layer::ALL.len()], |b| layer_gains(b, self.mood));
        self.out.set_layers(&gains);
    }

    /// The overlay's rows: voices sounding, and the device or why there is none.
    pub fn overlay_rows(&self) -> Vec<(String, String)> {
        let book = self.out.book();
        vec![
            (
                "sound voices".into(),
                format!(
                    "{} (started {}, merged {})",
                    self.out.active_voices(self.now),
                    book.started,
                    book.merged
                ),
            ),
            (
                "music layers".into(),
                Layer::ALL
                    .iter()
                    .zip(self.out.layers())
                    .filter(|(_, g)| **g > 0.0)
                    .map(|(l, g)| format!("{} {:.0}%", l.name(), g * 100.0))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            (
                "sound".into(),
                match self.out.silent_why() {
                    Some(why) => format!("silent: {why}"),
                    None => "playing".into(),
                },
            ),
        ]
    }
}

/// The sound of a player's command that has one (a refusal plays
/// [`crate::sound::Sfx::Deny`] instead).
pub fn command_sfx(cmd: &crate::run::Command) -> Option<Sfx> {
    use crate::run::Command;
    match cmd {
        Command::Buy { .. } => Some(Sfx::Buy),
        Command::SellCard(_) | Command::SellCore(_) => Some(Sfx::Sell),
        Command::Refresh => Some(Sfx::Refresh),
        Command::StartWave | Command::Continue | Command::LeaveShop | Command::Endless => Some(Sfx::Click),
        _ => None,
    }
}
