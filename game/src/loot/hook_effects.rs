//! What each loot rule does when its moment comes (docs/game.md#loot): the
//! decision lives here, in the loot room; the fight only offers the actions
//! a rule may take, through [`HookFight`].
//!
//! * `Heal`, `RestoreMana`, `Nova`, `DamageOverTime` act at any hook (a
//!   `DamageOverTime` that kills runs `OnDeath`, as every player death does).
//!   A `Nova` with a `cooldown_s` waits that long between blasts.
//! * `StackBuff`: each firing adds a stack, at most `max_stacks`.
//! * `Revive` (at `OnDeath`): once per equipped rule per wave, a dead player
//!   lies down `delay_s` and stands with full HP, `hp_max_loss` max HP gone
//!   for the run: the price only means something if there can be several
//!   revivals in a run, and an unlimited one would make the player immortal
//!   inside a wave.
//! * `Wound` (at `OnHit`): the struck enemy bleeds a share of its max HP a second.
//! * `XpGain`, `Bane`, `RepeatReaction`, `KeepStatuses` and
//!   `EnemyNoticeRange` are read where they act (a kill's XP, a hit's
//!   damage, the reaction step, the enemy AI), not fired.

use super::hooks::{Hook, HookEffect};
use crate::stats::StatId;

/// The actions a loot rule may take on the fight; the world implements it.
pub trait HookFight {
    /// Heals the player by `amount` HP (nothing under a no-healing curse).
    fn heal_player(&mut self, amount: f32);
    /// Restores `amount` mana to the active core, up to its cap.
    fn restore_mana(&mut self, amount: f32);
    /// Physical area damage of `damage` in `radius_px` around the player.
    fn nova(&mut self, damage: f32, radius_px: f32);
    /// Whether rule `index` is off its cooldown; when it is, starts a new
    /// one of `cooldown_s` seconds (0: always ready).
    fn take_cooldown(&mut self, index: usize, cooldown_s: f32) -> bool;
    /// The player's own gear drains `amount` HP; true when that killed.
    fn drain_player(&mut self, amount: f32) -> bool;
    /// Adds a stack to the stack-buff rule `index`.
    fn add_stack(
        &mut self,
        index: usize,
        stat: StatId,
        mul_per_stack: f32,
        max_stacks: u32,
        decay_after_s: f32,
    );
    /// Spends rule `index`'s revival for this wave if the player lies dead
    /// and has not used it; true when it was spent.
    fn take_revive(&mut self, index: usize) -> bool;
    /// Puts the dead player down to stand up after `delay_s`, `hp_max_loss`
    /// max HP gone for the run.
    fn knock_down(&mut self, delay_s: f32, hp_max_loss: f32);
    /// Wounds enemy `target`: it bleeds `per_s` HP a second until it dies.
    fn wound(&mut self, target: u32, max_hp_fraction_per_s: f32);
    /// Runs the rules of another moment (a drain's death runs `OnDeath`).
    fn run_hooks(&mut self, hook: Hook);
}

/// Fires one rule, number `index` of the worn ones; `target` is the enemy
/// the moment is about (the struck enemy of `OnHit`).
pub fn fire(effect: &HookEffect, index: usize, target: Option<u32>, fight: &mut impl HookFight) {
    match *effect {
        HookEffect::Heal { amount } => fight.heal_player(amount),
        HookEffect::RestoreMana { amount } => fight.restore_mana(amount),
        HookEffect::Nova {
            damage,
            radius_px,
            cooldown_s,
        } => {
            if fight.take_cooldown(index, cooldown_s) {
                fight.nova(damage, radius_px);
            }
        }
        HookEffect::DamageOverTime { per_second, .. } => {
            // Per-second rules fire once a second; the amount is one second's worth.
            if fight.drain_player(per_second) {
                fight.run_hooks(Hook::OnDeath);
            }
        }
        HookEffect::StackBuff {
            stat,
            mul_per_stack,
            max_stacks,
            decay_after_s,
        } => fight.add_stack(index, stat, mul_per_stack, max_stacks, decay_after_s),
        HookEffect::Revive { delay_s, hp_max_loss } => {
            if fight.take_revive(index) {
                fight.knock_down(delay_s, hp_max_loss);
            }
        }
        HookEffect::Wound {
            max_hp_fraction_per_s,
        } => {
            if let Some(t) = target {
                fight.wound(t, max_hp_fraction_per_s);
            }
        }
        HookEffect::XpGain { .. }
        | HookEffect::Bane { .. }
        | HookEffect::RepeatReaction { .. }
        | HookEffect::KeepStatuses {}
        | HookEffect::EnemyNoticeRange { .. } => {}
    }
}
