//! The build examples of docs/game.md#build-examples, under the scoped modifiers of docs/vm.md#modifiers.

use crate::vm_common;
use game::vm::spells::{EffectKind, TriggerOn};
use vm_common::*;

#[test]
fn shotgun_build_spreads_three_bolts() {
    // With scoped modifiers the spread goes in front of the triple cast so that
    // it reaches all three bolts (docs/vm.md#modifiers: order matters).
    let mut st = state(
        &example_core(),
        "spread_mod,triple_cast,spark_bolt,spark_bolt,spark_bolt",
    );
    let c = cast(&mut st);
    assert_eq!(ids(&c), ["spark_bolt"; 3]);
    for s in &c.spawns {
        assert_close(s.spread.to_degrees(), 30.0);
        assert_close(s.speed, 660.0);
        assert!(s.angle.abs() <= 15f32.to_radians() + 1e-5);
    }
    // Behind the triple cast, the spread reaches only its own next draw.
    let mut st = state(
        &example_core(),
        "triple_cast,spread_mod,spark_bolt,spark_bolt,spark_bolt",
    );
    let c = cast(&mut st);
    let spreads: Vec<f32> = c.spawns.iter().map(|s| s.spread.to_degrees().round()).collect();
    assert_eq!(spreads, [30.0, 0.0, 0.0]);
}

#[test]
fn delivered_nuke_build() {
    // [timer (1 s)] -> [speed zero] -> [damage+] -> [damage+] -> [nuke]
    let deck = "trigger_timer_long,speed_zero,damage_plus,damage_plus,nuke";
    let mut st = state(&example_core(), deck);
    let c = cast(&mut st);
    let carrier = c.spawns[0];
    assert_eq!(carrier.trigger, Some(TriggerOn::Timer));
    assert_close(carrier.timer, 1.0);
    let payload = st.payload(carrier.payload.unwrap()).unwrap();
    assert_eq!(payload.len(), 1);
    let nuke = payload[0];
    assert_eq!(id(&nuke), "nuke");
    assert_close(nuke.speed, 0.0);
    assert_close(nuke.damage, 520.0);
    assert_close(nuke.explosion_radius, 300.0);
    // Mana: 12 + 5 + 15 + 15 + 200.
    assert_close(c.mana_spent, 247.0);
}

#[test]
fn vampire_turret_build() {
    // [on hit] -> [summon turret] -> [turret: on hit] -> [lifesteal] -> [chain lightning]
    let deck = "trigger_hit,summon_turret,trigger_hit,lifesteal_mod,chain_bolt";
    let mut st = state(&example_core(), deck);
    let c = cast(&mut st);
    let hit = c.spawns[0];
    let turret = st.payload(hit.payload.unwrap()).unwrap()[0];
    assert_eq!(turret.effect, EffectKind::Turret);
    assert_eq!(turret.depth, 1);
    let turret_shot = st.payload(turret.payload.unwrap()).unwrap()[0];
    assert_eq!(id(&turret_shot), "trigger_hit");
    assert_eq!(turret_shot.depth, 2);
    let bolt = st.payload(turret_shot.payload.unwrap()).unwrap()[0];
    assert_eq!(id(&bolt), "chain_bolt");
    assert_eq!(bolt.depth, 3);
    assert_eq!(bolt.chain, 5);
    assert_close(bolt.lifesteal, 0.05);
    assert_eq!(bolt.elements.dominant(), game::element::Element::Lightning);
}
