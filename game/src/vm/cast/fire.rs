//! Emitting spawns: a projectile section with the scope baked in becomes
//! [`SpawnRequest`]s, and a trigger opens a payload sink that is closed into
//! the payload table. Separate from the driver because it is the conversion
//! from chips to what the fight spawns.

use rand::Rng;

use super::trace::Op;
use super::{At, Run, Task};
use crate::element::{Element, ElementShares};
use crate::vm::deck::Card;
use crate::vm::scope::Scope;
use crate::vm::spawn::SpawnRequest;
use crate::vm::spells::{ProjectileDef, TriggerDef};

impl Run<'_, '_> {
    pub(super) fn trigger(&mut self, card: &Card, p: &ProjectileDef, t: &TriggerDef, scope: &Scope, at: At) {
        let deep_enough = at.depth >= self.m.bal.max_trigger_depth;
        let table_full = self.m.payloads.live() >= self.m.bal.payload_table_max as usize;
        if deep_enough || table_full {
            // Too deep: a plain projectile without payload.
            if table_full {
                self.r.payload_overflow += 1;
            }
            self.fire(card, p, scope, at, None);
            return;
        }
        let first = self.fire(card, p, scope, at, Some(t));
        self.note(Op::PayloadOpen {
            card: *card,
            on: t.on,
            interval: t.interval,
        });
        // A multi-pellet carrier: the first pellet carries the payload.
        self.carriers.push(first);
        self.sinks.push(Vec::new());
        self.tasks.push(Task::EndPayload);
        let child = At {
            tail: at.tail,
            depth: at.depth + 1,
            main: false,
        };
        self.tasks.push(Task::Draw {
            scope: Scope::BASE,
            left: t.draws,
            wrap: true,
            at: child,
        });
    }

    pub(super) fn end_payload(&mut self) {
        let (Some(spawns), Some(carrier)) = (self.sinks.pop(), self.carriers.pop()) else {
            return;
        };
        self.note(Op::PayloadClose {
            spawns: spawns.len() as u32,
            damage: spawns.iter().map(|s| s.damage).sum(),
        });
        let handle = if spawns.is_empty() {
            None
        } else {
            match self.m.payloads.insert(spawns.clone()) {
                Some(h) => Some(h),
                None => {
                    self.r.payload_overflow += 1;
                    for h in spawns.iter().filter_map(|s| s.payload) {
                        self.m.payloads.release(h);
                    }
                    None
                }
            }
        };
        if let Some(parent) = self.sinks.last_mut()
            && let Some(c) = parent.get_mut(carrier)
        {
            c.payload = handle;
        }
    }

    /// Emits the projectile(s) of `p` with `scope` baked in; returns the index of the first one.
    pub(super) fn fire(
        &mut self,
        card: &Card,
        p: &ProjectileDef,
        scope: &Scope,
        at: At,
        trigger: Option<&TriggerDef>,
    ) -> usize {
        let stats = self.m.stats;
        let carrier = trigger.map_or(1.0, |t| t.carrier_damage_mult);
        let damage =
            ((p.damage * card.boost + scope.add_damage + stats.damage_flat) * scope.damage_mult * carrier)
                .max(0.0);
        let speed = ((p.speed + scope.add_speed) * scope.speed_mult).max(0.0);
        let accuracy = stats.accuracy.clamp(0.0, 1.0);
        let cone = ((p.spread_deg + scope.spread_deg).max(0.0) * (1.0 - accuracy)).to_radians();
        let convert: Vec<(Element, f32)> = Element::ALL
            .iter()
            .zip(scope.convert)
            .filter(|(_, s)| *s > 0.0)
            .map(|(e, s)| (*e, s))
            .collect();
        let elements = ElementShares::converted(p.element, &convert);
        let sink = self.sinks.last_mut().map_or(0, |s| s.len());
        let n = p.count.max(1);
        for k in 0..n {
            let angle = if n > 1 {
                -cone / 2.0 + cone * k as f32 / (n - 1) as f32
            } else if cone > 0.0 {
                self.m.rng.random_range(-cone / 2.0..=cone / 2.0)
            } else {
                0.0
            };
            let req = SpawnRequest {
                spell: card.spell,
                damage,
                elements,
                speed,
                angle,
                spread: cone,
                radius: (p.radius + scope.add_radius).max(0.5),
                lifetime: (p.lifetime * scope.lifetime_mult).max(0.0),
                homing: (p.homing + scope.homing).max(0.0),
                acquire_radius: scope.acquire_radius,
                pierce: p.pierce.saturating_add(scope.pierce),
                bounces: p.bounces.saturating_add(scope.bounces),
                chain: p.chain,
                sine_amp: scope.sine_amp,
                sine_freq: scope.sine_freq,
                explosion_radius: (p.explosion_radius + scope.explosion_radius).max(0.0),
                lifesteal: scope.lifesteal,
                status_chance: p.status_chance,
                coating: p.coating,
                hurts_caster: p.hurts_caster,
                knockback: p.knockback * card.boost,
                effect: p.effect,
                effect_radius: p.effect_radius * card.boost,
                effect_power: p.effect_power * card.boost,
                effect_duration: p.effect_duration,
                trigger: trigger.map(|t| t.on),
                timer: trigger.map_or(0.0, |t| t.interval),
                payload: None,
                depth: at.depth,
            };
            if let Some(s) = self.sinks.last_mut() {
                s.push(req);
            }
        }
        sink
    }
}
