//! The plan of random streams: every system that draws random numbers gets
//! its own ChaCha8 stream, derived from the run seed and the stream's *name*,
//! so a new draw in one system never shifts another's and a replay of the
//! same commands reproduces every roll.
//!
//! | stream | who draws from it |
//! |---|---|
//! | `combat` | crits, status chances, reaction rolls, enemy death effects |
//! | `ai` | enemy decisions (targets, attack timing jitter) |
//! | `drops` | loot, materials and artifacts from kills and wave ends |
//! | `shop` | shelf stock and refreshes |
//! | `levelup` | the upgrades offered at each level-up |
//! | `crafting` | crafting, enhancement and enchantment rolls |
//! | `waves/<n>` | wave `n`'s spawner (groups, positions, elites) |
//! | `vm/<n>` | the spell VM's own rolls (spread, random chips) in wave `n` |
//! | `preview-loot` | the seeded stash of `--screen armoury` (not part of a run) |
//!
//! A stream's seed is `splitmix64(run_seed ^ fnv1a64(name))`: portable (no
//! platform hashing), and two names never share a seed by accident the way
//! hand-picked XOR constants did.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Every named stream of a run, so the names are written once.
pub mod streams {
    /// Crits, statuses, reactions.
    pub const COMBAT: &str = "combat";
    /// Enemy AI.
    pub const AI: &str = "ai";
    /// Loot drops.
    pub const DROPS: &str = "drops";
    /// Shop stock and refreshes.
    pub const SHOP: &str = "shop";
    /// Level-up offers.
    pub const LEVELUP: &str = "levelup";
    /// Crafting, enhancement and enchantment rolls.
    pub const CRAFTING: &str = "crafting";
    /// Wave spawners, one per wave (`waves/<n>`).
    pub const WAVES: &str = "waves";
    /// The spell VM, one per wave (`vm/<n>`).
    pub const VM: &str = "vm";
    /// The `--screen armoury` preview stash.
    pub const PREVIEW_LOOT: &str = "preview-loot";
}

/// 64-bit FNV-1a of `bytes`: a fixed, portable hash for stream names and
/// checksums (std's `DefaultHasher` may change between Rust releases).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    fnv1a64_extend(FNV_OFFSET, bytes)
}

/// FNV-1a's starting value (the hash of no bytes).
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// Continues an FNV-1a hash `h` over more `bytes` (for hashes fed in parts).
pub fn fnv1a64_extend(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A tiny seeded generator: SplitMix64 over a counter. For tools and tests
/// that want replayable numbers without a stream of their own (a fight's
/// draws come from [`stream`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next number; the state steps by the golden ratio.
    pub fn next_u64(&mut self) -> u64 {
        let out = splitmix64(self.0);
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        out
    }
}

/// SplitMix64's finaliser: spreads nearby inputs far apart.
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of stream `name` in a run seeded `run_seed`.
pub fn stream_seed(run_seed: u64, name: &str) -> u64 {
    splitmix64(run_seed ^ fnv1a64(name.as_bytes()))
}

/// The stream `name` of a run.
pub fn stream(run_seed: u64, name: &str) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(stream_seed(run_seed, name))
}

/// The seed of the `index`-th member of a family of streams (`waves/3`).
pub fn indexed_seed(run_seed: u64, family: &str, index: u32) -> u64 {
    stream_seed(run_seed, &format!("{family}/{index}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn streams_are_distinct_and_reproducible() {
        let names = [
            streams::COMBAT,
            streams::AI,
            streams::DROPS,
            streams::SHOP,
            streams::LEVELUP,
            streams::CRAFTING,
        ];
        let mut seeds: Vec<u64> = names.iter().map(|n| stream_seed(7, n)).collect();
        seeds.extend((1..=20).map(|w| indexed_seed(7, streams::WAVES, w)));
        seeds.extend((1..=20).map(|w| indexed_seed(7, streams::VM, w)));
        let mut sorted = seeds.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), seeds.len(), "two streams share a seed");
        let a: u64 = stream(7, streams::SHOP).random();
        let b: u64 = stream(7, streams::SHOP).random();
        let c: u64 = stream(8, streams::SHOP).random();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn splitmix_matches_the_reference_sequence() {
        // SplitMix64 seeded with 0: the published first two outputs.
        let mut g = SplitMix(0);
        assert_eq!(g.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(g.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn fnv_matches_the_reference_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
