//! The shot scope: what the modifiers drawn so far do to the next action.
//!
//! A modifier copies the incoming scope, adds its own deltas, and draws one
//! chip with the copy (docs/vm.md#modifiers); a multicast hands its
//! incoming scope to each of its draws. Scopes are plain values, so a copy is
//! cheap and a branch never leaks into its sibling.

use super::spells::ModifierDef;

/// Accumulated modifier effects.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scope {
    /// Flat damage added.
    pub add_damage: f32,
    /// Damage multiplier.
    pub damage_mult: f32,
    /// px/s added.
    pub add_speed: f32,
    /// Speed multiplier.
    pub speed_mult: f32,
    /// Spread added, degrees.
    pub spread_deg: f32,
    /// Radius added, px.
    pub add_radius: f32,
    /// Lifetime multiplier.
    pub lifetime_mult: f32,
    /// Homing, rad/s.
    pub homing: f32,
    /// Homing acquire radius, px.
    pub acquire_radius: f32,
    /// Pierce added.
    pub pierce: u32,
    /// Bounces added.
    pub bounces: u32,
    /// Sine amplitude, px.
    pub sine_amp: f32,
    /// Sine frequency, Hz.
    pub sine_freq: f32,
    /// Explosion radius added, px.
    pub explosion_radius: f32,
    /// Fraction of damage returned as HP.
    pub lifesteal: f32,
    /// Conversion asks per element (see [`crate::element::ElementShares::converted`]).
    pub convert: [f32; 5],
}

impl Scope {
    /// The empty scope every cast and every payload starts from.
    pub const BASE: Scope = Scope {
        add_damage: 0.0,
        damage_mult: 1.0,
        add_speed: 0.0,
        speed_mult: 1.0,
        spread_deg: 0.0,
        add_radius: 0.0,
        lifetime_mult: 1.0,
        homing: 0.0,
        acquire_radius: 0.0,
        pierce: 0,
        bounces: 0,
        sine_amp: 0.0,
        sine_freq: 0.0,
        explosion_radius: 0.0,
        lifesteal: 0.0,
        convert: [0.0; 5],
    };

    /// This scope with modifier `m` applied at `factor` strength (2 = a boosted slot).
    ///
    /// Additive deltas scale by `factor`; a multiplier `k` becomes
    /// `1 + (k - 1) × factor`, never below 0. Values stay finite: adds saturate at ±1e6.
    pub fn with(&self, m: &ModifierDef, factor: f32) -> Scope {
        let lim = |x: f32| x.clamp(-1.0e6, 1.0e6);
        let mult = |acc: f32, k: f32| lim(acc * (1.0 + (k - 1.0) * factor).max(0.0));
        let count = |acc: u32, add: u32| {
            acc.saturating_add((add as f32 * factor).round() as u32)
                .min(1_000)
        };
        let mut s = *self;
        s.add_damage = lim(s.add_damage + m.add_damage * factor);
        s.damage_mult = mult(s.damage_mult, m.damage_mult);
        s.add_speed = lim(s.add_speed + m.add_speed * factor);
        s.speed_mult = mult(s.speed_mult, m.speed_mult);
        s.spread_deg = lim(s.spread_deg + m.add_spread_deg * factor);
        s.add_radius = lim(s.add_radius + m.add_radius * factor);
        s.lifetime_mult = mult(s.lifetime_mult, m.lifetime_mult);
        s.homing = lim(s.homing + m.homing * factor);
        s.acquire_radius = s.acquire_radius.max(m.acquire_radius);
        s.pierce = count(s.pierce, m.add_pierce);
        s.bounces = count(s.bounces, m.add_bounces);
        s.sine_amp = lim(s.sine_amp + m.sine_amp * factor);
        s.sine_freq = s.sine_freq.max(m.sine_freq);
        s.explosion_radius = lim(s.explosion_radius + m.add_explosion_radius * factor);
        s.lifesteal = (s.lifesteal + m.lifesteal * factor).clamp(0.0, 1.0);
        if let Some(c) = &m.convert {
            let i = c.to.index();
            s.convert[i] = (s.convert[i] + c.share * factor).min(1.0);
        }
        s
    }
}
