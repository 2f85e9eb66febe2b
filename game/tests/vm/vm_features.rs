//! Logic gates, registers, packaged counters, topology, splitter, dual stream,
//! always-cast, shuffle, entries, resonance and validation (docs/game.md#cores-and-spells).

use crate::vm_common;
use game::vm::{DeckError, EntryOn};
use vm_common::*;

#[test]
fn if_hp_low_casts_or_discards_the_next_chip() {
    let mut st = state(&example_core(), "if_hp_low,spark_bolt,energy_orb");
    let mut s = stats();
    s.hp = 20.0;
    let c = st.cast_now(&s, &ctx());
    assert_eq!(ids(&c), ["spark_bolt"]);
    let mut st = state(&example_core(), "if_hp_low,spark_bolt,energy_orb");
    let c = cast(&mut st);
    // Full HP: the spark goes to the discard unfired and unpaid.
    assert!(c.spawns.is_empty());
    assert_close(c.mana_spent, 0.0);
    let c2 = cast(&mut st);
    assert_eq!(ids(&c2), ["energy_orb"]);
}

#[test]
fn if_enemy_close_reads_the_fight_context() {
    let mut st = state(&example_core(), "if_enemy_close,shotgun_blast,spark_bolt");
    let mut cx = ctx();
    cx.nearest_enemy = 79.0;
    let c = st.cast_now(&stats(), &cx);
    assert_eq!(c.spawns.len(), 3);
    let mut st = state(&example_core(), "if_enemy_close,shotgun_blast,spark_bolt");
    cx.nearest_enemy = 200.0;
    let c = st.cast_now(&stats(), &cx);
    assert!(c.spawns.is_empty());
}

#[test]
fn debug_core_charges_with_raw_registers() {
    // [Set A = A + 1] -> [IF A < 100 THEN END] -> [Set A = 0] -> [spark]
    let mut st = state(
        &core("debug_core"),
        "reg_a_inc,reg_a_end_if_below_100,reg_a_reset,spark_bolt",
    );
    for n in 1..100 {
        let c = cast(&mut st);
        assert!(c.spawns.is_empty(), "cast {n} fired");
        assert_eq!(c.recharge, None);
        assert_eq!(c.ops, 2);
    }
    assert_close(st.registers()[0], 99.0);
    let c = cast(&mut st);
    assert_eq!(ids(&c), ["spark_bolt"]);
    assert_close(st.registers()[0], 0.0);
}

#[test]
fn raw_registers_need_a_debug_core() {
    let c = cat();
    let err = game::vm::CoreState::new(
        &core("starter_core"),
        &["reg_a_inc", "spark_bolt"],
        &c.spells,
        &c.recipes,
        &c.balance.vm,
        0,
    )
    .unwrap_err();
    assert_eq!(err, DeckError::RawRegisterNeedsDebugCore("reg_a_inc".into()));
}

