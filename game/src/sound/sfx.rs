//! Every sound effect the game has, by name, with its recipe and how often
//! it may sound.
//!
//! A recipe is a few [`Partial`]s (see `engine::audio::synth`): the element
//! decides the colour of a cast or a hit (fire a bright saw that falls,
//! ice a glassy sine that rises, lightning a buzzing square, poison a wet
//! low triangle, physical a short noise thump). Busy sounds (casts, hits,
//! deaths) are quiet and capped in voices and repeats; moments (level-up,
//! a boss phase, a buy) are single and louder.

use crate::element::Element;
use engine::audio::{Partial, VoicePolicy, Wave};

/// A sound effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sfx {
    /// The core cast a spell of this element.
    Cast(Element),
    /// A shot hit an enemy; the element of most of the damage.
    Hit(Element),
    /// A hit on an armoured enemy: a metallic clank under the hit.
    Armour,
    /// Steam (fire on wet, fire on frozen, ice on burning).
    Steam,
    /// An explosion (oil blast, overload, a payload's blast).
    Boom,
    /// Frozen solid.
    Freeze,
    /// Current through water.
    Zap,
    /// A frozen enemy shattered.
    Shatter,
    /// An enemy died.
    Death,
    /// An elite or a boss died.
    BigDeath,
    /// The player was hurt.
    Hurt,
    /// Gold picked up.
    Coin,
    /// A level gained.
    LevelUp,
    /// Something bought in the shop.
    Buy,
    /// Something sold.
    Sell,
    /// The shop refreshed.
    Refresh,
    /// Not enough gold, or not allowed.
    Deny,
    /// A boss entered its next phase.
    BossPhase,
    /// The stand-charge building (a soft rising tick while still).
    Charging,
    /// The stand-charge is full: the next cast is overloaded.
    ChargeFull,
    /// A blade swing.
    Swing,
    /// A blade hit.
    BladeHit,
    /// A parry.
    Parry,
    /// A button press in a menu.
    Click,
    /// The wave is cleared: the sting under the settlement's slide-in.
    WaveClear,
    /// The player fell: the sting under the death's beat.
    Fallen,
}

impl Sfx {
    /// Every effect, in bank order (the index is [`Sfx::index`]).
    pub const ALL: [Sfx; 34] = [
        Sfx::Cast(Element::Physical),
        Sfx::Cast(Element::Fire),
        Sfx::Cast(Element::Ice),
        Sfx::Cast(Element::Lightning),
        Sfx::Cast(Element::Poison),
        Sfx::Hit(Element::Physical),
        Sfx::Hit(Element::Fire),
        Sfx::Hit(Element::Ice),
        Sfx::Hit(Element::Lightning),
        Sfx::Hit(Element::Poison),
        Sfx::Armour,
        Sfx::Steam,
        Sfx::Boom,
        Sfx::Freeze,
        Sfx::Zap,
        Sfx::Shatter,
        Sfx::Death,
        Sfx::BigDeath,
        Sfx::Hurt,
        Sfx::Coin,
        Sfx::LevelUp,
        Sfx::Buy,
        Sfx::Sell,
        Sfx::Refresh,
        Sfx::Deny,
        Sfx::BossPhase,
        Sfx::Charging,
        Sfx::ChargeFull,
        Sfx::Swing,
        Sfx::BladeHit,
        Sfx::Parry,
        Sfx::Click,
        Sfx::WaveClear,
        Sfx::Fallen,
    ];

    /// Its place in the bank.
    pub fn index(self) -> usize {
        match self {
            Sfx::Cast(e) => e.index(),
            Sfx::Hit(e) => 5 + e.index(),
            Sfx::Armour => 10,
            Sfx::Steam => 11,
            Sfx::Boom => 12,
            Sfx::Freeze => 13,
            Sfx::Zap => 14,
            Sfx::Shatter => 15,
            Sfx::Death => 16,
            Sfx::BigDeath => 17,
            Sfx::Hurt => 18,
            Sfx::Coin => 19,
            Sfx::LevelUp => 20,
            Sfx::Buy => 21,
            Sfx::Sell => 22,
            Sfx::Refresh => 23,
            Sfx::Deny => 24,
            Sfx::BossPhase => 25,
            Sfx::Charging => 26,
            Sfx::ChargeFull => 27,
            Sfx::Swing => 28,
            Sfx::BladeHit => 29,
            Sfx::Parry => 30,
            Sfx::Click => 31,
            Sfx::WaveClear => 32,
            Sfx::Fallen => 33,
        }
    }

