//! What a run carries between screens around the world: the shop and its
//! random stream, level-up offers, the last wave's totals and the figures of
//! the run summary.

use std::sync::Arc;

use engine::gpu::{Backend, GpuContext};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::catalog::Catalog;
use crate::player::StatSource;
use crate::screens::shop::ShopAction;
use crate::screens::summary::RunSummary;
use crate::shop::{Shop, ShopPool};
use crate::world::{EffectKind, WaveStats, World};

/// Run state outside the world.
#[derive(Debug)]
pub(super) struct RunState {
    rng: ChaCha8Rng,
    pool: ShopPool,
    shop: Option<Shop>,
    message: Option<String>,
    /// Upgrades offered by the current level-up (indices into the table).
    pub offer: Vec<usize>,
    /// Totals of the wave that just ended.
    pub last_wave: Option<WaveStats>,
    /// The summary, filled when the run ends.
    pub summary: RunSummary,
    highest_hit: f32,
    total_damage: f64,
    kills: u64,
}

impl RunState {
    /// A fresh run and its world.
    pub fn new(
        cat: &Arc<Catalog>,
        seed: u64,
        backend: Backend,
        gpu: &GpuContext,
    ) -> Result<(Self, World), String> {
        let world =
            World::new(cat.clone(), seed, backend, Some(gpu)).map_err(|e| format!("starting a run: {e}"))?;
        let state = Self {
            // The shop's stream is its own, so shopping never shifts the fight's draws.
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5_409),
            pool: crate::run::shop_pool(cat),
            shop: None,
            message: None,
            offer: Vec::new(),
            last_wave: None,
            summary: RunSummary::default(),
            highest_hit: 0.0,
            total_damage: 0.0,
            kills: 0,
        };
        Ok((state, world))
    }

    /// Watches the fight for the summary's figures (each damage number lives
    /// several frames, so every hit is seen).
    pub fn observe(&mut self, world: &World) {
        for e in &world.effects.list {
            if let EffectKind::Damage { amount, .. } = e.kind {
                self.highest_hit = self.highest_hit.max(amount);
            }
        }
    }

    /// Records a finished wave.
    pub fn wave_ended(&mut self, _world: &World, stats: WaveStats) {
        self.total_damage += stats.damage_dealt;
        self.kills += u64::from(stats.kills);
        self.last_wave = Some(stats);
    }

    /// Freezes the summary.
    pub fn finish(&mut self, world: &World, won: bool) {
        let cat = world.catalog();
        let active = world.loadout.active();
        self.summary = RunSummary {
            won,
            highest_wave: world.wave,
            total_damage: self.total_damage,
            highest_hit: self.highest_hit,
            kills: self.kills,
            level: world.progress.level,
            core: active.id.clone(),
            deck: active
                .deck
                .iter()
                .map(|c| {
                    cat.spells
                        .find(&c.id)
                        .map_or(c.id.clone(), |i| cat.spells.get(i).name.clone())
                })
                .collect(),
        };
    }

    /// Prepares the next level-up offer; false when none is pending.
    pub fn next_levelup(&mut self, world: &mut World) -> bool {
        if world.progress.pending_levelups == 0 {
            return false;
        }
        self.offer = world.catalog().run.economy.levelups.offer(&mut self.rng);
        if self.offer.is_empty() {
            world.progress.pending_levelups = 0;
            return false;
        }
        true
    }

    /// Applies the `k`-th offered upgrade.
    pub fn take_levelup(&mut self, world: &mut World, k: usize) {
        let cat = world.catalog().clone();
        if let Some(up) = self
            .offer
            .get(k)
            .and_then(|&i| cat.run.economy.levelups.upgrades.get(i))
        {
            world.player.add_modifiers(StatSource::LevelUp, &up.modifiers);
        }
        world.progress.pending_levelups = world.progress.pending_levelups.saturating_sub(1);
        self.offer.clear();
    }

    /// Stocks the shop for this shop phase.
    pub fn open_shop(&mut self, world: &World) {
        self.shop = Some(Shop::open(&world.catalog().run.shop, &self.pool, &mut self.rng));
        self.message = None;
    }

    /// Draws the shop.
    pub fn shop_ui(&mut self, ctx: &egui::Context, world: &mut World) -> Option<ShopAction> {
        if self.shop.is_none() {
            self.open_shop(world);
        }
        let shop = self.shop.as_mut()?;
        crate::screens::shop::show(ctx, world, shop, &self.pool, &mut self.rng, &mut self.message)
    }
}
