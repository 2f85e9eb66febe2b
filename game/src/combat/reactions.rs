//! The reaction matrix of docs/game.md#reactions and applying a hit to an enemy.
//!
//! | attack \ target | none     | wet             | oily          | burning        | frozen          |
//! |-----------------|----------|-----------------|---------------|----------------|-----------------|
//! | fire            | ignite   | vaporise (AOE)  | oil blast ×3  | –              | melt (unfreeze) |
//! | ice             | slow     | freeze          | –             | quench         | –               |
//! | lightning       | paralyse | conduction (AOE, ×2) | –        | overload (AOE) | shatter (phys.) |
//! | physical        | –        | –               | –             | –              | shatter ×4      |
//!
//! How a cell is chosen: for each element of the hit (in [`Element::ALL`]
//! order) the target's statuses are looked at in the priority order frozen,
//! oily, wet, burning, and the first *present* status whose cell is not "–"
//! reacts. If the target has none of those four statuses the "none" column
//! applies, which is a status roll (ignite / slow / paralyse) on the hit's
//! status chance; the other reactions are certain. Every element plans
//! against the statuses as they were *before* the hit, and statuses a
//! reaction consumes are removed after. Poison adds a stack on every hit that
//! carries poison. Coatings (wet / oily from a water or oil spell) land last.

use glam::Vec2;
use rand::Rng;
use serde::Serialize;

use super::aoe::Blast;
use super::damage::{self, AttackerStats, Coating, HitSpec};
use super::rules::CombatRules;
use super::status::{PoisonStack, Status, StatusSet};
use super::target::HitTarget;
use crate::element::{Element, ElementShares};

/// What a cell of the matrix does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReactionKind {
    /// Fire on a clean target: may set it burning.
    Ignite,
    /// Fire on wet: steam burst hurting neighbours; wet consumed.
    Vaporise,
    /// Fire on oily: fire ×3, burning for twice as long; oily consumed.
    OilBlast,
    /// Fire on frozen: thaws.
    Melt,
    /// Ice on a clean target: may slow.
    Slow,
    /// Ice on wet: frozen solid; wet consumed.
    Freeze,
    /// Ice on burning: puts the fire out.
    Quench,
    /// Lightning on a clean target: may paralyse.
    Paralyse,
    /// Lightning on wet: lightning ×2 and current to neighbours.
    Conduction,
    /// Lightning on burning: explosion; burning consumed.
    Overload,
    /// Physical or lightning on frozen: dealt as physical ×4; frozen consumed.
    Shatter,
    /// Poison: one more stack.
    Poison,
}

impl ReactionKind {
    /// Every reaction, in declaration order (codex, statistics).
    pub const ALL: [ReactionKind; 12] = [
        ReactionKind::Ignite,
        ReactionKind::Vaporise,
        ReactionKind::OilBlast,
        ReactionKind::Melt,
        ReactionKind::Slow,
        ReactionKind::Freeze,
        ReactionKind::Quench,
        ReactionKind::Paralyse,
        ReactionKind::Conduction,
        ReactionKind::Overload,
        ReactionKind::Shatter,
        ReactionKind::Poison,
    ];

    /// The snake_case id used in JSON output and the codex.
    pub fn name(self) -> &'static str {
        match self {
            ReactionKind::Ignite => "ignite",
            ReactionKind::Vaporise => "vaporise",
            ReactionKind::OilBlast => "oil_blast",
            ReactionKind::Melt => "melt",
            ReactionKind::Slow => "slow",
            ReactionKind::Freeze => "freeze",
            ReactionKind::Quench => "quench",
            ReactionKind::Paralyse => "paralyse",
            ReactionKind::Conduction => "conduction",
            ReactionKind::Overload => "overload",
            ReactionKind::Shatter => "shatter",
            ReactionKind::Poison => "poison",
        }
    }
}

