//! The blade against the melee seed's own checks (docs/game.md#melee): the parry rates
//! of the knife and the cleaver, what a parry does, the exact swept blade
//! (no hit outside the sector over 100,000 random swings, one hit per target
//! per swing), and a spin among friendly turrets aborting more than a slash.

use game::cli::melee_tools::{abort_trials, parry_trials, sweep_trials};

#[test]
fn knife_and_cleaver_parry_at_the_seeds_rates() {
    for (blade, p) in [("knife", 0.34_f64), ("cleaver", 0.08)] {
        let r = parry_trials(blade, 20_000, 7).expect("trials");
        let sigma = (p * (1.0 - p) / 20_000.0).sqrt();
        assert!((r.rate - p).abs() < 4.0 * sigma, "{blade}: {} vs {p}", r.rate);
        assert_eq!(r.damage_taken_on_parry, 0.0, "a parry takes no damage");
        assert_eq!(r.ripostes, r.parried, "every parry's riposte lands");
        assert_eq!(r.cooldown_resets, 0, "the cooldown is not reset");
        assert_eq!(r.standing_parries, 0, "a sheathed blade never parries");
    }
}

#[test]
fn the_swept_blade_never_cuts_outside_its_sector_nor_twice() {
    let s = sweep_trials(100_000, 3).expect("melee.json loads");
    assert!(s.hits > 10_000, "{s:?}");
    assert_eq!(s.max_deg_outside_sector, 0.0, "{s:?}");
    assert_eq!(s.double_hits, 0);
}

#[test]
fn a_spin_among_friendly_turrets_aborts_more_often_than_a_slash() {
    let (slash_started, slash_aborted) = abort_trials(0, 6, 20_000, 5).expect("melee.json loads");
    let (spin_started, spin_aborted) = abort_trials(2, 6, 20_000, 5).expect("melee.json loads");
    let slash = f64::from(slash_aborted) / f64::from(slash_started.max(1));
    let spin = f64::from(spin_aborted) / f64::from(spin_started.max(1));
    assert!(
        spin_started < slash_started,
        "the wide spin starts less often: {spin_started} vs {slash_started}"
    );
    assert!(
        spin > slash,
        "spin aborts {spin:.3} of its swings, slash {slash:.3}"
    );
}

#[test]
fn a_committed_blade_turns_spit_back() {
    use std::sync::Arc;

    use game::catalog::Catalog;
    use game::loot::item::Item;
    use game::loot::rarity::Rarity;
    use game::probe::stage::{Kit, Spot, Stage, play};

    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    // A grunt at the blade's reach keeps the swing committed; a spitter
    // 320 px away spits at the player.
    let stage = Stage::range(
        "blade and spit",
        vec![
            Spot::dummy("grunt", 50.0, 0.0),
            Spot::dummy("spitter", -320.0, 0.0),
        ],
        60.0,
    );
    let kit = Kit::deck("starter_core", &["healing_mist"]).wearing(Item::new("knife", 1, Rarity::Common));
    let m = play(&cat, &stage, &kit).expect("plays");
    assert!(m.get("melee_swings") > 10.0, "{:?}", m.0);
    assert!(m.get("parried_shots") > 0.0, "{:?}", m.0);
}
