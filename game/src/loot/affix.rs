//! Affixes: tag + tier + roll, and the budget that caps an item (docs/game.md#affixes).
//!
//! - available tier at depth: `T_max(d) = 1 + floor(d / 12)`, at most 9;
//! - roll range of tier T: `[lo·T^1.35, hi·T^1.35]`;
//! - cost of an affix in the budget: `cost(T) = 4 + 5·T` (plus the group's extra, for triggers);
//! - item budget: `B(ilvl) = 45 + 2.5·ilvl`.
//!
//! So six T9 affixes cost 294 ≤ B(100) = 295 and a seventh never fits; at D40
//! only T4 is available and six of them cost 144 ≤ 145. All numbers are in
//! `data/loot/affixes.json`.
//!
//! The one-group rule: an item never carries two affixes of the same group with
//! the same tag, so "+damage" six times is never a build.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::data::DataError;
use crate::element::Element;
use crate::loot::class::ItemClass;
use crate::loot::hooks::{Hook, HookEffect, HookRule};
use crate::loot::materials::Material;
use crate::stats::{StatId, StatModifier};

/// The tier and budget constants.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TierRules {
    /// Depth per tier step (12).
    pub depth_per_tier: u32,
    /// Highest tier (9).
    pub max_tier: u8,
    /// Exponent of the tier scale (1.35).
    pub exponent: f32,
    /// cost(T) = cost_base + cost_per_tier · T.
    pub cost_base: f32,
    /// See `cost_base`.
    pub cost_per_tier: f32,
    /// B(ilvl) = budget_base + budget_per_ilvl · ilvl.
    pub budget_base: f32,
    /// See `budget_base`.
    pub budget_per_ilvl: f32,
    /// Rolled tiers lie in `[ceil(T_max · this), T_max]`, so a deep find feels deep.
    pub lowest_rolled_tier_fraction: f32,
}

impl TierRules {
    /// `T_max(d) = 1 + floor(d / 12)`, at most 9.
    pub fn t_max(&self, depth: u32) -> u8 {
        (1 + depth / self.depth_per_tier.max(1)).min(self.max_tier as u32) as u8
    }

    /// `T^1.35`: the factor applied to a tier's `lo` and `hi`.
    pub fn scale(&self, tier: u8) -> f32 {
        (tier as f32).powf(self.exponent)
    }

    /// `cost(T) = 4 + 5·T`.
    pub fn cost(&self, tier: u8) -> f32 {
        self.cost_base + self.cost_per_tier * tier as f32
    }

    /// `B(ilvl) = 45 + 2.5·ilvl`.
    pub fn budget(&self, ilvl: u32) -> f32 {
        self.budget_base + self.budget_per_ilvl * ilvl as f32
    }

    /// How many affixes of tier `T_max(ilvl)` the budget holds, before any cap on
    /// the affix count.
    pub fn top_tier_fit(&self, ilvl: u32) -> u32 {
        (self.budget(ilvl) / self.cost(self.t_max(ilvl))).floor() as u32
    }

    /// Lowest tier a fresh roll gives at `depth`.
    pub fn lowest_rolled_tier(&self, depth: u32) -> u8 {
        let t = self.t_max(depth) as f32;
        ((t * self.lowest_rolled_tier_fraction).ceil() as u8).clamp(1, t as u8)
    }
}

/// The seed's affix groups (docs/game.md#affixes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AffixGroup {
    /// +% damage, flat damage, crit, element attunement. Weapons.
    Damage,
    /// Armour penetration, resistance shred. Weapons, pocket.
    Penetration,
    /// Conversion of damage into an element. Weapons.
    Element,
    /// Status chance and poison stacks. Weapons, pocket.
    Status,
    /// Reaction power. Pocket, artifact.
    Reaction,
    /// HP, armour, regeneration. Armour.
    Defence,
    /// Mana, regen, CPU capacity, move speed, pickup. Armour, bag.
    Supply,
    /// On-hit / on-kill / on-hurt effects. Anything, at extra cost.
    Trigger,
    /// Parry. Blades only (the melee seed's PARRY affix: "a light cleaver
    /// must be possible as a find").
    Guard,
}

