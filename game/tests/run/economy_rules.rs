//! Economy and shop rules against hand-computed numbers, through the shipped
//! data files: interest cap, refresh pricing, sell floor, the XP curve.

use game::catalog::Catalog;
use game::economy::{Progress, Wallet};
use game::shop::{CardPlace, CarriedCore, Loadout, PoolEntry, Shelf, Shop, ShopError, ShopPool};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn catalog() -> Catalog {
    Catalog::load(&game::data::default_root()).expect("data loads")
}

#[test]
fn settlement_is_100_plus_capped_interest() {
    let cat = catalog();
    let s = &cat.run.economy.def.settlement;
    // 100 + floor(10 % of held), the interest at most 100.
    for (held, paid) in [
        (0, 100),
        (9, 100),
        (10, 101),
        (457, 145),
        (999, 199),
        (1000, 200),
        (1001, 200),
        (25_000, 200),
    ] {
        assert_eq!(s.settle(held).total(), paid, "holding {held}");
    }
    let mut w = Wallet::with_gold(1500);
    w.settle(s);
    assert_eq!(w.gold(), 1700);
}

#[test]
fn xp_curve_follows_the_formula_not_the_seed_table() {
    let cat = catalog();
    let c = &cat.run.economy.curve;
    assert_eq!(c.len(), 50);
    // floor(10 × 1.4^(L−1)) to leave level L.
    assert_eq!(
        [
            c.to_next(1),
            c.to_next(5),
            c.to_next(10),
            c.to_next(15),
            c.to_next(20)
        ],
        [10, 38, 206, 1111, 5976]
    );
    assert_eq!(c.total_to_reach(21), 20_882);
    // The seed's table says 54, 289, 1551, 8322 and 39,343: none of them.
    assert_ne!(c.to_next(5), 54);
    assert_ne!(c.total_to_reach(21), 39_343);
    let mut p = Progress::default();
    assert_eq!(p.gain(c, 20_882), 20);
    assert_eq!((p.level, p.xp), (21, 0));
}

#[test]
fn refresh_and_sell_prices() {
    let cat = catalog();
    let d = &cat.run.shop;
    assert_eq!(
        (0..5).map(|n| d.refresh_cost(n)).collect::<Vec<_>>(),
        [20, 30, 40, 50, 60]
    );
    assert_eq!(
        [
            d.sell_price(0),
            d.sell_price(18),
            d.sell_price(50),
            d.sell_price(500)
        ],
        [10, 10, 25, 250]
    );
    let pool = ShopPool {
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
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut w = Wallet::with_gold(95);
    let mut shop = Shop::open(d, &pool, &mut rng);
    assert_eq!(shop.refresh(d, &pool, &mut w, &mut rng), Ok(20));
    assert_eq!(shop.refresh(d, &pool, &mut w, &mut rng), Ok(30));
    assert_eq!(shop.refresh(d, &pool, &mut w, &mut rng), Ok(40));
    assert_eq!(
        shop.refresh(d, &pool, &mut w, &mut rng),
        Err(ShopError::NotEnoughGold { need: 50, have: 5 })
    );
    // A new wave's shop starts again at 20.
    assert_eq!(Shop::open(d, &pool, &mut rng).refresh_cost(d), 20);
}

#[test]
fn waiting_area_holds_five_and_cores_three() {
    let cat = catalog();
    let d = &cat.run.shop;
    assert_eq!((d.waiting_area, d.max_cores), (5, 3));
    let pool = ShopPool {
        spells: vec![PoolEntry {
            id: "spark_bolt".into(),
            price: 50,
            weight: 1.0,
            capacity: 0,
            entries: Vec::new(),
            ..Default::default()
        }],
        cores: vec![PoolEntry {
            id: "matrix_board".into(),
            price: 600,
            weight: 1.0,
            capacity: 9,
            entries: Vec::new(),
            ..Default::default()
        }],
        ..Default::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut w = Wallet::with_gold(100_000);
    let mut l = Loadout::new(CarriedCore {
        id: "starter_core".into(),
        paid: 200,
        capacity: 0,
        deck: vec![],
        entries: Vec::new(),
    });
    for i in 0..6 {
        let mut s = Shop::open(d, &pool, &mut rng);
        let r = s.buy(d, &pool, Shelf::Spells, 0, &mut w, &mut l);
        if i < 5 {
            assert_eq!(r, Ok(game::shop::Purchase::Spell(CardPlace::Waiting(i))));
        } else {
            assert_eq!(r, Err(ShopError::WaitingAreaFull { max: 5 }));
        }
    }
    for i in 0..3 {
        let mut s = Shop::open(d, &pool, &mut rng);
        let r = s.buy(d, &pool, Shelf::Cores, 0, &mut w, &mut l);
        assert_eq!(r.is_ok(), i < 2, "core {i}: {r:?}");
    }
    assert_eq!(l.cores().len(), 3);
    assert_eq!(l.active().id, "starter_core");
}
