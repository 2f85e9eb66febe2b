//! A build file held to the rules a player is held to (docs/data.md#builds):
//! `--build` files, the builds inside replays and saved runs all pass here
//! before a run starts from them, so a file cannot put 10,000 chips on a
//! 12-slot core or wear items no table could roll.

use super::Build;
use crate::catalog::Catalog;
use crate::stats::StatId;

/// Why a build breaks a rule, naming the field of the file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("`{field}`: {why}")]
pub struct BuildRuleError {
    /// Where in the build file (`deck`, `items[2].affixes[0].tier`).
    pub field: String,
    /// What rule it breaks, in words.
    pub why: String,
}

/// The most chips any deck can hold on a core of `capacity` slots: its
/// own slots plus one per CPU point above the base, at the CPU's hard cap
/// (docs/game.md#loadout-and-cpu).
pub fn largest_deck(capacity: u32) -> usize {
    let cpu_cap = StatId::CpuLimit.hard_cap().unwrap_or(StatId::CpuLimit.base());
    capacity as usize + crate::shop::Loadout::slots_for_cpu(cpu_cap)
}

/// Checks what can be checked from the file alone against the catalogue:
/// the deck's size on its core, the entry decks' sizes, and every rolled
/// item (known base, affix, enhancement and enchantment ids; a tier the
/// table has; a roll in 0–1 and a value inside its tier's range), and a
/// stored chip only with Store Magic enchanted on one of the items.
pub fn check_build(cat: &Catalog, build: &Build) -> Result<(), BuildRuleError> {
    let bad = |field: String, why: String| BuildRuleError { field, why };
    let core = cat
        .cores
        .find(&build.core)
        .map(|i| cat.cores.get(i))
        .ok_or_else(|| bad("core".into(), format!("no core `{}`", build.core)))?;
    let most = largest_deck(core.capacity);
    if build.deck.len() > most {
        return Err(bad(
            "deck".into(),
            format!(
                "{} chips; {} holds at most {most} ({} slots and the most CPU can add)",
                build.deck.len(),
                core.name,
                core.capacity
            ),
        ));
    }
    for (name, on, ids) in [
        ("on_hit", crate::vm::EntryOn::Hit, &build.entries.on_hit),
        ("on_kill", crate::vm::EntryOn::Kill, &build.entries.on_kill),
        ("on_dash", crate::vm::EntryOn::Dash, &build.entries.on_dash),
    ] {
        if ids.is_empty() {
            continue;
        }
        let Some(entry) = core.entries.iter().find(|e| e.on == on) else {
            return Err(bad(
                format!("entries.{name}"),
                format!("{} has no {name} entry", core.name),
            ));
        };
        if ids.len() > entry.capacity as usize {
            return Err(bad(
                format!("entries.{name}"),
                format!("{} chips; the entry holds {}", ids.len(), entry.capacity),
            ));
        }
    }
    if build.entries.stored.len() > 1 {
        return Err(bad(
            "entries.stored".into(),
            format!("{} chips; Store Magic keeps one", build.entries.stored.len()),
        ));
    }
    let store_magic = build.items.iter().flat_map(|i| &i.enchantments).any(|id| {
        cat.loot
            .enchantments
            .get(id)
            .is_some_and(|d| d.effect.store_magic)
    });
    if !build.entries.stored.is_empty() && !store_magic {
        return Err(bad(
            "entries.stored".into(),
            "a stored chip needs Store Magic enchanted on a worn item, and no item of this build has it"
                .into(),
        ));
    }
    for (i, item) in build.items.iter().enumerate() {
        check_item(cat, item).map_err(|(field, why)| bad(format!("items[{i}].{field}"), why))?;
    }
    check_slots(cat, build)
}

/// One item a slot: the worn items and the plain equipment share the
/// slots, and an artifact, which goes in a socket, is no worn item.
fn check_slots(cat: &Catalog, build: &Build) -> Result<(), BuildRuleError> {
    let most = crate::loot::item::Slot::ALL.len();
    if build.items.len() > most {
        return Err(BuildRuleError {
            field: "items".into(),
            why: format!(
                "{} items; a player wears at most {most}, one a slot",
                build.items.len()
            ),
        });
    }
    let mut taken: Vec<crate::loot::item::Slot> = build.equipment.keys().copied().collect();
    for (i, item) in build.items.iter().enumerate() {
        let class = item.class(&cat.loot);
        let Some(slot) = class.slot() else {
            return Err(BuildRuleError {
                field: format!("items[{i}].base"),
                why: format!(
                    "`{}` is an artifact, which goes in a socket, not on the player",
                    item.base
                ),
            });
        };
        if taken.contains(&slot) {
            return Err(BuildRuleError {
                field: format!("items[{i}].base"),
                why: format!("a second item for the {} slot; a slot holds one", slot.name()),
            });
        }
        taken.push(slot);
    }
    Ok(())
}

