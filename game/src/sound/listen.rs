//! Which happening makes which sound: a [`Listener`] looks at the world
//! after each step and asks for effects. The rules never call into sound;
//! the listener reads what they already publish (the effects list, the
//! step's counters, boss events, the wallet, the blade and the charge).

use super::Sfx;
use crate::combat::ReactionKind;
use crate::melee::SwingPhase;
use crate::world::{Carry, EffectKind, World};

/// What the last step looked like, to tell what changed.
#[derive(Debug, Clone, Default)]
pub struct Listener {
    effects_seen: u64,
    gold: u64,
    charge_full: bool,
    /// Charge progress at the last charging tick.
    charge_tick: f32,
    swing: SwingPhase,
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
        }
    }

    /// Asks `out` for the sounds of the step `w` just took.
    pub fn hear(&mut self, w: &World, carry: &Carry, out: &mut impl FnMut(Sfx)) {
        if w.counters.casts > 0 {
            out(Sfx::Cast(
                w.counters
                    .cast_element
                    .unwrap_or(crate::element::Element::Physical),
            ));
        }
        for e in w.effects.fresh(self.effects_seen) {
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
        for b in &w.boss_events {
            if let crate::enemies::bosses::BossEvent::PhaseChanged { .. } = b {
                out(Sfx::BossPhase);
            }
        }
        // Gold also changes between waves (settlement, the shop): only a
        // rise during a fight, after its first step, is a coin picked up.
        let gold = carry.wallet.gold();
        if gold > self.gold && w.wave_steps > 1 {
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
