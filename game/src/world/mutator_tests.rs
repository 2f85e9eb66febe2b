//! The endless mutators (docs/game.md#mutators) in a real fight (CPU backend),
//! with the numbers checked by hand in the comments.

use std::sync::Arc;

use engine::compute::EventKind;
use engine::gpu::Backend;
use glam::Vec2;

use super::*;
use crate::catalog::Catalog;
use crate::element::{Element, ElementShares};
use crate::mutators::{FightRules, Rule};
use crate::vm::SpawnRequest;

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&crate::data::default_root()).expect("data loads"))
}

fn rules(rule: Rule) -> FightRules {
    FightRules {
        mutator: Some(rule),
        ..FightRules::default()
    }
}

/// Two standing grunts at ±200 px from the centre on the x axis, the core
/// unloaded, one 800 px/s spark bolt (pierce 0, 1 s) fired from the centre
/// along +x. Returns the HIT list (enemy slots in order) after 2 s.
fn mirror_fire(rule: Option<Rule>) -> (Vec<u32>, World) {
    let cat = catalog();
    let (mut w, mut carry) = World::new_run(Arc::clone(&cat), 11, Backend::Cpu, None).expect("world");
    let input = PlayerInput::default();
    let centre = w.player.pos;
    let dummies: Vec<Dummy> = [200.0, -200.0]
        .iter()
        .map(|x| Dummy {
            enemy: "grunt".into(),
            pos: centre + Vec2::new(*x, 0.0),
            hp: 1.0e6,
        })
        .collect();
    assert_eq!(
        w.begin_test_range(&mut carry, &dummies).expect("range"),
        vec![0, 1]
    );
    if let Some(r) = rule {
        w.set_rules(rules(r));
    }
    w.caster.core = None;
    let spark = cat.spells.find("spark_bolt").expect("spark_bolt");
    let req = SpawnRequest::plain(
        spark,
        10.0,
        ElementShares::pure(Element::Lightning),
        800.0,
        6.0,
        1.0,
    );
    w.field.queued.push((req, centre, Vec2::X));
    let mut hits = Vec::new();
    for _ in 0..120 {
        if let Some((ev, _)) = &w.link.pending {
            hits.extend(ev.of_kind(EventKind::Hit).map(|e| e.enemy));
        }
        w.step(&mut carry, &input);
    }
    (hits, w)
}

#[test]
fn the_mirror_world_sends_a_shot_back_through_the_player_to_the_far_side() {
    // Without the mutator the bolt stops in the grunt at +200 and that is all.
    let (hits, w) = mirror_fire(None);
    assert_eq!(hits, vec![0]);
    assert_eq!(w.stats.mirrored, 0);
    // With it, the bolt meets grunt 0's edge at about +180 (14 + 6 px), turns
    // back at 800 px/s with 180/800 + 0.25 s to live: 380 px of flight, past
    // the player at the centre and on to the grunt at −200 (its near edge,
    // with the bolt's radius, at −180).
    let (hits, w) = mirror_fire(Some(Rule::MirrorWorld));
    assert_eq!(hits, vec![0, 1]);
    assert_eq!(w.stats.mirrored, 1, "the returning shot never bounces again");
    let hp = |s: u32| w.enemies().get(s).map(|e| e.hp_max - e.hp).unwrap_or(0.0);
    assert!(
        hp(0) > 0.0 && hp(1) > 0.0,
        "both grunts hurt: {} and {}",
        hp(0),
        hp(1)
    );
    assert!(
        w.player.hp >= w.player.hp_max(),
        "the player is never hit by a returning shot"
    );
    assert_eq!(w.compute().live_count(), 0);
}

