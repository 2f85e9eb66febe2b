//! The run's commands between waves act on a [`Carry`] alone: the shop, a
//! level-up and the armoury are checked here without a world or a compute core.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{ShopFor, shop_pool};
use crate::carry::Carry;
use crate::catalog::Catalog;
use crate::loot::gear_actions::{BenchAction, EquipmentAction};
use crate::loot::item::{Item, Slot};
use crate::loot::rarity::Rarity;
use crate::shop::{Purchase, Shelf, Shop};
use crate::stats::{StatId, StatModifier};

fn catalog() -> Catalog {
    Catalog::load(&crate::data::default_root()).expect("data loads")
}

#[test]
fn a_shelf_c_purchase_pays_and_joins_the_carried_modifiers() {
    let cat = catalog();
    let mut carry = Carry::new(&cat).expect("carry");
    carry.wallet.earn(10_000);
    let gold = carry.wallet.gold();
    let pool = shop_pool(&cat, ShopFor::default());
    let mut shop = Shop::open(&cat.run.shop, &pool, &mut ChaCha8Rng::seed_from_u64(1));
    let price = shop.stats[0].price;
    let bought = carry
        .buy(&mut shop, &cat.run.shop, &pool, Shelf::Stats, 0)
        .expect("affordable");
    let Purchase::Stats(mods) = bought else {
        panic!("shelf C sells stats");
    };
    assert_eq!(carry.wallet.gold(), gold - price);
    assert_eq!(carry.stats.shop, mods);
    assert!(carry.stats.level.is_empty());
    // Sold out: a second try is refused and changes nothing.
    let before = carry.clone();
    assert!(
        carry
            .buy(&mut shop, &cat.run.shop, &pool, Shelf::Stats, 0)
            .is_err()
    );
    assert_eq!(carry, before);
}

#[test]
fn a_shelf_a_card_lands_on_the_board_or_waits() {
    let cat = catalog();
    let mut carry = Carry::new(&cat).expect("carry");
    carry.wallet.earn(10_000);
    let cards = |c: &Carry| c.loadout.active().deck.len() + c.loadout.waiting.len();
    let before = cards(&carry);
    let pool = shop_pool(&cat, ShopFor::default());
    let mut shop = Shop::open(&cat.run.shop, &pool, &mut ChaCha8Rng::seed_from_u64(2));
    let bought = carry
        .buy(&mut shop, &cat.run.shop, &pool, Shelf::Spells, 0)
        .expect("affordable");
    assert!(matches!(bought, Purchase::Spell(_)));
    assert_eq!(cards(&carry), before + 1);
}

#[test]
fn a_level_up_adds_its_modifiers_and_spends_one_pending() {
    let cat = catalog();
    let mut carry = Carry::new(&cat).expect("carry");
    carry.progress.pending_levelups = 2;
    let up = [StatModifier {
        stat: StatId::HpMax,
        add: 10.0,
        mul: 1.0,
    }];
    carry.take_levelup(&up);
    assert_eq!(carry.stats.level, up.to_vec());
    assert_eq!(carry.progress.pending_levelups, 1);
}

#[test]
fn the_armoury_wears_from_the_stash_and_the_bench_reads_the_carry() {
    let cat = catalog();
    let mut carry = Carry::new(&cat).expect("carry");
    let base = cat
        .loot
        .bases
        .bases
        .iter()
        .find(|b| b.class.slot() == Some(Slot::Armour))
        .expect("an armour base")
        .id
        .clone();
    carry.stash.push(Item::new(&base, 1, Rarity::Common));
    let mut loose = Vec::new();
    carry
        .equip(EquipmentAction::Equip(0), &mut loose, &cat.loot)
        .expect("wears it");
    assert!(carry.stash.is_empty());
    assert_eq!(
        carry.equipment.slot(Slot::Armour).map(|i| i.base.as_str()),
        Some(base.as_str())
    );
    carry
        .equip(EquipmentAction::Unequip(Slot::Armour), &mut loose, &cat.loot)
        .expect("takes it off");
    assert_eq!(carry.stash.len(), 1);
    // The bench refuses a recipe it does not know, and nothing changes.
    let before = carry.clone();
    let refused = carry.craft(
        BenchAction::Learn("no_such_recipe".into()),
        &cat.loot,
        &mut ChaCha8Rng::seed_from_u64(3),
    );
    assert!(refused.is_err());
    assert_eq!(carry, before);
}
