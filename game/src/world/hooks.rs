//! Loot rules at their moments (the hooks of `crate::loot::hooks`): the one
//! place where an equipped rule acts in the fight.
//!
//! Wired: `Heal`, `RestoreMana`, `Nova`, `DamageOverTime` at any hook;
//! `XpGain` (passive, multiplies XP from kills); `Bane` (multiplies a hit's
//! damage against elites, bosses or armoured enemies, read when the hit is
//! built). Not wired yet, so they do nothing in the fight: `StackBuff`,
//! `RepeatReaction`, `Revive`, `KeepStatuses`, `EnemyNoticeRange`, `Wound`.
//!
//! Where each hook is called: `OnHit` after a player hit is resolved, `OnKill`
//! per death, `OnHurt` after the player takes damage, `OnDeath` when HP reaches
//! 0, `OnReaction` per reaction, `OnWaveEnd` before the wave-end drop,
//! `PerSecond` every `step_hz` steps of a wave, `Passive` read where needed.

use glam::Vec2;

use super::World;
use super::metrics::StepCounters;
use crate::combat::{AttackerStats, HitSpec};
use crate::element::Element;
use crate::loot::hooks::{BaneTarget, Hook, HookEffect};

impl World {
    /// Runs every equipped rule registered for `hook`.
    pub(super) fn run_hooks(&mut self, hook: Hook, counters: &mut StepCounters) {
        if self.gear.hooks.iter().all(|h| h.on != hook) {
            return;
        }
        let rules: Vec<HookEffect> = self
            .gear
            .hooks
            .iter()
            .filter(|h| h.on == hook)
            .map(|h| h.effect.clone())
            .collect();
        for effect in rules {
            match effect {
                HookEffect::Heal { amount } => self.player.heal(amount),
                HookEffect::RestoreMana { amount } => {
                    if let Some(core) = self.core.as_mut() {
                        let cap = core
                            .core()
                            .mana_max
                            .min(self.player.stat(crate::stats::StatId::ManaMax));
                        core.set_mana((core.mana() + amount).min(cap));
                    }
                }
                HookEffect::Nova { damage, radius_px } => {
                    self.nova(self.player.pos, damage, radius_px, counters)
                }
                HookEffect::DamageOverTime { per_second, .. } => {
                    // Per-second rules fire once a second; the amount is one second's worth.
                    let before = self.player.damage_taken;
                    self.player.take_damage_over_time(per_second);
                    self.stats.damage_taken += self.player.damage_taken - before;
                }
                _ => {}
            }
        }
    }

    /// Physical area damage around `pos` (found through the spatial hash).
    fn nova(&mut self, pos: Vec2, damage: f32, radius: f32, counters: &mut StepCounters) {
        let mut targets = Vec::new();
        self.enemies.spatial().query_circle(pos, radius, &mut targets);
        targets.sort_unstable();
        let spec = HitSpec::simple(damage, Element::Physical);
        let attacker = AttackerStats::from_sheet(self.player.stats());
        for t in targets {
            let out = self
                .enemies
                .hit(t, &spec, &attacker, &self.cat.combat, &mut self.rngs.combat);
            self.stats.damage_dealt += f64::from(out.damage_dealt());
        }
        let _ = counters;
    }

    /// The product of the passive `XpGain` rules.
    pub(super) fn xp_mult(&self) -> f32 {
        self.gear
            .hooks
            .iter()
            .filter_map(|h| match h.effect {
                HookEffect::XpGain { mult } => Some(mult),
                _ => None,
            })
            .product()
    }

    /// The product of the `Bane` rules that apply to enemy `slot`.
    pub(super) fn bane_mult(&self, slot: u32) -> f32 {
        let Some(e) = self.enemies.get(slot) else {
            return 1.0;
        };
        self.gear
            .hooks
            .iter()
            .filter_map(|h| match h.effect {
                HookEffect::Bane { target, mult } => {
                    let applies = match target {
                        BaneTarget::Elite => e.elite,
                        BaneTarget::Boss => e.boss.is_some(),
                        BaneTarget::Armoured => e.armor > 0.0,
                    };
                    applies.then_some(mult)
                }
                _ => None,
            })
            .product()
    }
}
