//! The cycle view (docs/vm.md#the-cycle-view): every cast until the
//! recharge, read from the interpreter's own trace. Checked on decks whose
//! cycle is worked out by hand in docs/vm.md, then on 50 random seeded decks
//! on every core for what must always hold.

use std::sync::Arc;

use game::catalog::Catalog;
use game::cli::wand_eval::cycle_json;
use game::run::Build;
use game::vm::cast::trace::{Op, Trace};
use game::vm::cycle::{CycleEnd, cycle};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::vm_common::{cat, core, ctx, custom, state, stats};

/// Three bolts and a Damage Plus last: casts 1–3 fire a bolt each; cast 4
/// draws the Damage Plus, whose draw wraps the deck and pulls the first bolt
/// back from the front, 3 + 10 = 13 damage, and the recharge follows.
#[test]
fn a_modifier_in_the_last_slot_wraps_and_shows_where() {
    let st = state(
        &core("starter_core"),
        "spark_bolt,spark_bolt,spark_bolt,damage_plus",
    );
    let c = cycle(&st, &stats(), &ctx(), false);
    assert_eq!(c.end, CycleEnd::Recharge);
    assert_eq!(c.casts.len(), 4);
    let slots: Vec<Vec<usize>> = c.casts.iter().map(|k| k.slots.clone()).collect();
    assert_eq!(slots, vec![vec![0], vec![1], vec![2], vec![3, 0]]);
    assert_eq!(c.casts[3].wrapped_at, Some(1));
    assert!(
        c.casts[..3]
            .iter()
            .all(|k| k.wrapped_at.is_none() && k.recharge.is_none())
    );
    assert!((c.casts[3].damage - 13.0).abs() < 1e-4, "{}", c.casts[3].damage);
    assert!((c.casts[3].mana - 20.0).abs() < 1e-4);
    assert_eq!(c.casts[3].recharge, Some(0.5));
    // 3 + 3 + 3 + 13 damage over 0.3 × 3 + 0.4 + 0.5 s.
    assert!((c.damage - 22.0).abs() < 1e-3, "{}", c.damage);
    assert!((c.seconds - 1.8).abs() < 1e-4, "{}", c.seconds);
    assert!(c.upkeep.words.starts_with("sustainable"), "{}", c.upkeep.words);
}

/// A Tactical Nuke (200 mana) on the Apprentice Core (100 at most): the
/// cast is shown as written, marked as never paid, and says why by name;
/// the upkeep runs dry in the first cycle.
#[test]
fn a_cast_the_core_can_never_pay_says_why() {
    let st = state(&core("starter_core"), "nuke,spark_bolt");
    let c = cycle(&st, &stats(), &ctx(), false);
    let first = &c.casts[0];
    assert_eq!(first.slots, vec![0]);
    assert!(!first.affordable);
    assert_eq!(first.mana_max, 100.0);
    let why = first.unaffordable.as_deref().unwrap_or_default();
    assert!(why.contains("Tactical Nuke (slot 1, 200 mana)"), "{why}");
    assert!(c.casts[1].affordable);
    assert_eq!(c.upkeep.dry_after_cycles, Some(0), "{}", c.upkeep.words);
    assert!(
        c.upkeep.words.starts_with("runs dry in its first cycle"),
        "{}",
        c.upkeep.words
    );
    // The same chip as a trigger's payload: the payload is judged as a cast
    // is, and `wand eval`'s JSON carries the verdict under its carrier.
    let st = state(&core("starter_core"), "spark_bolt,trigger_hit,nuke");
    let c = cycle(&st, &stats(), &ctx(), false);
    let k = &c.casts[1];
    assert_eq!(k.slots, vec![1, 2]);
    let p = &k.payloads[0];
    assert_eq!((p.carrier, p.slots.clone()), (Some(1), vec![2]));
    assert_eq!(p.mana_max, 100.0);
    assert!(!p.affordable && !k.affordable);
    let why = p.unaffordable.as_deref().unwrap_or_default();
    assert!(
        why.starts_with("this payload costs 200 mana but the core holds at most 100")
            && why.contains("Tactical Nuke (slot 3, 200 mana)"),
        "{why}"
    );
    let doc = cycle_json(&cat().spells, &c);
    let pj = &doc["casts"][1]["payloads"][0];
    assert_eq!(pj["mana_max"].as_f64(), Some(100.0));
    assert_eq!(pj["affordable"], false);
    assert_eq!(pj["unaffordable"].as_str(), Some(why));
    let fine = &doc["casts"][0];
    assert_eq!(fine["affordable"], true);
    assert_eq!(fine["unaffordable"], Value::Null);
}

