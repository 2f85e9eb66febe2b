//! Boss phases (docs/game.md#boss-phases) on the shipped boss files: thresholds,
//! resistances, regeneration on physical hits, reflection, armour layers,
//! volleys and the NG+ last will.

use std::sync::Arc;

use engine::compute::FLAG_ENEMY_TEAM;
use game::bosses::{BossDefs, BossEvent};
use game::combat::{AttackerStats, CombatRules, HitSpec};
use game::data::default_root;
use game::element::Element;
use game::enemies::{AiContext, Arena, EnemyDefs, EnemySet};
use glam::Vec2;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn load() -> (EnemyDefs, BossDefs) {
    let mut errors = Vec::new();
    let e = EnemyDefs::load(&default_root(), &mut errors).unwrap();
    let b = BossDefs::load(&default_root(), &mut errors).unwrap();
    assert!(errors.is_empty(), "{errors:?}");
    (e, b)
}

fn with_boss(id: &str, ng_plus: bool) -> (EnemySet, u32) {
    let (e, b) = load();
    let mut s = EnemySet::new(e.tuning, Arena::square(2400.0), 0.5);
    let i = b.index_of(id).unwrap();
    let slot = s
        .spawn_boss(
            Arc::new(b.bosses[i].clone()),
            i,
            Vec2::new(1200.0, 1200.0),
            ng_plus,
        )
        .unwrap();
    (s, slot)
}

fn strike(s: &mut EnemySet, slot: u32, dmg: f32, el: Element) -> game::enemies::HitOutcome {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    s.hit(
        slot,
        &HitSpec::simple(dmg, el),
        &AttackerStats::default(),
        &CombatRules::default(),
        &mut rng,
    )
}

fn close(a: f32, b: f32) {
    assert!((a - b).abs() <= 1e-3 * b.abs().max(1.0), "{a} != {b}");
}

fn phase(s: &EnemySet, slot: u32) -> u32 {
    s.get(slot).unwrap().boss.as_ref().unwrap().phase_number()
}

/// docs/game.md#gold: gold comes from kills at 1–5 per kill and from the wave
/// settlement; a boss is a kill like any other (they dropped 20–50).
#[test]
fn bosses_drop_the_seeds_one_to_five_gold_per_kill() {
    let (_, b) = load();
    assert_eq!(b.bosses.len(), 4);
    for boss in &b.bosses {
        assert!(
            boss.gold[0] >= 1 && boss.gold[1] <= 5,
            "{}: gold {:?}",
            boss.boss_id,
            boss.gold
        );
    }
}

#[test]
fn void_lord_phase_one_resists_physical_and_regenerates_on_physical_hits() {
    let (mut s, b) = with_boss("void_lord_w20", false);
    assert_eq!(s.get(b).unwrap().hp, 50000.0);
    s.get_mut(b).unwrap().hp = 40000.0;
    let out = strike(&mut s, b, 1000.0, Element::Physical);
    // 1000 × (1 − 0.8) = 200 dealt, then 0.5 % of 50 000 = 250 healed.
    close(out.result.unwrap().total, 200.0);
    close(out.regen, 250.0);
    close(s.get(b).unwrap().hp, 40050.0);
    let fire = strike(&mut s, b, 1000.0, Element::Fire);
    close(fire.result.unwrap().total, 900.0);
    assert_eq!(fire.regen, 0.0);
}

#[test]
fn phases_change_at_their_thresholds_and_take_their_resistances() {
    let (mut s, b) = with_boss("void_lord_w20", false);
    s.get_mut(b).unwrap().hp = 25_100.0; // 0.502
    let out = strike(&mut s, b, 100.0, Element::Fire); // 90 → 25 010: still above 0.5
    assert!(out.boss_events.is_empty());
    assert_eq!(phase(&s, b), 1);
    let out = strike(&mut s, b, 100.0, Element::Fire); // 24 920 ≤ 25 000
    assert_eq!(
        out.boss_events,
        vec![BossEvent::PhaseChanged {
            enemy: b,
            from: 1,
            to: 2
        }]
    );
    assert_eq!(phase(&s, b), 2);
    assert_eq!(s.get(b).unwrap().resist[Element::Physical.index()], 0.3);
    // One big hit across 0.1: phase 3 with no resistances at all.
    let out = strike(&mut s, b, 30_000.0, Element::Fire);
    assert_eq!(
        out.boss_events,
        vec![BossEvent::PhaseChanged {
            enemy: b,
            from: 2,
            to: 3
        }]
    );
    assert_eq!(s.get(b).unwrap().resist, [0.0; 5]);
}

