//! Attack, defence and penetration levels (enhancement-enchantment seed), and
//! how they compose with the flat Armor term of the damage formula.
//!
//! This is the one place the rule is written; the fight calls
//! [`resolve_levels`] per hit and then [`LevelOutcome::damage`]. The same text is
//! shown to players as [`LEVELS_CODEX`] (and in `data/codex/levels.md`).

use serde::{Deserialize, Serialize};

pub use crate::loot::class::DamageClass;

/// Defence levels by type. `elemental` is the seed's "magic" defence: it covers
/// every element, and against an elemental hit the higher of it and the
/// element's own level counts (defences never add up).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DefenceLevels {
    /// Against sharp hits.
    pub sharp: i32,
    /// Against blunt hits.
    pub blunt: i32,
    /// Against fire.
    pub fire: i32,
    /// Against ice.
    pub ice: i32,
    /// Against lightning.
    pub lightning: i32,
    /// Against poison.
    pub poison: i32,
    /// Against every element.
    pub elemental: i32,
}

impl DefenceLevels {
    /// The defence that counts against one class: the highest of the types that cover it.
    pub fn against(&self, class: DamageClass) -> i32 {
        match class {
            DamageClass::Sharp => self.sharp,
            DamageClass::Blunt => self.blunt,
            DamageClass::Fire => self.fire.max(self.elemental),
            DamageClass::Ice => self.ice.max(self.elemental),
            DamageClass::Lightning => self.lightning.max(self.elemental),
            DamageClass::Poison => self.poison.max(self.elemental),
        }
    }

    /// The defence that counts against a hit dealing several classes at once
    /// (a sabre with Chain is sharp and blunt): the attacker goes through the
    /// weakest, so the lowest of [`DefenceLevels::against`]. No class: 0.
    pub fn against_any(&self, classes: &[DamageClass]) -> i32 {
        classes.iter().map(|&c| self.against(c)).min().unwrap_or(0)
    }

    /// Adds `other` type by type (enhancements stacking on one item's base).
    pub fn add(&mut self, other: &DefenceLevels) {
        self.sharp += other.sharp;
        self.blunt += other.blunt;
        self.fire += other.fire;
        self.ice += other.ice;
        self.lightning += other.lightning;
        self.poison += other.poison;
        self.elemental += other.elemental;
    }

    /// Type by type, the higher of `self` and `other`: several items' defences
    /// do not stack; the best one counts.
    pub fn max_with(&mut self, other: &DefenceLevels) {
        self.sharp = self.sharp.max(other.sharp);
        self.blunt = self.blunt.max(other.blunt);
        self.fire = self.fire.max(other.fire);
        self.ice = self.ice.max(other.ice);
        self.lightning = self.lightning.max(other.lightning);
        self.poison = self.poison.max(other.poison);
        self.elemental = self.elemental.max(other.elemental);
    }

    /// Lowers every type by `n`, not below 0 (damaged armour: −3 until reforged).
    pub fn lowered(&self, n: i32) -> DefenceLevels {
        let f = |v: i32| (v - n).max(0);
        DefenceLevels {
            sharp: f(self.sharp),
            blunt: f(self.blunt),
            fire: f(self.fire),
            ice: f(self.ice),
            lightning: f(self.lightning),
            poison: f(self.poison),
            elemental: f(self.elemental),
        }
    }

    /// True when every level is 0.
    pub fn is_zero(&self) -> bool {
        *self == DefenceLevels::default()
    }
}

/// The number of the level rule (from `data/loot/enhancements.json`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelRules {
    /// Flat armour ignored per penetration level left over after cancelling all defence.
    pub armor_per_surplus_penetration: f32,
}

/// What the level contest of one hit decides.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LevelOutcome {
    /// The attack was driven to level 0 or below: no damage at all (not even the minimum 1).
    Deflected,
    /// The hit lands.
    Hit {
        /// An extra ΠMult factor: remaining attack level / attack level (1 when no defence is left).
        damage_mult: f32,
        /// Added to the target's flat Armor (≤ 0: surplus penetration strips armour).
        armor_delta: f32,
    },
}

/// The level contest of one hit.
///
/// - `attack`: the weapon's attack level (cores 2–3, blades 2–4; 1 when simple).
/// - `defences`: every defence level of the target that covers this hit; only the
///   highest counts (fire and magic defence against a fire hit: the higher).
/// - `penetration`: the weapon's penetration level.
///
/// Rule: `D = max(defences)`, effective defence `E = max(0, D − penetration)`.
/// If `E = 0` the hit lands at full strength and every penetration level left
/// over strips `armor_per_surplus_penetration` flat armour. Otherwise the
/// attack level drops to `L = attack − E`; at `L ≤ 0` the hit is deflected,
/// else its damage is multiplied by `L / attack` (the seed's damage is strength
/// × attack level, so each lost level loses its share).
pub fn resolve_levels(attack: i32, defences: &[i32], penetration: i32, rules: &LevelRules) -> LevelOutcome {
    let d = defences.iter().copied().max().unwrap_or(0).max(0);
    let pen = penetration.max(0);
    let e = (d - pen).max(0);
    if e == 0 {
        let surplus = (pen - d) as f32;
        return LevelOutcome::Hit {
            damage_mult: 1.0,
            armor_delta: -surplus * rules.armor_per_surplus_penetration,
        };
    }
    let level = attack - e;
    if level <= 0 {
        LevelOutcome::Deflected
    } else {
        LevelOutcome::Hit {
            damage_mult: level as f32 / attack as f32,
            armor_delta: 0.0,
        }
    }
}

