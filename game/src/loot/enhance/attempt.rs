//! One enhancement or enchantment attempt: checks, the d6 roll, and failure states.

use rand::Rng;

use crate::loot::LootData;
use crate::loot::class::ItemClass;
use crate::loot::enhance::CraftDef;
use crate::loot::item::{Condition, Inventory, Item};
use crate::loot::materials::MaterialAmounts;

/// Which of the two crafts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttemptKind {
    /// Smithing (the seed's 精工).
    Enhancement,
    /// Magic (附魔).
    Enchantment,
}

/// Why an attempt cannot be made; nothing is paid.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AttemptError {
    /// No item at that inventory index.
    #[error("no item at inventory slot {0}")]
    NoItem(usize),
    /// Unknown enhancement or enchantment id.
    #[error("unknown {kind} `{id}`")]
    Unknown {
        /// "enhancement" or "enchantment".
        kind: &'static str,
        /// The id asked for.
        id: String,
    },
    /// The item cannot take it (class, base, grade, slots, condition).
    #[error("`{id}` cannot go on this item: {why}")]
    NotAllowed {
        /// The id asked for.
        id: String,
        /// Reason in words.
        why: String,
    },
    /// Not enough materials.
    #[error("not enough materials: needs {0}")]
    Cost(String),
}

/// What an attempt did.
#[derive(Debug, Clone, PartialEq)]
pub enum AttemptOutcome {
    /// Applied.
    Success,
    /// Failed; the item stays with this condition (and may have lost enchantments).
    Failed(Condition),
    /// Failed and the item is gone from the inventory; here it is, for the log.
    Destroyed(Item),
}

/// `(skill − difficulty) / 6`, clamped to [0, 1].
pub fn success_chance(skill: u32, difficulty: u8) -> f64 {
    ((skill as f64 - difficulty as f64) / 6.0).clamp(0.0, 1.0)
}

/// Rolls a d6; success when it shows at most `skill − difficulty`.
pub fn roll_success<R: Rng>(skill: u32, difficulty: u8, rng: &mut R) -> bool {
    let d6: i64 = rng.random_range(1..=6);
    d6 <= skill as i64 - difficulty as i64
}

fn lookup<'a>(kind: AttemptKind, id: &str, data: &'a LootData) -> Result<&'a CraftDef, AttemptError> {
    let def = match kind {
        AttemptKind::Enhancement => data.enhancements.get(id),
        AttemptKind::Enchantment => data.enchantments.get(id),
    };
    def.ok_or_else(|| AttemptError::Unknown {
        kind: match kind {
            AttemptKind::Enhancement => "enhancement",
            AttemptKind::Enchantment => "enchantment",
        },
        id: id.to_string(),
    })
}

/// Checks that `item` can take `id` now; returns its definition.
pub fn can_apply<'a>(
    item: &Item,
    kind: AttemptKind,
    id: &str,
    data: &'a LootData,
) -> Result<&'a CraftDef, AttemptError> {
    let def = lookup(kind, id, data)?;
    let no = |why: String| AttemptError::NotAllowed {
        id: id.to_string(),
        why,
    };
    let class = item.class(data);
    if !def.applies_to.contains(&class) {
        return Err(no(format!("it is not for a {}", class.id())));
    }
    if !def.requires_base.is_empty() && !def.requires_base.contains(&item.base) {
        return Err(no(format!("it only fits {}", def.requires_base.join(", "))));
    }
    if let Some(c) = def.requires_class {
        let has = data
            .bases
            .get(&item.base)
            .and_then(|b| b.weapon.as_ref())
            .is_some_and(|w| w.classes.contains(&c));
        if !has {
            return Err(no(format!("it needs a weapon dealing {} damage", c.id())));
        }
    }
    if item.condition != Condition::Normal {
        return Err(no("the item must be reforged first".to_string()));
    }
    let grade_cap = data.bases.grade(item.ilvl).map_or(0, |g| g.max_difficulty);
    if def.difficulty > grade_cap {
        return Err(no(format!(
            "its difficulty {} is above what this grade takes ({grade_cap})",
            def.difficulty
        )));
    }
    let list = match kind {
        AttemptKind::Enhancement => &item.enhancements,
        AttemptKind::Enchantment => &item.enchantments,
    };
    let table_expands = |i: &String| lookup(kind, i, data).is_ok_and(|d| d.expands);
    if list.iter().any(|i| i == id) {
        return Err(no("the item already has it".to_string()));
    }
    if !def.expands {
        let expanded = list.iter().any(table_expands);
        let used = list.iter().filter(|i| !table_expands(i)).count();
        let slots = if expanded { 2 } else { 1 };
        if used >= slots {
            return Err(no(format!("the item's {slots} slot(s) are taken")));
        }
    }
    Ok(def)
}

/// What a crafter works with at the bench: the same for every attempt of a
/// visit, so the bench's calls take it whole instead of four loose arguments.
#[derive(Debug)]
pub struct Workbench<'a> {
    /// The carried items worked on.
    pub inventory: &'a mut Inventory,
    /// The material bag that pays each attempt's cost.
    pub bag: &'a mut MaterialAmounts,
    /// The crafter's skill (from the deepest depth reached).
    pub skill: u32,
    /// The loot tables.
    pub data: &'a LootData,
}

/// One attempt asked for: on which carried item, which craft.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Craft<'a> {
    /// Index into the carried items.
    pub index: usize,
    /// Enhancement or enchantment.
    pub kind: AttemptKind,
    /// The enhancement's or enchantment's id.
    pub id: &'a str,
}

/// Makes `craft` at `bench` (on `inventory.items[index]` at the bench's
/// skill), paying the tier's cost from the bag whether or not it succeeds.
pub fn attempt<R: Rng>(
    bench: &mut Workbench<'_>,
    craft: Craft<'_>,
    rng: &mut R,
) -> Result<AttemptOutcome, AttemptError> {
    let Craft { index, kind, id } = craft;
    let (inventory, bag, skill, data) = (&mut *bench.inventory, &mut *bench.bag, bench.skill, bench.data);
    let item = inventory.items.get(index).ok_or(AttemptError::NoItem(index))?;
    let def = can_apply(item, kind, id, data)?;
    let cost = data
        .enhancements
        .tier(def.difficulty)
        .map_or_else(MaterialAmounts::default, |t| t.cost);
    if !bag.pay(&cost) {
        return Err(AttemptError::Cost(cost.describe()));
    }
    if roll_success(skill, def.difficulty, rng) {
        let item = &mut inventory.items[index];
        match kind {
            AttemptKind::Enhancement => item.enhancements.push(id.to_string()),
            AttemptKind::Enchantment => item.enchantments.push(id.to_string()),
        }
        return Ok(AttemptOutcome::Success);
    }
    let class = inventory.items[index].class(data);
    let legendary = def.difficulty >= data.enhancements.legendary_difficulty();
    let pocket_enchant = kind == AttemptKind::Enchantment && class == ItemClass::Pocket;
    if legendary || pocket_enchant {
        return Ok(AttemptOutcome::Destroyed(inventory.items.remove(index)));
    }
    let item = &mut inventory.items[index];
    if kind == AttemptKind::Enchantment {
        let expanded = item
            .enchantments
            .iter()
            .any(|i| data.enchantments.get(i).is_some_and(|d| d.expands));
        if expanded {
            item.enchantments.clear();
        }
    }
    item.condition = if class.is_weapon() {
        Condition::Simple
    } else {
        Condition::Damaged
    };
    Ok(AttemptOutcome::Failed(item.condition))
}
