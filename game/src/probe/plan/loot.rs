//! Probes for loot: items carry a thing on a plain base of a class that
//! takes it (affixes), artifacts and their hooks by what they do, and the
//! crafting bench's enhancement, enchantment and recipes.

use super::{Plan, grunt, killable, orbs, rich, starved, stat_plan, sturdy, tank};
use crate::catalog::Catalog;
use crate::loot::affix::{AffixEffect, TriggerAction};
use crate::loot::enhance::{AttemptKind, CraftDef};
use crate::loot::hooks::{BaneTarget, HookEffect, HookRule};
use crate::loot::item::{Item, ItemClass};
use crate::loot::rarity::Rarity;
use crate::probe::stage::{Ground, Kit, Spot, Stage, Walk};
use crate::stats::StatId;

/// Item classes a thing is carried on, most preferred first: the core
/// fires every probe's shots, so a weapon thing rides it before a blade.
const CARRIER_ORDER: [ItemClass; 5] = [
    ItemClass::Core,
    ItemClass::Armour,
    ItemClass::Pocket,
    ItemClass::Bag,
    ItemClass::Blade,
];

/// The base a thing for `classes` is carried on, preferring `requires_base`.
fn carrier(cat: &Catalog, classes: &[ItemClass], requires_base: &[String]) -> Item {
    if let Some(b) = requires_base.first() {
        return Item::new(b, 100, Rarity::Common);
    }
    let base = |class: ItemClass| match class {
        ItemClass::Core => cat.loot.bases.default_weapon.clone(),
        ItemClass::Blade => "saber".into(),
        ItemClass::Armour => "cloth_coat".into(),
        ItemClass::Pocket => "charm".into(),
        ItemClass::Bag | ItemClass::Artifact => "satchel".into(),
    };
    let pick = CARRIER_ORDER
        .into_iter()
        .find(|c| classes.contains(c))
        .unwrap_or(ItemClass::Core);
    Item::new(&base(pick), 100, Rarity::Common)
}

/// The probe of an affix at its best tier and roll.
pub fn affix_plan(cat: &Catalog, id: &str) -> Option<Plan> {
    let table = &cat.loot.affixes;
    let def = table.get(id)?;
    let classes: Vec<ItemClass> = CARRIER_ORDER
        .into_iter()
        .filter(|c| table.allowed_on(def.group, *c))
        .collect();
    let plain = carrier(cat, &classes, &[]);
    let top = table.tiers.t_max(1000);
    let mut rolled = plain.clone();
    rolled.affixes.push(table.make(def, top, 1.0));
    let wear = |k: Kit, item: &Item| k.wearing(item.clone());
    let plan = match &def.effect {
        AffixEffect::Add { stat, .. } | AffixEffect::MulPercent { stat } => {
            let (stage, base, claims) = stat_plan(*stat);
            Plan {
                stage,
                without: wear(base.clone(), &plain),
                with: wear(base, &rolled),
                claims,
            }
        }
        AffixEffect::Convert { .. } => {
            let base = orbs();
            Plan {
                stage: Stage::range("range", tank(), 6.0),
                without: wear(base.clone(), &plain),
                with: wear(base, &rolled),
                claims: vec!["dummy_hp_lost"],
            }
        }
        AffixEffect::Trigger { effect, .. } => {
            let (mut stage, base, claims) = match effect {
                TriggerAction::Heal => (
                    Stage::range("range", killable(), 6.0),
                    Kit::deck("debug_core", &["spark_bolt"]).with_mods(&rich()),
                    vec!["healed.hooks"],
                ),
                TriggerAction::RestoreMana => (
                    Stage::range("range", grunt(), 10.0),
                    starved(),
                    vec!["dummy_hp_lost"],
                ),
                TriggerAction::Nova => (
                    Stage::wave(3, 20.0, Walk::Stand),
                    sturdy(Kit::deck("starter_core", &["spark_bolt"])),
                    vec!["damage_dealt"],
                ),
            };
            if matches!(effect, TriggerAction::Heal) {
                stage.hp_frac = 0.5;
            }
            Plan {
                stage,
                without: wear(base.clone(), &plain),
                with: wear(base, &rolled),
                claims,
            }
        }
    };
    Some(plan)
}

