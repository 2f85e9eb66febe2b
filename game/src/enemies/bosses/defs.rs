//! Boss definitions from `data/bosses/*.json`, in the phase schema of
//! docs/game.md#boss-phases, plus the body numbers the seed keeps elsewhere
//! (HP, speed, attack from docs/game.md#bosses; XP 500 from docs/game.md#xp-and-levels).
//!
//! The seed's phase fields are kept verbatim (`hp_threshold_enter`,
//! `resistances` with uppercase element keys, `regen_on_physical_hit`,
//! `behavior_tags`, `projectile_pattern`, `barrage_interval`,
//! `burst_interval`, the `ng_plus_phase`). Our additions are optional and
//! named for what they do (`pattern_interval`, `speed_mult`).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::data::{DataError, load_json};
use crate::element::Element;
use crate::enemies::Resistances;

/// What a phase makes the boss do; unknown tags are a load error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BehaviorTag {
    /// Does not move.
    Stationary,
    /// Walks at the player.
    ChasePlayer,
    /// Keeps about 350 px from the player.
    KeepDistance,
    /// Fires `projectile_pattern` every `pattern_interval`.
    SpreadProjectiles,
    /// Fires an aimed fan every `barrage_interval`.
    BarrageMode,
    /// Moves and hits harder (×1.5 speed and contact damage).
    Enrage,
    /// Fires a ring of 48 every `burst_interval`.
    FullscreenBurst,
    /// Reflects physical projectiles that hit it from the front (mirror mage).
    ReflectPhysical,
    /// Carries armour layers shed by elemental hits (armour lord).
    ArmorLayers,
    /// NG+: at 0 HP, invincible for `invincible_duration`, then back at `hp_restore_ratio`.
    LastWill,
    /// NG+: ×2 speed and contact damage.
    HyperEnrage,
    /// NG+: asks for `clone_count` clones (reported as an event).
    CloneSummon,
}

/// One phase, as in the seed's schema.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseDef {
    /// Phase number, 1-based.
    pub phase: u32,
    /// Entered when HP fraction falls to this or below.
    pub hp_threshold_enter: f32,
    /// Left when HP fraction falls to this or below (the next phase's enter).
    pub hp_threshold_exit: f32,
    /// Resistances in this phase (absent elements: 0).
    #[serde(default)]
    pub resistances: Resistances,
    /// Fraction of max HP healed per physical hit.
    #[serde(default)]
    pub regen_on_physical_hit: f32,
    /// Behaviours.
    pub behavior_tags: Vec<BehaviorTag>,
    /// `spread_N`, `ring_N` or `aimed_N`.
    #[serde(default)]
    pub projectile_pattern: Option<String>,
    /// Seconds between pattern volleys (default 2).
    #[serde(default)]
    pub pattern_interval: Option<f32>,
    /// Seconds between barrages.
    #[serde(default)]
    pub barrage_interval: Option<f32>,
    /// Seconds between full-screen bursts.
    #[serde(default)]
    pub burst_interval: Option<f32>,
    /// Speed multiplier in this phase (default 1).
    #[serde(default)]
    pub speed_mult: Option<f32>,
    /// NG+ only: `ng_plus`.
    #[serde(default)]
    pub unlock_condition: Option<String>,
    /// Designer's note.
    #[serde(default)]
    pub note: Option<String>,
    /// NG+ clone count.
    #[serde(default)]
    pub clone_count: Option<u32>,
    /// NG+ invincibility after last will, s.
    #[serde(default)]
    pub invincible_duration: Option<f32>,
    /// NG+ HP fraction restored by last will.
    #[serde(default)]
    pub hp_restore_ratio: Option<f32>,
}

/// Projectiles a boss fires.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BossShot {
    /// Speed, px/s.
    pub speed: f32,
    /// Damage to the player.
    pub damage: f32,
    /// Radius, px.
    #[serde(rename = "radius_px", alias = "radius")]
    pub radius: f32,
    /// Lifetime, s.
    #[serde(rename = "lifetime_s", alias = "lifetime")]
    pub lifetime: f32,
    /// Element of the shots: a non-physical one hits as its own damage class,
    /// so the player's elemental wards stand against it.
    #[serde(default = "physical")]
    pub element: crate::element::Element,
}

fn physical() -> crate::element::Element {
    crate::element::Element::Physical
}

