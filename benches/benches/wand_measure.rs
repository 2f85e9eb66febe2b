//! `wand measure` end to end: one shipped build's two ten-second headless
//! fights (a plain dummy and a packed horde of 40) on the CPU backend, as
//! the lab's Measure button and `artificer wand measure` run them. It must
//! finish well under a second so the lab's worker answers while the player
//! is still looking.
//!
//! Run: `cargo bench -p benches --bench wand_measure`.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use game::catalog::Catalog;
use game::probe::measure_build::measure;
use game::probe::stage::Kit;

fn bench_measure(c: &mut Criterion) {
    let cat = match Catalog::load(&game::data::default_root()) {
        Ok(c) => Arc::new(c),
        Err(e) => panic!("data does not load: {e}"),
    };
    let kit = Kit::deck(
        "starter_core",
        &[
            "damage_plus",
            "spark_bolt",
            "double_cast",
            "spark_bolt",
            "spark_bolt",
        ],
    );
    let mut g = c.benchmark_group("wand_measure");
    g.sample_size(10);
    g.bench_function("starter deck, dummy and horde", |b| {
        b.iter(|| black_box(measure(&cat, &kit, 11, &[]).expect("measures")))
    });
    g.finish();
}

criterion_group!(benches, bench_measure);
criterion_main!(benches);
