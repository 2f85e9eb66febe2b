//! The entries themselves: for each thing in the catalogue, its display name,
//! the numbers a player cares about (read from the data, never retyped),
//! its element affinities and what a locked entry hints.
//!
//! One function per section. Labels and values are words a player reads:
//! stats, elements and classes are named here, never shown by id.

use crate::catalog::Catalog;
use crate::combat::ReactionKind;
use crate::element::{Coating, Element};
use crate::enemies::AiKind;
use crate::loot::artifacts::ArtifactDef;
use crate::loot::class::{DamageClass, ItemClass};
use crate::loot::hooks::{HookEffect, WhileCondition};
use crate::loot::item::BaseDef;
use crate::stats::{StatId, StatModifier};
use crate::vm::cores::{Dir, EntryOn};
use crate::vm::resonance::MatchRule;
use crate::vm::spells::{CounterOn, EffectKind, LogicOp, ModifierDef, ProjectileDef, RegisterOp, TriggerOn};
use crate::vm::{CoreDef, SpellDef, SpellKind, Stance};

use super::texts::AlchemyFile;
use super::{Affinity, Entry, Section};

/// Every entry of the catalogue, section by section (intents still empty).
pub(super) fn build(cat: &Catalog, alchemy: &AlchemyFile) -> Vec<Entry> {
    let mut out = Vec::new();
    out.extend(cat.spells.iter().map(|(_, s)| spell(s)));
    out.extend(cat.cores.iter().map(|c| core(cat, c)));
    out.extend(cat.enemies.defs.iter().map(|e| enemy(cat, e)));
    out.extend(cat.bosses.bosses.iter().map(boss));
    out.extend(ReactionKind::ALL.iter().map(|&k| reaction(cat, alchemy, k)));
    out.extend(cat.recipes.iter().map(|(_, r)| recipe(cat, r)));
    out.extend(cat.loot.bases.bases.iter().map(item));
    out.extend(cat.loot.artifacts.artifacts.iter().map(artifact));
    out
}

/// An entry with its name, numbers, tags and locked hint; the intent comes later.
fn entry(section: Section, id: &str, name: &str, numbers: Numbers, tags: Vec<Affinity>, hint: &str) -> Entry {
    let mut tags = tags;
    tags.sort();
    tags.dedup();
    Entry {
        section,
        id: id.to_string(),
        name: name.to_string(),
        numbers: numbers.0,
        intent: String::new(),
        tags,
        locked_hint: hint.to_string(),
        always_open: false,
        flavour: None,
    }
}

/// (label, value) pairs, in reading order.
#[derive(Default)]
struct Numbers(Vec<(String, String)>);

impl Numbers {
    fn add(&mut self, label: impl Into<String>, value: impl Into<String>) {
        self.0.push((label.into(), value.into()));
    }

    /// Adds the line only when `v` is not zero (most optional fields default to 0).
    fn nonzero(&mut self, label: &str, v: f32, value: impl FnOnce(&str) -> String) {
        if v != 0.0 {
            self.add(label, value(&num(v)));
        }
    }
}

/// A number as a player reads it: at most two decimals, no trailing zeros.
pub(super) fn num(v: f32) -> String {
    let r = (v * 100.0).round() / 100.0;
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_string() } else { s.to_string() }
}

/// A signed number ("+0.05", "−0.1").
fn signed(v: f32) -> String {
    if v < 0.0 {
        format!("−{}", num(-v))
    } else {
        format!("+{}", num(v))
    }
}

/// A fraction as a percentage ("0.3" → "30 %").
fn pct(v: f32) -> String {
    format!("{} %", num(v * 100.0))
}

fn element_name(e: Element) -> &'static str {
    match e {
        Element::Physical => "physical",
        Element::Fire => "fire",
        Element::Ice => "ice",
        Element::Lightning => "lightning",
        Element::Poison => "poison",
    }
}

fn spell_name<'a>(cat: &'a Catalog, id: &'a str) -> &'a str {
    cat.spells
        .find(id)
        .map_or(id, |i| cat.spells.get(i).name.as_str())
}

