//! Enemy archetypes from `data/enemies.json` (docs/game.md#archetypes, docs/game.md#monster-growth).
//!
//! Base archetypes list every number; elite variants name a base and scale
//! it, so a change to the grunt reaches the elite grunt. Both resolve into
//! one flat [`EnemyDef`] list at load, looked up by id.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::data::{DataError, load_json};
use crate::element::Element;

/// Resistance per element, 0 (none) to 1 (immune). Keys may be lowercase
/// (`fire`) or the boss schema's uppercase (`FIRE`); absent keys are 0.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resistances {
    /// Physical resistance.
    #[serde(default, alias = "PHYSICAL")]
    pub physical: f32,
    /// Fire resistance.
    #[serde(default, alias = "FIRE")]
    pub fire: f32,
    /// Ice resistance.
    #[serde(default, alias = "ICE")]
    pub ice: f32,
    /// Lightning resistance.
    #[serde(default, alias = "LIGHTNING")]
    pub lightning: f32,
    /// Poison resistance.
    #[serde(default, alias = "POISON")]
    pub poison: f32,
}

impl Resistances {
    /// As an array indexed by [`Element::index`].
    pub fn to_array(self) -> [f32; 5] {
        let mut a = [0.0; 5];
        a[Element::Physical.index()] = self.physical;
        a[Element::Fire.index()] = self.fire;
        a[Element::Ice.index()] = self.ice;
        a[Element::Lightning.index()] = self.lightning;
        a[Element::Poison.index()] = self.poison;
        a
    }

    /// Pushes an error for each value outside 0..=1.
    pub fn validate(&self, file: &str, path: &str, errors: &mut Vec<DataError>) {
        for (e, v) in Element::ALL.iter().zip(self.to_array()) {
            if !(0.0..=1.0).contains(&v) {
                errors.push(DataError::new(
                    file,
                    format!("{path}.{}", e.id()),
                    format!("resistance must be within 0..=1, got {v}"),
                ));
            }
        }
    }
}

/// How an archetype behaves; the numbers of its attack live here.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AiKind {
    /// Walk straight at the player (grunt, tank).
    Seek,
    /// Walk, then wind up (telegraphed line), then charge in a straight line.
    Charger(ChargerParams),
    /// Keep a distance band and spit enemy-team projectiles.
    Spitter(SpitterParams),
    /// Anti-AFK: keep distance and lob poison pools where the player stands.
    Poisoner(PoisonerParams),
}

/// Charger behaviour. The archetype's `speed` is the charge speed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChargerParams {
    /// Speed while walking, px/s.
    pub walk_speed: f32,
    /// Starts a windup when the player is this close, px.
    pub trigger_range: f32,
    /// Telegraph time, s, standing still with the direction locked.
    pub windup: f32,
    /// Charge duration, s.
    pub charge_time: f32,
    /// Pause after a charge, s.
    pub recover: f32,
}

/// Spitter behaviour.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpitterParams {
    /// Backs off when closer than this, px.
    pub min_range: f32,
    /// Approaches when farther than this, px.
    pub max_range: f32,
    /// Seconds between shots.
    #[serde(rename = "interval_s", alias = "interval")]
    pub interval: f32,
    /// Aim telegraph before each shot, s.
    pub windup: f32,
    /// Projectile speed, px/s.
    pub shot_speed: f32,
    /// Projectile damage to the player.
    pub shot_damage: f32,
    /// Projectile radius, px.
    pub shot_radius: f32,
    /// Projectile lifetime, s.
    pub shot_lifetime: f32,
}

/// Poison thrower behaviour.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoisonerParams {
    /// Distance it tries to keep from the player, px.
    pub keep_range: f32,
    /// Seconds between throws.
    #[serde(rename = "interval_s", alias = "interval")]
    pub interval: f32,
    /// Seconds between the throw and the pool becoming harmful (the landing telegraph).
    pub telegraph: f32,
    /// Pool radius, px.
    pub pool_radius: f32,
    /// Seconds a pool stays harmful.
    pub pool_duration: f32,
    /// Damage per second to a player standing in it.
    pub pool_dps: f32,
}

