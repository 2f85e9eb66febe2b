//! The loot rules that act inside the fight (`game/src/world/hooks.rs`): stack
//! buffs, repeated reactions, revival, kept statuses, enemy notice range,
//! wounds and the standing-still conditional bonuses, each with numbers
//! computed by hand from `data/loot/artifacts.json` and `data/enemies.json`.

use crate::combat_common;
use combat_common::dummy;
use game::world::PlayerInput;
use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::combat::status::Status;
use game::combat::{AttackerStats, CombatRules, HitSpec, ReactionKind, apply_hit, compute_hit};
use game::data::{DataError, default_root};
use game::element::Element;
use game::enemies::defs::AiKind;
use game::enemies::{AiContext, Arena, EnemyDefs, EnemySet, EnemyState, SpawnScale};
use game::loot::artifacts::{ArtifactDef, ArtifactInstance};
use game::loot::hooks::{ConditionalModifiers, Hook, HookEffect, HookRule, WhileCondition};
use game::shop::loadout::Card;
use game::stats::{StatId, StatModifier};
use game::world::{Carry, World};
use glam::Vec2;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const DT: f32 = 1.0 / 60.0;

fn load() -> Catalog {
    Catalog::load(&default_root()).expect("data loads")
}

/// A world on the CPU twin with artifact `id` socketed (record depth 0 opens one socket).
fn world_with(cat: Arc<Catalog>, id: &str) -> (World, Carry) {
    let (mut w, mut carry) = World::new_run(cat.clone(), 21, Backend::Cpu, None).expect("world");
    carry
        .equipment
        .socket(
            ArtifactInstance {
                id: id.into(),
                affixes: vec![],
            },
            &cat.loot,
        )
        .expect("socket");
    w.refresh_gear(&mut carry);
    (w, carry)
}

/// A test artifact with the given hooks and conditional modifiers.
fn test_artifact(id: &str, hooks: Vec<HookRule>, while_: Vec<ConditionalModifiers>) -> ArtifactDef {
    ArtifactDef {
        id: id.into(),
        name: id.into(),
        rule: "test rule".into(),
        price: "test price".into(),
        modifiers: vec![],
        while_,
        hooks,
        extra_sockets: 0,
    }
}

/// Removes every enemy (the wave's own spawns too), so only what a test
/// places can die or touch the player this step.
fn clear(w: &mut World) {
    w.enemies_mut().clear();
}

/// One kill that the test controls: a grunt far from the player at 0 HP is
/// reaped at the next step (an `OnKill`).
fn kill_one(w: &mut World, carry: &mut Carry) {
    clear(w);
    let slot = w.spawn_enemy("grunt", Vec2::new(40.0, 40.0)).expect("grunt");
    w.enemies_mut().get_mut(slot).expect("alive").hp = 0.0;
    w.step(carry, &PlayerInput::default());
}

/// One step with nothing in the arena, the player walking along `dir`.
fn quiet_step(w: &mut World, carry: &mut Carry, dir: Vec2) {
    clear(w);
    w.step(carry, &PlayerInput::walk(dir));
}