/// The probe of a hook rule (artifacts, crafts) with a kit that already carries it.
fn hook_plan(rule: &HookRule) -> (Stage, Kit, Vec<&'static str>) {
    let spark = || Kit::deck("starter_core", &["spark_bolt", "spark_bolt", "spark_bolt"]);
    let react = || Kit::deck("debug_core", &["water_wave", "static_bolt"]).with_mods(&rich());
    match &rule.effect {
        HookEffect::Heal { .. } => {
            let mut s = Stage::range("range", killable(), 6.0);
            s.hp_frac = 0.5;
            (s, spark(), vec!["healed.hooks"])
        }
        HookEffect::RestoreMana { .. } => stat_plan(StatId::ManaRegen),
        HookEffect::Nova { .. } => (
            Stage::wave(3, 20.0, Walk::Stand),
            sturdy(spark()),
            vec!["damage_dealt"],
        ),
        HookEffect::StackBuff { stat, .. } => match stat {
            StatId::MoveSpeed => (Stage::wave(3, 20.0, Walk::Script), spark(), vec!["distance"]),
            s => stat_plan(*s),
        },
        HookEffect::RepeatReaction { .. } => {
            (Stage::range("range", grunt(), 6.0), react(), vec!["reactions"])
        }
        HookEffect::Revive { .. } => {
            let mut s = Stage::wave(3, 30.0, Walk::Stand);
            s.hp_frac = 0.05;
            (s, spark(), vec!["alive_s"])
        }
        HookEffect::KeepStatuses {} => (Stage::range("range", grunt(), 6.0), react(), vec!["reactions"]),
        HookEffect::DamageOverTime { .. } => {
            (Stage::range("range", grunt(), 4.0), spark(), vec!["damage_taken"])
        }
        HookEffect::EnemyNoticeRange { .. } => (
            Stage::wave(4, 30.0, Walk::Stand),
            sturdy(spark()),
            vec!["damage_taken"],
        ),
        HookEffect::XpGain { .. } => (Stage::range("range", killable(), 6.0), spark(), vec!["xp"]),
        HookEffect::Bane { target, .. } => {
            let spot = match target {
                BaneTarget::Elite => Spot {
                    elite: true,
                    ..Spot::dummy("grunt", 250.0, 0.0)
                },
                BaneTarget::Boss => Spot::dummy("boss:brood_mother_w08", 250.0, 0.0),
                BaneTarget::Armoured => Spot::dummy("tank", 250.0, 0.0),
            };
            (
                Stage::range("range", vec![spot], 10.0),
                sturdy(orbs()),
                vec!["dummy_hp_lost"],
            )
        }
        HookEffect::Wound { .. } => (
            Stage::range("range", grunt(), 4.0),
            spark(),
            vec!["dummy_hp_lost"],
        ),
    }
}

/// The probe of an artifact: its hook (or its first stat) on a stage that shows it.
pub fn artifact_plan(cat: &Catalog, id: &str) -> Option<Plan> {
    let def = cat.loot.artifacts.get(id)?;
    let (stage, base, claims) = if let Some(rule) = def.hooks.first() {
        hook_plan(rule)
    } else if let Some(m) = def
        .modifiers
        .first()
        .or_else(|| def.while_.first().and_then(|w| w.modifiers.first()))
    {
        stat_plan(m.stat)
    } else {
        stat_plan(StatId::DamageMult)
    };
    // Loan's own rule is its sockets: it opens two and takes one.
    let claims = if def.extra_sockets > 0 && def.hooks.is_empty() {
        vec!["dummy_hp_lost"]
    } else {
        claims
    };
    let mut with = base.clone();
    with.artifacts.push(id.to_string());
    Some(Plan {
        stage,
        without: base,
        with,
        claims,
    })
}

