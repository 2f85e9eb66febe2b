//! Which probe fight shows a thing at work, and what it must move there.
//!
//! Every thing gets a *claim*: the figures of [`super::measure::Measure`]
//! that its own description says it changes (a damage chip: the dummy's lost
//! HP; armour: damage taken; luck: the shop's rarity). The stage is chosen so
//! that the claim can move only through the thing: a standing player and
//! pinned dummies wherever the rule allows, the same seed on both sides.
//! A thing is *inert* when a claimed figure does not move; the other figures
//! that moved are reported beside it.
//!
//! Stats map to stages in [`stat_plan`]; chips by kind and effect in
//! [`chip_plan`]; items carry the thing on a plain item of a class that
//! takes it; artifacts and hooks by what they do.

use glam::Vec2;

use super::stage::{Ground, Kit, Spot, Stage, Walk};
use crate::catalog::Catalog;
use crate::loot::affix::{AffixEffect, TriggerAction};
use crate::loot::enhance::{AttemptKind, CraftDef};
use crate::loot::hooks::{BaneTarget, HookEffect, HookRule};
use crate::loot::item::{Item, ItemClass};
use crate::loot::rarity::Rarity;
use crate::stats::{StatId, StatModifier};
use crate::vm::spells::EffectKind;
use crate::vm::{SpellDef, SpellKind};

/// A probe: where, with what on each side, and which figures must move.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The stage.
    pub stage: Stage,
    /// The kit without the thing.
    pub without: Kit,
    /// The kit with it.
    pub with: Kit,
    /// Figures the thing claims to move (all must).
    pub claims: Vec<&'static str>,
}

/// A modifier that adds `add` to `stat`.
fn add(stat: StatId, add: f32) -> StatModifier {
    StatModifier { stat, add, mul: 1.0 }
}

/// Mana enough that only the chips' own delays limit casting.
fn rich() -> Vec<StatModifier> {
    vec![add(StatId::ManaMax, 1000.0), add(StatId::ManaRegen, 300.0)]
}

fn grunt() -> Vec<Spot> {
    vec![Spot::dummy("grunt", 250.0, 0.0)]
}

fn tank() -> Vec<Spot> {
    vec![Spot::dummy("tank", 250.0, 0.0)]
}

/// Grunts of real HP that die to a few hits (kill rules).
fn killable() -> Vec<Spot> {
    (0..12)
        .map(|i| Spot {
            enemy: "grunt".into(),
            offset: Vec2::new(200.0 + 40.0 * (i % 4) as f32, -60.0 + 60.0 * (i / 4) as f32),
            hp: 15.0,
            elite: false,
        })
        .collect()
}

/// A chip probe on the DEBUG core with mana to spare.
fn chip_kits(without: &[&str], with: &[&str]) -> (Kit, Kit) {
    (
        Kit::deck("debug_core", without).with_mods(&rich()),
        Kit::deck("debug_core", with).with_mods(&rich()),
    )
}

