//! The design load of docs/architecture.md#design-load (1,000 enemies and 2,000 projectiles)
//! held steady inside a real world step, for benches and the load figures.
//!
//! [`World::hold_load`] tops the arena up before each step: a late-wave mix of
//! enemies ([`LOAD_MIX`], mostly grunts) spawned on a fixed spiral of points, and spark bolts
//! from the player in a fixed fan of directions; the player is healed to full
//! so the load never ends the wave. The measured step runs the real event
//! handling, damage pipeline, AI, upload and compute passes at that load.

use glam::Vec2;

use super::World;

/// Enemy archetype whose presence in the data marks the load as runnable.
pub const LOAD_ENEMY: &str = "tank";
/// Archetypes spawned in turn to hold the load: mostly grunts with some
/// chargers, spitters, poisoners and tanks, the mix of a late wave (a
/// thousand tanks would cover the screen several times over, which measures
/// fill rate, not the design load).
pub const LOAD_MIX: [&str; 10] = [
    "grunt", "grunt", "charger", "grunt", "spitter", "grunt", "tank", "grunt", "poisoner", "charger",
];
/// Spell fired to hold the load.
pub const LOAD_SPELL: &str = "spark_bolt";

impl World {
    /// Spawns enemies and queues player projectiles until about `enemies` and
    /// `projectiles` are alive. Call between steps of a running wave. Returns
    /// false when the load spell or enemy is missing from the data.
    pub fn hold_load(&mut self, enemies: u32, projectiles: u32) -> bool {
        let cat = self.cat.clone();
        // The load is about the machine, not the fight: the player never dies of it.
        self.player.restore();
        if cat.enemies.index_of(LOAD_ENEMY).is_none() {
            return false;
        }
        let arena = cat.run.world.arena;
        let centre = arena.centre();
        let mut k = self.run_steps as u32;
        while (self.field.enemies.alive_count() as u32) < enemies {
            k = k.wrapping_add(1);
            // A golden-angle spiral fills the arena evenly and deterministically.
            let a = k as f32 * 2.399_963;
            let r = 200.0 + (k % 1000) as f32 / 1000.0 * (arena.width.min(arena.height) * 0.5 - 260.0);
            let pos = centre + Vec2::new(a.cos(), a.sin()) * r;
            let id = LOAD_MIX[k as usize % LOAD_MIX.len()];
            let id = if cat.enemies.index_of(id).is_some() {
                id
            } else {
                LOAD_ENEMY
            };
            if self.spawn_enemy(id, pos).is_none() {
                break;
            }
        }
        let Some(idx) = cat.spells.find(LOAD_SPELL) else {
            return false;
        };
        let Some(template) = self.load_template(idx) else {
            return false;
        };
        let live = self.field.shots.player_live() + self.field.queued.len() as u32;
        for i in 0..projectiles.saturating_sub(live) {
            let a = (self.run_steps as f32 * 0.37 + i as f32 * 0.618_034) * std::f32::consts::TAU;
            let dir = Vec2::new(a.cos(), a.sin());
            self.field.queued.push((template, self.player.pos, dir));
        }
        true
    }

    /// One spawn request of `spell` as the VM bakes it for this player.
    fn load_template(&self, spell: crate::vm::SpellIdx) -> Option<crate::vm::SpawnRequest> {
        let cat = &self.cat;
        let core_id = &cat.run.world.starting_core;
        let core = cat.cores.get(cat.cores.find(core_id)?);
        let id = cat.spells.get(spell).id.clone();
        let mut state = crate::vm::CoreState::new(
            core,
            &[id.as_str()],
            &cat.spells,
            &cat.recipes,
            &cat.balance.vm,
            0,
        )
        .ok()?;
        let ctx = crate::vm::CastContext {
            spells: &cat.spells,
            balance: &cat.balance.vm,
            nearest_enemy: f32::INFINITY,
            live_projectiles: 0,
        };
        let out = state.cast_now(&self.caster(), &ctx);
        out.spawns.first().copied()
    }
}
