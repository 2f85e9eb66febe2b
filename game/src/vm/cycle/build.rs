//! Turns a cast's trace into its [`CastView`]: the slots in draw order, the
//! wrap, the payloads nested under their carriers, the gates met. Reads the
//! interpreter's record only; decides nothing the interpreter decided.

use super::words;
use super::{CastView, Depends, PayloadView};
use crate::vm::cast::trace::{Op, Trace};
use crate::vm::runtime::{CastOutput, CoreState};
use crate::vm::spells::SpellBook;

/// The view of one traced cast; `mana_max` is the most the core holds.
pub(super) fn view(
    state: &CoreState,
    spells: &SpellBook,
    trace: Trace,
    out: &CastOutput,
    mana_max: f32,
) -> CastView {
    let mut v = CastView {
        slots: Vec::new(),
        spells: Vec::new(),
        wrapped_at: None,
        mana: 0.0,
        mana_max,
        affordable: true,
        unaffordable: None,
        cast_delay: out.cast_delay,
        recharge: out.recharge,
        // A sum of no shots is -0.0 in f32; damage is never negative.
        damage: out.spawns.iter().map(|s| s.damage).sum::<f32>().max(0.0),
        dummy_damage: 0.0,
        payloads: Vec::new(),
        depends_on: Vec::new(),
        skipped: Vec::new(),
        discarded: Vec::new(),
        ops: (out.ops, out.max_ops),
        ops_exhausted: out.ops_exhausted,
        ended: out.ended,
        trace: Trace::default(),
    };
    // Payloads still open, innermost last.
    let mut open: Vec<PayloadView> = Vec::new();
    for t in &trace.ops {
        match t.op {
            Op::Draw { card, cost, .. } => {
                v.mana += cost;
                for p in &mut open {
                    p.mana += cost;
                }
                if let Some(slot) = state.slot_of(&card) {
                    v.slots.push(slot);
                    v.spells.push(card.spell);
                    for p in &mut open {
                        p.slots.push(slot);
                        p.spells.push(card.spell);
                    }
                }
            }
            Op::Wrap => {
                v.wrapped_at.get_or_insert(v.slots.len());
                for p in &mut open {
                    p.wrapped_at.get_or_insert(p.slots.len());
                }
            }
            Op::Skip { card, why } => {
                if let Some(slot) = state.slot_of(&card) {
                    v.skipped.push((slot, why));
                }
            }
            Op::Discard { card } => {
                if let Some(slot) = state.slot_of(&card) {
                    v.discarded.push(slot);
                }
            }
            Op::Gate { card, open: opened } => {
                let d = words::gate(spells, card.spell, state.slot_of(&card), opened);
                push_depends(
                    open.last_mut().map_or(&mut v.depends_on, |p| &mut p.depends_on),
                    d,
                );
            }
            Op::Register { card, .. } => {
                if let Some(d) = words::register(spells, card.spell, state.slot_of(&card)) {
                    push_depends(
                        open.last_mut().map_or(&mut v.depends_on, |p| &mut p.depends_on),
                        d,
                    );
                }
            }
            Op::PayloadOpen { card, on, interval } => {
                let carrier = state.slot_of(&card);
                open.push(payload(carrier, on, interval, mana_max));
            }
            Op::PayloadClose { spawns, damage } => {
                if let Some(mut p) = open.pop() {
                    p.spawns = spawns;
                    p.damage = damage.max(0.0);
                    judge(&mut p, spells, state.core().infinite_spells);
                    match open.last_mut() {
                        Some(parent) => parent.payloads.push(p),
                        None => v.payloads.push(p),
                    }
                }
            }
            Op::AlwaysCast { .. } | Op::Eval { .. } | Op::LoopPass { .. } | Op::OutOfOps => {}
        }
    }
    v.dummy_damage = v.damage + v.payloads.iter().map(PayloadView::dummy_damage).sum::<f32>();
    let blood = state.core().infinite_spells;
    v.unaffordable = never_paid(spells, "cast", (&v.slots, &v.spells), v.mana, mana_max, blood);
    v.affordable = v.unaffordable.is_none();
    v.trace = trace;
    v
}

/// An open payload of the trigger in slot `carrier`, waiting on its
/// condition; judged against `mana_max` when it closes, as a cast is.
fn payload(
    carrier: Option<usize>,
    on: crate::vm::spells::TriggerOn,
    interval: f32,
    mana_max: f32,
) -> PayloadView {
    PayloadView {
        carrier,
        on,
        slots: Vec::new(),
        spells: Vec::new(),
        wrapped_at: None,
        mana: 0.0,
        mana_max,
        affordable: true,
        unaffordable: None,
        spawns: 0,
        damage: 0.0,
        payloads: Vec::new(),
        depends_on: vec![words::trigger(on, interval, carrier)],
    }
}

/// Marks a closed payload that alone costs more than the core holds: it can
/// never be paid, and says why as a cast does.
fn judge(p: &mut PayloadView, spells: &SpellBook, blood: bool) {
    p.unaffordable = never_paid(
        spells,
        "payload",
        (&p.slots, &p.spells),
        p.mana,
        p.mana_max,
        blood,
    );
    p.affordable = p.unaffordable.is_none();
}

/// Why a cast or payload (`what`) whose draws cost `mana` can never be paid
/// from at most `max`, or `None` when it can.
fn never_paid(
    spells: &SpellBook,
    what: &str,
    drawn: (&[usize], &[crate::vm::spells::SpellIdx]),
    mana: f32,
    max: f32,
    blood: bool,
) -> Option<String> {
    (mana > max + 1.0e-3).then(|| words::unaffordable(spells, what, drawn, mana, max, blood))
}

/// Adds `d` unless the same chip already said it (a gate met on every LOOP pass).
fn push_depends(list: &mut Vec<Depends>, d: Depends) {
    if !list.iter().any(|x| x.on == d.on && x.slot == d.slot) {
        list.push(d);
    }
}
