//! The build's DPS in the sense of the monster standards (docs/game.md#archetypes): what the player's current
//! build deals per second to one target, not what a wave happened to offer
//! (a wave's `dps` is capped by the HP its spawner sends: wave 1's 56 grunts
//! hold ~710 HP, 12 per second, whatever the build).
//!
//! Measured on the lab's test range ([`World::begin_test_range`]) in a world
//! of its own, so the run is untouched: the player (level-ups, shop stats,
//! worn items) and the carried cores are copied, one dummy of
//! [`DUMMY_ENEMY`] (no armour, no resistance) with [`DUMMY_HP`] stands
//! [`DUMMY_DISTANCE`] px east of the player, who stands still and auto-aims;
//! the first [`WARMUP_S`] s are not counted (the full mana bar at a wave's
//! start would flatter a deck its regeneration cannot keep up), then
//! [`SECONDS`] s are. Deterministic: the CPU backend and the run's seed.
//!
//! The competent policy asks the same question of decks and stats it does
//! not own yet ([`Trial`]), as a player tries a build on the lab's range.

use engine::gpu::Backend;
use glam::Vec2;

use crate::carry::Carry;
use crate::player::StatSource;
use crate::shop::{Card, CarriedCore, Loadout};
use crate::stats::StatModifier;
use crate::world::{Dummy, PlayerInput, World};

/// Dummy archetype: the grunt has neither armour nor resistances.
pub const DUMMY_ENEMY: &str = "grunt";
/// Dummy HP: never runs out in the window, small enough for f32 to count hits.
pub const DUMMY_HP: f32 = 1.0e7;
/// Distance from the player, px (inside every projectile's range).
pub const DUMMY_DISTANCE: f32 = 250.0;
/// Seconds not counted at the start.
pub const WARMUP_S: f32 = 2.0;
/// Seconds measured.
pub const SECONDS: f32 = 8.0;

/// A build to try instead of the player's own: another core and deck and
/// extra stat modifiers (as if bought).
#[derive(Debug, Clone, Default)]
pub struct Trial<'a> {
    /// Core id and deck (spell ids in slot order); `None`: the active ones.
    pub core: Option<(&'a str, &'a [String])>,
    /// Modifiers added to the player's, as a shop purchase.
    pub extra: &'a [StatModifier],
    /// Where the dummies stand, and what counts.
    pub ground: Ground,
    /// The mana bar starts empty, so the trial shows what the deck's
    /// regeneration sustains through a wave rather than the full bar's
    /// opening burst (docs/balance.md#archetypes).
    pub empty_bar: bool,
}

/// Where a [`Trial`]'s dummies stand (docs/balance.md#archetypes).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Ground {
    /// Across the range: the single dummy [`DUMMY_DISTANCE`] px away, the
    /// crowd scattered round the player ([`FAR_RING`]).
    #[default]
    Range,
    /// The fighter's: the dummies stand inside a blade's reach
    /// ([`CLOSE_DISTANCE`], [`CLOSE_RING`]), and what counts is what the
    /// blade deals ([`DamageBySource::blade`]), so a purchase is judged by
    /// what it does for the blade.
    ///
    /// [`DamageBySource::blade`]: crate::world::DamageBySource::blade
    Close,
    /// The volley's, the elemental caster's and the heavy hitter's: the
    /// crowd stands packed in one horde
    /// [`DUMMY_DISTANCE`] px away (dummies about [`HORDE_SPACING`] apart,
    /// as a swarm wave's crowd packs) instead of scattered round the
    /// player, so a shot that passes through a crowd (pierce, the on-hit
    /// carrier) shows what it is worth there.
    Horde,
}

/// Distance between neighbouring dummies of a horde, px: a grunt's width
/// (14 px radius) and a little air, as a wave's crowd packs against the
/// enemies' separation push.
pub const HORDE_SPACING: f32 = 30.0;

/// A close trial's single dummy, px from the player: inside the shortest
/// blade's reach (the knife's 62 px plus the dummy's edge), outside contact.
pub const CLOSE_DISTANCE: f32 = 55.0;
/// A close trial's crowd ring, px from the player (inner, outer): outside
/// contact (player 16 px, grunt 14 px), inside the cleaver's reach.
pub const CLOSE_RING: (f32, f32) = (45.0, 100.0);
/// A trial's crowd ring across the range, px (inner, outer).
pub const FAR_RING: (f32, f32) = (150.0, 450.0);

