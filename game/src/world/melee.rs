//! The blade's step (docs/game.md#melee): the world orders the rules of
//! [`crate::melee`] over its bodies. A worn blade (`kit.gear.melee`) swings
//! by itself at the nearest enemy in reach while the core keeps firing (the
//! genre's melee weapons do; the seed's fighter picks targets the same way).
//! Friendly bodies (turrets, black holes) stand in for the seed's
//! squadmates: a swing does not start with one in its sector, and a strike
//! that meets one is broken off. Hits go through the damage pipeline as
//! projectiles do (elements, levels, affixes, reactions, knockback).
//!
//! Parry meets enemy shots at the compute core's PLAYER_HIT event, on the
//! CPU, like a contact blow: the seed's rule is that blows must meet, and the
//! player's body is where a shot meets the blade. A compute pass testing
//! every enemy shot against the swept band each step would cost a GPU pass
//! and its CPU twin to parry shots that have not reached the player yet.

use super::*;
use crate::melee::sweep::{Band, deg_outside};
use crate::melee::{Swing, SwingPhase};

/// What one exchange of [`World::melee_exchange`] did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Exchange {
    /// The blow was parried.
    pub parried: bool,
    /// Damage the player took.
    pub damage_taken: f64,
    /// The riposte cut the enemy.
    pub riposte_landed: bool,
    /// The cooldown between swing starts was reset.
    pub cooldown_reset: bool,
}

/// Radius of a friendly body (turret, black hole) for sector discipline, px.
pub const FRIENDLY_BODY_PX: f32 = 16.0;

impl World {
    /// One step of the blade: start, sweep, hits, the strike's dash.
    pub(super) fn step_melee(&mut self, dt: f32, ledger: &mut PlayerLedger, counters: &mut StepCounters) {
        let cat = self.cat.clone();
        let Some(blade) = self.kit.gear.melee.as_deref().and_then(|id| cat.melee.blade(id)) else {
            if self.caster.swing.baked.is_some() {
                self.caster.swing = Swing::new();
            }
            return;
        };
        let rules = &cat.melee;
        let me = self.player.pos;
        let target = self
            .nearest_enemy(me, None)
            .map(|(_, p)| p)
            .filter(|p| p.distance(me) <= blade.reach + self.player.radius);
        self.stats.melee_in_reach += u64::from(target.is_some());
        if self.player.alive()
            && !self.player.is_down()
            && self.caster.swing.ready()
            && let Some(target) = target
        {
            let axis = (target - me).y.atan2((target - me).x);
            let half = self.caster.swing.next_half(blade, rules) + blade.blade_deg.to_radians() / 2.0;
            let sector = Band {
                inner: self.player.radius,
                reach: blade.reach,
                lo: axis - half,
                hi: axis + half,
            };
            if !self.friendly_under(&sector, me) {
                let slash = self.slash(blade);
                self.caster.swing.start(axis, blade, rules, slash);
                self.stats.melee_swings += 1;
            }
        }
        let was_strike = self.caster.swing.phase == SwingPhase::Strike;
        let sweep = self.caster.swing.advance(dt, rules);
        let Some(b) = self.caster.swing.baked else {
            return;
        };
        // The strike's dash along the axis; only the walls stop it.
        let step = self
            .caster
            .swing
            .dash_step(was_strike && sweep.is_some(), &mut self.caster.dash_v, dt);
        if step != Vec2::ZERO {
            let area = self.play_area();
            self.player.pos = area.clamp(self.player.pos + step, self.player.radius);
            self.push_out_of_enemies();
        }
        let Some(s) = sweep else {
            return;
        };
        let me = self.player.pos;
        let Some(band) = self.caster.swing.band(s, self.player.radius) else {
            return;
        };
        if self.friendly_under(&band, me) {
            self.caster.swing.abort();
            self.stats.melee_aborts += 1;
            self.effects.push(EffectKind::MeleeAbort, me, 0.25);
            return;
        }
        let mut cut = Vec::new();
        for (i, e) in self.field.enemies.slots().iter().enumerate() {
            let slot = i as u32;
            if e.alive && e.hp > 0.0 && !self.caster.swing.hit.contains(&slot) {
                let (d, contact) = band.nearest(e.pos - me);
                if d <= e.radius {
                    cut.push((slot, contact));
                }
            }
        }
        for (slot, contact) in cut {
            self.caster.swing.hit.push(slot);
            let outside = deg_outside(contact, b.axis, b.half + b.blade / 2.0);
            self.stats.max_deg_outside_sector = self.stats.max_deg_outside_sector.max(outside);
            self.melee_hit(slot, &b, ledger, counters);
        }
    }