/// Armour lord layers.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmorLayers {
    /// Layers at spawn.
    pub layers: u32,
    /// Armour per layer.
    pub armor_per_layer: f32,
    /// Element whose hits strip a layer (any share > 0).
    pub stripped_by: Element,
}

pub use crate::enemies::defs::Mirror;

/// A boss file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BossDef {
    /// Unique id, referenced by waves.
    pub boss_id: String,
    /// Name for the UI.
    pub display_name: String,
    /// Wave it belongs to.
    pub wave: u32,
    /// Hit points.
    pub hp: f32,
    /// Speed, px/s.
    pub speed: f32,
    /// Contact damage.
    pub attack: f32,
    /// Body radius, px.
    #[serde(rename = "radius_px", alias = "radius")]
    pub radius: f32,
    /// Flat armour (before layers).
    #[serde(default)]
    pub armor: f32,
    /// Seconds between contact hits.
    pub contact_cooldown: f32,
    /// XP on kill.
    pub xp: f32,
    /// Gold on kill, inclusive.
    pub gold: [u32; 2],
    /// Projectiles it fires.
    pub shot: BossShot,
    /// Armour lord layers.
    #[serde(default)]
    pub armor_layers: Option<ArmorLayers>,
    /// Mirror mage reflection.
    #[serde(default)]
    pub mirror: Option<Mirror>,
    /// The void lord's barrage reflect shield.
    #[serde(default)]
    pub barrage_shield: Option<super::shield::BarrageShieldDef>,
    /// Phases in order of falling HP.
    pub phases: Vec<PhaseDef>,
    /// NG+ fourth phase, read only in NG+.
    #[serde(default)]
    pub ng_plus_phase: Option<PhaseDef>,
}

/// A parsed projectile pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Pattern {
    /// `n` shots evenly round, turning a little each volley.
    Spread(u32),
    /// `n` shots evenly round, fixed.
    Ring(u32),
    /// A fan of `n` shots, 12° apart, at the player.
    Aimed(u32),
}

impl Pattern {
    /// Parses `spread_8`, `ring_12`, `aimed_5` (count 1..=256).
    pub fn parse(s: &str) -> Option<Pattern> {
        let (kind, n) = s.rsplit_once('_')?;
        let n: u32 = n.parse().ok().filter(|n| (1..=256).contains(n))?;
        match kind {
            "spread" => Some(Pattern::Spread(n)),
            "ring" => Some(Pattern::Ring(n)),
            "aimed" => Some(Pattern::Aimed(n)),
            _ => None,
        }
    }
}

/// Every boss, by id.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BossDefs {
    /// Sorted by file name.
    pub bosses: Vec<BossDef>,
    by_id: BTreeMap<String, usize>,
}

/// Folder of boss files inside the data root.
pub const BOSSES_DIR: &str = "bosses";

impl BossDefs {
    /// Index of the boss `id`.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// The boss `id`.
    pub fn get(&self, id: &str) -> Option<&BossDef> {
        self.index_of(id).map(|i| &self.bosses[i])
    }

    /// Loads every `bosses/*.json` under `root` (sorted by name), pushing every problem.
    pub fn load(root: &Path, errors: &mut Vec<DataError>) -> Option<BossDefs> {
        let before = errors.len();
        let dir = root.join(BOSSES_DIR);
        let mut names: Vec<String> = match std::fs::read_dir(&dir) {
            Ok(rd) => rd
                .filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".json"))
                .collect(),
            Err(e) => {
                errors.push(DataError::new(
                    BOSSES_DIR,
                    ".",
                    format!("cannot list {}: {e}", dir.display()),
                ));
                return None;
            }
        };
        names.sort();
        let mut bosses = Vec::new();
        let mut by_id = BTreeMap::new();
        for n in names {
            let rel = format!("{BOSSES_DIR}/{n}");
            match load_json::<BossDef>(root, &rel) {
                Ok(b) => {
                    b.validate(&rel, errors);
                    if by_id.insert(b.boss_id.clone(), bosses.len()).is_some() {
                        errors.push(DataError::new(
                            &rel,
                            "boss_id",
                            format!("duplicate boss id `{}`", b.boss_id),
                        ));
                    }
                    bosses.push(b);
                }
                Err(e) => errors.push(e),
            }
        }
        (errors.len() == before).then_some(BossDefs { bosses, by_id })
    }

    /// Builds a set from already-parsed defs (tests, tools).
    pub fn from_defs(bosses: Vec<BossDef>) -> BossDefs {
        let by_id = bosses
            .iter()
            .enumerate()
            .map(|(i, b)| (b.boss_id.clone(), i))
            .collect();
        BossDefs { bosses, by_id }
    }
}