/// A reflecting front: the mirror mage's, and the shield of the W6–10 shield
/// bearers (docs/game.md#monster-growth: forces pierce-free builds to bring elements).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mirror {
    /// Full width of the reflecting front, degrees.
    pub arc_deg: f32,
    /// A hit reflects when at least this share of it is physical.
    pub min_physical_share: f32,
}

/// A base archetype as written in the file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BaseEnemyFile {
    /// Unique id, referenced by waves.
    pub id: String,
    /// Name for the UI.
    pub name: String,
    /// Hit points.
    pub hp: f32,
    /// Speed, px/s.
    pub speed: f32,
    /// Contact damage to the player.
    pub attack: f32,
    /// Body radius, px.
    #[serde(rename = "radius_px", alias = "radius")]
    pub radius: f32,
    /// Flat armour.
    #[serde(default)]
    pub armor: f32,
    /// Resistances.
    #[serde(default)]
    pub resist: Resistances,
    /// Fraction of knockback ignored, 0..=1.
    #[serde(default)]
    pub knockback_resist: f32,
    /// A shield that turns back mostly-physical shots hitting it from the front.
    #[serde(default)]
    pub reflect: Option<Mirror>,
    /// Defence levels against damage classes (the enhancement seed's level
    /// contest): a hit whose every class meets a level loses a share of its
    /// damage, or all of it, unless the attack's penetration or another class
    /// gets round it.
    #[serde(default)]
    pub defence: crate::loot::enhance::DefenceLevels,
    /// Incorporeal: the physical part of a player's hit passes through it
    /// unless the weapon is silvered (the Silver enhancement).
    #[serde(default)]
    pub incorporeal: bool,
    /// Seconds between two contact hits from this enemy.
    pub contact_cooldown: f32,
    /// Wave budget cost.
    pub cost: f32,
    /// XP on kill.
    pub xp: f32,
    /// Gold on kill, inclusive range.
    pub gold: [u32; 2],
    /// Behaviour.
    pub ai: AiKind,
    /// Silhouette and body colour on screen (docs/art.md#silhouettes).
    pub look: super::look::Look,
}

/// An elite variant: a base archetype scaled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EliteFile {
    /// Unique id.
    pub id: String,
    /// Name for the UI.
    pub name: String,
    /// Id of the base archetype.
    pub base: String,
    /// HP multiplier.
    pub hp_mult: f32,
    /// Contact and projectile damage multiplier.
    pub damage_mult: f32,
    /// Body radius multiplier.
    pub radius_mult: f32,
    /// Budget cost (elite overrides spend none).
    pub cost: f32,
    /// XP on kill.
    pub xp: f32,
    /// Gold on kill, inclusive range.
    pub gold: [u32; 2],
}

/// Global AI tuning.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiTuning {
    /// Fraction of an overlap between two enemies resolved per step (0..=1).
    pub separation: f32,
    /// Knockback velocity decay rate, 1/s (exponential).
    pub knockback_decay: f32,
    /// Most enemies alive at once; spawns past it are dropped and counted.
    pub max_alive: u32,
}

/// `data/enemies.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemiesFile {
    /// AI tuning.
    pub tuning: AiTuning,
    /// Base archetypes.
    pub enemies: Vec<BaseEnemyFile>,
    /// Elite variants.
    pub elites: Vec<EliteFile>,
}

/// One resolved enemy type, base or elite.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EnemyDef {
    /// Unique id.
    pub id: String,
    /// Name for the UI.
    pub name: String,
    /// True for elite variants.
    pub elite: bool,
    /// Hit points.
    pub hp: f32,
    /// Speed, px/s (chargers: charge speed).
    pub speed: f32,
    /// Contact damage.
    pub attack: f32,
    /// Multiplier on projectile / pool damage (elites).
    pub damage_mult: f32,
    /// Body radius, px.
    #[serde(rename = "radius_px")]
    pub radius: f32,
    /// Flat armour.
    pub armor: f32,
    /// Resistance per element.
    pub resist: [f32; 5],
    /// Fraction of knockback ignored.
    pub knockback_resist: f32,
    /// Reflecting front, if any.
    pub reflect: Option<Mirror>,
    /// Defence levels against damage classes.
    pub defence: crate::loot::enhance::DefenceLevels,
    /// Physical hits pass through unless silvered.
    pub incorporeal: bool,
    /// Seconds between contact hits.
    pub contact_cooldown: f32,
    /// Wave budget cost.
    pub cost: f32,
    /// XP on kill.
    pub xp: f32,
    /// Gold on kill, inclusive.
    pub gold: [u32; 2],
    /// Behaviour.
    pub ai: AiKind,
    /// Silhouette and body colour on screen; elites wear their base's.
    pub look: super::look::Look,
}

