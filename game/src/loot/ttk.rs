//! Time to kill: how long a reference attack, carried by average or by the best
//! possible items of a depth, takes to kill an enemy (docs/game.md#checking-tools, `--tool ttk --best`).
//!
//! The attack is a plain model, not a deck: `base` damage per hit at
//! `hits_per_s` (defaults: 5 × 4/s = the seed's level-1 DPS of 20). What the
//! items change is applied exactly as the fight does: ΣAdd gets `damage_flat`
//! and the flat element damage, ΠMult gets `damage_mult` and the level factor,
//! shares come from conversion, then [`crate::combat::damage::compute`] with the
//! enemy's resistances and armour, crits by their expectation. Enemies carry no
//! defence levels, so penetration levels only strip flat armour.

use rand::Rng;

use crate::combat::damage::{AttackerStats, Defence, HitSpec, compute};
use crate::combat::rules::CombatRules;
use crate::loot::LootData;
use crate::loot::affix::RolledAffix;
use crate::loot::drops::roll_item;
use crate::loot::enhance::{AttemptKind, LevelOutcome, can_apply, resolve_levels};
use crate::loot::equipment::{Equipment, Loadout};
use crate::loot::item::{Item, ItemClass};
use crate::loot::rarity::Rarity;
use crate::stats::StatId;

/// The reference attack.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AttackModel {
    /// Base damage per hit.
    pub base: f32,
    /// Hits per second.
    pub hits_per_s: f32,
}

/// The enemy side: HP, resistances, armour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Target {
    /// Hit points.
    pub hp: f32,
    /// Resistance per element.
    pub resist: [f32; 5],
    /// Flat armour.
    pub armor: f32,
}

/// Expected damage per second of `gear` with `model` against `target`.
pub fn dps(gear: &Loadout, model: AttackModel, target: &Target, rules: &CombatRules, data: &LootData) -> f32 {
    let sheet = gear.stat_sheet();
    let mut attacker = AttackerStats::from_sheet(&sheet);
    let level = resolve_levels(
        gear.attack.level,
        &[0],
        gear.attack.penetration,
        &data.enhancements.levels,
    );
    let (level_mult, armor_delta) = match level {
        LevelOutcome::Deflected => return 0.0,
        LevelOutcome::Hit {
            damage_mult,
            armor_delta,
        } => (damage_mult, armor_delta),
    };
    attacker.penetration += -armor_delta;
    let flat: f32 = gear.flat_element_damage.iter().sum();
    let mut add = sheet.get(StatId::DamageFlat) + flat;
    if let Some(cap) = gear.attack.damage_cap {
        add = add.min((cap - model.base).max(0.0));
    }
    let spec = HitSpec {
        base: model.base,
        add,
        mult: sheet.get(StatId::DamageMult) * level_mult,
        shares: gear.shares,
        status_chance: 0.0,
        coating: None,
        dir: [0.0, 0.0],
        pierces: false,
    };
    let defence = Defence {
        resist: target.resist,
        armor: target.armor,
    };
    let ones = [1.0; 5];
    let (_, normal) = compute(&spec, &gear.shares, &ones, &attacker, &defence, false, rules);
    let (_, crit) = compute(&spec, &gear.shares, &ones, &attacker, &defence, true, rules);
    let p = attacker.crit_chance(rules);
    (normal * (1.0 - p) + crit * p) * model.hits_per_s
}

/// Seconds to kill `target` (infinite when no damage).
pub fn ttk(dps: f32, target: &Target) -> f32 {
    if dps > 0.0 { target.hp / dps } else { f32::INFINITY }
}

/// A random item of `class` at `depth` (rarity rolled as in drops).
pub fn roll_item_of<R: Rng>(class: ItemClass, depth: u32, data: &LootData, rng: &mut R) -> Option<Item> {
    (0..1000)
        .filter_map(|_| roll_item(depth, None, data, rng))
        .find(|i| i.class(data) == class)
}

/// A random loadout of a depth: a core and a pocket as they drop.
pub fn average_gear<R: Rng>(depth: u32, data: &LootData, rng: &mut R) -> Equipment {
    let mut eq = Equipment::default();
    for class in [ItemClass::Core, ItemClass::Pocket] {
        if let Some(i) = roll_item_of(class, depth, data, rng) {
            let _ = eq.equip(i, data);
        }
    }
    eq
}

/// What judges a loadout: the attack model against one target.
#[derive(Debug, Clone, Copy)]
pub struct Judge<'a> {
    /// Reference attack.
    pub model: AttackModel,
    /// The enemy.
    pub target: &'a Target,
    /// Damage pipeline rules.
    pub rules: &'a CombatRules,
    /// Loot tables.
    pub data: &'a LootData,
}

