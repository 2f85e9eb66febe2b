//! The chips and cores: what a chip fires or changes, what a core holds.

use crate::catalog::Catalog;
use crate::codex::Entry;
use crate::codex::Section;
use crate::element::Coating;
use crate::vm::CoreDef;
use crate::vm::SpellDef;
use crate::vm::SpellKind;
use crate::vm::Stance;
use crate::vm::cores::Dir;
use crate::vm::cores::EntryOn;
use crate::vm::spells::CounterOn;
use crate::vm::spells::EffectKind;
use crate::vm::spells::LogicOp;
use crate::vm::spells::ModifierDef;
use crate::vm::spells::ProjectileDef;
use crate::vm::spells::RegisterOp;
use crate::vm::spells::TriggerOn;

use super::Numbers;
use super::entry;
use super::num;
use super::pct;
use super::signed;
use super::spell_kind_name;
use super::spell_name;
use super::spell_tags;

pub(super) fn spell(s: &SpellDef) -> Entry {
    let mut n = Numbers::default();
    n.add("Kind", spell_kind_name(s.kind));
    n.add("Tier", s.rarity.to_string());
    if s.in_shop {
        n.add("Price", format!("{} gold", s.price));
    } else {
        n.add("Price", "not sold: only resonance makes it");
    }
    n.add("Mana", num(s.mana));
    n.nonzero("Cast delay", s.cast_delay, |_| {
        format!("{} s", signed(s.cast_delay))
    });
    n.nonzero("Recharge", s.recharge, |_| format!("{} s", signed(s.recharge)));
    n.nonzero("HP cost", s.hp_cost, |v| format!("{v} HP"));
    if let Some(u) = s.uses {
        n.add("Uses per fight", u.to_string());
    }
    if let Some(p) = &s.projectile {
        projectile(&mut n, p);
    }
    if let Some(m) = &s.modifier {
        modifier(&mut n, m);
    }
    if let Some(d) = s.draw {
        let label = if s.kind == SpellKind::Splitter {
            "Branches"
        } else {
            "Chips drawn at once"
        };
        n.add(label, d.to_string());
    }
    if let Some(t) = &s.trigger {
        let when = match t.on {
            TriggerOn::Hit => "on hit, from the enemy".to_string(),
            TriggerOn::Timer => format!("after {} s of flight", num(t.interval)),
            TriggerOn::Kill => "on a kill, from the body".to_string(),
            TriggerOn::Turret => format!("every {} s while the turret stands", num(t.interval)),
            TriggerOn::Wall => "where it first touches a wall".to_string(),
        };
        n.add("Casts its payload", when);
        n.add("Payload chips", t.draws.to_string());
        if t.carrier_damage_mult != 1.0 {
            n.add("Carrier damage", format!("×{}", num(t.carrier_damage_mult)));
        }
    }
    if let Some(l) = &s.logic {
        match l.op {
            LogicOp::IfHpLow => n.add(
                "Casts the next chip",
                format!("only below {} HP", pct(l.threshold)),
            ),
            LogicOp::IfEnemyClose => n.add(
                "Casts the next chip",
                format!("only with an enemy within {} px", num(l.threshold)),
            ),
            LogicOp::Loop => n.add("Repeats", format!("the next {} chips {} times", l.count, l.times)),
        }
    }
    if let Some(r) = &s.register {
        let reg = match r.reg {
            crate::vm::spells::Register::A => "A",
            crate::vm::spells::Register::B => "B",
        };
        let v = num(r.value);
        let what = match r.op {
            RegisterOp::Add => format!("{reg} = {reg} + {v}"),
            RegisterOp::Set => format!("{reg} = {v}"),
            RegisterOp::EndIfBelow => format!("end the cast while {reg} < {v}"),
            RegisterOp::EndIfAtLeast => format!("end the cast once {reg} ≥ {v}"),
        };
        n.add("Register", what);
    }
    if let Some(c) = &s.counter {
        let what = match c.on {
            CounterOn::Cast => format!("every {} casts", c.every),
            CounterOn::Kill => format!("every {} kills", c.every),
        };
        n.add("Fires the next chip", what);
    }
    match s.stance {
        Some(Stance::MoveBuff { mult }) => n.add("While you move", format!("damage ×{}", num(mult))),
        Some(Stance::StandCharge { charge_s, mult, .. }) => n.add(
            "Standing still",
            format!(
                "{} s charges the next cast to damage ×{}",
                num(charge_s),
                num(mult)
            ),
        ),
        None => {}
    }
    let hint = if s.in_shop {
        "Buy or find this chip"
    } else {
        "Only a resonance recipe makes this chip"
    };
    entry(Section::Spells, &s.id, &s.name, n, spell_tags(s), hint)
}