impl AffixGroup {
    /// The group as a player reads it (the crafting bench's graft choice).
    pub fn name(self) -> &'static str {
        match self {
            AffixGroup::Damage => "Damage",
            AffixGroup::Penetration => "Penetration",
            AffixGroup::Element => "Element conversion",
            AffixGroup::Status => "Status",
            AffixGroup::Reaction => "Reaction",
            AffixGroup::Defence => "Defence",
            AffixGroup::Supply => "Supply",
            AffixGroup::Trigger => "Trigger",
            AffixGroup::Guard => "Guard",
        }
    }

    /// The id used in data.
    pub fn id(self) -> &'static str {
        match self {
            AffixGroup::Damage => "damage",
            AffixGroup::Penetration => "penetration",
            AffixGroup::Element => "element",
            AffixGroup::Status => "status",
            AffixGroup::Reaction => "reaction",
            AffixGroup::Defence => "defence",
            AffixGroup::Supply => "supply",
            AffixGroup::Trigger => "trigger",
            AffixGroup::Guard => "guard",
        }
    }
}

/// A group's row of the affix-group table (docs/game.md#affixes).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupDef {
    /// Which group.
    pub id: AffixGroup,
    /// Item classes its affixes may appear on.
    pub classes: Vec<ItemClass>,
    /// Budget cost added to `cost(T)` ("triggers: anything, expensive").
    pub extra_cost: f32,
    /// The core material that grafting and excising affixes of this group costs.
    pub material: Material,
}

/// What a trigger affix does when its hook fires; the rolled value is the amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerAction {
    /// Heal the rolled HP.
    Heal,
    /// Restore the rolled mana.
    RestoreMana,
    /// A nova of the rolled damage.
    Nova,
}

/// How a rolled value reaches the game.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AffixEffect {
    /// `stat += value × scale` (scale turns display units, e.g. %, into stat units).
    Add {
        /// Stat changed.
        stat: StatId,
        /// Display-to-stat factor.
        scale: f32,
    },
    /// `stat ×= 1 + value / 100`.
    MulPercent {
        /// Stat changed.
        stat: StatId,
    },
    /// Moves `value`% of the hit to `to` through [`crate::element::ElementShares::converted`].
    Convert {
        /// Target element.
        to: Element,
    },
    /// At `on`, do `effect` with the rolled value as its amount.
    Trigger {
        /// When.
        on: Hook,
        /// What.
        effect: TriggerAction,
        /// Radius for novas, px.
        #[serde(default)]
        radius_px: f32,
        /// Seconds between two firings of the rule (novas; 0: no wait).
        #[serde(default)]
        cooldown_s: f32,
    },
}

/// One affix of `data/loot/affixes.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AffixDef {
    /// Unique id.
    pub id: String,
    /// Group (decides where it may appear).
    pub group: AffixGroup,
    /// Tag: within a group, two affixes with the same tag never share an item.
    pub tag: String,
    /// Word used in the item's name.
    pub name: String,
    /// Description with `{v}` for the rolled value (and `{r}` for a
    /// trigger's radius, read from the effect).
    pub line: String,
    /// T1 range low end.
    pub lo: f32,
    /// T1 range high end.
    pub hi: f32,
    /// Relative chance among the affixes allowed on a class.
    pub weight: u32,
    /// What the value does.
    pub effect: AffixEffect,
}

impl AffixDef {
    /// `[lo·T^1.35, hi·T^1.35]`.
    pub fn range(&self, rules: &TierRules, tier: u8) -> (f32, f32) {
        let s = rules.scale(tier);
        (self.lo * s, self.hi * s)
    }

    /// The value at position `roll` ∈ [0, 1] of tier `tier`'s range.
    pub fn value_at(&self, rules: &TierRules, tier: u8, roll: f32) -> f32 {
        let (lo, hi) = self.range(rules, tier);
        lo + (hi - lo) * roll.clamp(0.0, 1.0)
    }

    /// The description line for a rolled value, e.g. `+12.3% damage`. A
    /// rule with a cooldown says how long it waits, and `{r}` in a
    /// trigger's line is its radius, both read from the effect itself, so
    /// the line cannot promise another wait or reach than the rule keeps.
    pub fn describe(&self, value: f32) -> String {
        let line = self.line.replace("{v}", &format_value(value));
        let AffixEffect::Trigger {
            radius_px,
            cooldown_s,
            ..
        } = self.effect
        else {
            return line;
        };
        let line = line.replace("{r}", &format_value(radius_px));
        if cooldown_s > 0.0 {
            format!("{line}, at most once every {} s", format_value(cooldown_s))
        } else {
            line
        }
    }
}

/// One decimal, without a trailing `.0` for whole numbers.
pub fn format_value(v: f32) -> String {
    let r = (v * 10.0).round() / 10.0;
    if (r - r.round()).abs() < 1e-6 {
        format!("{}", r.round() as i64)
    } else {
        format!("{r:.1}")
    }
}