impl Judge<'_> {
    /// DPS of `eq` with `item` put on.
    fn with(&self, eq: &Equipment, item: &Item) -> f32 {
        let mut trial = eq.clone();
        let _ = trial.equip(item.clone(), self.data);
        dps(
            &trial.loadout(self.data),
            self.model,
            self.target,
            self.rules,
            self.data,
        )
    }
}

fn fits(item: &Item, data: &LootData) -> bool {
    let t = &data.affixes;
    let group_ok = item.affixes.iter().enumerate().all(|(i, a)| {
        item.affixes[i + 1..]
            .iter()
            .all(|b| match (t.get(&a.id), t.get(&b.id)) {
                (Some(x), Some(y)) => !(x.group == y.group && x.tag == y.tag),
                _ => true,
            })
    });
    group_ok
        && item.affixes.len() <= data.rarity.max_affixes() as usize
        && t.spent(&item.affixes) <= item.budget(t) + 1e-3
}

/// The best affix set for an item of `base` at `depth` with the rest of `eq`
/// worn: top tier, top roll, grown greedily by the largest DPS gain, then
/// improved by single swaps until no swap helps (so pairs that only work
/// together, such as a conversion and its attunement, are found).
fn best_affixes(class: ItemClass, base: &str, depth: u32, eq: &Equipment, judge: &Judge) -> Item {
    let data = judge.data;
    let t = &data.affixes;
    let tier = t.tiers.t_max(depth);
    let cands: Vec<RolledAffix> = t
        .affixes
        .iter()
        .filter(|d| t.allowed_on(d.group, class))
        .map(|d| t.make(d, tier, 1.0))
        .collect();
    let mut item = Item::new(base, depth, Rarity::Relic);
    let mut score = judge.with(eq, &item);
    loop {
        let mut step: Option<(f32, Item)> = None;
        for c in &cands {
            let mut trial = item.clone();
            trial.affixes.push(c.clone());
            if !fits(&trial, data) {
                continue;
            }
            let v = judge.with(eq, &trial);
            if v > score + 1e-4 && step.as_ref().is_none_or(|s| v > s.0) {
                step = Some((v, trial));
            }
        }
        match step {
            Some((v, next)) => (score, item) = (v, next),
            None => break,
        }
    }
    for _round in 0..4 {
        let mut improved = false;
        for i in 0..item.affixes.len() {
            for c in &cands {
                let mut trial = item.clone();
                trial.affixes[i] = c.clone();
                if !fits(&trial, data) {
                    continue;
                }
                let v = judge.with(eq, &trial);
                if v > score + 1e-4 {
                    (score, item) = (v, trial);
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
    item.rarity = data.rarity.rarity_for_count(item.affixes.len());
    item
}

/// The best core and pocket of a depth against the judge's target: top-tier,
/// top-roll affixes chosen for damage, then the best enhancement and
/// enchantment the item's grade accepts. Artifacts are left out (they are
/// trades, not upgrades).
pub fn best_gear(depth: u32, judge: &Judge) -> Equipment {
    let data = judge.data;
    let mut eq = Equipment::default();
    if let Some(p) = data.bases.bases.iter().find(|b| b.class == ItemClass::Pocket) {
        let item = best_affixes(ItemClass::Pocket, &p.id, depth, &eq, judge);
        let _ = eq.equip(item, data);
    }
    let mut best: Option<(f32, Equipment)> = None;
    for base in data.bases.bases.iter().filter(|b| b.class == ItemClass::Core) {
        let mut item = best_affixes(ItemClass::Core, &base.id, depth, &eq, judge);
        for kind in [AttemptKind::Enhancement, AttemptKind::Enchantment] {
            let defs = match kind {
                AttemptKind::Enhancement => &data.enhancements.enhancements,
                AttemptKind::Enchantment => &data.enchantments.enchantments,
            };
            let mut pick: Option<(f32, Item)> = None;
            for d in defs
                .iter()
                .filter(|d| can_apply(&item, kind, &d.id, data).is_ok())
            {
                let mut cand = item.clone();
                match kind {
                    AttemptKind::Enhancement => cand.enhancements.push(d.id.clone()),
                    AttemptKind::Enchantment => cand.enchantments.push(d.id.clone()),
                }
                let v = judge.with(&eq, &cand);
                if pick.as_ref().is_none_or(|p| v > p.0) {
                    pick = Some((v, cand));
                }
            }
            if let Some((_, c)) = pick {
                item = c;
            }
        }
        let v = judge.with(&eq, &item);
        if best.as_ref().is_none_or(|b| v > b.0) {
            let mut trial = eq.clone();
            let _ = trial.equip(item, data);
            best = Some((v, trial));
        }
    }
    best.map_or(eq, |b| b.1)
}

/// A target with no resistances or armour (for tests and quick checks).
pub fn plain_target(hp: f32) -> Target {
    Target {
        hp,
        resist: [0.0; 5],
        armor: 0.0,
    }
}
