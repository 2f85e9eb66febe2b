//! The window's sound: the output device (or silence), the listener that
//! turns each fight step into effects, menu clicks and the shop's sounds,
//! and the music bed of the screen in front.

use crate::sound::{Bed, Listener, Sfx};
use crate::world::{Carry, World};
use engine::audio::{AudioOut, Volumes};

/// Everything the window needs to make sound.
#[derive(Debug)]
pub struct SoundDesk {
    out: AudioOut,
    listener: Option<Listener>,
    /// Seconds of real time since the window opened (the voice book's clock).
    now: f64,
}

impl SoundDesk {
    /// Opens the default device (silent without one, with one log line).
    pub fn open() -> Self {
        Self {
            out: crate::sound::open(),
            listener: None,
            now: 0.0,
        }
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
            .hear(w, carry, &mut |s| out.ask(s.index()));
    }

    /// Forgets the world listened to (a new run or a new range): its past
    /// makes no sound.
    pub fn forget(&mut self) {
        self.listener = None;
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

    /// Ends the frame: starts its voices and keeps `bed` playing.
    pub fn end_frame(&mut self, dt: f32, bed: Option<Bed>) {
        self.now += f64::from(dt);
        self.out.end_frame(self.now);
        self.out.set_bed(bed.map(Bed::index));
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
