//! Triggers, payloads and MAX_TRIGGER_DEPTH (docs/vm.md#triggers-and-payloads, docs/vm.md#limits).

use crate::vm_common;
use game::vm::spells::TriggerOn;
use vm_common::*;

#[test]
fn trigger_payload_wraps_the_deck() {
    let mut st = state(&example_core(), "spark_bolt,trigger_hit");
    let c1 = cast(&mut st);
    assert_eq!(ids(&c1), ["spark_bolt"]);
    assert_eq!(c1.recharge, None);
    // Cast 2: the trigger is the last chip; its payload draw wraps and finds the spark.
    let c2 = cast(&mut st);
    assert_eq!(ids(&c2), ["trigger_hit"]);
    assert!(c2.wrapped);
    let carrier = &c2.spawns[0];
    // "Payload dmg 0.1x": the carrier is weak, 10 × 0.1.
    assert_close(carrier.damage, 1.0);
    assert_eq!(carrier.trigger, Some(TriggerOn::Hit));
    let h = carrier.payload.expect("the trigger carries a payload");
    let payload = st.payload(h).expect("live payload").to_vec();
    assert_eq!(payload.len(), 1);
    assert_eq!(id(&payload[0]), "spark_bolt");
    assert_close(payload[0].damage, 3.0);
    assert_eq!(payload[0].depth, 1);
    // Payload chips add no cast delay: 0.25 + 0.00 (trigger).
    assert_close(c2.cast_delay, 0.25);
    // Mana is paid when drawn: trigger 10 + payload spark 5.
    assert_close(c2.mana_spent, 15.0);
    // Wrapped: the recharge starts.
    assert_eq!(c2.recharge, Some(0.5));
}

#[test]
fn modifiers_in_front_of_a_trigger_stay_on_the_carrier() {
    let mut st = state(&example_core(), "damage_plus,trigger_hit,spark_bolt");
    let c = cast(&mut st);
    // (10 + 10) × 0.1 on the carrier; the payload starts from a fresh scope.
    assert_close(c.spawns[0].damage, 2.0);
    let p = st.payload(c.spawns[0].payload.unwrap()).unwrap();
    assert_close(p[0].damage, 3.0);
}

#[test]
fn trigger_depth_is_capped_at_three() {
    let mut st = state(
        &example_core(),
        "trigger_hit,trigger_hit,trigger_hit,trigger_hit,spark_bolt",
    );
    let c = cast(&mut st);
    assert_eq!(c.spawns.len(), 1);
    let t1 = c.spawns[0];
    assert_eq!(t1.depth, 0);
    let t2 = st.payload(t1.payload.unwrap()).unwrap()[0];
    assert_eq!(t2.depth, 1);
    let t3 = st.payload(t2.payload.unwrap()).unwrap()[0];
    assert_eq!(t3.depth, 2);
    let t4 = st.payload(t3.payload.unwrap()).unwrap()[0];
    assert_eq!(t4.depth, 3);
    // Drawn at depth 3: a plain projectile, no payload, full damage.
    assert_eq!(id(&t4), "trigger_hit");
    assert_eq!(t4.payload, None);
    assert_eq!(t4.trigger, None);
    assert_close(t4.damage, 10.0);
    // The spark was never drawn: it starts the next cast.
    let c2 = cast(&mut st);
    assert_eq!(ids(&c2), ["spark_bolt"]);
}

#[test]
fn fired_payload_is_a_copy_and_release_frees_the_tree() {
    let mut st = state(&example_core(), "trigger_hit,trigger_timer,spark_bolt");
    let c = cast(&mut st);
    let h = c.spawns[0].payload.unwrap();
    assert_eq!(st.payloads_live(), 2);
    let ctx = ctx();
    // A piercing carrier may fire its payload twice; each child owns its own nested payload.
    let a = st.fire_payload(h, &ctx);
    let b = st.fire_payload(h, &ctx);
    assert_eq!(a.spawns.len(), 1);
    assert_eq!(id(&a.spawns[0]), "trigger_timer");
    assert_ne!(a.spawns[0].payload, b.spawns[0].payload);
    assert_eq!(st.payloads_live(), 4);
    st.release_payload(h);
    st.release_payload(a.spawns[0].payload.unwrap());
    st.release_payload(b.spawns[0].payload.unwrap());
    assert_eq!(st.payloads_live(), 0);
}

#[test]
fn timer_trigger_arms_the_gpu_timer() {
    let mut st = state(&example_core(), "trigger_timer,spark_bolt");
    let c = cast(&mut st);
    let s = c.spawns[0];
    assert_eq!(s.trigger, Some(TriggerOn::Timer));
    assert_close(s.timer, 0.5);
    let p = s.to_projectile([10.0, 20.0], 0.0);
    assert_ne!(p.flags & engine::compute::types::FLAG_TIMER_ARMED, 0);
    assert_eq!(p.user[2], s.payload.unwrap().0);
    assert_eq!(p.pos, [10.0, 20.0]);
    assert_close(p.vel[0], 450.0);
}

#[test]
fn payload_recharge_counts_but_payload_delay_does_not() {
    // Recharge = core recharge + deltas of every chip drawn in the cycle, payloads included.
    let mut st = state(&example_core(), "trigger_hit,nuke");
    let c = cast(&mut st);
    // Nuke (+3.0 s) is a payload chip: no cast delay from it.
    assert_close(c.cast_delay, 0.25);
    assert_eq!(c.recharge, Some(0.5));
    assert_close(c.mana_spent, 210.0);
}

#[test]
fn summon_turret_carries_its_program() {
    let mut st = state(&example_core(), "summon_turret,ice_shard");
    let c = cast(&mut st);
    let t = c.spawns[0];
    assert_eq!(t.effect, game::vm::spells::EffectKind::Turret);
    assert_eq!(t.trigger, Some(TriggerOn::Turret));
    assert_close(t.speed, 0.0);
    let p = st.payload(t.payload.unwrap()).unwrap();
    assert_eq!(id(&p[0]), "ice_shard");
}

#[test]
fn a_full_payload_table_fires_triggers_without_payload() {
    let c = cat();
    let mut bal = c.balance.vm.clone();
    bal.payload_table_max = 1;
    let mut st = game::vm::CoreState::new(
        &example_core(),
        &["trigger_hit", "trigger_hit", "spark_bolt"],
        &c.spells,
        &c.recipes,
        &bal,
        0,
    )
    .unwrap();
    let cx = game::vm::CastContext {
        balance: &bal,
        ..ctx()
    };
    let out = st.cast_now(&stats(), &cx);
    // The inner payload took the only entry; the outer one does not fit, so the
    // carrier flies without payload and the inner entry is freed with it.
    assert_eq!(out.spawns.len(), 1);
    assert_eq!(out.spawns[0].payload, None);
    assert_eq!(out.payload_overflow, 1);
    assert_eq!(st.payloads_live(), 0);
}