/// A reaction decided before the damage is computed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Planned {
    /// Which cell.
    pub kind: ReactionKind,
    /// The hit's element that triggers it.
    pub element: Element,
}

/// A reaction that happened, for effects, the codex, and AOE resolution.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ReactionEvent {
    /// Which reaction.
    pub kind: ReactionKind,
    /// Where (the struck enemy's position).
    pub pos: [f32; 2],
    /// Area damage to resolve against the other enemies, if any.
    pub blast: Option<Blast>,
}

/// Damage of one hit, before it is applied ([`compute_hit`] makes it,
/// [`apply_hit`] applies it). It lives beside them, not in `damage`, because
/// it carries the planned reactions: in `damage` it made `damage` and
/// `reactions` import each other.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HitResult {
    /// Final damage per element (sums to `total`).
    pub per_element: [f32; 5],
    /// Final damage, at least 1.
    pub total: f32,
    /// Whether the hit crit.
    pub crit: bool,
    /// Status chance per element (spec + attacker + attunement), for the statuses of the "none" column.
    pub status_chance: [f32; 5],
    /// Poison stack cap of the attacker.
    pub poison_cap: u32,
    /// The reactions this hit triggers, decided from the target's statuses before the hit.
    pub reactions: Vec<Planned>,
    /// Coating to lay after reactions.
    pub coating: Option<Coating>,
    /// The attacker's reaction power, scaling what the reactions lay on the target.
    pub reaction_power: f32,
    /// Damage per element as it would be at reaction power 1 (the status
    /// multipliers unscaled): what blasts and laid damage-over-time are
    /// fractions of, so reaction power scales them once, not twice.
    pub reaction_base: [f32; 5],
    /// Times each reaction is applied (the attacker's `reaction_times`, at least 1).
    pub reaction_times: u32,
    /// Reactions do not clear the statuses they consume (the attacker's `keep_statuses`).
    pub keep_statuses: bool,
}

/// The outcome of the matrix for one hit on one set of statuses: the shares
/// to use (shatter moves lightning to physical), the per-element multipliers,
/// and the reactions to apply.
#[derive(Debug, Clone, PartialEq)]
pub struct ReactionPlan {
    /// Shares after shatter conversion.
    pub shares: ElementShares,
    /// Per-element multipliers (wet, oily, frozen).
    pub mult: [f32; 5],
    /// Reactions to apply, in element order.
    pub planned: Vec<Planned>,
}

/// Reads the matrix for a hit with `shares` on a target carrying `status`.
pub fn plan(status: &StatusSet, shares: &ElementShares, rules: &CombatRules) -> ReactionPlan {
    let mut out = ReactionPlan {
        shares: *shares,
        mult: [1.0; 5],
        planned: Vec::new(),
    };
    let frozen = status.has(Status::Frozen);
    let oily = status.has(Status::Oily);
    let wet = status.has(Status::Wet);
    let burning = status.has(Status::Burning);
    let clean = !(frozen || oily || wet || burning);
    let phys = Element::Physical.index();
    for e in Element::ALL {
        if shares.get(e) <= 0.0 {
            continue;
        }
        let kind = match e {
            Element::Physical => frozen.then_some(ReactionKind::Shatter),
            Element::Fire => {
                if frozen {
                    Some(ReactionKind::Melt)
                } else if oily {
                    Some(ReactionKind::OilBlast)
                } else if wet {
                    Some(ReactionKind::Vaporise)
                } else {
                    clean.then_some(ReactionKind::Ignite)
                }
            }
            Element::Ice => {
                if frozen || (oily && !wet && !burning) {
                    None
                } else if wet {
                    Some(ReactionKind::Freeze)
                } else if burning {
                    Some(ReactionKind::Quench)
                } else {
                    clean.then_some(ReactionKind::Slow)
                }
            }
            Element::Lightning => {
                if frozen {
                    Some(ReactionKind::Shatter)
                } else if wet {
                    Some(ReactionKind::Conduction)
                } else if burning {
                    Some(ReactionKind::Overload)
                } else {
                    clean.then_some(ReactionKind::Paralyse)
                }
            }
            Element::Poison => Some(ReactionKind::Poison),
        };
        let Some(kind) = kind else { continue };
        match kind {
            ReactionKind::OilBlast => out.mult[e.index()] = rules.oily_fire_mult,
            ReactionKind::Conduction => out.mult[e.index()] = rules.wet_lightning_mult,
            ReactionKind::Shatter => {
                if e == Element::Lightning {
                    let l = e.index();
                    out.shares.0[phys] += out.shares.0[l];
                    out.shares.0[l] = 0.0;
                }
                out.mult[phys] = rules.frozen_physical_mult;
            }
            _ => {}
        }
        let duplicate = out.planned.iter().any(|p| p.kind == kind);
        if !duplicate {
            out.planned.push(Planned { kind, element: e });
        }
    }
    out
}

