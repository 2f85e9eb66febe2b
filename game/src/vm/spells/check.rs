//! Load-time checks of one chip: ids, ranges, finite numbers, and that each
//! kind has exactly the sections it needs. Separate from the data types so the
//! rules read as one list.

use std::path::Path;

use super::{LogicOp, ModifierDef, ProjectileDef, SpellDef, SpellKind, Stance, TriggerOn};
use crate::data::DataError;

/// Where the problems of one chip go: each names its field under the chip's
/// path so `data check` points at the line to fix.
struct Faults<'a> {
    file: &'a Path,
    at: &'a str,
    errors: &'a mut Vec<DataError>,
}

impl Faults<'_> {
    fn bad(&mut self, field: &str, msg: String) {
        self.errors
            .push(DataError::new(self.file, format!("{}.{field}", self.at), msg));
    }
}

/// Pushes every problem of chip `s` (at `at` in `file`) to `errors`.
pub(super) fn check_spell(file: &Path, at: &str, s: &SpellDef, errors: &mut Vec<DataError>) {
    let mut f = Faults { file, at, errors };
    check_identity(&mut f, s);
    check_costs(&mut f, s);
    if let Some(st) = &s.stance {
        check_stance(&mut f, s.kind, st);
    }
    check_sections(&mut f, s);
    if let Some(n) = s.draw {
        let min = if s.kind == SpellKind::Splitter { 2 } else { 1 };
        if !(min..=16).contains(&n) {
            f.bad("draw", format!("{n} is outside {min}..=16"));
        }
    }
    if let Some(p) = &s.projectile {
        check_projectile(&mut f, p);
    }
    if let Some(m) = &s.modifier {
        check_modifier(&mut f, m);
    }
    check_control(&mut f, s);
}

/// The words a player reads and the id the data uses to name the chip.
fn check_identity(f: &mut Faults, s: &SpellDef) {
    if s.id.is_empty()
        || !s
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        f.bad("id", format!("`{}` is not a snake_case id", s.id));
    }
    // Players read names and descriptions, never ids (the shop and lab
    // tooltips show them): both must be there.
    if s.name.trim().is_empty() {
        f.bad("name", "missing: every chip needs a name a player reads".into());
    }
    if s.description.trim().is_empty() {
        f.bad(
            "description",
            "missing: every chip needs a description for its tooltip".into(),
        );
    }
    if !(1..=3).contains(&s.rarity) {
        f.bad("rarity", format!("{} is outside 1..=3", s.rarity));
    }
}

/// What casting the chip costs: finite, and never a refund.
fn check_costs(f: &mut Faults, s: &SpellDef) {
    for (name, v) in [
        ("mana", s.mana),
        ("cast_delay", s.cast_delay),
        ("recharge", s.recharge),
        ("hp_cost", s.hp_cost),
    ] {
        if !v.is_finite() {
            f.bad(name, "must be a finite number".into());
        }
    }
    if s.mana < 0.0 {
        f.bad("mana", format!("{} is negative", s.mana));
    }
    if s.hp_cost < 0.0 {
        f.bad("hp_cost", format!("{} is negative", s.hp_cost));
    }
}

/// A stance belongs to actions only, and its numbers must make a charge.
fn check_stance(f: &mut Faults, kind: SpellKind, st: &Stance) {
    if kind != SpellKind::Action {
        f.bad(
            "stance",
            format!("only actions take a stance, not a {kind:?} chip"),
        );
    }
    if !(st.mult() > 0.0 && st.mult().is_finite()) {
        f.bad(
            "stance.mult",
            format!("{} must be a finite number > 0", st.mult()),
        );
    }
    if let Stance::StandCharge {
        charge_s,
        ring_after_s,
        ..
    } = *st
        && !(charge_s > 0.0 && charge_s.is_finite() && (0.0..=charge_s).contains(&ring_after_s))
    {
        f.bad(
            "stance",
            format!("charge_s {charge_s} must be > 0 and ring_after_s {ring_after_s} within 0..=charge_s"),
        );
    }
}

