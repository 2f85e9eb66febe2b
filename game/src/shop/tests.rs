//! Shop rules against hand-computed numbers.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::stats::StatId;

fn def() -> ShopDef {
    ShopDef {
        shelves: ShelfSizes {
            spells: 4,
            cores: 2,
            stats: 3,
        },
        refresh: RefreshDef { base: 20, step: 10 },
        levelup_reroll: RefreshDef { base: 10, step: 10 },
        sell: SellDef {
            fraction: 0.5,
            floor: 10,
        },
        waiting_area: 5,
        max_cores: 3,
        stat_offers: vec![StatOfferDef {
            id: "hp".into(),
            name: "HP".into(),
            price: 30,
            weight: 1.0,
            modifiers: vec![StatModifier {
                stat: StatId::HpMax,
                add: 5.0,
                mul: 1.0,
            }],
        }],
        rarity_weights: vec![1.0, 0.6, 0.3],
        spell_weights: Default::default(),
    }
}

fn pool() -> ShopPool {
    let e = |id: &str, price, capacity| PoolEntry {
        id: id.into(),
        price,
        weight: 1.0,
        capacity,
        entries: Vec::new(),
        ..Default::default()
    };
    ShopPool {
        spells: vec![e("spark_bolt", 50, 0), e("nuke", 500, 0)],
        cores: vec![e("big_core", 200, 8)],
        ..Default::default()
    }
}

fn loadout(capacity: usize) -> Loadout {
    Loadout::new(CarriedCore {
        id: "start".into(),
        paid: 0,
        capacity,
        deck: Vec::new(),
        entries: Vec::new(),
    })
}

#[test]
fn refresh_costs_twenty_plus_ten_per_refresh_and_resets_each_wave() {
    let d = def();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut w = Wallet::with_gold(1000);
    let mut s = Shop::open(&d, &pool(), &mut rng);
    assert_eq!(s.refresh(&d, &pool(), &mut w, &mut rng), Ok(20));
    assert_eq!(s.refresh(&d, &pool(), &mut w, &mut rng), Ok(30));
    assert_eq!(s.refresh(&d, &pool(), &mut w, &mut rng), Ok(40));
    assert_eq!(w.gold(), 910);
    let s = Shop::open(&d, &pool(), &mut rng);
    assert_eq!(s.refresh_cost(&d), 20);
    assert_eq!(d.refresh_cost(5), 70);
}

#[test]
fn refresh_without_gold_is_refused_and_free_of_charge() {
    let d = def();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut w = Wallet::with_gold(19);
    let mut s = Shop::open(&d, &pool(), &mut rng);
    let before = s.clone();
    assert_eq!(
        s.refresh(&d, &pool(), &mut w, &mut rng),
        Err(ShopError::NotEnoughGold { need: 20, have: 19 })
    );
    assert_eq!(s, before);
}

#[test]
fn sell_is_half_with_a_floor_of_ten() {
    let d = def();
    assert_eq!(d.sell_price(50), 25);
    assert_eq!(d.sell_price(500), 250);
    assert_eq!(d.sell_price(19), 10);
    assert_eq!(d.sell_price(21), 10);
    assert_eq!(d.sell_price(0), 10);
    assert_eq!(d.sell_price(23), 11);
}

#[test]
fn spells_fill_the_deck_then_the_waiting_area_of_five() {
    let d = def();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut w = Wallet::with_gold(100_000);
    let mut l = loadout(1);
    let p = ShopPool {
        spells: vec![PoolEntry {
            id: "spark_bolt".into(),
            price: 50,
            weight: 1.0,
            capacity: 0,
            entries: Vec::new(),
            ..Default::default()
        }],
        cores: vec![],
        ..Default::default()
    };
    let mut places = Vec::new();
    for _ in 0..7 {
        let mut s = Shop::open(&d, &p, &mut rng);
        places.push(s.buy(&d, &p, Shelf::Spells, 0, &mut w, &mut l));
    }
    assert_eq!(
        places[0],
        Ok(Purchase::Spell(CardPlace::Deck { core: 0, slot: 0 }))
    );
    assert_eq!(places[5], Ok(Purchase::Spell(CardPlace::Waiting(4))));
    assert_eq!(places[6], Err(ShopError::WaitingAreaFull { max: 5 }));
    assert_eq!(w.gold(), 100_000 - 6 * 50);
    assert_eq!(l.waiting.len(), 5);
    // Selling a waiting card pays 25.
    let s = Shop::open(&d, &p, &mut rng);
    assert_eq!(s.sell_card(&d, CardPlace::Waiting(0), &mut w, &mut l), Ok(25));
    assert_eq!(l.waiting.len(), 4);
}

