//! The checking tools' building blocks: drop rows, rarity measurement, the
//! economy's expectation, and the time-to-kill model.

use game::cli::tool::{drop_rows, measure_rarity};
use game::loot::LootData;
use game::loot::drops::expected_run_materials;
use game::loot::equipment::Equipment;
use game::loot::ttk::{AttackModel, Judge, average_gear, best_gear, dps, plain_target, ttk};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn data() -> LootData {
    LootData::load(&game::data::default_root()).expect("data/loot loads")
}

#[test]
fn drop_rows_keep_the_ends_and_the_seed_depths() {
    let r = drop_rows(1, 100, 9);
    assert_eq!(r.first(), Some(&1));
    assert_eq!(r.last(), Some(&100));
    assert!(r.contains(&28) && r.contains(&55));
    assert_eq!(drop_rows(30, 50, 5), vec![30, 35, 40, 45, 50]);
    assert_eq!(drop_rows(20, 30, 100), vec![20, 28, 30]);
    assert_eq!(drop_rows(7, 7, 5), vec![7]);
}

#[test]
fn measurement_is_deterministic_and_sums_to_one() {
    let d = data();
    let a = measure_rarity(&d, 40, 10_000, 3);
    assert_eq!(a, measure_rarity(&d, 40, 10_000, 3));
    assert!((a.iter().sum::<f64>() - 1.0).abs() < 1e-9);
}

#[test]
fn a_run_to_d80_yields_about_the_seeds_materials() {
    let d = data();
    let m = expected_run_materials(16, &d);
    // Seed: ≈ 40 scrap, 12 cores, 4 shards, 1 slag per D80 run.
    assert!((m[0] - 40.0).abs() < 5.0, "{m:?}");
    assert!((m[1] + m[2] - 12.0).abs() < 3.0, "{m:?}");
    assert!((m[3] - 4.0).abs() < 1.0, "{m:?}");
    assert!((m[4] - 1.0).abs() < 0.3, "{m:?}");
    // Nothing deeper than its band on a D20 run.
    let shallow = expected_run_materials(4, &d);
    assert_eq!(shallow[1..], [0.0; 4]);
}

#[test]
fn ttk_model_matches_the_formula_and_best_beats_average() {
    let d = data();
    let mut errors = Vec::new();
    let fight = game::waves::load_fight_data(&game::data::default_root(), &mut errors).expect("fight data");
    let model = AttackModel {
        base: 5.0,
        hits_per_s: 4.0,
    };
    let target = plain_target(100.0);
    // No items: 5 damage × 4/s, 5 s for 100 HP (luck 0 and no crit chance: no crits).
    let bare = Equipment::default().loadout(&d);
    let v = dps(&bare, model, &target, &fight.combat, &d);
    assert!((v - 20.0).abs() < 1e-4, "{v}");
    assert!((ttk(v, &target) - 5.0).abs() < 1e-4);
    let judge = Judge {
        model,
        target: &target,
        rules: &fight.combat,
        data: &d,
    };
    let best = dps(
        &best_gear(60, &judge).loadout(&d),
        model,
        &target,
        &fight.combat,
        &d,
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let avg: f32 = (0..50)
        .map(|_| {
            dps(
                &average_gear(60, &d, &mut rng).loadout(&d),
                model,
                &target,
                &fight.combat,
                &d,
            )
        })
        .sum::<f32>()
        / 50.0;
    assert!(best > avg && avg >= 20.0, "best {best}, average {avg}");
}
