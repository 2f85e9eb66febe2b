//! Stage 2 of the step: the compute core's events become damage, deaths,
//! triggers, drops, gold and XP.

use engine::compute::{EventKind, StepEvents};
use glam::Vec2;

use super::gear;
use super::metrics::StepCounters;
use super::shots::Team;
use super::view::EffectKind;
use super::{Carry, PlayerLedger, World};
use crate::combat::attribution::DamageSource;
use crate::enemies::shots::{SHOT_SOURCE_BOSS, enemy_projectile};
use crate::loot::drops::{DropSource, roll_drops};
use crate::loot::hooks::Hook;

/// A hit of at least this share of the enemy's full HP is a big hit: the
/// window holds the fight for a few frames on it (hit-stop).
pub const BIG_HIT_SHARE: f32 = 0.25;
use crate::vm::PayloadHandle;
use crate::vm::cores::EntryOn;
use crate::vm::spells::TriggerOn;

impl World {
    /// Handles one step's events: every event but EXPIRE first (in the sorted
    /// order), then the EXPIREs, so a projectile that hits, times out and
    /// expires in one step still finds its record for the first two.
    pub(super) fn handle_events(
        &mut self,
        events: &StepEvents,
        dispatched_at: u64,
        ledger: &mut PlayerLedger,
        counters: &mut StepCounters,
    ) {
        engine::scope!("collisions and events");
        for e in &events.events {
            let pos = Vec2::from_array(e.pos);
            let slot = e.projectile;
            let Some(shot) = self.field.shots.get(slot).copied() else {
                continue;
            };
            match e.kind {
                k if k == EventKind::Hit as u32 => {
                    if shot.team != Team::Player {
                        continue;
                    }
                    let enemy = e.enemy;
                    let born = self
                        .field
                        .enemy_born
                        .get(enemy as usize)
                        .copied()
                        .unwrap_or(u64::MAX);
                    if born > dispatched_at || self.field.enemies.get(enemy).is_none() {
                        continue;
                    }
                    self.player_hit(slot, enemy, pos, ledger, counters);
                }
                k if k == EventKind::Timer as u32 => {
                    if shot.trigger == Some(TriggerOn::Timer)
                        && let Some(h) = shot.payload
                    {
                        self.fire_payload(h, pos, None, counters);
                    }
                }
                k if k == EventKind::Wall as u32 => {
                    // Once per carrier: a bouncing bolt casts at its first wall.
                    if shot.team == Team::Player
                        && shot.trigger == Some(TriggerOn::Wall)
                        && let Some(h) = shot.payload
                    {
                        if let Some(s) = self.field.shots.get_mut(slot) {
                            s.trigger = None;
                        }
                        self.stats.wall_triggers += 1;
                        self.fire_payload(h, pos, None, counters);
                    }
                }
                k if k == EventKind::PlayerHit as u32 && shot.team == Team::Enemy => {
                    // A committed blade may parry the shot back.
                    if !self.player.invulnerable() && self.try_parry() {
                        self.return_shot(&shot);
                        continue;
                    }
                    // Physical shots hit as the data's shot class; elemental
                    // ones (boss shots, reflected player spells) as their element.
                    let class = gear::shot_class(&shot.elements, self.cat.run.world.enemy_attack.shot_class);
                    let before = ledger.damage_taken;
                    self.hurt_player(shot.damage, class, super::blows::Blow::EnemyShot, ledger);
                    if ledger.damage_taken > before {
                        self.afflict_player(shot.elements.dominant(), shot.damage);
                        // Every blow that reaches the player, as a body's
                        // (`contact_blow`).
                        self.cast_entry(EntryOn::Hit, self.player.pos, counters);
                    }
                }
                _ => {}
            }
        }
        for e in events.of_kind(EventKind::Expire) {
            self.release_shot(e.projectile);
        }
    }

