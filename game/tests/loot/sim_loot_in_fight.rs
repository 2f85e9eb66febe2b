//! Loot reaches the fight (docs/game.md#gear-in-the-fight): an
//! item with known rolls is worn and the fight's own numbers — the damage a
//! projectile does to a tank, the player's max HP, the damage a grunt's contact
//! does — change exactly as computed by hand.

use game::world::{Carry, PlayerInput};
use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::element::Element;
use game::loot::LootData;
use game::loot::item::Item;
use game::loot::rarity::Rarity;
use game::shop::loadout::Card;
use game::stats::StatId;
use game::world::World;
use glam::Vec2;

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

/// An affix at the tier and roll that gives exactly `value`.
fn exact(d: &LootData, id: &str, tier: u8, value: f32) -> game::loot::affix::RolledAffix {
    let def = d.affixes.get(id).expect("affix exists");
    let (lo, hi) = def.range(&d.affixes.tiers, tier);
    let a = d.affixes.make(def, tier, (value - lo) / (hi - lo));
    assert!((a.value - value).abs() < 1e-3, "{id}: {}", a.value);
    a
}

/// The gun and suit of the loot tests: +50 % damage, 40 % to ice, penetration 8;
/// +40 max HP, +6 armour on a mail suit (base armour 2).
fn kit(d: &LootData) -> (Item, Item) {
    let mut gun = Item::new("wand_core", 100, Rarity::Rare);
    gun.affixes = vec![
        exact(d, "damage_pct", 8, 50.0),
        exact(d, "convert_ice", 6, 40.0),
        exact(d, "penetration", 9, 8.0),
    ];
    let mut suit = Item::new("mail_suit", 100, Rarity::Marked);
    suit.affixes = vec![exact(d, "hp_max", 6, 40.0), exact(d, "armor", 9, 6.0)];
    (gun, suit)
}

/// Starts wave 1 with a tank 60 px east of the player and returns the damage of
/// the first projectile hit it takes. The active deck is set to three plain
/// spark bolts first, so the hand computation does not depend on the starting
/// deck in `data/world.json` (which balance passes change).
fn first_hit_on_tank(world: &mut World, carry: &mut Carry) -> f32 {
    let active = carry.loadout.active_index();
    *carry.loadout.deck_mut(active).expect("active deck") = (0..3)
        .map(|_| Card {
            id: "spark_bolt".to_string(),
            paid: 0,
        })
        .collect();
    world.begin_wave(carry, 1).expect("wave 1");
    let at = world.player.pos + Vec2::new(60.0, 0.0);
    let tank = world.spawn_enemy("tank", at).expect("tank spawns");
    let hp0 = world.enemies().get(tank).expect("alive").hp;
    for _ in 0..120 {
        world.step(carry, &PlayerInput::default());
        let hp = world.enemies().get(tank).expect("alive").hp;
        if hp < hp0 {
            return hp0 - hp;
        }
    }
    panic!("the tank was never hit");
}

#[test]
fn worn_items_change_the_fights_damage_exactly() {
    let cat = catalog();
    let tank = cat.enemies.get("tank").expect("tank");
    let spark = cat
        .spells
        .get(cat.spells.find("spark_bolt").expect("spark"))
        .projectile
        .as_ref()
        .map(|p| p.damage);
    assert_eq!(
        spark,
        Some(3.0),
        "the hand computation assumes a 3-damage spark bolt"
    );
    assert_eq!((tank.armor, tank.resist[Element::Physical.index()]), (5.0, 0.2));

    // Bare: 3 × (1 − 0.2) = 2.4 against armour 5 → the minimum, 1.
    let (mut bare, mut bare_carry) = World::new_run(cat.clone(), 11, Backend::Cpu, None).expect("world");
    assert_eq!(first_hit_on_tank(&mut bare, &mut bare_carry), 1.0);

    // Worn: (3 × 1.5) split 0.6 physical / 0.4 ice (sum 1.000):
    // 4.5 × 0.6 × 0.8 + 4.5 × 0.4 = 2.16 + 1.8 = 3.96; armour max(0, 5 − 8) = 0.
    let (mut worn, mut worn_carry) = World::new_run(cat.clone(), 11, Backend::Cpu, None).expect("world");
    let (gun, suit) = kit(&cat.loot);
    worn.equip(&mut worn_carry, gun).expect("gun");
    worn.equip(&mut worn_carry, suit).expect("suit");
    let g = worn.gear();
    assert!((g.shares.get(Element::Physical) - 0.6).abs() < 1e-6);
    assert!((g.shares.get(Element::Ice) - 0.4).abs() < 1e-6);
    assert!((g.shares.total() - 1.0).abs() < 1e-6);
    assert_eq!(worn.player.stat(StatId::Penetration), 8.0);
    let dealt = first_hit_on_tank(&mut worn, &mut worn_carry);
    assert!((dealt - 3.96).abs() < 1e-4, "{dealt}");
}

#[test]
fn worn_items_change_hp_and_damage_taken_exactly() {
    let cat = catalog();
    let grunt = cat.enemies.get("grunt").expect("grunt");
    assert_eq!(grunt.attack, 5.0);
    let contact = |world: &mut World, carry: &mut Carry| {
        world.begin_wave(carry, 1).expect("wave 1");
        let hp0 = world.player.hp;
        world.spawn_enemy("grunt", world.player.pos).expect("grunt");
        for _ in 0..10 {
            world.step(carry, &PlayerInput::default());
            if world.player.hp < hp0 {
                return (hp0, hp0 - world.player.hp);
            }
        }
        panic!("the grunt never touched the player");
    };
    let (mut bare, mut bare_carry) = World::new_run(cat.clone(), 5, Backend::Cpu, None).expect("world");
    // 100 HP; a 5-damage blunt contact, attack level 3 against blunt defence 0, no armour: 5.
    assert_eq!(contact(&mut bare, &mut bare_carry), (100.0, 5.0));
    let (mut worn, mut worn_carry) = World::new_run(cat.clone(), 5, Backend::Cpu, None).expect("world");
    let (gun, suit) = kit(&cat.loot);
    worn.equip(&mut worn_carry, gun).expect("gun");
    worn.equip(&mut worn_carry, suit).expect("suit");
    // 100 + 40 HP; armour 2 + 6 = 8 against 5 → the minimum, 1.
    assert_eq!(contact(&mut worn, &mut worn_carry), (140.0, 1.0));
}
