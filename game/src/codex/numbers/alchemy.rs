//! Reactions (the alchemy log) and resonance recipes, with the vague
//! hint a hidden recipe shows.

use crate::catalog::Catalog;
use crate::codex::Affinity;
use crate::codex::Entry;
use crate::codex::Section;
use crate::codex::texts::AlchemyFile;
use crate::combat::ReactionKind;
use crate::element::Element;
use crate::vm::resonance::MatchRule;

use super::Numbers;
use super::entry;
use super::num;
use super::pct;
use super::spell_tags;

#[expect(
    clippy::too_many_lines,
    reason = "a codex entry lists every number of a reaction"
)]
pub(super) fn reaction(cat: &Catalog, alchemy: &AlchemyFile, k: ReactionKind) -> Entry {
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
        crate::codex::reaction_id(k),
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
pub(super) fn recipe_hint(hint: &[Element], rule: MatchRule) -> String {
    let word = |e: Element| match e {
        Element::Physical => "raw force",
        other => other.id(),
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

pub(super) fn recipe(cat: &Catalog, r: &crate::vm::resonance::Recipe) -> Entry {
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
        n.add("Result element", p.element.id());
    }
    let tags = [a, b, result].into_iter().flat_map(spell_tags).collect();
    let hint = recipe_hint(&r.def.hint, r.def.match_rule);
    let mut e = entry(Section::Recipes, &r.def.id, &result.name, n, tags, &hint);
    e.always_open = !r.def.hidden;
    e
}

// ---------------------------------------------------------------- items
