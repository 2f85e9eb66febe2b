//! The volley's trials (docs/balance.md#archetypes): a horde trial packs the
//! crowd as a swarm wave does, so a shot that passes through one enemy
//! meets the next, and Pierce shows there what it is worth; scattered
//! across the range the same chip adds almost nothing.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::script::measure::{self, Ground, Trial};
use game::run::{Run, RunSetup};

fn fresh_run() -> Run {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    Run::new(cat, RunSetup::new(3, 20), Backend::Cpu, None).expect("run")
}

/// Crowd kill rate of `deck` on the Apprentice Core, one spark bolt's
/// damage killing a dummy, in a horde or scattered round the player.
fn kills(run: &Run, deck: &[&str], horde: bool) -> f64 {
    let deck: Vec<String> = deck.iter().map(|s| s.to_string()).collect();
    let t = Trial {
        core: Some(("starter_core", &deck)),
        ground: if horde { Ground::Horde } else { Ground::Range },
        ..Trial::default()
    };
    measure::crowd_dps(run.world(), run.carry(), &t, (3.0, 30), 1.0, 4.0)
}

#[test]
fn pierce_is_worth_its_chip_in_a_horde_and_little_scattered() {
    let run = fresh_run();
    let plain = ["spark_bolt"];
    let pierced = ["modifier_pierce_plus", "spark_bolt"];
    let (horde_plain, horde_pierced) = (kills(&run, &plain, true), kills(&run, &pierced, true));
    let (far_plain, far_pierced) = (kills(&run, &plain, false), kills(&run, &pierced, false));
    assert!(
        horde_plain > 0.0 && far_plain > 0.0,
        "the bolts kill: {horde_plain} {far_plain}"
    );
    assert!(
        horde_pierced >= 2.0 * horde_plain,
        "through a packed horde a piercing bolt kills one after another: {horde_pierced} vs {horde_plain}"
    );
    assert!(
        far_pierced / far_plain < horde_pierced / horde_plain,
        "scattered, pierce is worth less than in the horde: {far_pierced}/{far_plain} vs {horde_pierced}/{horde_plain}"
    );
}
