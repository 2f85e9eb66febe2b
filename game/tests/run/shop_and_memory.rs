//! Things a player pays for that must act: luck shifts the shop
//! toward rarer offers, the DEBUG core makes the shop stock register chips,
//! and the Memory Wand keeps its counters from one wave to the next.

use game::world::{Carry, PlayerInput};
use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::run::{ShopFor, shop_pool};
use game::shop::{Card, CarriedCore, Loadout};
use game::vm::SpellKind;
use game::world::World;

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

#[test]
fn luck_weights_rarer_offers_and_registers_follow_the_debug_core() {
    let cat = catalog();
    let plain = shop_pool(&cat, ShopFor::default());
    let lucky = shop_pool(
        &cat,
        ShopFor {
            luck: 100.0,
            ..ShopFor::default()
        },
    );
    let rarity = |id: &str| cat.spells.get(cat.spells.find(id).expect("spell")).rarity;
    for (a, b) in plain.spells.iter().zip(&lucky.spells) {
        let r = f32::from(rarity(&a.id));
        assert!(
            (b.weight - a.weight * r).abs() < 1e-4,
            "{}: ×{r} at 100 luck",
            a.id
        );
    }
    let registers = |pool: &game::shop::ShopPool| {
        pool.spells
            .iter()
            .filter(|e| cat.spells.get(cat.spells.find(&e.id).expect("spell")).kind == SpellKind::Register)
            .count()
    };
    assert_eq!(registers(&plain), 0, "no register chip without a DEBUG core");
    let debug = shop_pool(
        &cat,
        ShopFor {
            raw_registers: true,
            ..ShopFor::default()
        },
    );
    assert!(registers(&debug) >= 4, "the DEBUG core's chips are stocked");
}

fn memory_wand_world(core: &str) -> (World, Carry) {
    let cat = catalog();
    let (w, mut carry) = World::new_run(cat.clone(), 6, Backend::Cpu, None).expect("world");
    let def = cat.cores.get(cat.cores.find(core).expect("core"));
    let card = |id: &str| Card {
        id: id.into(),
        paid: 0,
    };
    carry.loadout = Loadout::new(CarriedCore {
        id: def.id.clone(),
        paid: 0,
        capacity: def.capacity as usize,
        deck: vec![card("charge_counter"), card("spark_bolt"), card("spark_bolt")],
        entries: Vec::new(),
    });
    (w, carry)
}

/// Plays a wave's first `steps` steps standing still; returns the core's memory then.
fn play(w: &mut World, carry: &mut Carry, wave: u32, steps: u32) -> Option<game::vm::CoreMemory> {
    w.begin_wave(carry, wave).expect("wave");
    for _ in 0..steps {
        w.player.hp = w.player.hp_max();
        w.step(carry, &PlayerInput::default());
    }
    w.core_state().and_then(|c| c.memory())
}

#[test]
fn the_memory_wand_keeps_its_counters_between_waves() {
    let (mut w, mut carry) = memory_wand_world("persistent_memory");
    let first = play(&mut w, &mut carry, 1, 600).expect("a persistent core has memory");
    assert_ne!(
        first,
        game::vm::CoreMemory::default(),
        "the wave left a memory: {first:?}"
    );
    w.end_wave(&mut carry);
    let carried = carry.core_memory.as_ref().map(|(id, m)| (id.as_str(), m));
    assert_eq!(
        carried,
        Some(("persistent_memory", &first)),
        "the run carries the memory between waves, not the world"
    );
    // A fresh world with the same carry restores it: nothing of it stayed behind.
    let mut fresh = memory_wand_world("persistent_memory").0;
    fresh.begin_wave(&mut carry, 2).expect("wave 2 in a fresh world");
    let restored = fresh.core_state().and_then(|c| c.memory()).expect("memory");
    assert_eq!(restored, first, "restored from the carry alone");
    w.begin_wave(&mut carry, 2).expect("wave 2");
    let kept = w.core_state().and_then(|c| c.memory()).expect("memory");
    assert_eq!(kept, first, "wave 2 starts where wave 1 ended");
    // Any other core starts each wave from zero.
    let (mut plain, mut plain_carry) = memory_wand_world("sentinel_core");
    play(&mut plain, &mut plain_carry, 1, 600);
    assert!(plain.core_state().and_then(|c| c.memory()).is_none());
}

#[test]
fn luck_finds_rarer_loot() {
    use game::loot::drops::{DropSource, PityState, lucky_depth, roll_drops};
    use game::loot::rarity::Rarity;
    use rand::SeedableRng;
    assert_eq!(lucky_depth(10, 0.0, 100), 10);
    assert_eq!(lucky_depth(10, 100.0, 100), 35);
    assert_eq!(lucky_depth(90, 100.0, 100), 100, "never past the deepest depth");
    let cat = catalog();
    let rare_share = |luck: f32| {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut pity = PityState::default();
        let depth = lucky_depth(10, luck, cat.loot.drops.run_model.max_depth);
        let (mut items, mut better) = (0u32, 0u32);
        for _ in 0..3000 {
            for item in roll_drops(DropSource::Elite, depth, &mut pity, &cat.loot, &mut rng).items {
                items += 1;
                better += u32::from(item.rarity != Rarity::Common);
            }
        }
        f64::from(better) / f64::from(items.max(1))
    };
    let (plain, lucky) = (rare_share(0.0), rare_share(100.0));
    assert!(lucky > plain * 1.2, "{lucky} vs {plain}");
}

