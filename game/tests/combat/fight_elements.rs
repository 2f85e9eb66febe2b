//! The elemental model, lifesteal and the nuke acting in play, as the sim
//! reports them: chips lay their coatings and statuses, so the
//! reaction matrix happens in a real wave; the lifesteal chip heals; the
//! nuke hurts a caster standing in its blast.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::combat::ReactionKind;
use game::player::StatSource;
use game::run::{Build, BuildEntries, RunOptions, WaveReport, play};
use game::shop::{Card, CarriedCore, Loadout};
use game::stats::{StatId, StatModifier};
use game::world::{Carry, Dummy, PlayerInput, World};
use glam::Vec2;

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

/// Wave 1 of a sim that starts from `deck` on the starter core.
fn first_wave(deck: &[&str]) -> WaveReport {
    first_wave_of(Build {
        core: "starter_core".into(),
        deck: deck.iter().map(|s| s.to_string()).collect(),
        entries: BuildEntries::default(),
        equipment: Default::default(),
        items: Vec::new(),
    })
}

/// Wave 1 of a sim that starts from `build`.
fn first_wave_of(build: Build) -> WaveReport {
    let opts = RunOptions {
        seed: 2,
        waves: 1,
        backend: Backend::Cpu,
        build: Some(build),
        policy: Default::default(),
        mode: Default::default(),
    };
    let report = play(catalog(), &opts, None).expect("sim plays");
    report.waves.into_iter().next().expect("wave 1")
}

#[test]
fn water_and_lightning_conduct_and_every_reaction_is_reported() {
    let w = first_wave(&["water_wave", "static_bolt", "water_wave", "static_bolt"]);
    assert_eq!(
        w.reactions_by_kind.len(),
        ReactionKind::ALL.len(),
        "zeros included"
    );
    assert!(w.reactions_by_kind["conduction"] > 0, "{:?}", w.reactions_by_kind);
    // Water Wave is an ice spell that soaks: its next hit on the wet freezes.
    assert!(w.reactions_by_kind["freeze"] > 0, "{:?}", w.reactions_by_kind);
    let total: u64 = w.reactions_by_kind.values().sum();
    assert_eq!(total, w.reactions);
    assert!(w.dps > 0.0);
}

#[test]
fn oil_then_fire_is_an_oil_blast() {
    let w = first_wave(&["oil_flask", "fire_bolt", "oil_flask", "fire_bolt"]);
    assert!(w.reactions_by_kind["oil_blast"] > 0, "{:?}", w.reactions_by_kind);
}

/// A test range: `deck` on `core`, one `dummy` enemy at `offset` from the
/// arena centre where the player stands; `prepare` runs before the range
/// starts (the core's mana is set then).
fn range(
    core: &str,
    deck: &[&str],
    dummy: &str,
    offset: Vec2,
    prepare: impl FnOnce(&mut World, &mut Carry),
) -> (World, Carry) {
    let cat = catalog();
    let (mut w, mut carry) = World::new_run(cat.clone(), 4, Backend::Cpu, None).expect("world");
    let def = cat.cores.get(cat.cores.find(core).expect("core"));
    let mut carried = CarriedCore::new(def.id.clone(), 0, def.capacity as usize, &[]);
    carried.deck = deck
        .iter()
        .map(|id| Card {
            id: (*id).into(),
            paid: 0,
        })
        .collect();
    carry.loadout = Loadout::new(carried);
    prepare(&mut w, &mut carry);
    let centre = cat.run.world.arena.centre();
    w.begin_test_range(
        &mut carry,
        &[Dummy {
            enemy: dummy.into(),
            pos: centre + offset,
            hp: 1.0e6,
        }],
    )
    .expect("range");
    (w, carry)
}

/// HP the lifesteal of `deck` restored to a player at 30 HP over 5 s of
/// shooting a range dummy.
fn range_lifesteal(deck: &[&str]) -> f64 {
    let (mut w, mut carry) = range("starter_core", deck, "grunt", Vec2::new(150.0, 0.0), |_, _| {});
    w.player.hp = 30.0;
    for _ in 0..300 {
        w.step(&mut carry, &PlayerInput::default());
    }
    assert!(w.stats.damage_dealt > 0.0);
    w.stats.healed.lifesteal
}