    /// One player projectile hitting one enemy: the damage pipeline, area
    /// damage, reflection, the on-hit payload, the explosion and the chain jump.
    fn player_hit(
        &mut self,
        slot: u32,
        enemy: u32,
        pos: Vec2,
        ledger: &mut PlayerLedger,
        counters: &mut StepCounters,
    ) {
        let Some(shot) = self.field.shots.get(slot).copied() else {
            return;
        };
        let rules = &self.cat.loot.enhancements.levels;
        let Some((spec, attacker)) = gear::player_hit(
            &shot,
            &self.guard(enemy),
            self.player.stats(),
            &self.kit.gear,
            rules,
        ) else {
            return;
        };
        let out = self.land_hit(enemy, spec, &attacker);
        if out.reflected {
            // The mirror turns the projectile back as an enemy shot carrying its damage.
            let p = enemy_projectile(
                pos,
                -shot.dir * shot.speed,
                shot.radius,
                shot.lifetime,
                shot.damage,
                SHOT_SOURCE_BOSS,
            );
            if self.link.compute.write(slot, p) {
                if let (Some(h), Some(core)) = (shot.payload, self.caster.core.as_mut()) {
                    core.release_payload(h);
                }
                self.field.shots.set_team(slot, Team::Enemy);
                if let Some(s) = self.field.shots.get_mut(slot) {
                    s.payload = None;
                    s.trigger = None;
                    s.explosion_radius = 0.0;
                }
            }
            return;
        }
        let source = self.tags.source(slot, shot.spell);
        self.book_hit(enemy, &out, Some(slot), source);
        let flying = self.counters.player_moving;
        self.stats.damage_by_source.book_shot(out.damage_dealt(), flying);
        if source.is_turret() {
            self.stats.damage_by_source.turret += f64::from(out.damage_dealt());
        }
        self.reaction_blasts(enemy, &out, &attacker, 0, source, counters);
        self.shove(enemy, shot.dir * shot.knockback);
        if shot.lifesteal > 0.0 {
            let healed = self.player.heal(out.damage_dealt() * shot.lifesteal);
            self.stats.healed.lifesteal += f64::from(healed);
        }
        self.hit_hooks(enemy, &out, ledger, counters);
        if shot.trigger == Some(TriggerOn::Hit)
            && let Some(h) = shot.payload
        {
            self.fire_payload(h, pos, Some(enemy), counters);
        }
        if shot.explosion_radius > 0.0 {
            let hit = super::blast::BlastHit {
                spec: &spec,
                attacker: &attacker,
                credit: Some(slot),
                source,
                origin: source,
            };
            self.explode(pos, shot.explosion_radius, enemy, &hit, ledger, counters);
        }
        self.chain_jump(slot, enemy, pos, counters);
        self.mirror_bounce(slot, enemy, pos, counters);
    }

    /// What enemy `enemy` opposes to a player's hit (defence levels, an incorporeal body).
    pub(super) fn guard(&self, enemy: u32) -> crate::loot::gear::Guard {
        self.field
            .enemies
            .get(enemy)
            .map(|e| crate::loot::gear::Guard {
                levels: e.defence,
                incorporeal: e.incorporeal,
            })
            .unwrap_or_default()
    }

    /// A player's hit (projectile or blade) meets `enemy`: banes, the damage
    /// pipeline, boss happenings. The caller books it unless it was reflected.
    pub(super) fn land_hit(
        &mut self,
        enemy: u32,
        mut spec: crate::combat::HitSpec,
        attacker: &crate::combat::AttackerStats,
    ) -> crate::enemies::HitOutcome {
        spec.mult *= self.bane_mult(enemy);
        let out = self
            .field
            .enemies
            .hit(enemy, &spec, attacker, &self.cat.combat, &mut self.rngs.combat);
        self.boss_events.extend(out.boss_events.iter().copied());
        out
    }

    /// Knockback `push` (px/s, before resistance) on a living enemy that does not ignore it.
    pub(super) fn shove(&mut self, enemy: u32, push: Vec2) {
        if push != Vec2::ZERO
            && let Some(e) = self.field.enemies.get(enemy)
            && e.alive
            && e.knockback_resist < 1.0
        {
            self.field.enemies.knockback(enemy, push);
            self.stats.knockbacks += 1;
        }
    }

    /// The loot rules a landed hit calls: on hit, and once per reaction it set off.
    pub(super) fn hit_hooks(
        &mut self,
        enemy: u32,
        out: &crate::enemies::HitOutcome,
        ledger: &mut PlayerLedger,
        counters: &mut StepCounters,
    ) {
        self.run_hooks_at(Hook::OnHit, Some(enemy), ledger, counters);
        for _ in 0..out.reactions.len() {
            self.run_hooks(Hook::OnReaction, ledger, counters);
        }
    }