    /// What a slash of the worn `blade` deals before the combo's factor
    /// ([`crate::melee::BladeDef::slash`] with the player's flat damage).
    fn slash(&self, blade: &crate::melee::BladeDef) -> f32 {
        blade.slash(self.player.stat(crate::stats::StatId::DamageFlat))
    }

    /// A blow meets the player while the blade's swing is committed (windup
    /// or strike): parried with the blade's chance plus the `parry` stat.
    /// A sheathed blade never parries. Draws from the combat stream only
    /// while committed.
    pub(super) fn try_parry(&mut self) -> bool {
        let cat = self.cat.clone();
        let Some(blade) = self.kit.gear.melee.as_deref().and_then(|id| cat.melee.blade(id)) else {
            return false;
        };
        let Some(chance) = self
            .caster
            .swing
            .parry_chance(blade, self.player.stat(crate::stats::StatId::Parry))
        else {
            return false;
        };
        if !self.player.alive() {
            return false;
        }
        let parried = rand::Rng::random::<f32>(&mut self.rngs.combat) < chance;
        if parried {
            self.stats.parries += 1;
            self.effects.push(EffectKind::Parry, self.player.pos, 0.3);
        }
        parried
    }

    /// A parried contact blow from enemy `slot`: the enemy takes the
    /// player's full hit, and the strike restarts from its start; the
    /// cooldown between swing starts is not reset.
    pub(super) fn riposte(&mut self, slot: u32, ledger: &mut PlayerLedger, counters: &mut StepCounters) {
        if let Some(b) = self.caster.swing.baked {
            self.melee_hit(slot, &b, ledger, counters);
        }
        self.caster.swing.riposte();
    }

    /// A parried shot flies back as the player's, carrying the blade's
    /// damage, and from then on behaves as any player shot.
    pub(super) fn return_shot(&mut self, shot: &super::shots::Shot) {
        let Some(b) = self.caster.swing.baked else {
            return;
        };
        let Some(spark) = self.cat.spells.find("spark_bolt") else {
            return;
        };
        self.stats.parried_shots += 1;
        let req = crate::vm::SpawnRequest {
            knockback: b.knockback,
            ..crate::vm::SpawnRequest::plain(
                spark,
                b.damage,
                crate::element::ElementShares::pure(crate::element::Element::Physical),
                shot.speed,
                shot.radius,
                shot.lifetime,
            )
        };
        let dir = (-shot.dir).try_normalize().unwrap_or(Vec2::X);
        self.tags.tag_queued(
            self.field.queued.len(),
            crate::combat::attribution::DamageSource::Blade,
        );
        self.field
            .queued
            .push((req, self.player.pos + dir * self.player.radius, dir));
    }

    /// A contact blow of `dmg` from enemy `slot`: parried by a committed
    /// blade (and answered), else it hurts.
    pub(super) fn contact_blow(
        &mut self,
        slot: u32,
        dmg: f32,
        ledger: &mut PlayerLedger,
        counters: &mut StepCounters,
    ) {
        if self.try_parry() {
            self.riposte(slot, ledger, counters);
            return;
        }
        let before = ledger.damage_taken;
        self.hurt_player(
            dmg,
            self.cat.run.world.enemy_attack.contact_class,
            super::blows::Blow::Contact(slot),
            ledger,
        );
        // An entry deck cast "when you are hit" fires on every blow that
        // reaches the player, a body's as a shot's (docs/game.md#cores).
        if ledger.damage_taken > before {
            self.cast_entry(crate::vm::EntryOn::Hit, self.player.pos, counters);
        }
    }