/// Computes a hit on `target`: crit roll, reaction plan, damage. Does not
/// change the target; pass the result to [`apply_hit`].
///
/// Reaction power (`attacker.reaction_power`, the stat that reaction affixes
/// raise and Double Heart lowers by 35 %) scales what a reaction adds, never
/// the hit's own damage: the *bonus* of a status multiplier (oil ×3 becomes
/// `1 + 2 × power`, wet lightning ×2 becomes `1 + power`, shatter ×4 becomes
/// `1 + 3 × power`) here, and in [`apply_hit`] the area damage of blasts and
/// the damage per second of the burning and poison a reaction lays. Durations,
/// freezing and slowing are not damage and are not scaled. At power 1 every
/// number is the matrix's own.
pub fn compute_hit(
    target: &impl HitTarget,
    spec: &HitSpec,
    attacker: &AttackerStats,
    rules: &CombatRules,
    rng: &mut impl Rng,
) -> HitResult {
    let crit = attacker.roll_crit(rules, rng);
    let mut p = plan(target.status(), &spec.shares, rules);
    let power = attacker.reaction_power.max(0.0);
    let unscaled = p.mult;
    for m in &mut p.mult {
        if *m != 1.0 {
            *m = 1.0 + (*m - 1.0) * power;
        }
    }
    let defence = target.defence();
    let (per_element, total) = damage::compute(spec, &p.shares, &p.mult, attacker, &defence, crit, rules);
    let mut reaction_base = per_element;
    for e in 0..reaction_base.len() {
        if p.mult[e] > 0.0 && p.mult[e] != unscaled[e] {
            reaction_base[e] *= unscaled[e] / p.mult[e];
        }
    }
    HitResult {
        reaction_base,
        per_element,
        total,
        crit,
        status_chance: damage::status_chances(spec, attacker, rules),
        poison_cap: rules.poison_cap(attacker.attunement[Element::Poison.index()]),
        reactions: p.planned,
        coating: spec.coating,
        reaction_power: power,
        reaction_times: attacker.reaction_times.max(1),
        keep_statuses: attacker.keep_statuses,
    }
}