impl BossDef {
    /// Checks numbers, thresholds and patterns; pushes one error per problem.
    pub fn validate(&self, file: &str, errors: &mut Vec<DataError>) {
        for (name, v) in [
            ("hp", self.hp),
            ("radius_px", self.radius),
            ("contact_cooldown", self.contact_cooldown),
            ("shot.speed", self.shot.speed),
            ("shot.radius_px", self.shot.radius),
            ("shot.lifetime_s", self.shot.lifetime),
        ] {
            if !(v > 0.0 && v.is_finite()) {
                errors.push(DataError::new(file, name, format!("must be > 0, got {v}")));
            }
        }
        if self.gold[0] > self.gold[1] {
            errors.push(DataError::new(file, "gold", "min is above max"));
        }
        if self.phases.is_empty() {
            errors.push(DataError::new(file, "phases", "a boss needs at least one phase"));
        }
        let mut prev_enter = f32::INFINITY;
        for (i, p) in self.phases.iter().enumerate() {
            let path = format!("phases[{i}]");
            p.validate(file, &path, errors);
            if p.hp_threshold_enter >= prev_enter {
                errors.push(DataError::new(
                    file,
                    format!("{path}.hp_threshold_enter"),
                    "phases must enter at strictly falling HP fractions",
                ));
            }
            prev_enter = p.hp_threshold_enter;
        }
        if let Some(first) = self.phases.first()
            && first.hp_threshold_enter < 1.0
        {
            errors.push(DataError::new(
                file,
                "phases[0].hp_threshold_enter",
                "the first phase must enter at 1.0",
            ));
        }
        if let Some(ng) = &self.ng_plus_phase {
            ng.validate(file, "ng_plus_phase", errors);
        }
    }
}

impl PhaseDef {
    fn validate(&self, file: &str, path: &str, errors: &mut Vec<DataError>) {
        if self.hp_threshold_exit.partial_cmp(&self.hp_threshold_enter) != Some(std::cmp::Ordering::Less) {
            errors.push(DataError::new(
                file,
                format!("{path}.hp_threshold_exit"),
                "must be below hp_threshold_enter",
            ));
        }
        self.resistances
            .validate(file, &format!("{path}.resistances"), errors);
        if !(0.0..=1.0).contains(&self.regen_on_physical_hit) {
            errors.push(DataError::new(
                file,
                format!("{path}.regen_on_physical_hit"),
                "must be within 0..=1",
            ));
        }
        if let Some(s) = &self.projectile_pattern
            && Pattern::parse(s).is_none()
        {
            errors.push(DataError::new(
                file,
                format!("{path}.projectile_pattern"),
                format!("unknown pattern `{s}` (expected spread_N, ring_N or aimed_N)"),
            ));
        }
        for (name, v) in [
            ("pattern_interval", self.pattern_interval),
            ("barrage_interval", self.barrage_interval),
            ("burst_interval", self.burst_interval),
            ("speed_mult", self.speed_mult),
        ] {
            if let Some(v) = v
                && !(v > 0.0 && v.is_finite())
            {
                errors.push(DataError::new(
                    file,
                    format!("{path}.{name}"),
                    format!("must be > 0, got {v}"),
                ));
            }
        }
        let needs = [
            (
                BehaviorTag::SpreadProjectiles,
                self.projectile_pattern.is_some(),
                "projectile_pattern",
            ),
            (
                BehaviorTag::BarrageMode,
                self.barrage_interval.is_some(),
                "barrage_interval",
            ),
            (
                BehaviorTag::FullscreenBurst,
                self.burst_interval.is_some(),
                "burst_interval",
            ),
        ];
        for (tag, present, field) in needs {
            if self.behavior_tags.contains(&tag) && !present {
                errors.push(DataError::new(
                    file,
                    format!("{path}.{field}"),
                    format!("behavior tag `{tag:?}` needs `{field}`"),
                ));
            }
        }
    }
}
