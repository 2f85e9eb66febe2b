//! Setting up a scene outside the wave schedule: spawning an enemy by id and
//! mutable access to the enemies, for tests, benches, the load holder and the
//! lab's dummies.

use super::*;

impl World {
    /// Spawns enemy `id` at `pos` outside the wave's schedule (tests, the lab's dummies).
    pub fn spawn_enemy(&mut self, id: &str, pos: Vec2) -> Option<u32> {
        let kind = self.cat.enemies.index_of(id)?;
        let def = &self.cat.enemies.defs[kind];
        let slot = self
            .field
            .enemies
            .spawn(kind as u32, def, pos, Default::default())?;
        let i = slot as usize;
        if self.field.enemy_born.len() <= i {
            self.field.enemy_born.resize(i + 1, 0);
        }
        self.field.enemy_born[i] = self.run_steps;
        Some(slot)
    }

    /// Spawns boss `id` at `pos` outside the wave's schedule (the inert guard's boss dummy).
    pub fn spawn_boss_at(&mut self, id: &str, pos: Vec2) -> Option<u32> {
        let index = self.cat.bosses.index_of(id)?;
        let def = Arc::new(self.cat.bosses.bosses[index].clone());
        let slot = self.field.enemies.spawn_boss(def, index, pos, false)?;
        let i = slot as usize;
        if self.field.enemy_born.len() <= i {
            self.field.enemy_born.resize(i + 1, 0);
        }
        self.field.enemy_born[i] = self.run_steps;
        Some(slot)
    }

    /// Mutable enemies (tests and tools that set up a scene).
    pub fn enemies_mut(&mut self) -> &mut EnemySet {
        &mut self.field.enemies
    }
}
