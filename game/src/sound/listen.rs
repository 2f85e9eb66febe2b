//! Which happening makes which sound: a [`Listener`] looks at the world
//! after each step and asks for effects. The rules never call into sound;
//! the listener reads what they already publish (the effects list, the
//! step's counters, boss events, the wallet, the blade and the charge).
//!
//! A sound with a place in the world (a hit, a death, a blast) is placed
//! relative to the player ([`place`]); the rest sound at the player. The
//! end of a wave plays its sting, and [`mood`] reads how hard the fight is
//! for the music's layers. Listening reads the world and never writes it.

use super::Sfx;
use super::music::Mood;
use crate::combat::ReactionKind;
use crate::melee::SwingPhase;
use crate::world::{Carry, EffectKind, World};
use engine::audio::Place;
use glam::Vec2;

/// Half the view at the reference window (1280×720 at zoom 1), world px:
/// the distance at which a sound reaches the screen's edge.
pub const HALF_VIEW: Vec2 = Vec2::new(640.0, 360.0);

/// Where a sound at `offset` from the player (world px) sits: panned by
/// its side (to ±0.85 at the screen's edge, never hard to one ear), up to
/// 3 dB quieter toward the edge, and 9 to 15 dB quieter off-screen (a
/// fight beyond the view is heard, but under the one in front of you).
/// docs/sound.md#panning
pub fn place(offset: Vec2) -> Place {
    let pan = (offset.x / HALF_VIEW.x).clamp(-1.0, 1.0) * 0.85;
    // 1 at the screen's edge, along whichever axis reaches it first.
    let r = (offset / HALF_VIEW).abs().max_element();
    let gain_db = if r <= 1.0 {
        -3.0 * r
    } else {
        -9.0 - 6.0 * (r - 1.0).min(1.0)
    };
    Place { pan, gain_db }
}

/// How hard the fight is now, for the music (docs/sound.md#layers).
pub fn mood(w: &World) -> Mood {
    let p = &w.player;
    Mood {
        crowd: w.enemies().alive_count() as u32,
        boss: w.boss_alive(),
        hp: (p.hp / p.hp_max().max(1.0)).clamp(0.0, 1.0),
    }
}

/// What the last step looked like, to tell what changed.
#[derive(Debug, Clone, Default)]
pub struct Listener {
    effects_seen: u64,
    gold: u64,
    charge_full: bool,
    /// Charge progress at the last charging tick.
    charge_tick: f32,
    swing: SwingPhase,
    /// A wave was running at the last step.
    in_wave: bool,
}

/// The sound of a reaction, if it has its own (the status-only ones, like
/// a plain ignite or slow, are the hit's sound).
pub fn reaction_sfx(kind: ReactionKind) -> Option<Sfx> {
    match kind {
        ReactionKind::Vaporise | ReactionKind::Melt | ReactionKind::Quench => Some(Sfx::Steam),
        ReactionKind::OilBlast | ReactionKind::Overload => Some(Sfx::Boom),
        ReactionKind::Freeze => Some(Sfx::Freeze),
        ReactionKind::Conduction => Some(Sfx::Zap),
        ReactionKind::Shatter => Some(Sfx::Shatter),
        _ => None,
    }
}

impl Listener {
    /// Starts listening to `w` as it is now (nothing it already did sounds).
    pub fn new(w: &World, carry: &Carry) -> Self {
        Self {
            effects_seen: w.effects.pushed,
            gold: carry.wallet.gold(),
            charge_full: false,
            charge_tick: 0.0,
            swing: SwingPhase::Idle,
            in_wave: w.in_wave(),
        }
    }

    /// Asks `out` for the sounds of the step `w` just took, each with its
    /// place in the field.
    pub fn hear(&mut self, w: &World, carry: &Carry, out: &mut impl FnMut(Sfx, Place)) {
        // The run ends the wave inside the step that finished it.
        let ended = self.in_wave && !w.in_wave();
        self.in_wave = w.in_wave();
        if ended {
            let sting = if w.player.alive() {
                Sfx::WaveClear
            } else {
                Sfx::Fallen
            };
            out(sting, Place::CENTRE);
        }
        self.hear_effects(w, out);
        let mut at = |s: Sfx| out(s, Place::CENTRE);
        if w.counters.casts > 0 {
            at(Sfx::Cast(
                w.counters
                    .cast_element
                    .unwrap_or(crate::element::Element::Physical),
            ));
        }
        self.hear_player(w, carry, ended, &mut at);
    }