/// An affix on an item: which, at what tier, where in the tier's range.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RolledAffix {
    /// Id of its [`AffixDef`].
    pub id: String,
    /// Tier, 1..=9.
    pub tier: u8,
    /// Position in the tier's range, 0..=1 (kept when the tier changes).
    pub roll: f32,
    /// The value, `lo + (hi − lo) · roll` of the tier's range.
    pub value: f32,
}

/// `data/loot/affixes.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AffixTable {
    /// Tier and budget constants.
    pub tiers: TierRules,
    /// The seed's group table.
    pub groups: Vec<GroupDef>,
    /// Every affix.
    pub affixes: Vec<AffixDef>,
}

impl AffixTable {
    /// The affix with `id`.
    pub fn get(&self, id: &str) -> Option<&AffixDef> {
        self.affixes.iter().find(|a| a.id == id)
    }

    /// The row of `group`.
    pub fn group(&self, group: AffixGroup) -> Option<&GroupDef> {
        self.groups.iter().find(|g| g.id == group)
    }

    /// True when affixes of `group` may appear on `class`.
    pub fn allowed_on(&self, group: AffixGroup, class: ItemClass) -> bool {
        self.group(group).is_some_and(|g| g.classes.contains(&class))
    }

    /// Budget cost of `def` at `tier`: `cost(T)` plus the group's extra.
    pub fn cost_of(&self, def: &AffixDef, tier: u8) -> f32 {
        self.tiers.cost(tier) + self.group(def.group).map_or(0.0, |g| g.extra_cost)
    }

    /// Budget spent by a list of rolled affixes (unknown ids cost nothing).
    pub fn spent(&self, affixes: &[RolledAffix]) -> f32 {
        affixes
            .iter()
            .filter_map(|r| self.get(&r.id).map(|d| self.cost_of(d, r.tier)))
            .sum()
    }

    /// A rolled affix of `def` at `tier` and `roll`.
    pub fn make(&self, def: &AffixDef, tier: u8, roll: f32) -> RolledAffix {
        RolledAffix {
            id: def.id.clone(),
            tier,
            roll,
            value: def.value_at(&self.tiers, tier, roll),
        }
    }

    /// True when `candidate` may join `existing` under the one-group rule.
    pub fn group_rule_allows(&self, existing: &[RolledAffix], candidate: &AffixDef) -> bool {
        existing.iter().all(|r| {
            self.get(&r.id)
                .is_none_or(|d| !(d.group == candidate.group && d.tag == candidate.tag))
        })
    }

    /// Picks an affix allowed on `class` (optionally only from `group`) that the
    /// one-group rule admits beside `existing`, weighted by `weight`.
    pub fn pick<R: Rng>(
        &self,
        class: ItemClass,
        group: Option<AffixGroup>,
        existing: &[RolledAffix],
        rng: &mut R,
    ) -> Option<&AffixDef> {
        let pool: Vec<&AffixDef> = self
            .affixes
            .iter()
            .filter(|d| self.allowed_on(d.group, class))
            .filter(|d| group.is_none_or(|g| g == d.group))
            .filter(|d| self.group_rule_allows(existing, d))
            .collect();
        crate::pick::item(&pool, |d| d.weight, rng, crate::pick::in_range).copied()
    }

    /// Rolls up to `count` affixes for an item of `class` at `ilvl`, then lowers
    /// tiers (highest first) and finally drops affixes until the budget holds.
    pub fn roll_affixes<R: Rng>(
        &self,
        class: ItemClass,
        ilvl: u32,
        count: u8,
        rng: &mut R,
    ) -> Vec<RolledAffix> {
        let t_max = self.tiers.t_max(ilvl);
        let lowest = self.tiers.lowest_rolled_tier(ilvl);
        let mut out: Vec<RolledAffix> = Vec::new();
        for _ in 0..count {
            let Some(def) = self.pick(class, None, &out, rng) else {
                break;
            };
            let tier = rng.random_range(lowest..=t_max);
            let roll: f32 = rng.random();
            out.push(self.make(def, tier, roll));
        }
        self.fit_budget(&mut out, self.tiers.budget(ilvl));
        out
    }

    /// Lowers the highest tier by one until `affixes` fit `budget`; when all are
    /// T1 and still too costly, drops the last. Rolls keep their position.
    pub fn fit_budget(&self, affixes: &mut Vec<RolledAffix>, budget: f32) {
        while self.spent(affixes) > budget + 1e-3 {
            let top = affixes
                .iter()
                .enumerate()
                .filter(|(_, a)| a.tier > 1)
                .max_by_key(|(i, a)| (a.tier, *i))
                .map(|(i, _)| i);
            match top {
                Some(i) => {
                    let a = &affixes[i];
                    if let Some(def) = self.get(&a.id) {
                        affixes[i] = self.make(def, a.tier - 1, a.roll);
                    } else {
                        affixes.remove(i);
                    }
                }
                None => {
                    affixes.pop();
                }
            }
        }
    }

