//! The damage pipeline of docs/game.md#damage-pipeline, per element.
//!
//! ```text
//! raw      = (Base + ΣAdd) × ΠMult × (crit ? crit_mult : 1)
//! d[e]     = raw × share[e] × attune[e] × react[e] × (1 − clamp(Res[e] − res_shred, 0, 1))
//! total    = max(1, Σ d[e] − max(0, Armor − penetration))
//! ```
//!
//! * `attune[e] = 1 + 0.03 × attunement_e` (multiplicative, docs/game.md#stats-and-caps);
//!   physical has no attunement.
//! * `react[e]` are the status multipliers of docs/game.md#statuses (wet: lightning ×2;
//!   oily: fire ×3; frozen: physical ×4, and lightning on a frozen target is
//!   dealt as physical — the shatter), decided by [`super::reactions::plan`].
//! * Armour is subtracted **once per hit, after summing the elements**, then
//!   the final total is split back over the elements in proportion to `d[e]`
//!   (so statuses derived from one element's damage see their share of armour).
//! * The minimum of 1 applies to every hit, even a fully resisted one: the
//!   authoritative formula says "at least 1" and does not exempt immunity.
//! * Crit: chance = `luck × crit_per_luck + crit_chance`, clamped to 0..=1,
//!   rolled once per hit; a crit multiplies `raw` by `crit_mult` (a ΠMult
//!   factor, as the seed's own example "Critical 2.0x" puts it).
//! * The player's `damage_flat` / `damage_mult` are *not* read from the
//!   sheet here, so each is counted once: the VM bakes only `damage_flat` into
//!   the projectile's base damage (`vm/cast.rs`), and the world passes the
//!   player's `damage_mult` in as a ΠMult factor of the hit's `mult` when the
//!   hit lands (`world/gear.rs`, rule 3).

use rand::Rng;
use serde::Serialize;

use super::rules::CombatRules;
use crate::element::{Element, ElementShares};
use crate::stats::{StatId, StatSheet};

/// What a projectile (or blade, or reaction) brings to one hit: plain numbers
/// so any source can fill it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HitSpec {
    /// Base damage of the action (spark bolt: 3).
    pub base: f32,
    /// Sum of flat additions (`damage_plus` +10, player `damage_flat`...).
    pub add: f32,
    /// Product of multipliers (1 = none). Crit is applied separately.
    pub mult: f32,
    /// How the damage is shared between elements (sums to 1).
    pub shares: ElementShares,
    /// Chance (0..=1) that an element with no reaction applies its status
    /// (ignite, slow, paralyse), before attunement and the player's bonus.
    pub status_chance: f32,
    /// A coating the projectile leaves (a water or oil spell), applied after reactions.
    pub coating: Option<Coating>,
    /// Direction of travel (unit or zero), for direction-dependent defences (mirror mage).
    pub dir: [f32; 2],
    /// A piercing shot: a mirror does not turn it back (the design's answer
    /// to the mirror mage, docs/game.md#bosses).
    pub pierces: bool,
}

impl HitSpec {
    /// A pure-element hit of `base` damage with no modifiers.
    pub fn simple(base: f32, element: Element) -> Self {
        Self {
            base,
            add: 0.0,
            mult: 1.0,
            shares: ElementShares::pure(element),
            status_chance: 0.0,
            coating: None,
            dir: [0.0, 0.0],
            pierces: false,
        }
    }
}

pub use crate::element::Coating;

/// The attacker's stats that the pipeline reads, taken from a [`StatSheet`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct AttackerStats {
    /// Luck points (crit chance).
    pub luck: f32,
    /// Extra crit chance, fraction.
    pub crit_chance: f32,
    /// Crit damage multiplier.
    pub crit_mult: f32,
    /// Armour ignored.
    pub penetration: f32,
    /// Resistance removed (fraction).
    pub res_shred: f32,
    /// Extra status chance, fraction.
    pub status_chance: f32,
    /// Attunement points per element (physical is always 0).
    pub attunement: [f32; 5],
    /// Strength of this attacker's reactions (the `reaction_power` stat, 1 =
    /// as in the matrix); see [`super::reactions::compute_hit`] for what it scales.
    pub reaction_power: f32,
    /// How many times each reaction of this attacker's hits is applied (1 =
    /// once; the loot rule `RepeatReaction` raises it). Not a stat: rules
    /// are not numbers, so the fight sets it from the equipped hooks.
    pub reaction_times: u32,
    /// Reactions leave the statuses they consume on the target (the loot
    /// rule `KeepStatuses`); set by the fight from the equipped hooks.
    pub keep_statuses: bool,
}

