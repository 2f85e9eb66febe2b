//! How the competent player lays its cards out in the core
//! (docs/balance.md#archetypes): modifiers ahead of what they should reach,
//! triggers ahead of their payloads, one Pierce ahead of an on-hit carrier.

use crate::catalog::Catalog;
use crate::vm::SpellKind;
use crate::vm::spells::TriggerOn;

/// Lays cards out so the modifiers reach the most projectiles: coats (an
/// action that leaves a coating) first, each cast on its own; damage
/// modifiers; other modifiers; logic (the loop); multicasts, most draws
/// first; then the other actions, most damage first. One Pierce then moves
/// ahead of an on-hit trigger ([`pierce_the_carrier`]).
pub fn arrange(cat: &Catalog, cards: &[String]) -> Vec<String> {
    let rank = |id: &str| -> (u8, i64) {
        let Some(s) = cat.spells.find(id).map(|i| cat.spells.get(i)) else {
            return (9, 0);
        };
        let coat = s.projectile.as_ref().is_some_and(|p| p.coating.is_some());
        match s.kind {
            SpellKind::Action if coat => (0, 0),
            // A trigger ahead of the modifiers takes the rest of the cast as
            // its payload: the turret or timer repeats what it carries.
            SpellKind::Trigger => (0, 1),
            SpellKind::Modifier if s.modifier.as_ref().is_some_and(|m| m.add_damage > 0.0) => (1, 0),
            SpellKind::Modifier => (2, 0),
            SpellKind::Logic => (3, 0),
            SpellKind::Multicast | SpellKind::Splitter => (4, -i64::from(s.draw.unwrap_or(1))),
            SpellKind::Action => (
                5,
                -(s.projectile.as_ref().map_or(0.0, |p| p.damage * p.count as f32) as i64),
            ),
            _ => (6, 0),
        }
    };
    let mut out = cards.to_vec();
    out.sort_by_key(|id| rank(id));
    pierce_the_carrier(cat, &mut out);
    out
}

/// Moves one pierce modifier from an on-hit trigger's payload to just
/// ahead of the trigger, where it shapes the carrier: a carrier that passes
/// through the crowd casts its payload at every enemy it strikes, for one
/// payment of the payload's mana (docs/vm.md#triggers-and-payloads). The
/// other pierce modifiers stay in the payload.
fn pierce_the_carrier(cat: &Catalog, deck: &mut Vec<String>) {
    let spell = |id: &str| cat.spells.find(id).map(|i| cat.spells.get(i));
    let on_hit =
        |id: &String| spell(id).is_some_and(|s| s.trigger.as_ref().is_some_and(|t| t.on == TriggerOn::Hit));
    let pierce = |id: &String| {
        spell(id).is_some_and(|s| {
            s.kind == SpellKind::Modifier && s.modifier.as_ref().is_some_and(|m| m.add_pierce > 0)
        })
    };
    let Some(t) = deck.iter().position(on_hit) else {
        return;
    };
    if deck[..t].iter().any(pierce) {
        return;
    }
    if let Some(p) = deck.iter().rposition(pierce).filter(|&p| p > t) {
        let card = deck.remove(p);
        deck.insert(t, card);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Catalog {
        Catalog::load(&crate::data::default_root()).expect("data loads")
    }

    fn ids(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn one_pierce_goes_ahead_of_an_on_hit_carrier() {
        let cat = catalog();
        let deck = ids(&[
            "spark_bolt",
            "modifier_pierce_plus",
            "loop_3x5",
            "trigger_hit",
            "modifier_pierce_plus",
        ]);
        assert_eq!(
            arrange(&cat, &deck),
            ids(&[
                "modifier_pierce_plus",
                "trigger_hit",
                "modifier_pierce_plus",
                "loop_3x5",
                "spark_bolt",
            ]),
            "the carrier pierces, the payload keeps the other Pierce"
        );
    }

    #[test]
    fn without_an_on_hit_trigger_pierce_stays_with_the_modifiers() {
        let cat = catalog();
        let deck = ids(&["spark_bolt", "trigger_timer", "modifier_pierce_plus"]);
        assert_eq!(
            arrange(&cat, &deck),
            ids(&["trigger_timer", "modifier_pierce_plus", "spark_bolt"])
        );
    }
}
