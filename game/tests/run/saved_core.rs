//! The competent player's saving (docs/balance.md#scripted-players): from
//! W6 it keeps half its gold back for a core of eight slots or more, and
//! buys such a core once one is offered and affordable, ahead of any chip
//! or stat offer. Before, a core's gain per gold never beat a chip's, and
//! every run of seeds 1–32 ended on the six-slot starter core.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::script::{Policy, competent, play};
use game::run::{Run, RunSetup};

#[test]
fn the_competent_player_buys_the_core_it_saved_for() {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    // Seed 20's W7 shop offers a Chaos Core (eight slots, 500 gold).
    let mut run = Run::new(cat.clone(), RunSetup::new(20, 8), Backend::Cpu, None).expect("run");
    let log = play(&mut run, Policy::Competent).expect("plays");
    let cores: Vec<&str> = log.decks.iter().map(|(core, _)| core.as_str()).collect();
    let first_big = cores
        .iter()
        .position(|id| {
            cat.cores
                .find(id)
                .is_some_and(|k| cat.cores.get(k).capacity as usize >= competent::SAVE_FOR_SLOTS)
        })
        .expect("a core of eight slots bought by W8");
    assert!(
        first_big >= competent::SAVE_FROM_WAVE as usize,
        "bought with the saving, which starts at W{}: {cores:?}",
        competent::SAVE_FROM_WAVE
    );
    assert!(
        cores[..first_big].iter().all(|id| *id == "starter_core"),
        "{cores:?}"
    );
}
