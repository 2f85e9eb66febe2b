//! Spell VM throughput: casts per second for a simple deck and for a 40-chip
//! deck with nested triggers and loops, and one cast of a 2000-projectile build
//! (it must fit well inside a 16.6 ms frame).
//!
//! Run: `cargo bench -p benches --bench vm`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game::catalog::Catalog;
use game::vm::{CastContext, CasterStats, CoreDef, CoreState};

fn catalog() -> Catalog {
    match Catalog::load(&game::data::default_root()) {
        Ok(c) => c,
        Err(e) => panic!("data does not load: {e}"),
    }
}

fn core(cat: &Catalog, spells_per_cast: u32, capacity: u32) -> CoreDef {
    let mut c = cat.cores.starting().expect("starting core").clone();
    c.spells_per_cast = spells_per_cast;
    c.capacity = capacity;
    c.mana_max = 1.0e9;
    c.mana_regen = 1.0e9;
    c
}

/// Casts back to back, letting each cast's delay pass (mana regenerates, no heat).
fn cast_loop(st: &mut CoreState, stats: &CasterStats, ctx: &CastContext<'_>) -> usize {
    let out = st.cast_now(stats, ctx);
    for s in &out.spawns {
        if let Some(h) = s.payload {
            st.release_payload(h);
        }
    }
    st.advance(out.cast_delay + out.recharge.unwrap_or(0.0), stats);
    out.spawns.len()
}

fn bench_vm(c: &mut Criterion) {
    let cat = catalog();
    let bal = &cat.balance.vm;
    let ctx = CastContext {
        spells: &cat.spells,
        balance: bal,
        nearest_enemy: 50.0,
        live_projectiles: 0,
    };
    let mut stats = CasterStats::base();
    stats.mana_max = 1.0e9;

    let simple = ["spark_bolt", "spark_bolt", "spark_bolt"];
    let mut st = CoreState::new(&core(&cat, 1, 6), &simple, &cat.spells, &cat.recipes, bal, 1).unwrap();
    c.bench_function("vm/cast_simple_3_spark", |b| {
        b.iter(|| black_box(cast_loop(&mut st, &stats, &ctx)))
    });

    let pattern = [
        "loop_3x5",
        "trigger_hit",
        "spark_bolt",
        "damage_plus",
        "trigger_timer",
        "double_cast",
        "trigger_hit",
        "spark_bolt",
        "speed_up",
        "spark_bolt",
        "if_enemy_close",
        "shotgun_blast",
        "triple_cast",
        "modifier_homing",
        "spark_bolt",
        "trigger_kill",
        "loop_3x5",
        "fire_bolt",
        "spread_mod",
        "ice_shard",
    ];
    let deck40: Vec<&str> = pattern.iter().chain(pattern.iter()).copied().collect();
    let mut st = CoreState::new(&core(&cat, 4, 40), &deck40, &cat.spells, &cat.recipes, bal, 2).unwrap();
    c.bench_function("vm/cast_40_chip_nested", |b| {
        b.iter(|| black_box(cast_loop(&mut st, &stats, &ctx)))
    });

    // 45 groups of [LOOP 3×5, shotgun ×3]: 45 × 45 = 2025 pellets, 25 past the 2000 cap.
    let mut big = Vec::new();
    for _ in 0..45 {
        big.extend(["loop_3x5", "shotgun_blast", "shotgun_blast", "shotgun_blast"]);
    }
    let mut heavy = stats;
    heavy.cpu_limit = 20.0;
    let mut st = CoreState::new(
        &core(&cat, 45, big.len() as u32),
        &big,
        &cat.spells,
        &cat.recipes,
        bal,
        3,
    )
    .unwrap();
    let probe = st.cast_now(&heavy, &ctx);
    assert_eq!(
        probe.spawns.len(),
        2000,
        "the build must reach the projectile cap"
    );
    c.bench_function("vm/cast_2000_projectiles", |b| {
        b.iter(|| {
            let out = st.cast_now(&heavy, &ctx);
            let n = out
                .spawns
                .iter()
                .map(|s| s.to_projectile([0.0, 0.0], 0.3))
                .filter(|p| p.radius > 0.0)
                .count();
            st.advance(out.cast_delay + out.recharge.unwrap_or(0.0), &heavy);
            black_box(n)
        })
    });
}

criterion_group!(benches, bench_vm);
criterion_main!(benches);
