//! Afflictions: what an enemy's elemental hit leaves on the player, the
//! other side of the elemental model (docs/game.md#statuses: ice slows, lightning
//! paralyses, fire burns, poison stacks). They make the bosses' elemental
//! shots (`shot.element` in `data/bosses/`) more than damage, and give the
//! Save enchantments (enhancement seed 豁免: "+1/d6 to resist a negative
//! effect other than knock-down, knock-back and launch") something to resist.
//!
//! Every elemental hit that lands afflicts, unless the player's `save` stat
//! wins a roll. A new affliction of a kind replaces the old one's timer (no
//! stacking); burning and poison deal a share of the hit's damage per second.

use serde::Deserialize;

use crate::element::Element;

/// How afflictions work (`data/world.json` `player.afflictions`).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AfflictionDef {
    /// Move speed factor while slowed (ice).
    pub slow_factor: f32,
    /// Seconds slowed.
    pub slow_s: f32,
    /// Seconds stunned, unable to walk (lightning).
    pub stun_s: f32,
    /// Seconds burning (fire).
    pub burn_s: f32,
    /// Burning damage per second as a share of the hit's damage.
    pub burn_per_s: f32,
    /// Seconds poisoned.
    pub poison_s: f32,
    /// Poison damage per second as a share of the hit's damage.
    pub poison_per_s: f32,
}

/// The player's afflictions now.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Afflictions {
    /// Seconds slowed.
    pub slowed: f32,
    /// Seconds stunned.
    pub stunned: f32,
    /// Seconds burning.
    pub burning: f32,
    /// Burning damage per second.
    pub burn_dps: f32,
    /// Seconds poisoned.
    pub poisoned: f32,
    /// Poison damage per second.
    pub poison_dps: f32,
}

impl Afflictions {
    /// An elemental hit of `damage` landed: afflicts by its element.
    /// Returns whether something was applied (physical hits never afflict).
    pub fn afflict(&mut self, element: Element, damage: f32, def: &AfflictionDef) -> bool {
        match element {
            Element::Physical => return false,
            Element::Ice => self.slowed = self.slowed.max(def.slow_s),
            Element::Lightning => self.stunned = self.stunned.max(def.stun_s),
            Element::Fire => {
                self.burning = def.burn_s;
                self.burn_dps = self.burn_dps.max(damage * def.burn_per_s);
            }
            Element::Poison => {
                self.poisoned = def.poison_s;
                self.poison_dps = self.poison_dps.max(damage * def.poison_per_s);
            }
        }
        true
    }

    /// Counts down by `dt`; returns `(fire, poison)` damage due this step.
    pub fn tick(&mut self, dt: f32) -> (f32, f32) {
        let fire = if self.burning > 0.0 {
            self.burn_dps * dt.min(self.burning)
        } else {
            0.0
        };
        let poison = if self.poisoned > 0.0 {
            self.poison_dps * dt.min(self.poisoned)
        } else {
            0.0
        };
        self.slowed = (self.slowed - dt).max(0.0);
        self.stunned = (self.stunned - dt).max(0.0);
        self.burning = (self.burning - dt).max(0.0);
        self.poisoned = (self.poisoned - dt).max(0.0);
        if self.burning == 0.0 {
            self.burn_dps = 0.0;
        }
        if self.poisoned == 0.0 {
            self.poison_dps = 0.0;
        }
        (fire, poison)
    }

    /// The factor on walking speed: 0 stunned, `slow_factor` slowed, else 1.
    pub fn move_factor(&self, def: &AfflictionDef) -> f32 {
        if self.stunned > 0.0 {
            0.0
        } else if self.slowed > 0.0 {
            def.slow_factor
        } else {
            1.0
        }
    }

    /// Names of the afflictions now, for the HUD.
    pub fn names(&self) -> Vec<&'static str> {
        [
            (self.stunned > 0.0, "stunned"),
            (self.slowed > 0.0, "slowed"),
            (self.burning > 0.0, "burning"),
            (self.poisoned > 0.0, "poisoned"),
        ]
        .into_iter()
        .filter_map(|(on, n)| on.then_some(n))
        .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The numbers of `data/world.json`, for unit tests without the data folder.
    pub(crate) const DEF: AfflictionDef = AfflictionDef {
        slow_factor: 0.6,
        slow_s: 1.5,
        stun_s: 0.3,
        burn_s: 3.0,
        burn_per_s: 0.2,
        poison_s: 4.0,
        poison_per_s: 0.15,
    };

    #[test]
    fn each_element_afflicts_its_own_way_and_wears_off() {
        let mut a = Afflictions::default();
        assert!(!a.afflict(Element::Physical, 20.0, &DEF));
        assert!(a.afflict(Element::Ice, 20.0, &DEF));
        assert_eq!(a.move_factor(&DEF), 0.6);
        assert!(a.afflict(Element::Lightning, 20.0, &DEF));
        assert_eq!(a.move_factor(&DEF), 0.0);
        assert!(a.afflict(Element::Fire, 20.0, &DEF));
        let mut burnt = 0.0;
        for _ in 0..300 {
            burnt += a.tick(0.0125).0;
        }
        // 20 × 0.2 = 4 per second for 3 s.
        assert!((burnt - 12.0).abs() < 1e-3, "{burnt}");
        assert_eq!(a.move_factor(&DEF), 1.0);
        assert!(a.names().is_empty());
    }
}