/// A trigger's payload sits under its carrier with its own slots and its
/// condition in words; the cast's slots list it too, in draw order.
#[test]
fn a_payload_nests_under_its_carrier() {
    let st = state(
        &custom(1, 0.25, 0.5, 1000.0, 0.0, 10),
        "damage_plus,trigger_hit,spark_bolt",
    );
    let c = cycle(&st, &stats(), &ctx(), false);
    assert_eq!(c.casts.len(), 1);
    let k = &c.casts[0];
    assert_eq!(k.slots, vec![0, 1, 2]);
    assert_eq!(k.payloads.len(), 1);
    let p = &k.payloads[0];
    assert_eq!(p.carrier, Some(1));
    assert_eq!(p.slots, vec![2]);
    assert_eq!(
        (p.mana_max, p.affordable, p.unaffordable.clone()),
        (1000.0, true, None)
    );
    assert_eq!(p.depends_on[0].on, "hit");
    assert!(
        p.depends_on[0].words.contains("hits an enemy"),
        "{}",
        p.depends_on[0].words
    );
    // The payload's bolt is unboosted (a fresh scope): 3 damage, hit on a dummy.
    assert!((p.damage - 3.0).abs() < 1e-4);
    assert!((k.dummy_damage - (k.damage + 3.0)).abs() < 1e-4);
    // An on-kill payload never fires on a dummy.
    let st = state(&custom(1, 0.25, 0.5, 1000.0, 0.0, 10), "trigger_kill,spark_bolt");
    let c = cycle(&st, &stats(), &ctx(), false);
    assert_eq!(c.casts[0].payloads[0].dummy_damage(), 0.0);
    assert_eq!(c.casts[0].payloads[0].depends_on[0].on, "kill");
}

/// A shut gate discards the chip behind it and says what would open it.
#[test]
fn a_gate_says_what_it_waits_for() {
    let st = state(
        &custom(1, 0.25, 0.5, 1000.0, 0.0, 10),
        "if_enemy_close,nuke,spark_bolt",
    );
    let c = cycle(&st, &stats(), &ctx(), false);
    let k = &c.casts[0];
    assert_eq!(k.discarded, vec![1]);
    let d = &k.depends_on[0];
    assert_eq!((d.on, d.slot), ("gate", Some(0)));
    assert!(
        d.words.contains("within 80 px") && d.words.contains("shut here"),
        "{}",
        d.words
    );
}

/// The trace is a record only: a traced cast fires exactly what an
/// untraced one fires, and its LOOP passes and gates are in it.
#[test]
fn tracing_a_cast_changes_nothing() {
    let deck = "loop_3x5,damage_plus,spark_bolt,if_hp_low,spark_bolt,trigger_timer,spark_bolt";
    let mut a = state(&custom(1, 0.25, 0.5, 1000.0, 0.0, 10), deck);
    let mut b = a.clone();
    for _ in 0..4 {
        let plain = a.cast_now(&stats(), &ctx());
        let mut t = Trace::new(true);
        let traced = b.cast_traced(&stats(), &ctx(), &mut t);
        assert_eq!(plain.spawns.len(), traced.spawns.len());
        assert_eq!(plain.mana_spent, traced.mana_spent);
        assert_eq!(plain.ops, traced.ops);
        assert!(t.ops.iter().all(|o| o.watch.is_some()));
    }
    let mut c = state(&custom(1, 0.25, 0.5, 1000.0, 0.0, 10), deck);
    let mut t = Trace::new(false);
    c.cast_traced(&stats(), &ctx(), &mut t);
    let passes = t
        .ops
        .iter()
        .filter(|o| matches!(o.op, Op::LoopPass { .. }))
        .count();
    assert_eq!(passes, 5);
    assert!(t.ops.iter().any(|o| matches!(o.op, Op::Gate { open: false, .. })));
}

