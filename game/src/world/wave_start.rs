//! Starting a wave: the field cleared, the active core built fresh from the
//! carried deck, the wave's spawner seeded. The counterpart of
//! `between_waves.rs`, which ends one (and also clears the field).

use super::*;

impl World {
    /// Starts wave `n`: enemies, projectiles, coins and effects cleared, full HP,
    /// the active core loaded fresh (full mana), the wave's spawner seeded.
    pub fn begin_wave(&mut self, carry: &mut Carry, n: u32) -> Result<(), WorldError> {
        let cfg = self
            .cat
            .waves
            .get(n.saturating_sub(1) as usize)
            .ok_or(WorldError::Unknown {
                what: "wave",
                id: n.to_string(),
            })?
            .clone();
        self.begin_wave_with(carry, &cfg, Vec::new())
    }

    /// Starts the wave `cfg` describes (an endless or rush wave the run
    /// generated, or a file's); `rush` queues more bosses behind its own.
    pub fn begin_wave_with(
        &mut self,
        carry: &mut Carry,
        cfg: &crate::waves::SpawnConfig,
        rush: Vec<u32>,
    ) -> Result<(), WorldError> {
        let n = cfg.wave;
        let runner = WaveRunner::new(
            cfg,
            &self.cat.enemies,
            &self.cat.bosses,
            crate::rng::indexed_seed(self.seed, crate::rng::streams::WAVES, n),
        )
        .map_err(|e| WorldError::Unknown {
            what: "wave",
            id: e.to_string(),
        })?
        .with_rush(rush);
        self.clear_field();
        self.caster.core = Some(self.build_core(carry, n)?);
        self.field.runner = Some(runner);
        self.wave = n;
        self.wave_steps = 0;
        self.player.pos = self.cat.run.world.arena.centre();
        self.player.restore();
        self.afflictions = Default::default();
        self.player.move_factor = 1.0;
        carry.equipment.record_depth = carry.equipment.record_depth.max(self.depth());
        self.stats = WaveStats {
            wave: n,
            ..WaveStats::default()
        };
        self.credit = Default::default();
        Ok(())
    }

    fn build_core(&self, carry: &Carry, n: u32) -> Result<CoreState, WorldError> {
        let carried = carry.loadout.active();
        let def = self
            .cat
            .cores
            .find(&carried.id)
            .map(|i| self.cat.cores.get(i))
            .ok_or(WorldError::Unknown {
                what: "core",
                id: carried.id.clone(),
            })?;
        let ids: Vec<&str> = carried.deck.iter().map(|c| c.id.as_str()).collect();
        // The CPU's slots (`Loadout::slots_for_cpu`) widen the core the VM checks against.
        let mut def = def.clone();
        def.capacity = carry.loadout.capacity_of(carried).max(carried.deck.len()) as u32;
        // Store Magic's chip rides whichever core is active, on its own entry.
        let stored = &carry.loadout.stored;
        if stored.capacity > 0 && !stored.cards.is_empty() {
            def.entries.push(crate::vm::cores::EntryDef {
                on: crate::vm::EntryOn::Stored,
                capacity: stored.capacity as u32,
                cooldown: crate::vm::cores::STORED_COOLDOWN_S,
            });
        }
        let mut core = CoreState::new(
            &def,
            &ids,
            &self.cat.spells,
            &self.cat.recipes,
            &self.cat.balance.vm,
            crate::rng::indexed_seed(self.seed, crate::rng::streams::VM, n),
        )
        .map_err(|source| WorldError::Deck {
            core: carried.id.clone(),
            source,
        })?;
        let stored = (stored.capacity > 0).then_some(stored);
        for e in carried
            .entries
            .iter()
            .chain(stored)
            .filter(|e| !e.cards.is_empty())
        {
            let ids: Vec<&str> = e.cards.iter().map(|c| c.id.as_str()).collect();
            core.set_entry_deck(e.on, &ids, &self.cat.spells, &self.cat.recipes)
                .map_err(|source| WorldError::Deck {
                    core: carried.id.clone(),
                    source,
                })?;
        }
        let caster = CasterStats::from_sheet(self.player.stats(), self.player.hp);
        core.new_wave(&caster, &self.cat.balance.vm);
        if let Some((id, m)) = &carry.core_memory
            && *id == carried.id
        {
            core.restore_memory(m);
        }
        Ok(core)
    }

    /// Removes every enemy, projectile, coin and effect (their payloads released).
    pub(super) fn clear_field(&mut self) {
        let flushed = self.link.compute.flush();
        self.link.delivered = self.link.delivered.max(flushed.step);
        for slot in self.field.shots.occupied() {
            self.link.compute.kill(slot);
            self.release_shot(slot);
        }
        self.link.pending = None;
        self.link.dispatched.clear();
        self.field.enemies.clear();
        self.field.coins.coins.clear();
        self.field.areas.clear();
        self.effects.clear();
        self.field.queued.clear();
        self.field.enemy_shots.clear();
    }
}