impl AttackerStats {
    /// Reads the damage stats of a player's sheet (caps applied).
    pub fn from_sheet(sheet: &StatSheet) -> Self {
        let mut attunement = [0.0; 5];
        attunement[Element::Fire.index()] = sheet.get(StatId::AttunementFire);
        attunement[Element::Ice.index()] = sheet.get(StatId::AttunementIce);
        attunement[Element::Lightning.index()] = sheet.get(StatId::AttunementLightning);
        attunement[Element::Poison.index()] = sheet.get(StatId::AttunementPoison);
        Self {
            luck: sheet.get(StatId::Luck),
            crit_chance: sheet.get(StatId::CritChance),
            crit_mult: sheet.get(StatId::CritMult),
            penetration: sheet.get(StatId::Penetration),
            res_shred: sheet.get(StatId::ResShred),
            status_chance: sheet.get(StatId::StatusChance),
            attunement,
            reaction_power: sheet.get(StatId::ReactionPower),
            reaction_times: 1,
            keep_statuses: false,
        }
    }

    /// Crit chance of this attacker under `rules`, 0..=1.
    pub fn crit_chance(&self, rules: &CombatRules) -> f32 {
        (self.luck * rules.crit_per_luck + self.crit_chance).clamp(0.0, 1.0)
    }

    /// Rolls a crit: one draw from `rng`, always taken so the stream does not
    /// depend on the chance.
    pub fn roll_crit(&self, rules: &CombatRules, rng: &mut impl Rng) -> bool {
        let roll: f32 = rng.random();
        roll < self.crit_chance(rules)
    }
}

impl Default for AttackerStats {
    /// A base-stat player.
    fn default() -> Self {
        Self::from_sheet(&StatSheet::new())
    }
}

/// The defender's side of the formula.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Defence {
    /// Resistance per element, 0 (none) to 1 (immune).
    pub resist: [f32; 5],
    /// Flat armour.
    pub armor: f32,
}

/// Computes one hit's damage from plain numbers. `react_mult` and `shares`
/// come from [`super::reactions::plan`] (all ones and the spec's shares when
/// the target has no status).
pub fn compute(
    spec: &HitSpec,
    shares: &ElementShares,
    react_mult: &[f32; 5],
    attacker: &AttackerStats,
    defence: &Defence,
    crit: bool,
    rules: &CombatRules,
) -> ([f32; 5], f32) {
    let crit_factor = if crit { attacker.crit_mult } else { 1.0 };
    let raw = (spec.base + spec.add) * spec.mult * crit_factor;
    let mut d = [0.0f32; 5];
    for e in Element::ALL {
        let i = e.index();
        let share = shares.0[i];
        if share <= 0.0 {
            continue;
        }
        let attune = if e == Element::Physical {
            1.0
        } else {
            1.0 + rules.attunement_damage_per_point * attacker.attunement[i]
        };
        let res = (defence.resist[i] - attacker.res_shred).clamp(0.0, 1.0);
        d[i] = (raw * share * attune * react_mult[i] * (1.0 - res)).max(0.0);
    }
    let sum: f32 = d.iter().sum();
    let armor = (defence.armor - attacker.penetration).max(0.0);
    let total = (sum - armor).max(1.0);
    let mut per = [0.0f32; 5];
    if sum > 0.0 {
        for i in 0..5 {
            per[i] = d[i] * total / sum;
        }
    } else {
        per[shares.dominant().index()] = total;
    }
    (per, total)
}

/// Status chance per element: spec + attacker bonus + attunement × rate, clamped to 0..=1.
pub fn status_chances(spec: &HitSpec, attacker: &AttackerStats, rules: &CombatRules) -> [f32; 5] {
    let mut out = [0.0; 5];
    for e in Element::ALL {
        let i = e.index();
        out[i] = (spec.status_chance
            + attacker.status_chance
            + rules.attunement_status_per_point * attacker.attunement[i])
            .clamp(0.0, 1.0);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none() -> [f32; 5] {
        [1.0; 5]
    }

    fn def(resist: [f32; 5], armor: f32) -> Defence {
        Defence { resist, armor }
    }

    #[test]
    fn seed_example_numbers() {
        // Base 10, +5 +5, ×2 crit-like mult, fire res 50 %, armour 2: ((10+10)×2)×0.5 − 2 = 18.
        let mut spec = HitSpec::simple(10.0, Element::Fire);
        spec.add = 10.0;
        spec.mult = 2.0;
        let r = CombatRules::default();
        let a = AttackerStats::default();
        let (per, total) = compute(
            &spec,
            &spec.shares,
            &none(),
            &a,
            &def([0.0, 0.5, 0.0, 0.0, 0.0], 2.0),
            false,
            &r,
        );
        assert_eq!(total, 18.0);
        assert_eq!(per[Element::Fire.index()], 18.0);
    }

    #[test]
    fn minimum_is_one() {
        let spec = HitSpec::simple(3.0, Element::Physical);
        let r = CombatRules::default();
        let (_, total) = compute(
            &spec,
            &spec.shares,
            &none(),
            &AttackerStats::default(),
            &def([0.0; 5], 5.0),
            false,
            &r,
        );
        assert_eq!(total, 1.0);
    }
}