    /// Books a resolved hit: damage and reaction figures, damage numbers and
    /// reaction rings, and the kill credit of projectile `credit` (`None`
    /// leaves the enemy's credit as it was).
    pub(super) fn book_hit(
        &mut self,
        enemy: u32,
        out: &crate::enemies::HitOutcome,
        credit: Option<u32>,
        source: DamageSource,
    ) {
        let dealt = out.damage_dealt();
        self.stats.damage_dealt += f64::from(dealt);
        if let Some(r) = &out.result {
            self.credit.damage.book(source, r.total, &r.per_element);
        }
        self.stats.reactions += out.reactions.len() as u64;
        for r in &out.reactions {
            if let Some(k) = crate::combat::ReactionKind::ALL.iter().position(|k| *k == r.kind) {
                self.stats.reactions_by_kind[k] += 1;
            }
        }
        if let Some(e) = self.field.enemies.get(enemy) {
            let life = self.cat.run.world.damage_number_s;
            if let Some(r) = &out.result {
                self.stats.highest_hit = self.stats.highest_hit.max(r.total);
                let element = crate::element::Element::ALL
                    .into_iter()
                    .max_by(|a, b| r.per_element[a.index()].total_cmp(&r.per_element[b.index()]))
                    .unwrap_or(crate::element::Element::Physical);
                self.effects.push(
                    EffectKind::Damage {
                        amount: r.total,
                        crit: r.crit,
                        element,
                        big: r.total >= BIG_HIT_SHARE * e.hp_max,
                        armoured: e.armor > 0.0,
                    },
                    e.pos,
                    life,
                );
            }
            for r in &out.reactions {
                self.effects.push(
                    EffectKind::Reaction { kind: r.kind },
                    Vec2::from_array(r.pos),
                    life,
                );
            }
        }
        let Some(slot) = credit else {
            return;
        };
        let i = enemy as usize;
        if self.field.kill_credit.len() <= i {
            self.field.kill_credit.resize(i + 1, None);
        }
        self.field.kill_credit[i] = self.field.shots.get(slot).and_then(|s| {
            s.payload
                .filter(|_| s.trigger == Some(TriggerOn::Kill))
                .map(|h| (slot, h))
        });
    }

    /// Frees the dead: coins, XP, on-kill payloads and entries, loot from elites and bosses.
    pub(super) fn reap(&mut self, carry: &mut Carry, counters: &mut StepCounters) {
        engine::scope!("deaths and drops");
        let mut boss_events = Vec::new();
        let deaths = self.field.enemies.reap(&mut self.rngs.combat, &mut boss_events);
        self.boss_events.append(&mut boss_events);
        // The split mutator: the halves are made from the dead bodies now,
        // before anything spawned this step can take their slots.
        let halves: Vec<crate::enemies::state::EnemyState> = if self.rules.has(crate::mutators::Rule::Split) {
            let slots = self.field.enemies.slots();
            deaths
                .iter()
                .filter(|d| !d.boss && !d.mutation.split_half)
                .filter_map(|d| slots.get(d.slot as usize))
                .filter_map(crate::enemies::mutations::split)
                .flatten()
                .collect()
        } else {
            Vec::new()
        };
        for d in deaths {
            let pos = Vec2::from_array(d.pos);
            self.stats.kills += 1;
            if d.elite {
                self.stats.elite_kills += 1;
            }
            if d.boss {
                self.stats.boss_kills += 1;
                self.stats.boss_fell_step = Some(self.stats.steps);
            }
            let radius = self
                .field
                .enemies
                .slots()
                .get(d.slot as usize)
                .map_or(16.0, |e| e.radius);
            self.effects.push(
                EffectKind::DeathBurst {
                    radius,
                    big: d.elite || d.boss,
                },
                pos,
                self.cat.run.world.death_burst_s,
            );
            self.field.coins.drop_share(pos, d.gold);
            let share = f64::from(d.xp) * f64::from(self.xp_mult());
            let (xp, levels) = carry.progress.gain_share(&self.cat.run.economy.curve, share);
            self.stats.xp += xp;
            if levels > 0 {
                self.effects.push(EffectKind::LevelUp, self.player.pos, 1.0);
            }
            if let Some(core) = self.caster.core.as_mut() {
                core.notify_kill();
                // Mana Leech (docs/game.md#spell-chips: "mana back per kill", the
                // sustain build's core): each kill refills this much mana, up
                // to the pool the core and the player allow.
                let leech = self.player.stat(crate::stats::StatId::ManaLeech);
                if leech > 0.0 {
                    let gained = core.leech(leech, self.player.stat(crate::stats::StatId::ManaMax));
                    self.stats.mana_leeched += f64::from(gained);
                }
            }
            let credit = self
                .field
                .kill_credit
                .get_mut(d.slot as usize)
                .and_then(Option::take);
            if let Some((slot, h)) = credit
                && self.field.shots.get(slot).is_some_and(|s| s.payload == Some(h))
            {
                self.fire_payload(h, pos, Some(d.slot), counters);
            }
            self.cast_entry(EntryOn::Kill, pos, counters);
            self.run_hooks(Hook::OnKill, &mut carry.ledger, counters);
            if d.boss {
                self.roll_drops(carry, DropSource::Boss);
            } else if d.elite && !d.mutation.flooded {
                self.roll_drops(carry, DropSource::Elite);
            }
        }
        for h in halves {
            match self.field.enemies.spawn_state(h) {
                Some(s) => {
                    let i = s as usize;
                    if self.field.enemy_born.len() <= i {
                        self.field.enemy_born.resize(i + 1, 0);
                    }
                    self.field.enemy_born[i] = self.run_steps;
                    self.stats.splits += 1;
                }
                None => counters.dropped_spawns += 1,
            }
        }
    }