    /// How often it may sound.
    pub fn policy(self) -> VoicePolicy {
        match self {
            // A 2,000-shot build casts every step: two voices, 60 ms apart.
            Sfx::Cast(_) => VoicePolicy::busy(2, 0.06, -14.0),
            Sfx::Hit(_) => VoicePolicy::busy(3, 0.045, -13.0),
            Sfx::Armour => VoicePolicy::busy(2, 0.08, -15.0),
            Sfx::Steam | Sfx::Freeze | Sfx::Zap | Sfx::Shatter => VoicePolicy::busy(2, 0.12, -10.0),
            Sfx::Boom => VoicePolicy::busy(2, 0.15, -7.0),
            Sfx::Death => VoicePolicy::busy(3, 0.05, -11.0),
            Sfx::BigDeath => VoicePolicy::busy(1, 0.3, -4.0),
            Sfx::Hurt => VoicePolicy::busy(1, 0.15, -5.0),
            Sfx::Coin => VoicePolicy::busy(2, 0.05, -12.0),
            Sfx::Charging => VoicePolicy::busy(1, 0.25, -16.0),
            Sfx::Swing => VoicePolicy::busy(2, 0.08, -9.0),
            Sfx::BladeHit => VoicePolicy::busy(2, 0.06, -7.0),
            Sfx::Click => VoicePolicy::single(-12.0),
            Sfx::Deny => VoicePolicy::single(-10.0),
            Sfx::LevelUp | Sfx::BossPhase | Sfx::ChargeFull | Sfx::Parry => VoicePolicy::single(-4.0),
            Sfx::Buy | Sfx::Sell | Sfx::Refresh => VoicePolicy::single(-8.0),
            // The two moments that end a wave sit on top of the mix.
            Sfx::WaveClear | Sfx::Fallen => VoicePolicy::single(-1.0),
        }
    }

