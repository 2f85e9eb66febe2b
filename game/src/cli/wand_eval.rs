//! The cycle view's JSON for `artificer wand eval` (docs/vm.md#wand-eval):
//! every cast until the recharge with the slots it drew, where the deck
//! wrapped, its cost against the most the core holds, its payloads nested
//! under their carriers (each with its own cost against that most) and what
//! it depends on in a fight; and the cycle's damage per second, mana upkeep
//! and the chips resonance consumed. The lab draws the same
//! [`crate::vm::cycle::CycleView`]; this file only writes it down.

use serde_json::{Value, json};

use crate::vm::cast::trace::SkipWhy;
use crate::vm::cycle::{CastView, CycleEnd, CycleView, Depends, PayloadView, Upkeep};
use crate::vm::resonance::Joined;
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
        "mana_max": round(p.mana_max),
        "affordable": p.affordable,
        "unaffordable": p.unaffordable,
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

/// The chips resonance consumed, by name and slot: never drawn on their
/// own, so no cast lists them.
fn joined_json(spells: &SpellBook, joined: &[Joined]) -> Vec<Value> {
    joined
        .iter()
        .map(|j| {
            json!({
                "slot": j.slot,
                "chip": spells.get(j.chip).name,
                "into_slot": j.into,
                "into": spells.get(j.host).name,
                "as": spells.get(j.fused).name,
                "words": CycleView::joined_words(spells, j),
            })
        })
        .collect()
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
        "joined": joined_json(spells, &c.joined),
    })
}
