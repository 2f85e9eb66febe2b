//! The loot rules' memory inside a fight, and the passive rules read as
//! products: the part of a rule's behaviour that is about the rule, not
//! about the world. The world (`world/hooks.rs`) calls these at the hook
//! moments and applies what they return to the player and the enemies.

use crate::loot::equipment::Loadout;
use crate::loot::hooks::{BaneTarget, HookEffect};
use crate::stats::{StatId, StatModifier};

/// The fight's memory for loot rules, kept between steps of a wave and reset
/// at wave end.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HookState {
    /// Live stack buffs, one per (rule index, stat).
    stacks: Vec<Stacks>,
    /// Indices (into the gear's hooks) of the `Revive` rules spent this wave.
    revived: Vec<usize>,
    /// Rules waiting out a cooldown: (rule index, seconds left).
    cooling: Vec<(usize, f32)>,
}

/// One `StackBuff` rule's stacks.
#[derive(Debug, Clone, PartialEq)]
struct Stacks {
    key: (usize, StatId),
    mul_per_stack: f32,
    decay_after_s: f32,
    count: u32,
    since_s: f32,
}

impl HookState {
    /// A `StackBuff` rule (index `rule` into the gear's hooks) fired: one
    /// more stack, at most `max_stacks`, and its decay clock restarts.
    pub fn add_stack(
        &mut self,
        rule: usize,
        stat: StatId,
        mul_per_stack: f32,
        max_stacks: u32,
        decay_after_s: f32,
    ) {
        let key = (rule, stat);
        let i = match self.stacks.iter().position(|s| s.key == key) {
            Some(i) => i,
            None => {
                self.stacks.push(Stacks {
                    key,
                    mul_per_stack,
                    decay_after_s,
                    count: 0,
                    since_s: 0.0,
                });
                self.stacks.len() - 1
            }
        };
        let s = &mut self.stacks[i];
        s.count = (s.count + 1).min(max_stacks);
        s.since_s = 0.0;
    }

    /// Whether `Revive` rule `rule` may still act this wave; marks it spent
    /// when it may (once per equipped rule per wave).
    pub fn take_revive(&mut self, rule: usize) -> bool {
        if self.revived.contains(&rule) {
            return false;
        }
        self.revived.push(rule);
        true
    }

    /// Whether rule `rule` is off its cooldown; when it is and `cooldown_s`
    /// is positive, the rule waits `cooldown_s` seconds before the next firing.
    pub fn take_cooldown(&mut self, rule: usize, cooldown_s: f32) -> bool {
        if self.cooling.iter().any(|c| c.0 == rule) {
            return false;
        }
        if cooldown_s > 0.0 {
            self.cooling.push((rule, cooldown_s));
        }
        true
    }

    /// Ages every stack and cooldown by `dt`; a stack burns after its
    /// `decay_after_s` without a firing.
    pub fn age(&mut self, dt: f32) {
        for c in &mut self.cooling {
            c.1 -= dt;
        }
        self.cooling.retain(|c| c.1 > 1.0e-4);
        for s in &mut self.stacks {
            if s.count > 0 {
                s.since_s += dt;
                if s.since_s >= s.decay_after_s - 1.0e-4 {
                    s.count = 0;
                }
            }
        }
    }

    /// The live stacks as multiplicative stat modifiers (`1 + per stack × stacks`).
    pub fn buff_modifiers(&self) -> Vec<StatModifier> {
        self.stacks
            .iter()
            .filter(|s| s.count > 0)
            .map(|s| StatModifier {
                stat: s.key.1,
                add: 0.0,
                mul: 1.0 + s.mul_per_stack * s.count as f32,
            })
            .collect()
    }

    /// Stacks held on stat `stat` (0 when none).
    pub fn stacks_of(&self, stat: StatId) -> u32 {
        self.stacks
            .iter()
            .filter(|s| s.key.1 == stat)
            .map(|s| s.count)
            .sum()
    }
}

/// The product of the factors `factor` reads off the worn rules (1 when none).
fn product(gear: &Loadout, factor: impl Fn(&HookEffect) -> Option<f32>) -> f32 {
    gear.hooks.iter().filter_map(|h| factor(&h.effect)).product()
}

/// The product of the passive `XpGain` rules worn.
pub fn xp_mult(gear: &Loadout) -> f32 {
    product(gear, |e| match *e {
        HookEffect::XpGain { mult } => Some(mult),
        _ => None,
    })
}

/// The product of the `EnemyNoticeRange` factors worn.
pub fn notice_range_mult(gear: &Loadout) -> f32 {
    product(gear, |e| match *e {
        HookEffect::EnemyNoticeRange { mult } => Some(mult),
        _ => None,
    })
}

/// The product of the `Bane` rules that apply to an enemy of these kinds.
pub fn bane_mult(gear: &Loadout, elite: bool, boss: bool, armoured: bool) -> f32 {
    product(gear, |e| match *e {
        HookEffect::Bane { target, mult } => match target {
            BaneTarget::Elite => elite,
            BaneTarget::Boss => boss,
            BaneTarget::Armoured => armoured,
        }
        .then_some(mult),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacks_grow_to_their_cap_and_burn_after_their_decay() {
        let mut h = HookState::default();
        for _ in 0..5 {
            h.add_stack(0, StatId::MoveSpeed, 0.1, 3, 2.0);
        }
        assert_eq!(h.stacks_of(StatId::MoveSpeed), 3);
        let m = h.buff_modifiers();
        assert!((m[0].mul - 1.3).abs() < 1e-6);
        h.age(1.0);
        assert_eq!(h.stacks_of(StatId::MoveSpeed), 3);
        h.age(1.0);
        assert_eq!(h.stacks_of(StatId::MoveSpeed), 0);
        assert!(h.buff_modifiers().is_empty());
    }

    #[test]
    fn a_rule_with_a_cooldown_waits_it_out_and_others_do_not() {
        let mut h = HookState::default();
        let dt = 1.0 / 60.0;
        let mut fired = 0;
        for _ in 0..600 {
            if h.take_cooldown(0, 3.0) {
                fired += 1;
            }
            assert!(h.take_cooldown(1, 0.0), "no cooldown: always ready");
            h.age(dt);
        }
        // Ten seconds of a player hurt every step: at 0, 3, 6 and 9 s.
        assert_eq!(fired, 4);
        assert!(h.take_cooldown(2, 3.0), "each rule keeps its own clock");
    }

    #[test]
    fn a_revive_rule_acts_once_per_wave() {
        let mut h = HookState::default();
        assert!(h.take_revive(2));
        assert!(!h.take_revive(2));
        assert!(h.take_revive(3));
        h = HookState::default();
        assert!(h.take_revive(2));
    }
}
