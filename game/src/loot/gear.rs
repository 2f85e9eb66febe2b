//! How equipped loot reaches the fight (docs/game.md#gear-in-the-fight): one place that turns
//! a projectile's damage, elements and direction plus the equipment's
//! [`GearLoadout`] into the numbers the damage pipeline takes, and the
//! player's defence levels into what an enemy hit does.
//!
//! It lives in `loot` (not in `combat`, nor in `world` where it began) because
//! it is pure rules over loot's own types (the level contest of
//! [`resolve_levels`], the loadout, the hook rules) feeding combat's inputs:
//! `loot` already builds on `combat` (`loot::ttk`), so putting it in `combat`
//! would make the two import each other. `crate::world::gear` keeps the thin
//! step over a world `Shot`.
//!
//! Rules, in order, for a player hit on an enemy:
//! 1. Shares: the equipment's conversions move part of the *physical* share of
//!    the spell to other elements (the loadout's `shares` describe a
//!    physical-native hit); the spell's own elemental shares stay. The result
//!    still sums to 1: conversion moves damage, never adds it.
//! 2. ΣAdd: the equipment's flat element damage, summed (it rides the hit's shares).
//! 3. ΠMult: the player's `damage_mult` (the VM bakes only `damage_flat`) and the
//!    level factor of [`resolve_levels`].
//! 4. Levels: enemies carry no defence levels in `data/enemies.json`, so the
//!    attack is never deflected by them; penetration left over strips flat
//!    armour, which is added to the attacker's `penetration` (the Armor term).
//!    A simple weapon's damage cap bounds the hit's `(Base + ΣAdd)`.
//!
//! For an enemy hit on the player: the enemy's attack level and class from
//! `data/world.json` contest the player's defence levels; a deflected hit deals
//! nothing, otherwise the damage is scaled by the level factor and the player's
//! flat armour (plus any armour the contest strips) applies with the minimum 1.

use glam::Vec2;
use serde::Deserialize;

use super::enhance::{DamageClass, DefenceLevels, LevelOutcome, LevelRules, resolve_levels};
use super::equipment::Loadout as GearLoadout;
use super::hooks::HookEffect;
use crate::combat::{AttackerStats, HitSpec};
use crate::element::{Element, ElementShares};
use crate::stats::{StatId, StatSheet};

/// The attack level and class of enemy hits (`data/world.json`): the enemy
/// side of [`enemy_hit`]'s level contest, read with the run's data.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyAttackDef {
    /// Attack level of every enemy hit (the seed's monsters sit at 2–3).
    pub level: i32,
    /// Class of contact hits.
    pub contact_class: DamageClass,
    /// Class of spit and boss projectiles.
    pub shot_class: DamageClass,
    /// Class of poison pools.
    pub pool_class: DamageClass,
}

/// Element shares of a spell hit after the equipment's conversion.
pub fn hit_shares(spell: &ElementShares, gear: &GearLoadout) -> ElementShares {
    let phys = spell.get(Element::Physical);
    let mut s = spell.0;
    s[Element::Physical.index()] = 0.0;
    for e in Element::ALL {
        s[e.index()] += phys * gear.shares.get(e);
    }
    ElementShares(s)
}

