//! After the clear (docs/game.md#the-clear): endless waves, the boss rush and NG+,
//! on the real world (CPU backend), with numbers checked by hand in the
//! comments.

use game::world::{Carry, PlayerInput};
use std::sync::Arc;

use engine::compute::FLAG_ENEMY_TEAM;
use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::modes::plan_wave;
use game::run::{Command, Phase, Run, RunSetup, StepInput};
use game::waves::endless::{difficulty, endless_wave};
use game::world::World;
use glam::Vec2;

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

fn boss_slots(w: &World) -> Vec<(u32, String, f32, f32, bool, u32)> {
    w.enemies()
        .slots()
        .iter()
        .enumerate()
        .filter(|(_, e)| e.alive)
        .filter_map(|(i, e)| {
            e.boss.as_deref().map(|b| {
                (
                    i as u32,
                    b.def.boss_id.clone(),
                    e.hp,
                    e.hp_max,
                    b.clone,
                    b.phase_number(),
                )
            })
        })
        .collect()
}

fn kill_bosses(w: &mut World) {
    let slots: Vec<u32> = boss_slots(w).iter().map(|b| b.0).collect();
    for s in slots {
        w.enemies_mut().get_mut(s).expect("boss").hp = 0.0;
    }
}

/// `n` steps with the player standing still and kept alive (healing and
/// regeneration clamp HP to its maximum, so it is refilled every step): the
/// test drives the bosses.
fn steps(w: &mut World, carry: &mut Carry, n: u32) {
    for _ in 0..n {
        w.player.hp = 1.0e9;
        w.step(carry, &PlayerInput::default());
    }
}

#[test]
fn an_endless_wave_is_a_late_wave_scaled_by_its_difficulty() {
    let cat = catalog();
    // W45: d = 1 + 0.1 × ⌊25 / 5⌋ = 1.5.
    assert!((difficulty(45) - 1.5).abs() < 1e-6);
    let w45 = endless_wave(&cat.waves, 45);
    let w19 = &cat.waves[18];
    // Growth from W19: HP 2.49 × 1.5 = 3.735, damage 1.143 × 1.5 = 1.7145,
    // budget 14,859 × 1.5 = 22,288.5 (docs/balance.md#density), XP as W19's.
    assert_eq!(w45.wave, 45);
    assert!((w45.hp_mult - 3.735).abs() < 1e-4, "{}", w45.hp_mult);
    assert!((w45.damage_mult - 1.7145).abs() < 1e-4, "{}", w45.damage_mult);
    assert!((w45.budget - 22288.5).abs() < 1e-3, "{}", w45.budget);
    assert_eq!(w45.xp_mult, w19.xp_mult);
    assert!(w45.boss.is_none());
    // Templates: W11–W19 without a boss (W15 has the armour lord) = 11, 12,
    // 13, 14, 16, 17, 18, 19; W45 takes index (45 − 21) mod 8 = 0 → W11, its
    // intervals ÷ 1.5.
    let w11 = &cat.waves[10];
    assert_eq!(w45.spawn_groups.len(), w11.spawn_groups.len());
    for (a, b) in w45.spawn_groups.iter().zip(&w11.spawn_groups) {
        assert_eq!(a.enemy_id, b.enemy_id);
        assert!((a.spawn_interval - b.spawn_interval / 1.5).abs() < 1e-5);
    }
}

