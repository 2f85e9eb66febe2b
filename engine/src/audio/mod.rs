//! Sound machinery: synthesis from recipes, the voice book that keeps a
//! crowd of events from becoming noise, the stereo mixer, a loudness meter
//! and the kira output. Which event
//! makes which sound is the game's business (`game::sound`).

pub mod loudness;
pub mod mixer;
pub mod output;
pub mod synth;
pub mod voices;

pub use mixer::{Cue, Mixer, Stem};
pub use output::{AudioOut, SoundBank, Volumes};
pub use synth::{Partial, SAMPLE_RATE, Wave};
pub use voices::{Place, Play, VoiceBook, VoicePolicy};
