//! Damage elements and how a hit's damage is shared between them.
//!
//! Conversion *moves* damage between elements and never adds any: the shares of
//! a hit always sum to 1, and at most [`MAX_TOTAL_CONVERSION`] of it can leave the
//! native element (docs/game.md#damage-pipeline, docs/game.md#element-conversion).

use serde::{Deserialize, Serialize};

/// A damage element. `Physical` is the seed's kinetic damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Element {
    /// Kinetic damage: the default of every projectile.
    Physical,
    /// Fire: burning, ignites oil.
    Fire,
    /// Ice: wet/frozen/slowed.
    Ice,
    /// Lightning: paralysis, conducts through water.
    Lightning,
    /// Poison: stacking damage over time.
    Poison,
}

impl Element {
    /// All elements, in the fixed order used by [`ElementShares`].
    pub const ALL: [Element; 5] = [
        Element::Physical,
        Element::Fire,
        Element::Ice,
        Element::Lightning,
        Element::Poison,
    ];

    /// Position in [`Element::ALL`] and in [`ElementShares`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The element's colour (linear RGBA) wherever the game shows it: its
    /// projectiles, damage numbers and chip icons; the colour-blind set
    /// when the player chose it ([`set_colour_blind`]).
    pub fn colour(self) -> [f32; 4] {
        if COLOUR_BLIND.load(std::sync::atomic::Ordering::Relaxed) {
            return self.colour_blind_safe();
        }
        match self {
            Element::Physical => [0.85, 0.85, 0.95, 1.0],
            Element::Fire => [1.0, 0.5, 0.15, 1.0],
            Element::Ice => [0.35, 0.8, 1.0, 1.0],
            Element::Lightning => [0.75, 0.6, 1.0, 1.0],
            Element::Poison => [0.45, 1.0, 0.3, 1.0],
        }
    }

    /// The colour-blind safe set (Okabe–Ito): fire orange, ice sky blue,
    /// lightning yellow, poison bluish green, physical near white; no two
    /// differ by red against green alone.
    pub fn colour_blind_safe(self) -> [f32; 4] {
        match self {
            Element::Physical => [0.92, 0.92, 0.92, 1.0],
            Element::Fire => [0.9, 0.62, 0.0, 1.0],
            Element::Ice => [0.34, 0.71, 0.91, 1.0],
            Element::Lightning => [0.94, 0.89, 0.26, 1.0],
            Element::Poison => [0.0, 0.62, 0.45, 1.0],
        }
    }

    /// The element as a player reads it.
    pub fn name(self) -> &'static str {
        match self {
            Element::Physical => "Physical",
            Element::Fire => "Fire",
            Element::Ice => "Ice",
            Element::Lightning => "Lightning",
            Element::Poison => "Poison",
        }
    }

    /// The lowercase id used in data files and JSON output.
    pub fn id(self) -> &'static str {
        match self {
            Element::Physical => "physical",
            Element::Fire => "fire",
            Element::Ice => "ice",
            Element::Lightning => "lightning",
            Element::Poison => "poison",
        }
    }
}

static COLOUR_BLIND: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Switches every element colour to the colour-blind safe set (the
/// Settings' choice; a presentation switch, no rule reads it).
pub fn set_colour_blind(on: bool) {
    COLOUR_BLIND.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// The most of a hit that conversion may move away from its native element.
pub const MAX_TOTAL_CONVERSION: f32 = 0.85;

/// The share of a hit's damage dealt as each element, indexed by [`Element::index`]. Sums to 1.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ElementShares(pub [f32; 5]);

impl ElementShares {
    /// All damage as one element.
    pub fn pure(element: Element) -> Self {
        let mut s = [0.0; 5];
        s[element.index()] = 1.0;
        Self(s)
    }

    /// Shares after converting parts of a `native` hit to other elements.
    ///
    /// Each `(to, fraction)` asks to move `fraction` of the hit to `to`. When the
    /// asks add up to more than [`MAX_TOTAL_CONVERSION`] they are scaled down
    /// together, so every conversion keeps its proportion and the native element
    /// keeps at least 15 %. Converting to the native element is a no-op.
    pub fn converted(native: Element, conversions: &[(Element, f32)]) -> Self {
        let mut asks = [0.0f32; 5];
        for &(to, fraction) in conversions {
            if to != native && fraction.is_finite() && fraction > 0.0 {
                asks[to.index()] += fraction;
            }
        }
        let total: f32 = asks.iter().sum();
        let scale = if total > MAX_TOTAL_CONVERSION {
            MAX_TOTAL_CONVERSION / total
        } else {
            1.0
        };
        let mut s = [0.0f32; 5];
        let mut moved = 0.0;
        for (i, a) in asks.iter().enumerate() {
            s[i] = a * scale;
            moved += s[i];
        }
        s[native.index()] = 1.0 - moved;
        Self(s)
    }

    /// Share of `element`.
    pub fn get(&self, element: Element) -> f32 {
        self.0[element.index()]
    }

    /// The element with the largest share (ties go to the earlier element), e.g. for colour.
    pub fn dominant(&self) -> Element {
        let mut best = 0;
        for i in 1..5 {
            if self.0[i] > self.0[best] {
                best = i;
            }
        }
        Element::ALL[best]
    }

    /// Sum of the shares; 1 up to rounding for every value this module builds.
    pub fn total(&self) -> f32 {
        self.0.iter().sum()
    }
}

impl Default for ElementShares {
    fn default() -> Self {
        Self::pure(Element::Physical)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversion_moves_and_never_adds() {
        let s = ElementShares::converted(Element::Physical, &[(Element::Fire, 0.5), (Element::Ice, 0.6)]);
        assert!((s.total() - 1.0).abs() < 1e-6);
        assert!((s.get(Element::Physical) - 0.15).abs() < 1e-6);
        // 0.5 : 0.6 kept.
        assert!((s.get(Element::Fire) / s.get(Element::Ice) - 0.5 / 0.6).abs() < 1e-5);
    }

    #[test]
    fn small_conversion_is_exact() {
        let s = ElementShares::converted(Element::Fire, &[(Element::Lightning, 0.3), (Element::Fire, 0.9)]);
        assert_eq!(s.get(Element::Lightning), 0.3);
        assert!((s.get(Element::Fire) - 0.7).abs() < 1e-6);
        assert_eq!(s.dominant(), Element::Fire);
    }
}

/// A status that a hit lays on its target regardless of element (a water or
/// oil spell). It is vocabulary both the spells' data and combat speak, so it
/// lives with the elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Coating {
    /// Water: lightning +100 %, sets up freeze / vaporise / conduction.
    Wet,
    /// Oil: fire +200 % (oil blast).
    Oily,
}

#[cfg(test)]
mod colour_tests {
    use super::*;

    #[test]
    fn the_colour_blind_set_differs_from_the_default_and_keeps_elements_apart() {
        for (i, a) in Element::ALL.iter().enumerate() {
            assert_ne!(a.colour_blind_safe(), [0.0; 4]);
            for b in &Element::ALL[i + 1..] {
                let (x, y) = (a.colour_blind_safe(), b.colour_blind_safe());
                // Apart in brightness or in blue, not only red against green.
                let luma = |c: [f32; 4]| 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2];
                assert!(
                    (luma(x) - luma(y)).abs() > 0.05 || (x[2] - y[2]).abs() > 0.2,
                    "{a:?} and {b:?}"
                );
            }
        }
        assert_ne!(Element::Fire.colour_blind_safe(), [1.0, 0.5, 0.15, 1.0]);
    }
}
