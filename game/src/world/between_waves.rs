//! The end of a wave on the world's side: what is on the ground and the
//! wave-end drop. The settlement (interest, the economy's rule) and what
//! comes after it (level-ups, the shop, the armoury) are the run flow's
//! (`run::flow`).

use super::*;

impl World {
    /// Ends the wave: what is on the ground, the wave-end loot rules and drop.
    /// Returns the wave's totals (also left in [`World::stats`]).
    pub fn end_wave(&mut self, carry: &mut Carry) -> WaveStats {
        let cat = self.cat.clone();
        let eco = &cat.run.economy.def;
        self.stats.gold_dropped = self.field.coins.dropped;
        let on_ground = self.field.coins.wave_end(&eco.coins);
        carry.wallet.earn(on_ground);
        self.stats.gold_picked += on_ground;
        if self.player.alive() {
            self.run_hooks(
                crate::loot::hooks::Hook::OnWaveEnd,
                &mut carry.ledger,
                &mut StepCounters::default(),
            );
            self.roll_drops(carry, crate::loot::drops::DropSource::WaveEnd);
        }
        self.stats.spawned = self.field.runner.as_ref().map_or(0, |r| r.spawned());
        self.stats.floor_spawned = self.field.runner.as_ref().map_or(0, |r| r.floor_spawned());
        self.reset_hook_state(&carry.ledger);
        self.clear_field();
        // A Memory Wand keeps its registers and counters for the next wave:
        // the run carries them.
        carry.core_memory = self
            .caster
            .core
            .as_ref()
            .and_then(|c| c.memory().map(|m| (c.core().id.clone(), m)));
        self.caster.core = None;
        self.field.runner = None;
        self.stats.clone()
    }
}
