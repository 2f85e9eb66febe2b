//! Who dealt the damage: every point of damage the fight books is credited
//! to one source (docs/share.md#damage-per-chip), so the history, the
//! summary and `sim --json` can say which chip carried a run.
//!
//! Attribution is bookkeeping only. Nothing in the fight reads it, and the
//! state hash leaves it out, so adding it changed no recorded replay. A
//! projectile is credited through the chip id its CPU record already keeps
//! (`Shot::spell`, the action chip whose projectile it is: a trigger's
//! payload is credited to the payload's own chip). The few projectiles that
//! are not a chip's own shot (a turret's volley, a parried shot flying
//! back) are tagged by slot in [`SlotTags`], beside the hashed records.
//!
//! Two copies of one chip in a deck share one entry: the player reads chips
//! by name, and keying by chip (not deck slot) needs no new word in a
//! hashed projectile.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::element::Element;

/// Where a point of damage came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DamageSource {
    /// A projectile of the chip with this spell index (direct hit, its
    /// explosion, its chain legs and mirror bounces).
    Chip(u32),
    /// A projectile a turret fired from its payload (the payload's chip).
    Turret(u32),
    /// A reaction's blast.
    Reaction,
    /// Damage over time: burning, poison and wounds ticking.
    OverTime,
    /// The blade: swings, ripostes and parried shots flying back.
    Blade,
    /// A loot rule dealing damage itself (Nova).
    LootRule,
}

impl DamageSource {
    /// Whether a turret fired the shot: the turret build's signature counts
    /// these shots and the blasts they set off (docs/balance.md#archetypes).
    pub fn is_turret(self) -> bool {
        matches!(self, DamageSource::Turret(_))
    }
}

/// Damage booked in a wave (or a run): per source and per element.
///
/// `total` is the same sum as `WaveStats::damage_dealt`, added in the same
/// places, so the sources add up to the total the run reports.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DamageBook {
    /// Damage per source.
    pub by_source: BTreeMap<DamageSource, f64>,
    /// Damage per element, in [`Element::ALL`] order.
    pub by_element: [f64; 5],
    /// Everything booked.
    pub total: f64,
}

impl DamageBook {
    /// Books a hit of `total` from `source`, split by element as
    /// `per_element` (the hit's own split, summing to `total`).
    pub fn book(&mut self, source: DamageSource, total: f32, per_element: &[f32; 5]) {
        if total == 0.0 {
            return;
        }
        *self.by_source.entry(source).or_default() += f64::from(total);
        for (acc, v) in self.by_element.iter_mut().zip(per_element) {
            *acc += f64::from(*v);
        }
        self.total += f64::from(total);
    }

    /// Adds another book (a wave's into the run's).
    pub fn add(&mut self, other: &DamageBook) {
        for (k, v) in &other.by_source {
            *self.by_source.entry(*k).or_default() += v;
        }
        for (acc, v) in self.by_element.iter_mut().zip(other.by_element) {
            *acc += v;
        }
        self.total += other.total;
    }

    /// The book in words: each source named (`chip_name` names a chip's
    /// spell index), largest first, and the elements with any damage.
    pub fn named(&self, chip_name: impl Fn(u32) -> String) -> NamedDamage {
        let mut sources: Vec<NamedShare> = Vec::new();
        for (k, v) in &self.by_source {
            let name = match *k {
                DamageSource::Chip(s) => chip_name(s),
                DamageSource::Turret(s) => format!("{} (turret)", chip_name(s)),
                DamageSource::Reaction => "Reactions".to_string(),
                DamageSource::OverTime => "Damage over time".to_string(),
                DamageSource::Blade => "Blade".to_string(),
                DamageSource::LootRule => "Loot rules".to_string(),
            };
            // Two spell indices never share a name today; if they did, one bar.
            match sources.iter_mut().find(|s| s.name == name) {
                Some(s) => s.damage += v,
                None => sources.push(NamedShare { name, damage: *v }),
            }
        }
        sources.sort_by(|a, b| b.damage.total_cmp(&a.damage).then_with(|| a.name.cmp(&b.name)));
        let elements = Element::ALL
            .into_iter()
            .zip(self.by_element)
            .filter(|(_, v)| *v > 0.0)
            .map(|(e, v)| NamedShare {
                name: e.name().to_string(),
                damage: v,
            })
            .collect();
        NamedDamage {
            sources,
            elements,
            total: self.total,
        }
    }
}

/// One named share of a run's damage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NamedShare {
    /// What a player reads: a chip's name, "Reactions", "Blade", an element.
    pub name: String,
    /// Damage dealt.
    pub damage: f64,
}

/// A run's damage in words, for the history, the summary and `sim --json`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct NamedDamage {
    /// Per source, largest first.
    pub sources: Vec<NamedShare>,
    /// Per element with any damage, in element order.
    pub elements: Vec<NamedShare>,
    /// All damage dealt.
    pub total: f64,
}