#[test]
fn at_most_three_cores_one_active_switched_in_the_shop() {
    let d = def();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut w = Wallet::with_gold(10_000);
    let mut l = loadout(4);
    let p = pool();
    for expect in [
        Ok(Purchase::Core(1)),
        Ok(Purchase::Core(2)),
        Err(ShopError::CoresFull { max: 3 }),
    ] {
        let mut s = Shop::open(&d, &p, &mut rng);
        assert_eq!(s.buy(&d, &p, Shelf::Cores, 0, &mut w, &mut l), expect);
    }
    assert_eq!(l.cores().len(), 3);
    assert_eq!(l.cores()[1].capacity, 8);
    assert_eq!(l.active_index(), 0);
    let s = Shop::open(&d, &p, &mut rng);
    s.switch_core(&mut l, 2).expect("switch");
    assert_eq!(l.active().id, "big_core");
    assert_eq!(
        s.sell_core(&d, 2, &mut w, &mut l),
        Err(ShopError::CannotSellActiveCore)
    );
    assert_eq!(s.sell_core(&d, 0, &mut w, &mut l), Ok(10));
    assert_eq!(l.active_index(), 1);
    assert_eq!(l.active().id, "big_core");
}

#[test]
fn bought_offer_is_sold_out_and_stats_return_modifiers() {
    let d = def();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut w = Wallet::with_gold(100);
    let mut l = loadout(4);
    let mut s = Shop::open(&d, &pool(), &mut rng);
    // One stat offer in the pool: shelf C shows it once (no duplicates).
    assert_eq!(s.stats.len(), 1);
    let got = s.buy(&d, &pool(), Shelf::Stats, 0, &mut w, &mut l).expect("buy");
    assert_eq!(got, Purchase::Stats(d.stat_offers[0].modifiers.clone()));
    assert_eq!(
        s.buy(&d, &pool(), Shelf::Stats, 0, &mut w, &mut l),
        Err(ShopError::SoldOut)
    );
    assert_eq!(
        s.buy(&d, &pool(), Shelf::Stats, 9, &mut w, &mut l),
        Err(ShopError::NoSuchOffer {
            shelf: Shelf::Stats,
            index: 9
        })
    );
    assert_eq!(w.gold(), 70);
}

#[test]
fn stock_is_seeded() {
    let d = def();
    let a = Shop::open(&d, &pool(), &mut ChaCha8Rng::seed_from_u64(9));
    let b = Shop::open(&d, &pool(), &mut ChaCha8Rng::seed_from_u64(9));
    assert_eq!(a, b);
    // Two chips in the pool for four places: each once.
    assert_eq!(a.spells.len(), 2);
    // Two core places, one core in the pool: shelf B never shows a core
    // twice, so it shows the one.
    assert_eq!(a.cores.len(), 1);
}

#[test]
fn shelf_b_never_shows_a_core_twice() {
    let d = def();
    let mut p = pool();
    let mut other = p.cores[0].clone();
    other.id = "other_core".into();
    p.cores.push(other);
    for seed in 0..64 {
        let s = Shop::open(&d, &p, &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(s.cores.len(), 2, "seed {seed}");
        assert_ne!(s.cores[0].id, s.cores[1].id, "seed {seed}");
    }
}

/// A pool of six distinct chips, two of them acting on the next one.
fn wide_pool() -> ShopPool {
    let e = |id: &str, role| PoolEntry {
        id: id.into(),
        price: 40,
        weight: 1.0,
        role,
        ..Default::default()
    };
    ShopPool {
        spells: vec![
            e("bolt", ChipRole::Fires),
            e("orb", ChipRole::Fires),
            e("saw", ChipRole::Fires),
            e("plus", ChipRole::ActsOnNext),
            e("trigger", ChipRole::ActsOnNext),
            e("double", ChipRole::ActsOnNext),
        ],
        fires: vec!["bolt".into(), "orb".into(), "saw".into()],
        ..pool()
    }
}

#[test]
fn no_shelf_shows_an_offer_twice() {
    let mut d = def();
    let mut more = d.stat_offers[0].clone();
    more.id = "hp2".into();
    d.stat_offers.push(more);
    for seed in 0..64 {
        let s = Shop::open(&d, &wide_pool(), &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(s.spells.len(), 4);
        for shelf in [&s.spells, &s.stats] {
            let mut ids: Vec<&str> = shelf.iter().map(|o| o.id.as_str()).collect();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), shelf.len(), "seed {seed}: {shelf:?}");
        }
        // Two stat offers in the pool, three places: each once.
        assert_eq!(s.stats.len(), 2, "seed {seed}");
    }
}

