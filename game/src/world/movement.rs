//! Step stage 4 (docs/architecture.md#the-step): enemies, bosses, the player and pickups move,
//! and what touches the player hurts it.

use super::blows::Blow;
use super::*;

impl World {
    /// Stage 4: wave spawns, enemy AI, the player, coins, areas, effects.
    #[expect(
        clippy::too_many_lines,
        reason = "stage 4 of the step in its order (docs/architecture.md#the-step)"
    )]
    pub(super) fn move_everything(&mut self, carry: &mut Carry, dt: f32, counters: &mut StepCounters) {
        let area = self.play_area();
        let ai_arena = crate::enemies::Arena {
            min: area.min.to_array(),
            max: area.max.to_array(),
        };
        let flood = self.rules.has(crate::mutators::Rule::EliteFlood);
        // Waves.
        if let Some(r) = self.field.runner.as_mut() {
            self.field.spawn_orders.clear();
            let room = SPAWN_CEILING.saturating_sub(self.field.enemies.alive_count() as u32);
            r.step(dt, self.player.pos, &ai_arena, room, &mut self.field.spawn_orders);
        }
        let orders = std::mem::take(&mut self.field.spawn_orders);
        for o in &orders {
            let slot = match *o {
                SpawnOrder::Enemy {
                    enemy, pos, scale, ..
                } => {
                    let def = &self.cat.enemies.defs[enemy as usize];
                    self.field.enemies.spawn(enemy, def, Vec2::from_array(pos), scale)
                }
                SpawnOrder::Boss { boss, pos } => {
                    let slot = self.spawn_wave_boss(boss, Vec2::from_array(pos));
                    if slot.is_some() {
                        carry.meet_boss(boss);
                        self.stats.boss_came_step.get_or_insert(self.stats.steps);
                    }
                    slot
                }
            };
            match slot {
                Some(s) => {
                    if flood && let Some(e) = self.field.enemies.get_mut(s) {
                        crate::enemies::mutations::flood(e);
                    }
                    let i = s as usize;
                    if self.field.enemy_born.len() <= i {
                        self.field.enemy_born.resize(i + 1, 0);
                    }
                    self.field.enemy_born[i] = self.run_steps;
                }
                None => counters.dropped_spawns += 1,
            }
        }
        self.field.spawn_orders = orders;
        // Enemies.
        let ctx = AiContext {
            player_pos: self.player.pos,
            player_radius: self.player.radius,
            arena: ai_arena,
        };
        let out = self.field.enemies.update(dt, &ctx, &mut self.rngs.ai);
        for &(enemy, dmg) in &out.contact_hits {
            self.contact_blow(enemy, dmg, &mut carry.ledger, counters);
        }
        if out.pool_damage > 0.0 {
            // Pools hurt continuously: no invulnerability window, no minimum of 1 per step.
            self.hurt_player_over_time(
                out.pool_damage,
                self.cat.run.world.enemy_attack.pool_class,
                Blow::AcidPool,
                &mut carry.ledger,
            );
        }
        self.take_enemy_shots(&out.enemy_shots);
        self.boss_events.extend(out.boss_events.iter().copied());
        // Damage over time on enemies counts as dealt.
        self.stats.damage_dealt += f64::from(out.dot_damage);
        self.credit.damage.book(
            crate::combat::attribution::DamageSource::OverTime,
            out.dot_damage,
            &out.dot_by_element,
        );
        self.stats.damage_by_source.dot += f64::from(out.dot_damage);
        // The player.
        let no_dash = self.rules.has(crate::mutators::Rule::NoDash);
        if std::mem::take(&mut self.input.dash) && !no_dash && self.player.try_dash(self.input.move_dir) {
            self.stats.dashes += 1;
            let pos = self.player.pos;
            self.cast_entry(crate::vm::EntryOn::Dash, pos, counters);
        }
        if std::mem::take(&mut self.input.cast_stored) {
            let pos = self.player.pos;
            self.cast_entry(crate::vm::EntryOn::Stored, pos, counters);
        }
        let (burn, poison) = self.afflictions.tick(dt);
        if burn > 0.0 {
            self.hurt_player_over_time(
                burn,
                crate::loot::enhance::DamageClass::Fire,
                Blow::Burn,
                &mut carry.ledger,
            );
        }
        if poison > 0.0 {
            self.hurt_player_over_time(
                poison,
                crate::loot::enhance::DamageClass::Poison,
                Blow::Poison,
                &mut carry.ledger,
            );
        }
        self.step_melee(dt, &mut carry.ledger, counters);
        self.player.move_factor = self
            .afflictions
            .move_factor(&self.cat.run.world.player.afflictions)
            * self.caster.swing.move_factor(&self.cat.melee);
        self.player.walk(self.input.move_dir, dt, &area);
        let regenerated = carry.ledger.regenerated;
        self.player.tick(&mut carry.ledger, dt);
        self.stats.healed.regen += carry.ledger.regenerated - regenerated;
        // Coins.
        let moving = self.player_moving();
        let c = self.field.coins.update(
            &self.cat.run.economy.def.coins,
            dt,
            self.player.pos,
            self.player.radius,
            self.player.stat(crate::stats::StatId::PickupRadius),
            moving,
        );
        carry.wallet.earn(c.collected);
        self.stats.gold_picked += c.collected;
        self.stats.gold_lost += c.expired;
        // Black holes, mists, turrets.
        self.tick_areas(dt, counters);
        self.effects.tick(dt);
    }

    /// Contact or shot damage to the player through the level contest and armour.
    /// An enemy's elemental hit of `damage` landed: it afflicts the player
    /// unless the `save` stat wins the roll (drawn only when there is a save,
    /// so runs without one draw nothing extra).
    pub(super) fn afflict_player(&mut self, element: crate::element::Element, damage: f32) {
        if element == crate::element::Element::Physical {
            return;
        }
        let save = self.player.stat(crate::stats::StatId::Save);
        if save > 0.0 && rand::Rng::random::<f32>(&mut self.rngs.combat) < save {
            self.stats.afflictions_resisted += 1;
            return;
        }
        let def = self.cat.run.world.player.afflictions;
        if self.afflictions.afflict(element, damage, &def) {
            self.stats.afflictions += 1;
        }
    }

    /// An enemy's blow of `raw` after the worn gear's defence levels
    /// (`gear::enemy_hit`); `None` when the gear turns it away whole.
    fn blow_through_gear(&self, raw: f32, class: crate::loot::enhance::DamageClass) -> Option<f32> {
        let rules = &self.cat.loot.enhancements.levels;
        gear::enemy_hit(
            raw,
            class,
            &self.cat.run.world.enemy_attack,
            &self.kit.gear,
            rules,
        )
        .map(|(scaled, _)| scaled)
    }

    pub(super) fn hurt_player(
        &mut self,
        raw: f32,
        class: crate::loot::enhance::DamageClass,
        blow: Blow,
        ledger: &mut PlayerLedger,
    ) {
        let Some(scaled) = self.blow_through_gear(raw, class) else {
            return;
        };
        let before = ledger.damage_taken;
        let outcome = self.player.take_hit(ledger, scaled);
        let taken = ledger.damage_taken - before;
        if taken > 0.0 {
            self.stats.damage_taken += taken;
            self.note_harm(blow, taken as f32);
            self.effects.push(
                EffectKind::PlayerHurt { amount: taken as f32 },
                self.player.pos,
                self.cat.run.world.damage_number_s,
            );
        }
        let mut counters = StepCounters::default();
        if taken > 0.0 {
            self.run_hooks(crate::loot::hooks::Hook::OnHurt, ledger, &mut counters);
        }
        if matches!(outcome, crate::player::HitOutcome::Killed(_)) {
            self.stats.death_cause = Some(self.blow_name(blow));
            self.run_hooks(crate::loot::hooks::Hook::OnDeath, ledger, &mut counters);
            log::debug!("player died in wave {} at step {}", self.wave, self.wave_steps);
        }
        self.counters.dropped_spawns += counters.dropped_spawns;
    }

    pub(super) fn hurt_player_over_time(
        &mut self,
        amount: f32,
        class: crate::loot::enhance::DamageClass,
        blow: Blow,
        ledger: &mut PlayerLedger,
    ) {
        let Some(scaled) = self.blow_through_gear(amount, class) else {
            return;
        };
        let before = ledger.damage_taken;
        let was_up = self.player.hp > 0.0;
        self.player.take_damage_over_time(ledger, scaled);
        self.stats.damage_taken += ledger.damage_taken - before;
        self.note_harm(blow, (ledger.damage_taken - before) as f32);
        if was_up && self.player.hp <= 0.0 {
            self.stats.death_cause = Some(self.blow_name(blow));
            self.run_hooks(
                crate::loot::hooks::Hook::OnDeath,
                ledger,
                &mut StepCounters::default(),
            );
        }
    }
}