#[test]
fn a_boss_rush_brings_three_bosses_one_after_another_and_pays_a_tier_3_card() {
    let cat = catalog();
    let setup = RunSetup::new(7, 60);
    // A run that met all four bosses (W8, W10, W15, W20).
    let met = [0, 1, 2, 3];
    let plan = plan_wave(&cat, &setup, 40, &met).expect("plan");
    assert!(plan.is_rush());
    assert_eq!(plan.rush.len(), 2, "two more behind the first");
    // W40: d = 1 + 0.1 × ⌊20 / 5⌋ = 1.4 on the bosses' HP.
    assert!((plan.boss_scale - 1.4).abs() < 1e-6);
    let first = plan.config.boss.as_ref().expect("first boss").boss_id.clone();
    let mut order = vec![first.clone()];
    order.extend(
        plan.rush
            .iter()
            .map(|&i| cat.bosses.bosses[i as usize].boss_id.clone()),
    );
    let mut distinct = order.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 3, "three different bosses: {order:?}");

    let (mut w, mut carry) = World::new_run(cat.clone(), 7, Backend::Cpu, None).expect("world");
    w.set_rules(plan.rules.clone());
    w.boss_scale = plan.boss_scale;
    w.begin_wave_with(&mut carry, &plan.config, plan.rush.clone())
        .expect("wave");
    // The first boss comes 3 s in (step 180).
    steps(&mut w, &mut carry, 181);
    let mut seen = Vec::new();
    for (k, want) in order.iter().enumerate() {
        let bosses = boss_slots(&w);
        assert_eq!(bosses.len(), 1, "one boss at a time (boss {k})");
        let (_, id, hp, hp_max, _, _) = &bosses[0];
        assert_eq!(id, want);
        // HP = the file's × 1.4.
        let file_hp = cat.bosses.get(want).expect("boss").hp;
        assert!(
            (hp_max - file_hp * 1.4).abs() < 1e-2 * file_hp,
            "{id}: {hp_max} vs {file_hp} × 1.4"
        );
        assert_eq!(hp, hp_max);
        seen.push(id.clone());
        assert!(!w.rush_done());
        kill_bosses(&mut w);
        // The reap frees it; the next one is called in and spawns a step later.
        steps(&mut w, &mut carry, 3);
    }
    assert_eq!(seen, order);
    assert!(boss_slots(&w).is_empty());
    assert!(w.rush_done(), "all three fell");
}

#[test]
fn a_rush_wave_in_a_run_ends_with_its_card_in_the_deck_or_waiting_area() {
    let cat = catalog();
    // Boss-rush mode: wave 1 is a rush of three bosses from all four.
    let setup = RunSetup {
        boss_rush: true,
        ..RunSetup::new(11, 1)
    };
    let mut run = Run::new(cat.clone(), setup, Backend::Cpu, None).expect("run");
    let cards_before = run.carry().loadout.active().deck.len() + run.carry().loadout.waiting.len();
    run.apply(Command::StartWave).expect("start");
    assert!(run.plan().expect("plan").is_rush());
    let mut steps = 0;
    while run.phase() == Phase::Fight {
        run.world_mut().player.hp = 1.0e9;
        if run.world().boss_alive() {
            kill_bosses(run.world_mut());
        }
        run.apply(Command::Step(StepInput::new(Vec2::ZERO, None)))
            .expect("step");
        steps += 1;
        assert!(steps < 20_000, "the rush wave ends");
    }
    let report = run.reports().last().expect("report");
    assert!(report.boss_rush && report.boss_rush_cleared, "{report:?}");
    assert!(report.boss_kills >= 3);
    let cards_after = run.carry().loadout.active().deck.len() + run.carry().loadout.waiting.len();
    let tier3 = |id: &str| cat.spells.find(id).is_some_and(|i| cat.spells.get(i).rarity >= 3);
    let new_cards: Vec<String> = run
        .carry()
        .loadout
        .active()
        .deck
        .iter()
        .chain(&run.carry().loadout.waiting)
        .map(|c| c.id.clone())
        .filter(|id| tier3(id))
        .collect();
    assert_eq!(cards_after, cards_before + 1, "one card given");
    assert_eq!(new_cards.len(), 1, "a Tier 3 card: {new_cards:?}");
}

