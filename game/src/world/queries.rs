//! Read-only views of the world: the accessors the window, the HUD, the sim
//! and tests read (catalogue, backend, enemies, coins, wave clock, boss
//! state, loot depth), and the nearest-enemy lookup the stages share. Separate
//! from `mod.rs` because none of it changes the fight.

use super::*;

impl World {
    /// The catalogue the world reads.
    pub fn catalog(&self) -> &Arc<Catalog> {
        &self.cat
    }

    /// Seconds per step.
    pub fn dt(&self) -> f32 {
        self.dt
    }

    /// The run seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Which implementation runs the compute passes.
    pub fn backend(&self) -> Backend {
        self.link.compute.backend()
    }

    /// The backend, what was asked for and why (overlay, JSON reports).
    pub fn backend_choice(&self) -> &engine::gpu::BackendChoice {
        self.link.compute.choice()
    }

    /// The compute core (the renderer draws from its projectile buffer; the overlay reads pass timings).
    pub fn compute(&self) -> &ProjectileCore {
        &self.link.compute
    }

    /// Enemies, by slot (free slots have `alive == false`), with telegraph state.
    pub fn enemies(&self) -> &EnemySet {
        &self.field.enemies
    }

    /// Coins on the ground.
    pub fn coins(&self) -> &CoinField {
        &self.field.coins
    }

    /// Black holes, healing mists and turrets in the arena.
    pub fn areas(&self) -> &[Area] {
        &self.field.areas
    }

    /// The active core's runtime (mana, timers), when a wave is running.
    pub fn core_state(&self) -> Option<&CoreState> {
        self.caster.core.as_ref()
    }

    /// What the worn equipment gives the fight.
    pub fn gear(&self) -> &GearLoadout {
        &self.kit.gear
    }

    /// Seconds left in the wave (0 outside a wave).
    pub fn wave_time_left(&self) -> f32 {
        self.field
            .runner
            .as_ref()
            .map_or(0.0, |r| (r.config().duration_sec - r.elapsed()).max(0.0))
    }

    /// True while a wave is running and the player lives.
    pub fn in_wave(&self) -> bool {
        self.field.runner.is_some()
    }

    /// True when the wave is over: it has stood finished for `clear_beat_s`
    /// (every spawn came and nothing is alive, or a boss wave's boss is
    /// dead), or its time is up and no boss lives, or a living boss has had
    /// `boss_overtime_s` (data/world.json) past the time.
    /// The seed ends the game on the W20 boss's death, so a boss wave waits
    /// for it, but not forever.
    pub fn wave_done(&self) -> bool {
        let Some(r) = self.field.runner.as_ref() else {
            return false;
        };
        // Finished early: nothing left to fight for a beat (docs/game.md#wave-end).
        if r.quiet_s() >= self.cat.run.world.clear_beat_s {
            return true;
        }
        if !r.time_up() {
            return false;
        }
        let overtime = self.wave_steps as f32 * self.dt - r.config().duration_sec;
        let rush_on = r.boss_pending();
        (!self.boss_alive() && !rush_on) || overtime >= self.cat.run.world.boss_overtime_s
    }

    /// Bosses of a rush still to come after the one on the field.
    pub fn rush_left(&self) -> usize {
        self.field.runner.as_ref().map_or(0, |r| r.rush_left())
    }

    /// True when a boss rush is over: every queued boss came and none lives.
    pub fn rush_done(&self) -> bool {
        self.field.runner.as_ref().is_some_and(|r| !r.boss_pending()) && !self.boss_alive()
    }

    /// True while a boss is alive in the arena.
    pub fn boss_alive(&self) -> bool {
        self.field
            .enemies
            .slots()
            .iter()
            .any(|e| e.alive && e.boss.is_some())
    }

    /// The boss still standing, as the player reads it: the first living
    /// boss's name and the share of their HP the living bosses keep
    /// together; `None` when none lives. What a wave's report and the run's
    /// summary say of a boss that outlived them.
    pub fn boss_standing(&self) -> Option<(String, f32)> {
        let mut bosses = self.field.enemies.slots().iter().filter(|e| e.alive);
        let first = bosses.find_map(|e| e.boss.as_ref().map(|b| (e, b)))?;
        let (hp, max) = std::iter::once(first.0)
            .chain(bosses.filter(|e| e.boss.is_some()))
            .fold((0.0, 0.0), |(h, m), e| (h + e.hp.max(0.0), m + e.hp_max));
        let share = if max > 0.0 { (hp / max).min(1.0) } else { 0.0 };
        Some((first.1.def.display_name.clone(), share))
    }

    /// True when the current wave's file has a boss.
    pub fn boss_wave(&self) -> bool {
        self.field
            .runner
            .as_ref()
            .is_some_and(|r| r.config().boss.is_some())
    }

    /// Depth of the current wave for loot (docs/game.md#depth: 5 × wave, at most 100).
    pub fn depth(&self) -> u32 {
        self.cat.loot.drops.run_model.depth_of_wave(self.wave.max(1))
    }

    /// Nearest living enemy to `from` (slot and position), optionally skipping one.
    pub(super) fn nearest_enemy(&self, from: Vec2, skip: Option<u32>) -> Option<(u32, Vec2)> {
        let mut best: Option<(u32, Vec2, f32)> = None;
        for (i, e) in self.field.enemies.slots().iter().enumerate() {
            if !e.alive || e.hp <= 0.0 || skip == Some(i as u32) {
                continue;
            }
            let d = e.pos.distance_squared(from);
            if best.is_none_or(|b| d < b.2) {
                best = Some((i as u32, e.pos, d));
            }
        }
        best.map(|b| (b.0, b.1))
    }
}
