//! docs/vm.md#limits: the one-frame floor, MAX_OPS from
//! cpu_limit, the HP cost cap with heavy_cost before infinite_spells, the
//! global projectile cap, mana heat.

use crate::vm_common;
use vm_common::*;

#[test]
fn heavy_cost_hits_the_one_frame_floor() {
    let mut st = state(&example_core(), "heavy_cost,spark_bolt");
    let c = cast(&mut st);
    // 0.25 − 0.50 + 0.05 = −0.20 → one frame.
    assert_close(c.cast_delay, 1.0 / 60.0);
    assert_close(c.spawns[0].damage, 53.0);
    assert_close(c.hp_cost, 10.0);
    assert_close(c.mana_spent, 5.0);
}

#[test]
fn max_ops_comes_from_cpu_limit() {
    let mut st = state(&example_core(), "spark_bolt");
    let mut s = stats();
    let c = st.cast_now(&s, &ctx());
    // Base cpu_limit 5 → 200 ops.
    assert_eq!(c.max_ops, 200);
    s.cpu_limit = 7.0;
    let c = st.cast_now(&s, &ctx());
    assert_eq!(c.max_ops, 280);
}

#[test]
fn max_ops_adds_the_core_cpu_bonus() {
    let mut st = state(&core("debug_core"), "spark_bolt");
    let c = cast(&mut st);
    // (5 + 5) × 40.
    assert_eq!(c.max_ops, 400);
}

#[test]
fn cast_stops_at_the_op_budget() {
    // cpu_limit 0.3 → 12 ops: LOOP (1) + 11 of the 15 body evaluations.
    let mut st = state(&example_core(), "loop_3x5,spark_bolt,spark_bolt,spark_bolt");
    let mut s = stats();
    s.cpu_limit = 0.3;
    let c = st.cast_now(&s, &ctx());
    assert_eq!(c.max_ops, 12);
    assert_eq!(c.ops, 12);
    assert!(c.ops_exhausted);
    assert_eq!(c.spawns.len(), 11);
    // With the default budget the loop runs fully: 3 × 5.
    let mut st = state(&example_core(), "loop_3x5,spark_bolt,spark_bolt,spark_bolt");
    let c = cast(&mut st);
    assert_eq!(c.spawns.len(), 15);
    assert_eq!(c.ops, 16);
    assert!(!c.ops_exhausted);
    // Mana is paid when drawn: loop 20 + three sparks.
    assert_close(c.mana_spent, 35.0);
}

#[test]
fn op_budget_of_one_fires_nothing_behind_a_modifier() {
    let mut st = state(&example_core(), "damage_plus,spark_bolt");
    let mut s = stats();
    s.cpu_limit = 0.025;
    let c = st.cast_now(&s, &ctx());
    assert_eq!(c.max_ops, 1);
    assert!(c.spawns.is_empty());
    assert!(c.ops_exhausted);
}

#[test]
fn hp_cost_is_capped_at_fifteen_percent() {
    let mut st = state(&example_core(), "heavy_cost,heavy_cost,spark_bolt");
    let c = cast(&mut st);
    assert_close(c.spawns[0].damage, 103.0);
    // 10 + 10 = 20 > 15 % of 100.
    assert_close(c.hp_cost, 15.0);
}

#[test]
fn infinite_spells_charges_one_hp_after_heavy_cost() {
    let mut st = state(&core("blood_core"), "heavy_cost,spark_bolt");
    st.set_mana(0.0);
    let c = cast(&mut st);
    // heavy_cost (0 mana) is paid first: 10 HP; then the spark costs 1 HP for lack of mana.
    assert_eq!(ids(&c), ["spark_bolt"]);
    assert_close(c.hp_cost, 11.0);
    assert_close(c.mana_spent, 0.0);
}

#[test]
fn infinite_spells_yields_to_heavy_cost_under_the_cap() {
    let mut st = state(&core("blood_core"), "heavy_cost,spark_bolt");
    st.set_mana(0.0);
    let mut s = stats();
    s.hp_max = 70.0;
    s.hp = 70.0;
    let c = st.cast_now(&s, &ctx());
    // Cap 10.5: heavy_cost takes 10, the spark's 1 HP would pass the cap, so it is skipped.
    assert!(c.spawns.is_empty());
    assert_close(c.hp_cost, 10.0);
}

#[test]
fn projectile_cap_drops_and_counts() {
    let mut st = state(&example_core(), "triple_cast,spark_bolt,spark_bolt,spark_bolt");
    let mut cx = ctx();
    cx.live_projectiles = 1999;
    let c = st.cast_now(&stats(), &cx);
    assert_eq!(c.spawns.len(), 1);
    assert_eq!(c.dropped, 2);
    cx.live_projectiles = 5000;
    let c = st.cast_now(&stats(), &cx);
    assert!(c.spawns.is_empty());
}

/// A payload gives way first: it spawns only below the cap less the main
/// cast's reserve, while the main cast may fill the cap
/// (docs/game.md#the-projectile-cap).
#[test]
fn payloads_stop_short_of_the_cap_by_the_main_casts_reserve() {
    let mut st = state(&example_core(), "trigger_hit,spark_bolt");
    let mut cx = ctx();
    let limit = (cx.balance.projectile_cap as f32 * (1.0 - cx.balance.main_cast_reserve)) as u32;
    assert!(limit < cx.balance.projectile_cap, "the data keeps a reserve");
    // The main cast still fires its carrier inside the reserve.
    cx.live_projectiles = limit + 1;
    let c = st.cast_now(&stats(), &cx);
    assert_eq!((c.spawns.len(), c.dropped), (1, 0));
    let h = c.spawns[0].payload.expect("the carrier holds its payload");
    // Its payload, fired with the reserve in use, is dropped and counted…
    let held = st.fire_payload(h, &cx);
    assert_eq!((held.spawns.len(), held.attempted, held.dropped), (0, 1, 1));
    // …and spawns once the player's shots are back under the limit.
    cx.live_projectiles = limit - 1;
    let fired = st.fire_payload(h, &cx);
    assert_eq!((fired.spawns.len(), fired.dropped), (1, 0));
}

#[test]
fn mana_heat_raises_costs_while_firing_fast_and_decays() {
    let mut st = state(&example_core(), "spark_bolt,spark_bolt,spark_bolt,spark_bolt");
    let s = stats();
    let cx = ctx();
    let c1 = st.cast_now(&s, &cx);
    assert_close(c1.mana_spent, 5.0);
    // One frame later: a rapid cast, +1 % heat.
    st.advance(1.0 / 60.0, &s);
    let c2 = st.cast_now(&s, &cx);
    assert_close(st.heat(), 0.01);
    assert_close(c2.mana_spent, 5.05);
    st.advance(1.0 / 60.0, &s);
    let c3 = st.cast_now(&s, &cx);
    assert_close(c3.mana_spent, 5.1);
    // A second of rest decays 0.5 heat: back to zero.
    st.advance(1.0, &s);
    let c4 = st.cast_now(&s, &cx);
    assert_close(st.heat(), 0.0);
    assert_close(c4.mana_spent, 5.0);
}
