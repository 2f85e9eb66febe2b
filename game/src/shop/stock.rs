//! How a shelf is stocked and where a bought chip goes (docs/screens.md#no-traps):
//! a stocking never shows the same offer twice, a stat offer that would
//! change nothing on the build now is not stocked, and a chip that acts on
//! the chip after it (a modifier, a multicast, a trigger, a gate) is placed
//! in front of the deck's last shot, where the cast reaches it, instead of
//! the last slot, where it would act on nothing until the deck wraps.

use rand_chacha::ChaCha8Rng;

use super::Offer;
use crate::stats::{StatId, StatSheet};

/// Draws up to `n` offers from `entries` by weight, each id at most once and
/// none of `taken` (the offers already on the shelf: locked ones). One draw
/// of the stream per offer drawn, none once the pool is empty.
pub(super) fn draw_distinct<T: Clone>(
    entries: &[T],
    n: usize,
    taken: &[String],
    id: impl Fn(&T) -> &str,
    weight: impl Fn(&T) -> f32,
    price: impl Fn(&T) -> u64,
    rng: &mut ChaCha8Rng,
) -> Vec<Offer> {
    let mut left: Vec<T> = entries
        .iter()
        .filter(|e| !taken.iter().any(|t| t == id(e)))
        .cloned()
        .collect();
    let mut out = Vec::new();
    for _ in 0..n {
        let Some(e) = crate::pick::item(&left, &weight, rng, crate::pick::unit_scaled).cloned() else {
            break;
        };
        left.retain(|l| id(l) != id(&e));
        out.push(Offer {
            id: id(&e).to_string(),
            price: price(&e),
            sold: false,
            locked: false,
        });
    }
    out
}

/// The shelf C offers that would change nothing on a build with stats
/// `sheet` whose active core holds `core_mana` at most: each stat they touch
/// is at its cap, or is max mana already above what the core holds (the mana
/// a cast can hold is the lower of the two: docs/vm.md#mana). The same rule
/// the offer's "+0 now" line states (docs/screens.md#offers).
pub fn dead_stat_offers(def: &super::ShopDef, sheet: &StatSheet, core_mana: Option<f32>) -> Vec<String> {
    let effective = |s: &StatSheet, stat: StatId| {
        let v = s.get(stat);
        match (stat, core_mana) {
            (StatId::ManaMax, Some(core)) => v.min(core),
            _ => v,
        }
    };
    def.stat_offers
        .iter()
        .filter(|o| {
            let mut after = sheet.clone();
            for m in &o.modifiers {
                after.apply(m);
            }
            o.modifiers
                .iter()
                .all(|m| (effective(&after, m.stat) - effective(sheet, m.stat)).abs() < 1e-4)
        })
        .map(|o| o.id.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::shop::loadout::placement;
    use crate::shop::{Card, ChipRole};

    fn deck(ids: &[&str]) -> Vec<Card> {
        ids.iter()
            .map(|i| Card {
                id: (*i).into(),
                paid: 0,
            })
            .collect()
    }

    #[test]
    fn a_shot_goes_last_and_a_modifier_in_front_of_the_last_shot() {
        let fires = |id: &str| id == "bolt";
        let d = deck(&["bolt", "plus", "bolt", "double"]);
        assert_eq!(placement(&d, ChipRole::Fires, fires), Some(4));
        assert_eq!(placement(&d, ChipRole::ActsOnNext, fires), Some(2));
        // Nothing to act on: it waits.
        assert_eq!(placement(&deck(&["plus"]), ChipRole::ActsOnNext, fires), None);
        assert_eq!(placement(&[], ChipRole::ActsOnNext, fires), None);
    }
}
