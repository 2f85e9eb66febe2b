//! The CPU side of each projectile slot (docs/architecture.md#projectile-slots: slots are owned by the
//! CPU, so every projectile's payload, trigger depth and owner are known here).
//!
//! The compute core hands out slot indices on spawn and frees a slot when it
//! delivers its EXPIRE event; this table is filled at spawn and cleared on the
//! same EXPIRE (or on a kill the world makes itself), so a HIT always finds the
//! request that fired it.

use engine::compute::Projectile;
use glam::Vec2;

use crate::element::ElementShares;
use crate::vm::spells::TriggerOn;
use crate::vm::{PayloadHandle, SpawnRequest};

/// Who fired a projectile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Team {
    /// The player's spells: hit enemies.
    Player,
    /// Spit and boss barrages: hit the player.
    Enemy,
}

/// What the CPU knows about one live projectile.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shot {
    /// Owner.
    pub team: Team,
    /// Damage per hit before the target (player spells: the request's baked
    /// damage; enemy shots: what the player takes before armour).
    pub damage: f32,
    /// Element shares of a hit.
    pub elements: ElementShares,
    /// Direction of travel at spawn (unit), for reflections and direction-dependent defences.
    pub dir: Vec2,
    /// Speed at spawn, px/s.
    pub speed: f32,
    /// Radius, px.
    pub radius: f32,
    /// Lifetime at spawn, s.
    pub lifetime: f32,
    /// Trigger depth of the cast that fired it.
    pub depth: u8,
    /// When its payload is cast.
    pub trigger: Option<TriggerOn>,
    /// The payload handle, owned by this projectile until its slot is freed.
    pub payload: Option<PayloadHandle>,
    /// Area damage radius on impact, px (0 = none).
    pub explosion_radius: f32,
    /// Fraction of the damage dealt returned to the player as HP.
    pub lifesteal: f32,
    /// Chance of the element's own status on a clean target.
    pub status_chance: f32,
    /// The coating each hit leaves.
    pub coating: Option<crate::element::Coating>,
    /// The explosion hurts the player inside it.
    pub hurts_caster: bool,
    /// Knockback impulse per hit, px/s.
    pub knockback: f32,
    /// Chain lightning: the jumps this projectile may still make and the
    /// projectile the next leg is cut from (`None` for a non-chain shot).
    pub chain: Option<Chain>,
    /// The spell that fired it (the renderer's look), `u32::MAX` for enemy shots.
    pub spell: u32,
    /// A mirror world's returning shot: it never bounces again.
    pub mirrored: bool,
    /// Fired with pierce: it passes a mirror instead of being turned back
    /// (docs/game.md#bosses: pierce is the answer to the mirror mage).
    pub pierces: bool,
}

/// The chaining state of a chain projectile's current leg (see `world/chain.rs`).
///
/// Kept on the CPU because a leg ends at its first hit and the next leg is a
/// fresh spawn: the compute core forgets the slot, this record does not.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Chain {
    /// Jumps left; at 0 the leg's hit ends the chain.
    pub left: u32,
    /// The leg as spawned: its shape, paths and speed for the next leg, and in
    /// `hit_memory` every enemy hit by earlier legs (which no leg may hit again).
    pub leg: Projectile,
}

impl Shot {
    /// Whether the shot travels (spawn speed above zero): what the density
    /// figures count as a projectile that can hit.
    pub fn can_hit(&self) -> bool {
        self.speed > 0.0
    }

    /// The record of a player spell spawned as projectile `p`.
    pub fn from_request(r: &SpawnRequest, p: &Projectile) -> Self {
        let dir = Vec2::from_array(p.vel).normalize_or_zero();
        let jumps = r.chain_jumps();
        Self {
            team: Team::Player,
            damage: r.damage,
            elements: r.elements,
            dir,
            speed: r.speed,
            radius: r.radius,
            lifetime: r.lifetime,
            depth: r.depth,
            trigger: r.trigger,
            payload: r.payload,
            explosion_radius: r.explosion_radius,
            lifesteal: r.lifesteal,
            status_chance: r.status_chance,
            coating: r.coating,
            hurts_caster: r.hurts_caster,
            knockback: r.knockback,
            chain: (jumps > 0).then_some(Chain { left: jumps, leg: *p }),
            spell: r.spell.0,
            mirrored: false,
            pierces: r.pierce > 0,
        }
    }