/// The probe of an enhancement or an enchantment, carried on a plain item of a class it fits.
#[expect(
    clippy::too_many_lines,
    reason = "one match over every kind of craft the probe plans"
)]
pub fn craft_plan(cat: &Catalog, kind: AttemptKind, def: &CraftDef) -> Plan {
    let plain = carrier(cat, &def.applies_to, &def.requires_base);
    let mut crafted = plain.clone();
    match kind {
        AttemptKind::Enhancement => crafted.enhancements.push(def.id.clone()),
        AttemptKind::Enchantment => crafted.enchantments.push(def.id.clone()),
    }
    let e = &def.effect;
    let spark = || Kit::deck("starter_core", &["spark_bolt", "spark_bolt", "spark_bolt"]);
    let (stage, base, claims) = if def.expands {
        // Its rule is on the bench: a second craft of the kind is allowed.
        let first = match kind {
            AttemptKind::Enhancement => "hone_1",
            AttemptKind::Enchantment => "vigour_1",
        };
        let second = match kind {
            AttemptKind::Enhancement => "lengthen",
            AttemptKind::Enchantment => "swift_1",
        };
        let mut p = Item::new(
            if kind == AttemptKind::Enchantment {
                "charm"
            } else {
                &plain.base
            },
            100,
            Rarity::Common,
        );
        match kind {
            AttemptKind::Enhancement => p.enhancements.push(first.into()),
            AttemptKind::Enchantment => p.enchantments.push(first.into()),
        }
        let mut c = p.clone();
        match kind {
            AttemptKind::Enhancement => c.enhancements.push(def.id.clone()),
            AttemptKind::Enchantment => c.enchantments.push(def.id.clone()),
        }
        let mut stage = Stage::range("bench", Vec::new(), 0.0);
        stage.ground = Ground::Craft {
            kind,
            second: second.into(),
        };
        let mut base = spark();
        base.recipes.push(second.into());
        return Plan {
            stage,
            without: base.clone().wearing(p),
            with: base.wearing(c),
            claims: vec!["craft_allowed"],
        };
    } else if let Some(m) = e.modifiers.first() {
        stat_plan(m.stat)
    } else if let Some(rule) = e.hooks.first() {
        hook_plan(rule)
    } else if e.defence != Default::default() {
        defence_plan(&e.defence)
    } else if e.store_magic {
        // The kept chip fires on the key: both kits hold it, only the
        // enchanted item opens its slot.
        let mut stage = Stage::range("range", grunt(), 10.0);
        stage.cast_every = Some(60);
        let mut base = spark();
        base.build.entries.stored = vec!["shotgun_blast".into()];
        (stage, base, vec!["casts"])
    } else if e.silver {
        // Physical hits pass through a wraith unless silvered.
        (
            Stage::range("range", vec![Spot::dummy("wraith", 250.0, 0.0)], 4.0),
            spark(),
            vec!["dummy_hp_lost"],
        )
    } else if e.removes_heavy_penalty {
        // Only heavy armour slows: the plate suit carries it.
        let plate = Item::new("plate_suit", 100, Rarity::Common);
        let mut lifted = plate.clone();
        lifted.enchantments.push(def.id.clone());
        let (stage, base, claims) = stat_plan(StatId::MoveSpeed);
        return Plan {
            stage,
            without: base.clone().wearing(plate),
            with: base.wearing(lifted),
            claims,
        };
    } else if e.penetration_level > 0 || !e.add_classes.is_empty() {
        // Levels and classes act against an enemy's defence levels: the shield
        // bearer guards against blows, the tank against cuts.
        let guard = if plain.class(&cat.loot) == ItemClass::Blade {
            "tank"
        } else {
            "shieldbearer"
        };
        (
            Stage::range("range", vec![Spot::dummy(guard, 250.0, 0.0)], 10.0),
            orbs(),
            vec!["dummy_hp_lost"],
        )
    } else {
        // Flat element damage, attack levels: the hit itself.
        (
            Stage::range("range", grunt(), 4.0),
            spark(),
            vec!["dummy_hp_lost"],
        )
    };
    Plan {
        stage,
        without: base.clone().wearing(plain),
        with: base.wearing(crafted),
        claims,
    }
}

/// The probe of an enchantment recipe: on the bench, the enchantment may be
/// attempted on an item it fits with the recipe and not without.
pub fn recipe_plan(cat: &Catalog, def: &CraftDef) -> Plan {
    let item = carrier(cat, &def.applies_to, &def.requires_base);
    let mut stage = Stage::range("bench", Vec::new(), 0.0);
    stage.ground = Ground::Craft {
        kind: AttemptKind::Enchantment,
        second: def.id.clone(),
    };
    let without = Kit::deck("starter_core", &["spark_bolt"]).wearing(item);
    let mut with = without.clone();
    with.recipes.push(def.id.clone());
    Plan {
        stage,
        without,
        with,
        claims: vec!["craft_allowed"],
    }
}

/// Defence levels show as damage taken in a wave whose enemies hit with that class.
fn defence_plan(d: &crate::loot::enhance::DefenceLevels) -> (Stage, Kit, Vec<&'static str>) {
    let spark = Kit::deck("starter_core", &["spark_bolt", "spark_bolt", "spark_bolt"]);
    // Blows and cuts: wave 5's chargers and spit; poison: blight pools; fire, ice
    // and lightning: the shots of the bosses that carry them.
    let wave = if d.blunt > 0 || d.sharp > 0 {
        5
    } else if d.poison > 0 || d.elemental > 0 {
        9
    } else if d.fire > 0 {
        15
    } else if d.ice > 0 {
        20
    } else {
        10
    };
    // Bosses' rings fly outward: a player hugging the boss is never in their
    // way, so the elemental stages walk (wards change no position).
    let walk = if wave >= 10 { Walk::Script } else { Walk::Stand };
    (Stage::wave(wave, 40.0, walk), sturdy(spark), vec!["damage_taken"])
}