/// Where a stat shows and which figure it moves, plus the kit both sides share.
pub fn stat_plan(stat: StatId) -> (Stage, Kit, Vec<&'static str>) {
    let spark3 = || Kit::deck("starter_core", &["spark_bolt", "spark_bolt", "spark_bolt"]);
    let range = |spots: Vec<Spot>, secs: f32| Stage::range("range", spots, secs);
    match stat {
        StatId::HpMax => (range(grunt(), 1.0), spark3(), vec!["hp_max"]),
        StatId::HpRegen => {
            let mut s = range(grunt(), 5.0);
            s.hp_frac = 0.5;
            (s, spark3(), vec!["healed.regen"])
        }
        // The Sentinel's pool (180) is above the player's (100) and its regen
        // below what four orbs spend: the player's mana binds.
        StatId::ManaMax | StatId::ManaRegen => (range(grunt(), 10.0), starved(), vec!["dummy_hp_lost"]),
        StatId::MoveSpeed => (Stage::wave(2, 10.0, Walk::Script), spark3(), vec!["distance"]),
        StatId::CastDelayMod | StatId::RechargeSpeedMod => (
            range(grunt(), 30.0),
            Kit::deck("starter_core", &["spark_bolt"; 6]),
            vec!["casts"],
        ),
        StatId::Luck => {
            let mut s = range(Vec::new(), 0.0);
            s.name = "shop".into();
            s.ground = Ground::Shop(400);
            (s, spark3(), vec!["shop_rarity"])
        }
        StatId::CpuLimit => (range(grunt(), 1.0), spark3(), vec!["slots"]),
        StatId::AttunementFire => element_plan("fire_bolt"),
        StatId::AttunementIce => element_plan("ice_shard"),
        StatId::AttunementLightning => element_plan("static_bolt"),
        StatId::AttunementPoison => element_plan("poison_dart"),
        StatId::DamageFlat | StatId::DamageMult | StatId::CritChance => (
            range(grunt(), 40.0),
            Kit::deck("debug_core", &["spark_bolt"; 6]).with_mods(&rich()),
            vec!["dummy_hp_lost"],
        ),
        StatId::CritMult => (
            range(grunt(), 20.0),
            spark3().with_mods(&[add(StatId::CritChance, 0.5)]),
            vec!["dummy_hp_lost"],
        ),
        StatId::Penetration | StatId::ResShred => (range(tank(), 10.0), orbs(), vec!["dummy_hp_lost"]),
        // Fire Infusion has no status chance of its own: every ignite is the stat's.
        StatId::StatusChance => (
            range(grunt(), 20.0),
            Kit::deck("debug_core", &["fire_infusion", "spark_bolt"]).with_mods(&rich()),
            vec!["burning_s"],
        ),
        StatId::Armor => (
            Stage::wave(5, 30.0, Walk::Stand),
            sturdy(spark3()),
            vec!["damage_taken"],
        ),
        StatId::PickupRadius => (Stage::wave(2, 20.0, Walk::Script), spark3(), vec!["gold_picked"]),
        StatId::ManaLeech => (range(killable(), 6.0), starved(), vec!["mana_leeched"]),
        StatId::Accuracy => (
            range(vec![Spot::dummy("grunt", 400.0, 0.0)], 40.0),
            Kit::deck(
                "debug_core",
                &["spread_mod", "spark_bolt", "spread_mod", "spark_bolt"],
            )
            .with_mods(&rich()),
            vec!["dummy_hp_lost"],
        ),
        // A boss's elemental shots afflict: the armour lord's fire rings,
        // standing 300 px from it for a minute (about twenty burns).
        StatId::Save => (
            range(vec![Spot::dummy("boss:armor_lord_w15", 300.0, 0.0)], 60.0),
            sturdy(spark3()),
            vec!["afflictions_resisted"],
        ),
        // A worn saber, its swing committed when the grunts reach it.
        StatId::Parry => (
            Stage::wave(3, 30.0, Walk::Stand),
            sturdy(spark3()).wearing(Item::new("saber", 1, Rarity::Common)),
            vec!["parries"],
        ),
        StatId::ReactionPower => (
            range(grunt(), 6.0),
            Kit::deck("debug_core", &["water_wave", "static_bolt"]).with_mods(&rich()),
            vec!["dummy_hp_lost"],
        ),
    }
}

/// Triple-cast Energy Orbs on the Sentinel core: the player's mana runs dry.
fn starved() -> Kit {
    Kit::deck(
        "sentinel_core",
        &[
            "triple_cast",
            "energy_orb",
            "energy_orb",
            "energy_orb",
            "triple_cast",
            "energy_orb",
            "energy_orb",
            "energy_orb",
        ],
    )
}

/// Energy Orbs with mana to spare: hits big enough to show armour and levels.
fn orbs() -> Kit {
    Kit::deck("debug_core", &["energy_orb", "energy_orb"]).with_mods(&rich())
}

/// A kit that survives a standing wave (damage taken is not capped by death).
fn sturdy(k: Kit) -> Kit {
    k.with_mods(&[add(StatId::HpMax, 5000.0)])
}

/// An elemental chip on a range dummy: attunement adds its damage and status chance.
fn element_plan(chip: &str) -> (Stage, Kit, Vec<&'static str>) {
    (
        Stage::range("range", grunt(), 6.0),
        Kit::deck("debug_core", &[chip]).with_mods(&rich()),
        vec!["dummy_hp_lost"],
    )
}

/// A plan from a stat plan: `with` adds `extra` to the shared kit.
fn from_stat(stat: StatId, extra: impl FnOnce(Kit) -> Kit) -> Plan {
    let (stage, base, claims) = stat_plan(stat);
    Plan {
        stage,
        with: extra(base.clone()),
        without: base,
        claims,
    }
}