// ---------------------------------------------------------------- spells

fn spell_kind_name(k: SpellKind) -> &'static str {
    match k {
        SpellKind::Action => "Action",
        SpellKind::Modifier => "Modifier",
        SpellKind::Multicast => "Multicast",
        SpellKind::Trigger => "Trigger",
        SpellKind::Logic => "Logic gate",
        SpellKind::Register => "Register (DEBUG core)",
        SpellKind::Counter => "Counter",
        SpellKind::Splitter => "Splitter",
    }
}

/// The affinities of a chip: what its projectile deals or coats with, what its modifier converts to.
fn spell_tags(s: &SpellDef) -> Vec<Affinity> {
    let mut tags = Vec::new();
    if let Some(p) = &s.projectile {
        tags.extend(Affinity::of_element(p.element));
        tags.extend(p.coating.map(Affinity::of_coating));
    }
    if let Some(c) = s.modifier.as_ref().and_then(|m| m.convert) {
        tags.extend(Affinity::of_element(c.to));
    }
    tags
}

fn spell(s: &SpellDef) -> Entry {
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

fn projectile(n: &mut Numbers, p: &ProjectileDef) {
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
    n.add("Element", element_name(p.element));
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

fn modifier(n: &mut Numbers, m: &ModifierDef) {
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
            format!("{} of the damage to {}", pct(c.share), element_name(c.to)),
        );
    }
}

// ---------------------------------------------------------------- cores

