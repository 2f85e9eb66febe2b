//! Step stage 5 (docs/architecture.md#the-step): enemies, the player circle and queued spawns go
//! to the compute core. A spawn request becomes a projectile slot with its
//! [`Shot`] record (or an area effect) here, and `release_shot` frees a slot's
//! record and payload again.

use super::*;

impl World {
    /// Frees the CPU record of a slot and its payload.
    pub(super) fn release_shot(&mut self, slot: u32) {
        self.tags.set(slot, None);
        if let Some(s) = self.field.shots.remove(slot)
            && let (Some(h), Some(core)) = (s.payload, self.caster.core.as_mut())
        {
            core.release_payload(h);
        }
    }

    /// Stage 5: enemies, player circle, queued spawns.
    pub(super) fn upload(&mut self, counters: &mut StepCounters) {
        self.link.upload.clear();
        self.link
            .upload
            .extend(self.field.enemies.slots().iter().map(|e| Enemy {
                pos: e.pos.to_array(),
                radius: e.radius,
                alive: u32::from(e.alive && e.hp > 0.0),
            }));
        self.link.compute.set_enemies(&self.link.upload);
        self.link
            .compute
            .set_player(self.player.pos.to_array(), self.player.radius);
        let queued = std::mem::take(&mut self.field.queued);
        for (i, (req, origin, dir)) in queued.into_iter().enumerate() {
            let tag = self.tags.queued_tag(i);
            self.spawn_request(&req, origin, dir, tag, counters);
        }
        self.tags.clear_queued();
        let shots = std::mem::take(&mut self.field.enemy_shots);
        for p in shots {
            let dmg = crate::enemies::shots::enemy_shot_damage(&p);
            match self.link.compute.spawn(p) {
                Some(slot) => {
                    let element = crate::enemies::shots::enemy_shot_element(&p);
                    self.field.shots.insert(slot, Shot::from_enemy(&p, dmg, element));
                    self.tags.set(slot, None);
                }
                None => counters.dropped_spawns += 1,
            }
        }
    }

    /// Turns one spawn request into a projectile (or an area effect) from `origin` along `dir`.
    /// `tag` is the damage book's source when it is not the chip's own shot.
    fn spawn_request(
        &mut self,
        req: &SpawnRequest,
        origin: Vec2,
        dir: Vec2,
        tag: Option<crate::combat::attribution::DamageSource>,
        counters: &mut StepCounters,
    ) {
        use crate::vm::spells::EffectKind as Vfx;
        let aim = dir.y.atan2(dir.x);
        if req.effect != Vfx::None {
            self.field.areas.push(Area::from_request(req, origin, aim));
            return;
        }
        let p = req.to_projectile(origin.to_array(), aim);
        match self.link.compute.spawn(p) {
            Some(slot) => {
                self.field.shots.insert(slot, Shot::from_request(req, &p));
                self.tags.set(slot, tag);
            }
            None => {
                counters.dropped_spawns += 1;
                counters.player_dropped += 1;
                if let (Some(h), Some(core)) = (req.payload, self.caster.core.as_mut()) {
                    core.release_payload(h);
                }
            }
        }
    }
}
