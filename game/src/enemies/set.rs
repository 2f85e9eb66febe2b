//! All enemies of a fight in stable slots, and the step that moves them.
//!
//! Slot indices are what the GPU core sees (`Enemy` uploads and `HIT`
//! events), so a slot keeps its index for its whole life; dead slots are
//! reused lowest-first by later spawns. Every loop runs in slot order and
//! every random draw comes from the caller's `ChaCha8Rng`, so a step is a
//! pure function of the set, the context and the RNG state.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use glam::Vec2;
use rand::Rng;
use serde::Serialize;

use super::ai::{self, AiOutput, Pool, Telegraph};
use super::bosses::shield::ShieldHit;
use super::bosses::{BehaviorTag, BossDef, BossEvent, BossRuntime};
use super::context::{AiContext, Arena};
use super::defs::Mirror;
use super::defs::{AiKind, AiTuning, EnemyDef};
use super::state::{AiPhase, BOSS_KIND, Death, EnemyState, SpawnScale};
use crate::combat::aoe;
use crate::combat::{AttackerStats, CombatRules, HitResult, HitSpec, ReactionEvent, apply_hit, compute_hit};
use crate::element::Element;
use crate::spatial::SpatialHash;

/// Side of a spatial hash cell, px: about a grunt's diameter, so a packed
/// crowd's separation query reads a 2×2 block of cells.
const CELL_SIZE: f32 = 32.0;

/// What one projectile hit on an enemy did.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct HitOutcome {
    /// The hit's damage, or `None` when it dealt none (reflected, invincible, dead slot).
    pub result: Option<HitResult>,
    /// The mirror mage turned the projectile back: the integrator should flip it to the enemy team.
    pub reflected: bool,
    /// Reactions that happened.
    pub reactions: Vec<ReactionEvent>,
    /// Boss phase changes and the like.
    pub boss_events: Vec<BossEvent>,
    /// HP healed by `regen_on_physical_hit`.
    pub regen: f32,
}

impl HitOutcome {
    /// Damage the hit dealt (its reactions' blasts are hits of their own).
    pub fn damage_dealt(&self) -> f32 {
        self.result.as_ref().map_or(0.0, |r| r.total)
    }
}

/// Every enemy of a fight.
#[derive(Debug, Clone)]
pub struct EnemySet {
    slots: Vec<EnemyState>,
    free: BinaryHeap<Reverse<u32>>,
    alive: usize,
    tuning: AiTuning,
    slow_factor: f32,
    hash: SpatialHash,
    hash_dirty: bool,
    max_radius: f32,
    pools: Vec<Pool>,
    desired: Vec<Vec2>,
    neighbours: Vec<u32>,
    /// Scratch: each slot's separation push this step.
    pushes: Vec<Vec2>,
    range_mult: f32,
    /// Spawns refused because `max_alive` enemies were alive.
    pub dropped_spawns: u64,
}

impl EnemySet {
    /// An empty set for an arena; `slow_factor` comes from the combat rules.
    pub fn new(tuning: AiTuning, arena: Arena, slow_factor: f32) -> Self {
        Self {
            slots: Vec::new(),
            free: BinaryHeap::new(),
            alive: 0,
            tuning,
            slow_factor,
            hash: SpatialHash::new(
                Vec2::from_array(arena.min),
                Vec2::from_array(arena.max),
                CELL_SIZE,
            ),
            hash_dirty: false,
            max_radius: 0.0,
            pools: Vec::new(),
            desired: Vec::new(),
            neighbours: Vec::new(),
            pushes: Vec::new(),
            range_mult: 1.0,
            dropped_spawns: 0,
        }
    }

    /// Sets the factor on ranged enemies' attack (notice) range: the product
    /// of the equipped `EnemyNoticeRange` rules, 1 without any (see `ai`).
    pub fn set_ranged_range_mult(&mut self, mult: f32) {
        self.range_mult = if mult.is_finite() && mult > 0.0 { mult } else { 1.0 };
    }

    /// The factor on ranged enemies' attack range now in effect.
    pub fn ranged_range_mult(&self) -> f32 {
        self.range_mult
    }

