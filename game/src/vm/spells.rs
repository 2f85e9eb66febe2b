//! Spell chips as data (`data/spells.json`): what each chip costs and does.
//!
//! A chip is one flat record with a `kind` and the one section that kind needs
//! (`projectile` for actions, `modifier` for modifiers, ...). Flat records keep
//! `serde_path_to_error` paths exact (`spells[4].modifier.add_damage`), which an
//! internally tagged enum would lose. [`SpellBook::from_file`] checks that each
//! chip has exactly the sections its kind needs.

use std::collections::HashMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::data::DataError;
use crate::element::Element;

/// Index of a chip in the [`SpellBook`]; what decks and spawn requests carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SpellIdx(pub u32);

/// The four seed families plus the chips that extend them (game-design §3.2–§3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpellKind {
    /// Fires a projectile or an effect with the current scope baked in.
    Action,
    /// Changes the scope of the next draw only.
    Modifier,
    /// Draws `draw` chips, each with the incoming scope.
    Multicast,
    /// Fires a weak carrier and draws its payload into a fresh child scope.
    Trigger,
    /// IF_HP_LOW, IF_ENEMY_CLOSE, LOOP.
    Logic,
    /// Raw register A/B operations (DEBUG core only).
    Register,
    /// Packaged register cards: charge counter and kill combo.
    Counter,
    /// Topology: the first branch keeps the incoming scope, the others start clean.
    Splitter,
}

/// The projectile (or effect) an action or a trigger carrier fires.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProjectileDef {
    /// Base damage per projectile.
    pub damage: f32,
    /// px/s.
    pub speed: f32,
    /// Native damage element.
    #[serde(default = "physical")]
    pub element: Element,
    /// Collision radius, px.
    #[serde(default = "default_radius")]
    pub radius: f32,
    /// Seconds before the projectile expires.
    #[serde(default = "default_lifetime")]
    pub lifetime: f32,
    /// Projectiles fired at once (shotgun pellets); spread evenly over `spread_deg`.
    #[serde(default = "one_u32")]
    pub count: u32,
    /// Own spread cone, degrees (added to the scope's spread).
    #[serde(default)]
    pub spread_deg: f32,
    /// Extra enemies hit after the first.
    #[serde(default)]
    pub pierce: u32,
    /// Wall bounces.
    #[serde(default)]
    pub bounces: u32,
    /// Jumps from enemy to enemy (chain lightning).
    #[serde(default)]
    pub chain: u32,
    /// Turn rate toward enemies, rad/s.
    #[serde(default)]
    pub homing: f32,
    /// Area damage radius on impact or expiry, px (nuke: 300).
    #[serde(default)]
    pub explosion_radius: f32,
    /// What the spawn is when it is not a plain projectile.
    #[serde(default)]
    pub effect: EffectKind,
    /// Effect area, px.
    #[serde(default)]
    pub effect_radius: f32,
    /// Effect strength: pull px/s (black hole), HP/s (healing mist).
    #[serde(default)]
    pub effect_power: f32,
    /// Effect duration, s.
    #[serde(default)]
    pub effect_duration: f32,
}

/// Non-projectile actions the fight handles itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectKind {
    /// A plain projectile.
    #[default]
    None,
    /// Pulls enemies toward it, no damage.
    BlackHole,
    /// Heals the player inside its radius.
    HealingMist,
    /// A stationary turret that casts its payload every interval.
    Turret,
}