impl LevelOutcome {
    /// The whole damage formula with the level outcome folded in:
    /// `max(1, ((Base + ΣAdd) × ΠMult × damage_mult) × (1 − Res) − max(0, Armor + armor_delta))`,
    /// and 0 when deflected. `scaled` is `(Base + ΣAdd) × ΠMult`.
    pub fn damage(&self, scaled: f32, res: f32, armor: f32) -> f32 {
        match *self {
            LevelOutcome::Deflected => 0.0,
            LevelOutcome::Hit {
                damage_mult,
                armor_delta,
            } => {
                let armor = (armor + armor_delta).max(0.0);
                (scaled * damage_mult * (1.0 - res) - armor).max(1.0)
            }
        }
    }
}

/// The rule in words, for the codex and the crafting bench.
pub const LEVELS_CODEX: &str = "\
Attack, defence and penetration levels

Every weapon has an attack level (cores 2-3, blades 2-4) and a damage class: \
sharp, blunt, or an element. Armour and enchantments give defence levels per \
class; against one hit only the highest defence that covers it counts (fire \
ward and magic ward against a fire hit: the higher one). A hit dealing several \
classes goes through the weakest defence.

Penetration cancels defence level for level. Whatever defence is left lowers \
the attack level: the hit deals (attack - defence) / attack of its damage. An \
attack driven to zero is deflected and deals nothing, not even the usual \
minimum of 1.

Levels come before the flat Armor term: damage = max(1, (Base + Add) x Mult x \
level factor x (1 - Res) - Armor). Penetration left over after cancelling all \
defence strips flat Armor instead, one point per level.

A failed enhancement makes a weapon simple (attack level 1, its bonuses off, \
at most 20 damage per hit) and takes 3 from every defence of an armour until \
it is reforged. A failed legendary attempt destroys the item.";

#[cfg(test)]
mod tests {
    use super::*;

    const R: LevelRules = LevelRules {
        armor_per_surplus_penetration: 1.0,
    };

    #[test]
    fn no_defence_is_a_full_hit() {
        assert_eq!(
            resolve_levels(2, &[], 0, &R),
            LevelOutcome::Hit {
                damage_mult: 1.0,
                armor_delta: 0.0
            }
        );
        assert_eq!(
            resolve_levels(0, &[0], 0, &R),
            LevelOutcome::Hit {
                damage_mult: 1.0,
                armor_delta: 0.0
            }
        );
    }

    #[test]
    fn defence_lowers_attack_and_zero_is_deflected() {
        // Saber (3) against mail (1 sharp): 2/3 of the damage.
        assert_eq!(
            resolve_levels(3, &[1], 0, &R),
            LevelOutcome::Hit {
                damage_mult: 2.0 / 3.0,
                armor_delta: 0.0
            }
        );
        // The seed's example: legendary plate with 5 defence deflects an unenhanced spear.
        assert_eq!(resolve_levels(3, &[5], 2, &R), LevelOutcome::Deflected);
        assert_eq!(resolve_levels(2, &[2], 0, &R), LevelOutcome::Deflected);
    }

    #[test]
    fn penetration_cancels_and_surplus_strips_armour() {
        // A legendary spear with 5 penetration makes the plate's 5 defence void.
        assert_eq!(
            resolve_levels(3, &[5], 5, &R),
            LevelOutcome::Hit {
                damage_mult: 1.0,
                armor_delta: 0.0
            }
        );
        assert_eq!(
            resolve_levels(2, &[1], 3, &R),
            LevelOutcome::Hit {
                damage_mult: 1.0,
                armor_delta: -2.0
            }
        );
    }

    #[test]
    fn highest_defence_counts_and_weakest_class_is_used() {
        let d = DefenceLevels {
            fire: 1,
            elemental: 2,
            sharp: 2,
            blunt: 0,
            ..Default::default()
        };
        assert_eq!(d.against(DamageClass::Fire), 2);
        assert_eq!(d.against_any(&[DamageClass::Sharp, DamageClass::Blunt]), 0);
        assert_eq!(
            resolve_levels(4, &[1, 3, 2], 0, &R),
            LevelOutcome::Hit {
                damage_mult: 0.25,
                armor_delta: 0.0
            }
        );
    }

    #[test]
    fn levels_compose_with_flat_armour() {
        // (10 + 2) × 1.5 = 18, half the attack level left, no res, armour 3: 18·0.5 − 3 = 6.
        let o = resolve_levels(4, &[2], 0, &R);
        assert_eq!(o.damage(18.0, 0.0, 3.0), 6.0);
        // Deflected: 0, not the minimum 1.
        assert_eq!(LevelOutcome::Deflected.damage(100.0, 0.0, 0.0), 0.0);
        // Surplus penetration 2 strips 2 of 5 armour: 10 − 3 = 7.
        assert_eq!(resolve_levels(2, &[0], 2, &R).damage(10.0, 0.0, 5.0), 7.0);
        // Never below 1 when it lands.
        assert_eq!(resolve_levels(2, &[], 0, &R).damage(1.0, 0.5, 9.0), 1.0);
    }
}
