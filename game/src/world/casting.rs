//! Step stage 3 (docs/architecture.md#the-step): the active core ticks and its spawns are queued,
//! aimed. Also the cast context and caster stats that the payload and entry
//! casts of `combat.rs` share.

use super::*;

impl World {
    pub(super) fn cast_context(&self) -> CastContext<'_> {
        let nearest = self
            .nearest_enemy(self.player.pos, None)
            .map_or(f32::INFINITY, |(_, p)| p.distance(self.player.pos));
        CastContext {
            spells: &self.cat.spells,
            balance: &self.cat.balance.vm,
            nearest_enemy: nearest,
            live_projectiles: self.field.shots.player_live() + self.field.queued.len() as u32,
        }
    }

    pub(super) fn caster(&self) -> CasterStats {
        CasterStats::from_sheet(self.player.stats(), self.player.hp)
    }

    /// Stage 3: the active core ticks and its spawns are aimed at the nearest enemy.
    pub(super) fn cast_main(&mut self, counters: &mut StepCounters) {
        engine::scope!("vm casts");
        if self.player.is_down() {
            return; // Down waiting for a revival: inactive.
        }
        let Some(mut core) = self.caster.core.take() else {
            return;
        };
        core.set_delay_inverted(self.rules.has(crate::mutators::Rule::ManaInversion));
        let caster = self.caster();
        let aim = self.aim_dir();
        let mut out = {
            let ctx = self.cast_context();
            core.tick(self.dt, &caster, &ctx)
        };
        if out.cast {
            counters.casts += 1;
            counters.vm_ops = out.ops;
            counters.cast_element = out.spawns.first().map(|s| s.elements.dominant());
            self.stats.vm_ops += u64::from(out.ops);
            self.stats.main_casts += 1;
            if out.hp_cost > 0.0 {
                self.player.pay_hp(out.hp_cost);
            }
        }
        counters.book_player_spawns(out.attempted, out.dropped);
        self.apply_stance(&mut out.spawns);
        for s in out.spawns {
            self.field.queued.push((s, self.player.pos, aim));
        }
        self.caster.core = Some(core);
    }
}