/// Every enemy type, looked up by id or by index (the index is stable for a catalog).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EnemyDefs {
    /// AI tuning.
    pub tuning: AiTuning,
    /// Base archetypes first, in file order, then elites.
    pub defs: Vec<EnemyDef>,
    by_id: BTreeMap<String, usize>,
}

/// File name of the enemy table inside the data root.
pub const ENEMIES_FILE: &str = "enemies.json";

impl EnemyDefs {
    /// Index of the type named `id`.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// The type named `id`.
    pub fn get(&self, id: &str) -> Option<&EnemyDef> {
        self.index_of(id).map(|i| &self.defs[i])
    }

    /// Loads and checks `enemies.json` under `root`, pushing every problem to `errors`.
    pub fn load(root: &std::path::Path, errors: &mut Vec<DataError>) -> Option<EnemyDefs> {
        match load_json::<EnemiesFile>(root, ENEMIES_FILE) {
            Ok(f) => Self::from_file(f, ENEMIES_FILE, errors),
            Err(e) => {
                errors.push(e);
                None
            }
        }
    }

    /// Resolves elites and checks values; `None` when anything was wrong.
    pub fn from_file(f: EnemiesFile, file: &str, errors: &mut Vec<DataError>) -> Option<EnemyDefs> {
        let before = errors.len();
        let mut defs = Vec::new();
        let mut by_id = BTreeMap::new();
        let t = &f.tuning;
        if !(0.0..=1.0).contains(&t.separation) {
            errors.push(DataError::new(file, "tuning.separation", "must be within 0..=1"));
        }
        if t.knockback_decay.is_nan() || t.knockback_decay < 0.0 {
            errors.push(DataError::new(file, "tuning.knockback_decay", "must be ≥ 0"));
        }
        for (i, e) in f.enemies.iter().enumerate() {
            let p = format!("enemies[{i}]");
            Self::check_base(e, file, &p, errors);
            if by_id.insert(e.id.clone(), defs.len()).is_some() {
                errors.push(DataError::new(
                    file,
                    format!("{p}.id"),
                    format!("duplicate id `{}`", e.id),
                ));
            }
            defs.push(Self::base_def(e));
        }
        for (i, el) in f.elites.iter().enumerate() {
            let p = format!("elites[{i}]");
            let Some(&b) = by_id.get(&el.base) else {
                errors.push(DataError::new(
                    file,
                    format!("{p}.base"),
                    format!("no base enemy `{}`", el.base),
                ));
                continue;
            };
            Self::check_elite(el, file, &p, errors);
            let base = defs[b].clone();
            if by_id.insert(el.id.clone(), defs.len()).is_some() {
                errors.push(DataError::new(
                    file,
                    format!("{p}.id"),
                    format!("duplicate id `{}`", el.id),
                ));
            }
            defs.push(EnemyDef {
                id: el.id.clone(),
                name: el.name.clone(),
                elite: true,
                hp: base.hp * el.hp_mult,
                attack: base.attack * el.damage_mult,
                damage_mult: el.damage_mult,
                radius: base.radius * el.radius_mult,
                cost: el.cost,
                xp: el.xp,
                gold: el.gold,
                ..base
            });
        }
        (errors.len() == before).then_some(EnemyDefs {
            tuning: f.tuning,
            defs,
            by_id,
        })
    }

