//! The swept blade (melee seed, "damage goes by the swept band"): each step
//! the blade is a segment from the player's hand (its body radius) to
//! `reach`, turned from its angle at the step's start to its angle at the
//! end, widened by half the blade's width on each side. A target is cut when
//! its body touches that region. The test is exact geometry (distance from
//! the target's centre to an annular sector), not an angular tolerance: the
//! seed's old `asin(r / dist)` tolerance grew to a half-plane at point blank
//! and cut behind the back. The handle never cuts: the blade starts outside
//! the player's body.

use glam::Vec2;

/// The region one step of a swing sweeps, relative to the player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    /// Inner radius (the hand), px.
    pub inner: f32,
    /// Outer radius (reach), px.
    pub reach: f32,
    /// Lowest angle covered, rad.
    pub lo: f32,
    /// Highest angle covered, rad (`hi >= lo`, `hi - lo < 2π`).
    pub hi: f32,
}

impl Band {
    /// The band a blade of angular width `blade` sweeps turning from `a0` to `a1`.
    pub fn swept(inner: f32, reach: f32, a0: f32, a1: f32, blade: f32) -> Self {
        let (lo, hi) = if a0 <= a1 { (a0, a1) } else { (a1, a0) };
        Self {
            inner,
            reach,
            lo: lo - blade / 2.0,
            hi: (hi + blade / 2.0).min(lo - blade / 2.0 + std::f32::consts::TAU - 1.0e-4),
        }
    }

    /// Distance from `p` to the band (0 inside), and the band's point nearest to `p`.
    pub fn nearest(&self, p: Vec2) -> (f32, Vec2) {
        let len = p.length();
        let delta = (p.y.atan2(p.x) - self.lo).rem_euclid(std::f32::consts::TAU);
        if delta <= self.hi - self.lo {
            let dir = if len > 0.0 { p / len } else { dir(self.lo) };
            let r = len.clamp(self.inner, self.reach);
            return ((len - r).abs(), dir * r);
        }
        let edge = |a: f32| {
            let d = dir(a);
            let t = p.dot(d).clamp(self.inner, self.reach);
            let q = d * t;
            (p.distance(q), q)
        };
        let (a, b) = (edge(self.lo), edge(self.hi));
        if a.0 <= b.0 { a } else { b }
    }

    /// True when a body of `radius` at `p` touches the band.
    pub fn touches(&self, p: Vec2, radius: f32) -> bool {
        self.nearest(p).0 <= radius
    }
}

/// Unit vector at angle `a`.
pub fn dir(a: f32) -> Vec2 {
    Vec2::new(a.cos(), a.sin())
}

/// Degrees by which the contact point of a hit lies outside a swing's sector
/// (`axis` ± `half`, rad): the seed's M7.4 figure, which must be 0. Float
/// noise at the very edge (under 1e-4 rad) counts as inside.
pub fn deg_outside(contact: Vec2, axis: f32, half: f32) -> f32 {
    let off = (contact.y.atan2(contact.x) - axis + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU)
        - std::f32::consts::PI;
    let out = off.abs() - half;
    if out <= 1.0e-4 { 0.0 } else { out.to_degrees() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_in_the_band_is_cut_and_one_behind_is_not() {
        let band = Band::swept(16.0, 80.0, -0.5, 0.5, 0.2);
        assert!(band.touches(Vec2::new(60.0, 0.0), 10.0));
        assert!(band.touches(Vec2::new(85.0, 0.0), 10.0), "the tip grazes");
        assert!(!band.touches(Vec2::new(100.0, 0.0), 10.0));
        // Point blank behind the back: the handle starts outside the body.
        assert!(!band.touches(Vec2::new(-27.0, 0.0), 10.0));
        // Just past the band's edge, the edge segment decides.
        let p = dir(0.6 + 0.15) * 50.0;
        assert_eq!(band.touches(p, 10.0), band.nearest(p).0 <= 10.0);
        assert!(band.touches(dir(0.72) * 50.0, 10.0));
        assert!(!band.touches(dir(1.2) * 50.0, 10.0));
    }

    #[test]
    fn contact_points_lie_in_the_sector() {
        let band = Band::swept(16.0, 80.0, -0.4, 0.3, 0.2);
        for i in 0..720 {
            let p = dir(i as f32 * 0.5f32.to_radians()) * 70.0;
            let (d, c) = band.nearest(p);
            if d <= 12.0 {
                assert_eq!(deg_outside(c, -0.05, 0.45), 0.0, "{p}");
            }
        }
    }
}