    /// The record of an enemy-team projectile of `element`.
    pub fn from_enemy(p: &Projectile, damage: f32, element: crate::element::Element) -> Self {
        let v = glam::Vec2::from_array(p.vel);
        Self {
            team: Team::Enemy,
            damage,
            elements: ElementShares::pure(element),
            dir: v.normalize_or_zero(),
            speed: v.length(),
            radius: p.radius,
            lifetime: p.lifetime,
            depth: 0,
            trigger: None,
            payload: None,
            explosion_radius: 0.0,
            lifesteal: 0.0,
            status_chance: 0.0,
            coating: None,
            hurts_caster: false,
            knockback: 0.0,
            chain: None,
            spell: u32::MAX,
            mirrored: false,
            pierces: false,
        }
    }
}

/// Shots by slot index.
#[derive(Debug, Clone, Default)]
pub struct ShotTable {
    slots: Vec<Option<Shot>>,
    player_live: u32,
    player_moving: u32,
    live: u32,
}

impl ShotTable {
    /// Records the shot in `slot`, returning the shot it replaces (which should not exist).
    pub fn insert(&mut self, slot: u32, shot: Shot) -> Option<Shot> {
        let i = slot as usize;
        if self.slots.len() <= i {
            self.slots.resize(i + 1, None);
        }
        let old = self.slots[i].replace(shot);
        if let Some(o) = &old {
            self.uncount(o);
        }
        self.live += 1;
        if shot.team == Team::Player {
            self.player_live += 1;
            if shot.can_hit() {
                self.player_moving += 1;
            }
        }
        old
    }

    fn uncount(&mut self, s: &Shot) {
        self.live -= 1;
        if s.team == Team::Player {
            self.player_live -= 1;
            if s.can_hit() {
                self.player_moving -= 1;
            }
        }
    }

    /// The shot in `slot`.
    pub fn get(&self, slot: u32) -> Option<&Shot> {
        self.slots.get(slot as usize).and_then(Option::as_ref)
    }

    /// Mutable shot (a reflected projectile changes team).
    pub fn get_mut(&mut self, slot: u32) -> Option<&mut Shot> {
        self.slots.get_mut(slot as usize).and_then(Option::as_mut)
    }

    /// Clears `slot` and returns what was there.
    pub fn remove(&mut self, slot: u32) -> Option<Shot> {
        let s = self.slots.get_mut(slot as usize).and_then(Option::take);
        if let Some(s) = &s {
            self.uncount(s);
        }
        s
    }

    /// Changes the team of a live shot, keeping the counts right.
    pub fn set_team(&mut self, slot: u32, team: Team) {
        if let Some(s) = self.slots.get_mut(slot as usize).and_then(Option::as_mut)
            && s.team != team
        {
            let moving = u32::from(s.can_hit());
            if s.team == Team::Player {
                self.player_live -= 1;
                self.player_moving -= moving;
            } else {
                self.player_live += 1;
                self.player_moving += moving;
            }
            s.team = team;
        }
    }

    /// Player-team projectiles alive (the VM's global cap counts these).
    pub fn player_live(&self) -> u32 {
        self.player_live
    }

    /// Player-team projectiles alive that can hit: those that move (a
    /// turret's own shots move; a parked zero-speed shot, a turret or mist
    /// itself, does not count). The density figure of docs/balance.md#density.
    pub fn player_moving(&self) -> u32 {
        self.player_moving
    }

    /// All live shots.
    pub fn live(&self) -> u32 {
        self.live
    }

    /// Every occupied slot, ascending.
    pub fn occupied(&self) -> Vec<u32> {
        self.slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_some())
            .map(|(i, _)| i as u32)
            .collect()
    }
}
