//! Area damage in the fight: the rule (who a blast catches) lives in
//! [`crate::combat::aoe`]; this is the one path every blast takes through the
//! hit pipeline (docs/game.md#area-damage): an exploding projectile, the
//! Nova loot rule and a reaction's blast alike.

use glam::Vec2;

use super::metrics::StepCounters;
use super::view::EffectKind;
use super::{PlayerLedger, World};
use crate::combat::{AttackerStats, HitSpec};
use crate::element::Element;

/// How deep blasts nest. A direct hit's reaction may blast (depth 1); an
/// enemy that blast catches may react and blast once more (depth 2); a
/// reaction deeper than that still applies its statuses and counts, but
/// blasts nothing, so a chain of reactions always ends.
pub const MAX_BLAST_DEPTH: u8 = 2;

/// What a blast hits with.
pub(super) struct BlastHit<'a> {
    /// The hit each enemy caught takes (before its own bane and defences).
    pub spec: &'a HitSpec,
    /// Who hits: crit, reaction power, reaction rules.
    pub attacker: &'a AttackerStats,
    /// The projectile slot whose on-kill payload a kill credits, or `None`
    /// for a blast no projectile carried (the credit stays as it was).
    pub credit: Option<u32>,
    /// Who the damage book credits.
    pub source: crate::combat::attribution::DamageSource,
    /// The kind of shot whose hit set this blast off (bookkeeping only: the
    /// turret build's signature counts the blasts of turrets' shots,
    /// docs/balance.md#archetypes).
    pub origin: crate::combat::attribution::DamageSource,
}

impl World {
    /// The one area-damage path: every living enemy whose body touches the
    /// circle of `radius` around `center` (but `exclude`) takes `hit` through the same pipeline as a
    /// direct hit (bane, resistance and armour, crit, statuses, reactions),
    /// is booked like one, and its own reactions blast in turn up to
    /// [`MAX_BLAST_DEPTH`]. Loot rules' on-hit hooks do not fire for area
    /// hits (a Nova on hit would otherwise feed itself). `depth` is this
    /// blast's own depth.
    pub(super) fn blast(
        &mut self,
        center: Vec2,
        radius: f32,
        hit: &BlastHit<'_>,
        exclude: Option<u32>,
        depth: u8,
        ledger: &mut PlayerLedger,
        counters: &mut StepCounters,
    ) {
        let targets = self.field.enemies.blast_targets(center, radius, exclude);
        for t in targets {
            let out = self.land_hit(t, *hit.spec, hit.attacker);
            self.stats.area_hits += 1;
            self.book_hit(t, &out, hit.credit, hit.source);
            let by = &mut self.stats.damage_by_source;
            if hit.origin == crate::combat::attribution::DamageSource::LootRule {
                by.rules += f64::from(out.damage_dealt());
            } else {
                by.area += f64::from(out.damage_dealt());
            }
            if hit.origin.is_turret() {
                self.stats.damage_by_source.turret += f64::from(out.damage_dealt());
            }
            if hit.origin == crate::combat::attribution::DamageSource::Blade {
                self.stats.damage_by_source.blade += f64::from(out.damage_dealt());
            }
            self.reaction_blasts(t, &out, hit.attacker, depth, hit.origin, ledger, counters);
        }
    }

    /// The blasts of the reactions a hit on `enemy` set off, one level
    /// deeper than `depth` (the hit's own: 0 for a direct hit). Attunement
    /// was paid by the hit that reacted, so the blast does not count it twice.
    /// `origin` is the kind of shot behind the hit (kept for the books).
    pub(super) fn reaction_blasts(
        &mut self,
        enemy: u32,
        out: &crate::enemies::HitOutcome,
        attacker: &AttackerStats,
        depth: u8,
        origin: crate::combat::attribution::DamageSource,
        ledger: &mut PlayerLedger,
        counters: &mut StepCounters,
    ) {
        if depth >= MAX_BLAST_DEPTH {
            return;
        }
        let plain = AttackerStats {
            attunement: [0.0; 5],
            ..*attacker
        };
        for r in &out.reactions {
            let Some(b) = r.blast else { continue };
            let spec = HitSpec::simple(b.damage, b.element);
            let hit = BlastHit {
                spec: &spec,
                attacker: &plain,
                credit: None,
                source: crate::combat::attribution::DamageSource::Reaction,
                origin,
            };
            self.blast(
                Vec2::from_array(b.center),
                b.radius,
                &hit,
                Some(enemy),
                depth + 1,
                ledger,
                counters,
            );
        }
    }

    /// An exploding projectile from `slot` at `pos`: every other enemy the
    /// blast touches takes the projectile's own hit; a self-harming blast
    /// (the nuke) also catches its caster.
    pub(super) fn explode(
        &mut self,
        pos: Vec2,
        radius: f32,
        direct: u32,
        hit: &BlastHit<'_>,
        ledger: &mut PlayerLedger,
        counters: &mut StepCounters,
    ) {
        self.effects.push(
            EffectKind::Blast { radius },
            pos,
            self.cat.run.world.death_burst_s,
        );
        self.blast(pos, radius, hit, Some(direct), 1, ledger, counters);
        let hurts_caster = hit
            .credit
            .and_then(|slot| self.field.shots.get(slot))
            .is_some_and(|s| s.hurts_caster);
        let caught =
            crate::combat::aoe::self_blast(hit.spec, pos, radius, self.player.pos, self.player.radius);
        if hurts_caster && let Some(raw) = caught {
            let before = ledger.damage_taken;
            self.hurt_player(
                raw,
                crate::loot::enhance::DamageClass::Blunt,
                super::blows::Blow::OwnExplosion,
                ledger,
            );
            self.stats.self_damage += ledger.damage_taken - before;
        }
    }

    /// The Nova loot rule: physical area damage of `damage` around `pos`.
    pub(super) fn nova(
        &mut self,
        pos: Vec2,
        damage: f32,
        radius: f32,
        ledger: &mut PlayerLedger,
        counters: &mut StepCounters,
    ) {
        let spec = HitSpec::simple(damage, Element::Physical);
        let mut attacker = AttackerStats::from_sheet(self.player.stats());
        super::gear::apply_reaction_rules(&mut attacker, &self.kit.gear);
        let hit = BlastHit {
            spec: &spec,
            attacker: &attacker,
            credit: None,
            source: crate::combat::attribution::DamageSource::LootRule,
            origin: crate::combat::attribution::DamageSource::LootRule,
        };
        self.blast(pos, radius, &hit, None, 1, ledger, counters);
    }
}
