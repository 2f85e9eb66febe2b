//! The horde trials of the volley, the elemental caster and the heavy
//! hitter (docs/balance.md#archetypes): a horde trial packs the crowd as a
//! swarm wave does, so a shot that passes through one enemy meets the next
//! and a splash or a burst meets many, and Pierce, the coats and the Giant
//! Explosion show there what they are worth; scattered across the range
//! the same chips add little. A
//! trial from an empty mana bar shows what a deck sustains. Before the void
//! lord the last shop drops the physical carriers the volley builds round.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::script::competent::{TRIAL_S, TRIAL_WARMUP_S};
use game::run::script::measure::{self, Ground, Trial};
use game::run::{Run, RunSetup};

fn fresh_run() -> Run {
    let cat = Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"));
    Run::new(cat, RunSetup::new(3, 20), Backend::Cpu, None).expect("run")
}

/// `measure` of a [`Trial`] of `deck` on the Apprentice Core, its dummies
/// standing on `ground`, its mana bar emptied first when `empty_bar`.
fn on_apprentice(
    deck: &[&str],
    ground: Ground,
    empty_bar: bool,
    measure: impl FnOnce(&Trial<'_>) -> f64,
) -> f64 {
    let deck: Vec<String> = deck.iter().map(|s| s.to_string()).collect();
    measure(&Trial {
        core: Some(("starter_core", &deck)),
        ground,
        empty_bar,
        ..Trial::default()
    })
}

/// Crowd kill rate of `deck` on the Apprentice Core, one spark bolt's
/// damage killing a dummy, in a horde or scattered round the player.
fn kills(run: &Run, deck: &[&str], horde: bool) -> f64 {
    let ground = if horde { Ground::Horde } else { Ground::Range };
    on_apprentice(deck, ground, false, |t| {
        measure::crowd_dps(run.world(), run.carry(), t, (3.0, 30), 1.0, 4.0)
    })
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

#[test]
fn a_splash_is_worth_more_in_a_horde_than_scattered() {
    let run = fresh_run();
    let bolt = ["spark_bolt"];
    let wave = ["water_wave"];
    let (horde_bolt, horde_wave) = (kills(&run, &bolt, true), kills(&run, &wave, true));
    let (far_bolt, far_wave) = (kills(&run, &bolt, false), kills(&run, &wave, false));
    assert!(
        horde_bolt > 0.0 && far_bolt > 0.0 && far_wave > 0.0,
        "every deck kills: {horde_bolt} {far_bolt} {far_wave}"
    );
    assert!(
        horde_wave / horde_bolt > 1.5 * (far_wave / far_bolt),
        "the Water Wave's splash soaks a packed horde: {horde_wave}/{horde_bolt} vs {far_wave}/{far_bolt} scattered"
    );
}

#[test]
fn a_piercing_orb_ploughs_through_the_horde() {
    let run = fresh_run();
    let plain = ["double_cast", "energy_orb", "energy_orb"];
    let pierced = ["modifier_pierce_plus", "double_cast", "energy_orb", "energy_orb"];
    let (horde_plain, horde_pierced) = (kills(&run, &plain, true), kills(&run, &pierced, true));
    assert!(horde_plain > 0.0, "the orbs kill: {horde_plain}");
    assert!(
        horde_pierced >= 2.0 * horde_plain,
        "a piercing orb kills one enemy after another: {horde_pierced} vs {horde_plain}"
    );
}

#[test]
fn the_giant_explosion_clears_the_horde_the_orb_ploughs() {
    // The heavy hitter's own blast (docs/balance.md#archetypes): one shell
    // bursting over 110 px does what two piercing orbs in a lane cannot.
    let run = fresh_run();
    let orbs = ["modifier_pierce_plus", "double_cast", "energy_orb", "energy_orb"];
    let shell = ["giant_explosion"];
    let (horde_orbs, horde_shell) = (kills(&run, &orbs, true), kills(&run, &shell, true));
    assert!(horde_orbs > 0.0, "the orbs kill: {horde_orbs}");
    assert!(
        horde_shell >= 2.0 * horde_orbs,
        "a burst meets the packed crowd round its target: {horde_shell} vs {horde_orbs}"
    );
}

/// Single-target DPS of `deck` on the Apprentice Core over the policy's
/// trial window, from a full or an empty mana bar.
fn sustained(run: &Run, deck: &[&str], empty_bar: bool) -> f64 {
    on_apprentice(deck, Ground::Horde, empty_bar, |t| {
        measure::trial_dps(run.world(), run.carry(), t, TRIAL_WARMUP_S, TRIAL_S)
    })
}

#[test]
fn an_empty_bar_shows_what_a_hungry_deck_sustains() {
    let run = fresh_run();
    // 57 mana a cast, about 50 a second against the core's 37: the full
    // bar hides it (from an empty one its Damage Plus chips are paid and
    // its bolts often not: about 0.3 of the full bar's DPS).
    let hungry = [
        "damage_plus",
        "damage_plus",
        "damage_plus",
        "double_cast",
        "spark_bolt",
        "spark_bolt",
    ];
    // 5 mana a cast: regeneration pays it, bar or no bar.
    let cheap = ["spark_bolt"];
    let (hungry_full, hungry_empty) = (sustained(&run, &hungry, false), sustained(&run, &hungry, true));
    let (cheap_full, cheap_empty) = (sustained(&run, &cheap, false), sustained(&run, &cheap, true));
    assert!(
        cheap_full > 0.0 && hungry_empty > 0.0,
        "both decks fire: {cheap_full} {hungry_empty}"
    );
    assert!(
        hungry_empty < 0.7 * hungry_full,
        "from an empty bar the hungry deck fires what its regeneration pays: {hungry_empty} vs {hungry_full}"
    );
    assert!(
        (cheap_empty - cheap_full).abs() <= 0.1 * cheap_full,
        "a deck its regeneration pays reads the same either way: {cheap_empty} vs {cheap_full}"
    );
}

#[test]
fn the_triggers_carriers_count_as_physical_before_the_void_lord() {
    use game::run::script::competent::{physical_action, physical_carrier};
    let run = fresh_run();
    let cat: &Catalog = run.world().catalog();
    // The carriers the volley builds round: each physical hit of theirs
    // heals the lord's first phase, so the last shop drops them.
    for id in ["trigger_hit", "trigger_timer", "trigger_kill", "trigger_wall"] {
        assert!(physical_carrier(cat, id), "{id}");
        assert!(!physical_action(cat, id), "{id} is a trigger, not an action");
    }
    // A turret deals nothing itself; an action is judged as an action.
    for id in ["summon_turret", "spark_bolt", "static_bolt", "poison_dart"] {
        assert!(!physical_carrier(cat, id), "{id}");
    }
    assert!(physical_action(cat, "spark_bolt") && !physical_action(cat, "static_bolt"));
}

/// The deck taken to the void lord: one bolt that reaches it stays, and
/// every chip whose hit would heal it goes (the volley's seed 11 met the
/// lord with a Spark Bolt beside its one Poison Dart, and the lord ended
/// the wave's 180 s at full HP).
#[test]
fn one_elemental_action_is_enough_to_leave_the_physical_ones_behind() {
    use game::run::script::competent::deck_for_lord;
    let run = fresh_run();
    let cat: &Catalog = run.world().catalog();
    let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        deck_for_lord(
            cat,
            ids(&["damage_plus", "double_cast", "poison_dart", "spark_bolt"])
        ),
        ids(&["damage_plus", "double_cast", "poison_dart"])
    );
    assert_eq!(
        deck_for_lord(cat, ids(&["trigger_hit", "shotgun_blast", "poison_dart"])),
        ids(&["poison_dart"])
    );
    // No other action: the deck keeps what it has rather than fire nothing.
    let physical = ids(&["double_cast", "energy_orb", "spark_bolt"]);
    assert_eq!(deck_for_lord(cat, physical.clone()), physical);
}