/// Applies a computed hit: takes the HP, applies the planned reactions and
/// the coating, and returns what happened. Area reactions come back with a
/// [`Blast`] for [`super::aoe::blast_targets`]. A status roll draws one
/// number from `rng` whether or not it succeeds.
///
/// Loot rules (`hit.reaction_times`, `hit.keep_statuses`): each planned
/// reaction is applied `reaction_times` times in a row — every repeat rolls
/// its status chance again, lays its status or poison stack again and comes
/// back as its own event with its own blast (so area damage lands again);
/// the hit's damage multipliers (oil ×3, wet lightning ×2, shatter ×4) are
/// part of the hit, not of the reaction, and count once. A repeat fires even
/// when the first one consumed its status: the reaction was decided from the
/// statuses before the hit. With `keep_statuses` no reaction clears the
/// status it consumed (wet, oily, burning, frozen stay with their timers).
#[expect(
    clippy::too_many_lines,
    reason = "the damage pipeline's steps in their rule order (docs/game.md#damage-pipeline)"
)]
pub fn apply_hit(
    target: &mut impl HitTarget,
    hit: &HitResult,
    rules: &CombatRules,
    rng: &mut impl Rng,
) -> Vec<ReactionEvent> {
    target.take_damage(hit.total);
    let pos = target.pos();
    let st = target.status_mut();
    let mut events = Vec::new();
    let keep = hit.keep_statuses;
    let planned = hit
        .reactions
        .iter()
        .flat_map(|p| std::iter::repeat_n(p, hit.reaction_times.max(1) as usize));
    for p in planned {
        let dmg = hit.reaction_base[p.element.index()] * hit.reaction_power;
        let chance = hit.status_chance[p.element.index()];
        let mut blast = None;
        let happened = match p.kind {
            ReactionKind::Ignite => {
                roll(rng, chance) && {
                    st.ignite(rules.burning_duration, dmg * rules.burning_dps_fraction);
                    true
                }
            }
            ReactionKind::Slow => {
                roll(rng, chance) && {
                    st.apply(Status::Slowed, rules.slowed_duration);
                    true
                }
            }
            ReactionKind::Paralyse => {
                roll(rng, chance) && {
                    st.apply(Status::Paralysed, rules.paralysed_duration);
                    true
                }
            }
            ReactionKind::Vaporise => {
                consume(st, Status::Wet, keep);
                blast = Some(Blast::new(
                    pos,
                    rules.vaporise.radius,
                    dmg * rules.vaporise.damage_fraction,
                    Element::Fire,
                ));
                true
            }
            ReactionKind::OilBlast => {
                consume(st, Status::Oily, keep);
                st.ignite(
                    rules.burning_duration * rules.oily_burn_duration_mult,
                    dmg * rules.burning_dps_fraction,
                );
                true
            }
            ReactionKind::Melt | ReactionKind::Shatter => {
                consume(st, Status::Frozen, keep);
                true
            }
            ReactionKind::Freeze => {
                consume(st, Status::Wet, keep);
                st.apply(Status::Frozen, rules.frozen_duration);
                true
            }
            ReactionKind::Quench => {
                consume(st, Status::Burning, keep);
                true
            }
            ReactionKind::Conduction => {
                blast = Some(Blast::new(
                    pos,
                    rules.conduction.radius,
                    dmg * rules.conduction.damage_fraction,
                    Element::Lightning,
                ));
                true
            }
            ReactionKind::Overload => {
                consume(st, Status::Burning, keep);
                blast = Some(Blast::new(
                    pos,
                    rules.overload.radius,
                    dmg * rules.overload.damage_fraction,
                    Element::Lightning,
                ));
                true
            }
            ReactionKind::Poison => {
                st.add_poison(
                    PoisonStack {
                        dps: dmg * rules.poison_dps_fraction,
                        remaining: rules.poison_duration,
                    },
                    hit.poison_cap,
                );
                true
            }
        };
        if happened {
            events.push(ReactionEvent {
                kind: p.kind,
                pos: pos.to_array(),
                blast,
            });
        }
    }
    match hit.coating {
        Some(Coating::Wet) => st.apply(Status::Wet, rules.wet_duration),
        Some(Coating::Oily) => st.apply(Status::Oily, rules.oily_duration),
        None => {}
    }
    events
}

/// Removes a status a reaction used, unless the hit keeps statuses.
fn consume(st: &mut StatusSet, status: Status, keep: bool) {
    if !keep {
        st.clear(status);
    }
}

fn roll(rng: &mut impl Rng, chance: f32) -> bool {
    let r: f32 = rng.random();
    r < chance
}

/// Convenience for tests and tools: the position as a `Vec2`.
pub fn event_pos(e: &ReactionEvent) -> Vec2 {
    Vec2::from_array(e.pos)
}