/// A core the player carries never comes back on shelf B
/// (docs/screens.md#no-traps): the starter core is in the data's shop
/// pool, but not in the run's while it is carried.
#[test]
fn the_shop_never_offers_a_carried_core() {
    let cat = catalog();
    let run =
        game::run::Run::new(cat.clone(), game::run::RunSetup::new(4, 20), Backend::Cpu, None).expect("run");
    let carried: Vec<String> = run.carry().loadout.cores().iter().map(|c| c.id.clone()).collect();
    assert!(
        shop_pool(&cat, ShopFor::default())
            .cores
            .iter()
            .any(|e| carried.contains(&e.id)),
        "the data's pool holds a carried core ({carried:?}), so the rule is tested"
    );
    assert!(
        !run.pool().cores.iter().any(|e| carried.contains(&e.id)),
        "{carried:?}"
    );
}

/// Sentinel Core's on-hit deck fires on every blow that reaches the
/// player, an enemy's body as a shot (docs/game.md#cores): standing still
/// in wave 1, where only bodies strike, the core with an on-hit chip casts
/// more than the same core without one.
#[test]
fn an_on_hit_entry_fires_on_contact_blows() {
    use game::run::{Build, Command, Phase, Run, RunSetup, StepInput};
    let cat = catalog();
    let casts = |on_hit: Vec<String>| {
        let build = Build {
            core: "sentinel_core".into(),
            deck: vec!["spark_bolt".into()],
            entries: game::run::BuildEntries {
                on_hit,
                ..Default::default()
            },
            equipment: Default::default(),
            items: Vec::new(),
        };
        let setup = RunSetup {
            build: Some(build),
            ..RunSetup::new(2, 1)
        };
        let mut run = Run::new(cat.clone(), setup, Backend::Cpu, None).expect("run");
        run.apply(Command::StartWave).expect("wave 1");
        while run.phase() == Phase::Fight {
            run.apply(Command::Step(StepInput::new(glam::Vec2::ZERO, None)))
                .expect("step");
        }
        let w = run.world();
        assert!(w.stats.damage_taken > 0.0, "the grunts reached the player");
        w.stats.casts
    };
    let with = casts(vec!["spark_bolt".into()]);
    let without = casts(Vec::new());
    assert!(
        with > without,
        "on-hit casts: {with} with the entry, {without} without"
    );
}

/// An artifact found with every socket full is never lost: it waits among
/// the run's loose artifacts when the wave ends, for the armoury to socket.
#[test]
fn a_find_with_full_sockets_waits_in_the_bag() {
    use game::run::{Command, Phase, Run, RunSetup, StepInput};
    let cat = catalog();
    let mut run = Run::new(cat, RunSetup::new(6, 20), Backend::Cpu, None).expect("run");
    run.apply(Command::StartWave).expect("wave 1");
    let find = game::loot::artifacts::ArtifactInstance {
        id: "loan".into(),
        affixes: Vec::new(),
    };
    run.carry_mut().found_artifacts.push(find.clone());
    while run.phase() == Phase::Fight {
        run.apply(Command::Step(StepInput::new(glam::Vec2::ZERO, None)))
            .expect("step");
    }
    assert!(run.carry().found_artifacts.is_empty());
    assert_eq!(run.loose_artifacts(), &[find][..]);
}

/// A find is never socketed unasked, even with a socket free
/// (docs/screens.md#finds-and-cores): on data where every kill drops an
/// artifact, the first find of wave 1 waits in the bag while the socket
/// stays empty, and the armoury sockets it when asked.
#[test]
fn a_find_waits_in_the_bag_even_with_a_socket_free() {
    use game::loot::gear_actions::EquipmentAction;
    use game::run::{Command, Phase, Run, RunSetup, StepInput};
    let root = std::env::temp_dir().join(format!("artificer-finds-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    crate::copy_dir(&game::data::default_root(), &root);
    let drops = root.join("loot/drops.json");
    let text = std::fs::read_to_string(&drops).expect("drops.json");
    let bent = set_field(&text, "\"artifact_chance\":", "1.0");
    std::fs::write(&drops, bent).expect("write drops");
    let cat = Arc::new(Catalog::load(&root).expect("bent data loads"));
    let mut run = Run::new(cat, RunSetup::new(6, 20), Backend::Cpu, None).expect("run");
    run.apply(Command::StartWave).expect("wave 1");
    let mut found = false;
    // A player standing still falls to wave 1's mites; this test is about
    // the finds, so the player is healed each step.
    while run.phase() == Phase::Fight {
        let full = run.world().player.hp_max();
        run.world_mut().player.hp = full;
        run.apply(Command::Step(StepInput::new(glam::Vec2::ZERO, None)))
            .expect("step");
        if run.world().stats.artifacts_dropped > 0 {
            assert!(
                run.carry().equipment.artifacts.is_empty(),
                "a find was socketed unasked"
            );
            found = true;
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    assert!(
        found,
        "no artifact dropped in wave 1 with every kill dropping one"
    );
    assert!(!run.loose_artifacts().is_empty());
    while run.phase() != Phase::Shop {
        let cmd = match run.phase() {
            Phase::LevelUp => Command::ChooseLevelUp(0),
            _ => Command::Continue,
        };
        run.apply(cmd).expect("to the shop");
    }
    run.apply(Command::OpenArmoury).expect("armoury");
    run.apply(Command::Equip(EquipmentAction::Socket(0)))
        .expect("socketed when asked");
    assert_eq!(run.carry().equipment.artifacts.len(), 1);
}

/// Sets the number after every `key` in `text` to `value` (the data files
/// are plain JSON written one field per line).
fn set_field(text: &str, key: &str, value: &str) -> String {
    text.lines()
        .map(|l| match l.find(key) {
            Some(at) => {
                let head = &l[..at + key.len()];
                let comma = if l.trim_end().ends_with(',') { "," } else { "" };
                format!("{head} {value}{comma}")
            }
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}