/// One rolled item against the loot tables; the field inside the item and
/// the reason on failure.
fn check_item(cat: &Catalog, item: &crate::loot::item::Item) -> Result<(), (String, String)> {
    let loot = &cat.loot;
    if loot.bases.get(&item.base).is_none() {
        return Err(("base".into(), format!("no item base `{}`", item.base)));
    }
    let max_ilvl = crate::data::limits::MAX_DEPTH;
    if !(1..=max_ilvl).contains(&item.ilvl) {
        return Err(("ilvl".into(), format!("{} is outside 1 to {max_ilvl}", item.ilvl)));
    }
    check_affixes(cat, item)?;
    check_crafts(cat, item)?;
    if !(item.budget_loss.is_finite() && (0.0..=10_000.0).contains(&item.budget_loss)) {
        return Err((
            "budget_loss".into(),
            format!("{} is outside 0 to 10000", item.budget_loss),
        ));
    }
    Ok(())
}

/// The item's affixes against the affix and rarity tables: how many its
/// grade carries, each a known affix of a group allowed on the item's
/// class, no two of one group and tag, tier, roll and value in range.
fn check_affixes(cat: &Catalog, item: &crate::loot::item::Item) -> Result<(), (String, String)> {
    let loot = &cat.loot;
    let (_, most) = loot.rarity.affix_range(item.rarity);
    if item.affixes.len() > usize::from(most) {
        return Err((
            "affixes".into(),
            format!(
                "{} affixes; a {} item carries at most {most}",
                item.affixes.len(),
                item.rarity.id()
            ),
        ));
    }
    let class = item.class(loot);
    let rules = &loot.affixes.tiers;
    for (j, a) in item.affixes.iter().enumerate() {
        let at = |f: &str| format!("affixes[{j}].{f}");
        let def = loot
            .affixes
            .get(&a.id)
            .ok_or_else(|| (at("id"), format!("no affix `{}`", a.id)))?;
        if !loot.affixes.allowed_on(def.group, class) {
            return Err((
                at("id"),
                format!(
                    "`{}` is a {} affix, which does not go on a {}",
                    a.id,
                    def.group.id(),
                    class.id()
                ),
            ));
        }
        if !loot.affixes.group_rule_allows(&item.affixes[..j], def) {
            return Err((
                at("id"),
                format!(
                    "`{}` shares its group and kind with an affix before it; an item carries one of each",
                    a.id
                ),
            ));
        }
        if !(1..=rules.max_tier).contains(&a.tier) {
            return Err((
                at("tier"),
                format!("{} is outside 1 to {}", a.tier, rules.max_tier),
            ));
        }
        if !(a.roll.is_finite() && (0.0..=1.0).contains(&a.roll)) {
            return Err((at("roll"), format!("{} is outside 0 to 1", a.roll)));
        }
        let (lo, hi) = def.range(rules, a.tier);
        let slack = 1e-3 * lo.abs().max(hi.abs()).max(1.0);
        if !(a.value.is_finite() && a.value >= lo.min(hi) - slack && a.value <= lo.max(hi) + slack) {
            return Err((
                at("value"),
                format!("{} is outside tier {}'s range {lo} to {hi}", a.value, a.tier),
            ));
        }
    }
    Ok(())
}

/// The item's enhancements and enchantments as the bench would have put
/// them on (`loot::enhance::can_apply`): a known id, for this class and
/// base, within the grade's difficulty, each once, in the item's one slot
/// (two after Deep Craft or Enchant Expansion, which take none).
fn check_crafts(cat: &Catalog, item: &crate::loot::item::Item) -> Result<(), (String, String)> {
    use crate::loot::enhance::{AttemptError, AttemptKind, can_apply};
    let loot = &cat.loot;
    for (kind, list, name) in [
        (AttemptKind::Enhancement, &item.enhancements, "enhancements"),
        (AttemptKind::Enchantment, &item.enchantments, "enchantments"),
    ] {
        // Rebuilt on a bare copy, the expansions first: they take no slot
        // and open the second whatever order the file lists them in.
        let mut bench = item.clone();
        bench.enhancements.clear();
        bench.enchantments.clear();
        bench.condition = crate::loot::item::Condition::Normal;
        let expands = |id: &String| {
            let def = match kind {
                AttemptKind::Enhancement => loot.enhancements.get(id),
                AttemptKind::Enchantment => loot.enchantments.get(id),
            };
            def.is_some_and(|d| d.expands)
        };
        let order = list
            .iter()
            .enumerate()
            .filter(|(_, id)| expands(id))
            .chain(list.iter().enumerate().filter(|(_, id)| !expands(id)));
        for (j, id) in order {
            let at = format!("{name}[{j}]");
            match can_apply(&bench, kind, id, loot) {
                Ok(_) => {}
                Err(AttemptError::Unknown { kind, id }) => return Err((at, format!("no {kind} `{id}`"))),
                Err(AttemptError::NotAllowed { why, .. }) => {
                    return Err((at, format!("`{id}` cannot be on this item: {why}")));
                }
                Err(e) => return Err((at, e.to_string())),
            }
            match kind {
                AttemptKind::Enhancement => bench.enhancements.push(id.clone()),
                AttemptKind::Enchantment => bench.enchantments.push(id.clone()),
            }
        }
    }
    Ok(())
}