#[test]
fn the_lifesteal_chip_heals() {
    let healed = range_lifesteal(&["lifesteal_mod", "spark_bolt", "spark_bolt"]);
    assert!(healed > 0.0, "{healed}");
    assert_eq!(range_lifesteal(&["spark_bolt", "spark_bolt"]), 0.0);
}

/// A test range with one dummy `distance` px east of the player, the player
/// holding a nuke on a core with the mana for it.
fn nuke_range(distance: f32) -> (World, Carry) {
    let (mut w, carry) = range(
        "debug_core",
        &["nuke"],
        "tank",
        Vec2::new(distance, 0.0),
        |w, carry| {
            // The player's own mana pool caps the core's: make room for 200 mana.
            carry.add_stats(
                StatSource::Shop,
                &[StatModifier {
                    stat: StatId::ManaMax,
                    add: 300.0,
                    mul: 1.0,
                }],
            );
            w.refresh_stats(carry);
        },
    );
    w.player.hp = w.player.hp_max();
    (w, carry)
}

#[test]
fn the_nuke_hurts_a_caster_inside_its_blast_and_spares_one_outside() {
    let (mut near, mut near_carry) = nuke_range(120.0);
    for _ in 0..180 {
        near.step(&mut near_carry, &PlayerInput::default());
    }
    assert!(near.stats.self_damage > 0.0, "the nuke went off 120 px away");
    assert!(near.player.hp < near.player.hp_max());
    let (mut far, mut far_carry) = nuke_range(450.0);
    for _ in 0..360 {
        far.step(&mut far_carry, &PlayerInput::default());
    }
    assert!(far.stats.damage_dealt > 0.0, "the far nuke hit its target");
    assert_eq!(far.stats.self_damage, 0.0, "450 px is outside the 300 px blast");
}

/// Mana refilled by kills in the first 20 s of wave 1, with `leech` mana per kill.
fn leeched(leech: f32) -> f64 {
    let (mut w, mut carry) = World::new_run(catalog(), 8, Backend::Cpu, None).expect("world");
    let mut input = PlayerInput::default();
    carry.add_stats(
        StatSource::Shop,
        &[StatModifier {
            stat: StatId::ManaLeech,
            add: leech,
            mul: 1.0,
        }],
    );
    w.refresh_stats(&mut carry);
    w.begin_wave(&mut carry, 1).expect("wave 1");
    for _ in 0..1200 {
        input.move_dir = Vec2::ZERO;
        w.step(&mut carry, &input);
    }
    assert!(w.stats.kills > 0, "the starting deck kills in 20 s");
    w.stats.mana_leeched
}

#[test]
fn mana_leech_refills_mana_per_kill() {
    assert!(leeched(4.0) > 0.0);
    assert_eq!(leeched(0.0), 0.0);
}

#[test]
fn the_reapers_on_kill_entry_casts_in_the_fight() {
    let reaper = |on_kill: &[&str]| {
        first_wave_of(Build {
            core: "reaper_core".into(),
            deck: vec!["spark_bolt".into(), "spark_bolt".into()],
            entries: BuildEntries {
                on_hit: Vec::new(),
                on_kill: on_kill.iter().map(|s| s.to_string()).collect(),
                on_dash: Vec::new(),
                stored: Vec::new(),
            },
            equipment: Default::default(),
            items: Vec::new(),
        })
    };
    let with = reaper(&["shotgun_blast"]);
    let without = reaper(&[]);
    assert!(with.kills > 0);
    assert!(
        with.casts > without.casts + u64::from(with.kills) / 4,
        "kills cast the entry: {} casts with it, {} without ({} kills)",
        with.casts,
        without.casts,
        with.kills
    );
}

#[test]
fn an_on_wall_trigger_builds_a_turret_where_its_bolt_meets_the_wall() {
    let cat = catalog();
    let deck = ["trigger_wall", "summon_turret", "spark_bolt"];
    let (mut w, mut carry) = range("starter_core", &deck, "tank", Vec2::new(0.0, 400.0), |_, _| {});
    // Aim east, away from the dummy, at the wall 1,200 px off.
    let input = PlayerInput {
        aim: Some(Vec2::X),
        ..PlayerInput::default()
    };
    for _ in 0..180 {
        w.step(&mut carry, &input);
    }
    assert!(w.stats.wall_triggers > 0, "the bolt reached the wall");
    let turret = w
        .areas()
        .iter()
        .find(|a| matches!(a.kind, game::world::AreaKind::Turret { .. }))
        .expect("a turret stands");
    let arena = &cat.run.world.arena;
    assert!(
        arena.width - turret.pos.x < 40.0,
        "at the east wall: {:?}",
        turret.pos
    );
}

