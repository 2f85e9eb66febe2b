//! The crafting operations of docs/game.md#crafting, with their costs and risk.
//!
//! | operation | does                                   | costs                  |
//! |-----------|----------------------------------------|------------------------|
//! | reforge   | re-rolls every roll, repairs wear      | 4 scrap × tier         |
//! | graft     | adds an affix of a chosen group        | 2 cores × tier         |
//! | excise    | removes a chosen affix                 | 1 core × tier          |
//! | ascend    | +1 tier to a random affix              | 6 bio-cores + 1 shard  |
//! | fracture  | +2 tiers to every affix, −1 budget     | 3 void slag; 12 %: the item crumbles |
//!
//! "Tier" is the item's highest affix tier for reforge, the new affix's tier for
//! graft and the removed one's for excise; "cores" are the group's material
//! (`groups[].material` in affixes.json). Fracture is the one risk and it is
//! real: the item is removed from the inventory. Reading of "−1 budget": the
//! item's budget `B(ilvl)` shrinks by `budget_loss` for later grafts and
//! ascends; the +2 tiers themselves ignore the budget — that is the point of
//! taking the risk.

use rand::Rng;
use serde::Deserialize;

use crate::data::DataError;
use crate::loot::LootData;
use crate::loot::affix::AffixGroup;
use crate::loot::item::{Condition, Inventory, Item};
use crate::loot::materials::{Material, MaterialAmounts};

/// Reforge cost rule.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReforgeRule {
    /// Scrap per tier.
    pub scrap_per_tier: u32,
}

/// Graft or excise cost rule.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoreRule {
    /// Cores (of the group's material) per tier.
    pub cores_per_tier: u32,
}

/// Ascend cost.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AscendRule {
    /// Materials per ascend.
    pub cost: MaterialAmounts,
}

/// Fracture cost and risk.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FractureRule {
    /// Materials per attempt.
    pub cost: MaterialAmounts,
    /// Chance the item is destroyed (0.12).
    pub destroy_chance: f64,
    /// Tiers added to every affix.
    pub tier_gain: u8,
    /// Budget lost.
    pub budget_loss: f32,
}

/// One step of the costed full-item plan.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanStep {
    /// Operation name: reforge, graft, excise, ascend, fracture.
    pub op: String,
    /// How many times.
    pub count: u32,
    /// The affix group for graft and excise.
    #[serde(default)]
    pub group: Option<AffixGroup>,
}

/// The seed's aggregate counts (cores are bio + cryo together).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeedCounts {
    /// Scrap.
    pub scrap: u32,
    /// Bio- and cryo-cores together.
    pub cores: u32,
    /// Reactor shards.
    pub shards: u32,
    /// Void slag.
    pub slag: u32,
}

/// The costed "one tier-9 item with all operations" of docs/game.md#crafting.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FullItemPlan {
    /// Tier the operations are costed at.
    pub tier: u8,
    /// Operations.
    pub plan: Vec<PlanStep>,
    /// The seed's estimate of the cost.
    pub seed_estimate: SeedCounts,
    /// The seed's yield of one run at `seed_run_depth`.
    pub seed_run_yield: SeedCounts,
    /// Runs the seed expects per item.
    pub seed_runs: u32,
    /// Depth of the seed's reference run.
    pub seed_run_depth: u32,
}

/// `data/loot/crafting.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CraftingRules {
    /// Reforge.
    pub reforge: ReforgeRule,
    /// Graft.
    pub graft: CoreRule,
    /// Excise.
    pub excise: CoreRule,
    /// Ascend.
    pub ascend: AscendRule,
    /// Fracture.
    pub fracture: FractureRule,
    /// The full-item plan for `artificer tool economy`.
    pub full_item: FullItemPlan,
}

/// A crafting operation chosen on the bench.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    /// Re-roll every roll, repair wear.
    Reforge,
    /// Add an affix of this group.
    Graft(AffixGroup),
    /// Remove the affix at this index.
    Excise(usize),
    /// +1 tier to a random affix that can take it.
    Ascend,
    /// +2 tiers to everything; may destroy.
    Fracture,
}

impl Operation {
    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Operation::Reforge => "Reforge",
            Operation::Graft(_) => "Graft",
            Operation::Excise(_) => "Excise",
            Operation::Ascend => "Ascend",
            Operation::Fracture => "Fracture",
        }
    }
}