#[test]
fn one_hit_across_two_thresholds_reports_both_phases() {
    let (mut s, b) = with_boss("void_lord_w20", false);
    let out = strike(&mut s, b, 50_000.0, Element::Fire); // 45 000 dealt → 0.1
    assert_eq!(
        out.boss_events,
        vec![
            BossEvent::PhaseChanged {
                enemy: b,
                from: 1,
                to: 2
            },
            BossEvent::PhaseChanged {
                enemy: b,
                from: 2,
                to: 3
            },
        ]
    );
}

#[test]
fn each_phase_fires_differently() {
    let (mut s, b) = with_boss("void_lord_w20", false);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let ctx = AiContext {
        player_pos: Vec2::new(1600.0, 1200.0),
        player_radius: 16.0,
        arena: Arena::square(2400.0),
    };
    let mut volley = |s: &mut EnemySet| {
        let start = s.get(b).unwrap().pos;
        let mut shots = Vec::new();
        for _ in 0..390 {
            shots.extend(s.update(1.0 / 60.0, &ctx, &mut rng).enemy_shots);
        }
        (shots, s.get(b).unwrap().pos.distance(start))
    };
    // 6.5 s per phase. Phase 1: stationary, spread_8 every 1.5 s → 4 volleys of 8.
    let (p1, moved1) = volley(&mut s);
    assert_eq!(p1.len(), 32);
    assert_eq!(moved1, 0.0);
    assert!(p1.iter().all(|p| p.flags & FLAG_ENEMY_TEAM != 0));
    strike(&mut s, b, 30_000.0, Element::Fire);
    // Phase 2: chases, a 7-shot barrage every 3 s → 2 barrages.
    let (p2, moved2) = volley(&mut s);
    assert_eq!(p2.len(), 14);
    assert!(moved2 > 0.0);
    strike(&mut s, b, 20_000.0, Element::Fire);
    assert_eq!(phase(&s, b), 3);
    // Phase 3: a 48-shot ring every 5 s → 1 burst in 6 s.
    let (p3, _) = volley(&mut s);
    assert_eq!(p3.len(), 48);
}

#[test]
fn mirror_mage_reflects_frontal_physical_hits_only() {
    let (mut s, b) = with_boss("mirror_mage_w10", false);
    // Faces +x at spawn; a projectile flying −x hits it from the front.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let rules = CombatRules::default();
    let a = AttackerStats::default();
    let mut front = HitSpec::simple(100.0, Element::Physical);
    front.dir = [-1.0, 0.0];
    let out = s.hit(b, &front, &a, &rules, &mut rng);
    assert!(out.reflected && out.result.is_none());
    let mut back = front;
    back.dir = [1.0, 0.0];
    assert!(!s.hit(b, &back, &a, &rules, &mut rng).reflected);
    let mut fire = front;
    fire.shares = game::element::ElementShares::pure(Element::Fire);
    assert!(!s.hit(b, &fire, &a, &rules, &mut rng).reflected);
}

#[test]
fn armour_lord_sheds_a_layer_per_fire_hit() {
    let (mut s, b) = with_boss("armor_lord_w15", false);
    assert_eq!(s.get(b).unwrap().armor, 2.0 + 12.0 * 8.0);
    let out = strike(&mut s, b, 10.0, Element::Physical);
    assert!(out.boss_events.is_empty());
    let out = strike(&mut s, b, 10.0, Element::Fire);
    assert_eq!(out.boss_events, vec![BossEvent::LayerLost { enemy: b, left: 11 }]);
    assert_eq!(s.get(b).unwrap().armor, 2.0 + 11.0 * 8.0);
}

#[test]
fn ng_plus_last_will_saves_the_void_lord_once() {
    let (mut s, b) = with_boss("void_lord_w20", true);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut events = Vec::new();
    s.get_mut(b).unwrap().hp = 0.0;
    assert!(s.reap(&mut rng, &mut events).is_empty());
    assert!(events.contains(&BossEvent::LastWill { enemy: b }));
    close(s.get(b).unwrap().hp, 15_000.0);
    assert_eq!(phase(&s, b), 4);
    // Invincible for 5 s.
    assert!(strike(&mut s, b, 1000.0, Element::Fire).result.is_none());
    s.get_mut(b).unwrap().hp = 0.0;
    let deaths = s.reap(&mut rng, &mut events);
    assert_eq!(deaths.len(), 1);
    assert!(deaths[0].boss && deaths[0].xp == 1000.0 && deaths[0].gold == 5.0);
    // Without NG+ the boss simply dies.
    let (mut t, c) = with_boss("void_lord_w20", false);
    t.get_mut(c).unwrap().hp = 0.0;
    assert_eq!(t.reap(&mut rng, &mut Vec::new()).len(), 1);
}