    /// Its recipe.
    #[expect(
        clippy::too_many_lines,
        reason = "one match over every sound's synthesis recipe"
    )]
    pub fn recipe(self) -> Vec<Partial> {
        use Wave::*;
        let p = Partial::new;
        match self {
            Sfx::Cast(Element::Physical) => vec![
                p(Noise, 5000.0, 0.09).glide(1200.0).env(0.002, 0.03),
                p(Triangle, 520.0, 0.07).glide(300.0).gain(0.4),
            ],
            Sfx::Cast(Element::Fire) => vec![
                p(Saw, 330.0, 0.16).glide(140.0).env(0.004, 0.06).gain(0.6),
                p(Noise, 2500.0, 0.16).glide(600.0).env(0.01, 0.07).gain(0.7),
            ],
            Sfx::Cast(Element::Ice) => vec![
                p(Sine, 1200.0, 0.14).glide(2100.0).env(0.003, 0.05).gain(0.6),
                p(Sine, 1800.0, 0.12).glide(3000.0).env(0.003, 0.04).gain(0.3),
            ],
            Sfx::Cast(Element::Lightning) => vec![
                p(Square, 180.0, 0.12).glide(90.0).env(0.001, 0.05).tremolo(60.0),
                p(Noise, 7000.0, 0.06).env(0.001, 0.02).gain(0.5),
            ],
            Sfx::Cast(Element::Poison) => vec![
                p(Triangle, 260.0, 0.15)
                    .glide(180.0)
                    .env(0.01, 0.06)
                    .tremolo(18.0),
                p(Noise, 900.0, 0.12).env(0.01, 0.05).gain(0.4),
            ],
            Sfx::Hit(Element::Physical) => vec![
                p(Noise, 1800.0, 0.07).glide(400.0).env(0.001, 0.02),
                p(Sine, 160.0, 0.06).glide(90.0).gain(0.6),
            ],
            Sfx::Hit(Element::Fire) => vec![
                p(Noise, 3000.0, 0.1).glide(700.0).env(0.001, 0.03),
                p(Saw, 200.0, 0.08).glide(100.0).gain(0.3),
            ],
            Sfx::Hit(Element::Ice) => vec![
                p(Sine, 2400.0, 0.08).glide(1800.0).env(0.001, 0.025).gain(0.5),
                p(Noise, 6000.0, 0.05).env(0.001, 0.015).gain(0.5),
            ],
            Sfx::Hit(Element::Lightning) => vec![
                p(Square, 440.0, 0.06).glide(220.0).env(0.001, 0.02).gain(0.6),
                p(Noise, 8000.0, 0.05).env(0.001, 0.015).gain(0.5),
            ],
            Sfx::Hit(Element::Poison) => vec![
                p(Noise, 700.0, 0.1).env(0.005, 0.04),
                p(Triangle, 140.0, 0.08).glide(110.0).gain(0.4),
            ],
            Sfx::Armour => vec![
                p(Square, 1250.0, 0.12).env(0.001, 0.04).gain(0.4),
                p(Sine, 1870.0, 0.15).env(0.001, 0.05).gain(0.4),
            ],
            Sfx::Steam => vec![p(Noise, 6000.0, 0.45).glide(3000.0).env(0.03, 0.15)],
            Sfx::Boom => vec![
                p(Noise, 1200.0, 0.6).glide(150.0).env(0.002, 0.18),
                p(Sine, 90.0, 0.5).glide(40.0).env(0.002, 0.15),
            ],
            Sfx::Freeze => vec![
                p(Sine, 3000.0, 0.3).glide(1500.0).env(0.002, 0.1).gain(0.5),
                p(Noise, 9000.0, 0.2).env(0.002, 0.05).gain(0.4),
            ],
            Sfx::Zap => vec![
                p(Square, 90.0, 0.3).glide(60.0).env(0.001, 0.1).tremolo(45.0),
                p(Noise, 9000.0, 0.25).env(0.001, 0.08).gain(0.5),
            ],
            Sfx::Shatter => vec![
                p(Noise, 8000.0, 0.35).glide(3000.0).env(0.001, 0.08),
                p(Sine, 2600.0, 0.2).env(0.001, 0.05).gain(0.4),
                p(Sine, 3900.0, 0.2).at(0.03).env(0.001, 0.05).gain(0.3),
            ],
            Sfx::Death => vec![
                p(Noise, 1500.0, 0.18).glide(200.0).env(0.002, 0.06),
                p(Triangle, 300.0, 0.15).glide(80.0).gain(0.5),
            ],
            Sfx::BigDeath => vec![
                p(Noise, 2000.0, 0.9).glide(80.0).env(0.002, 0.3),
                p(Sine, 110.0, 0.8).glide(35.0).env(0.002, 0.3),
                p(Saw, 220.0, 0.5).glide(55.0).env(0.01, 0.15).gain(0.3),
            ],
            Sfx::Hurt => vec![
                p(Square, 220.0, 0.2).glide(110.0).env(0.001, 0.08).gain(0.6),
                p(Noise, 1200.0, 0.15).env(0.001, 0.05).gain(0.6),
            ],
            Sfx::Coin => vec![
                p(Square, 1568.0, 0.05).env(0.001, 0.03).gain(0.35),
                p(Square, 2093.0, 0.12).at(0.05).env(0.001, 0.05).gain(0.35),
            ],
            Sfx::LevelUp => arpeggio(&[523.25, 659.25, 783.99, 1046.5], 0.07, Triangle, 0.35),
            Sfx::Buy => vec![
                p(Triangle, 880.0, 0.08).env(0.001, 0.04).gain(0.6),
                p(Triangle, 1318.5, 0.2).at(0.07).env(0.001, 0.08).gain(0.6),
                p(Square, 2637.0, 0.1).at(0.07).env(0.001, 0.03).gain(0.15),
            ],
            Sfx::Sell => vec![
                p(Triangle, 1318.5, 0.08).env(0.001, 0.04).gain(0.6),
                p(Triangle, 880.0, 0.18).at(0.07).env(0.001, 0.07).gain(0.6),
            ],
            Sfx::Refresh => vec![
                p(Noise, 2000.0, 0.25).glide(6000.0).env(0.05, 0.1).gain(0.5),
                p(Triangle, 660.0, 0.2).glide(990.0).env(0.01, 0.08).gain(0.4),
            ],
            Sfx::Deny => vec![
                p(Square, 160.0, 0.09).env(0.001, 0.05).gain(0.5),
                p(Square, 120.0, 0.12).at(0.1).env(0.001, 0.05).gain(0.5),
            ],
            Sfx::BossPhase => vec![
                p(Saw, 55.0, 1.2).glide(110.0).env(0.2, 0.5).gain(0.6),
                p(Saw, 82.4, 1.2).glide(164.8).env(0.2, 0.5).gain(0.4),
                p(Noise, 400.0, 1.0).env(0.3, 0.4).gain(0.4),
            ],
            Sfx::Charging => vec![p(Sine, 440.0, 0.2).glide(660.0).env(0.05, 0.1).gain(0.5)],
            Sfx::ChargeFull => vec![
                p(Sine, 880.0, 0.5).env(0.005, 0.2).gain(0.5),
                p(Sine, 1320.0, 0.5).env(0.005, 0.2).gain(0.35),
                p(Sine, 1760.0, 0.4).at(0.04).env(0.005, 0.15).gain(0.25),
            ],
            Sfx::Swing => vec![p(Noise, 900.0, 0.18).glide(3500.0).env(0.04, 0.06)],
            Sfx::BladeHit => vec![
                p(Noise, 2500.0, 0.14).glide(500.0).env(0.001, 0.04),
                p(Saw, 150.0, 0.12).glide(70.0).gain(0.5),
            ],
            Sfx::Parry => vec![
                p(Square, 1760.0, 0.4).env(0.001, 0.12).gain(0.4),
                p(Sine, 2637.0, 0.5).env(0.001, 0.15).gain(0.5),
                p(Noise, 9000.0, 0.06).env(0.001, 0.02).gain(0.5),
            ],
            Sfx::Click => vec![p(Triangle, 1200.0, 0.04).glide(900.0).env(0.001, 0.012).gain(0.6)],
            Sfx::WaveClear => wave_clear(),
            Sfx::Fallen => fallen(),
        }
    }
}