    /// Rolls what `source` drops at the wave's depth and keeps it: items to the
    /// stash, materials to the pouch, an artifact to the bag of finds
    /// (docs/screens.md#finds-and-cores).
    pub(super) fn roll_drops(&mut self, carry: &mut Carry, source: DropSource) {
        let depth = crate::loot::drops::lucky_depth(
            self.depth(),
            self.player.stat(crate::stats::StatId::Luck),
            self.cat.loot.drops.run_model.max_depth,
        );
        let drops = roll_drops(
            source,
            depth,
            &mut carry.pity,
            &self.cat.loot,
            &mut self.rngs.drops,
        );
        self.stats.items_dropped += drops.items.len() as u32;
        let mats: u32 = crate::loot::materials::Material::ALL
            .iter()
            .map(|m| drops.materials.get(*m))
            .sum();
        self.stats.materials_dropped += mats;
        carry.materials.add(&drops.materials);
        carry.stash.extend(drops.items);
        if let Some(a) = drops.artifact {
            self.stats.artifacts_dropped += 1;
            // A find waits in the bag until the player sockets it in the
            // armoury: some artifacts cost as much as they give (Glass Fist
            // takes 60 % of max HP), so none is socketed unasked
            // (docs/screens.md#finds-and-cores).
            carry.found_artifacts.push(a);
        }
    }

    /// Casts a trigger's payload at `pos`, aimed at the nearest enemy other than `skip`.
    pub(super) fn fire_payload(
        &mut self,
        h: PayloadHandle,
        pos: Vec2,
        skip: Option<u32>,
        counters: &mut StepCounters,
    ) {
        let Some(mut core) = self.caster.core.take() else {
            return;
        };
        let fired = {
            let ctx = self.cast_context();
            core.fire_payload(h, &ctx)
        };
        self.caster.core = Some(core);
        counters.casts += 1;
        counters.book_player_spawns(fired.attempted, fired.dropped);
        let dir = self
            .nearest_enemy(pos, skip)
            .map_or(Vec2::X, |(_, p)| gear::aim(pos, p, Vec2::X));
        for s in fired.spawns {
            self.field.queued.push((s, pos, dir));
        }
    }

    /// Casts the core's OnHit / OnKill entry at `pos`, if it has one and it is ready.
    pub(super) fn cast_entry(&mut self, on: EntryOn, pos: Vec2, counters: &mut StepCounters) {
        let Some(mut core) = self.caster.core.take() else {
            return;
        };
        if !core.core().entries.iter().any(|e| e.on == on) {
            self.caster.core = Some(core);
            return;
        }
        let caster = self.caster();
        let out = {
            let ctx = self.cast_context();
            core.cast_entry(on, &caster, &ctx)
        };
        self.caster.core = Some(core);
        if !out.cast {
            return;
        }
        counters.casts += 1;
        counters.book_player_spawns(out.attempted, out.dropped);
        let dir = self
            .nearest_enemy(pos, None)
            .map_or(Vec2::X, |(_, p)| gear::aim(pos, p, Vec2::X));
        for s in out.spawns {
            self.field.queued.push((s, pos, dir));
        }
    }
}