/// Damage per second of `source`'s build against one unarmoured dummy
/// (0 when the range cannot be set up), everything it deals counted: the
/// dummy stands [`DUMMY_DISTANCE`] px away, where a shooter fights, or
/// [`CLOSE_DISTANCE`] px away for a fighter (`close`), inside its blade's
/// reach, where it fights (docs/balance.md#archetypes). Read at 250 px a
/// fighter's figure counted its backup bolts alone.
pub fn build_dps(source: &World, carry: &Carry, close: bool) -> f64 {
    let away = if close { CLOSE_DISTANCE } else { DUMMY_DISTANCE };
    dummy_dps(source, carry, &Trial::default(), away, false, (WARMUP_S, SECONDS))
}

/// Damage per second of a [`Trial`] build, `warmup` s not counted, then
/// `secs` s measured.
pub fn trial_dps(source: &World, carry: &Carry, trial: &Trial<'_>, warmup: f32, secs: f32) -> f64 {
    let close = trial.ground == Ground::Close;
    let away = if close { CLOSE_DISTANCE } else { DUMMY_DISTANCE };
    dummy_dps(source, carry, trial, away, close, (warmup, secs))
}

/// [`trial_dps`] with the dummy `away` px from the player, counting only
/// the blade's damage when `blade_only`, over `(warmup, secs)`.
fn dummy_dps(
    source: &World,
    carry: &Carry,
    trial: &Trial<'_>,
    away: f32,
    blade_only: bool,
    (warmup, secs): (f32, f32),
) -> f64 {
    let Some((mut w, mut carry)) = trial_world(source, carry, trial) else {
        return 0.0;
    };
    let at = w.catalog().run.world.arena.centre() + Vec2::new(away, 0.0);
    let dummy = Dummy {
        enemy: DUMMY_ENEMY.into(),
        pos: at,
        hp: DUMMY_HP,
    };
    if !open_range(&mut w, &mut carry, trial, &[dummy]) {
        return 0.0;
    }
    let hz = (1.0 / w.dt()).round();
    let stand = PlayerInput::default();
    for _ in 0..(warmup * hz) as u64 {
        w.step(&mut carry, &stand);
    }
    let counted = |w: &World| {
        if blade_only {
            w.stats.damage_by_source.blade
        } else {
            w.stats.damage_dealt
        }
    };
    let before = counted(&w);
    for _ in 0..(secs * hz) as u64 {
        w.step(&mut carry, &stand);
    }
    (counted(&w) - before) / f64::from(secs)
}

/// Opens the test range for `trial` with `dummies` placed, its mana bar
/// emptied when the trial says so ([`Trial::empty_bar`]); `false` when the
/// range cannot be set up.
fn open_range(w: &mut World, carry: &mut Carry, trial: &Trial<'_>, dummies: &[Dummy]) -> bool {
    if w.begin_test_range(carry, dummies).is_err() {
        return false;
    }
    if trial.empty_bar {
        w.drain_mana();
    }
    true
}

/// A world of its own holding `source`'s player, gear and cards, or the
/// trial's core and deck, plus the trial's extra stats; the rest of its
/// carry (gold, pity, stash) is a fresh run's.
fn trial_world(source: &World, source_carry: &Carry, trial: &Trial<'_>) -> Option<(World, Carry)> {
    let mut w = World::new(source.catalog().clone(), source.seed(), Backend::Cpu, None).ok()?;
    let mut carry = Carry::new(source.catalog()).ok()?;
    w.player = source.player.clone();
    carry.stats = source_carry.stats.clone();
    carry.loadout = source_carry.loadout.clone();
    if let Some((core, deck)) = trial.core {
        let cat = w.catalog().clone();
        let def = cat.cores.find(core).map(|i| cat.cores.get(i))?;
        let entries: Vec<_> = def.entries.iter().map(|e| (e.on, e.capacity as usize)).collect();
        let mut carried = CarriedCore::new(
            def.id.clone(),
            u64::from(def.price),
            def.capacity as usize,
            &entries,
        );
        carried.deck = deck
            .iter()
            .map(|id| Card {
                id: id.clone(),
                paid: 0,
            })
            .collect();
        carry.loadout = Loadout::new(carried);
    }
    if !trial.extra.is_empty() {
        carry.add_stats(StatSource::Shop, trial.extra);
        w.refresh_stats(&mut carry);
    }
    carry.equipment = source_carry.equipment.clone();
    w.refresh_gear(&mut carry);
    Some((w, carry))
}