#[test]
fn ng_plus_one_gives_the_void_lord_a_fourth_phase_with_two_acting_clones() {
    let cat = catalog();
    let setup = RunSetup {
        ng_plus: 1,
        ..RunSetup::new(5, 20)
    };
    let plan = plan_wave(&cat, &setup, 20, &[]).expect("plan");
    // NG+1: enemies ×1.5: W20's HP 2.59 → 3.885, damage 1.285 → 1.9275.
    assert!((plan.config.hp_mult - 3.885).abs() < 1e-4);
    assert!((plan.config.damage_mult - 1.9275).abs() < 1e-4);
    let (mut w, mut carry) = World::new_run(cat.clone(), 5, Backend::Cpu, None).expect("world");
    w.set_rules(plan.rules.clone());
    w.begin_wave_with(&mut carry, &plan.config, Vec::new())
        .expect("wave");
    steps(&mut w, &mut carry, 181);
    let lord = boss_slots(&w);
    assert_eq!(lord.len(), 1);
    let (slot, id, _, hp_max, _, _) = lord[0].clone();
    assert_eq!(id, "void_lord_w20");
    // 50,000 × 1.5 = 75,000; its attack 100 × 1.5 = 150 (phase 1 has no enrage).
    assert!((hp_max - 75_000.0).abs() < 1.0, "{hp_max}");
    assert!((w.enemies().get(slot).expect("lord").attack - 150.0).abs() < 1e-3);
    // Enemy shots fly 240 × 1.3 = 312 px/s: the lord's spread_8 comes every 1.5 s.
    steps(&mut w, &mut carry, 120);
    let speeds: Vec<f32> = w
        .compute()
        .read_projectiles()
        .iter()
        .filter(|p| p.flags & FLAG_ENEMY_TEAM != 0 && p.flags & engine::compute::FLAG_ALIVE != 0)
        .map(|p| Vec2::from_array(p.vel).length())
        .collect();
    assert!(!speeds.is_empty(), "the lord fired");
    assert!(speeds.iter().all(|s| (s - 312.0).abs() < 0.5), "{speeds:?}");

    // Down to 0 HP: the last will.
    w.enemies_mut().get_mut(slot).expect("lord").hp = 0.0;
    steps(&mut w, &mut carry, 1);
    let bosses = boss_slots(&w);
    let lord = bosses.iter().find(|b| !b.4).expect("the lord lives on");
    // 30 % of 75,000 = 22,500, in phase 4.
    assert!((lord.2 - 22_500.0).abs() < 1.0, "{}", lord.2);
    assert_eq!(lord.5, 4);
    let clones: Vec<_> = bosses.iter().filter(|b| b.4).cloned().collect();
    assert_eq!(clones.len(), 2, "two clones");
    for c in &clones {
        // 15 % of 75,000 = 11,250 each, in the lord's phase 4.
        assert!((c.3 - 11_250.0).abs() < 1.0, "{}", c.3);
        assert_eq!(c.5, 4);
    }
    assert_eq!(w.stats.clones, 2);
    // The clones really act: they chase (hyper enrage) and burst.
    let start: Vec<Vec2> = clones
        .iter()
        .map(|c| w.enemies().get(c.0).expect("clone").pos)
        .collect();
    let enemy_shots = |w: &World| {
        w.compute()
            .read_projectiles()
            .iter()
            .filter(|p| p.flags & FLAG_ENEMY_TEAM != 0 && p.flags & engine::compute::FLAG_ALIVE != 0)
            .count()
    };
    // Summoned in their phase's burst (every 2 s): the first burst left
    // with the summon; 2.2 s on, each clone (and the lord) fired another ring of 48.
    let before = enemy_shots(&w);
    let mut counts = Vec::new();
    for _ in 0..12 {
        steps(&mut w, &mut carry, 11);
        counts.push(enemy_shots(&w));
    }
    for (c, s) in clones.iter().zip(&start) {
        let now = w.enemies().get(c.0).expect("clone alive").pos;
        assert!(now.distance(*s) > 10.0, "clone {} moved {s} → {now}", c.0);
    }
    assert!(
        enemy_shots(&w) >= before + 2 * 48,
        "the clones' bursts fill the air: {before} then {counts:?}"
    );
    // The lord's invincibility (5 s) runs out; when it falls, its clones fall with it.
    steps(&mut w, &mut carry, 200);
    let lord_slot = lord.0;
    w.enemies_mut().get_mut(lord_slot).expect("lord").hp = 0.0;
    steps(&mut w, &mut carry, 3);
    assert!(
        boss_slots(&w).is_empty(),
        "lord and clones gone: {:?}",
        boss_slots(&w)
    );
}
