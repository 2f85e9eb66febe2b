//! The weighted pick, written once: shops, level-ups, wave spawners, loot
//! bases and affixes all choose "one of these, in proportion to its weight".
//!
//! Every caller's draws are part of a replay, so the pick is exact about what
//! it takes from the stream: one draw per pick (none when nothing can be
//! picked), summed in the items' order. Callers differ only in *how* the one
//! draw becomes a point below the total, and that stays theirs to choose
//! (see [`unit_scaled`] and [`in_range`]), because changing it would change
//! every roll of a recorded run.

use std::ops::{Add, Range, SubAssign};

use rand::Rng;
use rand::distr::uniform::{SampleRange, SampleUniform};

/// A weight: an integer or a float that sums and compares.
pub trait Weight: Copy + PartialOrd + Add<Output = Self> + SubAssign {
    /// No weight: items at or below it (or not comparable, a NaN) are never picked.
    const ZERO: Self;
}

impl Weight for u32 {
    const ZERO: Self = 0;
}

impl Weight for f32 {
    const ZERO: Self = 0.0;
}

/// The index of one item of `weights`, picked in proportion to its weight, or
/// `None` (without drawing) when no weight is above zero.
///
/// `draw` turns the stream and the total into a point `x` in `[0, total)`; the
/// pick is the first item whose weight is above `x` once the weights before it
/// are taken off. Should rounding leave `x` past every weight (a float total
/// sums differently from the steps taken off it), the last pickable item wins.
pub fn index<W: Weight, R: Rng + ?Sized>(
    weights: impl IntoIterator<Item = W, IntoIter: Clone>,
    rng: &mut R,
    draw: impl FnOnce(&mut R, W) -> W,
) -> Option<usize> {
    let weights = weights.into_iter();
    let total = weights.clone().filter(|&w| counts(w)).fold(W::ZERO, |t, w| t + w);
    if !counts(total) {
        return None;
    }
    let mut x = draw(rng, total);
    let mut last = None;
    for (i, w) in weights.enumerate() {
        if !counts(w) {
            continue;
        }
        if x < w {
            return Some(i);
        }
        last = Some(i);
        x -= w;
    }
    last
}

/// Whether `w` is above zero (a NaN is not).
fn counts<W: Weight>(w: W) -> bool {
    w > W::ZERO
}

/// One item of `items`, picked by `weight` (see [`index`]).
pub fn item<'a, T, W: Weight, R: Rng + ?Sized>(
    items: &'a [T],
    weight: impl Fn(&T) -> W,
    rng: &mut R,
    draw: impl FnOnce(&mut R, W) -> W,
) -> Option<&'a T> {
    index(items.iter().map(&weight), rng, draw).map(|i| &items[i])
}

/// The draw of the shop and the level-ups: a unit float scaled by the total.
pub fn unit_scaled<R: Rng + ?Sized>(rng: &mut R, total: f32) -> f32 {
    rng.random::<f32>() * total
}

/// The draw of the wave spawner (floats) and the loot tables (integers): a
/// uniform sample of `0..total`.
pub fn in_range<W: Weight + SampleUniform, R: Rng + ?Sized>(rng: &mut R, total: W) -> W
where
    Range<W>: SampleRange<W>,
{
    rng.random_range(W::ZERO..total)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn nothing_to_pick_draws_nothing() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let before = rng.clone();
        assert_eq!(index([0.0f32, -1.0, f32::NAN], &mut rng, unit_scaled), None);
        assert_eq!(index(Vec::<u32>::new(), &mut rng, in_range), None);
        assert_eq!(rng, before);
    }

    #[test]
    fn zero_weights_are_never_picked_and_shares_follow_weights() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut counts = [0u32; 4];
        for _ in 0..4000 {
            counts[index([0u32, 1, 0, 3], &mut rng, in_range).unwrap()] += 1;
        }
        assert_eq!((counts[0], counts[2]), (0, 0));
        assert!((900..1100).contains(&counts[1]), "{counts:?}");
    }

    #[test]
    fn the_pick_is_where_the_draw_lands() {
        // x = 2.5 of a total of 6: past the first weight (1), inside the second (2).
        let draw = |_: &mut ChaCha8Rng, total: f32| {
            assert_eq!(total, 6.0);
            2.5
        };
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        assert_eq!(item(&[1.0f32, 2.0, 3.0], |w| *w, &mut rng, draw), Some(&2.0));
        // A point past every weight (rounding) falls to the last pickable item.
        assert_eq!(index([1.0f32, 2.0, 0.0], &mut rng, |_, _| 9.0), Some(1));
    }
}
