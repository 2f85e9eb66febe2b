//! Short-lived things the renderer draws and the rules do not read: damage
//! numbers, death bursts, reaction flashes, level-up and pickup pops.
//!
//! Each step the world appends what happened; entries age and drop out after
//! their lifetime, so the renderer can draw the whole list every frame.

use glam::Vec2;

/// What kind of effect.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EffectKind {
    /// Damage dealt to an enemy (crit: drawn larger).
    Damage {
        /// Amount.
        amount: f32,
        /// The hit crit.
        crit: bool,
        /// The element that dealt most of it (the number's colour).
        element: crate::element::Element,
        /// A quarter or more of the enemy's full HP in one hit: the window
        /// holds the fight for a few frames (hit-stop).
        big: bool,
        /// The enemy wears armour (the hit clanks).
        armoured: bool,
    },
    /// Damage taken by the player.
    PlayerHurt {
        /// Amount after armour.
        amount: f32,
    },
    /// An enemy died (elites and bosses burst bigger).
    DeathBurst {
        /// Radius of the dead enemy, px.
        radius: f32,
        /// Elite or boss.
        big: bool,
    },
    /// An elemental reaction.
    Reaction {
        /// Which one.
        kind: crate::combat::ReactionKind,
    },
    /// An explosion's area (nuke, payload blast).
    Blast {
        /// Radius, px.
        radius: f32,
    },
    /// The player gained a level.
    LevelUp,
    /// A blade hit (sparks, a shake stronger than a shot's).
    MeleeHit,
    /// A strike broken off by a friendly body under the blade (grey flash).
    MeleeAbort,
    /// A parry: the blow met the blade.
    Parry,
}

/// One effect on screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Effect {
    /// What.
    pub kind: EffectKind,
    /// Where, world px.
    pub pos: Vec2,
    /// Seconds since it appeared.
    pub age: f32,
    /// Seconds it stays.
    pub life: f32,
}

impl Effect {
    /// 0 when new, 1 when about to vanish (for fading).
    pub fn progress(&self) -> f32 {
        if self.life <= 0.0 {
            1.0
        } else {
            (self.age / self.life).clamp(0.0, 1.0)
        }
    }
}

/// Every effect alive, oldest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Effects {
    /// The list, read-only for the renderer.
    pub list: Vec<Effect>,
    /// Most effects kept; the oldest are dropped first (a 2,000-projectile build
    /// must not fill memory with damage numbers).
    pub cap: usize,
    /// Effects ever pushed: with [`Effects::fresh`] a listener (sound) finds
    /// what a step added without the rules telling it.
    pub pushed: u64,
}

impl Effects {
    /// An empty list keeping at most `cap` effects.
    pub fn new(cap: usize) -> Self {
        Self {
            list: Vec::new(),
            cap,
            pushed: 0,
        }
    }

    /// Adds an effect.
    pub fn push(&mut self, kind: EffectKind, pos: Vec2, life: f32) {
        self.list.push(Effect {
            kind,
            pos,
            age: 0.0,
            life,
        });
        self.pushed += 1;
    }

    /// The effects pushed since the count was `since` (those still held:
    /// a step that overflows the cap loses its oldest).
    pub fn fresh(&self, since: u64) -> &[Effect] {
        let n = self.pushed.saturating_sub(since).min(self.list.len() as u64) as usize;
        &self.list[self.list.len() - n..]
    }

    /// Ages every effect and drops the finished ones and the overflow.
    pub fn tick(&mut self, dt: f32) {
        for e in &mut self.list {
            e.age += dt;
        }
        self.list.retain(|e| e.age < e.life);
        if self.list.len() > self.cap {
            let extra = self.list.len() - self.cap;
            self.list.drain(..extra);
        }
    }

    /// Removes everything (between waves).
    pub fn clear(&mut self) {
        self.list.clear();
    }
}