/// Dummies of a crowd trial before wave `wave`: as the waves grow denser
/// (docs/balance.md#density), so does the range's crowd, from 14 at W1 to
/// [`CROWD_MAX`] from W18. A build that fills the screen only shows what it
/// is worth against a crowd that surrounds the player.
pub fn crowd_size(wave: u32) -> usize {
    (12 + 2 * wave as usize).min(CROWD_MAX)
}

/// The largest crowd a trial stands up (bounds a trial's cost).
pub const CROWD_MAX: usize = 48;

/// The mean HP of what wave `wave` spawns (its groups by weight, times its
/// `hp_mult`): the HP a crowd trial's dummies get. 15 when there is no such wave.
pub fn crowd_hp(source: &World, wave: u32) -> f32 {
    let cat = source.catalog();
    let Some(cfg) = cat.waves.get(wave.saturating_sub(1) as usize) else {
        return 15.0;
    };
    let (mut hp, mut weight) = (0.0f32, 0.0f32);
    for g in &cfg.spawn_groups {
        if let Some(def) = cat.enemies.get(&g.enemy_id) {
            hp += def.hp * g.weight;
            weight += g.weight;
        }
    }
    if weight <= 0.0 {
        15.0
    } else {
        hp / weight * cfg.hp_mult
    }
}

/// Kill rate of a [`Trial`] build against a crowd: `count` standing
/// dummies of `hp` each all round the player, 150–450 px away
/// ([`FAR_RING`]; [`CLOSE_RING`] on [`Ground::Close`]; packed in one horde
/// on [`Ground::Horde`]) on a sunflower spiral (a wave's crowd surrounds the player), each replaced
/// where it stood when killed; returns HP killed per second (kills × `hp` / s) over
/// `secs` s after `warmup` s. Overkill and shots that cannot kill count for
/// nothing here, as they do against a wave. A close trial returns what the
/// blade dealt per second instead (see [`Ground::Close`]).
pub fn crowd_dps(
    source: &World,
    carry: &Carry,
    trial: &Trial<'_>,
    (hp, count): (f32, usize),
    warmup: f32,
    secs: f32,
) -> f64 {
    let Some((mut w, mut carry)) = trial_world(source, carry, trial) else {
        return 0.0;
    };
    let centre = w.catalog().run.world.arena.centre();
    let n = count.max(1);
    let close = trial.ground == Ground::Close;
    let (inner, outer) = if close { CLOSE_RING } else { FAR_RING };
    let spots: Vec<Vec2> = (0..n)
        .map(|k| {
            // The golden angle spreads the dummies evenly, round the player
            // or (a horde) round the horde's middle.
            let a = k as f32 * 2.399_963;
            let way = Vec2::new(a.cos(), a.sin());
            if trial.ground == Ground::Horde {
                // Each dummy holds a disc of π·c² on the spiral: c = spacing/√π.
                let r = HORDE_SPACING / std::f32::consts::PI.sqrt() * (k as f32 + 0.5).sqrt();
                return centre + Vec2::new(DUMMY_DISTANCE, 0.0) + way * r;
            }
            let r = inner + (outer - inner) * ((k as f32 + 0.5) / n as f32).sqrt();
            centre + way * r
        })
        .collect();
    if !open_range(&mut w, &mut carry, trial, &[]) {
        return 0.0;
    }
    let place = |w: &mut World, at: Vec2| -> Option<u32> {
        let slot = w.spawn_enemy(DUMMY_ENEMY, at)?;
        if let Some(e) = w.enemies_mut().get_mut(slot) {
            e.speed = 0.0;
            e.knockback_resist = 1.0;
            e.hp_max = hp;
            e.hp = hp;
        }
        Some(slot)
    };
    let mut slots: Vec<Option<u32>> = spots.iter().map(|&p| place(&mut w, p)).collect();
    let hz = (1.0f32 / w.dt()).round();
    let warm = (warmup * hz) as u64;
    let total = warm + (secs * hz) as u64;
    let mut kills = 0u64;
    let mut blade = 0.0;
    let stand = PlayerInput::default();
    for step in 0..total {
        if step == warm {
            blade = w.stats.damage_by_source.blade;
        }
        w.step(&mut carry, &stand);
        for (k, slot) in slots.iter_mut().enumerate() {
            let dead = slot.is_none_or(|s| w.enemies().get(s).is_none_or(|e| !e.alive));
            if dead {
                if step >= warm {
                    kills += 1;
                }
                *slot = place(&mut w, spots[k]);
            }
        }
    }
    if close {
        return (w.stats.damage_by_source.blade - blade) / f64::from(secs);
    }
    kills as f64 * f64::from(hp) / f64::from(secs)
}