#[test]
fn a_split_grunt_becomes_two_halves_that_never_split_again() {
    let cat = catalog();
    let (mut w, mut carry) = World::new_run(Arc::clone(&cat), 3, Backend::Cpu, None).expect("world");
    let input = PlayerInput::default();
    w.caster.core = None;
    let centre = w.player.pos;
    let at = centre + Vec2::new(300.0, 0.0);
    let slots = w
        .begin_test_range(
            &mut carry,
            &[Dummy {
                enemy: "grunt".into(),
                pos: at,
                hp: 40.0,
            }],
        )
        .expect("range");
    w.set_rules(rules(Rule::Split));
    w.enemies_mut().get_mut(slots[0]).expect("grunt").hp = 0.0;
    w.step(&mut carry, &input);
    // A 40-HP grunt (radius 14, 5 XP, 1–2 gold) splits into two halves of
    // 20 HP, radius 10.5, 2.5 XP and 0–1 gold each, side by side.
    let halves: Vec<_> = w.enemies().slots().iter().filter(|e| e.alive).cloned().collect();
    assert_eq!(halves.len(), 2);
    for h in &halves {
        assert_eq!(
            (h.hp, h.hp_max, h.radius, h.xp, h.gold),
            (20.0, 20.0, 10.5, 2.5, [0, 1])
        );
        assert!(h.mutation.split_half);
        assert!((h.pos.distance(at) - 10.5).abs() < 1e-3, "{:?}", h.pos);
    }
    assert_eq!(w.stats.splits, 2);
    assert_eq!(w.stats.kills, 1);
    let alive: Vec<u32> = (0..w.enemies().slots().len() as u32)
        .filter(|&s| w.enemies().get(s).is_some_and(|e| e.alive))
        .collect();
    for s in alive {
        w.enemies_mut().get_mut(s).expect("half").hp = 0.0;
    }
    w.step(&mut carry, &input);
    assert_eq!(w.enemies().alive_count(), 0, "halves die for good");
    assert_eq!((w.stats.splits, w.stats.kills), (2, 3));
}

/// Wave 1 for 3 s with the core unloaded (nothing dies), under `rule`.
fn wave_one(rule: Option<Rule>) -> World {
    let (mut w, mut carry) = World::new_run(catalog(), 8, Backend::Cpu, None).expect("world");
    let input = PlayerInput::default();
    w.begin_wave(&mut carry, 1).expect("wave 1");
    if let Some(r) = rule {
        w.set_rules(rules(r));
    }
    w.caster.core = None;
    for _ in 0..180 {
        w.step(&mut carry, &input);
    }
    w
}

#[test]
fn the_elite_flood_doubles_every_normal_enemy_and_its_rewards() {
    let plain = wave_one(None);
    let flooded = wave_one(Some(Rule::EliteFlood));
    let alive = |w: &World| -> Vec<crate::enemies::state::EnemyState> {
        w.enemies().slots().iter().filter(|e| e.alive).cloned().collect()
    };
    let (a, b) = (alive(&plain), alive(&flooded));
    assert!(!a.is_empty());
    assert_eq!(a.len(), b.len(), "the flood changes no spawn");
    for (p, f) in a.iter().zip(&b) {
        // Wave 1's grunts: 15 HP × the wave's 0.85 = 12.75, flooded 25.5;
        // its swarm mites 4 × 0.85 = 3.4, flooded 6.8. XP and gold double.
        assert!(!p.elite && f.elite && f.mutation.flooded);
        assert_eq!(p.kind, f.kind);
        assert!([12.75, 3.4].contains(&p.hp_max), "{}", p.hp_max);
        assert_eq!(f.hp_max, p.hp_max * 2.0);
        assert_eq!((f.xp, f.gold), (p.xp * 2.0, [p.gold[0] * 2, p.gold[1] * 2]));
    }
    assert!(a.iter().any(|p| p.hp_max == 12.75), "a grunt among them");
}

