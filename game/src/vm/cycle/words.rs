//! The cycle view's sentences: what a payload or a gate waits for, why a
//! cast can never be paid, and the upkeep's verdict. Player words: names,
//! never ids; slots counted from 1.

use super::Depends;
use crate::vm::spells::{CounterOn, LogicOp, RegisterOp, SpellBook, SpellIdx, TriggerOn};

fn at(slot: Option<usize>) -> String {
    slot.map_or(String::new(), |s| format!(" (slot {})", s + 1))
}

/// What a trigger's payload waits for.
pub(super) fn trigger(on: TriggerOn, interval: f32, slot: Option<usize>) -> Depends {
    let (key, words) = match on {
        TriggerOn::Hit => ("hit", "casts when its carrier hits an enemy".to_string()),
        TriggerOn::Timer => (
            "timer",
            format!("casts {interval:.2} s after its carrier is fired"),
        ),
        TriggerOn::Kill => (
            "kill",
            "casts only when its carrier kills an enemy (never on a dummy)".to_string(),
        ),
        TriggerOn::Wall => ("wall", "casts when its carrier reaches an arena wall".to_string()),
        TriggerOn::Turret => (
            "turret",
            format!("casts every {interval:.2} s while the turret stands"),
        ),
    };
    Depends {
        on: key,
        slot,
        words: format!("trigger{}: {words}", at(slot)),
    }
}

/// What a gate (IF, counter) asks, and what it said on the bench.
pub(super) fn gate(spells: &SpellBook, spell: SpellIdx, slot: Option<usize>, open: bool) -> Depends {
    let s = spells.get(spell);
    let here = if open { "open here" } else { "shut here" };
    let ask = match (&s.logic, &s.counter) {
        (Some(l), _) => match l.op {
            LogicOp::IfHpLow => format!(
                "the next chip fires only while your HP is below {:.0} %",
                l.threshold * 100.0
            ),
            LogicOp::IfEnemyClose => format!(
                "the next chip fires only when an enemy is within {:.0} px",
                l.threshold
            ),
            LogicOp::Loop => "repeats the chips after it".to_string(),
        },
        (None, Some(c)) => match c.on {
            CounterOn::Cast => format!("the next chip fires on every {} casts of this slot", c.every),
            CounterOn::Kill => format!("the next chip fires once {} kills have been made", c.every),
        },
        (None, None) => "decides whether the next chip fires".to_string(),
    };
    Depends {
        on: "gate",
        slot,
        words: format!("{}{}: {ask} ({here})", s.name, at(slot)),
    }
}

/// What a register chip's END waits for (`None` for a plain add or set).
pub(super) fn register(spells: &SpellBook, spell: SpellIdx, slot: Option<usize>) -> Option<Depends> {
    let s = spells.get(spell);
    let r = s.register.as_ref()?;
    let name = match r.reg {
        crate::vm::spells::Register::A => "A",
        crate::vm::spells::Register::B => "B",
    };
    let test = match r.op {
        RegisterOp::EndIfBelow => format!("ends the cast while register {name} is below {}", r.value),
        RegisterOp::EndIfAtLeast => format!("ends the cast once register {name} reaches {}", r.value),
        RegisterOp::Add | RegisterOp::Set => return None,
    };
    Some(Depends {
        on: "register",
        slot,
        words: format!("{}{}: {test}", s.name, at(slot)),
    })
}

/// Why a cast (or a payload, `what`) can never be paid: the chips that
/// cost more than the core holds on their own, or else the total. `drawn`
/// is its slots and the chip drawn from each.
pub(super) fn unaffordable(
    spells: &SpellBook,
    what: &str,
    drawn: (&[usize], &[SpellIdx]),
    mana: f32,
    max: f32,
    blood: bool,
) -> String {
    let mut alone: Vec<String> = Vec::new();
    for (slot, spell) in drawn.0.iter().zip(drawn.1) {
        let s = spells.get(*spell);
        if s.mana > max {
            let line = format!("{} (slot {}, {:.0} mana)", s.name, slot + 1, s.mana);
            if !alone.contains(&line) {
                alone.push(line);
            }
        }
    }
    let why = if alone.is_empty() {
        format!(
            "this {what} costs {mana:.0} mana but the core holds at most {max:.0}: the chips drawn after the mana runs out are skipped"
        )
    } else {
        format!(
            "this {what} costs {mana:.0} mana but the core holds at most {max:.0}; {} can never be paid and is skipped on every cast",
            alone.join(", ")
        )
    };
    if blood {
        format!("{why} (this core pays what the mana cannot in HP, up to its cap)")
    } else {
        why
    }
}

/// A chip resonance consumed into another chip's card: which, into which,
/// as what, and what that means for the cycle.
pub(super) fn joined(spells: &SpellBook, j: &crate::vm::resonance::Joined) -> String {
    format!(
        "{}{} joins {}{} as {}: it fires inside that card and is never drawn on its own",
        spells.get(j.chip).name,
        at(Some(usize::from(j.slot))),
        spells.get(j.host).name,
        at(Some(usize::from(j.into))),
        spells.get(j.fused).name,
    )
}

/// The upkeep's verdict.
pub(super) fn upkeep(per_s: f32, regen: f32, dry: Option<(u32, f32)>) -> String {
    match dry {
        Some((0, t)) => format!(
            "runs dry in its first cycle ({t:.1} s): it uses {per_s:.1} mana/s against {regen:.1}/s regeneration"
        ),
        Some((n, t)) => format!(
            "runs dry after {n} cycle{} ({t:.1} s): it uses {per_s:.1} mana/s against {regen:.1}/s regeneration",
            if n == 1 { "" } else { "s" }
        ),
        None if per_s <= regen => {
            format!("sustainable: it uses {per_s:.1} mana/s against {regen:.1}/s regeneration")
        }
        None => format!(
            "uses {per_s:.1} mana/s against {regen:.1}/s regeneration: the mana falls, but lasts a minute of casting"
        ),
    }
}