/// How a modifier changes the scope of its next draw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModifierDef {
    /// Flat damage added (the ΣAdd term).
    #[serde(default)]
    pub add_damage: f32,
    /// Damage multiplier.
    #[serde(default = "one")]
    pub damage_mult: f32,
    /// px/s added.
    #[serde(default)]
    pub add_speed: f32,
    /// Speed multiplier (0 = speed-zero modifier).
    #[serde(default = "one")]
    pub speed_mult: f32,
    /// Spread added, degrees.
    #[serde(default)]
    pub add_spread_deg: f32,
    /// Radius added, px.
    #[serde(default)]
    pub add_radius: f32,
    /// Lifetime multiplier (range).
    #[serde(default = "one")]
    pub lifetime_mult: f32,
    /// Homing turn rate added, rad/s.
    #[serde(default)]
    pub homing: f32,
    /// Homing acquire radius, px (the largest wins).
    #[serde(default)]
    pub acquire_radius: f32,
    /// Pierce added.
    #[serde(default)]
    pub add_pierce: u32,
    /// Bounces added.
    #[serde(default)]
    pub add_bounces: u32,
    /// Sine path amplitude added, px.
    #[serde(default)]
    pub sine_amp: f32,
    /// Sine path frequency, Hz (the largest wins).
    #[serde(default)]
    pub sine_freq: f32,
    /// Explosion radius added, px.
    #[serde(default)]
    pub add_explosion_radius: f32,
    /// Fraction of damage dealt returned to the player as HP (lifesteal).
    #[serde(default)]
    pub lifesteal: f32,
    /// Moves a share of the damage to another element.
    #[serde(default)]
    pub convert: Option<ConvertDef>,
}

/// One element conversion.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConvertDef {
    /// Target element.
    pub to: Element,
    /// Share of the hit moved, 0..=1 (total conversion is capped at 0.85).
    pub share: f32,
}

/// When a trigger's payload is cast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerOn {
    /// When the carrier hits an enemy, at the enemy.
    Hit,
    /// When the carrier's timer runs out, where it is.
    Timer,
    /// When the carrier kills an enemy, at the enemy.
    Kill,
    /// Every `interval` seconds while the turret lives.
    Turret,
}

/// The trigger section of a trigger chip.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriggerDef {
    /// Condition.
    pub on: TriggerOn,
    /// Seconds until a timer fires, or between turret shots.
    #[serde(default)]
    pub interval: f32,
    /// Chips drawn into the payload.
    #[serde(default = "one_u32")]
    pub draws: u32,
    /// Multiplier on the carrier's own damage ("payload dmg 0.1x": the carrier is weak).
    #[serde(default = "one")]
    pub carrier_damage_mult: f32,
}

/// Logic gate operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LogicOp {
    /// Draw the next chip if the player's HP fraction is below `threshold`.
    IfHpLow,
    /// Draw the next chip if an enemy is within `threshold` px.
    IfEnemyClose,
    /// Evaluate the next `count` chips `times` times.
    Loop,
}

/// The logic section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogicDef {
    /// Which gate.
    pub op: LogicOp,
    /// HP fraction (IF_HP_LOW) or distance in px (IF_ENEMY_CLOSE).
    #[serde(default)]
    pub threshold: f32,
    /// LOOP: chips in the body.
    #[serde(default)]
    pub count: u32,
    /// LOOP: repetitions.
    #[serde(default)]
    pub times: u32,
}

/// A register, A or B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Register {
    /// Register A.
    A,
    /// Register B.
    B,
}

/// Raw register operations ("[Set A = A + 1] -> [IF A < 100 THEN END]").
///
/// A register chip runs its statement and then draws the next chip (like a
/// modifier, wrapping), so a row of register chips reads as a program. END
/// stops the cast; the core then restarts from its head without a recharge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RegisterOp {
    /// reg += value.
    Add,
    /// reg = value.
    Set,
    /// End the cast when reg < value.
    EndIfBelow,
    /// End the cast when reg >= value.
    EndIfAtLeast,
}

/// The register section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegisterDef {
    /// Which register.
    pub reg: Register,
    /// Operation.
    pub op: RegisterOp,
    /// Operand.
    pub value: f32,
}

/// What a packaged counter counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CounterOn {
    /// Charge counter: its own evaluations ("release once every N charges").
    Cast,
    /// Kill combo: the player's kills ("burst after 5 kills").
    Kill,
}