#[test]
fn ash_stride_stacks_move_speed_caps_at_eight_and_burns_after_two_seconds() {
    let cat = Arc::new(load());
    let (mut w, mut carry) = world_with(cat, "ash_stride");
    w.begin_wave(&mut carry, 1).expect("wave 1");
    assert_eq!(w.player.stat(StatId::MoveSpeed), 300.0);
    kill_one(&mut w, &mut carry);
    // One stack: 300 × (1 + 0.12) = 336.
    assert_eq!(w.buff_stacks(StatId::MoveSpeed), 1);
    assert!((w.player.stat(StatId::MoveSpeed) - 336.0).abs() < 1e-3);
    for _ in 0..9 {
        kill_one(&mut w, &mut carry);
    }
    // Ten kills, capped at 8 stacks: 300 × (1 + 0.12 × 8) = 588 (under the 600 soft cap).
    assert_eq!(w.buff_stacks(StatId::MoveSpeed), 8);
    assert!((w.player.stat(StatId::MoveSpeed) - 588.0).abs() < 1e-3);
    // The last kill's step already counted 1/60 s; 118 more quiet steps make
    // 119/60 s < 2 s: the stacks hold. The 120th step reaches 2 s: all burn.
    for _ in 0..118 {
        quiet_step(&mut w, &mut carry, Vec2::ZERO);
    }
    assert_eq!(w.buff_stacks(StatId::MoveSpeed), 8);
    quiet_step(&mut w, &mut carry, Vec2::ZERO);
    assert_eq!(w.buff_stacks(StatId::MoveSpeed), 0);
    assert_eq!(w.player.stat(StatId::MoveSpeed), 300.0);
    // A kill within the window keeps the stacks (the timer restarts).
    kill_one(&mut w, &mut carry);
    for _ in 0..60 {
        quiet_step(&mut w, &mut carry, Vec2::ZERO);
    }
    kill_one(&mut w, &mut carry);
    assert_eq!(w.buff_stacks(StatId::MoveSpeed), 2);
    // Wave end burns every stack.
    w.end_wave(&mut carry);
    assert_eq!(w.buff_stacks(StatId::MoveSpeed), 0);
    assert_eq!(w.player.stat(StatId::MoveSpeed), 300.0);
}

/// Kills the player with one grunt contact (5 damage) after setting HP to 1.
fn die(w: &mut World, carry: &mut Carry) {
    clear(w);
    w.player.hp = 1.0;
    w.spawn_enemy("grunt", w.player.pos).expect("grunt");
    w.step(carry, &PlayerInput::default());
}

#[test]
fn debt_revives_once_a_wave_after_twenty_seconds_for_five_max_hp() {
    let cat = Arc::new(load());
    let (mut w, mut carry) = world_with(cat, "debt");
    w.begin_wave(&mut carry, 1).expect("wave 1");
    die(&mut w, &mut carry);
    assert!(w.player.is_down(), "the first death is revived");
    assert!(w.player.alive(), "the run is not lost while down");
    assert_eq!(w.player.hp, 0.0);
    assert_eq!(w.player.hp_max(), 95.0); // 100 − 5
    // Inactive and invulnerable while down: a grunt on top does nothing, no casts, no walking.
    let casts = w.stats.main_casts;
    let pos = w.player.pos;
    let east = PlayerInput::walk(Vec2::X);
    w.spawn_enemy("grunt", w.player.pos).expect("grunt");
    // 20 s = 1200 steps; the death step counted one. 1190 more: still down.
    for _ in 0..1190 {
        w.step(&mut carry, &east);
    }
    assert!(w.player.is_down());
    assert_eq!(w.player.hp, 0.0);
    assert_eq!(w.stats.main_casts, casts);
    assert_eq!(w.player.pos, pos);
    let mut stood = None;
    for i in 0..20 {
        clear(&mut w);
        w.step(&mut carry, &east);
        if !w.player.is_down() {
            stood = Some(i);
            break;
        }
    }
    // Stands up at 1200 steps (±1 for f32 time): full HP of the lowered max.
    let i = stood.expect("stood up");
    assert!((8..=10).contains(&i), "stood up after {} steps", 1191 + i);
    assert_eq!((w.player.hp, w.player.hp_max()), (95.0, 95.0));
    // A second death in the same wave is final.
    die(&mut w, &mut carry);
    assert!(!w.player.alive());
    assert!(!w.player.is_down());

    // Once per wave: a fresh run, wave 1 death, wave 2 death — both revived, 10 max HP lost.
    let (mut w, mut carry) = world_with(w.catalog().clone(), "debt");
    w.begin_wave(&mut carry, 1).expect("wave 1");
    die(&mut w, &mut carry);
    assert!(w.player.is_down());
    w.end_wave(&mut carry);
    w.begin_wave(&mut carry, 2).expect("wave 2");
    assert!(!w.player.is_down(), "a new wave stands the player up");
    assert_eq!((w.player.hp, w.player.hp_max()), (95.0, 95.0));
    die(&mut w, &mut carry);
    assert!(w.player.is_down(), "the rule is ready again in the next wave");
    assert_eq!(w.player.hp_max(), 90.0);
    assert_eq!(carry.ledger.hp_max_lost, 10.0, "the run carries the price");
}

