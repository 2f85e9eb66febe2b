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
use crate::loot::item::Item;
use crate::loot::rarity::Rarity;
use crate::stats::{StatId, StatModifier};
use crate::vm::spells::EffectKind;
use crate::vm::{SpellDef, SpellKind};

mod loot;
pub use loot::{affix_plan, artifact_plan, craft_plan, recipe_plan};

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
    vec![Spot::dummy(super::range::PLAIN_DUMMY, 250.0, 0.0)]
}

fn tank() -> Vec<Spot> {
    vec![Spot::dummy(super::range::ARMOURED_DUMMY, 250.0, 0.0)]
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
#[expect(
    clippy::too_many_lines,
    reason = "one match over every kind of chip the probe plans"
)]
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
