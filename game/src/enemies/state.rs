//! One enemy at run time, and what an enemy leaves when it dies.

use glam::Vec2;
use serde::Serialize;

use super::bosses::BossRuntime;
use super::defs::{AiKind, EnemyDef};
use crate::combat::{Defence, HitTarget, StatusSet};

/// Where an archetype's attack cycle is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AiPhase {
    /// Moving by its archetype's rule.
    Move,
    /// Telegraphing an attack (charge line, spit aim, throw).
    Windup,
    /// Charging in a locked direction.
    Charge,
    /// Resting after a charge.
    Recover,
}

/// An archetype's attack cycle.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct AiState {
    /// Current step of the cycle.
    pub phase: AiPhase,
    /// Seconds left in this step (for spitters and throwers in `Move`: until the next windup).
    pub timer: f32,
    /// Locked direction (charge) — unit vector.
    pub dir: [f32; 2],
    /// Locked target point (spit aim, pool landing).
    pub target: [f32; 2],
}

/// Scales a wave applies to what it spawns (optional fields of the wave file).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SpawnScale {
    /// HP multiplier.
    pub hp: f32,
    /// Damage multiplier.
    pub damage: f32,
    /// XP multiplier.
    pub xp: f32,
    /// Gold multiplier on the rolled coin (the wave's reward share,
    /// docs/balance.md#density); fractions are carried by the coin field.
    pub gold: f32,
}

impl Default for SpawnScale {
    fn default() -> Self {
        Self {
            hp: 1.0,
            damage: 1.0,
            xp: 1.0,
            gold: 1.0,
        }
    }
}

/// Marks [`EnemyState::kind`] of a boss (bosses are not in the enemy table).
pub const BOSS_KIND: u32 = u32::MAX;

/// A live (or freed) enemy slot. Everything the rules need is copied in at
/// spawn so an enemy never looks its definition up again.
#[derive(Debug, Clone, PartialEq)]
pub struct EnemyState {
    /// Index in `EnemyDefs::defs`, or [`BOSS_KIND`].
    pub kind: u32,
    /// False for a free slot.
    pub alive: bool,
    /// Position, world px.
    pub pos: Vec2,
    /// Knockback velocity, px/s, decaying.
    pub knock: Vec2,
    /// Unit vector it faces (toward the player, or its charge).
    pub facing: Vec2,
    /// Body radius, px.
    pub radius: f32,
    /// Hit points left.
    pub hp: f32,
    /// Hit points at spawn.
    pub hp_max: f32,
    /// Speed, px/s.
    pub speed: f32,
    /// Contact damage.
    pub attack: f32,
    /// Multiplier on projectile and pool damage.
    pub damage_mult: f32,
    /// Flat armour.
    pub armor: f32,
    /// Resistance per element.
    pub resist: [f32; 5],
    /// Fraction of knockback ignored.
    pub knockback_resist: f32,
    /// A shield that turns back frontal, mostly physical shots (shield bearers).
    pub reflect: Option<super::defs::Mirror>,
    /// Defence levels against damage classes (from its archetype).
    pub defence: crate::loot::enhance::DefenceLevels,
    /// Physical hits pass through it (unless silvered).
    pub incorporeal: bool,
    /// Seconds between contact hits.
    pub contact_cooldown: f32,
    /// Seconds until it may deal contact damage again.
    pub contact_timer: f32,
    /// XP on kill.
    pub xp: f32,
    /// Gold on kill, inclusive.
    pub gold: [u32; 2],
    /// Multiplier on the rolled gold (the wave's reward share).
    pub gold_mult: f32,
    /// Elite variant.
    pub elite: bool,
    /// Behaviour.
    pub ai_kind: AiKind,
    /// Attack cycle.
    pub ai: AiState,
    /// Statuses.
    pub status: StatusSet,
    /// Boss phase machine, for bosses.
    pub boss: Option<Box<BossRuntime>>,
    /// What the run's mutators made of it ([`super::mutations`]).
    pub mutation: Mutation,
}

impl EnemyState {
    /// A fresh enemy of type `def` (index `kind`) at `pos`.
    pub fn from_def(kind: u32, def: &EnemyDef, pos: Vec2, scale: SpawnScale) -> Self {
        let first_timer = match def.ai {
            AiKind::Spitter(s) => s.interval,
            AiKind::Poisoner(p) => p.interval,
            _ => 0.0,
        };
        Self {
            kind,
            alive: true,
            pos,
            knock: Vec2::ZERO,
            facing: Vec2::X,
            radius: def.radius,
            hp: def.hp * scale.hp,
            hp_max: def.hp * scale.hp,
            speed: def.speed,
            attack: def.attack * scale.damage,
            damage_mult: def.damage_mult * scale.damage,
            armor: def.armor,
            resist: def.resist,
            knockback_resist: def.knockback_resist,
            reflect: def.reflect,
            defence: def.defence,
            incorporeal: def.incorporeal,
            contact_cooldown: def.contact_cooldown,
            contact_timer: 0.0,
            xp: def.xp * scale.xp,
            gold: def.gold,
            gold_mult: scale.gold,
            elite: def.elite,
            ai_kind: def.ai,
            ai: AiState {
                phase: AiPhase::Move,
                timer: first_timer,
                dir: [1.0, 0.0],
                target: pos.to_array(),
            },
            status: StatusSet::default(),
            boss: None,
            mutation: Default::default(),
        }
    }

    /// HP as a fraction of max, 0..=1.
    pub fn hp_fraction(&self) -> f32 {
        (self.hp / self.hp_max).clamp(0.0, 1.0)
    }
}

impl HitTarget for EnemyState {
    fn defence(&self) -> Defence {
        Defence {
            resist: self.resist,
            armor: self.armor,
        }
    }

    fn status(&self) -> &StatusSet {
        &self.status
    }

    fn status_mut(&mut self) -> &mut StatusSet {
        &mut self.status
    }

    fn pos(&self) -> Vec2 {
        self.pos
    }

    fn take_damage(&mut self, amount: f32) {
        self.hp -= amount;
    }
}

/// What a death yields, for drops, XP and statistics.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Death {
    /// The freed slot.
    pub slot: u32,
    /// Enemy type index, or [`BOSS_KIND`].
    pub kind: u32,
    /// Where it died.
    pub pos: [f32; 2],
    /// XP granted.
    pub xp: f32,
    /// Gold rolled from its range, times the wave's reward share (a
    /// fraction: the coin field carries the remainder).
    pub gold: f32,
    /// Elite variant.
    pub elite: bool,
    /// A boss.
    pub boss: bool,
    /// What the mutators made of it (flooded elites drop no elite loot; a
    /// split-born half never splits again).
    pub mutation: Mutation,
}

/// Marks an endless mutator left on an enemy (the rules that set them are
/// in `super::mutations`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Mutation {
    /// Made elite by the elite flood: counts as elite for banes, bars and
    /// bursts, but drops no elite loot (every enemy of a wave would, and
    /// the seed's "rewards ×2" names the enemy's own gold and XP).
    pub flooded: bool,
    /// Born of a split: never splits again (docs/game.md#mutators: "split once").
    pub split_half: bool,
}
