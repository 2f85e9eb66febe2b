//! `artificer tool parry` and `artificer tool sweep`: the melee seed's claims
//! checked headless. `parry` plays seeded exchanges through the fight's own
//! contact-blow path (a committed swing meeting an enemy blow, and the same
//! blow against a sheathed blade); `sweep` swings the rules' blade at random
//! targets (in front, beside, behind, at point blank during the dash) and
//! measures the seed's M7.4: degrees outside the swing's sector, which must
//! be 0, and hits on one target in one swing beyond the first.

use std::sync::Arc;

use engine::gpu::Backend;
use glam::Vec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::catalog::Catalog;
use crate::melee::sweep::{deg_outside, dir};
use crate::melee::{Swing, SwingPhase};
use crate::run::{Build, BuildEntries, apply_build};
use crate::world::{Dummy, World};

/// Why a melee tool could not run: the data (`--data`) or the blade asked for.
#[derive(Debug, thiserror::Error)]
pub enum MeleeToolError {
    /// The game data did not load.
    #[error("{0}")]
    Data(#[from] crate::data::DataErrors),
    /// `melee.json` did not load or check.
    #[error("{0}")]
    Melee(crate::data::DataErrors),
    /// `melee.json` has no blade of this id.
    #[error("melee.json: at `blades`: no blade `{id}`")]
    NoBlade {
        /// The blade asked for.
        id: String,
    },
    /// No loot base wears the blade (`bases.json` `weapon.melee`).
    #[error("no base wears the blade `{0}`")]
    NoBase(String),
    /// The test world refused the set-up (the build or the dummy).
    #[error("{0}")]
    World(String),
}

/// The melee rules of the data folder and the blade `id` of them.
fn rules_and_blade(id: &str) -> Result<(crate::melee::MeleeRules, crate::melee::BladeDef), MeleeToolError> {
    let mut errors = Vec::new();
    let rules = crate::melee::MeleeRules::load(&crate::data::default_root(), &mut errors)
        .ok_or(MeleeToolError::Melee(crate::data::DataErrors(errors)))?;
    let blade = rules
        .blade(id)
        .cloned()
        .ok_or_else(|| MeleeToolError::NoBlade { id: id.into() })?;
    Ok((rules, blade))
}

/// What `tool parry` prints.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ParryReport {
    /// Blade id.
    pub blade: String,
    /// Committed exchanges played.
    pub trials: u32,
    /// Of them, parried.
    pub parried: u32,
    /// `parried / trials`.
    pub rate: f64,
    /// Damage the player took on parried blows (must be 0).
    pub damage_taken_on_parry: f64,
    /// Parries whose riposte landed on the enemy.
    pub ripostes: u32,
    /// Parries that reset the cooldown between swing starts (must be 0).
    pub cooldown_resets: u32,
    /// Blows parried by a sheathed blade (must be 0).
    pub standing_parries: u32,
}

/// Plays `trials` committed and `trials` sheathed exchanges with `blade`.
pub fn parry_trials(blade: &str, trials: u32, seed: u64) -> Result<ParryReport, MeleeToolError> {
    let cat = Arc::new(Catalog::load(&crate::data::default_root())?);
    let base = cat
        .loot
        .bases
        .bases
        .iter()
        .find(|b| b.weapon.as_ref().and_then(|w| w.melee.as_deref()) == Some(blade))
        .ok_or_else(|| MeleeToolError::NoBase(blade.into()))?
        .id
        .clone();
    let world_err = |e: &dyn std::fmt::Display| MeleeToolError::World(e.to_string());
    let (mut w, mut carry) =
        World::new_run(cat.clone(), seed, Backend::Cpu, None).map_err(|e| world_err(&e))?;
    let build = Build {
        core: "starter_core".into(),
        deck: vec!["spark_bolt".into()],
        entries: BuildEntries::default(),
        equipment: [(crate::loot::item::Slot::Hands, base)].into_iter().collect(),
        items: Vec::new(),
    };
    apply_build(&mut w, &mut carry, &build).map_err(|e| world_err(&e))?;
    let centre = cat.run.world.arena.centre();
    let slots = w
        .begin_test_range(
            &mut carry,
            &[Dummy {
                enemy: "grunt".into(),
                pos: centre + Vec2::new(40.0, 0.0),
                hp: 1.0e9,
            }],
        )
        .map_err(|e| world_err(&e))?;
    let enemy = slots[0];
    let mut r = ParryReport {
        blade: blade.into(),
        trials,
        parried: 0,
        rate: 0.0,
        damage_taken_on_parry: 0.0,
        ripostes: 0,
        cooldown_resets: 0,
        standing_parries: 0,
    };
    for _ in 0..trials {
        let x = w.melee_exchange(&mut carry, enemy, 10.0, true);
        if x.parried {
            r.parried += 1;
            r.damage_taken_on_parry += x.damage_taken;
            r.ripostes += u32::from(x.riposte_landed);
            r.cooldown_resets += u32::from(x.cooldown_reset);
        }
        let y = w.melee_exchange(&mut carry, enemy, 10.0, false);
        r.standing_parries += u32::from(y.parried);
    }
    r.rate = f64::from(r.parried) / f64::from(trials.max(1));
    Ok(r)
}

