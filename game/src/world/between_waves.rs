//! The end of a wave on the world's side: what is on the ground, the
//! settlement, the wave-end drop. What comes after it (level-ups, the shop,
//! the armoury) is the run flow's (`run::flow`).

use super::*;

impl World {
    /// Ends the wave: what is on the ground, the settlement, the wave-end drop.
    /// Returns the wave's totals (also left in [`World::stats`]).
    pub fn end_wave(&mut self) -> WaveStats {
        let cat = self.cat.clone();
        let eco = &cat.run.economy.def;
        let on_ground = self.field.coins.wave_end(&eco.coins);
        self.wallet.earn(on_ground);
        self.stats.gold_picked += on_ground;
        if self.player.alive() {
            self.run_hooks(crate::loot::hooks::Hook::OnWaveEnd, &mut StepCounters::default());
            self.wallet.settle(&eco.settlement);
            self.roll_drops(crate::loot::drops::DropSource::WaveEnd, self.player.pos);
        }
        self.stats.spawned = self.field.runner.as_ref().map_or(0, |r| r.spawned());
        self.reset_hook_state();
        self.clear_field();
        // A Memory Wand keeps its registers and counters for the next wave.
        self.caster.memory = self
            .caster
            .core
            .as_ref()
            .and_then(|c| c.memory().map(|m| (c.core().id.clone(), m)));
        self.caster.core = None;
        self.field.runner = None;
        self.stats.clone()
    }
}
