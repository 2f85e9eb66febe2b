//! The fighter's trials (docs/balance.md#archetypes): a close trial stands
//! the range's dummies inside a blade's reach and counts only what the blade
//! deals, so a purchase is judged by what it does for the blade; without a
//! blade there is nothing to count, and the ordinary trial across the range
//! still counts the deck.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::script::measure::{self, Ground, Trial};
use game::run::{Run, RunSetup};

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

fn run_with(build: &str) -> Run {
    let cat = catalog();
    let path = game::data::default_root().join(build);
    let build = game::run::load_build(&path).expect("build loads");
    let setup = RunSetup {
        build: Some(build),
        ..RunSetup::new(3, 20)
    };
    Run::new(cat, setup, Backend::Cpu, None).expect("run")
}

/// (single-target, crowd) of a close trial and of the ordinary one.
fn trials(run: &Run) -> ((f64, f64), (f64, f64)) {
    let (w, carry) = (run.world(), run.carry());
    let both = |close: bool| {
        let t = Trial {
            ground: if close { Ground::Close } else { Ground::Range },
            ..Trial::default()
        };
        (
            measure::trial_dps(w, carry, &t, 1.0, 3.0),
            measure::crowd_dps(w, carry, &t, (30.0, 20), 1.0, 3.0),
        )
    };
    (both(true), both(false))
}

#[test]
fn a_close_trial_counts_the_blade_and_only_the_blade() {
    let (close, far) = trials(&run_with("builds/blade.json"));
    assert!(
        close.0 > 0.0 && close.1 > 0.0,
        "the saber cuts the close dummies: {close:?}"
    );
    assert!(far.0 > 0.0, "the deck still shoots across the range: {far:?}");
    // Across the range nothing stands in the saber's reach, so the same
    // build measured close is a different number from the deck's.
    assert_ne!(close.0, far.0);
}

#[test]
fn without_a_blade_a_close_trial_counts_nothing() {
    let (close, far) = trials(&run_with("builds/strong.json"));
    assert_eq!(close, (0.0, 0.0), "no blade, nothing the blade dealt");
    assert!(far.0 > 0.0 && far.1 > 0.0, "{far:?}");
}
