//! One blade's swing: IDLE → WINDUP (0.17 s) → STRIKE (0.13 s) → RECOVER
//! (0.24 s), starts at most every 0.60 s, the combo slash → backhand → spin
//! held 1.1 s after a strike. Everything a swing needs is baked at windup
//! start ([`Baked`]), so a change of gear mid-swing changes nothing (the
//! seed's `BakeSwing`). The blade sweeps the sector from one edge to the
//! other, the side alternating from swing to swing.

use super::defs::{BladeDef, MeleeRules};
use super::sweep::Band;

/// Where a swing is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SwingPhase {
    /// Sheathed: no swing.
    #[default]
    Idle,
    /// Winding up along a fixed axis (the telegraph).
    Windup,
    /// The blade sweeps; the player dashes along the axis.
    Strike,
    /// Open and slow.
    Recover,
}

/// A swing's parameters, fixed at its windup start.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Baked {
    /// Index in the combo.
    pub combo: usize,
    /// Axis, rad.
    pub axis: f32,
    /// Half the sector, rad.
    pub half: f32,
    /// Blade width, rad.
    pub blade: f32,
    /// Reach, px.
    pub reach: f32,
    /// Damage.
    pub damage: f32,
    /// Knockback, px/s.
    pub knockback: f32,
    /// Windup, s.
    pub windup_s: f32,
    /// Until the next swing may start, s.
    pub interval_s: f32,
    /// Sweep direction: +1 counter-clockwise, −1 clockwise.
    pub side: f32,
    /// Dash speed and acceleration along the axis.
    pub dash: (f32, f32),
}

/// The blade angles one step swept, when the strike was live in it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sweep {
    /// Angle at the step's start (or the strike's start), rad.
    pub from: f32,
    /// Angle at the step's end (or the strike's end), rad.
    pub to: f32,
}

/// A blade's swing state.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Swing {
    /// Phase.
    pub phase: SwingPhase,
    /// Seconds into the phase.
    pub t: f32,
    /// Seconds since the last swing start (∞-like when none).
    pub since_start: f32,
    /// Seconds since the last strike ended (the combo window).
    pub since_strike: f32,
    /// The live swing's parameters.
    pub baked: Option<Baked>,
    /// Combo index of the next swing.
    pub next_combo: usize,
    /// Side of the next swing.
    pub next_side: f32,
    /// Enemy slots this swing already cut (one hit per target per swing).
    pub hit: Vec<u32>,
}

impl Swing {
    /// A sheathed blade, ready.
    pub fn new() -> Self {
        Self {
            since_start: f32::MAX,
            since_strike: f32::MAX,
            next_side: 1.0,
            ..Self::default()
        }
    }

    /// True while the swing is committed (windup or strike): only then a blow can be parried.
    pub fn committed(&self) -> bool {
        matches!(self.phase, SwingPhase::Windup | SwingPhase::Strike)
    }

    /// The chance that a blow meeting the player is parried: none unless the
    /// swing is committed (a sheathed or recovering blade never parries),
    /// else the blade's own chance plus the player's `parry` stat, at most
    /// certain (docs/game.md#melee).
    pub fn parry_chance(&self, blade: &BladeDef, parry_stat: f32) -> Option<f32> {
        self.committed()
            .then(|| (blade.parry + parry_stat).clamp(0.0, 1.0))
    }

    /// True when a new swing may start now: sheathed or recovering, and the
    /// interval since the last start (× the combo's pause) has passed. A quick
    /// backhand's pause is shorter than its own phases, so a swing's recovery
    /// gives way to the next start (the seed: three swings in 1.71 s).
    pub fn ready(&self) -> bool {
        matches!(self.phase, SwingPhase::Idle | SwingPhase::Recover)
            && self
                .baked
                .is_none_or(|b| self.since_start >= b.interval_s - 1.0e-4)
    }

    /// Half the sector (rad, blade width excluded) the next swing would have
    /// if it started now: what sector discipline checks before starting.
    pub fn next_half(&self, blade: &BladeDef, rules: &MeleeRules) -> f32 {
        let k = if self.since_strike > rules.phases.combo_window_s {
            0
        } else {
            self.next_combo % rules.combo.len().max(1)
        };
        let sector = rules.combo.get(k).map_or(1.0, |c| c.sector);
        (blade.arc_deg * sector).min(359.0).to_radians() / 2.0
    }