/// A random deck that slots into `core`: shop chips, raw registers only on
/// a core that takes them, at least one action.
fn random_deck(rng: &mut ChaCha8Rng, raw: bool, capacity: usize) -> Vec<String> {
    let spells: Vec<_> = cat()
        .spells
        .iter()
        .map(|(_, s)| s)
        .filter(|s| s.in_shop && (raw || s.kind != game::vm::SpellKind::Register))
        .collect();
    let len = rng.random_range(1..=capacity.max(1));
    let mut deck: Vec<String> = (0..len)
        .map(|_| spells[rng.random_range(0..spells.len())].id.clone())
        .collect();
    if !deck.iter().any(|id| {
        cat().spells.get(cat().spells.find(id).expect("a chip")).kind == game::vm::SpellKind::Action
    }) {
        let at = rng.random_range(0..deck.len());
        deck[at] = "spark_bolt".into();
    }
    deck
}

/// 50 random seeded decks on random cores: the view always ends, every
/// slot lies on the board, a wrap points inside the cast's slots, payload
/// slots are slots of their cast, and the verdicts are finite numbers.
#[test]
fn fifty_random_decks_give_a_sound_cycle() {
    let cores: Vec<_> = cat().cores.iter().cloned().collect();
    for seed in 0..50_u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let core = &cores[rng.random_range(0..cores.len())];
        let deck = random_deck(&mut rng, core.raw_registers, core.capacity as usize);
        let ids: Vec<&str> = deck.iter().map(String::as_str).collect();
        let c = cat();
        let st = game::vm::CoreState::new(core, &ids, &c.spells, &c.recipes, &c.balance.vm, seed)
            .unwrap_or_else(|e| panic!("seed {seed}: {deck:?} on {}: {e}", core.id));
        let view = cycle(&st, &stats(), &ctx(), seed % 5 == 0);
        assert!(!view.casts.is_empty() && view.casts.len() <= game::vm::cycle::MAX_CYCLE_CASTS);
        assert!(view.seconds.is_finite() && view.dps.is_finite() && view.upkeep.sustained_dps.is_finite());
        for k in &view.casts {
            assert!(
                k.slots.iter().all(|s| *s < ids.len()),
                "seed {seed}: {:?}",
                k.slots
            );
            assert_eq!(k.slots.len(), k.spells.len());
            assert!(k.wrapped_at.is_none_or(|w| w <= k.slots.len()), "seed {seed}");
            assert_eq!(k.affordable, k.mana <= k.mana_max + 1e-3);
            assert!(k.ops.0 <= k.ops.1);
            let mut stack: Vec<_> = k.payloads.iter().collect();
            while let Some(p) = stack.pop() {
                assert!(p.slots.iter().all(|s| k.slots.contains(s)), "seed {seed}");
                assert!(p.wrapped_at.is_none_or(|w| w <= p.slots.len()));
                assert_eq!(p.mana_max, k.mana_max, "seed {seed}");
                assert_eq!(p.affordable, p.mana <= p.mana_max + 1e-3, "seed {seed}");
                assert_eq!(p.affordable, p.unaffordable.is_none(), "seed {seed}");
                // A payload's draws are part of its cast's: if it cannot be
                // paid, neither can the cast.
                assert!(p.affordable || !k.affordable, "seed {seed}");
                stack.extend(p.payloads.iter());
            }
        }
        if view.end == CycleEnd::Recharge {
            assert!(view.casts.last().is_some_and(|k| k.recharge.is_some()));
        }
    }
}

/// The fields of a cast that the player's stats cannot change: the lab
/// reads the player's mana ceiling, `wand eval` the core's alone.
const SAME: [&str; 9] = [
    "slots",
    "chips",
    "wrapped_at",
    "mana",
    "cast_delay",
    "recharge",
    "payloads",
    "depends_on",
    "ops",
];

/// `v` without the fields a mana ceiling sets (`mana_max`, `affordable`,
/// `unaffordable`), at any depth: a payload carries them as its cast does.
fn without_ceiling(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| !["mana_max", "affordable", "unaffordable"].contains(&k.as_str()))
                .map(|(k, x)| (k.clone(), without_ceiling(x)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(without_ceiling).collect()),
        x => x.clone(),
    }
}