#[test]
fn a_stat_offer_that_changes_nothing_now_is_not_stocked() {
    let d = def();
    let mut p = pool();
    p.dead_stats = vec!["hp".into()];
    let s = Shop::open(&d, &p, &mut ChaCha8Rng::seed_from_u64(3));
    assert!(s.stats.is_empty(), "the only stat offer is dead: {:?}", s.stats);
    // The rule: max mana above what the core holds changes nothing.
    let mut mana = d.clone();
    mana.stat_offers[0].modifiers[0].stat = StatId::ManaMax;
    let sheet = crate::stats::StatSheet::default();
    let held = sheet.get(StatId::ManaMax);
    assert_eq!(stock::dead_stat_offers(&mana, &sheet, Some(held)), ["hp"]);
    assert!(stock::dead_stat_offers(&mana, &sheet, Some(held + 100.0)).is_empty());
    assert!(
        stock::dead_stat_offers(&d, &sheet, None).is_empty(),
        "max HP always moves"
    );
}

#[test]
fn a_bought_modifier_goes_in_front_of_the_last_shot_and_waits_without_one() {
    let d = def();
    let p = wide_pool();
    let mut w = Wallet::with_gold(10_000);
    let mut l = loadout(6);
    let buy = |id: &str, l: &mut Loadout, w: &mut Wallet| {
        let mut s = Shop::open(&d, &p, &mut ChaCha8Rng::seed_from_u64(1));
        s.spells = vec![Offer {
            id: id.into(),
            price: 40,
            sold: false,
            locked: false,
        }];
        s.buy(&d, &p, Shelf::Spells, 0, w, l)
    };
    // Nothing to act on yet: the trigger waits beside the core.
    assert_eq!(
        buy("trigger", &mut l, &mut w),
        Ok(Purchase::Spell(CardPlace::Waiting(0)))
    );
    buy("bolt", &mut l, &mut w).expect("bought");
    buy("orb", &mut l, &mut w).expect("bought");
    assert_eq!(
        buy("plus", &mut l, &mut w),
        Ok(Purchase::Spell(CardPlace::Deck { core: 0, slot: 1 }))
    );
    let ids: Vec<&str> = l.active().deck.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["bolt", "plus", "orb"], "never the dead last slot");
}

#[test]
fn a_locked_offer_stays_through_refreshes_and_into_the_next_shop() {
    let d = def();
    let p = wide_pool();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut w = Wallet::with_gold(1000);
    let mut s = Shop::open(&d, &p, &mut rng);
    let kept = s.spells[2].clone();
    assert_eq!(s.toggle_lock(Shelf::Spells, 2), Ok(true));
    for _ in 0..5 {
        s.refresh(&d, &p, &mut w, &mut rng).expect("refreshed");
        assert_eq!(s.spells[0].id, kept.id, "kept first on its shelf");
        assert!(s.spells[0].locked);
        assert_eq!(
            s.spells.iter().filter(|o| o.id == kept.id).count(),
            1,
            "and not drawn again"
        );
    }
    let next = Shop::open_keeping(&d, &p, &mut rng, s.locked_offers());
    assert_eq!(
        (next.spells[0].id.as_str(), next.spells[0].price),
        (kept.id.as_str(), kept.price)
    );
    assert_eq!(next.refreshes(), 0);
    // Unlocked, it goes at the next refresh like any other; a sold offer has nothing to lock.
    let mut s = next;
    assert_eq!(s.toggle_lock(Shelf::Spells, 0), Ok(false));
    assert!(s.locked_offers().is_empty());
    s.buy(&d, &p, Shelf::Spells, 1, &mut w, &mut loadout(4))
        .expect("bought");
    assert_eq!(s.toggle_lock(Shelf::Spells, 1), Err(ShopError::SoldOut));
}