/// The counter section: draws the next chip every `every` counts, else discards it unfired.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterDef {
    /// What is counted.
    pub on: CounterOn,
    /// Threshold N.
    pub every: u32,
}

/// One chip as written in `data/spells.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellDef {
    /// Seed id, e.g. `spark_bolt`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Family.
    pub kind: SpellKind,
    /// Rarity / tier 1..=3 (numerical §2.2 tiers).
    pub rarity: u8,
    /// Shop price, gold.
    pub price: u32,
    /// Mana paid when drawn.
    pub mana: f32,
    /// Cast delay delta, s (may be negative).
    #[serde(default)]
    pub cast_delay: f32,
    /// Recharge delta, s (may be negative).
    #[serde(default)]
    pub recharge: f32,
    /// HP paid when drawn (`heavy_cost`), subject to the per-cast cap.
    #[serde(default)]
    pub hp_cost: f32,
    /// Limited uses per fight; `None` = unlimited.
    #[serde(default)]
    pub uses: Option<u32>,
    /// False for chips only resonance creates.
    #[serde(default = "yes")]
    pub in_shop: bool,
    /// Tooltip.
    #[serde(default)]
    pub description: String,
    /// Actions and trigger carriers.
    #[serde(default)]
    pub projectile: Option<ProjectileDef>,
    /// Modifiers.
    #[serde(default)]
    pub modifier: Option<ModifierDef>,
    /// Multicast draw count, splitter branch count.
    #[serde(default)]
    pub draw: Option<u32>,
    /// Triggers.
    #[serde(default)]
    pub trigger: Option<TriggerDef>,
    /// Logic gates.
    #[serde(default)]
    pub logic: Option<LogicDef>,
    /// Raw register chips.
    #[serde(default)]
    pub register: Option<RegisterDef>,
    /// Packaged counters.
    #[serde(default)]
    pub counter: Option<CounterDef>,
    /// How the player's movement changes this action's damage (game-design
    /// §5.2 G4); `None` = it does not care.
    #[serde(default)]
    pub stance: Option<Stance>,
}

/// Movement-build interaction of an action (game-design §5.2 G4). The fight
/// applies it to the chip's main-cast projectiles; the VM only carries it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Stance {
    /// Damage × `mult` while the player moves (1.5 in the seed).
    MoveBuff {
        /// Damage factor while moving.
        mult: f32,
    },
    /// Standing still `charge_s` charges the chip; the next cast after a full
    /// charge fires it × `mult` and spends the charge; moving clears it.
    StandCharge {
        /// Seconds still for a full charge (1.5).
        charge_s: f32,
        /// Seconds still before the ring is drawn (0.3).
        ring_after_s: f32,
        /// Damage factor of the overloaded release (3).
        mult: f32,
    },
}

impl Stance {
    /// The damage factor of the stance.
    pub fn mult(&self) -> f32 {
        match *self {
            Stance::MoveBuff { mult } | Stance::StandCharge { mult, .. } => mult,
        }
    }
}

/// The file's shape.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellsFile {
    /// Every chip.
    pub spells: Vec<SpellDef>,
}

/// Every chip, indexed by [`SpellIdx`] and by id.
#[derive(Debug, Clone, Default)]
pub struct SpellBook {
    spells: Vec<SpellDef>,
    by_id: HashMap<String, SpellIdx>,
}

impl SpellBook {
    /// Checks a parsed file, pushing every problem; the book holds the valid chips.
    pub fn from_file(file: &Path, parsed: SpellsFile, errors: &mut Vec<DataError>) -> SpellBook {
        let mut book = SpellBook::default();
        for (i, s) in parsed.spells.into_iter().enumerate() {
            let at = format!("spells[{i}]");
            let before = errors.len();
            check_spell(file, &at, &s, errors);
            if book.by_id.contains_key(&s.id) {
                errors.push(DataError::new(
                    file,
                    format!("{at}.id"),
                    format!("duplicate id `{}`", s.id),
                ));
            }
            if errors.len() == before {
                let idx = SpellIdx(book.spells.len() as u32);
                book.by_id.insert(s.id.clone(), idx);
                book.spells.push(s);
            }
        }
        book
    }

