//! Bad input never reaches the run (docs/data.md#limits, docs/data.md#builds):
//! a replay or saved-run header no run can start from is refused naming the
//! field (`last_wave 0` with `practice 5` once panicked in a `clamp`); a
//! build file is held to the rules a player is held to; the catch-up of a
//! far start wave saturates instead of wrapping; and every shipped build and
//! every build the scripted players end with still loads.

use std::sync::Arc;

use engine::gpu::Backend;
use game::catalog::Catalog;
use game::loot::class::Slot;
use game::run::build_rules::{check_build, largest_deck};
use game::run::setup::{RunSetup, catch_up};
use game::run::{Build, BuildEntries, Policy, Replay, Run, RunOptions, play_recorded};

fn catalog() -> Arc<Catalog> {
    Arc::new(Catalog::load(&game::data::default_root()).expect("data loads"))
}

/// A replay text with the given optional header lines and no commands.
fn replay(last_wave: &str, extra: &str) -> String {
    format!(
        "artificer-replay 1\ngame x\ndata 0\nseed 3\nlast_wave {last_wave}\nbackend cpu\n{extra}commands\nend 0 0\n"
    )
}

#[test]
fn headers_no_run_can_start_from_are_refused_naming_the_field() {
    let format = Replay::parse(&replay("20", ""));
    let Ok(ok) = format else {
        // The format number moved on: build the text from a real recording instead.
        panic!("a plain header parses: {format:?}");
    };
    assert_eq!(ok.header.setup.last_wave, 20);
    for (last, extra, field) in [
        ("0", "practice 5\n", "last_wave"),
        ("4", "practice 5\n", "practice"),
        ("20", "practice 0\n", "practice"),
        ("4000000000", "", "last_wave"),
        ("20", "start_wave 40000000\n", "start_wave"),
        ("5", "start_wave 6\n", "start_wave"),
        ("20", "onboarding 9\n", "onboarding"),
        ("20", "ng_plus 4000000000\n", "ng_plus"),
    ] {
        let e = Replay::parse(&replay(last, extra)).expect_err(extra).to_string();
        assert!(e.contains(&format!("`{field}`")), "{last} {extra}: {e}");
    }
}

#[test]
fn a_bad_setup_is_an_error_from_the_run_never_a_panic() {
    let cat = catalog();
    let setup = RunSetup {
        last_wave: 0,
        practice: Some(5),
        ..RunSetup::new(3, 20)
    };
    let e = Run::new(cat, setup, Backend::Cpu, None)
        .expect_err("refused")
        .to_string();
    assert!(e.contains("last_wave"), "{e}");
}

#[test]
fn the_catch_up_of_a_far_start_saturates() {
    assert_eq!(catch_up(21), (5000, 23));
    let (gold, levelups) = catch_up(40_000_000);
    assert_eq!(gold, 39_999_999 * 250);
    assert_eq!(levelups, 45_999_998, "no u32 wrap");
    assert_eq!(catch_up(u32::MAX).1, u32::MAX);
}

fn build(core: &str, deck: Vec<&str>) -> Build {
    Build {
        core: core.into(),
        deck: deck.into_iter().map(String::from).collect(),
        entries: BuildEntries::default(),
        equipment: Default::default(),
        items: Vec::new(),
    }
}