/// The damage-over-time split of one status tick by element (burning is
/// fire, poison is poison, wounds physical), read before the tick; the tick
/// itself sums the same terms.
pub fn dot_split(status: &crate::combat::StatusSet, dt: f32) -> [f32; 5] {
    let mut out = [0.0; 5];
    out[Element::Physical.index()] = status.wound_dps * dt;
    if status.burning > 0.0 {
        out[Element::Fire.index()] = status.burning_dps * dt.min(status.burning);
    }
    out[Element::Poison.index()] = status.poison.iter().map(|s| s.dps * dt.min(s.remaining)).sum();
    out
}

/// A wave's bookkeeping of who dealt and who took damage.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WaveCredit {
    /// Damage dealt, by source and element (its total is the wave's
    /// `damage_dealt`).
    pub damage: DamageBook,
    /// Damage the player took, by source as the death screen names it, in
    /// order of first harm.
    pub taken: Vec<(String, f64)>,
}

impl WaveCredit {
    /// Books `amount` of harm from `source`.
    pub fn take(&mut self, source: &str, amount: f32) {
        match self.taken.iter_mut().find(|(s, _)| s == source) {
            Some((_, v)) => *v += f64::from(amount),
            None => self.taken.push((source.to_string(), f64::from(amount))),
        }
    }
}

/// Sources of projectile slots that are not their chip's own shot, by slot.
/// Not hashed: it only feeds the [`DamageBook`].
#[derive(Debug, Clone, Default)]
pub struct SlotTags {
    by_slot: Vec<Option<DamageSource>>,
    /// Tags of spawns waiting in the world's queue, by their index there.
    queued: Vec<(usize, DamageSource)>,
}

impl SlotTags {
    /// Tags the queued spawn at `index` (the queue's length before the push).
    pub fn tag_queued(&mut self, index: usize, source: DamageSource) {
        self.queued.push((index, source));
    }

    /// The tag of queued spawn `index`, if any.
    pub fn queued_tag(&self, index: usize) -> Option<DamageSource> {
        self.queued.iter().find(|(i, _)| *i == index).map(|(_, s)| *s)
    }

    /// Forgets the queue's tags once the queue has been spawned.
    pub fn clear_queued(&mut self) {
        self.queued.clear();
    }

    /// Sets (or clears) the tag of projectile slot `slot`.
    pub fn set(&mut self, slot: u32, source: Option<DamageSource>) {
        let i = slot as usize;
        if self.by_slot.len() <= i {
            if source.is_none() {
                return;
            }
            self.by_slot.resize(i + 1, None);
        }
        self.by_slot[i] = source;
    }

    /// The tag of slot `slot`.
    pub fn get(&self, slot: u32) -> Option<DamageSource> {
        self.by_slot.get(slot as usize).copied().flatten()
    }

    /// The source of a hit by the projectile in `slot` whose chip is `spell`.
    pub fn source(&self, slot: u32, spell: u32) -> DamageSource {
        self.get(slot).unwrap_or(DamageSource::Chip(spell))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_adds_up_by_source_and_element_and_names_largest_first() {
        let mut b = DamageBook::default();
        b.book(DamageSource::Chip(2), 10.0, &[10.0, 0.0, 0.0, 0.0, 0.0]);
        b.book(DamageSource::Reaction, 4.0, &[0.0, 4.0, 0.0, 0.0, 0.0]);
        b.book(DamageSource::Chip(2), 5.0, &[0.0, 0.0, 5.0, 0.0, 0.0]);
        b.book(DamageSource::Blade, 0.0, &[0.0; 5]);
        let mut run = DamageBook::default();
        run.add(&b);
        run.add(&b);
        assert_eq!(run.total, 38.0);
        let n = run.named(|s| format!("chip {s}"));
        assert_eq!(n.sources.len(), 2, "a zero hit books nothing");
        assert_eq!(n.sources[0].name, "chip 2");
        assert_eq!(n.sources[0].damage, 30.0);
        assert_eq!(n.sources[1].name, "Reactions");
        let names: Vec<&str> = n.elements.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Physical", "Fire", "Ice"]);
    }

    #[test]
    fn slot_tags_override_the_chip_and_clear() {
        let mut t = SlotTags::default();
        assert_eq!(t.source(3, 7), DamageSource::Chip(7));
        t.set(3, Some(DamageSource::Blade));
        assert_eq!(t.source(3, 7), DamageSource::Blade);
        t.set(3, None);
        assert_eq!(t.source(3, 7), DamageSource::Chip(7));
        t.tag_queued(1, DamageSource::Turret(4));
        assert_eq!(t.queued_tag(1), Some(DamageSource::Turret(4)));
        assert_eq!(t.queued_tag(0), None);
        t.clear_queued();
        assert_eq!(t.queued_tag(1), None);
    }
}