/// Each kind has exactly the sections it needs, no more and no fewer.
fn check_sections(f: &mut Faults, s: &SpellDef) {
    let has = [
        ("projectile", s.projectile.is_some()),
        ("modifier", s.modifier.is_some()),
        ("draw", s.draw.is_some()),
        ("trigger", s.trigger.is_some()),
        ("logic", s.logic.is_some()),
        ("register", s.register.is_some()),
        ("counter", s.counter.is_some()),
    ];
    let needs: &[&str] = match s.kind {
        SpellKind::Action => &["projectile"],
        SpellKind::Modifier => &["modifier"],
        SpellKind::Multicast | SpellKind::Splitter => &["draw"],
        SpellKind::Trigger => &["trigger", "projectile"],
        SpellKind::Logic => &["logic"],
        SpellKind::Register => &["register"],
        SpellKind::Counter => &["counter"],
    };
    for (name, present) in has {
        let needed = needs.contains(&name);
        if needed && !present {
            f.bad(name, format!("a {:?} chip needs a `{name}` section", s.kind));
        } else if present && !needed {
            f.bad(
                name,
                format!("a {:?} chip has no use for a `{name}` section", s.kind),
            );
        }
    }
}

/// A projectile's sizes and strengths are finite and never negative.
fn check_projectile(f: &mut Faults, p: &ProjectileDef) {
    for (name, v) in [
        ("damage", p.damage),
        ("speed", p.speed),
        ("radius_px", p.radius),
        ("lifetime_s", p.lifetime),
        ("spread_deg", p.spread_deg),
        ("homing", p.homing),
        ("explosion_radius", p.explosion_radius),
        ("effect_radius", p.effect_radius),
        ("effect_power", p.effect_power),
        ("effect_duration", p.effect_duration),
    ] {
        if !v.is_finite() || v < 0.0 {
            f.bad(
                &format!("projectile.{name}"),
                format!("{v} must be a finite number >= 0"),
            );
        }
    }
    if !(1..=64).contains(&p.count) {
        f.bad("projectile.count", format!("{} is outside 1..=64", p.count));
    }
}

/// A modifier's numbers are finite; its multipliers never flip a sign.
fn check_modifier(f: &mut Faults, m: &ModifierDef) {
    let vals = [
        ("add_damage", m.add_damage),
        ("damage_mult", m.damage_mult),
        ("add_speed", m.add_speed),
        ("speed_mult", m.speed_mult),
        ("add_spread_deg", m.add_spread_deg),
        ("add_radius", m.add_radius),
        ("lifetime_mult", m.lifetime_mult),
        ("homing", m.homing),
        ("acquire_radius", m.acquire_radius),
        ("sine_amp", m.sine_amp),
        ("sine_freq", m.sine_freq),
        ("add_explosion_radius", m.add_explosion_radius),
        ("lifesteal", m.lifesteal),
    ];
    for (name, v) in vals {
        if !v.is_finite() {
            f.bad(&format!("modifier.{name}"), "must be a finite number".into());
        }
    }
    for (name, v) in [
        ("damage_mult", m.damage_mult),
        ("speed_mult", m.speed_mult),
        ("lifetime_mult", m.lifetime_mult),
    ] {
        if v < 0.0 {
            f.bad(&format!("modifier.{name}"), format!("{v} is negative"));
        }
    }
    if let Some(c) = &m.convert
        && !(0.0..=1.0).contains(&c.share)
    {
        f.bad("modifier.convert.share", format!("{} is outside 0..=1", c.share));
    }
}

/// The control chips (triggers, logic, counters) fire within their bounds.
fn check_control(f: &mut Faults, s: &SpellDef) {
    if let Some(t) = &s.trigger {
        if !t.interval.is_finite() || t.interval < 0.0 {
            f.bad("trigger.interval_s", format!("{} must be >= 0", t.interval));
        }
        if matches!(t.on, TriggerOn::Timer | TriggerOn::Turret) && t.interval <= 0.0 {
            f.bad(
                "trigger.interval_s",
                "a timer or turret needs an interval > 0".into(),
            );
        }
        if !(1..=8).contains(&t.draws) {
            f.bad("trigger.draws", format!("{} is outside 1..=8", t.draws));
        }
    }
    if let Some(l) = &s.logic {
        if l.op == LogicOp::Loop && (!(1..=8).contains(&l.count) || !(1..=16).contains(&l.times)) {
            f.bad("logic", "a LOOP needs count in 1..=8 and times in 1..=16".into());
        }
        if l.op != LogicOp::Loop && (!l.threshold.is_finite() || l.threshold <= 0.0) {
            f.bad("logic.threshold", "a condition needs a threshold > 0".into());
        }
    }
    if let Some(c) = &s.counter
        && c.every == 0
    {
        f.bad("counter.every", "must be at least 1".into());
    }
}