#[test]
fn without_debt_death_is_final() {
    let cat = Arc::new(load());
    let (mut w, mut carry) = World::new_run(cat, 21, Backend::Cpu, None).expect("world");
    w.begin_wave(&mut carry, 1).expect("wave 1");
    die(&mut w, &mut carry);
    assert!(!w.player.alive());
    assert_eq!(w.player.hp_max(), 100.0);
}

fn strike(
    e: &mut EnemyState,
    element: Element,
    attacker: &AttackerStats,
) -> Vec<game::combat::ReactionEvent> {
    let rules = CombatRules::default();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let spec = HitSpec::simple(10.0, element);
    let r = compute_hit(e, &spec, attacker, &rules, &mut rng);
    apply_hit(e, &r, &rules, &mut rng)
}

#[test]
fn double_heart_applies_each_reaction_twice() {
    let rules = CombatRules::default();
    let twice = AttackerStats {
        reaction_times: 2,
        ..Default::default()
    };
    // Lightning on wet: conduction twice, each with its blast of 10 × 2 × fraction.
    let mut e = dummy();
    e.status.apply(Status::Wet, 5.0);
    let ev = strike(&mut e, Element::Lightning, &twice);
    let kinds: Vec<_> = ev.iter().map(|x| x.kind).collect();
    assert_eq!(kinds, vec![ReactionKind::Conduction, ReactionKind::Conduction]);
    let blast = 10.0 * rules.wet_lightning_mult * rules.conduction.damage_fraction;
    for x in &ev {
        assert!((x.blast.expect("blast").damage - blast).abs() < 1e-4);
    }
    // The hit's own multiplier counts once: 10 × 2 = 20 HP.
    assert!((e.hp - (1000.0 - 10.0 * rules.wet_lightning_mult)).abs() < 1e-4);
    // Poison: two stacks from one hit, each 10 × poison_dps_fraction per second.
    let mut p = dummy();
    strike(&mut p, Element::Poison, &twice);
    assert_eq!(p.status.poison.len(), 2);
    assert!((p.status.poison[1].dps - 10.0 * rules.poison_dps_fraction).abs() < 1e-5);
    // Once without the rule.
    let mut q = dummy();
    strike(&mut q, Element::Poison, &AttackerStats::default());
    assert_eq!(q.status.poison.len(), 1);
}

#[test]
fn geiger_counter_keeps_the_consumed_statuses() {
    let keep = AttackerStats {
        keep_statuses: true,
        ..Default::default()
    };
    // Fire on wet vaporises; the wet stays with its timer (5 s).
    let mut e = dummy();
    e.status.apply(Status::Wet, 5.0);
    let ev = strike(&mut e, Element::Fire, &keep);
    assert_eq!(ev[0].kind, ReactionKind::Vaporise);
    assert_eq!(e.status.remaining(Status::Wet), 5.0);
    // Physical on frozen shatters and the target stays frozen.
    let mut f = dummy();
    f.status.apply(Status::Frozen, 3.0);
    let ev = strike(&mut f, Element::Physical, &keep);
    assert_eq!(ev[0].kind, ReactionKind::Shatter);
    assert_eq!(f.status.remaining(Status::Frozen), 3.0);
    // Without the rule the wet is consumed.
    let mut g = dummy();
    g.status.apply(Status::Wet, 5.0);
    strike(&mut g, Element::Fire, &AttackerStats::default());
    assert!(!g.status.has(Status::Wet));
}

#[test]
fn reaction_rules_reach_the_attacker_from_the_worn_artifacts() {
    let cat = Arc::new(load());
    let (w, _) = world_with(cat.clone(), "double_heart");
    let mut a = AttackerStats::default();
    game::world::gear::apply_reaction_rules(&mut a, w.gear());
    assert_eq!((a.reaction_times, a.keep_statuses), (2, false));
    let (w, _) = world_with(cat.clone(), "geiger_counter");
    let mut a = AttackerStats::default();
    game::world::gear::apply_reaction_rules(&mut a, w.gear());
    assert_eq!((a.reaction_times, a.keep_statuses), (1, true));
    let bare = World::new(cat, 21, Backend::Cpu, None).expect("world");
    let mut a = AttackerStats::default();
    game::world::gear::apply_reaction_rules(&mut a, bare.gear());
    assert_eq!((a.reaction_times, a.keep_statuses), (1, false));
}