pub(super) fn projectile(n: &mut Numbers, p: &ProjectileDef) {
    match p.effect {
        EffectKind::BlackHole => n.add(
            "Pull",
            format!(
                "{} px/s within {} px for {} s",
                num(p.effect_power),
                num(p.effect_radius),
                num(p.effect_duration)
            ),
        ),
        EffectKind::HealingMist => n.add(
            "Heals",
            format!(
                "{} HP/s within {} px for {} s",
                num(p.effect_power),
                num(p.effect_radius),
                num(p.effect_duration)
            ),
        ),
        EffectKind::Turret => n.add("Turret stands", format!("{} s", num(p.effect_duration))),
        EffectKind::None => {}
    }
    let damage = if p.count > 1 {
        format!("{} × {}", p.count, num(p.damage))
    } else {
        num(p.damage)
    };
    n.add("Damage", damage);
    n.add("Element", p.element.id());
    n.add("Speed", format!("{} px/s", num(p.speed)));
    n.nonzero("Spread", p.spread_deg, |v| format!("{v}°"));
    n.nonzero("Pierce", p.pierce as f32, |v| format!("{v} enemies"));
    n.nonzero("Bounces", p.bounces as f32, |v| v.to_string());
    n.nonzero("Chain jumps", p.chain as f32, |v| v.to_string());
    n.nonzero("Homing", p.homing, |v| format!("{v} rad/s"));
    n.nonzero("Blast radius", p.explosion_radius, |v| format!("{v} px"));
    n.nonzero("Status chance", p.status_chance, |_| pct(p.status_chance));
    match p.coating {
        Some(Coating::Wet) => n.add("Leaves", "wet (soaked)"),
        Some(Coating::Oily) => n.add("Leaves", "oily"),
        None => {}
    }
    if p.hurts_caster {
        n.add("Danger", "its blast hurts you too");
    }
}

pub(super) fn modifier(n: &mut Numbers, m: &ModifierDef) {
    n.nonzero("Damage", m.add_damage, |_| signed(m.add_damage));
    if m.damage_mult != 1.0 {
        n.add("Damage", format!("×{}", num(m.damage_mult)));
    }
    n.nonzero("Speed", m.add_speed, |_| format!("{} px/s", signed(m.add_speed)));
    if m.speed_mult != 1.0 {
        n.add("Speed", format!("×{}", num(m.speed_mult)));
    }
    n.nonzero("Spread", m.add_spread_deg, |_| {
        format!("{}°", signed(m.add_spread_deg))
    });
    n.nonzero("Size", m.add_radius, |_| format!("{} px", signed(m.add_radius)));
    if m.lifetime_mult != 1.0 {
        n.add("Range", format!("×{}", num(m.lifetime_mult)));
    }
    n.nonzero("Homing", m.homing, |v| format!("+{v} rad/s"));
    n.nonzero("Homing reach", m.acquire_radius, |v| format!("{v} px"));
    n.nonzero("Pierce", m.add_pierce as f32, |v| format!("+{v} enemies"));
    n.nonzero("Bounces", m.add_bounces as f32, |v| format!("+{v}"));
    if m.sine_amp != 0.0 {
        n.add(
            "Weave",
            format!("{} px at {} Hz", num(m.sine_amp), num(m.sine_freq)),
        );
    }
    n.nonzero("Blast radius", m.add_explosion_radius, |_| {
        format!("{} px", signed(m.add_explosion_radius))
    });
    n.nonzero("Lifesteal", m.lifesteal, |_| {
        format!("{} of the damage dealt", pct(m.lifesteal))
    });
    if let Some(c) = m.convert {
        n.add(
            "Converts",
            format!("{} of the damage to {}", pct(c.share), c.to.id()),
        );
    }
}

