//! The cycle view's JSON for `artificer wand eval` (docs/vm.md#wand-eval):
//! every cast until the recharge with the slots it drew, where the deck
//! wrapped, its cost against the most the core holds, its payloads nested
//! under their carriers and what it depends on in a fight; and the cycle's
//! damage per second and mana upkeep. The lab draws the same
//! [`crate::vm::cycle::CycleView`]; this file only writes it down.

use serde_json::{Value, json};

use crate::vm::cast::trace::SkipWhy;
use crate::vm::cycle::{CastView, CycleEnd, CycleView, Depends, PayloadView, Upkeep};
use crate::vm::{SpellBook, SpellIdx};

/// Rounds to 4 decimals for display (`0.25 + 0.1 + 0.05` → `0.4`).
pub fn round(x: f32) -> f64 {
    (f64::from(x) * 1.0e4).round() / 1.0e4
}

fn chips(spells: &SpellBook, ids: &[SpellIdx]) -> Vec<String> {
    ids.iter().map(|i| spells.get(*i).id.clone()).collect()
}

fn depends_json(d: &[Depends]) -> Vec<Value> {
    d.iter()
        .map(|d| json!({"on": d.on, "slot": d.slot, "words": d.words}))
        .collect()
}

fn payload_json(spells: &SpellBook, p: &PayloadView) -> Value {
    json!({
        "carrier_slot": p.carrier,
        "on": p.on,
        "slots": p.slots,
        "chips": chips(spells, &p.spells),
        "wrapped_at": p.wrapped_at,
        "mana": round(p.mana),
        "shots": p.spawns,
        "damage": round(p.damage),
        "fires_on_dummy": p.fires_on_dummy(),
        "payloads": p.payloads.iter().map(|c| payload_json(spells, c)).collect::<Vec<_>>(),
        "depends_on": depends_json(&p.depends_on),
    })
}

/// The fields the cycle view adds to one cast: merged into `wand eval`'s
/// per-cast entries and written whole for each cast of the cycle.
pub fn cast_fields(spells: &SpellBook, v: &CastView) -> serde_json::Map<String, Value> {
    let skipped: Vec<Value> = v
        .skipped
        .iter()
        .map(|(slot, why)| match why {
            SkipWhy::Mana { cost, left } => {
                json!({"slot": slot, "why": "mana", "cost": round(*cost), "mana_left": round(*left)})
            }
            SkipWhy::UsedUp => json!({"slot": slot, "why": "no uses left"}),
        })
        .collect();
    let doc = json!({
        "slots": v.slots,
        "chips": chips(spells, &v.spells),
        "wrapped_at": v.wrapped_at,
        "mana": round(v.mana),
        "mana_max": round(v.mana_max),
        "affordable": v.affordable,
        "unaffordable": v.unaffordable,
        "payloads": v.payloads.iter().map(|p| payload_json(spells, p)).collect::<Vec<_>>(),
        "depends_on": depends_json(&v.depends_on),
        "skipped": skipped,
        "discarded": v.discarded,
        "dummy_damage": round(v.dummy_damage),
    });
    match doc {
        Value::Object(m) => m,
        _ => serde_json::Map::new(),
    }
}

fn upkeep_json(u: &Upkeep) -> Value {
    json!({
        "mana_per_s": round(u.mana_per_s),
        "regen_per_s": round(u.regen_per_s),
        "sustainable": u.dry_after_cycles.is_none() && u.mana_per_s <= u.regen_per_s,
        "dry_after_cycles": u.dry_after_cycles,
        "dry_after_s": u.dry_after_s.map(round),
        "sustained_dps": round(u.sustained_dps),
        "words": u.words,
    })
}

/// The whole cycle as JSON.
pub fn cycle_json(spells: &SpellBook, c: &CycleView) -> Value {
    let casts: Vec<Value> = c
        .casts
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mut m = cast_fields(spells, v);
            m.insert("cast".into(), json!(i + 1));
            m.insert("cast_delay".into(), json!(round(v.cast_delay)));
            m.insert("recharge".into(), json!(v.recharge.map(round)));
            m.insert("damage".into(), json!(round(v.damage)));
            m.insert("ops".into(), json!(v.ops.0));
            m.insert("max_ops".into(), json!(v.ops.1));
            Value::Object(m)
        })
        .collect();
    let end = match c.end {
        CycleEnd::Recharge => "recharge",
        CycleEnd::End => "end",
        CycleEnd::Cap => "cast limit",
    };
    json!({
        "casts": casts,
        "ends_with": end,
        "mana_max": round(c.mana_max),
        "seconds": round(c.seconds),
        "damage": round(c.damage),
        "dps": round(c.dps),
        "dps_counts": "every shot hits a lone dummy once; payloads on hit, on a timer and a turret's count, those on a kill or at a wall do not",
        "upkeep": upkeep_json(&c.upkeep),
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use serde_json::Value;

    use super::cycle_json;
    use crate::catalog::Catalog;
    use crate::run::Build;

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
                assert_eq!(a[k], b[k], "{what}: cast {} differs in `{k}`", n + 1);
            }
        }
        assert_eq!(lab["seconds"], eval["seconds"], "{what}");
        assert_eq!(lab["ends_with"], eval["ends_with"], "{what}");
    }

    /// The lab's cast view and `artificer wand eval` come from the one
    /// function: on every shipped build and on 50 random seeded decks, the
    /// lab's cycle (built from a run's carry) and `wand eval`'s `cycle`
    /// (built from the command's arguments) agree cast by cast.
    #[test]
    fn the_lab_and_wand_eval_show_the_same_cycle() {
        let root = crate::data::default_root();
        let cat = Arc::new(Catalog::load(&root).expect("data loads"));
        let mut decks: Vec<(String, Vec<String>)> = Vec::new();
        let mut files: Vec<_> = std::fs::read_dir(root.join("builds"))
            .expect("data/builds")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        files.sort();
        for f in &files {
            let b = crate::run::load_build(f).expect("a shipped build loads");
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
                .filter(|s| core.raw_registers || s.kind != crate::vm::SpellKind::Register)
                .map(|s| s.id.clone())
                .collect();
            deck.push("spark_bolt".into());
            decks.push((core.id.clone(), deck));
        }
        let mut world =
            crate::world::World::new(cat.clone(), 11, engine::gpu::Backend::Cpu, None).expect("a world");
        let mut carry = crate::carry::Carry::new(&cat).expect("a carry");
        for (core, deck) in &decks {
            let build = Build {
                core: core.clone(),
                deck: deck.clone(),
                entries: Default::default(),
                equipment: Default::default(),
                items: Vec::new(),
            };
            crate::run::apply_build(&mut world, &mut carry, &build).expect("the build applies");
            let what = format!("{core}: {}", deck.join(","));
            let lab = crate::screens::lab_preview::cycle_of(&world, &carry)
                .unwrap_or_else(|e| panic!("{what}: the lab refuses it: {e}"));
            let lab = cycle_json(&cat.spells, &lab);
            let eval = crate::cli::wand::eval(&root, core, &deck.join(","), 1, None, world.seed())
                .unwrap_or_else(|e| panic!("{what}: wand eval refuses it: {e}"));
            same_cycle(&lab, &eval["cycle"], &what);
        }
    }
}