/// The probe of a shop chip.
pub fn chip_plan(spell: &SpellDef) -> Plan {
    let id = spell.id.as_str();
    let range = |spots, secs| Stage::range("range", spots, secs);
    let sp = "spark_bolt";
    let mut stage = range(grunt(), 12.0);
    let mut claims = vec!["dummy_hp_lost"];
    let (without, with): (Vec<&str>, Vec<&str>) = match spell.kind {
        SpellKind::Action => {
            let p = spell.projectile.as_ref();
            match p.map(|p| p.effect) {
                Some(EffectKind::BlackHole) => {
                    stage.ground = Ground::Range {
                        spots: vec![
                            Spot::dummy("grunt", 300.0, 0.0),
                            Spot::dummy("grunt", 300.0, 120.0),
                        ],
                        pinned: false,
                    };
                    claims = vec!["dummy_moved"];
                }
                Some(EffectKind::HealingMist) => {
                    stage.hp_frac = 0.5;
                    claims = vec!["healed.mist"];
                }
                _ => {
                    if let Some(c) = p.and_then(|p| p.coating) {
                        claims.push(match c {
                            crate::combat::Coating::Wet => "wet_s",
                            crate::combat::Coating::Oily => "oily_s",
                        });
                    }
                    if p.is_some_and(|p| p.status_chance > 0.0) {
                        stage.secs = 30.0;
                        claims.push(match p.map(|p| p.element) {
                            Some(crate::element::Element::Fire) => "burning_s",
                            Some(crate::element::Element::Ice) => "slowed_s",
                            Some(crate::element::Element::Lightning) => "paralysed_s",
                            Some(crate::element::Element::Poison) => "poisoned_s",
                            _ => "dummy_hp_lost",
                        });
                    }
                    if p.is_some_and(|p| p.hurts_caster) {
                        stage.ground = Ground::Range {
                            spots: vec![Spot::dummy("tank", 150.0, 0.0)],
                            pinned: true,
                        };
                        claims.push("self_damage");
                    }
                }
            }
            (vec![sp], vec![sp, id])
        }
        SpellKind::Modifier => {
            match id {
                // Aimed 15° off a dummy 250 px away: only a homing shot finds it.
                "modifier_homing" => stage.aim = Some(Vec2::new(0.966, -0.259)),
                "modifier_bounce" => {
                    stage.aim = Some(Vec2::new(0.0, -1.0));
                    stage.player_at = Vec2::new(0.0, -1000.0);
                    claims = vec!["shots_alive_s"];
                }
                "modifier_pierce_plus" => {
                    stage.ground = Ground::Range {
                        spots: vec![Spot::dummy("grunt", 200.0, 0.0), Spot::dummy("grunt", 300.0, 0.0)],
                        pinned: true,
                    };
                }
                "speed_up" | "spread_mod" => {
                    stage.ground = Ground::Range {
                        spots: vec![Spot::dummy("grunt", 880.0, 0.0)],
                        pinned: true,
                    };
                }
                // An infusion's point is the reaction its element makes possible.
                "fire_infusion" => {
                    claims = vec!["reactions.oil_blast"];
                    return infusion(id, "oil_flask", claims, stage);
                }
                // Ice slows at the player's status chance (the infusion has none of its own).
                "ice_infusion" => {
                    let (without, with) = chip_kits(&[sp], &[id, sp]);
                    let chance = [add(StatId::StatusChance, 0.5)];
                    return Plan {
                        stage,
                        without: without.with_mods(&chance),
                        with: with.with_mods(&chance),
                        claims: vec!["slowed_s"],
                    };
                }
                "lifesteal_mod" => {
                    stage.hp_frac = 0.3;
                    claims = vec!["healed.lifesteal"];
                }
                "heavy_cost" => claims.push("hp_end"),
                "sine_path" => claims = vec!["shots_alive_s"],
                _ => {}
            }
            (vec![sp], vec![id, sp])
        }
        SpellKind::Multicast => (vec![sp, sp, sp], vec![id, sp, sp, sp]),
        SpellKind::Trigger => {
            claims = vec!["casts"];
            match spell.trigger.as_ref().map(|t| t.on) {
                Some(crate::vm::spells::TriggerOn::Wall) => {
                    stage.aim = Some(Vec2::new(0.0, -1.0));
                    stage.player_at = Vec2::new(0.0, -900.0);
                    claims = vec!["wall_triggers"];
                }
                Some(crate::vm::spells::TriggerOn::Kill) => stage.ground = range(killable(), 6.0).ground,
                _ => {}
            }
            (vec![sp, sp], vec![id, sp, sp])
        }
        SpellKind::Logic => (vec![sp, sp, sp], vec![id, sp, sp, sp]),
        SpellKind::Register => match id {
            "reg_a_inc" => {
                claims = vec!["reg_a"];
                (vec![sp], vec![id, sp])
            }
            "reg_b_inc" => (
                vec!["reg_b_end_if_below_5", sp],
                vec![id, "reg_b_end_if_below_5", sp],
            ),
            "reg_a_reset" => {
                claims = vec!["reg_a"];
                (vec!["reg_a_inc", sp], vec!["reg_a_inc", id, sp])
            }
            "reg_b_reset" => (
                vec!["reg_b_inc", "reg_b_end_if_below_5", sp],
                vec!["reg_b_inc", id, "reg_b_end_if_below_5", sp],
            ),
            _ => (vec![sp], vec![id, sp]),
        },
        SpellKind::Counter => {
            if id == "kill_combo" {
                stage.ground = range(killable(), 6.0).ground;
            }
            (vec![sp], vec![id, sp])
        }
        SpellKind::Splitter => (vec!["damage_plus", sp, sp], vec!["damage_plus", id, sp, sp]),
    };
    let (without, with) = chip_kits(&without, &with);
    Plan {
        stage,
        without,
        with,
        claims,
    }
}

