//! The fight rules at the design load: one `EnemySet::update` (AI, separation
//! through the spatial hash, contact, pools) with 1,000 mixed enemies around
//! the player, and 2,000 projectile hits resolved through `EnemySet::hit`
//! (damage, reactions, area damage) — the per-step CPU cost of combat and AI.
//!
//! Run: `cargo bench -p benches --bench fight_rules`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game::combat::{AttackerStats, CombatRules, HitSpec};
use game::data::DataError;
use game::element::{Element, ElementShares};
use game::enemies::{AiContext, Arena, EnemyDefs, EnemySet, SpawnScale};
use glam::Vec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn defs() -> EnemyDefs {
    let mut errors: Vec<DataError> = Vec::new();
    match EnemyDefs::load(&game::data::default_root(), &mut errors) {
        Some(d) => d,
        None => panic!("enemies.json does not load: {errors:?}"),
    }
}

/// 1,000 enemies (70 % grunts, then chargers, spitters, throwers, tanks) in a
/// ring 100–900 px around the centre of the arena.
fn populated(defs: &EnemyDefs, n: usize) -> EnemySet {
    let arena = Arena::square(2400.0);
    let mut tuning = defs.tuning;
    tuning.max_alive = tuning.max_alive.max(n as u32);
    let mut set = EnemySet::new(tuning, arena, CombatRules::default().slow_factor);
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mix = [
        "grunt", "grunt", "grunt", "grunt", "grunt", "grunt", "grunt", "charger", "spitter", "poisoner",
    ];
    for i in 0..n {
        let id = if i % 100 == 99 { "tank" } else { mix[i % mix.len()] };
        let k = defs.index_of(id).expect("archetype");
        let a: f32 = rng.random_range(0.0..std::f32::consts::TAU);
        let r: f32 = rng.random_range(100.0..900.0);
        let pos = Vec2::splat(1200.0) + Vec2::from_angle(a) * r;
        set.spawn(k as u32, &defs.defs[k], pos, SpawnScale::default());
    }
    set
}

fn bench(c: &mut Criterion) {
    let defs = defs();
    let ctx = AiContext {
        player_pos: Vec2::splat(1200.0),
        player_radius: 16.0,
        arena: Arena::square(2400.0),
    };
    let base = populated(&defs, 1000);
    // Warm the set up so separation has settled and attack cycles are mixed.
    let mut warm = base.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..120 {
        warm.update(1.0 / 60.0, &ctx, &mut rng);
    }
    c.bench_function("enemy_set_update_1000", |b| {
        let mut set = warm.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        b.iter(|| black_box(set.update(1.0 / 60.0, &ctx, &mut rng)));
    });
    let rules = CombatRules::default();
    let attacker = AttackerStats::default();
    c.bench_function("enemy_set_hit_2000_mixed_elements", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut spec = HitSpec::simple(1.0, Element::Lightning);
        spec.shares =
            ElementShares::converted(Element::Lightning, &[(Element::Fire, 0.3), (Element::Ice, 0.3)]);
        spec.status_chance = 0.5;
        b.iter_batched_ref(
            || warm.clone(),
            |set| {
                for i in 0..2000u32 {
                    black_box(set.hit(i % 1000, &spec, &attacker, &rules, &mut rng));
                }
            },
            criterion::BatchSize::LargeInput,
        );
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