    /// Starts a swing along `axis` with `blade` and its `parry`-free values,
    /// baking them; the combo continues if the last strike ended inside the window.
    /// `slash` is what a slash deals before the combo's factor
    /// ([`BladeDef::slash`]: the blade's damage plus the player's flat
    /// damage per hit).
    pub fn start(&mut self, axis: f32, blade: &BladeDef, rules: &MeleeRules, slash: f32) {
        if self.since_strike > rules.phases.combo_window_s {
            self.next_combo = 0;
        }
        let k = self.next_combo % rules.combo.len().max(1);
        let c = &rules.combo[k];
        self.baked = Some(Baked {
            combo: k,
            axis,
            half: (blade.arc_deg * c.sector).min(359.0).to_radians() / 2.0,
            blade: blade.blade_deg.to_radians(),
            reach: blade.reach,
            damage: slash * c.damage,
            knockback: blade.knockback * c.knockback,
            windup_s: rules.phases.windup_s * c.windup,
            interval_s: rules.phases.interval_s * c.pause,
            side: self.next_side,
            dash: (blade.dash_speed, blade.dash_accel),
        });
        self.next_combo = k + 1;
        self.next_side = -self.next_side;
        self.phase = SwingPhase::Windup;
        self.t = 0.0;
        self.since_start = 0.0;
        self.hit.clear();
    }

    /// The blade's angle `t` seconds into a strike of `strike_s`.
    pub fn angle_at(b: &Baked, t: f32, strike_s: f32) -> f32 {
        let f = (t / strike_s).clamp(0.0, 1.0);
        b.axis + b.side * (-b.half + 2.0 * b.half * f)
    }

    /// Advances by `dt`; returns the blade angles the strike swept in this step.
    pub fn advance(&mut self, dt: f32, rules: &MeleeRules) -> Option<Sweep> {
        self.since_start = self.since_start.saturating_add_f(dt);
        self.since_strike = self.since_strike.saturating_add_f(dt);
        let b = self.baked?;
        let p = &rules.phases;
        let mut left = dt;
        let mut sweep: Option<Sweep> = None;
        while left > 0.0 {
            let (len, next) = match self.phase {
                SwingPhase::Idle => return sweep,
                SwingPhase::Windup => (b.windup_s, SwingPhase::Strike),
                SwingPhase::Strike => (p.strike_s, SwingPhase::Recover),
                SwingPhase::Recover => (p.recover_s, SwingPhase::Idle),
            };
            let take = left.min(len - self.t);
            if self.phase == SwingPhase::Strike {
                let a0 = Self::angle_at(&b, self.t, p.strike_s);
                let a1 = Self::angle_at(&b, self.t + take, p.strike_s);
                sweep = Some(sweep.map_or(Sweep { from: a0, to: a1 }, |s| Sweep { from: s.from, to: a1 }));
            }
            self.t += take;
            left -= take;
            if self.t >= len - 1.0e-6 {
                if self.phase == SwingPhase::Strike {
                    self.since_strike = 0.0;
                }
                self.phase = next;
                self.t = 0.0;
            }
        }
        sweep
    }

    /// Breaks the strike off (a friendly body under the blade): straight to recover.
    pub fn abort(&mut self) {
        if self.phase == SwingPhase::Strike || self.phase == SwingPhase::Windup {
            self.phase = SwingPhase::Recover;
            self.t = 0.0;
        }
    }

    /// A parry: the strike restarts from its start; the cooldown is not reset.
    pub fn riposte(&mut self) {
        if self.committed() {
            self.phase = SwingPhase::Strike;
            self.t = 0.0;
            self.hit.clear();
        }
    }

    /// The strike's dash this step: while the strike is live (or ended inside
    /// this step, `swept`), `speed` grows by the blade's acceleration up to
    /// its dash speed and the displacement along the axis is returned; else
    /// `speed` drops to 0 and the player stays.
    pub fn dash_step(&self, swept: bool, speed: &mut f32, dt: f32) -> glam::Vec2 {
        match self.baked {
            Some(b) if self.phase == SwingPhase::Strike || swept => {
                *speed = (*speed + b.dash.1 * dt).min(b.dash.0);
                super::sweep::dir(b.axis) * *speed * dt
            }
            _ => {
                *speed = 0.0;
                glam::Vec2::ZERO
            }
        }
    }