fn core(cat: &Catalog, c: &CoreDef) -> Entry {
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

/// "1–4, 6, 9–12" from sorted wave numbers.
fn wave_ranges(waves: &[u32]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < waves.len() {
        let start = waves[i];
        let mut end = start;
        while i + 1 < waves.len() && waves[i + 1] == end + 1 {
            i += 1;
            end = waves[i];
        }
        parts.push(if end == start {
            format!("{start}")
        } else {
            format!("{start}–{end}")
        });
        i += 1;
    }
    parts.join(", ")
}

fn resist_line(resist: [f32; 5]) -> Option<String> {
    let parts: Vec<String> = Element::ALL
        .iter()
        .zip(resist)
        .filter(|(_, r)| *r != 0.0)
        .map(|(e, r)| format!("{} {}", element_name(*e), pct(r)))
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

fn enemy(cat: &Catalog, e: &crate::enemies::EnemyDef) -> Entry {
    let mut n = Numbers::default();
    if e.elite {
        n.add("Rank", "elite");
    }
    n.add("HP", num(e.hp));
    n.add("Speed", format!("{} px/s", num(e.speed)));
    n.add("Contact damage", num(e.attack));
    n.nonzero("Armour", e.armor, |v| v.to_string());
    if let Some(r) = resist_line(e.resist) {
        n.add("Resists", r);
    }
    let d = e.defence;
    let levels: Vec<String> = [
        ("sharp", d.sharp),
        ("blunt", d.blunt),
        ("fire", d.fire),
        ("ice", d.ice),
        ("lightning", d.lightning),
        ("poison", d.poison),
        ("every element", d.elemental),
    ]
    .iter()
    .filter(|(_, l)| *l != 0)
    .map(|(c, l)| format!("{c} {l}"))
    .collect();
    if !levels.is_empty() {
        n.add("Defence levels", levels.join(", "));
    }
    n.nonzero("Knockback resistance", e.knockback_resist, |_| {
        pct(e.knockback_resist)
    });
    if let Some(m) = e.reflect {
        n.add(
            "Reflects",
            format!(
                "shots at least {} physical, across a {}° front",
                pct(m.min_physical_share),
                num(m.arc_deg)
            ),
        );
    }
    if e.incorporeal {
        n.add("Incorporeal", "physical hits pass through unless silvered");
    }
    let mut tags = Vec::new();
    match e.ai {
        AiKind::Seek => n.add("Moves", "straight at you"),
        AiKind::Charger(c) => n.add(
            "Charge",
            format!(
                "winds up {} s within {} px, then charges for {} s",
                num(c.windup),
                num(c.trigger_range),
                num(c.charge_time)
            ),
        ),
        AiKind::Spitter(s) => n.add(
            "Spit",
            format!(
                "{} damage every {} s from {}–{} px",
                num(s.shot_damage * e.damage_mult),
                num(s.interval),
                num(s.min_range),
                num(s.max_range)
            ),
        ),
        AiKind::Poisoner(p) => {
            tags.push(Affinity::Poison);
            n.add(
                "Poison pools",
                format!(
                    "{} damage/s in {} px for {} s, every {} s",
                    num(p.pool_dps * e.damage_mult),
                    num(p.pool_radius),
                    num(p.pool_duration),
                    num(p.interval)
                ),
            );
        }
    }
    n.add("XP", num(e.xp));
    n.add("Gold", format!("{}–{}", e.gold[0], e.gold[1]));
    let waves: Vec<u32> = cat
        .waves
        .iter()
        .filter(|w| {
            w.spawn_groups.iter().any(|g| g.enemy_id == e.id)
                || w.elite_overrides.iter().any(|o| o.enemy_id == e.id)
        })
        .map(|w| w.wave)
        .collect();
    if !waves.is_empty() {
        n.add("Waves", wave_ranges(&waves));
    }
    entry(
        Section::Enemies,
        &e.id,
        &e.name,
        n,
        tags,
        "Meet this enemy in a fight",
    )
}

fn boss(b: &crate::enemies::bosses::BossDef) -> Entry {
    let mut n = Numbers::default();
    n.add("Wave", b.wave.to_string());
    n.add("HP", num(b.hp));
    let phases = b.phases.len();
    n.add(
        "Phases",
        match &b.ng_plus_phase {
            Some(_) => format!("{phases} (+1 in NG+)"),
            None => phases.to_string(),
        },
    );
    n.add("Speed", format!("{} px/s", num(b.speed)));
    n.add("Contact damage", num(b.attack));
    n.add(
        "Shots",
        format!("{} {} damage", num(b.shot.damage), element_name(b.shot.element)),
    );
    n.nonzero("Armour", b.armor, |v| v.to_string());
    if let Some(l) = &b.armor_layers {
        n.add(
            "Armour layers",
            format!(
                "{} of {} armour each, stripped by {}",
                l.layers,
                num(l.armor_per_layer),
                element_name(l.stripped_by)
            ),
        );
    }
    if let Some(m) = &b.mirror {
        n.add(
            "Reflects",
            format!(
                "shots at least {} physical, across a {}° front",
                pct(m.min_physical_share),
                num(m.arc_deg)
            ),
        );
    }
    if let Some(s) = &b.barrage_shield {
        n.add(
            "Barrage shield",
            format!(
                "{} hits within {} s raise it for {} s",
                num(s.hits),
                num(s.window_s),
                num(s.duration_s)
            ),
        );
    }
    for p in &b.phases {
        let mut line = format!("from {} HP", pct(p.hp_threshold_enter));
        if let Some(r) = resist_line(p.resistances.to_array()) {
            line.push_str(&format!("; resists {r}"));
        }
        if p.regen_on_physical_hit > 0.0 {
            line.push_str(&format!(
                "; heals {} per physical hit",
                pct(p.regen_on_physical_hit)
            ));
        }
        n.add(format!("Phase {}", p.phase), line);
    }
    n.add("XP", num(b.xp));
    let tags = Affinity::of_element(b.shot.element).into_iter().collect();
    entry(
        Section::Bosses,
        &b.boss_id,
        &b.display_name,
        n,
        tags,
        "Face this boss in a run",
    )
}

// ---------------------------------------------------------------- reactions

fn reaction(cat: &Catalog, alchemy: &AlchemyFile, k: ReactionKind) -> Entry {
    let r = &cat.combat;
    let mut n = Numbers::default();
    use Affinity as A;
    let blast = |b: &crate::combat::rules::BlastRule| {
        format!(
            "{} of the hit's damage to enemies within {} px",
            pct(b.damage_fraction),
            num(b.radius)
        )
    };
    let tags = match k {
        ReactionKind::Ignite => {
            n.add("Elements", "fire on a clean target");
            n.add("Chance", "the hit's status chance");
            n.add(
                "Burning",
                format!(
                    "{} of the fire damage per second for {} s",
                    pct(r.burning_dps_fraction),
                    num(r.burning_duration)
                ),
            );
            vec![A::Fire]
        }
        ReactionKind::Vaporise => {
            n.add("Elements", "fire on a wet target");
            n.add("Steam burst", blast(&r.vaporise));
            n.add("Consumes", "wet");
            vec![A::Fire, A::Water]
        }
        ReactionKind::OilBlast => {
            n.add("Elements", "fire on an oily target");
            n.add("Fire damage", format!("×{}", num(r.oily_fire_mult)));
            n.add(
                "Burning",
                format!("{} s", num(r.burning_duration * r.oily_burn_duration_mult)),
            );
            n.add("Consumes", "oily");
            vec![A::Fire, A::Oil]
        }
        ReactionKind::Melt => {
            n.add("Elements", "fire on a frozen target");
            n.add(
                "Frozen",
                format!("ends early (it lasts {} s)", num(r.frozen_duration)),
            );
            vec![A::Fire, A::Ice]
        }
        ReactionKind::Slow => {
            n.add("Elements", "ice on a clean target");
            n.add("Chance", "the hit's status chance");
            n.add(
                "Slowed",
                format!("speed ×{} for {} s", num(r.slow_factor), num(r.slowed_duration)),
            );
            vec![A::Ice]
        }
        ReactionKind::Freeze => {
            n.add("Elements", "ice on a wet target");
            n.add("Frozen", format!("{} s, no movement", num(r.frozen_duration)));
            n.add("Consumes", "wet");
            vec![A::Ice, A::Water]
        }
        ReactionKind::Quench => {
            n.add("Elements", "ice on a burning target");
            n.add(
                "Burning",
                format!("put out (it lasts {} s)", num(r.burning_duration)),
            );
            vec![A::Ice, A::Fire]
        }
        ReactionKind::Paralyse => {
            n.add("Elements", "lightning on a clean target");
            n.add("Chance", "the hit's status chance");
            n.add(
                "Paralysed",
                format!("{} s, no movement or attacks", num(r.paralysed_duration)),
            );
            vec![A::Lightning]
        }
        ReactionKind::Conduction => {
            n.add("Elements", "lightning on a wet target");
            n.add("Lightning damage", format!("×{}", num(r.wet_lightning_mult)));
            n.add("Current", blast(&r.conduction));
            vec![A::Lightning, A::Water]
        }
        ReactionKind::Overload => {
            n.add("Elements", "lightning on a burning target");
            n.add("Explosion", blast(&r.overload));
            n.add("Consumes", "burning");
            vec![A::Lightning, A::Fire]
        }
        ReactionKind::Shatter => {
            n.add("Elements", "physical or lightning on a frozen target");
            n.add(
                "Damage",
                format!("dealt as physical ×{}", num(r.frozen_physical_mult)),
            );
            n.add("Consumes", "frozen");
            vec![A::Ice, A::Lightning]
        }
        ReactionKind::Poison => {
            n.add("Elements", "any hit carrying poison");
            n.add(
                "Per stack",
                format!(
                    "{} of the poison damage per second for {} s",
                    pct(r.poison_dps_fraction),
                    num(r.poison_duration)
                ),
            );
            n.add(
                "Stacks",
                format!(
                    "up to {}, {} with poison attunement",
                    r.poison_stack_cap_base, r.poison_stack_cap_max
                ),
            );
            vec![A::Poison]
        }
    };
    let page = alchemy.page(k);
    let name = page.map_or(k.name(), |p| p.name.as_str());
    let mut e = entry(
        Section::Reactions,
        super::reaction_id(k),
        name,
        n,
        tags,
        "Trigger this reaction in a fight to open its page",
    );
    e.flavour = page.map(|p| p.text.clone());
    e
}

// ---------------------------------------------------------------- recipes

/// The vague hint of a hidden recipe: the elements of its ingredients as the
/// data's `hint` lists them, never a chip or the result.
fn recipe_hint(hint: &[Element], rule: MatchRule) -> String {
    let word = |e: Element| match e {
        Element::Physical => "raw force",
        other => element_name(other),
    };
    let mut els: Vec<Element> = hint.to_vec();
    els.dedup();
    let place = match rule {
        MatchRule::Adjacent => "side by side",
        MatchRule::AnywhereInDeck => "anywhere in one deck",
    };
    match els.as_slice() {
        [] => format!("Two chips seem to stir when they sit {place}…"),
        [one] => format!("Something stirs when {} gathers twice, {place}…", word(*one)),
        [a, b] => format!(
            "Something happens where {} meets {}, {place}…",
            word(*a),
            word(*b)
        ),
        many => {
            let words: Vec<&str> = many.iter().map(|e| word(*e)).collect();
            format!("Something happens where {} meet, {place}…", words.join(", "))
        }
    }
}

fn recipe(cat: &Catalog, r: &crate::vm::resonance::Recipe) -> Entry {
    let (a, b, result) = (cat.spells.get(r.a), cat.spells.get(r.b), cat.spells.get(r.result));
    let mut n = Numbers::default();
    n.add("Ingredients", format!("{} + {}", a.name, b.name));
    n.add("Becomes", result.name.clone());
    n.add(
        "Placement",
        match r.def.match_rule {
            MatchRule::Adjacent => "side by side in the deck",
            MatchRule::AnywhereInDeck => "anywhere in the deck",
        },
    );
    n.add("Tier", r.def.rarity.to_string());
    if let Some(p) = &result.projectile {
        n.add("Result damage", num(p.damage));
        n.add("Result element", element_name(p.element));
    }
    let tags = [a, b, result].into_iter().flat_map(spell_tags).collect();
    let hint = recipe_hint(&r.def.hint, r.def.match_rule);
    let mut e = entry(Section::Recipes, &r.def.id, &result.name, n, tags, &hint);
    e.always_open = !r.def.hidden;
    e
}

// ---------------------------------------------------------------- items

fn stat_label(s: StatId) -> &'static str {
    match s {
        StatId::HpMax => "max HP",
        StatId::HpRegen => "HP regeneration",
        StatId::ManaMax => "max mana",
        StatId::ManaRegen => "mana regeneration",
        StatId::MoveSpeed => "move speed",
        StatId::CastDelayMod => "cast delay",
        StatId::RechargeSpeedMod => "recharge time",
        StatId::Luck => "luck",
        StatId::CpuLimit => "CPU",
        StatId::AttunementFire => "fire attunement",
        StatId::AttunementIce => "ice attunement",
        StatId::AttunementLightning => "lightning attunement",
        StatId::AttunementPoison => "poison attunement",
        StatId::DamageFlat => "flat damage",
        StatId::DamageMult => "damage",
        StatId::CritChance => "crit chance",
        StatId::CritMult => "crit damage",
        StatId::Penetration => "armour penetration",
        StatId::ResShred => "resistance shred",
        StatId::StatusChance => "status chance",
        StatId::Armor => "armour",
        StatId::PickupRadius => "pickup radius",
        StatId::ManaLeech => "mana per kill",
        StatId::Accuracy => "accuracy",
        StatId::ReactionPower => "reaction power",
        StatId::Save => "affliction save",
        StatId::Parry => "parry chance",
    }
}

/// "+5 max HP", "+15 % damage", "−60 % max HP".
fn modifier_text(m: &StatModifier) -> String {
    let label = stat_label(m.stat);
    let mut parts = Vec::new();
    if m.add != 0.0 {
        parts.push(format!("{} {label}", signed(m.add)));
    }
    if m.mul != 1.0 {
        parts.push(format!("{} % {label}", signed((m.mul - 1.0) * 100.0)));
    }
    if parts.is_empty() {
        format!("{label} unchanged")
    } else {
        parts.join(", ")
    }
}

fn class_name(c: ItemClass) -> &'static str {
    match c {
        ItemClass::Core => "spell core",
        ItemClass::Blade => "blade",
        ItemClass::Armour => "armour",
        ItemClass::Pocket => "pocket item",
        ItemClass::Bag => "bag",
        ItemClass::Artifact => "artifact",
    }
}