/// Why an operation cannot be done; nothing is paid.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CraftError {
    /// No item at that index.
    #[error("no item at inventory slot {0}")]
    NoItem(usize),
    /// No affix at that index.
    #[error("the item has no affix {0}")]
    NoAffix(usize),
    /// Nothing fits the budget or the rules.
    #[error("cannot {op}: {why}")]
    Impossible {
        /// Operation name.
        op: &'static str,
        /// Reason in words.
        why: String,
    },
    /// Not enough materials.
    #[error("not enough materials: needs {0}")]
    Cost(String),
}

/// What an operation did.
#[derive(Debug, Clone, PartialEq)]
pub enum CraftOutcome {
    /// Done; the item is changed in place.
    Done,
    /// The item crumbled and is gone from the inventory; here it is, for the log.
    Destroyed(Item),
}

fn group_material(data: &LootData, group: AffixGroup) -> Material {
    data.affixes
        .group(group)
        .map_or(Material::BioCore, |g| g.material)
}

/// Tier a graft of `group` would add at: `T_max(ilvl)` lowered until it fits the
/// remaining budget; `None` when nothing fits or the item is full.
pub fn graft_tier(item: &Item, group: AffixGroup, data: &LootData) -> Option<u8> {
    if item.affixes.len() >= data.rarity.max_affixes() as usize {
        return None;
    }
    let extra = data.affixes.group(group).map_or(0.0, |g| g.extra_cost);
    let left = item.budget(&data.affixes) - data.affixes.spent(&item.affixes);
    (1..=data.affixes.tiers.t_max(item.ilvl))
        .rev()
        .find(|&t| data.affixes.tiers.cost(t) + extra <= left + 1e-3)
}

/// What `op` on `item` would cost, or why it cannot be done. The bench shows
/// this before the player commits.
pub fn cost_of(op: Operation, item: &Item, data: &LootData) -> Result<MaterialAmounts, CraftError> {
    let r = &data.crafting;
    match op {
        Operation::Reforge => Ok(MaterialAmounts::of(
            Material::Scrap,
            r.reforge.scrap_per_tier * item.top_tier() as u32,
        )),
        Operation::Graft(group) => {
            if !data.affixes.allowed_on(group, item.class(data)) {
                return Err(CraftError::Impossible {
                    op: "graft",
                    why: format!("{} affixes do not go on this item", group.id()),
                });
            }
            let tier = graft_tier(item, group, data).ok_or_else(|| CraftError::Impossible {
                op: "graft",
                why: "no affix fits the budget".to_string(),
            })?;
            Ok(MaterialAmounts::of(
                group_material(data, group),
                r.graft.cores_per_tier * tier as u32,
            ))
        }
        Operation::Excise(i) => {
            let a = item.affixes.get(i).ok_or(CraftError::NoAffix(i))?;
            let group = data.affixes.get(&a.id).map_or(AffixGroup::Damage, |d| d.group);
            Ok(MaterialAmounts::of(
                group_material(data, group),
                r.excise.cores_per_tier * a.tier as u32,
            ))
        }
        Operation::Ascend => {
            if ascend_candidates(item, data).is_empty() {
                return Err(CraftError::Impossible {
                    op: "ascend",
                    why: "no affix can rise within the budget".to_string(),
                });
            }
            Ok(r.ascend.cost)
        }
        Operation::Fracture => {
            if item.affixes.is_empty() {
                return Err(CraftError::Impossible {
                    op: "fracture",
                    why: "the item has no affixes".to_string(),
                });
            }
            Ok(r.fracture.cost)
        }
    }
}

fn ascend_candidates(item: &Item, data: &LootData) -> Vec<usize> {
    let t = &data.affixes;
    let left = item.budget(t) - t.spent(&item.affixes);
    (0..item.affixes.len())
        .filter(|&i| {
            let a = &item.affixes[i];
            a.tier < t.tiers.max_tier && t.tiers.cost(a.tier + 1) - t.tiers.cost(a.tier) <= left + 1e-3
        })
        .collect()
}

/// Chance that `op` destroys the item (only fracture has one).
pub fn destroy_chance(op: Operation, data: &LootData) -> f64 {
    if op == Operation::Fracture {
        data.crafting.fracture.destroy_chance
    } else {
        0.0
    }
}