    /// Number of living enemies.
    pub fn alive_count(&self) -> usize {
        self.alive
    }

    /// Every slot, living or free, by index (free slots have `alive == false`).
    pub fn slots(&self) -> &[EnemyState] {
        &self.slots
    }

    /// One slot.
    pub fn get(&self, slot: u32) -> Option<&EnemyState> {
        self.slots.get(slot as usize).filter(|e| e.alive)
    }

    /// One slot, mutable (tools and tests).
    pub fn get_mut(&mut self, slot: u32) -> Option<&mut EnemyState> {
        self.slots.get_mut(slot as usize).filter(|e| e.alive)
    }

    /// Poison pools on the ground.
    pub fn pools(&self) -> &[Pool] {
        &self.pools
    }

    /// The spatial hash as of the last update or spawn (for melee and tools).
    pub fn spatial(&mut self) -> &SpatialHash {
        self.refresh_hash();
        &self.hash
    }

    fn insert(&mut self, e: EnemyState) -> Option<u32> {
        if self.alive >= self.tuning.max_alive as usize {
            self.dropped_spawns += 1;
            return None;
        }
        self.max_radius = self.max_radius.max(e.radius);
        self.alive += 1;
        self.hash_dirty = true;
        if let Some(Reverse(i)) = self.free.pop() {
            self.slots[i as usize] = e;
            Some(i)
        } else {
            self.slots.push(e);
            Some(self.slots.len() as u32 - 1)
        }
    }

    /// Spawns an enemy of type `def` (its index `kind`); `None` when the
    /// `max_alive` cap refused it (counted in `dropped_spawns`).
    pub fn spawn(&mut self, kind: u32, def: &EnemyDef, pos: Vec2, scale: SpawnScale) -> Option<u32> {
        self.insert(EnemyState::from_def(kind, def, pos, scale))
    }

    /// Puts a made enemy on the field (a split's halves); `None` when the
    /// `max_alive` cap refused it.
    pub fn spawn_state(&mut self, e: EnemyState) -> Option<u32> {
        self.insert(e)
    }

    /// Spawns a boss; `ng_plus` arms its NG+ phase.
    pub fn spawn_boss(
        &mut self,
        def: Arc<BossDef>,
        def_index: usize,
        pos: Vec2,
        ng_plus: bool,
    ) -> Option<u32> {
        let rt = BossRuntime::new(def.clone(), def_index, ng_plus);
        let e = EnemyState {
            kind: BOSS_KIND,
            alive: true,
            pos,
            knock: Vec2::ZERO,
            facing: Vec2::X,
            radius: def.radius,
            hp: def.hp,
            hp_max: def.hp,
            speed: def.speed,
            attack: def.attack,
            damage_mult: 1.0,
            armor: rt.armor(),
            resist: rt.resist(),
            knockback_resist: 1.0,
            reflect: None,
            defence: Default::default(),
            incorporeal: false,
            contact_cooldown: def.contact_cooldown,
            contact_timer: 0.0,
            xp: def.xp,
            gold: def.gold,
            gold_mult: 1.0,
            elite: false,
            ai_kind: AiKind::Seek,
            ai: super::state::AiState {
                phase: AiPhase::Move,
                timer: 0.0,
                dir: [1.0, 0.0],
                target: pos.to_array(),
            },
            status: Default::default(),
            boss: Some(Box::new(rt)),
            mutation: Default::default(),
        };
        self.insert(e)
    }