#[test]
fn the_shrinking_map_walls_in_the_player_and_the_spawns() {
    // The 2400-px arena about its centre: ×0.8 keeps 240..2160, ×0.64
    // 432..1968, and the floor of ×0.5 600..1800. The player (radius 16)
    // walking left stops 16 px inside the wall.
    for (waves, wall) in [(0u32, 0.0f32), (1, 240.0), (2, 432.0), (4, 600.0), (9, 600.0)] {
        let (mut w, mut carry) = World::new_run(catalog(), 4, Backend::Cpu, None).expect("world");
        let mut input = PlayerInput::default();
        w.begin_wave(&mut carry, 1).expect("wave 1");
        w.set_rules(FightRules {
            shrink_waves: waves,
            ..rules(Rule::ShrinkingMap)
        });
        w.caster.core = None;
        input.move_dir = Vec2::new(-1.0, 0.0);
        for _ in 0..600 {
            w.player.hp = 1.0e9;
            w.step(&mut carry, &input);
        }
        let area = w.play_area();
        assert!(
            (w.player.pos.x - (wall + 16.0)).abs() < 1e-3,
            "after {waves} waves: {}",
            w.player.pos.x
        );
        assert!((area.min.x - wall).abs() < 1e-3 && (area.max.x - (2400.0 - wall)).abs() < 1e-3);
        for e in w.enemies().slots().iter().filter(|e| e.alive) {
            assert!(
                e.pos.cmpge(area.min).all() && e.pos.cmple(area.max).all(),
                "an enemy at {:?} outside {area:?}",
                e.pos
            );
        }
    }
}

/// The core's wait after the first cast of wave 1, under `rule`.
fn first_delay(rule: Option<Rule>) -> f32 {
    let (mut w, mut carry) = World::new_run(catalog(), 2, Backend::Cpu, None).expect("world");
    let input = PlayerInput::default();
    w.begin_wave(&mut carry, 1).expect("wave 1");
    if let Some(r) = rule {
        w.set_rules(rules(r));
    }
    for _ in 0..600 {
        w.step(&mut carry, &input);
        if w.stats.main_casts > 0 {
            return w.core_state().expect("core").ready_in();
        }
    }
    panic!("no cast in 10 s");
}

#[test]
fn mana_inversion_turns_the_chips_delay_into_speed() {
    // The starting deck casts damage_plus (+0.1 s), double_cast (0) and two
    // spark bolts (+0.05 s each) on the 0.25-s Apprentice Core: a cast delay
    // of 0.45 s normally, 0.25 − 0.2 = 0.05 s inverted. The whole deck goes
    // in that one cast, so the core's 0.5-s recharge follows: 0.95 s and
    // 0.55 s until the next cast. The recharge is not a cast delay and
    // stays as it is.
    let normal = first_delay(None);
    let inverted = first_delay(Some(Rule::ManaInversion));
    assert!((normal - 0.95).abs() < 1e-4, "normal {normal}");
    assert!((inverted - 0.55).abs() < 1e-4, "inverted {inverted}");
}

fn curse(rules: &[Rule]) -> FightRules {
    FightRules {
        curse: rules.to_vec(),
        ..FightRules::default()
    }
}

#[test]
fn leaden_feet_refuses_the_dash() {
    let dashes = |rules: FightRules| {
        let (mut w, mut carry) = World::new_run(catalog(), 6, Backend::Cpu, None).expect("world");
        let mut input = PlayerInput::default();
        w.begin_wave(&mut carry, 1).expect("wave 1");
        w.set_rules(rules);
        w.caster.core = None;
        input.move_dir = Vec2::X;
        input.dash = true;
        w.step(&mut carry, &input);
        w.stats.dashes
    };
    assert_eq!(dashes(FightRules::default()), 1);
    assert_eq!(dashes(curse(&[Rule::NoDash])), 0, "the curse of Leaden Feet");
}

#[test]
fn withering_stops_every_heal_until_the_rules_change() {
    let (mut w, mut carry) = World::new_run(catalog(), 6, Backend::Cpu, None).expect("world");
    w.begin_wave(&mut carry, 1).expect("wave 1");
    w.player.hp = 50.0;
    w.set_rules(curse(&[Rule::NoHealing]));
    assert_eq!(w.player.heal(20.0), 0.0, "no heal under Withering");
    w.set_rules(FightRules::default());
    assert_eq!(w.player.heal(20.0), 20.0, "heals again once the curse is gone");
}