/// Notes one after another, each ringing on.
fn arpeggio(notes: &[f32], step_s: f32, wave: Wave, gain: f32) -> Vec<Partial> {
    notes
        .iter()
        .enumerate()
        .map(|(i, hz)| {
            Partial::new(wave, *hz, 0.35)
                .at(i as f32 * step_s)
                .env(0.002, 0.12)
                .gain(gain)
        })
        .collect()
}

/// A rising A major arpeggio that lands on a ringing chord with a swell of
/// air: the music's A minor resolved, the wave won.
fn wave_clear() -> Vec<Partial> {
    let mut v = arpeggio(&[440.0, 554.37, 659.25, 880.0], 0.09, Wave::Triangle, 0.4);
    for (i, hz) in [880.0, 1108.73, 1318.51].iter().enumerate() {
        v.push(
            Partial::new(Wave::Sine, *hz, 1.3)
                .at(0.36)
                .env(0.01, 0.5)
                .release(0.4)
                .gain(0.28 - 0.05 * i as f32)
                .tremolo(5.0),
        );
    }
    v.push(
        Partial::new(Wave::Noise, 7000.0, 0.8)
            .glide(12_000.0)
            .at(0.2)
            .env(0.25, 0.2)
            .release(0.3)
            .gain(0.15),
    );
    v
}

/// A falling minor line over a low blow and a sinking saw: the run's end.
fn fallen() -> Vec<Partial> {
    let mut v = vec![
        Partial::new(Wave::Sine, 70.0, 1.4)
            .glide(30.0)
            .env(0.002, 0.45)
            .release(0.3)
            .gain(0.8),
        Partial::new(Wave::Noise, 900.0, 0.9)
            .glide(120.0)
            .env(0.002, 0.25)
            .release(0.3)
            .gain(0.5),
        Partial::new(Wave::Saw, 220.0, 1.6)
            .glide(98.0)
            .at(0.1)
            .env(0.05, 0.6)
            .release(0.4)
            .gain(0.25),
    ];
    for (i, hz) in [329.63, 261.63, 220.0].iter().enumerate() {
        v.push(
            Partial::new(Wave::Triangle, *hz, 0.9)
                .at(0.25 + 0.3 * i as f32)
                .env(0.005, 0.35)
                .release(0.3)
                .gain(0.35),
        );
    }
    v
}
