//! Loot rules at their moments (the hooks of `crate::loot::hooks`): the one
//! place where an equipped rule acts in the fight. The rules' own memory and
//! the passive products live in the loot room (`crate::loot::hook_state`);
//! this file applies them to the player and the enemies.
//!
//! Every `HookEffect` is wired:
//! * `Heal`, `RestoreMana`, `Nova`, `DamageOverTime` at any hook (a
//!   `DamageOverTime` that kills runs `OnDeath`, as every player death does).
//! * `XpGain` (passive, multiplies XP from kills); `Bane` (multiplies a hit's
//!   damage against elites, bosses or armoured enemies, read when the hit is built).
//! * `StackBuff`: each firing adds a stack (at most `max_stacks`); the player's
//!   stat is multiplied by `1 + mul_per_stack × stacks` through the player's
//!   fight-time modifiers ([`crate::player::Player::set_buff_modifiers`]);
//!   every stack burns after `decay_after_s` without a firing and at wave end.
//! * `RepeatReaction`, `KeepStatuses`: they act inside the reaction step, so
//!   the hit's attacker carries them (`gear::apply_reaction_rules`, read by
//!   `crate::combat::reactions::apply_hit`), whatever hook they are filed under.
//! * `Revive` (at `OnDeath`): the player lies down `delay_s` (alive for the
//!   run, invulnerable, not casting, not walking), then stands with full HP;
//!   `hp_max_loss` max HP goes for the rest of the run. **Once per equipped
//!   rule per wave**: the seed's price, "each revival −5 max HP forever", only
//!   makes sense if there can be several revivals in a run, and an unlimited
//!   one would make the player immortal inside a wave (a pure upgrade, which
//!   the seed forbids). A wave that ends while the player is down stands them
//!   up at the next wave's start.
//! * `EnemyNoticeRange` (passive): the product of the worn factors goes to the
//!   enemy AI every step (`crate::enemies::EnemySet::set_ranged_range_mult`).
//! * `Wound` (at `OnHit`): the struck enemy gains a wound bleeding
//!   `max_hp_fraction_per_s × max HP` per second, one per hit, until it dies.
//! * Conditional stat bonuses (`while` in the data): `no_armour` is resolved by
//!   the equipment; `standing_still` is switched on here every step from the
//!   movement input. No shipped item uses `standing_still` yet, and there are
//!   no "while moving" or "below x % HP" conditions in the data.
//!
//! Where each hook is called: `OnHit` after a player hit is resolved, `OnKill`
//! per death, `OnHurt` after the player takes damage, `OnDeath` when HP reaches
//! 0, `OnReaction` per reaction, `OnWaveEnd` before the wave-end drop,
//! `PerSecond` every `step_hz` steps of a wave, `Passive` read where needed.

use super::World;
use super::metrics::StepCounters;
pub(super) use crate::loot::hook_state::HookState;
use crate::loot::hook_state::{bane_mult, notice_range_mult, xp_mult};
use crate::loot::hooks::{Hook, HookEffect, WhileCondition};
use crate::stats::{StatId, StatModifier};

impl World {
    /// Runs every equipped rule registered for `hook`.
    pub(super) fn run_hooks(&mut self, hook: Hook, counters: &mut StepCounters) {
        self.run_hooks_at(hook, None, counters);
    }

