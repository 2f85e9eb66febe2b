//! Areas in the fight: what they are and what each kind does live in
//! [`crate::effects::areas`]; this is the world's step that applies them to
//! the enemies, the player and the VM, and ages them.

use super::World;
use super::metrics::StepCounters;
pub use crate::effects::areas::{Area, AreaKind};
use crate::effects::areas::{black_hole_pull, mist_reaches, turret_due};

impl World {
    /// Acts and ages every area; expired turrets release their payload.
    pub(super) fn tick_areas(&mut self, dt: f32, counters: &mut StepCounters) {
        engine::scope!("effects");
        let mut areas = std::mem::take(&mut self.field.areas);
        let mut found = Vec::new();
        for a in &mut areas {
            match &mut a.kind {
                AreaKind::BlackHole => {
                    found.clear();
                    self.field
                        .enemies
                        .spatial()
                        .query_circle(a.pos, a.radius, &mut found);
                    found.sort_unstable();
                    for &e in &found {
                        let Some(p) = self.field.enemies.get(e).map(|e| e.pos) else {
                            continue;
                        };
                        let pull = black_hole_pull(p, a.pos, a.power, dt);
                        self.field.enemies.knockback(e, pull);
                    }
                }
                AreaKind::HealingMist => {
                    if mist_reaches(a.pos, a.radius, self.player.pos, self.player.radius) {
                        self.stats.healed.mist += f64::from(self.player.heal(a.power * dt));
                    }
                }
                AreaKind::Turret {
                    payload,
                    interval,
                    next,
                } => {
                    if turret_due(*interval, next, dt)
                        && let Some(h) = *payload
                    {
                        let from = self.field.queued.len();
                        self.fire_payload(h, a.pos, None, counters);
                        self.cast_nested_turrets(from, a.pos, counters);
                        for i in from..self.field.queued.len() {
                            let spell = self.field.queued[i].0.spell.0;
                            self.tags
                                .tag_queued(i, crate::combat::attribution::DamageSource::Turret(spell));
                        }
                    }
                }
            }
            a.remaining -= dt;
        }
        for a in &areas {
            if a.remaining <= 0.0
                && let AreaKind::Turret { payload: Some(h), .. } = a.kind
                && let Some(core) = self.caster.core.as_mut()
            {
                core.release_payload(h);
            }
        }
        areas.retain(|a| a.remaining > 0.0);
        // Areas made while these acted (none today) are kept after the old ones.
        areas.append(&mut self.field.areas);
        self.field.areas = areas;
    }

    /// A turret builds no turrets (docs/game.md#turrets): a Summon Turret in
    /// a turret's volley (queued from `from` on) casts what it carries once,
    /// from the turret at `pos`, in place of standing a turret of its own.
    /// Turrets in that cast are cast the same way, so a chain of turrets
    /// fires one volley per tick of the outer one: a turret multiplies the
    /// deck once, not once per turret in the chain.
    fn cast_nested_turrets(&mut self, from: usize, pos: glam::Vec2, counters: &mut StepCounters) {
        use crate::vm::spells::EffectKind;
        let mut i = from;
        while i < self.field.queued.len() {
            if self.field.queued[i].0.effect != EffectKind::Turret {
                i += 1;
                continue;
            }
            let (turret, _, _) = self.field.queued.remove(i);
            if let Some(h) = turret.payload {
                self.fire_payload(h, pos, None, counters);
                if let Some(core) = self.caster.core.as_mut() {
                    core.release_payload(h);
                }
            }
        }
    }
}