/// An infusion riding a Spark Bolt behind a coating chip, against the coating chip alone with the bolt.
fn infusion(id: &str, coat: &str, claims: Vec<&'static str>, stage: Stage) -> Plan {
    let (without, with) = chip_kits(&[coat, "spark_bolt"], &[coat, id, "spark_bolt"]);
    Plan {
        stage,
        without,
        with,
        claims,
    }
}

/// The probe of a core: for cores with entry decks, the entry filled against
/// empty, on a stage that fires it; for the others, the core against the
/// starter core under the same deck.
pub fn core_plan(cat: &Catalog, id: &str) -> Plan {
    let deck = ["spark_bolt", "spark_bolt", "spark_bolt"];
    let def = cat.cores.find(id).map(|i| cat.cores.get(i));
    let entries: Vec<crate::vm::EntryOn> = def
        .map(|d| d.entries.iter().map(|e| e.on).collect())
        .unwrap_or_default();
    if let Some(&on) = entries.first() {
        let without = sturdy(Kit::deck(id, &deck).with_mods(&rich()));
        let mut with = without.clone();
        let card = vec!["shotgun_blast".to_string()];
        let mut stage = Stage::range("range", killable(), 8.0);
        match on {
            crate::vm::EntryOn::Hit => {
                with.build.entries.on_hit = card;
                stage = Stage::wave(5, 30.0, Walk::Stand);
            }
            crate::vm::EntryOn::Kill => with.build.entries.on_kill = card,
            crate::vm::EntryOn::Dash => {
                with.build.entries.on_dash = card;
                stage.dash_every = Some(90);
            }
            crate::vm::EntryOn::Stored => {
                with.build.entries.stored = card;
                stage.cast_every = Some(90);
            }
        }
        return Plan {
            stage,
            without,
            with,
            claims: vec!["casts"],
        };
    }
    // The starter core is measured against the DEBUG core, every other against the starter.
    let reference = if id == cat.run.world.starting_core {
        "debug_core"
    } else {
        "starter_core"
    };
    Plan {
        stage: Stage::range("range", grunt(), 20.0),
        without: Kit::deck(reference, &deck).with_mods(&rich()),
        with: Kit::deck(id, &deck).with_mods(&rich()),
        claims: vec!["dummy_hp_lost"],
    }
}

/// The probe of stat modifiers bought as a whole (shelf C, level-ups).
pub fn mods_plan(mods: &[StatModifier]) -> Plan {
    let stat = mods.first().map_or(StatId::DamageMult, |m| m.stat);
    from_stat(stat, |k| k.with_mods(mods))
}

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