/// Pays for and applies `op` to `inventory.items[index]`.
pub fn apply<R: Rng>(
    op: Operation,
    inventory: &mut Inventory,
    index: usize,
    bag: &mut MaterialAmounts,
    data: &LootData,
    rng: &mut R,
) -> Result<CraftOutcome, CraftError> {
    let item = inventory.items.get(index).ok_or(CraftError::NoItem(index))?;
    let cost = cost_of(op, item, data)?;
    if !bag.pay(&cost) {
        return Err(CraftError::Cost(cost.describe()));
    }
    let t = &data.affixes;
    let class = item.class(data);
    if op == Operation::Fracture && rng.random_bool(data.crafting.fracture.destroy_chance.clamp(0.0, 1.0)) {
        return Ok(CraftOutcome::Destroyed(inventory.items.remove(index)));
    }
    let item = &mut inventory.items[index];
    match op {
        Operation::Reforge => {
            for a in item.affixes.iter_mut() {
                if let Some(def) = t.get(&a.id) {
                    *a = t.make(def, a.tier, rng.random());
                }
            }
            item.condition = Condition::Normal;
        }
        Operation::Graft(group) => {
            let tier = graft_tier(item, group, data).unwrap_or(1);
            if let Some(def) = t.pick(class, Some(group), &item.affixes, rng) {
                let a = t.make(def, tier, rng.random());
                item.affixes.push(a);
                item.rarity = item.rarity.max(data.rarity.rarity_for_count(item.affixes.len()));
            } else {
                // Every tag of the group is taken: refund, nothing changes.
                bag.add(&cost);
                return Err(CraftError::Impossible {
                    op: "graft",
                    why: format!("every {} affix is already on the item", group.id()),
                });
            }
        }
        Operation::Excise(i) => {
            item.affixes.remove(i);
        }
        Operation::Ascend => {
            let c = ascend_candidates(item, data);
            let i = c[rng.random_range(0..c.len())];
            let a = &item.affixes[i];
            if let Some(def) = t.get(&a.id) {
                item.affixes[i] = t.make(def, a.tier + 1, a.roll);
            }
        }
        Operation::Fracture => {
            let f = &data.crafting.fracture;
            for a in item.affixes.iter_mut() {
                if let Some(def) = t.get(&a.id) {
                    *a = t.make(def, (a.tier + f.tier_gain).min(t.tiers.max_tier), a.roll);
                }
            }
            item.budget_loss += f.budget_loss;
        }
    }
    Ok(CraftOutcome::Done)
}

/// Cost of the full-item plan at its tier, for `artificer tool economy`.
pub fn full_item_cost(data: &LootData) -> MaterialAmounts {
    let r = &data.crafting;
    let tier = r.full_item.tier as u32;
    let mut total = MaterialAmounts::default();
    for s in &r.full_item.plan {
        let one = match s.op.as_str() {
            "reforge" => MaterialAmounts::of(Material::Scrap, r.reforge.scrap_per_tier * tier),
            "graft" => MaterialAmounts::of(
                group_material(data, s.group.unwrap_or(AffixGroup::Damage)),
                r.graft.cores_per_tier * tier,
            ),
            "excise" => MaterialAmounts::of(
                group_material(data, s.group.unwrap_or(AffixGroup::Damage)),
                r.excise.cores_per_tier * tier,
            ),
            "ascend" => r.ascend.cost,
            _ => r.fracture.cost,
        };
        total.add(&one.times(s.count));
    }
    total
}

impl CraftingRules {
    pub(crate) fn validate(&self, file: &str, errors: &mut Vec<DataError>) {
        if !(0.0..=1.0).contains(&self.fracture.destroy_chance) {
            errors.push(DataError::new(
                file,
                "fracture.destroy_chance",
                "must be within 0..=1",
            ));
        }
        for (i, s) in self.full_item.plan.iter().enumerate() {
            if !["reforge", "graft", "excise", "ascend", "fracture"].contains(&s.op.as_str()) {
                errors.push(DataError::new(
                    file,
                    format!("full_item.plan[{i}].op"),
                    format!("unknown operation `{}`", s.op),
                ));
            }
        }
    }
}
