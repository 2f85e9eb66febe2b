//! docs/vm.md#casting: draws, wrapping, mana skips, scoped modifiers, multicast,
//! the core's own draws, cast delay and recharge. Expectations are worked out
//! by hand from docs/vm.md and docs/game.md#spell-chips (spark bolt 5 mana +0.05 s, damage 3;
//! damage+ 15 mana +0.10 s, +10 damage; double cast 2 mana).

use crate::vm_common;
use vm_common::*;

#[test]
fn vm_md_example_three_casts() {
    // damage_plus, spark_bolt, spark_bolt on 0.25 s / 0.5 s / 1000 mana.
    let mut st = state(&example_core(), "damage_plus,spark_bolt,spark_bolt");
    // Cast 1: damage+ (op 1) draws the first spark (op 2): 3 + 10 = 13.
    let c1 = cast(&mut st);
    assert_eq!(ids(&c1), ["spark_bolt"]);
    assert_close(c1.spawns[0].damage, 13.0);
    assert_close(c1.spawns[0].speed, 600.0);
    assert_close(c1.cast_delay, 0.40);
    assert_eq!(c1.recharge, None);
    assert_close(c1.mana_spent, 20.0);
    assert_eq!(c1.ops, 2);
    assert!(!c1.wrapped);
    // Cast 2: the second spark alone; the deck is now empty, so the recharge starts.
    let c2 = cast(&mut st);
    assert_eq!(damages(&c2), [3.0]);
    assert_close(c2.cast_delay, 0.30);
    assert_eq!(c2.recharge, Some(0.5));
    assert_close(c2.mana_spent, 5.0);
    assert_eq!(c2.ops, 1);
    assert!(!c2.wrapped);
    // Cast 3: the rebuilt deck repeats cast 1.
    let c3 = cast(&mut st);
    assert_eq!(damages(&c3), [13.0]);
    assert_close(c3.cast_delay, 0.40);
    assert_eq!(c3.recharge, None);
    assert_close(c3.mana_spent, 20.0);
    assert_eq!(c3.ops, 2);
}

#[test]
fn three_spark_bolts_over_four_casts() {
    let mut st = state(&core("starter_core"), "spark_bolt,spark_bolt,spark_bolt");
    let casts: Vec<_> = (0..4).map(|_| cast(&mut st)).collect();
    for c in &casts {
        assert_eq!(ids(c), ["spark_bolt"]);
        assert_close(c.cast_delay, 0.30);
        assert_close(c.mana_spent, 5.0);
        assert!(!c.wrapped);
    }
    // Only the third cast empties the deck.
    let recharges: Vec<_> = casts.iter().map(|c| c.recharge).collect();
    assert_eq!(recharges, [None, None, Some(0.5), None]);
}

#[test]
fn multicast_draws_two_with_the_incoming_scope() {
    let mut st = state(&example_core(), "double_cast,spark_bolt,spark_bolt,energy_orb");
    let c1 = cast(&mut st);
    assert_eq!(ids(&c1), ["spark_bolt", "spark_bolt"]);
    assert_close(c1.cast_delay, 0.25 + 0.0 + 0.05 + 0.05);
    assert_close(c1.mana_spent, 2.0 + 5.0 + 5.0);
    assert_eq!(c1.ops, 3);
    assert_eq!(c1.recharge, None);
    let c2 = cast(&mut st);
    assert_eq!(ids(&c2), ["energy_orb"]);
    assert_close(c2.cast_delay, 0.45);
    assert_eq!(c2.recharge, Some(0.5));
}

#[test]
fn damage_plus_before_or_after_a_multicast_differs() {
    // Before: the modifier's next draw is the multicast, which hands +10 to both.
    let mut before = state(&example_core(), "damage_plus,double_cast,spark_bolt,spark_bolt");
    let b = cast(&mut before);
    assert_eq!(damages(&b), [13.0, 13.0]);
    // After: the multicast draws damage+ (which draws one spark) and a plain spark.
    let mut after = state(&example_core(), "double_cast,damage_plus,spark_bolt,spark_bolt");
    let a = cast(&mut after);
    assert_eq!(damages(&a), [13.0, 3.0]);
    // Same chips drawn, so same delay and mana.
    assert_close(a.cast_delay, 0.45);
    assert_close(b.cast_delay, 0.45);
    assert_close(a.mana_spent, 27.0);
    assert_close(b.mana_spent, 27.0);
}