#[test]
fn charge_counter_releases_every_fifth_cast() {
    let mut st = state(&example_core(), "charge_counter,spark_bolt");
    let fired: Vec<usize> = (0..10).map(|_| cast(&mut st).spawns.len()).collect();
    assert_eq!(fired, [0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
}

#[test]
fn kill_combo_bursts_after_five_kills() {
    let mut st = state(&example_core(), "kill_combo,shotgun_blast");
    assert!(cast(&mut st).spawns.is_empty());
    for _ in 0..5 {
        st.notify_kill();
    }
    assert_eq!(cast(&mut st).spawns.len(), 3);
    assert!(cast(&mut st).spawns.is_empty());
}

#[test]
fn persistent_memory_keeps_counters_between_waves() {
    let base = game::vm::CasterStats::base();
    let bal = &cat().balance.vm;
    for (core_id, expect) in [("persistent_memory", 1), ("starter_core", 0)] {
        let mut st = state(&core(core_id), "charge_counter,spark_bolt");
        for _ in 0..4 {
            cast(&mut st);
        }
        st.new_wave(&base, bal);
        assert_eq!(cast(&mut st).spawns.len(), expect, "{core_id}");
    }
}

#[test]
fn matrix_board_doubles_the_slot_right_of_centre() {
    // 3×3 board in row order: slot 4 is (1,1), it boosts slot 5 at (2,1).
    let deck = "spark_bolt,spark_bolt,spark_bolt,spark_bolt,spark_bolt,damage_plus,spark_bolt";
    let mut st = state(&core("matrix_board"), deck);
    let d: Vec<f32> = (0..6).flat_map(|_| damages(&cast(&mut st))).collect();
    // damage+ in the boosted slot gives +20.
    assert_eq!(d, [3.0, 3.0, 3.0, 3.0, 3.0, 23.0]);
    let mut st = state(
        &core("matrix_board"),
        "spark_bolt,spark_bolt,spark_bolt,spark_bolt,spark_bolt,spark_bolt",
    );
    let d: Vec<f32> = (0..6).flat_map(|_| damages(&cast(&mut st))).collect();
    assert_eq!(d, [3.0, 3.0, 3.0, 3.0, 3.0, 6.0]);
}

#[test]
fn splitter_sends_effects_down_one_branch() {
    let mut st = state(&example_core(), "damage_plus,splitter,spark_bolt,spark_bolt");
    let c = cast(&mut st);
    assert_eq!(damages(&c), [13.0, 3.0]);
}

#[test]
fn dual_stream_casts_from_head_and_tail() {
    let mut st = state(&core("dual_stream"), "spark_bolt,energy_orb,fire_bolt");
    let c1 = cast(&mut st);
    assert_eq!(ids(&c1), ["spark_bolt", "fire_bolt"]);
    assert_eq!(c1.recharge, None);
    let c2 = cast(&mut st);
    assert_eq!(ids(&c2), ["energy_orb"]);
    assert_eq!(c2.recharge, Some(0.8));
}

#[test]
fn always_cast_is_free_and_first() {
    let mut st = state(&core("ember_core"), "energy_orb");
    let c = cast(&mut st);
    assert_eq!(ids(&c), ["spark_bolt", "energy_orb"]);
    assert_close(c.mana_spent, 20.0);
    assert_close(c.cast_delay, 0.45);
}

#[test]
fn shuffle_is_seeded_and_fires_each_chip_once_per_cycle() {
    let deck = "spark_bolt,energy_orb,fire_bolt,static_bolt,ice_shard,poison_dart";
    let run = || {
        let mut st = state(&core("chaos_core"), deck);
        let mut cycle = Vec::new();
        loop {
            let c = cast(&mut st);
            cycle.extend(ids(&c));
            if c.recharge.is_some() {
                break cycle;
            }
        }
    };
    let a = run();
    assert_eq!(a, run());
    let mut sorted = a.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        [
            "energy_orb",
            "fire_bolt",
            "ice_shard",
            "poison_dart",
            "spark_bolt",
            "static_bolt"
        ]
    );
}

#[test]
fn on_kill_entry_casts_its_own_deck_with_a_cooldown() {
    let c = cat();
    let mut st = state(&core("reaper_core"), "spark_bolt");
    st.set_entry_deck(EntryOn::Kill, &["shotgun_blast"], &c.spells, &c.recipes)
        .unwrap();
    let s = stats();
    let out = st.cast_entry(EntryOn::Kill, &s, &ctx());
    assert_eq!(out.spawns.len(), 3);
    // Cooldown 0.25 s.
    assert!(!st.cast_entry(EntryOn::Kill, &s, &ctx()).cast);
    st.advance(0.25, &s);
    assert_eq!(st.cast_entry(EntryOn::Kill, &s, &ctx()).spawns.len(), 3);
    // No OnHit entry on this core.
    assert!(!st.cast_entry(EntryOn::Hit, &s, &ctx()).cast);
}

#[test]
fn adjacent_resonance_fuses_without_a_slot() {
    let mut st = state(&example_core(), "water_wave,chain_bolt");
    let c = cast(&mut st);
    assert_eq!(ids(&c), ["plasma_storm"]);
    let r: Vec<&str> = c
        .resonances
        .iter()
        .map(|r| cat().recipes.get(*r).def.id.as_str())
        .collect();
    assert_eq!(r, ["plasma_storm"]);
    // One card for two slots: the deck is already empty.
    assert_eq!(c.recharge, Some(0.5));
    // Either order fuses.
    let mut st = state(&example_core(), "chain_bolt,water_wave");
    assert_eq!(ids(&cast(&mut st)), ["plasma_storm"]);
    // Not adjacent: no fusion.
    let mut st = state(&example_core(), "water_wave,spark_bolt,chain_bolt");
    assert_eq!(ids(&cast(&mut st)), ["water_wave"]);
}

#[test]
fn anywhere_in_deck_resonance_is_rarity_three() {
    let mut st = state(&example_core(), "nuke,spark_bolt,black_hole");
    let c = cast(&mut st);
    assert_eq!(ids(&c), ["singularity"]);
    let recipe = cat().recipes.get(c.resonances[0]);
    assert_eq!(recipe.def.rarity, 3);
    assert_eq!(ids(&cast(&mut st)), ["spark_bolt"]);
}

#[test]
fn a_deck_without_an_action_cannot_fire() {
    let c = cat();
    let err = game::vm::CoreState::new(
        &example_core(),
        &["damage_plus", "trigger_hit", "double_cast"],
        &c.spells,
        &c.recipes,
        &c.balance.vm,
        0,
    )
    .unwrap_err();
    assert_eq!(err, DeckError::NoAction);
    assert_eq!(
        err.to_string(),
        "this core cannot fire: it needs at least one action"
    );
    let empty = game::vm::CoreState::new(&example_core(), &[], &c.spells, &c.recipes, &c.balance.vm, 0);
    assert_eq!(empty.unwrap_err(), DeckError::NoAction);
}

#[test]
fn unknown_ids_and_overfull_decks_are_rejected() {
    let c = cat();
    let err = game::vm::CoreState::new(
        &example_core(),
        &["spark_bolt", "sprak_bolt"],
        &c.spells,
        &c.recipes,
        &c.balance.vm,
        0,
    )
    .unwrap_err();
    assert_eq!(err, DeckError::UnknownSpell("sprak_bolt".into()));
    assert!(err.to_string().contains("sprak_bolt"));
    let seven = ["spark_bolt"; 7];
    let err = game::vm::CoreState::new(
        &core("starter_core"),
        &seven,
        &c.spells,
        &c.recipes,
        &c.balance.vm,
        0,
    );
    assert!(matches!(
        err,
        Err(DeckError::TooManyChips {
            len: 7,
            capacity: 6,
            ..
        })
    ));
}

#[test]
fn element_conversion_and_spread_are_baked() {
    let mut st = state(&example_core(), "fire_infusion,spark_bolt");
    let s = cast(&mut st).spawns[0];
    assert_close(s.elements.get(game::element::Element::Fire), 0.5);
    assert_close(s.elements.get(game::element::Element::Physical), 0.5);
    // Shotgun: three pellets spread evenly over 20° + spread_mod's 30°.
    let mut st = state(&example_core(), "spread_mod,shotgun_blast");
    let c = cast(&mut st);
    let angles: Vec<f32> = c.spawns.iter().map(|s| s.angle.to_degrees()).collect();
    assert_close(angles[0], -25.0);
    assert_close(angles[1], 0.0);
    assert_close(angles[2], 25.0);
    assert_close(c.spawns[0].speed, 550.0 * 1.1);
}

#[test]
fn homing_pierce_bounce_and_sine_reach_the_projectile() {
    let deck = "modifier_homing,modifier_pierce_plus,modifier_bounce,sine_path,spark_bolt";
    let mut st = state(&example_core(), deck);
    let s = cast(&mut st).spawns[0];
    assert_close(s.homing, 1.5);
    assert_eq!(s.pierce, 5);
    assert_eq!(s.bounces, 3);
    assert_close(s.sine_amp, 20.0);
    let p = s.to_projectile([0.0, 0.0], std::f32::consts::FRAC_PI_2);
    assert_close(p.homing, 1.5);
    assert_eq!(p.pierce, 5);
    assert_close(p.vel[1], 600.0);
    // Chain lightning's jumps share the hit budget with pierce (5 + 5), clamped
    // to MAX_HIT_MEMORY − 1; each leg stops at its first hit (GPU pierce 0)
    // and the fight spawns the next one (world/chain.rs).
    let mut st = state(&example_core(), "modifier_pierce_plus,chain_bolt");
    let s = cast(&mut st).spawns[0];
    assert_eq!(s.chain_jumps(), engine::compute::types::MAX_HIT_MEMORY as u32 - 1);
    assert_eq!(s.to_projectile([0.0, 0.0], 0.0).pierce, 0);
}