    /// What a rolled affix gives: a stat modifier, a conversion, or a hook rule.
    pub fn effect_of(&self, rolled: &RolledAffix) -> Option<AffixOutput> {
        let def = self.get(&rolled.id)?;
        let v = rolled.value;
        Some(match &def.effect {
            AffixEffect::Add { stat, scale } => AffixOutput::Modifier(StatModifier {
                stat: *stat,
                add: v * scale,
                mul: 1.0,
            }),
            AffixEffect::MulPercent { stat } => AffixOutput::Modifier(StatModifier {
                stat: *stat,
                add: 0.0,
                mul: 1.0 + v / 100.0,
            }),
            AffixEffect::Convert { to } => AffixOutput::Conversion(*to, v / 100.0),
            AffixEffect::Trigger {
                on,
                effect,
                radius_px,
                cooldown_s,
            } => AffixOutput::Rule(HookRule {
                on: *on,
                effect: match effect {
                    TriggerAction::Heal => HookEffect::Heal { amount: v },
                    TriggerAction::RestoreMana => HookEffect::RestoreMana { amount: v },
                    TriggerAction::Nova => HookEffect::Nova {
                        damage: v,
                        radius_px: *radius_px,
                        cooldown_s: *cooldown_s,
                    },
                },
            }),
        })
    }

    pub(crate) fn validate(&self, file: &str, errors: &mut Vec<DataError>) {
        let t = &self.tiers;
        if t.depth_per_tier == 0 || t.max_tier == 0 || t.max_tier > 20 {
            errors.push(DataError::new(
                file,
                "tiers",
                "depth_per_tier and max_tier must be positive (max_tier ≤ 20)",
            ));
        }
        let mut seen_groups = Vec::new();
        for (i, g) in self.groups.iter().enumerate() {
            if seen_groups.contains(&g.id) {
                errors.push(DataError::new(
                    file,
                    format!("groups[{i}].id"),
                    format!("group `{}` listed twice", g.id.id()),
                ));
            }
            seen_groups.push(g.id);
            if g.classes.is_empty() {
                errors.push(DataError::new(
                    file,
                    format!("groups[{i}].classes"),
                    "a group must be allowed somewhere",
                ));
            }
        }
        for (i, a) in self.affixes.iter().enumerate() {
            let at = |f: &str| format!("affixes[{i}].{f}");
            if self.group(a.group).is_none() {
                errors.push(DataError::new(
                    file,
                    at("group"),
                    format!("`{}`: group `{}` is not in `groups`", a.id, a.group.id()),
                ));
            }
            if self.affixes[..i].iter().any(|b| b.id == a.id) {
                errors.push(DataError::new(
                    file,
                    at("id"),
                    format!("duplicate affix id `{}`", a.id),
                ));
            }
            if !(a.lo > 0.0 && a.hi >= a.lo) {
                errors.push(DataError::new(
                    file,
                    at("lo"),
                    format!("`{}`: need 0 < lo ≤ hi", a.id),
                ));
            }
            if !a.line.contains("{v}") {
                errors.push(DataError::new(
                    file,
                    at("line"),
                    format!("`{}`: the line must show the value as {{v}}", a.id),
                ));
            }
            let has_radius = matches!(a.effect, AffixEffect::Trigger { radius_px, .. } if radius_px > 0.0);
            if a.line.contains("{r}") && !has_radius {
                errors.push(DataError::new(
                    file,
                    at("line"),
                    format!(
                        "`{}`: the line shows a radius as {{r}}, but its rule has no `radius_px`",
                        a.id
                    ),
                ));
            }
            if let AffixEffect::Convert {
                to: Element::Physical,
            } = a.effect
            {
                errors.push(DataError::new(
                    file,
                    at("effect"),
                    format!("`{}`: conversion to physical does nothing", a.id),
                ));
            }
        }
    }
}

/// What one rolled affix contributes.
#[derive(Debug, Clone, PartialEq)]
pub enum AffixOutput {
    /// A stat change.
    Modifier(StatModifier),
    /// A conversion `(to, fraction)` of the hit.
    Conversion(Element, f32),
    /// A triggered rule.
    Rule(HookRule),
}