#[test]
fn modifier_scope_ends_after_its_draw() {
    // spread + damage+ chain: each modifier affects only its next draw, so the
    // second spark of a double cast behind speed_up keeps 600 px/s when the
    // modifier is the multicast's first draw.
    let mut st = state(&example_core(), "double_cast,speed_up,spark_bolt,spark_bolt");
    let c = cast(&mut st);
    let speeds: Vec<f32> = c.spawns.iter().map(|s| s.speed).collect();
    assert_eq!(speeds, [1000.0, 600.0]);
    // Range +20 %: lifetime 1.5 s × 1.2.
    assert_close(c.spawns[0].lifetime, 1.8);
}

#[test]
fn mana_skip_discards_and_tries_the_next_chip() {
    let mut st = state(&example_core(), "energy_orb,spark_bolt");
    st.set_mana(10.0);
    let c = cast(&mut st);
    // The orb (20 mana) goes to the discard; the same draw takes the spark.
    assert_eq!(ids(&c), ["spark_bolt"]);
    assert_close(c.mana_spent, 5.0);
    // The skipped orb adds no delay.
    assert_close(c.cast_delay, 0.30);
    // The deck is empty: recharge.
    assert_eq!(c.recharge, Some(0.5));
    assert_close(st.mana(), 5.0);
}

#[test]
fn mana_skip_with_nothing_affordable_fires_nothing() {
    let mut st = state(&example_core(), "energy_orb,energy_orb");
    st.set_mana(1.0);
    let c = cast(&mut st);
    assert!(c.spawns.is_empty());
    assert_eq!(c.ops, 0);
    assert_eq!(c.recharge, Some(0.5));
}

#[test]
fn core_draws_stop_at_the_end_of_the_deck() {
    // Two draws per cast, three chips: 2 then 1, never wrapping into the discard.
    let core = custom(2, 0.25, 0.5, 1000.0, 0.0, 10);
    let mut st = state(&core, "spark_bolt,spark_bolt,spark_bolt");
    let c1 = cast(&mut st);
    assert_eq!(c1.spawns.len(), 2);
    assert_eq!(c1.recharge, None);
    assert_close(c1.cast_delay, 0.35);
    let c2 = cast(&mut st);
    assert_eq!(c2.spawns.len(), 1);
    assert!(!c2.wrapped);
    assert_eq!(c2.recharge, Some(0.5));
    let c3 = cast(&mut st);
    assert_eq!(c3.spawns.len(), 2);
}

#[test]
fn chip_draws_wrap_and_mark_the_cast() {
    // A multicast at the end of the deck wraps: the discard (spark, spark) comes back.
    let mut st = state(&example_core(), "spark_bolt,spark_bolt,double_cast");
    cast(&mut st);
    cast(&mut st);
    let c = cast(&mut st);
    assert_eq!(ids(&c), ["spark_bolt", "spark_bolt"]);
    assert!(c.wrapped);
    // A wrapped cast starts the recharge.
    assert_eq!(c.recharge, Some(0.5));
    // And the deck is rebuilt in slot order.
    let c4 = cast(&mut st);
    assert_eq!(ids(&c4), ["spark_bolt"]);
    assert!(!c4.wrapped);
}

#[test]
fn cast_delay_and_recharge_scale_with_the_player() {
    let mut st = state(&example_core(), "spark_bolt");
    let mut s = stats();
    s.cast_delay_mod = 0.5;
    s.recharge_speed_mod = 0.5;
    let c = st.cast_now(&s, &ctx());
    assert_close(c.cast_delay, 0.25 * 0.5 + 0.05);
    assert_eq!(c.recharge, Some(0.25));
}

#[test]
fn tick_casts_when_ready_and_waits_the_delay() {
    let mut st = state(&example_core(), "spark_bolt,spark_bolt,spark_bolt");
    let dt = 1.0 / 60.0;
    let mut cast_frames = Vec::new();
    for frame in 0..60 {
        let out = st.tick(dt, &stats(), &ctx());
        if out.cast {
            cast_frames.push(frame);
        }
    }
    // 0.30 s = 18 frames between casts; the third cast adds 0.5 s recharge (30 frames).
    assert_eq!(cast_frames, [0, 18, 36]);
}

#[test]
fn mana_regenerates_up_to_the_smaller_ceiling() {
    let core = custom(1, 0.25, 0.5, 100.0, 30.0, 10);
    let mut st = state(&core, "spark_bolt");
    st.set_mana(0.0);
    let mut s = stats();
    s.mana_max = 50.0;
    st.advance(1.0, &s);
    assert_close(st.mana(), 30.0);
    st.advance(1.0, &s);
    assert_close(st.mana(), 50.0);
}
