//! The per-kind sections of a chip (`projectile`, `modifier`, `trigger`,
//! `logic`, `register`, `counter`) and their serde defaults: the shapes a
//! [`SpellDef`](super::SpellDef) points to, separate from the chip record so
//! each file holds one layer of `data/spells.json`.

use serde::{Deserialize, Serialize};

use crate::element::{Coating, Element};

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
    #[serde(rename = "radius_px", alias = "radius")]
    pub radius: f32,
    /// Seconds before the projectile expires.
    #[serde(default = "default_lifetime")]
    #[serde(rename = "lifetime_s", alias = "lifetime")]
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
    /// Chance (0..=1) that the element's own status takes on a clean target
    /// (fire ignites, ice slows, lightning paralyses), before attunement and
    /// the player's `status_chance`.
    #[serde(default)]
    pub status_chance: f32,
    /// A coating every hit leaves (`wet` from water, `oily` from oil), which
    /// sets up the reaction matrix's second column and third column.
    #[serde(default)]
    pub coating: Option<Coating>,
    /// Push each hit gives the enemy along the shot's path, px/s of knockback
    /// velocity (decaying at the enemies' `knockback_decay`), before the
    /// enemy's knockback resistance. Default [`DEFAULT_KNOCKBACK`].
    #[serde(default = "default_knockback")]
    pub knockback: f32,
    /// The explosion also hurts the caster standing inside it (the nuke:
    /// "may blow yourself up", docs/game.md#spell-chips).
    #[serde(default)]
    pub hurts_caster: bool,
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

/// Knockback of a projectile that does not set its own, px/s: about 7 px of
/// shove per hit at the enemies' decay of 8/s, enough that a stream of
/// bolts holds a grunt off and never enough to juggle one.
pub const DEFAULT_KNOCKBACK: f32 = 60.0;

fn default_knockback() -> f32 {
    DEFAULT_KNOCKBACK
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
    /// When the carrier first touches an arena wall, where it touches
    /// (docs/game.md#spell-chips: a bullet that hits a wall spawns a turret).
    Wall,
}

/// The trigger section of a trigger chip.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriggerDef {
    /// Condition.
    pub on: TriggerOn,
    /// Seconds until a timer fires, or between turret shots.
    #[serde(default)]
    #[serde(rename = "interval_s", alias = "interval")]
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