fn damage_class_name(c: DamageClass) -> &'static str {
    match c {
        DamageClass::Sharp => "sharp",
        DamageClass::Blunt => "blunt",
        DamageClass::Fire => "fire",
        DamageClass::Ice => "ice",
        DamageClass::Lightning => "lightning",
        DamageClass::Poison => "poison",
    }
}

fn item(b: &BaseDef) -> Entry {
    let mut n = Numbers::default();
    n.add("Class", class_name(b.class));
    if let Some(slot) = b.class.slot() {
        n.add("Slot", slot.name());
    }
    let mut tags = Vec::new();
    if let Some(w) = &b.weapon {
        n.add("Attack level", w.attack_level.to_string());
        let classes: Vec<&str> = w.classes.iter().map(|c| damage_class_name(*c)).collect();
        n.add("Damage class", classes.join(" and "));
        if w.penetration_level != 0 {
            n.add("Penetration level", w.penetration_level.to_string());
        }
        tags.extend(w.classes.iter().filter_map(|c| match c {
            DamageClass::Fire => Some(Affinity::Fire),
            DamageClass::Ice => Some(Affinity::Ice),
            DamageClass::Lightning => Some(Affinity::Lightning),
            DamageClass::Poison => Some(Affinity::Poison),
            DamageClass::Sharp | DamageClass::Blunt => None,
        }));
    }
    if let Some(a) = &b.armour {
        n.add("Defence levels", format!("sharp {}, blunt {}", a.sharp, a.blunt));
        if a.heavy {
            n.add("Heavy", "slows you unless lightened");
        }
    }
    for m in &b.modifiers {
        n.add("Bonus", modifier_text(m));
    }
    n.add("Drop weight", b.weight.to_string());
    entry(
        Section::Items,
        &b.id,
        &b.name,
        n,
        tags,
        "Pick up an item of this kind",
    )
}