    fn refresh_hash(&mut self) {
        if self.hash_dirty {
            let slots = &self.slots;
            self.hash.rebuild(
                slots
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| e.alive)
                    .map(|(i, e)| (i as u32, e.pos)),
            );
            self.hash_dirty = false;
        }
    }

    /// Pushes enemy `slot` with an impulse (px/s), reduced by its knockback resistance.
    pub fn knockback(&mut self, slot: u32, impulse: Vec2) {
        if let Some(e) = self.get_mut(slot) {
            e.knock += impulse * (1.0 - e.knockback_resist);
        }
    }

    /// Applies one hit (projectile, blade or blast) to `slot`: boss defences,
    /// the damage pipeline, statuses and reactions (whose blasts the caller
    /// resolves through [`EnemySet::blast_targets`]), regeneration, armour
    /// layers and phase changes. Deaths are collected by
    /// [`EnemySet::reap`].
    pub fn hit(
        &mut self,
        slot: u32,
        spec: &HitSpec,
        attacker: &AttackerStats,
        rules: &CombatRules,
        rng: &mut impl Rng,
    ) -> HitOutcome {
        let mut out = HitOutcome::default();
        self.refresh_hash();
        let Some(e) = self
            .slots
            .get_mut(slot as usize)
            .filter(|e| e.alive && e.hp > 0.0)
        else {
            return out;
        };
        let reflects = |m: &Mirror, facing: Vec2| {
            let dir = Vec2::from_array(spec.dir);
            let frontal = dir.length_squared() > 0.0
                && facing.dot(-dir.normalize()) >= (m.arc_deg.to_radians() / 2.0).cos();
            frontal && !spec.pierces && spec.shares.get(Element::Physical) >= m.min_physical_share
        };
        if let Some(b) = e.boss.as_deref_mut() {
            if b.invincible > 0.0 {
                return out;
            }
            if let Some(def) = b.def.barrage_shield {
                match b.shield.on_hit(&def) {
                    ShieldHit::Reflected => {
                        out.reflected = true;
                        out.boss_events.push(BossEvent::Reflected { enemy: slot });
                        return out;
                    }
                    ShieldHit::Raised => out.boss_events.push(BossEvent::ShieldRaised { enemy: slot }),
                    ShieldHit::Lands => {}
                }
            }
            if let Some(m) = b.def.mirror.filter(|_| b.has(BehaviorTag::ReflectPhysical))
                && reflects(&m, e.facing)
            {
                out.reflected = true;
                out.boss_events.push(BossEvent::Reflected { enemy: slot });
                return out;
            }
        }
        if let Some(m) = e.reflect
            && reflects(&m, e.facing)
        {
            out.reflected = true;
            out.boss_events.push(BossEvent::Reflected { enemy: slot });
            return out;
        }
        let result = compute_hit(e, spec, attacker, rules, rng);
        out.reactions = apply_hit(e, &result, rules, rng);
        if let Some(b) = e.boss.as_deref_mut() {
            let regen = b.current().regen_on_physical_hit;
            if regen > 0.0 && result.per_element[Element::Physical.index()] > 0.0 && e.hp > 0.0 {
                let before = e.hp;
                e.hp = (e.hp + regen * e.hp_max).min(e.hp_max);
                out.regen = e.hp - before;
            }
            if let Some(l) = b.def.armor_layers
                && b.layers > 0
                && spec.shares.get(l.stripped_by) > 0.0
            {
                b.layers -= 1;
                out.boss_events.push(BossEvent::LayerLost {
                    enemy: slot,
                    left: b.layers,
                });
            }
            let frac = (e.hp / e.hp_max).clamp(0.0, 1.0);
            let events = b.advance(slot, frac);
            if !events.is_empty() {
                e.resist = b.resist();
            }
            e.armor = b.armor();
            out.boss_events.extend(events);
        }
        out.result = Some(result);
        out
    }

    /// The living enemies a blast of `radius` at `center` catches, except
    /// `exclude`, sorted by slot: every body that touches the blast's circle (docs/game.md#area-damage).
    /// The caller hits each through the same pipeline as a direct hit.
    pub fn blast_targets(&mut self, center: Vec2, radius: f32, exclude: Option<u32>) -> Vec<u32> {
        self.refresh_hash();
        let slots = &self.slots;
        aoe::blast_targets(center, radius, &self.hash, self.max_radius, exclude, |i| {
            slots
                .get(i as usize)
                .filter(|t| t.alive && t.hp > 0.0)
                .map(|t| t.radius)
        })
    }

    /// One AI and movement step: statuses tick, each enemy thinks, moves
    /// (separation through the spatial hash, knockback, walls), pools tick and
    /// contact hits are found.
    #[expect(
        clippy::too_many_lines,
        reason = "one AI step over every enemy: think, move, separate, touch"
    )]
    pub fn update(&mut self, dt: f32, ctx: &AiContext, rng: &mut impl Rng) -> AiOutput {
        engine::scope!("enemy ai");
        let _ = rng; // Reserved: no behaviour draws randomness yet; the parameter keeps the API stable.
        let mut out = AiOutput::default();
        self.refresh_hash();
        self.desired.clear();
        self.desired.resize(self.slots.len(), Vec2::ZERO);
        for i in 0..self.slots.len() {
            let e = &mut self.slots[i];
            if !e.alive {
                continue;
            }
            // Statuses active at the start of the step govern it; then they tick.
            let can_act = !e.status.disabled();
            let mf = e.status.move_factor(self.slow_factor);
            let split = crate::combat::attribution::dot_split(&e.status, dt);
            for (acc, v) in out.dot_by_element.iter_mut().zip(split) {
                *acc += v;
            }
            let dot = e.status.tick(dt);
            e.hp -= dot;
            out.dot_damage += dot;
            e.contact_timer = (e.contact_timer - dt).max(0.0);
            let v = if let Some(mut b) = e.boss.take() {
                let v = if can_act {
                    b.think(e.pos, e.radius, &mut e.facing, ctx, dt, &mut out.enemy_shots)
                } else {
                    Vec2::ZERO
                };
                e.attack = b.def.attack * b.aggression() * b.attack_mult;
                e.boss = Some(b);
                v
            } else {
                ai::think(e, ctx, dt, can_act, self.range_mult, &mut out)
            };
            self.desired[i] = v * mf;
        }
        // Separation: push overlapping neighbours apart, reading positions
        // from before this step. Each pair is seen from its larger body (equal
        // bodies each see the other), so an enemy looks only within twice its
        // own radius: a packed crowd of small fodder stays linear instead of
        // every mite scanning as far as the largest brute's reach.
        let sep = self.tuning.separation;
        let decay = (-self.tuning.knockback_decay * dt).exp();
        self.pushes.clear();
        self.pushes.resize(self.slots.len(), Vec2::ZERO);
        let weight = |e: &EnemyState| if e.boss.is_some() { 0.1 } else { 0.5 };
        for i in 0..self.slots.len() {
            if !self.slots[i].alive {
                continue;
            }
            let (p, r) = (self.slots[i].pos, self.slots[i].radius);
            self.neighbours.clear();
            self.hash.query_circle(p, 2.0 * r, &mut self.neighbours);
            for &j in &self.neighbours {
                let j = j as usize;
                let o = &self.slots[j];
                if j == i || !o.alive || o.radius > r {
                    continue;
                }
                let d = p - o.pos;
                let min = r + o.radius;
                let d2 = d.length_squared();
                if d2 >= min * min {
                    continue;
                }
                let dist = d2.sqrt();
                // Coincident centres: split along a direction fixed by the slot order.
                let n = if dist > 1e-4 {
                    d / dist
                } else if i < j {
                    Vec2::X
                } else {
                    -Vec2::X
                };
                // Bosses barely yield; others split the overlap.
                let overlap = min - dist;
                self.pushes[i] += n * overlap * weight(&self.slots[i]);
                if o.radius < r {
                    self.pushes[j] -= n * overlap * weight(o);
                }
            }
        }
        for (i, e) in self.slots.iter_mut().enumerate() {
            if !e.alive {
                continue;
            }
            let step = (self.desired[i] + e.knock) * dt + self.pushes[i] * sep;
            e.pos = ctx.arena.clamp(e.pos + step, e.radius);
            e.knock *= decay;
        }
        self.hash_dirty = true;
        // Contact damage.
        for (i, e) in self.slots.iter_mut().enumerate() {
            if !e.alive || e.hp <= 0.0 || e.status.disabled() || e.contact_timer > 0.0 {
                continue;
            }
            let reach = e.radius + ctx.player_radius;
            if e.pos.distance_squared(ctx.player_pos) <= reach * reach {
                out.contact_hits.push((i as u32, e.attack));
                e.contact_timer = e.contact_cooldown;
            }
        }
        // Pools.
        self.pools.extend(out.pools_spawned.iter().copied());
        for pool in &mut self.pools {
            if pool.telegraph > 0.0 {
                pool.telegraph -= dt;
                continue;
            }
            let reach = pool.radius + ctx.player_radius;
            if Vec2::from_array(pool.center).distance_squared(ctx.player_pos) <= reach * reach {
                out.pool_damage += pool.dps * dt.min(pool.remaining);
            }
            pool.remaining -= dt;
        }
        self.pools.retain(|p| p.remaining > 0.0);
        out
    }

    /// Frees every enemy at 0 HP or below and reports the deaths in slot
    /// order, rolling each one's gold from `rng`. A boss with an NG+ last will
    /// survives once instead (its events go to `boss_events`).
    pub fn reap(&mut self, rng: &mut impl Rng, boss_events: &mut Vec<BossEvent>) -> Vec<Death> {
        let mut deaths = Vec::new();
        for (i, e) in self.slots.iter_mut().enumerate() {
            if !e.alive || e.hp > 0.0 {
                continue;
            }
            if let Some(b) = e.boss.as_deref_mut()
                && let Some(hp) = b.try_last_will(i as u32, e.hp_max, boss_events)
            {
                e.hp = hp.max(1.0);
                e.resist = b.resist();
                continue;
            }
            let gold = rng.random_range(e.gold[0]..=e.gold[1]) as f32 * e.gold_mult;
            deaths.push(Death {
                slot: i as u32,
                kind: e.kind,
                pos: e.pos.to_array(),
                xp: e.xp,
                gold,
                elite: e.elite,
                boss: e.boss.is_some(),
                mutation: e.mutation,
            });
            e.alive = false;
            e.boss = None;
            self.free.push(Reverse(i as u32));
            self.alive -= 1;
            self.hash_dirty = true;
        }
        deaths
    }

    /// Removes every enemy and pool (between waves).
    pub fn clear(&mut self) {
        self.slots.clear();
        self.free.clear();
        self.pools.clear();
        self.alive = 0;
        self.max_radius = 0.0;
        self.hash_dirty = true;
    }

    /// The enemies as the GPU core sees them, one per slot (free slots not alive).
    pub fn gpu_enemies(&self, out: &mut Vec<engine::compute::Enemy>) {
        out.clear();
        out.extend(self.slots.iter().map(|e| engine::compute::Enemy {
            pos: e.pos.to_array(),
            radius: e.radius,
            alive: u32::from(e.alive && e.hp > 0.0),
        }));
    }

    /// Warnings to draw: charge lines, spit aims, pool landings.
    pub fn telegraphs(&self) -> Vec<Telegraph> {
        let mut out = Vec::new();
        for (i, e) in self.slots.iter().enumerate() {
            if !e.alive || e.ai.phase != AiPhase::Windup {
                continue;
            }
            match e.ai_kind {
                AiKind::Charger(c) => {
                    let dir = Vec2::from_array(e.ai.dir);
                    out.push(Telegraph::ChargeLine {
                        enemy: i as u32,
                        from: e.pos.to_array(),
                        to: (e.pos + dir * e.speed * c.charge_time).to_array(),
                        progress: (1.0 - e.ai.timer / c.windup).clamp(0.0, 1.0),
                    });
                }
                AiKind::Spitter(s) => out.push(Telegraph::SpitAim {
                    enemy: i as u32,
                    from: e.pos.to_array(),
                    to: e.ai.target,
                    progress: (1.0 - e.ai.timer / s.windup.max(1e-6)).clamp(0.0, 1.0),
                }),
                _ => {}
            }
        }
        for p in &self.pools {
            if !p.active() {
                out.push(Telegraph::PoolLanding {
                    center: p.center,
                    radius: p.radius,
                    progress: (1.0 - p.telegraph / p.telegraph_total.max(1e-6)).clamp(0.0, 1.0),
                });
            }
        }
        out
    }
}