    /// One exchange for `artificer tool parry`: enemy `slot` lands a contact
    /// blow of `dmg` while the worn blade is committed (a swing toward it is
    /// started first) or sheathed, through the fight's own [`World::contact_blow`].
    pub fn melee_exchange(&mut self, carry: &mut Carry, slot: u32, dmg: f32, committed: bool) -> Exchange {
        let cat = self.cat.clone();
        let blade = self.kit.gear.melee.as_deref().and_then(|id| cat.melee.blade(id));
        self.caster.swing = Swing::new();
        if committed && let (Some(blade), Some(e)) = (blade, self.field.enemies.get(slot)) {
            let d = e.pos - self.player.pos;
            let slash = self.slash(blade);
            self.caster.swing.start(d.y.atan2(d.x), blade, &cat.melee, slash);
        }
        self.player.end_invulnerability();
        self.player.hp = self.player.hp_max();
        let since = self.caster.swing.since_start;
        let (parries, hits, taken) = (
            self.stats.parries,
            self.stats.melee_hits,
            carry.ledger.damage_taken,
        );
        let mut counters = StepCounters::default();
        self.contact_blow(slot, dmg, &mut carry.ledger, &mut counters);
        Exchange {
            parried: self.stats.parries > parries,
            damage_taken: carry.ledger.damage_taken - taken,
            riposte_landed: self.stats.melee_hits > hits,
            cooldown_reset: self.caster.swing.since_start < since,
        }
    }

    /// The push layer: the dash never leaves the player inside the body of
    /// an enemy this swing cut (the seed's fighter stood inside the one it
    /// cut without it).
    fn push_out_of_enemies(&mut self) {
        let r = self.player.radius;
        let mut pos = self.player.pos;
        let cut = &self.caster.swing.hit;
        for e in cut.iter().filter_map(|&s| self.field.enemies.get(s)) {
            let d = pos - e.pos;
            let min = e.radius + r;
            let len = d.length();
            if len < min {
                pos = e.pos + d.try_normalize().unwrap_or(Vec2::X) * min;
            }
        }
        self.player.pos = self.play_area().clamp(pos, r);
    }

    /// The worn blade's swing and the melee rules, when a blade is worn (the renderer).
    pub fn blade_swing(&self) -> Option<(&Swing, &crate::melee::MeleeRules)> {
        self.kit.gear.melee.as_ref()?;
        Some((&self.caster.swing, &self.cat.melee))
    }

    /// True when a friendly body (a turret, a black hole) touches `band` around `me`.
    fn friendly_under(&self, band: &Band, me: Vec2) -> bool {
        self.field
            .areas
            .iter()
            .filter(|a| !matches!(a.kind, AreaKind::HealingMist))
            .any(|a| band.touches(a.pos - me, FRIENDLY_BODY_PX))
    }

    /// One blade hit on enemy `slot`: the damage pipeline, knockback, hooks.
    pub(super) fn melee_hit(
        &mut self,
        slot: u32,
        b: &crate::melee::swing::Baked,
        ledger: &mut PlayerLedger,
        counters: &mut StepCounters,
    ) {
        let Some(e) = self.field.enemies.get(slot) else {
            return;
        };
        let dir = (e.pos - self.player.pos)
            .try_normalize()
            .unwrap_or(crate::melee::sweep::dir(b.axis));
        let rules = &self.cat.loot.enhancements.levels;
        let physical = crate::element::ElementShares::pure(crate::element::Element::Physical);
        let Some((spec, attacker)) = crate::loot::gear::player_hit(
            b.damage,
            &physical,
            dir,
            &self.guard(slot),
            self.player.stats(),
            &self.kit.gear,
            rules,
        ) else {
            return;
        };
        let out = self.land_hit(slot, spec, &attacker);
        if out.reflected {
            return;
        }
        // A blade's hit takes the kill credit from any shot (none of its own).
        self.book_hit(
            slot,
            &out,
            Some(u32::MAX),
            crate::combat::attribution::DamageSource::Blade,
        );
        self.stats.damage_by_source.melee += f64::from(out.damage_dealt());
        self.stats.damage_by_source.blade += f64::from(out.damage_dealt());
        self.reaction_blasts(
            slot,
            &out,
            &attacker,
            0,
            crate::combat::attribution::DamageSource::Blade,
            counters,
        );
        self.shove(slot, dir * b.knockback);
        self.stats.melee_hits += 1;
        self.effects
            .push(EffectKind::MeleeHit, self.player.pos + dir * b.reach * 0.8, 0.2);
        self.hit_hooks(slot, &out, ledger, counters);
    }
}
