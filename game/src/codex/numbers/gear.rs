//! Item bases and artifacts: stats, classes and what a hook does.

use crate::codex::Affinity;
use crate::codex::Entry;
use crate::codex::Section;
use crate::loot::artifacts::ArtifactDef;
use crate::loot::class::DamageClass;
use crate::loot::class::ItemClass;
use crate::loot::hooks::HookEffect;
use crate::loot::hooks::WhileCondition;
use crate::loot::item::BaseDef;
use crate::stats::StatId;
use crate::stats::StatModifier;

use super::Numbers;
use super::entry;
use super::signed;

pub(super) fn stat_label(s: StatId) -> &'static str {
    match s {
        StatId::HpMax => "max HP",
        StatId::HpRegen => "HP regeneration",
        StatId::ManaMax => "max mana",
        StatId::ManaRegen => "mana regeneration",
        StatId::MoveSpeed => "move speed",
        StatId::CastDelayMod => "cast delay",
        StatId::RechargeSpeedMod => "recharge time",
        StatId::Luck => "luck",
        StatId::CpuLimit => "CPU",
        StatId::AttunementFire => "fire attunement",
        StatId::AttunementIce => "ice attunement",
        StatId::AttunementLightning => "lightning attunement",
        StatId::AttunementPoison => "poison attunement",
        StatId::DamageFlat => "flat damage",
        StatId::DamageMult => "damage",
        StatId::CritChance => "crit chance",
        StatId::CritMult => "crit damage",
        StatId::Penetration => "armour penetration",
        StatId::ResShred => "resistance shred",
        StatId::StatusChance => "status chance",
        StatId::Armor => "armour",
        StatId::PickupRadius => "pickup radius",
        StatId::ManaLeech => "mana per kill",
        StatId::Accuracy => "accuracy",
        StatId::ReactionPower => "reaction power",
        StatId::Save => "affliction save",
        StatId::Parry => "parry chance",
    }
}

/// "+5 max HP", "+15 % damage", "−60 % max HP".
pub(super) fn modifier_text(m: &StatModifier) -> String {
    let label = stat_label(m.stat);
    let mut parts = Vec::new();
    if let Some(pct) = m.factor_add_words() {
        // A factor's add is a percentage of the base, and on a timing stat
        // a speed (docs/game.md#stats-and-caps), as the shop reads it.
        parts.push(pct);
    } else if m.add != 0.0 {
        parts.push(format!("{} {label}", signed(m.add)));
    }
    if m.mul != 1.0 {
        parts.push(format!("{} % {label}", signed((m.mul - 1.0) * 100.0)));
    }
    if parts.is_empty() {
        format!("{label} unchanged")
    } else {
        parts.join(", ")
    }
}

pub(super) fn class_name(c: ItemClass) -> &'static str {
    match c {
        ItemClass::Core => "spell core",
        ItemClass::Blade => "blade",
        ItemClass::Armour => "armour",
        ItemClass::Pocket => "pocket item",
        ItemClass::Bag => "bag",
        ItemClass::Artifact => "artifact",
    }
}

pub(super) fn item(b: &BaseDef) -> Entry {
    let mut n = Numbers::default();
    n.add("Class", class_name(b.class));
    if let Some(slot) = b.class.slot() {
        n.add("Slot", slot.name());
    }
    let mut tags = Vec::new();
    if let Some(w) = &b.weapon {
        n.add("Attack level", w.attack_level.to_string());
        let classes: Vec<&str> = w.classes.iter().map(|c| c.id()).collect();
        n.add("Damage class", classes.join(" and "));
        if w.penetration_level != 0 {
            n.add("Penetration level", w.penetration_level.to_string());
        }
        tags.extend(w.classes.iter().filter_map(|c| match c {
            DamageClass::Fire => Some(Affinity::Fire),
            DamageClass::Ice => Some(Affinity::Ice),
            DamageClass::Lightning => Some(Affinity::Lightning),
            DamageClass::Poison => Some(Affinity::Poison),
            DamageClass::Sharp | DamageClass::Blunt => None,
        }));
    }
    if let Some(a) = &b.armour {
        n.add("Defence levels", format!("sharp {}, blunt {}", a.sharp, a.blunt));
        if a.heavy {
            n.add("Heavy", "slows you unless lightened");
        }
    }
    for m in &b.modifiers {
        n.add("Bonus", modifier_text(m));
    }
    n.add("Drop weight", b.weight.to_string());
    entry(
        Section::Items,
        &b.id,
        &b.name,
        n,
        tags,
        "Pick up an item of this kind",
    )
}

pub(super) fn artifact(a: &ArtifactDef) -> Entry {
    let mut n = Numbers::default();
    n.add("Effect", a.rule.clone());
    n.add("Cost", a.price.clone());
    if a.extra_sockets > 0 {
        n.add(
            "Artifact sockets opened",
            format!("{} (it fills one itself)", a.extra_sockets),
        );
    }
    for m in &a.modifiers {
        n.add("Stat", modifier_text(m));
    }
    for w in &a.while_ {
        let when = match w.condition {
            WhileCondition::NoArmour => "With no armour",
            WhileCondition::StandingStill => "Standing still",
        };
        let texts: Vec<String> = w.modifiers.iter().map(modifier_text).collect();
        n.add(when, texts.join(", "));
    }
    let tags = a
        .hooks
        .iter()
        .filter_map(|h| match h.effect {
            HookEffect::DamageOverTime { element, .. } => Affinity::of_element(element),
            _ => None,
        })
        .collect();
    entry(Section::Artifacts, &a.id, &a.name, n, tags, "Find this artifact")
}