fn same_cycle(lab: &Value, eval: &Value, what: &str) {
    let (l, e) = (&lab["casts"], &eval["casts"]);
    assert_eq!(
        l.as_array().map(Vec::len),
        e.as_array().map(Vec::len),
        "{what}: cast counts differ"
    );
    for (n, (a, b)) in l
        .as_array()
        .into_iter()
        .flatten()
        .zip(e.as_array().into_iter().flatten())
        .enumerate()
    {
        for k in SAME {
            assert_eq!(
                without_ceiling(&a[k]),
                without_ceiling(&b[k]),
                "{what}: cast {} differs in `{k}`",
                n + 1
            );
        }
    }
    assert_eq!(lab["seconds"], eval["seconds"], "{what}");
    assert_eq!(lab["ends_with"], eval["ends_with"], "{what}");
    assert_eq!(lab["joined"], eval["joined"], "{what}");
}

/// The lab's cast view and `artificer wand eval` come from the one
/// function: on every shipped build and on 50 random seeded decks, the
/// lab's cycle (built from a run's carry) and `wand eval`'s `cycle`
/// (built from the command's arguments) agree cast by cast.
#[test]
fn the_lab_and_wand_eval_show_the_same_cycle() {
    let root = game::data::default_root();
    let cat = Arc::new(Catalog::load(&root).expect("data loads"));
    let mut decks: Vec<(String, Vec<String>)> = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(root.join("builds"))
        .expect("data/builds")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    files.sort();
    for f in &files {
        let b = game::run::load_build(f).expect("a shipped build loads");
        decks.push((b.core, b.deck));
    }
    assert!(decks.len() >= 4, "the shipped builds: {files:?}");
    let cores: Vec<_> = cat.cores.iter().cloned().collect();
    let shop: Vec<_> = cat.spells.iter().map(|(_, s)| s).filter(|s| s.in_shop).collect();
    for seed in 0..50_u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let core = &cores[rng.random_range(0..cores.len())];
        let len = rng.random_range(0..core.capacity as usize);
        let mut deck: Vec<String> = (0..len)
            .map(|_| shop[rng.random_range(0..shop.len())])
            .filter(|s| core.raw_registers || s.kind != game::vm::SpellKind::Register)
            .map(|s| s.id.clone())
            .collect();
        deck.push("spark_bolt".into());
        decks.push((core.id.clone(), deck));
    }
    let mut world =
        game::world::World::new(cat.clone(), 11, engine::gpu::Backend::Cpu, None).expect("a world");
    let mut carry = game::carry::Carry::new(&cat).expect("a carry");
    for (core, deck) in &decks {
        let build = Build {
            core: core.clone(),
            deck: deck.clone(),
            entries: Default::default(),
            equipment: Default::default(),
            items: Vec::new(),
        };
        game::run::apply_build(&mut world, &mut carry, &build).expect("the build applies");
        let what = format!("{core}: {}", deck.join(","));
        let lab = game::screens::lab_preview::cycle_of(&world, &carry)
            .unwrap_or_else(|e| panic!("{what}: the lab refuses it: {e}"));
        let lab = cycle_json(&cat.spells, &lab);
        let eval = game::cli::wand::eval(&root, core, &deck.join(","), 1, None, world.seed())
            .unwrap_or_else(|e| panic!("{what}: wand eval refuses it: {e}"));
        same_cycle(&lab, &eval["cycle"], &what);
    }
}

