//! The void lord's barrage reflect shield (docs/game.md#reflect-shield, "弹幕反射盾").
//!
//! A leaky bucket of projectile hits: each hit adds one, the bucket drains
//! `hits / window_s` per second. When it fills while the shield is off its
//! cooldown, the shield goes up for `duration_s` and turns back every
//! projectile that hits the boss (as a mirror does, from any side and of any
//! element); the reflected shots fly back at the player. So a barrage of many
//! small shots is answered with itself, and a build of fewer, heavier hits
//! (the seed's "each shot over 250 damage", docs/game.md#reflect-shield) never raises it.

use serde::{Deserialize, Serialize};

/// The shield as written in a boss file (`"barrage_shield"`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BarrageShieldDef {
    /// Hits within `window_s` that raise it.
    pub hits: f32,
    /// The window, s (the bucket drains `hits / window_s` per second).
    pub window_s: f32,
    /// Seconds it stays up.
    pub duration_s: f32,
    /// Seconds from raising until it can rise again.
    pub cooldown_s: f32,
}

/// The shield's state on one boss.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct BarrageShield {
    /// Hits in the bucket.
    pub load: f32,
    /// Seconds it stays up (0: down).
    pub up: f32,
    /// Seconds until it can rise again.
    pub cooldown: f32,
}

/// What the shield did with one hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShieldHit {
    /// Down: the hit lands.
    Lands,
    /// This hit filled the bucket: it lands, and the shield rises.
    Raised,
    /// Up: the hit is turned back.
    Reflected,
}

impl BarrageShield {
    /// Drains the bucket and counts the timers down by `dt`.
    pub fn tick(&mut self, def: &BarrageShieldDef, dt: f32) {
        let drain = def.hits / def.window_s.max(1.0e-3);
        self.load = (self.load - drain * dt).max(0.0);
        self.up = (self.up - dt).max(0.0);
        self.cooldown = (self.cooldown - dt).max(0.0);
    }

    /// A projectile hit on the boss.
    pub fn on_hit(&mut self, def: &BarrageShieldDef) -> ShieldHit {
        if self.up > 0.0 {
            return ShieldHit::Reflected;
        }
        self.load += 1.0;
        if self.load >= def.hits && self.cooldown <= 0.0 {
            self.up = def.duration_s;
            self.cooldown = def.cooldown_s;
            self.load = 0.0;
            return ShieldHit::Raised;
        }
        ShieldHit::Lands
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEF: BarrageShieldDef = BarrageShieldDef {
        hits: 20.0,
        window_s: 1.0,
        duration_s: 2.0,
        cooldown_s: 6.0,
    };

    /// Hits at `per_s` for `secs`; returns (reflected, raised) counts.
    fn barrage(per_s: u32, secs: u32) -> (u32, u32) {
        let mut s = BarrageShield::default();
        let dt = 1.0 / 60.0;
        let (mut refl, mut raised) = (0, 0);
        for step in 0..secs * 60 {
            s.tick(&DEF, dt);
            // `per_s` hits spread over the 60 steps of each second.
            let due = (step + 1) * per_s / 60 - step * per_s / 60;
            for _ in 0..due {
                match s.on_hit(&DEF) {
                    ShieldHit::Reflected => refl += 1,
                    ShieldHit::Raised => raised += 1,
                    ShieldHit::Lands => {}
                }
            }
        }
        (refl, raised)
    }

    #[test]
    fn a_barrage_raises_it_and_heavy_slow_hits_never_do() {
        let (refl, raised) = barrage(40, 10);
        assert_eq!(
            raised, 2,
            "10 s of 40 hits/s: up at once, again after the 6 s cooldown"
        );
        assert!(refl >= 150, "{refl} turned back");
        assert_eq!(barrage(10, 30), (0, 0), "10 hits/s drain as fast as they come");
    }
}