    /// Runs every equipped rule registered for `hook`; `target` is the enemy
    /// slot the moment is about (the struck enemy of `OnHit`), for rules that
    /// act on it (`Wound`).
    pub(super) fn run_hooks_at(&mut self, hook: Hook, target: Option<u32>, counters: &mut StepCounters) {
        if self.kit.gear.hooks.iter().all(|h| h.on != hook) {
            return;
        }
        let rules: Vec<(usize, HookEffect)> = self
            .kit
            .gear
            .hooks
            .iter()
            .enumerate()
            .filter(|(_, h)| h.on == hook)
            .map(|(i, h)| (i, h.effect.clone()))
            .collect();
        for (index, effect) in rules {
            match effect {
                HookEffect::Heal { amount } => {
                    self.stats.healed.hooks += f64::from(self.player.heal(amount));
                }
                HookEffect::RestoreMana { amount } => {
                    if let Some(core) = self.caster.core.as_mut() {
                        core.restore_mana(amount, self.player.stat(crate::stats::StatId::ManaMax));
                    }
                }
                HookEffect::Nova { damage, radius_px } => {
                    self.nova(self.player.pos, damage, radius_px, counters)
                }
                HookEffect::DamageOverTime { per_second, .. } => {
                    // Per-second rules fire once a second; the amount is one second's worth.
                    let before = self.player.damage_taken;
                    let was_up = self.player.hp > 0.0;
                    self.player.take_damage_over_time(per_second);
                    self.stats.damage_taken += self.player.damage_taken - before;
                    if was_up && self.player.hp <= 0.0 {
                        self.stats.death_cause = Some("own gear's drain".into());
                        self.run_hooks(Hook::OnDeath, counters);
                    }
                }
                HookEffect::StackBuff {
                    stat,
                    mul_per_stack,
                    max_stacks,
                    decay_after_s,
                } => {
                    self.kit
                        .hook_state
                        .add_stack(index, stat, mul_per_stack, max_stacks, decay_after_s);
                    self.refresh_buffs();
                }
                HookEffect::Revive { delay_s, hp_max_loss } => {
                    if self.player.hp <= 0.0
                        && !self.player.is_down()
                        && self.kit.hook_state.take_revive(index)
                    {
                        self.player.knock_down(delay_s, hp_max_loss);
                    }
                }
                HookEffect::Wound {
                    max_hp_fraction_per_s,
                } => {
                    if let Some(e) = target.and_then(|t| self.field.enemies.get_mut(t))
                        && e.hp > 0.0
                    {
                        e.status.add_wound(max_hp_fraction_per_s * e.hp_max);
                    }
                }
                // Read where they act: `XpGain` and `Bane` when a kill or a hit
                // is booked, `RepeatReaction` and `KeepStatuses` inside the
                // reaction step (`gear::apply_reaction_rules`),
                // `EnemyNoticeRange` by the enemy AI (`tick_hooks`).
                HookEffect::XpGain { .. }
                | HookEffect::Bane { .. }
                | HookEffect::RepeatReaction { .. }
                | HookEffect::KeepStatuses {}
                | HookEffect::EnemyNoticeRange { .. } => {}
            }
        }
    }

    /// Once per step, after movement: stack buffs age and burn out after their
    /// `decay_after_s` without a firing, the standing-still bonuses follow the
    /// player's input, the player's fight-time modifiers are refolded, and the
    /// enemies' notice-range factor follows the equipped rules.
    pub(super) fn tick_hooks(&mut self, dt: f32) {
        self.kit.hook_state.age(dt);
        self.refresh_buffs();
        let mult = notice_range_mult(&self.kit.gear);
        self.field.enemies.set_ranged_range_mult(mult);
    }

    /// At wave end every stack burns and each `Revive` rule is ready again.
    pub(super) fn reset_hook_state(&mut self) {
        self.kit.hook_state = HookState::default();
        self.refresh_buffs();
    }

    /// Folds the live stack buffs and the conditional (standing still)
    /// modifiers into the player's fight-time modifiers.
    fn refresh_buffs(&mut self) {
        let mut mods: Vec<StatModifier> = self.kit.hook_state.buff_modifiers();
        let still = !self.player_moving();
        for c in &self.kit.gear.conditional {
            let on = match c.condition {
                WhileCondition::StandingStill => still,
                // Resolved by the equipment when the loadout is built.
                WhileCondition::NoArmour => false,
            };
            if on {
                mods.extend(c.modifiers.iter().copied());
            }
        }
        self.player.set_buff_modifiers(&mods);
    }

    /// Stacks held by the stack-buff rule of stat `stat` (0 when none); for
    /// the HUD and tests.
    pub fn buff_stacks(&self, stat: StatId) -> u32 {
        self.kit.hook_state.stacks_of(stat)
    }

    /// The product of the passive `XpGain` rules.
    pub(super) fn xp_mult(&self) -> f32 {
        xp_mult(&self.kit.gear)
    }

    /// The product of the `Bane` rules that apply to enemy `slot`.
    pub(super) fn bane_mult(&self, slot: u32) -> f32 {
        self.field.enemies.get(slot).map_or(1.0, |e| {
            bane_mult(&self.kit.gear, e.elite, e.boss.is_some(), e.armor > 0.0)
        })
    }
}
