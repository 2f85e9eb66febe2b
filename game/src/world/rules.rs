//! Where the run's rules beyond the wave file meet the fight: NG+ (enemy
//! shots faster, bosses stronger and armed with their fourth phase, the
//! void lord's clones) and the boss rush's queue. The endless mutators and
//! curses act in their own rooms and read [`World::rules`].

use super::*;
use crate::bosses::BossEvent;

/// Share of the lord's full HP each NG+ clone has (docs/game.md#new-game-plus gives
/// the count, two, not their strength; a clone at 15 % falls to a few
/// seconds of a build that brought the lord down).
pub const CLONE_HP_SHARE: f32 = 0.15;

impl World {
    /// Sets the rules of the next wave (the run calls it before each wave).
    pub fn set_rules(&mut self, rules: crate::mutators::FightRules) {
        self.player.no_healing = rules.has(crate::mutators::Rule::NoHealing);
        self.rules = rules;
    }

    /// Where bodies may be this wave: the arena, or its middle under the
    /// shrinking map (projectiles keep the full walls).
    pub fn play_area(&self) -> crate::arena::Bounds {
        self.cat.run.world.arena.shrunk(self.rules.arena_scale())
    }

    /// Enemy shots of this step into the field, NG+ speeding them up.
    pub(super) fn take_enemy_shots(&mut self, shots: &[engine::compute::Projectile]) {
        let m = self.rules.ng_shot_speed_mult();
        self.field.enemy_shots.extend(shots.iter().map(|p| {
            let mut p = *p;
            p.vel = [p.vel[0] * m, p.vel[1] * m];
            p
        }));
    }

    /// Spawns the wave's boss `boss`: NG+ multiplies its HP and attack as it
    /// does every enemy's, and arms its NG+ phase. (The caller remembers it
    /// as met in the run's carry.)
    pub(super) fn spawn_wave_boss(&mut self, boss: u32, pos: Vec2) -> Option<u32> {
        let def = Arc::new(self.cat.bosses.bosses[boss as usize].clone());
        let ng = self.rules.ng_plus > 0;
        let slot = self.field.enemies.spawn_boss(def, boss as usize, pos, ng)?;
        let m = self.rules.ng_stat_mult() * self.boss_scale;
        if let Some(e) = self.field.enemies.get_mut(slot) {
            e.hp *= m;
            e.hp_max *= m;
            e.attack *= m;
            if let Some(b) = e.boss.as_deref_mut() {
                b.attack_mult = m;
            }
        }
        Some(slot)
    }

    /// After the reap: the NG+ clones a last will asked for, clones falling
    /// with their lord, and a boss rush's next boss once the field has none.
    pub(super) fn boss_followups(&mut self) {
        let summons: Vec<(u32, u32)> = self
            .boss_events
            .iter()
            .filter_map(|e| match *e {
                BossEvent::CloneSummon { enemy, count } => Some((enemy, count)),
                _ => None,
            })
            .collect();
        for (lord, count) in summons {
            self.summon_clones(lord, count);
        }
        let slots = self.field.enemies.slots();
        let lord_alive = slots
            .iter()
            .any(|e| e.alive && e.boss.as_deref().is_some_and(|b| !b.clone));
        if !lord_alive {
            let clones: Vec<u32> = slots
                .iter()
                .enumerate()
                .filter(|(_, e)| e.alive && e.boss.as_deref().is_some_and(|b| b.clone))
                .map(|(i, _)| i as u32)
                .collect();
            for c in clones {
                if let Some(e) = self.field.enemies.get_mut(c) {
                    e.hp = 0.0;
                }
            }
            if let Some(r) = self.field.runner.as_mut() {
                r.call_next_boss();
            }
        }
    }

    /// `count` clones of the boss in `lord`'s slot, in its NG+ phase, spread
    /// around it; each with [`CLONE_HP_SHARE`] of the lord's full HP.
    fn summon_clones(&mut self, lord: u32, count: u32) {
        let Some(e) = self.field.enemies.get(lord) else {
            return;
        };
        let Some(rt) = e.boss.as_deref() else {
            return;
        };
        let (def, index, phase, pos, hp_max, attack, radius, attack_mult) = (
            rt.def.clone(),
            rt.def_index,
            rt.phase,
            e.pos,
            e.hp_max,
            e.attack,
            e.radius,
            rt.attack_mult,
        );
        let area = self.play_area();
        for k in 0..count {
            let a = std::f32::consts::TAU * (k as f32 + 0.25) / count.max(1) as f32;
            let at = pos + Vec2::from_angle(a) * radius * 3.0;
            let at = area.clamp(at, radius);
            let Some(slot) = self.field.enemies.spawn_boss(def.clone(), index, at, true) else {
                continue;
            };
            let i = slot as usize;
            if self.field.enemy_born.len() <= i {
                self.field.enemy_born.resize(i + 1, 0);
            }
            self.field.enemy_born[i] = self.run_steps;
            if let Some(c) = self.field.enemies.get_mut(slot) {
                c.hp = hp_max * CLONE_HP_SHARE;
                c.hp_max = c.hp;
                c.attack = attack;
                if let Some(b) = c.boss.as_deref_mut() {
                    b.clone = true;
                    b.last_will_used = true;
                    b.phase = phase;
                    b.attack_mult = attack_mult;
                    c.resist = b.resist();
                }
            }
            self.stats.clones += 1;
        }
    }
}