    /// Walking speed factor now.
    pub fn move_factor(&self, rules: &MeleeRules) -> f32 {
        match self.phase {
            SwingPhase::Windup => rules.phases.windup_move,
            SwingPhase::Recover => rules.phases.recover_move,
            SwingPhase::Idle | SwingPhase::Strike => 1.0,
        }
    }

    /// The band a sweep covered, for a player of body `inner` px.
    pub fn band(&self, s: Sweep, inner: f32) -> Option<Band> {
        self.baked
            .map(|b| Band::swept(inner, b.reach, s.from, s.to, b.blade))
    }
}

/// `f32` addition that stays at `f32::MAX` once there.
trait SaturatingF32 {
    fn saturating_add_f(self, d: f32) -> f32;
}

impl SaturatingF32 for f32 {
    fn saturating_add_f(self, d: f32) -> f32 {
        if self >= f32::MAX / 2.0 { self } else { self + d }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> MeleeRules {
        let mut e = Vec::new();
        MeleeRules::load(&crate::data::default_root(), &mut e).expect("melee.json")
    }

    #[test]
    fn three_phases_then_idle_and_the_strike_sweeps_edge_to_edge() {
        let r = rules();
        let blade = r.blade("saber").unwrap().clone();
        let mut s = Swing::new();
        s.start(0.0, &blade, &r, blade.damage);
        let dt = 1.0 / 60.0;
        let mut swept = Vec::new();
        let mut phases = Vec::new();
        for _ in 0..40 {
            if let Some(sw) = s.advance(dt, &r) {
                swept.push(sw);
            }
            phases.push(s.phase);
        }
        let first = swept.first().unwrap().from;
        let last = swept.last().unwrap().to;
        let half = blade.arc_deg.to_radians() / 2.0;
        assert!(
            (first + half).abs() < 1e-4 && (last - half).abs() < 1e-4,
            "{first} {last}"
        );
        // 0.17 + 0.13 + 0.24 = 0.54 s = 32.4 steps.
        assert_eq!(phases[31], SwingPhase::Recover);
        assert_eq!(phases[33], SwingPhase::Idle);
    }

    #[test]
    fn the_combo_is_worth_a_quarter_more_when_finished_in_time() {
        let r = rules();
        let blade = r.blade("saber").unwrap().clone();
        let mut s = Swing::new();
        let (mut dmg, mut elapsed, dt) = (0.0, 0.0, 1.0 / 60.0);
        for _ in 0..3 {
            while !s.ready() {
                s.advance(dt, &r);
                elapsed += dt;
            }
            s.start(0.0, &blade, &r, blade.damage);
            dmg += s.baked.unwrap().damage;
        }
        assert!((dmg / (3.0 * blade.damage) - 1.25).abs() < 1e-5, "{dmg}");
        // Slash 0.60 + backhand 0.30 between starts: the spin starts at 0.90 s.
        assert!((elapsed - 0.9).abs() < 0.05, "{elapsed}");
        // Sides alternate.
        let mut t = Swing::new();
        t.start(0.0, &blade, &r, blade.damage);
        let a = t.baked.unwrap().side;
        t.start(0.0, &blade, &r, blade.damage);
        assert_eq!(t.baked.unwrap().side, -a);
    }

    #[test]
    fn the_players_flat_damage_rides_the_slash_and_the_spin_multiplies_both() {
        let r = rules();
        let blade = r.blade("saber").unwrap().clone();
        let mut s = Swing::new();
        s.start(0.0, &blade, &r, blade.slash(6.0));
        assert!((s.baked.unwrap().damage - (blade.damage + 6.0)).abs() < 1e-4);
        // The spin multiplies the sum, as a chip's factor multiplies a shot's.
        let spin = r.combo[2].damage;
        s.next_combo = 2;
        s.since_strike = 0.0;
        s.start(0.0, &blade, &r, blade.slash(6.0));
        assert!((s.baked.unwrap().damage - (blade.damage + 6.0) * spin).abs() < 1e-4);
    }
}