/// What `tool sweep` prints.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepReport {
    /// Swings played.
    pub swings: u32,
    /// Targets cut (once per swing each).
    pub hits: u32,
    /// Most degrees a hit's contact lay outside its swing's sector.
    pub max_deg_outside_sector: f32,
    /// Cuts of a target already cut in the same swing (must be 0).
    pub double_hits: u32,
}

/// Swings the saber `trials` times at one random target each, the player
/// dashing along the axis as in the fight.
pub fn sweep_trials(trials: u32, seed: u64) -> Result<SweepReport, MeleeToolError> {
    let (rules, blade) = rules_and_blade("saber")?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut r = SweepReport {
        swings: 0,
        hits: 0,
        max_deg_outside_sector: 0.0,
        double_hits: 0,
    };
    let player_r = 16.0;
    let dt = 1.0 / 60.0;
    for _ in 0..trials {
        let mut s = Swing::new();
        // Any combo step: sometimes a fresh slash, sometimes a spin.
        s.next_combo = rng.random_range(0..rules.combo.len());
        s.since_strike = 0.0;
        let axis = rng.random_range(-std::f32::consts::PI..std::f32::consts::PI);
        s.start(axis, &blade, &rules, blade.damage);
        r.swings += 1;
        let radius = rng.random_range(8.0..32.0);
        // Anywhere around, from touching the player's body to past the reach.
        let dist = rng.random_range(player_r + radius..blade.reach + 2.0 * radius + 40.0);
        let target = dir(rng.random_range(-std::f32::consts::PI..std::f32::consts::PI)) * dist;
        let mut me = Vec2::ZERO;
        let mut speed = 0.0f32;
        let mut booked = 0u32;
        while s.phase != SwingPhase::Idle {
            let sweep = s.advance(dt, &rules);
            let Some(b) = s.baked else { break };
            me += s.dash_step(sweep.is_some(), &mut speed, dt);
            if let Some(sw) = sweep
                && let Some(band) = s.band(sw, player_r)
            {
                let (d, contact) = band.nearest(target - me);
                // The fight's own hit mask: one cut per target per swing.
                if d <= radius && !s.hit.contains(&0) {
                    s.hit.push(0);
                    booked += 1;
                    let out = deg_outside(contact, b.axis, b.half + b.blade / 2.0);
                    r.max_deg_outside_sector = r.max_deg_outside_sector.max(out);
                }
            }
            if s.phase == SwingPhase::Recover {
                break;
            }
        }
        r.hits += booked.min(1);
        r.double_hits += booked.saturating_sub(1);
    }
    Ok(r)
}

/// Aborts among started swings of combo step `combo` (0 slash, 2 spin) with
/// `friends` friendly bodies (turrets) scattered around the player: a swing
/// starts only with its sector clear of them (as in the fight), and aborts
/// when the strike's band, carried by the dash, meets one.
pub fn abort_trials(
    combo: usize,
    friends: usize,
    trials: u32,
    seed: u64,
) -> Result<(u32, u32), MeleeToolError> {
    let (rules, blade) = rules_and_blade("saber")?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (player_r, friend_r, dt) = (16.0, crate::world::FRIENDLY_BODY_PX, 1.0 / 60.0);
    let (mut started, mut aborted) = (0, 0);
    for _ in 0..trials {
        let bodies: Vec<Vec2> = (0..friends)
            .map(|_| {
                let a = rng.random_range(-std::f32::consts::PI..std::f32::consts::PI);
                dir(a) * rng.random_range(player_r + friend_r..blade.reach * 2.5)
            })
            .collect();
        let mut s = Swing::new();
        s.next_combo = combo;
        s.since_strike = 0.0;
        let axis = rng.random_range(-std::f32::consts::PI..std::f32::consts::PI);
        let half = s.next_half(&blade, &rules) + blade.blade_deg.to_radians() / 2.0;
        let sector = crate::melee::Band {
            inner: player_r,
            reach: blade.reach,
            lo: axis - half,
            hi: axis + half,
        };
        if bodies.iter().any(|b| sector.touches(*b, friend_r)) {
            continue;
        }
        s.start(axis, &blade, &rules, blade.damage);
        started += 1;
        let (mut me, mut speed) = (Vec2::ZERO, 0.0f32);
        while matches!(s.phase, SwingPhase::Windup | SwingPhase::Strike) {
            let sweep = s.advance(dt, &rules);
            me += s.dash_step(sweep.is_some(), &mut speed, dt);
            if let Some(sw) = sweep
                && let Some(band) = s.band(sw, player_r)
                && bodies.iter().any(|f| band.touches(*f - me, friend_r))
            {
                aborted += 1;
                break;
            }
        }
    }
    Ok((started, aborted))
}
