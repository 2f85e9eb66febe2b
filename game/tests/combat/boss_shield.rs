//! The void lord's barrage reflect shield (docs/game.md#reflect-shield) in a fight: a
//! barrage of small shots raises it and is turned back; the same damage in
//! fewer, heavier hits never raises it.

use std::sync::Arc;

use game::catalog::Catalog;
use game::probe::stage::{Kit, Spot, Stage, play};
use game::stats::{StatId, StatModifier};

fn fight(deck: &[&str]) -> game::probe::Measure {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    let stage = Stage::range(
        "void lord",
        vec![Spot::dummy("boss:void_lord_w20", 300.0, 0.0)],
        10.0,
    );
    let rich = [
        StatModifier {
            stat: StatId::ManaMax,
            add: 1000.0,
            mul: 1.0,
        },
        StatModifier {
            stat: StatId::ManaRegen,
            add: 1000.0,
            mul: 1.0,
        },
        StatModifier {
            stat: StatId::HpMax,
            add: 100_000.0,
            mul: 1.0,
        },
    ];
    let kit = Kit::deck("debug_core", deck).with_mods(&rich);
    play(&cat, &stage, &kit).expect("the range plays")
}

#[test]
fn a_barrage_raises_the_shield_and_is_turned_back() {
    let m = fight(&["loop_3x5", "spark_bolt", "spark_bolt", "spark_bolt"]);
    assert!(m.get("shields_raised") >= 1.0, "{:?}", m.0);
    assert!(m.get("reflected") > 0.0, "{:?}", m.0);
    assert!(
        m.get("damage_taken") > 0.0,
        "the turned-back shots fly at the player"
    );
}

#[test]
fn heavy_slow_hits_never_raise_it() {
    let m = fight(&["energy_orb"]);
    assert!(m.get("damage_dealt") > 0.0);
    assert_eq!(m.get("shields_raised"), 0.0, "{:?}", m.0);
    assert_eq!(m.get("reflected"), 0.0);
}