// ---------------------------------------------------------------- cores

pub(super) fn core(cat: &Catalog, c: &CoreDef) -> Entry {
    let mut n = Numbers::default();
    n.add("Tier", c.rarity.to_string());
    n.add("Price", format!("{} gold", c.price));
    n.add("Slots", c.capacity.to_string());
    n.add("Chips per cast", c.spells_per_cast.to_string());
    n.add("Cast delay", format!("{} s", num(c.cast_delay)));
    n.add("Recharge", format!("{} s", num(c.recharge)));
    n.add("Mana", format!("{} (+{}/s)", num(c.mana_max), num(c.mana_regen)));
    n.nonzero("CPU", c.cpu, |v| format!("+{v}"));
    if c.shuffle {
        n.add("Order", "shuffled on every rebuild");
    }
    if !c.always_cast.is_empty() {
        let names: Vec<&str> = c.always_cast.iter().map(|id| spell_name(cat, id)).collect();
        n.add("Always casts, free", names.join(", "));
    }
    if c.raw_registers {
        n.add("Raw registers", "allowed");
    }
    if c.persistent_memory {
        n.add("Memory", "registers and counters kept between waves");
    }
    if c.dual_stream {
        n.add("Streams", "two per cast: from the head and from the tail");
    }
    if c.infinite_spells {
        n.add("Out of mana", "chips cost HP instead");
    }
    for e in &c.entries {
        let on = match e.on {
            EntryOn::Hit => "When you are hit",
            EntryOn::Kill => "When you kill",
            EntryOn::Dash => "When you dash",
            EntryOn::Stored => "Stored-spell key",
        };
        n.add(
            on,
            format!("its own {} slots, {} s cooldown", e.capacity, num(e.cooldown)),
        );
    }
    if let Some(b) = &c.board {
        let w = b.slots.iter().map(|s| s[0]).max().unwrap_or(0)
            - b.slots.iter().map(|s| s[0]).min().unwrap_or(0)
            + 1;
        let h = b.slots.iter().map(|s| s[1]).max().unwrap_or(0)
            - b.slots.iter().map(|s| s[1]).min().unwrap_or(0)
            + 1;
        n.add("Board", format!("{w} × {h} grid"));
        for boost in &b.boosts {
            let dir = match boost.dir {
                Dir::Right => "on its right",
                Dir::Left => "on its left",
                Dir::Up => "above it",
                Dir::Down => "below it",
            };
            n.add(
                "Adjacency boost",
                format!(
                    "the slot at ({}, {}) makes the chip {dir} ×{}",
                    boost.at[0],
                    boost.at[1],
                    num(boost.factor)
                ),
            );
        }
    }
    if !c.starter_deck.is_empty() {
        let names: Vec<&str> = c.starter_deck.iter().map(|id| spell_name(cat, id)).collect();
        n.add("Comes with", names.join(", "));
    }
    let tags = c
        .always_cast
        .iter()
        .filter_map(|id| cat.spells.find(id))
        .flat_map(|i| spell_tags(cat.spells.get(i)))
        .collect();
    entry(Section::Cores, &c.id, &c.name, n, tags, "Buy or carry this core")
}

// ---------------------------------------------------------------- enemies
