//! Named trigger hooks: the moments of a fight at which a loot rule acts.
//!
//! Artifacts, trigger affixes and some enhancements are *rules*, not numbers
//! (docs/game.md#artifacts). Their stat part goes through [`crate::stats::StatModifier`];
//! the rest is a list of [`HookRule`]s that the fight calls at the moment
//! named by [`Hook`]. The loot layer never runs them itself: it only says what
//! should happen, so the fight integrator wires each hook in one place.

use serde::{Deserialize, Serialize};

use crate::element::Element;
use crate::stats::{StatId, StatModifier};

/// When a rule acts. Each variant says where the fight must call it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hook {
    /// Always on while equipped; read by the system the effect names (AI for
    /// notice range, progression for XP), not by the damage step.
    Passive,
    /// After a player hit has been resolved against an enemy (damage known).
    OnHit,
    /// When an enemy dies from the player's damage (once per death).
    OnKill,
    /// When the player takes damage (after armour; not when deflected).
    OnHurt,
    /// When the player's HP reaches 0, before the run is declared lost.
    OnDeath,
    /// When an elemental reaction is triggered by the player's damage.
    OnReaction,
    /// Once when a wave ends (timer reached 0), before drops are rolled.
    OnWaveEnd,
    /// Once per simulated second while a wave is running (every 60 steps).
    PerSecond,
}

/// A state of the player that switches conditional modifiers on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WhileCondition {
    /// No item in the armour slot. Resolved by [`crate::loot::equipment::Equipment`] itself.
    NoArmour,
    /// The player has not moved this step. Resolved by the fight every step.
    StandingStill,
}

/// Stat modifiers that apply only while a condition holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionalModifiers {
    /// When they apply.
    pub condition: WhileCondition,
    /// What they change.
    pub modifiers: Vec<StatModifier>,
}

/// Which enemies a bane multiplier applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BaneTarget {
    /// Elite enemies.
    Elite,
    /// Mini-bosses and bosses.
    Boss,
    /// Enemies with a flat armour above zero (the seed's "structure" units).
    Armoured,
}

/// What a rule does when its hook fires. Amounts are in game units (HP, px, s).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum HookEffect {
    /// Heal the player by `amount` HP.
    Heal {
        /// HP restored.
        amount: f32,
    },
    /// Restore `amount` mana to the active core.
    RestoreMana {
        /// Mana restored.
        amount: f32,
    },
    /// Deal `damage` physical damage to every enemy within `radius_px` of the player.
    Nova {
        /// Damage before the enemy's resistances and armour.
        damage: f32,
        /// Radius in px.
        radius_px: f32,
        /// Seconds before the rule may blast again (0: every time its hook
        /// fires). A nova on being hurt needs one: in a crowd of a thousand
        /// the player is hurt at every end of the hit invulnerability, and
        /// an unbounded nova carried a third of every build's damage
        /// (docs/balance.md#nova-cooldown).
        #[serde(default)]
        cooldown_s: f32,
    },
    /// Each firing adds a stack multiplying `stat` by `1 + mul_per_stack × stacks`;
    /// all stacks are lost after `decay_after_s` without a firing and at wave end.
    StackBuff {
        /// The boosted stat.
        stat: StatId,
        /// Multiplier added per stack.
        mul_per_stack: f32,
        /// Most stacks held.
        max_stacks: u32,
        /// Seconds without a firing before every stack burns.
        decay_after_s: f32,
    },
    /// The reaction is applied `times` times instead of once.
    RepeatReaction {
        /// How many times in all.
        times: u32,
    },
    /// The player stands up again after `delay_s` (invulnerable and inactive
    /// meanwhile) with full HP, and loses `hp_max_loss` max HP for the rest of the run.
    Revive {
        /// Seconds down.
        delay_s: f32,
        /// Max HP lost per revival, permanently for the run.
        hp_max_loss: f32,
    },
    /// Reactions leave the statuses they consumed on the target.
    KeepStatuses {},
    /// The player takes `per_second` damage of `element` each second of a wave.
    DamageOverTime {
        /// Element of the damage (resistances apply).
        element: Element,
        /// Damage per second.
        per_second: f32,
    },
    /// Ranged enemies' attack (notice) range is multiplied by `mult`.
    EnemyNoticeRange {
        /// Range factor (0.55 = 45 % closer).
        mult: f32,
    },
    /// Experience gained this run is multiplied by `mult`.
    XpGain {
        /// XP factor.
        mult: f32,
    },
    /// The hit's damage is multiplied by `mult` against `target`.
    Bane {
        /// Which enemies.
        target: BaneTarget,
        /// Damage factor (a ΠMult term).
        mult: f32,
    },
    /// The target loses `max_hp_fraction_per_s` of its max HP each second; stacks per hit.
    Wound {
        /// Fraction of max HP per second per stack.
        max_hp_fraction_per_s: f32,
    },
}

/// One rule: at `on`, do `effect`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HookRule {
    /// When.
    pub on: Hook,
    /// What.
    pub effect: HookEffect,
}