/// The damage classes a hit of `shares` deals: the weapon's classes (its
/// own and those crafts added, so Burning Weapon makes the physical part
/// count as fire too) for the physical part, each element's class for its part.
pub fn hit_classes(shares: &ElementShares, gear: &GearLoadout) -> Vec<DamageClass> {
    let mut out = Vec::new();
    for e in Element::ALL {
        if shares.get(e) <= 0.0 {
            continue;
        }
        for c in gear.classes_for(e) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// The class an enemy projectile hits the player with: its strongest
/// element's, or `physical` (the data's shot class) for a physical shot.
pub fn shot_class(elements: &ElementShares, physical: DamageClass) -> DamageClass {
    DamageClass::of_element(elements.dominant()).unwrap_or(physical)
}

/// What a target opposes to a player's hit.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Guard {
    /// Defence levels against damage classes.
    pub levels: DefenceLevels,
    /// Incorporeal (the wraith): the physical part of a hit passes through
    /// unless the weapon is silvered (enhancement seed, Silver: "ignores the
    /// physical immunity of incorporeal undead").
    pub incorporeal: bool,
}

/// The damage pipeline's inputs for one player projectile hit of `damage`
/// with the spell's `elements`, travelling along `dir`, on a target with
/// `guard`; `None` when the level contest deflects it or nothing of it can
/// touch the target. The defence that counts is the lowest against the hit's
/// classes ([`hit_classes`]): an added class gets round a guard.
pub fn player_hit(
    damage: f32,
    elements: &ElementShares,
    dir: Vec2,
    guard: &Guard,
    sheet: &StatSheet,
    gear: &GearLoadout,
    rules: &LevelRules,
) -> Option<(HitSpec, AttackerStats)> {
    let mut attacker = AttackerStats::from_sheet(sheet);
    apply_reaction_rules(&mut attacker, gear);
    let mut shares = hit_shares(elements, gear);
    if guard.incorporeal && !gear.attack.silver {
        // The physical part is lost, not moved: a pure physical hit passes through.
        shares.0[Element::Physical.index()] = 0.0;
        if shares.0.iter().sum::<f32>() <= 1.0e-6 {
            return None;
        }
    }
    let defence = guard.levels.against_any(&hit_classes(&shares, gear));
    let outcome = resolve_levels(
        gear.attack.level.max(1),
        &[defence],
        gear.attack.penetration,
        rules,
    );
    let (level_mult, armor_delta) = match outcome {
        LevelOutcome::Deflected => return None,
        LevelOutcome::Hit {
            damage_mult,
            armor_delta,
        } => (damage_mult, armor_delta),
    };
    attacker.penetration += (-armor_delta).max(0.0);
    let flat: f32 = gear.flat_element_damage.iter().sum();
    let mut base = damage;
    let mut add = flat;
    if let Some(cap) = gear.attack.damage_cap {
        base = base.min(cap);
        add = add.min((cap - base).max(0.0));
    }
    let spec = HitSpec {
        base,
        add,
        mult: sheet.get(StatId::DamageMult) * level_mult,
        shares,
        status_chance: 0.0,
        coating: None,
        dir: dir.to_array(),
        pierces: false,
    };
    Some((spec, attacker))
}

/// Sets the attacker's reaction rules from the equipped hooks: the largest
/// `RepeatReaction` count (rules do not multiply: two Double Hearts still fire
/// each reaction twice) and whether any `KeepStatuses` rule is worn. They act
/// inside the reaction step (`crate::combat::reactions::apply_hit`), so they
/// travel with the attacker rather than being run at the `OnReaction` hook.
pub fn apply_reaction_rules(attacker: &mut AttackerStats, gear: &GearLoadout) {
    for h in &gear.hooks {
        match h.effect {
            HookEffect::RepeatReaction { times } => {
                attacker.reaction_times = attacker.reaction_times.max(times.max(1));
            }
            HookEffect::KeepStatuses {} => attacker.keep_statuses = true,
            _ => {}
        }
    }
}

/// Damage an enemy hit of `raw` does to the player before the player's flat
/// armour: `None` when the player's defence levels deflect it, else the scaled
/// damage and extra armour stripped (≤ 0 means the contest removes armour).
pub fn enemy_hit(
    raw: f32,
    class: DamageClass,
    enemy: &EnemyAttackDef,
    gear: &GearLoadout,
    rules: &LevelRules,
) -> Option<(f32, f32)> {
    let defence = gear.defences.against(class);
    match resolve_levels(enemy.level.max(1), &[defence], 0, rules) {
        LevelOutcome::Deflected => None,
        LevelOutcome::Hit {
            damage_mult,
            armor_delta,
        } => Some((raw * damage_mult, armor_delta)),
    }
}
