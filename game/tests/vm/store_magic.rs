//! Store Magic (enhancement seed 储存魔法): an enchanted item opens one slot
//! for a kept chip that the stored-chip key casts with any core, on its own
//! cooldown; without the enchantment the slot stays shut. The replay line of
//! a step carries the key.

use std::sync::Arc;

use game::catalog::Catalog;
use game::loot::item::Item;
use game::loot::rarity::Rarity;
use game::probe::stage::{Kit, Spot, Stage, play};
use game::run::record::{decode, encode};
use game::run::{Command, StepInput};

fn charm(enchanted: bool) -> Item {
    let mut i = Item::new("charm", 10, Rarity::Common);
    if enchanted {
        i.enchantments.push("store_magic".into());
    }
    i
}

#[test]
fn the_kept_chip_casts_on_the_key_only_with_the_enchantment() {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    let mut stage = Stage::range("range", vec![Spot::dummy("grunt", 250.0, 0.0)], 10.0);
    stage.cast_every = Some(30);
    let kit = |enchanted| {
        let mut k = Kit::deck("starter_core", &["spark_bolt"]).wearing(charm(enchanted));
        k.build.entries.stored = vec!["shotgun_blast".into()];
        k
    };
    let with = play(&cat, &stage, &kit(true)).expect("plays");
    let without = play(&cat, &stage, &kit(false)).expect("plays");
    let extra = with.get("casts") - without.get("casts");
    // Pressed every 0.5 s for 10 s and cast at most once per 2 s cooldown:
    // 4 or 5 casts (a press landing a hair before the cooldown ends waits for the next).
    assert!(
        (4.0..=5.0).contains(&extra),
        "with {} without {}",
        with.get("casts"),
        without.get("casts")
    );
    assert!(with.get("dummy_hp_lost") > without.get("dummy_hp_lost"));
}

#[test]
fn a_step_line_carries_the_key() {
    let step = StepInput::new(glam::Vec2::X, None)
        .with_dash(true)
        .with_cast(true);
    let line = encode(&Command::Step(step));
    assert!(line.ends_with(" dash cast"), "{line}");
    assert_eq!(decode(&line), Ok((Command::Step(step), 1)));
}