/// A resonance pair fuses into one card, so its second chip is never drawn
/// on its own: the interpreter records which chip it joined, the lab's card
/// says so in words instead of "not drawn", and the lab and `wand eval`
/// agree cast by cast. Fire Bolt beside Ice Shard becomes Steam Burst
/// (adjacent); a Tactical Nuke anywhere with a Black Hole becomes a
/// Singularity (anywhere in the deck, the Black Hole two slots on).
#[test]
fn a_resonance_pairs_second_chip_says_what_it_joined() {
    let root = game::data::default_root();
    let cat = Arc::new(Catalog::load(&root).expect("data loads"));
    let mut world =
        game::world::World::new(cat.clone(), 11, engine::gpu::Backend::Cpu, None).expect("a world");
    let mut carry = game::carry::Carry::new(&cat).expect("a carry");
    let cases = [
        (
            "starter_core",
            "fire_bolt,ice_shard,spark_bolt",
            1,
            0,
            ["cast 1 as Steam Burst", "joins Fire Bolt as Steam Burst"],
            "Ice Shard (slot 2) joins Fire Bolt (slot 1) as Steam Burst",
        ),
        (
            "debug_core",
            "nuke,spark_bolt,black_hole",
            2,
            0,
            ["cast 1 as Singularity", "joins Tactical Nuke as Singularity"],
            "Black Hole (slot 3) joins Tactical Nuke (slot 1) as Singularity",
        ),
    ];
    for (core, deck, slot, into, [host, words], said) in cases {
        let deck: Vec<String> = deck.split(',').map(String::from).collect();
        let build = Build {
            core: core.into(),
            deck: deck.clone(),
            entries: Default::default(),
            equipment: Default::default(),
            items: Vec::new(),
        };
        game::run::apply_build(&mut world, &mut carry, &build).expect("the build applies");
        let view = game::screens::lab_preview::cycle_of(&world, &carry).expect("the lab takes it");
        let joined: Vec<(u16, u16)> = view.joined.iter().map(|j| (j.slot, j.into)).collect();
        assert_eq!(
            joined,
            vec![(slot, into)],
            "{deck:?}: the interpreter records the join"
        );
        assert!(
            view.casts.iter().all(|k| !k.slots.contains(&usize::from(slot))),
            "{deck:?}: no cast draws the consumed chip"
        );
        let notes = game::screens::lab_cycle::card_notes(&view, deck.len());
        let chip_at = |s: usize| {
            cat.spells
                .get(cat.spells.find(&deck[s]).expect("a chip"))
                .name
                .clone()
        };
        let lines: Vec<(String, bool)> = notes
            .iter()
            .map(|n| game::screens::lab_cycle::note_words(&cat, n, &chip_at))
            .collect();
        assert_eq!(lines[usize::from(slot)], (words.to_string(), false), "{deck:?}");
        assert_eq!(lines[usize::from(into)], (host.to_string(), false), "{deck:?}");
        assert!(
            lines.iter().all(|(w, warn)| !warn && !w.contains("not drawn")),
            "{deck:?}: every card of the pair's deck acts: {lines:?}"
        );
        let eval = game::cli::wand::eval(&root, core, &deck.join(","), 1, None, world.seed())
            .unwrap_or_else(|e| panic!("{deck:?}: wand eval refuses it: {e}"));
        same_cycle(&cycle_json(&cat.spells, &view), &eval["cycle"], &deck.join(","));
        let fused = &cat.spells.get(view.joined[0].fused).id;
        assert!(
            eval["cycle"]["casts"][0]["chips"]
                .as_array()
                .is_some_and(|c| c.iter().any(|x| x == fused.as_str())),
            "{deck:?}: wand eval's first cast fires the fused chip {fused}"
        );
        // `wand eval` names the join in words, by names, never by ids.
        let j = &eval["cycle"]["joined"];
        assert_eq!(j.as_array().map(Vec::len), Some(1), "{deck:?}: {j}");
        assert_eq!(
            (j[0]["slot"].as_u64(), j[0]["into_slot"].as_u64()),
            (Some(u64::from(slot)), Some(u64::from(into)))
        );
        assert_eq!(j[0]["into"].as_str(), Some(chip_at(usize::from(into)).as_str()));
        assert_eq!(j[0]["chip"].as_str(), Some(chip_at(usize::from(slot)).as_str()));
        assert_eq!(
            j[0]["as"].as_str(),
            Some(cat.spells.get(view.joined[0].fused).name.as_str())
        );
        let said_here = j[0]["words"].as_str().unwrap_or_default();
        assert!(said_here.starts_with(said), "{deck:?}: {said_here}");
        let text = j.to_string();
        assert!(
            deck.iter().chain([fused]).all(|id| !text.contains(id.as_str())),
            "{deck:?}: an id in {text}"
        );
    }
}
