//! The mirror world in the fight: the rule and its decisions live in
//! [`crate::effects::mirror`]; this swaps a player shot's outward flight for
//! its return after the first enemy hit.

use glam::Vec2;

use super::World;
use super::metrics::StepCounters;
use super::shots::Team;
use crate::effects::mirror::{Bounce, returning};
use crate::mutators::Rule;

impl World {
    /// After the player shot in `slot` hit `enemy` at `pos` (its damage done):
    /// under the mirror world, ends its outward flight and sends a returning
    /// shot from `pos` toward the player. Chain legs, returning shots and
    /// enemy shots are left alone.
    pub(super) fn mirror_bounce(&mut self, slot: u32, enemy: u32, pos: Vec2, counters: &mut StepCounters) {
        if !self.rules.has(Rule::MirrorWorld) {
            return;
        }
        let Some(shot) = self.field.shots.get(slot).copied() else {
            return;
        };
        if shot.team != Team::Player || shot.mirrored || shot.chain.is_some() {
            return;
        }
        // A shot that still flies (it had pierce left) stops here; one that
        // expired on this hit is released by its EXPIRE as usual.
        if self.link.compute.kill(slot) {
            self.release_shot(slot);
        }
        let b = Bounce {
            from: pos,
            to: self.player.pos,
            speed: shot.speed,
            radius: shot.radius,
            enemy,
            look: [shot.spell, shot.elements.dominant().index() as u32],
            depth: shot.depth,
        };
        let p = returning(&b, -shot.dir);
        let Some(back) = self.link.compute.spawn(p) else {
            counters.dropped_spawns += 1;
            return;
        };
        let mut rec = shot;
        rec.dir = Vec2::from_array(p.vel).normalize_or_zero();
        rec.lifetime = p.lifetime;
        rec.trigger = None;
        rec.payload = None;
        rec.mirrored = true;
        self.field.shots.insert(back, rec);
        self.tags.set(back, self.tags.get(slot));
        self.stats.mirrored += 1;
    }
}
