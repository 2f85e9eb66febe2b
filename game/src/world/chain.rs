//! Chain lightning in the fight: the rule lives in [`crate::effects::chain`];
//! this is the world's step that spawns the next leg and moves the shot
//! record, its payload and the kill credit along.

use glam::Vec2;

use super::World;
use super::metrics::StepCounters;
use super::shots::Chain;
use crate::effects::chain::{aim_next_leg, chain_target, remember_hit};

impl World {
    /// After the chain leg in `slot` hit `enemy` at `pos` (its damage done):
    /// spawns the next leg toward the nearest unhit enemy within
    /// [`crate::effects::chain::CHAIN_JUMP_RANGE`], if the shot has a jump
    /// left. A non-chain shot is left alone.
    pub(super) fn chain_jump(&mut self, slot: u32, enemy: u32, pos: Vec2, counters: &mut StepCounters) {
        let Some(shot) = self.field.shots.get(slot).copied() else {
            return;
        };
        let Some(chain) = shot.chain else { return };
        // This leg is spent whatever happens next: it never jumps twice.
        if let Some(s) = self.field.shots.get_mut(slot) {
            s.chain = None;
        }
        let mut leg = chain.leg;
        let Some(n) = remember_hit(&mut leg, chain.left, enemy) else {
            return;
        };
        let Some(target) = chain_target(&mut self.field.enemies, pos, &leg.hit_memory[..n]) else {
            return;
        };
        let dir = aim_next_leg(&mut leg, pos, target, shot.dir);
        let Some(next_slot) = self.link.compute.spawn(leg) else {
            counters.dropped_spawns += 1;
            return;
        };
        // The payload handle now belongs to the new leg: the old slot's EXPIRE
        // must not release it.
        if let Some(s) = self.field.shots.get_mut(slot) {
            s.payload = None;
        }
        let mut next = shot;
        next.dir = dir;
        next.chain = Some(Chain {
            left: chain.left - 1,
            leg,
        });
        self.field.shots.insert(next_slot, next);
        self.tags.set(next_slot, self.tags.get(slot));
        if let Some(h) = shot.payload
            && let Some(credit) = self.field.kill_credit.get_mut(enemy as usize)
            && *credit == Some((slot, h))
        {
            *credit = Some((next_slot, h));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use engine::compute::EventKind;
    use engine::gpu::{Backend, GpuContext};

    use super::*;
    use crate::catalog::Catalog;
    use crate::element::{Element, ElementShares};
    use crate::vm::SpawnRequest;
    use crate::world::{Dummy, PlayerInput};

    /// A lightning bolt as `chain_bolt` fires it (10 damage, 800 px/s, 1 s),
    /// with `chain` jumps and `pierce`.
    fn bolt(cat: &Catalog, chain: u32, pierce: u32) -> SpawnRequest {
        SpawnRequest {
            pierce,
            chain,
            ..SpawnRequest::plain(
                cat.spells.find("chain_bolt").expect("chain_bolt"),
                10.0,
                ElementShares::pure(Element::Lightning),
                800.0,
                6.0,
                1.0,
            )
        }
    }

    /// Standing grunts (radius 14) at `offsets` from the arena centre, the
    /// core unloaded so only the test's bolt flies; `req` is fired from
    /// centre + `from` along +x. Returns the HIT list in order (enemy slots,
    /// as the dummies were placed: slot k = offsets[k]) after 2 s, and the
    /// world.
    fn fire(
        backend: Backend,
        ctx: Option<&GpuContext>,
        offsets: &[Vec2],
        req: impl Fn(&Catalog) -> SpawnRequest,
        from: Vec2,
    ) -> (Vec<u32>, World) {
        let cat = Arc::new(Catalog::load(&crate::data::default_root()).expect("data loads"));
        let (mut w, mut carry) = World::new_run(Arc::clone(&cat), 11, backend, ctx).expect("world");
        let centre = w.player.pos;
        let dummies: Vec<Dummy> = offsets
            .iter()
            .map(|o| Dummy {
                enemy: "grunt".into(),
                pos: centre + *o,
                hp: 1.0e6,
            })
            .collect();
        let slots = w.begin_test_range(&mut carry, &dummies).expect("range");
        assert_eq!(slots, (0..offsets.len() as u32).collect::<Vec<_>>());
        w.caster.core = None;
        w.field.queued.push((req(&cat), centre + from, Vec2::X));
        let mut hits = Vec::new();
        for _ in 0..120 {
            if let Some((ev, _)) = &w.link.pending {
                hits.extend(ev.of_kind(EventKind::Hit).map(|e| e.enemy));
            }
            w.step(&mut carry, &PlayerInput::default());
        }
        (hits, w)
    }

    /// Eight grunts in a column 120 px apart, the bolt coming from the left
    /// at the top one: a straight bolt can only ever touch the top grunt.
    fn column() -> Vec<Vec2> {
        (0..8)
            .map(|k| Vec2::new(150.0, -250.0 + 120.0 * k as f32))
            .collect()
    }

    const FROM: Vec2 = Vec2::new(0.0, -250.0);

    fn untouched(w: &World, slot: u32) -> bool {
        w.enemies().get(slot).is_some_and(|e| e.hp == e.hp_max)
    }

    #[test]
    fn five_jumps_hit_six_distinct_enemies_down_the_column() {
        let (hits, w) = fire(Backend::Cpu, None, &column(), |c| bolt(c, 5, 0), FROM);
        // Each leg starts on the top edge of the grunt it hit: the next grunt
        // down is ~100 px away (< 250), every other unhit one is further, so
        // the chain walks down the column: 1 hit + 5 jumps = 6 grunts, once each.
        assert_eq!(hits, vec![0, 1, 2, 3, 4, 5]);
        for k in 0..6 {
            assert!(!untouched(&w, k), "grunt {k} was hit");
        }
        assert!(untouched(&w, 6) && untouched(&w, 7), "no seventh hit");
        assert_eq!(w.field.shots.player_live(), 0, "the chain is over");
        assert_eq!(w.compute().live_count(), 0);
    }

    #[test]
    fn the_chain_ends_when_no_enemy_is_within_range() {
        // Grunt 1 is 150 px below grunt 0; grunt 2 is 330 px below grunt 1,
        // ~350 px from the hit point on grunt 1's top edge (> 250 px) and
        // ~480 px from grunt 0.
        let offsets = [
            Vec2::new(150.0, -250.0),
            Vec2::new(150.0, -100.0),
            Vec2::new(150.0, 230.0),
        ];
        let (hits, w) = fire(Backend::Cpu, None, &offsets, |c| bolt(c, 5, 0), FROM);
        assert_eq!(hits, vec![0, 1]);
        assert!(untouched(&w, 2));
        assert_eq!(w.field.shots.player_live(), 0, "no leg flies on");
        assert_eq!(w.compute().live_count(), 0);
    }

    #[test]
    fn a_leg_passes_through_enemies_already_hit() {
        // Grunt 0 is hit from the left at about (130, -250). Grunt 1 is
        // 102 px from there, grunt 2 112 px: the chain jumps down to 1 first.
        // From 1's top edge (about (146, -170)) the only unhit grunt in range
        // is 2, 190 px straight up, and grunt 0 stands on that path: the leg
        // passes through it (hit memory) and hits 2. Grunt 3 is far away.
        let offsets = [
            Vec2::new(150.0, -250.0),
            Vec2::new(150.0, -150.0),
            Vec2::new(150.0, -360.0),
            Vec2::new(-400.0, 400.0),
        ];
        let (hits, w) = fire(Backend::Cpu, None, &offsets, |c| bolt(c, 5, 0), FROM);
        assert_eq!(hits, vec![0, 1, 2]);
        assert!(untouched(&w, 3), "out of range of every hit point");
        assert_eq!(w.compute().live_count(), 0);
    }

    #[test]
    fn a_pierce_modifier_adds_jumps() {
        let (hits, _) = fire(Backend::Cpu, None, &column(), |c| bolt(c, 2, 1), FROM);
        assert_eq!(hits, vec![0, 1, 2, 3]);
        assert_eq!(
            bolt(&Catalog::load(&crate::data::default_root()).expect("data"), 6, 3).chain_jumps(),
            7
        );
    }

    #[test]
    fn a_non_chain_bolt_stops_at_its_first_hit() {
        let (hits, w) = fire(Backend::Cpu, None, &column(), |c| bolt(c, 0, 0), FROM);
        assert_eq!(hits, vec![0]);
        for k in 1..8 {
            assert!(untouched(&w, k));
        }
        assert_eq!(w.compute().live_count(), 0);
        // With pierce it flies straight on through the row, as before.
        let row: Vec<Vec2> = (0..3)
            .map(|k| Vec2::new(150.0 + 100.0 * k as f32, -250.0))
            .collect();
        let (hits, _) = fire(Backend::Cpu, None, &row, |c| bolt(c, 0, 1), FROM);
        assert_eq!(hits, vec![0, 1]);
    }

    #[test]
    fn the_gpu_chains_like_the_cpu() {
        let Some(ctx) = engine::gpu::test_context() else {
            return;
        };
        let (cpu, _) = fire(Backend::Cpu, None, &column(), |c| bolt(c, 5, 0), FROM);
        let (gpu, _) = fire(Backend::Gpu, Some(&ctx), &column(), |c| bolt(c, 5, 0), FROM);
        assert_eq!(gpu, cpu);
    }
}