#[test]
fn build_files_are_held_to_the_players_rules() {
    let cat = catalog();
    let core = cat.cores.get(cat.cores.find("starter_core").unwrap());
    let most = largest_deck(core.capacity);
    let fits = build("starter_core", vec!["spark_bolt"; most]);
    assert_eq!(check_build(&cat, &fits), Ok(()));
    let field = |b: &Build| check_build(&cat, b).expect_err("refused").field;
    assert_eq!(field(&build("starter_core", vec!["spark_bolt"; 10_000])), "deck");
    assert_eq!(
        field(&build("starter_core", vec!["spark_bolt"; most + 1])),
        "deck"
    );

    let mut stored = build("starter_core", vec!["spark_bolt"]);
    stored.entries.stored = vec!["spark_bolt".into()];
    assert_eq!(field(&stored), "entries.stored", "no Store Magic");
    stored.entries.stored = vec!["spark_bolt".into(); 100];
    assert_eq!(field(&stored), "entries.stored");

    let mut entry = build("starter_core", vec!["spark_bolt"]);
    entry.entries.on_kill = vec!["spark_bolt".into()];
    assert_eq!(
        field(&entry),
        "entries.on_kill",
        "the starter core has no kill entry"
    );

    let item = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v = serde_json::json!({
            "base": "wand_core", "ilvl": 10, "rarity": "marked",
            "affixes": [{"id": "damage_flat", "tier": 1, "roll": 0.5, "value": 0.75}]
        });
        edit(&mut v);
        let mut b = build("starter_core", vec!["spark_bolt"]);
        b.items.push(serde_json::from_value(v).expect("an item"));
        b
    };
    assert_eq!(check_build(&cat, &item(&|_| {})), Ok(()));
    assert_eq!(
        field(&item(&|v| v["base"] = "no_such_base".into())),
        "items[0].base"
    );
    assert_eq!(
        field(&item(&|v| v["affixes"][0]["id"] = "nope".into())),
        "items[0].affixes[0].id"
    );
    assert_eq!(
        field(&item(&|v| v["affixes"][0]["tier"] = 0.into())),
        "items[0].affixes[0].tier"
    );
    assert_eq!(
        field(&item(&|v| v["affixes"][0]["tier"] = 255.into())),
        "items[0].affixes[0].tier"
    );
    assert_eq!(
        field(&item(&|v| v["affixes"][0]["value"] = 1e30.into())),
        "items[0].affixes[0].value"
    );
    assert_eq!(
        field(&item(&|v| v["affixes"][0]["value"] = (-1e30).into())),
        "items[0].affixes[0].value"
    );
    assert_eq!(
        field(&item(&|v| v["affixes"][0]["roll"] = 7.into())),
        "items[0].affixes[0].roll"
    );
    assert_eq!(
        field(&item(&|v| v["enchantments"] = serde_json::json!(["nope"]))),
        "items[0].enchantments[0]"
    );
    // The item tables: affixes per grade, groups per class, one craft a slot.
    assert_eq!(
        field(&item(&|v| v["rarity"] = "common".into())),
        "items[0].affixes",
        "a common item carries no affix"
    );
    assert_eq!(
        field(&item(&|v| v["base"] = "charm".into())),
        "items[0].affixes[0].id",
        "damage affixes do not go on a charm"
    );
    assert_eq!(
        field(&item(
            &|v| v["enhancements"] = serde_json::json!(["hone_1", "hone_1"])
        )),
        "items[0].enhancements[1]"
    );
    assert_eq!(
        field(&item(&|v| v["enchantments"] = serde_json::json!(["vigour_1"]))),
        "items[0].enchantments[0]",
        "a pocket's enchantment on a core"
    );
}

#[test]
fn every_shipped_build_loads() {
    let cat = catalog();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/builds");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let b = game::run::load_build(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        check_build(&cat, &b).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Run::new(
            cat.clone(),
            RunSetup {
                build: Some(b),
                ..RunSetup::new(1, 20)
            },
            Backend::Cpu,
            None,
        )
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        n += 1;
    }
    assert!(n >= 4);
}

/// The build a run ends with, as a build file would hold it: every carried
/// core with its deck and entries, the worn items.
fn end_builds(run: &Run) -> Vec<Build> {
    let carry = run.carry();
    let items: Vec<_> = Slot::ALL
        .iter()
        .filter_map(|s| carry.equipment.slot(*s).cloned())
        .collect();
    carry
        .loadout
        .cores()
        .iter()
        .map(|c| {
            let ids = |on| {
                c.entries
                    .iter()
                    .find(|e| e.on == on)
                    .map(|e| e.cards.iter().map(|k| k.id.clone()).collect())
                    .unwrap_or_default()
            };
            Build {
                core: c.id.clone(),
                deck: c.deck.iter().map(|k| k.id.clone()).collect(),
                entries: BuildEntries {
                    on_hit: ids(game::vm::EntryOn::Hit),
                    on_kill: ids(game::vm::EntryOn::Kill),
                    on_dash: ids(game::vm::EntryOn::Dash),
                    stored: carry.loadout.stored.cards.iter().map(|k| k.id.clone()).collect(),
                },
                equipment: Default::default(),
                items: items.clone(),
            }
        })
        .collect()
}

#[test]
fn the_builds_the_scripted_players_end_with_still_load() {
    let cat = catalog();
    for policy in [Policy::Starter, Policy::Competent] {
        for seed in [2, 3] {
            let opts = RunOptions {
                seed,
                waves: 10,
                backend: Backend::Cpu,
                build: None,
                policy,
                mode: Default::default(),
            };
            let run = play_recorded(cat.clone(), &opts, None, false).expect("plays");
            for b in end_builds(&run) {
                check_build(&cat, &b).unwrap_or_else(|e| panic!("{policy:?} seed {seed}: {e} in {b:?}"));
            }
        }
    }
}