    /// The effects the step published, placed where they happened.
    fn hear_effects(&mut self, w: &World, out: &mut impl FnMut(Sfx, Place)) {
        let me = w.player.pos;
        for e in w.effects.fresh(self.effects_seen) {
            let here = place(e.pos - me);
            let mut out = |s: Sfx| out(s, here);
            match e.kind {
                EffectKind::Damage {
                    element, armoured, ..
                } => {
                    out(Sfx::Hit(element));
                    if armoured {
                        out(Sfx::Armour);
                    }
                }
                EffectKind::PlayerHurt { .. } => out(Sfx::Hurt),
                EffectKind::DeathBurst { big, .. } => out(if big { Sfx::BigDeath } else { Sfx::Death }),
                EffectKind::Reaction { kind } => {
                    if let Some(s) = reaction_sfx(kind) {
                        out(s);
                    }
                }
                EffectKind::Blast { .. } => out(Sfx::Boom),
                EffectKind::LevelUp => out(Sfx::LevelUp),
                EffectKind::MeleeHit => out(Sfx::BladeHit),
                EffectKind::Parry => out(Sfx::Parry),
                EffectKind::MeleeAbort => out(Sfx::Deny),
            }
        }
        self.effects_seen = w.effects.pushed;
    }

    /// The player's own sounds: a boss's phase, coins, the charge, the blade.
    fn hear_player(&mut self, w: &World, carry: &Carry, ended: bool, out: &mut impl FnMut(Sfx)) {
        for b in &w.boss_events {
            if let crate::enemies::bosses::BossEvent::PhaseChanged { .. } = b {
                out(Sfx::BossPhase);
            }
        }
        // Gold also changes between waves (settlement, the shop): only a
        // rise during a fight, after its first step, is a coin picked up
        // (the wave's end sweeps the floor under its sting instead).
        let gold = carry.wallet.gold();
        if gold > self.gold && w.wave_steps > 1 && !ended {
            out(Sfx::Coin);
        }
        self.gold = gold;
        match w.charge_state(carry) {
            Some(c) if c.full => {
                if !self.charge_full {
                    out(Sfx::ChargeFull);
                }
                self.charge_full = true;
            }
            Some(c) if c.shown => {
                // A soft tick each fifth of the charge.
                if c.progress >= self.charge_tick + 0.2 {
                    out(Sfx::Charging);
                    self.charge_tick = c.progress;
                }
                self.charge_full = false;
            }
            _ => {
                self.charge_full = false;
                self.charge_tick = 0.0;
            }
        }
        let phase = w.blade_swing().map(|(s, _)| s.phase).unwrap_or_default();
        if phase == SwingPhase::Strike && self.swing != SwingPhase::Strike {
            out(Sfx::Swing);
        }
        self.swing = phase;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sound_is_placed_by_its_side_and_its_distance() {
        let at = |x: f32, y: f32| place(Vec2::new(x, y));
        assert_eq!(at(0.0, 0.0), Place::CENTRE);
        let edge = at(640.0, 0.0);
        assert!(
            (edge.pan - 0.85).abs() < 1e-6 && (edge.gain_db + 3.0).abs() < 1e-6,
            "{edge:?}"
        );
        let left = at(-320.0, 100.0);
        assert!((left.pan + 0.425).abs() < 1e-6 && left.gain_db > -2.0, "{left:?}");
        // Off screen: 9 dB down past the edge, 15 dB a screen further.
        let below = at(0.0, 720.0);
        assert_eq!((below.pan, below.gain_db), (0.0, -15.0));
        let beyond = at(-2000.0, 0.0);
        assert_eq!((beyond.pan, beyond.gain_db), (-0.85, -15.0));
        let just_off = at(700.0, 0.0);
        assert!(
            just_off.gain_db < -9.0 && just_off.gain_db > -10.0,
            "{just_off:?}"
        );
    }
}