fn artifact(a: &ArtifactDef) -> Entry {
    let mut n = Numbers::default();
    n.add("Effect", a.rule.clone());
    n.add("Cost", a.price.clone());
    if a.extra_sockets > 0 {
        n.add(
            "Artifact sockets opened",
            format!("{} (it fills one itself)", a.extra_sockets),
        );
    }
    for m in &a.modifiers {
        n.add("Stat", modifier_text(m));
    }
    for w in &a.while_ {
        let when = match w.condition {
            WhileCondition::NoArmour => "With no armour",
            WhileCondition::StandingStill => "Standing still",
        };
        let texts: Vec<String> = w.modifiers.iter().map(modifier_text).collect();
        n.add(when, texts.join(", "));
    }
    let tags = a
        .hooks
        .iter()
        .filter_map(|h| match h.effect {
            HookEffect::DamageOverTime { element, .. } => Affinity::of_element(element),
            _ => None,
        })
        .collect();
    entry(Section::Artifacts, &a.id, &a.name, n, tags, "Find this artifact")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_like_numbers() {
        assert_eq!(num(0.25), "0.25");
        assert_eq!(num(600.0), "600");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(signed(-0.1), "−0.1");
        assert_eq!(pct(0.3), "30 %");
    }

    #[test]
    fn waves_fold_into_ranges() {
        assert_eq!(wave_ranges(&[1, 2, 3, 4, 6, 9, 10]), "1–4, 6, 9–10");
        assert_eq!(wave_ranges(&[]), "");
    }

    #[test]
    fn a_hint_names_elements_and_placement_only() {
        let h = recipe_hint(&[Element::Ice, Element::Lightning], MatchRule::Adjacent);
        assert_eq!(h, "Something happens where ice meets lightning, side by side…");
        let h = recipe_hint(&[Element::Physical], MatchRule::AnywhereInDeck);
        assert!(h.contains("raw force") && h.contains("anywhere"), "{h}");
    }
}
