//! The entries themselves: for each thing in the catalogue, its display name,
//! the numbers a player cares about (read from the data, never retyped),
//! its element affinities and what a locked entry hints.
//!
//! One function per section. Labels and values are words a player reads:
//! stats, elements and classes are named here, never shown by id.

use crate::catalog::Catalog;
use crate::combat::ReactionKind;

use crate::vm::{SpellDef, SpellKind};

use super::texts::AlchemyFile;
use super::{Affinity, Entry, Section};

mod alchemy;
mod chips;
mod foes;
mod gear;

use alchemy::{reaction, recipe};
use chips::{core, spell};
use foes::{boss, enemy};
use gear::{artifact, item};

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
pub(super) fn entry(
    section: Section,
    id: &str,
    name: &str,
    numbers: Numbers,
    tags: Vec<Affinity>,
    hint: &str,
) -> Entry {
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
pub(super) struct Numbers(Vec<(String, String)>);

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
pub(super) fn signed(v: f32) -> String {
    if v < 0.0 {
        format!("−{}", num(-v))
    } else {
        format!("+{}", num(v))
    }
}

/// A fraction as a percentage ("0.3" → "30 %").
pub(super) fn pct(v: f32) -> String {
    format!("{} %", num(v * 100.0))
}

pub(super) fn spell_name<'a>(cat: &'a Catalog, id: &'a str) -> &'a str {
    cat.spells
        .find(id)
        .map_or(id, |i| cat.spells.get(i).name.as_str())
}

// ---------------------------------------------------------------- spells

pub(super) fn spell_kind_name(k: SpellKind) -> &'static str {
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
pub(super) fn spell_tags(s: &SpellDef) -> Vec<Affinity> {
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

#[cfg(test)]
mod tests {
    use super::alchemy::recipe_hint;
    use super::foes::wave_ranges;
    use super::*;
    use crate::element::Element;
    use crate::vm::resonance::MatchRule;

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
    fn a_factors_add_reads_as_a_percentage() {
        use crate::stats::{StatId, StatModifier};
        let m = |stat, add, mul| StatModifier { stat, add, mul };
        assert_eq!(
            gear::modifier_text(&m(StatId::DamageMult, 0.15, 1.0)),
            "+15 % damage"
        );
        assert_eq!(
            gear::modifier_text(&m(StatId::CastDelayMod, 0.1, 1.0)),
            "+10 % cast speed"
        );
        assert_eq!(gear::modifier_text(&m(StatId::HpMax, 20.0, 1.0)), "+20 max HP");
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
