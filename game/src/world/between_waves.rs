//! What happens between two waves: the wave's totals, level-up offers and
//! choices, and the shop, on the run's own random streams so the window and the
//! headless sim share one path.

use super::*;

impl World {
    /// Ends the wave: what is on the ground, the settlement, the wave-end drop.
    /// Returns the wave's totals (also left in [`World::stats`]).
    pub fn end_wave(&mut self) -> WaveStats {
        let cat = self.cat.clone();
        let eco = &cat.run.economy.def;
        let on_ground = self.coins.wave_end(&eco.coins);
        self.wallet.earn(on_ground);
        self.stats.gold_picked += on_ground;
        if self.player.alive() {
            self.run_hooks(crate::loot::hooks::Hook::OnWaveEnd, &mut StepCounters::default());
            self.wallet.settle(&eco.settlement);
            self.roll_drops(crate::loot::drops::DropSource::WaveEnd, self.player.pos);
        }
        self.stats.spawned = self.runner.as_ref().map_or(0, |r| r.spawned());
        self.reset_hook_state();
        self.clear_field();
        self.core = None;
        self.runner = None;
        self.stats.clone()
    }

    /// The upgrades offered for the next pending level-up (indices into
    /// `data/levelups.json`'s list), or `None` when no level-up is pending.
    /// Each call draws a fresh offer from the run's shop stream.
    pub fn offer_levelup(&mut self) -> Option<Vec<usize>> {
        if self.progress.pending_levelups == 0 {
            return None;
        }
        Some(self.cat.run.economy.levelups.offer(&mut self.rngs.shop))
    }

    /// Takes upgrade `upgrade` (an index into the level-up list) for one pending level-up.
    pub fn choose_levelup(&mut self, upgrade: usize) -> bool {
        let table = &self.cat.run.economy.levelups;
        let Some(def) = table.upgrades.get(upgrade) else {
            return false;
        };
        if self.progress.pending_levelups == 0 {
            return false;
        }
        self.progress.pending_levelups -= 1;
        let mods = def.modifiers.clone();
        self.player
            .add_modifiers(crate::player::StatSource::LevelUp, &mods);
        true
    }

    /// Opens the shop of a shop phase (fresh stock from the run's shop stream).
    pub fn open_shop(&mut self, pool: &crate::shop::ShopPool) -> crate::shop::Shop {
        crate::shop::Shop::open(&self.cat.run.shop, pool, &mut self.rngs.shop)
    }

    /// Refreshes the shop, paying from the wallet.
    pub fn refresh_shop(
        &mut self,
        shop: &mut crate::shop::Shop,
        pool: &crate::shop::ShopPool,
    ) -> Result<u64, crate::shop::ShopError> {
        let cat = self.cat.clone();
        shop.refresh(&cat.run.shop, pool, &mut self.wallet, &mut self.rngs.shop)
    }
}
