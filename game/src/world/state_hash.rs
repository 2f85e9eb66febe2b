//! The world's part of a run's `state_hash`: everything a later step or
//! wave depends on, so two runs that hash equal at a wave's end play on
//! identically, and a replay that diverges is caught at the first wave end.
//!
//! Each part is hashed through its `Debug` text. Rust prints floats in their
//! shortest round-trip form, so the text tells apart any two bit patterns
//! (but NaN payloads), and no part holds a `HashMap` whose order could vary.
//! Left out on purpose: timings (stage times, `step_ms`), which differ between
//! runs of the same commands, and the catalogue, which the replay's data
//! checksum covers.

use std::fmt::Debug;

use super::*;
use crate::rng::{FNV_OFFSET, fnv1a64_extend};

/// A running FNV-1a hash fed with `Debug` text, in a fixed order.
#[derive(Debug, Clone, Copy)]
pub struct StateHasher(u64);

impl Default for StateHasher {
    fn default() -> Self {
        Self(FNV_OFFSET)
    }
}

impl StateHasher {
    /// Adds raw bytes.
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.0 = fnv1a64_extend(self.0, bytes);
    }

    /// Adds a labelled part through its `Debug` text.
    pub fn part(&mut self, label: &str, value: &dyn Debug) {
        self.bytes(label.as_bytes());
        self.bytes(format!("{value:?}").as_bytes());
        self.bytes(&[0xff]);
    }

    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

impl World {
    /// Hashes the whole fight and the run's carry (see the module docs), the
    /// carry's parts in the places they held when the world owned them, so
    /// replays recorded before the split still verify. Reads the projectiles
    /// back from the compute core, so on the GPU backend it waits for the
    /// device: call it at wave ends, not every step.
    pub fn hash_state(&self, carry: &Carry, h: &mut StateHasher) {
        h.part("seed", &self.seed);
        h.part("wave", &(self.wave, self.wave_steps, self.run_steps));
        h.part("player", &self.player.hash_view(&carry.stats, &carry.ledger));
        let input = &self.input;
        h.part("move", &(input.move_dir, input.aim, input.dash));
        h.part("wallet", &carry.wallet);
        h.part("progress", &carry.progress);
        h.part("loadout", &carry.loadout);
        h.part("equipment", &carry.equipment);
        h.part("stash", &carry.stash);
        h.part("materials", &carry.materials);
        h.part("recipes", &carry.recipes);
        h.part("afflictions", &self.afflictions);
        h.part("pity", &carry.pity);
        h.part("hooks", &self.kit.hook_state);
        h.part("charge", &self.caster.charge);
        h.part("core", &self.caster.core);
        h.part("core memory", &carry.core_memory);
        h.part("shots", &self.field.shots);
        h.part("enemies", &self.field.enemies);
        h.part("enemy_born", &self.field.enemy_born);
        h.part("kill_credit", &self.field.kill_credit);
        h.part("dispatched", &(&self.link.dispatched, self.link.delivered));
        h.part("pending", &self.link.pending);
        h.part("runner", &self.field.runner);
        h.part("spawn_orders", &self.field.spawn_orders);
        h.part("queued", &self.field.queued);
        h.part("enemy_shots", &self.field.enemy_shots);
        h.part("areas", &self.field.areas);
        h.part("coins", &self.field.coins);
        h.part("rngs", &self.rngs);
        h.part("effects", &self.effects);
        h.part("boss_events", &self.boss_events);
        let stats = WaveStats {
            step_ms: Vec::new(),
            recent_harm: Vec::new(),
            ..self.stats.clone()
        };
        h.part("stats", &stats);
        let live = self.link.compute.slot_high_water() as usize;
        let projectiles = self.link.compute.read_projectiles();
        h.part("projectiles", &&projectiles[..live.min(projectiles.len())]);
    }
}