    /// The chip at `idx`. Indices come from this book, so they are always valid.
    pub fn get(&self, idx: SpellIdx) -> &SpellDef {
        &self.spells[idx.0 as usize]
    }

    /// Looks up a chip by id.
    pub fn find(&self, id: &str) -> Option<SpellIdx> {
        self.by_id.get(id).copied()
    }

    /// Number of chips.
    pub fn len(&self) -> usize {
        self.spells.len()
    }

    /// True when the book is empty.
    pub fn is_empty(&self) -> bool {
        self.spells.is_empty()
    }

    /// All chips in file order.
    pub fn iter(&self) -> impl Iterator<Item = (SpellIdx, &SpellDef)> {
        self.spells
            .iter()
            .enumerate()
            .map(|(i, s)| (SpellIdx(i as u32), s))
    }
}

fn check_spell(file: &Path, at: &str, s: &SpellDef, errors: &mut Vec<DataError>) {
    let mut bad = |field: &str, msg: String| errors.push(DataError::new(file, format!("{at}.{field}"), msg));
    if s.id.is_empty()
        || !s
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        bad("id", format!("`{}` is not a snake_case id", s.id));
    }
    if !(1..=3).contains(&s.rarity) {
        bad("rarity", format!("{} is outside 1..=3", s.rarity));
    }
    for (name, v) in [
        ("mana", s.mana),
        ("cast_delay", s.cast_delay),
        ("recharge", s.recharge),
        ("hp_cost", s.hp_cost),
    ] {
        if !v.is_finite() {
            bad(name, "must be a finite number".into());
        }
    }
    if s.mana < 0.0 {
        bad("mana", format!("{} is negative", s.mana));
    }
    if s.hp_cost < 0.0 {
        bad("hp_cost", format!("{} is negative", s.hp_cost));
    }
    if let Some(st) = &s.stance {
        if s.kind != SpellKind::Action {
            bad(
                "stance",
                format!("only actions take a stance, not a {:?} chip", s.kind),
            );
        }
        if !(st.mult() > 0.0 && st.mult().is_finite()) {
            bad(
                "stance.mult",
                format!("{} must be a finite number > 0", st.mult()),
            );
        }
        if let Stance::StandCharge {
            charge_s,
            ring_after_s,
            ..
        } = *st
            && !(charge_s > 0.0 && charge_s.is_finite() && (0.0..=charge_s).contains(&ring_after_s))
        {
            bad(
                "stance",
                format!(
                    "charge_s {charge_s} must be > 0 and ring_after_s {ring_after_s} within 0..=charge_s"
                ),
            );
        }
    }
    let has = [
        ("projectile", s.projectile.is_some()),
        ("modifier", s.modifier.is_some()),
        ("draw", s.draw.is_some()),
        ("trigger", s.trigger.is_some()),
        ("logic", s.logic.is_some()),
        ("register", s.register.is_some()),
        ("counter", s.counter.is_some()),
    ];
    let needs: &[&str] = match s.kind {
        SpellKind::Action => &["projectile"],
        SpellKind::Modifier => &["modifier"],
        SpellKind::Multicast | SpellKind::Splitter => &["draw"],
        SpellKind::Trigger => &["trigger", "projectile"],
        SpellKind::Logic => &["logic"],
        SpellKind::Register => &["register"],
        SpellKind::Counter => &["counter"],
    };
    for (name, present) in has {
        let needed = needs.contains(&name);
        if needed && !present {
            bad(name, format!("a {:?} chip needs a `{name}` section", s.kind));
        } else if present && !needed {
            bad(
                name,
                format!("a {:?} chip has no use for a `{name}` section", s.kind),
            );
        }
    }
    if let Some(n) = s.draw {
        let min = if s.kind == SpellKind::Splitter { 2 } else { 1 };
        if !(min..=16).contains(&n) {
            bad("draw", format!("{n} is outside {min}..=16"));
        }
    }
    if let Some(p) = &s.projectile {
        for (name, v) in [
            ("damage", p.damage),
            ("speed", p.speed),
            ("radius", p.radius),
            ("lifetime", p.lifetime),
            ("spread_deg", p.spread_deg),
            ("homing", p.homing),
            ("explosion_radius", p.explosion_radius),
            ("effect_radius", p.effect_radius),
            ("effect_power", p.effect_power),
            ("effect_duration", p.effect_duration),
        ] {
            if !v.is_finite() || v < 0.0 {
                bad(
                    &format!("projectile.{name}"),
                    format!("{v} must be a finite number >= 0"),
                );
            }
        }
        if !(1..=64).contains(&p.count) {
            bad("projectile.count", format!("{} is outside 1..=64", p.count));
        }
    }
    if let Some(m) = &s.modifier {
        let vals = [
            ("add_damage", m.add_damage),
            ("damage_mult", m.damage_mult),
            ("add_speed", m.add_speed),
            ("speed_mult", m.speed_mult),
            ("add_spread_deg", m.add_spread_deg),
            ("add_radius", m.add_radius),
            ("lifetime_mult", m.lifetime_mult),
            ("homing", m.homing),
            ("acquire_radius", m.acquire_radius),
            ("sine_amp", m.sine_amp),
            ("sine_freq", m.sine_freq),
            ("add_explosion_radius", m.add_explosion_radius),
            ("lifesteal", m.lifesteal),
        ];
        for (name, v) in vals {
            if !v.is_finite() {
                bad(&format!("modifier.{name}"), "must be a finite number".into());
            }
        }
        for (name, v) in [
            ("damage_mult", m.damage_mult),
            ("speed_mult", m.speed_mult),
            ("lifetime_mult", m.lifetime_mult),
        ] {
            if v < 0.0 {
                bad(&format!("modifier.{name}"), format!("{v} is negative"));
            }
        }
        if let Some(c) = &m.convert
            && !(0.0..=1.0).contains(&c.share)
        {
            bad("modifier.convert.share", format!("{} is outside 0..=1", c.share));
        }
    }
    if let Some(t) = &s.trigger {
        if !t.interval.is_finite() || t.interval < 0.0 {
            bad("trigger.interval", format!("{} must be >= 0", t.interval));
        }
        if matches!(t.on, TriggerOn::Timer | TriggerOn::Turret) && t.interval <= 0.0 {
            bad(
                "trigger.interval",
                "a timer or turret needs an interval > 0".into(),
            );
        }
        if !(1..=8).contains(&t.draws) {
            bad("trigger.draws", format!("{} is outside 1..=8", t.draws));
        }
    }
    if let Some(l) = &s.logic {
        if l.op == LogicOp::Loop && (!(1..=8).contains(&l.count) || !(1..=16).contains(&l.times)) {
            bad("logic", "a LOOP needs count in 1..=8 and times in 1..=16".into());
        }
        if l.op != LogicOp::Loop && (!l.threshold.is_finite() || l.threshold <= 0.0) {
            bad("logic.threshold", "a condition needs a threshold > 0".into());
        }
    }
    if let Some(c) = &s.counter
        && c.every == 0
    {
        bad("counter.every", "must be at least 1".into());
    }
}

fn physical() -> Element {
    Element::Physical
}
fn default_radius() -> f32 {
    6.0
}
fn default_lifetime() -> f32 {
    1.5
}
fn one() -> f32 {
    1.0
}
fn one_u32() -> u32 {
    1
}
fn yes() -> bool {
    true
}