#[test]
fn a_dash_covers_its_distance_untouchable_and_the_dash_wave_core_casts_on_it() {
    let cat = catalog();
    let dash = cat.run.world.player.dash;
    let (mut w, mut carry) = range(
        "dash_wave_core",
        &["spark_bolt"],
        "tank",
        Vec2::new(0.0, 500.0),
        |_, carry| {
            carry.loadout = Loadout::new({
                let def = cat.cores.get(cat.cores.find("dash_wave_core").expect("core"));
                let mut c = CarriedCore::new(
                    def.id.clone(),
                    0,
                    def.capacity as usize,
                    &def.entries
                        .iter()
                        .map(|e| (e.on, e.capacity as usize))
                        .collect::<Vec<_>>(),
                );
                c.deck = vec![Card {
                    id: "spark_bolt".into(),
                    paid: 0,
                }];
                c.entries[0].cards = vec![Card {
                    id: "shotgun_blast".into(),
                    paid: 0,
                }];
                c
            });
        },
    );
    let start = w.player.pos;
    let casts_before = w.stats.casts;
    let east = PlayerInput::walk(Vec2::X);
    let dash_east = PlayerInput { dash: true, ..east };
    w.step(&mut carry, &dash_east);
    assert_eq!(w.stats.dashes, 1);
    assert!(w.player.invulnerable(), "untouchable while dashing");
    let steps = (dash.duration_s * 60.0).ceil() as u32;
    for _ in 1..steps {
        w.step(&mut carry, &east);
    }
    let walked = w.player.pos.x - start.x;
    assert!(
        (walked - dash.distance_px).abs() < 8.0,
        "a dash covers {} px, this one {walked}",
        dash.distance_px
    );
    assert!(w.stats.casts > casts_before, "the on-dash entry cast");
    // On cooldown: a second press right away does nothing.
    w.step(&mut carry, &dash_east);
    assert_eq!(w.stats.dashes, 1);
    // A standing player does not dash.
    for _ in 0..(dash.cooldown_s * 60.0) as u32 + 1 {
        w.step(&mut carry, &PlayerInput::default());
    }
    let dash_standing = PlayerInput {
        dash: true,
        ..PlayerInput::default()
    };
    w.step(&mut carry, &dash_standing);
    assert_eq!(w.stats.dashes, 1);
}

/// Water Wave breaks on the first enemy it meets and soaks everything
/// within its 70-px splash (docs/balance.md#archetypes, the elemental
/// caster): two standing neighbours 40 px from the struck dummy are wet
/// too, and one 200 px off is not.
#[test]
fn the_water_wave_soaks_the_enemies_round_its_target() {
    let (mut w, mut carry) = range(
        "starter_core",
        &["water_wave"],
        "grunt",
        Vec2::new(150.0, 0.0),
        |_, _| {},
    );
    let centre = catalog().run.world.arena.centre();
    let mut place = |at: Vec2| {
        let slot = w.spawn_enemy("grunt", centre + at).expect("spawned");
        let e = w.enemies_mut().get_mut(slot).expect("alive");
        e.speed = 0.0;
        e.knockback_resist = 1.0;
        e.hp = 1.0e6;
        e.hp_max = 1.0e6;
        slot
    };
    let near = [place(Vec2::new(150.0, 40.0)), place(Vec2::new(150.0, -40.0))];
    let far = place(Vec2::new(150.0, 200.0));
    let wet = |w: &World, slot: u32| w.enemies().get(slot).is_some_and(|e| e.status.wet > 0.0);
    for _ in 0..60 {
        w.step(&mut carry, &PlayerInput::default());
        if near.iter().all(|&s| wet(&w, s)) {
            break;
        }
    }
    assert!(
        near.iter().all(|&s| wet(&w, s)),
        "the splash soaks the neighbours"
    );
    assert!(!wet(&w, far), "nothing beyond the splash is wet");
}