    /// Problems of one base enemy's numbers, resistances and behaviour.
    fn check_base(e: &BaseEnemyFile, file: &str, p: &str, errors: &mut Vec<DataError>) {
        let positive = [
            ("hp", e.hp),
            ("radius_px", e.radius),
            ("cost", e.cost),
            ("contact_cooldown", e.contact_cooldown),
        ];
        for (name, v) in positive {
            if !(v > 0.0 && v.is_finite()) {
                errors.push(DataError::new(
                    file,
                    format!("{p}.{name}"),
                    format!("must be > 0, got {v}"),
                ));
            }
        }
        for (name, v) in [
            ("speed", e.speed),
            ("attack", e.attack),
            ("armor", e.armor),
            ("xp", e.xp),
        ] {
            if !(v >= 0.0 && v.is_finite()) {
                errors.push(DataError::new(
                    file,
                    format!("{p}.{name}"),
                    format!("must be ≥ 0, got {v}"),
                ));
            }
        }
        if !(0.0..=1.0).contains(&e.knockback_resist) {
            errors.push(DataError::new(
                file,
                format!("{p}.knockback_resist"),
                "must be within 0..=1",
            ));
        }
        if e.gold[0] > e.gold[1] {
            errors.push(DataError::new(file, format!("{p}.gold"), "min is above max"));
        }
        e.resist.validate(file, &format!("{p}.resist"), errors);
        check_ai(&e.ai, file, &format!("{p}.ai"), errors);
    }

    /// A base enemy as the fight reads it.
    fn base_def(e: &BaseEnemyFile) -> EnemyDef {
        EnemyDef {
            id: e.id.clone(),
            name: e.name.clone(),
            elite: false,
            hp: e.hp,
            speed: e.speed,
            attack: e.attack,
            damage_mult: 1.0,
            radius: e.radius,
            armor: e.armor,
            resist: e.resist.to_array(),
            knockback_resist: e.knockback_resist,
            reflect: e.reflect,
            defence: e.defence,
            incorporeal: e.incorporeal,
            contact_cooldown: e.contact_cooldown,
            cost: e.cost,
            xp: e.xp,
            gold: e.gold,
            ai: e.ai,
            look: e.look,
        }
    }

    /// Problems of one elite's multipliers and gold.
    fn check_elite(el: &EliteFile, file: &str, p: &str, errors: &mut Vec<DataError>) {
        for (name, v) in [
            ("hp_mult", el.hp_mult),
            ("damage_mult", el.damage_mult),
            ("radius_mult", el.radius_mult),
            ("cost", el.cost),
        ] {
            if !(v > 0.0 && v.is_finite()) {
                errors.push(DataError::new(
                    file,
                    format!("{p}.{name}"),
                    format!("must be > 0, got {v}"),
                ));
            }
        }
        if el.gold[0] > el.gold[1] {
            errors.push(DataError::new(file, format!("{p}.gold"), "min is above max"));
        }
    }
}

fn check_ai(ai: &AiKind, file: &str, path: &str, errors: &mut Vec<DataError>) {
    let fields: Vec<(&str, f32)> = match ai {
        AiKind::Seek => Vec::new(),
        AiKind::Charger(c) => vec![
            ("charger.trigger_range", c.trigger_range),
            ("charger.windup", c.windup),
            ("charger.charge_time", c.charge_time),
        ],
        AiKind::Spitter(s) => vec![
            ("spitter.interval_s", s.interval),
            ("spitter.shot_speed", s.shot_speed),
            ("spitter.shot_radius", s.shot_radius),
            ("spitter.shot_lifetime", s.shot_lifetime),
            ("spitter.max_range", s.max_range),
        ],
        AiKind::Poisoner(p) => vec![
            ("poisoner.interval_s", p.interval),
            ("poisoner.pool_radius", p.pool_radius),
            ("poisoner.pool_duration", p.pool_duration),
        ],
    };
    for (name, v) in fields {
        if !(v > 0.0 && v.is_finite()) {
            errors.push(DataError::new(
                file,
                format!("{path}.{name}"),
                format!("must be > 0, got {v}"),
            ));
        }
    }
    if let AiKind::Spitter(s) = ai
        && s.min_range > s.max_range
    {
        errors.push(DataError::new(
            file,
            format!("{path}.spitter.min_range"),
            "is above max_range",
        ));
    }
}