fn defs() -> EnemyDefs {
    let mut errors: Vec<DataError> = Vec::new();
    let d = EnemyDefs::load(&default_root(), &mut errors);
    assert!(errors.is_empty(), "{errors:?}");
    d.expect("enemies.json loads")
}

/// Runs a lone spitter 400 px from the player for `steps`; returns its
/// distance and the step of its first shot.
fn spitter_run(mult: f32, steps: usize) -> (f32, Option<usize>) {
    let d = defs();
    let mut s = EnemySet::new(
        d.tuning,
        Arena::square(2400.0),
        CombatRules::default().slow_factor,
    );
    s.set_ranged_range_mult(mult);
    let player = Vec2::new(1200.0, 1200.0);
    let k = d.index_of("spitter").expect("spitter");
    let slot = s
        .spawn(
            k as u32,
            &d.defs[k],
            player + Vec2::new(400.0, 0.0),
            SpawnScale::default(),
        )
        .expect("room");
    let ctx = AiContext {
        player_pos: player,
        player_radius: 16.0,
        arena: Arena::square(2400.0),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut first = None;
    for i in 0..steps {
        let out = s.update(DT, &ctx, &mut rng);
        if first.is_none() && !out.enemy_shots.is_empty() {
            first = Some(i);
            let dist = s.get(slot).expect("alive").pos.distance(player);
            // 450 × 0.55 = 247.5 px: no shot from farther.
            assert!(mult == 1.0 || dist <= 450.0 * mult + 1e-3, "shot from {dist}");
        }
    }
    (s.get(slot).expect("alive").pos.distance(player), first)
}

#[test]
fn quiet_step_makes_spitters_come_45_percent_closer_before_they_attack() {
    let spit = defs().get("spitter").expect("spitter").clone();
    let AiKind::Spitter(sp) = spit.ai else {
        panic!("spitter AI")
    };
    assert_eq!((sp.min_range, sp.max_range, spit.speed), (250.0, 450.0, 80.0));
    // Without the rule: 400 px is inside 250..450, it stands and fires after one
    // interval (2.5 s, one step of slack for f32 time).
    let (dist, first) = spitter_run(1.0, 180);
    assert!((dist - 400.0).abs() < 1e-3);
    assert!(
        first.is_some_and(|i| (i + 1) as f32 * DT <= sp.interval + DT + 1e-3),
        "{first:?}"
    );
    // With ×0.55: the band is 137.5..247.5; it walks in at 80 px/s. After 1.5 s
    // it is at 400 − 120 = 280 px and has not fired.
    let (dist, first) = spitter_run(0.55, 90);
    assert!((dist - 280.0).abs() < 0.5, "{dist}");
    assert_eq!(first, None);
    // It reaches 247.5 px after (400 − 247.5) / 80 ≈ 1.91 s, stops, and then fires.
    let (dist, first) = spitter_run(0.55, 360);
    assert!((dist - 247.5).abs() < 1.5, "{dist}");
    assert!(first.is_some());
    // The world hands the worn rule to the AI.
    let cat = Arc::new(load());
    let (mut w, mut carry) = world_with(cat, "quiet_step");
    w.begin_wave(&mut carry, 1).expect("wave 1");
    w.step(&mut carry, &PlayerInput::default());
    assert_eq!(w.enemies().ranged_range_mult(), 0.55);
}

#[test]
fn wounds_bleed_a_fraction_of_max_hp_per_second_and_stack_per_hit() {
    // The status alone: a 2000-HP tank with two 2 % wounds loses 80 HP a second.
    let mut st = game::combat::StatusSet::default();
    st.add_wound(0.02 * 2000.0);
    st.add_wound(0.02 * 2000.0);
    let mut lost = 0.0;
    for _ in 0..60 {
        lost += st.tick(DT);
    }
    assert!((lost - 80.0).abs() < 1e-2, "{lost}");

    // In the fight: a test artifact carrying Serrate's rule (2 % per second, on hit).
    let mut cat = load();
    cat.loot.artifacts.artifacts.push(test_artifact(
        "test_serrate",
        vec![HookRule {
            on: Hook::OnHit,
            effect: HookEffect::Wound {
                max_hp_fraction_per_s: 0.02,
            },
        }],
        vec![],
    ));
    let (mut w, mut carry) = world_with(Arc::new(cat), "test_serrate");
    // Plain spark bolts, one projectile a cast, so the first hit is alone in its step.
    let active = carry.loadout.active_index();
    *carry.loadout.deck_mut(active).expect("active deck") = (0..3)
        .map(|_| Card {
            id: "spark_bolt".to_string(),
            paid: 0,
        })
        .collect();
    w.begin_wave(&mut carry, 1).expect("wave 1");
    let tank = w
        .spawn_enemy("tank", w.player.pos + Vec2::new(60.0, 0.0))
        .expect("tank");
    let mut hit_at = None;
    for i in 0..120 {
        w.step(&mut carry, &PlayerInput::default());
        if w.enemies().get(tank).expect("alive").status.wound_dps > 0.0 {
            hit_at = Some(i);
            break;
        }
    }
    assert!(hit_at.is_some(), "the tank was never hit");
    // One hit: 2 % of the tank's 1,333 = 26.66 HP per second.
    let dps = w.enemies().get(tank).expect("alive").status.wound_dps;
    assert!((dps - 26.66).abs() < 1e-3, "{dps}");
}

#[test]
fn standing_still_bonuses_hold_only_while_the_player_stands() {
    let mut cat = load();
    cat.loot.artifacts.artifacts.push(test_artifact(
        "test_still",
        vec![],
        vec![ConditionalModifiers {
            condition: WhileCondition::StandingStill,
            modifiers: vec![StatModifier {
                stat: StatId::DamageMult,
                add: 0.0,
                mul: 2.0,
            }],
        }],
    ));
    let (mut w, mut carry) = world_with(Arc::new(cat), "test_still");
    w.begin_wave(&mut carry, 1).expect("wave 1");
    quiet_step(&mut w, &mut carry, Vec2::ZERO);
    assert_eq!(w.player.stat(StatId::DamageMult), 2.0);
    quiet_step(&mut w, &mut carry, Vec2::X);
    assert_eq!(w.player.stat(StatId::DamageMult), 1.0);
}

#[test]
fn reaction_power_scales_what_reactions_add_and_double_heart_pays_35_percent() {
    let rules = CombatRules::default();
    let cat = Arc::new(load());
    let (w, _) = world_with(cat, "double_heart");
    assert!((w.player.stat(StatId::ReactionPower) - 0.65).abs() < 1e-6);
    let a = AttackerStats::from_sheet(w.player.stats());
    assert!((a.reaction_power - 0.65).abs() < 1e-6);
    // Lightning 10 on wet: the ×2 bonus is scaled, 10 × (1 + 1 × 0.65) = 16.5;
    // the conduction blast is the unscaled element damage 10 × 2 = 20, scaled
    // once by power: 20 × 0.65 × fraction.
    let mut e = dummy();
    e.status.apply(Status::Wet, 5.0);
    let ev = strike(&mut e, Element::Lightning, &a);
    assert!((e.hp - (1000.0 - 16.5)).abs() < 1e-3, "{}", e.hp);
    let blast = 20.0 * 0.65 * rules.conduction.damage_fraction;
    assert!((ev[0].blast.expect("blast").damage - blast).abs() < 1e-3);
    // Poison: the stack's damage per second is scaled too: 10 × 0.65 × fraction.
    let mut p = dummy();
    strike(&mut p, Element::Poison, &a);
    assert!((p.status.poison[0].dps - 10.0 * 0.65 * rules.poison_dps_fraction).abs() < 1e-5);
    // At power 1 the matrix's own numbers: 10 × 2 = 20.
    let mut q = dummy();
    q.status.apply(Status::Wet, 5.0);
    strike(&mut q, Element::Lightning, &AttackerStats::default());
    assert!((q.hp - 980.0).abs() < 1e-4);
}
