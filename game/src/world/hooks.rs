//! Loot rules at their moments: which worn rules a moment calls, and the
//! actions they may take on the fight ([`crate::loot::hook_effects::HookFight`],
//! implemented here by `RuleHost`). What each rule does is decided in the loot
//! room (`crate::loot::hook_effects::fire`); the rules' own memory and the
//! passive products live there too (`crate::loot::hook_state`).
//!
//! * `StackBuff`: the player's stat is multiplied by `1 + mul_per_stack ×
//!   stacks` through the player's fight-time modifiers
//!   ([`crate::player::Player::set_buff_modifiers`]); every stack burns after
//!   `decay_after_s` without a firing and at wave end.
//! * `EnemyNoticeRange` (passive): the product of the worn factors goes to the
//!   enemy AI every step (`crate::enemies::EnemySet::set_ranged_range_mult`).
//! * Conditional stat bonuses (`while` in the data): `no_armour` is resolved by
//!   the equipment; `standing_still` is switched on here every step from the
//!   movement input.
//!
//! Where each hook is called: `OnHit` after a player hit is resolved, `OnKill`
//! per death, `OnHurt` after the player takes damage, `OnDeath` when HP reaches
//! 0, `OnReaction` per reaction, `OnWaveEnd` before the wave-end drop,
//! `PerSecond` every `step_hz` steps of a wave, `Passive` read where needed.

use super::metrics::StepCounters;
use super::{PlayerLedger, World};
pub(super) use crate::loot::hook_state::HookState;
use crate::loot::hook_state::{bane_mult, notice_range_mult, xp_mult};
use crate::loot::hooks::{Hook, HookEffect, WhileCondition};
use crate::stats::{StatId, StatModifier};

impl World {
    /// Runs every equipped rule registered for `hook`.
    pub(super) fn run_hooks(&mut self, hook: Hook, ledger: &mut PlayerLedger, counters: &mut StepCounters) {
        engine::scope!("loot and hooks");
        self.run_hooks_at(hook, None, ledger, counters);
    }

    /// Runs every equipped rule registered for `hook`; `target` is the enemy
    /// slot the moment is about (the struck enemy of `OnHit`), for rules that
    /// act on it (`Wound`).
    pub(super) fn run_hooks_at(
        &mut self,
        hook: Hook,
        target: Option<u32>,
        ledger: &mut PlayerLedger,
        counters: &mut StepCounters,
    ) {
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
            let mut host = RuleHost {
                w: self,
                ledger,
                counters,
            };
            crate::loot::hook_effects::fire(&effect, index, target, &mut host);
        }
    }

    /// Once per step, after movement: stack buffs age and burn out after their
    /// `decay_after_s` without a firing, the standing-still bonuses follow the
    /// player's input, the player's fight-time modifiers are refolded, and the
    /// enemies' notice-range factor follows the equipped rules.
    pub(super) fn tick_hooks(&mut self, ledger: &PlayerLedger, dt: f32) {
        engine::scope!("loot and hooks");
        self.kit.hook_state.age(dt);
        self.refresh_buffs(ledger);
        let mult = notice_range_mult(&self.kit.gear);
        self.field.enemies.set_ranged_range_mult(mult);
    }

    /// At wave end every stack burns and each `Revive` rule is ready again.
    pub(super) fn reset_hook_state(&mut self, ledger: &PlayerLedger) {
        self.kit.hook_state = HookState::default();
        self.refresh_buffs(ledger);
    }

    /// Folds the live stack buffs and the conditional (standing still)
    /// modifiers into the player's fight-time modifiers.
    fn refresh_buffs(&mut self, ledger: &PlayerLedger) {
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
        self.player.set_buff_modifiers(&mods, ledger);
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

/// The fight as the loot rules see it during one moment.
struct RuleHost<'a> {
    w: &'a mut World,
    ledger: &'a mut PlayerLedger,
    counters: &'a mut StepCounters,
}

impl crate::loot::hook_effects::HookFight for RuleHost<'_> {
    fn heal_player(&mut self, amount: f32) {
        self.w.stats.healed.hooks += f64::from(self.w.player.heal(amount));
    }

    fn restore_mana(&mut self, amount: f32) {
        let cap = self.w.player.stat(StatId::ManaMax);
        if let Some(core) = self.w.caster.core.as_mut() {
            core.restore_mana(amount, cap);
        }
    }

    fn nova(&mut self, damage: f32, radius_px: f32) {
        let pos = self.w.player.pos;
        self.w.nova(pos, damage, radius_px, self.ledger, self.counters);
    }

    fn take_cooldown(&mut self, index: usize, cooldown_s: f32) -> bool {
        self.w.kit.hook_state.take_cooldown(index, cooldown_s)
    }

    fn drain_player(&mut self, amount: f32) -> bool {
        let p = &mut self.w.player;
        let before = self.ledger.damage_taken;
        let was_up = p.hp > 0.0;
        p.take_damage_over_time(self.ledger, amount);
        let taken = self.ledger.damage_taken - before;
        self.w.stats.damage_taken += taken;
        self.w.note_harm_named(
            "own gear's drain".into(),
            super::blows::HarmKind::OwnGear,
            taken as f32,
        );
        let killed = was_up && self.w.player.hp <= 0.0;
        if killed {
            self.w.stats.death_cause = Some("own gear's drain".into());
        }
        killed
    }

    fn add_stack(
        &mut self,
        index: usize,
        stat: StatId,
        mul_per_stack: f32,
        max_stacks: u32,
        decay_after_s: f32,
    ) {
        self.w
            .kit
            .hook_state
            .add_stack(index, stat, mul_per_stack, max_stacks, decay_after_s);
        self.w.refresh_buffs(self.ledger);
    }

    fn take_revive(&mut self, index: usize) -> bool {
        self.w.player.hp <= 0.0 && !self.w.player.is_down() && self.w.kit.hook_state.take_revive(index)
    }

    fn knock_down(&mut self, delay_s: f32, hp_max_loss: f32) {
        self.w.player.knock_down(self.ledger, delay_s, hp_max_loss);
    }

    fn wound(&mut self, target: u32, max_hp_fraction_per_s: f32) {
        if let Some(e) = self.w.field.enemies.get_mut(target)
            && e.hp > 0.0
        {
            e.status.add_wound(max_hp_fraction_per_s * e.hp_max);
        }
    }

    fn run_hooks(&mut self, hook: Hook) {
        self.w.run_hooks(hook, self.ledger, self.counters);
    }
}
