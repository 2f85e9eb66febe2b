//! A boss's phase machine at run time.
//!
//! Phases are entered in order when the HP fraction falls to a phase's
//! `hp_threshold_enter` or below (one hit can cross several thresholds; each
//! phase entered is reported). Phases never go back, even if regeneration
//! lifts HP over a threshold again. On entering a phase the boss takes that
//! phase's resistances (absent elements: 0), and its behaviour tags decide
//! movement and fire until the next threshold.

use std::f32::consts::TAU;
use std::sync::Arc;

use engine::compute::Projectile;
use glam::Vec2;
use serde::Serialize;

use super::defs::{BehaviorTag, BossDef, Pattern, PhaseDef};
use crate::enemies::context::AiContext;
use crate::enemies::shots::{SHOT_SOURCE_BOSS, enemy_projectile};

/// Something a boss did that the rest of the game shows or acts on.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BossEvent {
    /// Entered phase `to` (1-based numbers from the file).
    PhaseChanged {
        /// Enemy slot.
        enemy: u32,
        /// Phase left.
        from: u32,
        /// Phase entered.
        to: u32,
    },
    /// A physical projectile was reflected (mirror mage).
    Reflected {
        /// Enemy slot.
        enemy: u32,
    },
    /// A barrage raised the boss's reflect shield (void lord).
    ShieldRaised {
        /// Enemy slot.
        enemy: u32,
    },
    /// An armour layer fell (armour lord).
    LayerLost {
        /// Enemy slot.
        enemy: u32,
        /// Layers left.
        left: u32,
    },
    /// NG+ last will: survived at 0 HP, invincible for a while.
    LastWill {
        /// Enemy slot.
        enemy: u32,
    },
    /// NG+ clone summon request.
    CloneSummon {
        /// Enemy slot.
        enemy: u32,
        /// Clones asked for.
        count: u32,
    },
}

/// Phase state of one boss.
#[derive(Debug, Clone, PartialEq)]
pub struct BossRuntime {
    /// The definition.
    pub def: Arc<BossDef>,
    /// Index in `BossDefs::bosses`.
    pub def_index: usize,
    /// Index into `def.phases`; `def.phases.len()` means the NG+ phase.
    pub phase: usize,
    /// NG+ run: the fourth phase is live.
    pub ng_plus: bool,
    /// Last will already spent.
    pub last_will_used: bool,
    /// A clone summoned by the NG+ phase: it acts like its lord but has no
    /// last will and falls when the lord falls.
    pub clone: bool,
    /// Factor on the boss's attack (NG+, an endless wave's difficulty), kept
    /// here because the attack is recomputed from the phase every step.
    pub attack_mult: f32,
    /// Seconds of invincibility left.
    pub invincible: f32,
    /// Armour layers left.
    pub layers: u32,
    /// The barrage reflect shield, for bosses that have one.
    pub shield: super::shield::BarrageShield,
    pattern_timer: f32,
    barrage_timer: f32,
    burst_timer: f32,
    spin: f32,
}

/// Default seconds between pattern volleys when a phase does not say.
const DEFAULT_PATTERN_INTERVAL: f32 = 2.0;
/// Shots in a barrage fan.
const BARRAGE_SHOTS: u32 = 7;
/// Shots in a full-screen burst.
const BURST_SHOTS: u32 = 48;
/// Distance kept by `keep_distance`, px.
const KEEP_DISTANCE: f32 = 350.0;
/// Angle between shots of an aimed fan, rad (12°).
const FAN_STEP: f32 = 12.0 * std::f32::consts::PI / 180.0;
/// Turn of a `spread_N` pattern per volley, rad.
const SPREAD_SPIN: f32 = 0.2;

impl BossRuntime {
    /// A boss entering its first phase.
    pub fn new(def: Arc<BossDef>, def_index: usize, ng_plus: bool) -> Self {
        let layers = def.armor_layers.map_or(0, |l| l.layers);
        let mut rt = Self {
            def,
            def_index,
            phase: 0,
            ng_plus,
            last_will_used: false,
            clone: false,
            attack_mult: 1.0,
            invincible: 0.0,
            layers,
            shield: Default::default(),
            pattern_timer: 0.0,
            barrage_timer: 0.0,
            burst_timer: 0.0,
            spin: 0.0,
        };
        // The first volley of every phase comes one interval after it starts.
        rt.reset_timers();
        rt
    }

    /// The active phase.
    pub fn current(&self) -> &PhaseDef {
        match self.def.phases.get(self.phase) {
            Some(p) => p,
            None => self
                .def
                .ng_plus_phase
                .as_ref()
                .unwrap_or(&self.def.phases[self.def.phases.len() - 1]),
        }
    }

    /// The active phase's number from the file.
    pub fn phase_number(&self) -> u32 {
        self.current().phase
    }

    /// True when the active phase has `tag`.
    pub fn has(&self, tag: BehaviorTag) -> bool {
        self.current().behavior_tags.contains(&tag)
    }

    /// Resistances of the active phase.
    pub fn resist(&self) -> [f32; 5] {
        self.current().resistances.to_array()
    }

    /// Armour now: the file's armour plus the layers left.
    pub fn armor(&self) -> f32 {
        self.def.armor
            + self
                .def
                .armor_layers
                .map_or(0.0, |l| l.armor_per_layer * self.layers as f32)
    }

    /// Speed and contact damage multiplier of the active phase (enrage ×1.5, hyper ×2, `speed_mult`).
    pub fn aggression(&self) -> f32 {
        let mut m = self.current().speed_mult.unwrap_or(1.0);
        if self.has(BehaviorTag::Enrage) {
            m *= 1.5;
        }
        if self.has(BehaviorTag::HyperEnrage) {
            m *= 2.0;
        }
        m
    }

    /// Advances through every phase whose threshold `hp_fraction` has reached;
    /// returns the phase changes (empty when none).
    pub fn advance(&mut self, enemy: u32, hp_fraction: f32) -> Vec<BossEvent> {
        let mut events = Vec::new();
        while self.phase + 1 < self.def.phases.len()
            && hp_fraction <= self.def.phases[self.phase + 1].hp_threshold_enter
        {
            let from = self.phase_number();
            self.phase += 1;
            self.reset_timers();
            events.push(BossEvent::PhaseChanged {
                enemy,
                from,
                to: self.phase_number(),
            });
        }
        events
    }

    /// NG+ last will at 0 HP: when available, moves to the NG+ phase and
    /// returns the HP to restore; `None` means the boss dies.
    pub fn try_last_will(&mut self, enemy: u32, hp_max: f32, events: &mut Vec<BossEvent>) -> Option<f32> {
        if !self.ng_plus || self.last_will_used || self.clone {
            return None;
        }
        let def = self.def.clone();
        let ng = def.ng_plus_phase.as_ref()?;
        if !ng.behavior_tags.contains(&BehaviorTag::LastWill) {
            return None;
        }
        self.last_will_used = true;
        let from = self.phase_number();
        self.phase = self.def.phases.len();
        self.invincible = ng.invincible_duration.unwrap_or(0.0);
        self.reset_timers();
        events.push(BossEvent::LastWill { enemy });
        events.push(BossEvent::PhaseChanged {
            enemy,
            from,
            to: ng.phase,
        });
        if ng.behavior_tags.contains(&BehaviorTag::CloneSummon) {
            events.push(BossEvent::CloneSummon {
                enemy,
                count: ng.clone_count.unwrap_or(0),
            });
        }
        Some(hp_max * ng.hp_restore_ratio.unwrap_or(0.0))
    }

    fn reset_timers(&mut self) {
        let p = self.current();
        let (pattern, barrage, burst) = (
            p.pattern_interval.unwrap_or(DEFAULT_PATTERN_INTERVAL),
            p.barrage_interval.unwrap_or(0.0),
            p.burst_interval.unwrap_or(0.0),
        );
        self.pattern_timer = pattern;
        self.barrage_timer = barrage;
        self.burst_timer = burst;
    }

    /// One step of boss behaviour: returns the desired velocity and appends
    /// the volleys fired to `shots`.
    pub fn think(
        &mut self,
        pos: Vec2,
        radius: f32,
        facing: &mut Vec2,
        ctx: &AiContext,
        dt: f32,
        shots: &mut Vec<Projectile>,
    ) -> Vec2 {
        self.invincible = (self.invincible - dt).max(0.0);
        if let Some(s) = self.def.barrage_shield {
            self.shield.tick(&s, dt);
        }
        let to_player = ctx.player_pos - pos;
        let dist = to_player.length();
        let toward = to_player.try_normalize().unwrap_or(*facing);
        *facing = toward;
        let phase = self.current().clone();
        let tags = &phase.behavior_tags;
        let speed = self.def.speed * self.aggression();
        // NG+'s +30 % is the world's, on every enemy shot (`World::take_enemy_shots`).
        let shot_speed = self.def.shot.speed;
        let s = self.def.shot;
        let fire = |dir: Vec2, shots: &mut Vec<Projectile>| {
            shots.push(crate::enemies::shots::with_element(
                enemy_projectile(
                    pos + dir * (radius + s.radius),
                    dir * shot_speed,
                    s.radius,
                    s.lifetime,
                    s.damage,
                    SHOT_SOURCE_BOSS,
                ),
                s.element,
            ));
        };
        if tags.contains(&BehaviorTag::SpreadProjectiles)
            && let Some(pattern) = phase.projectile_pattern.as_deref().and_then(Pattern::parse)
        {
            self.pattern_timer -= dt;
            if self.pattern_timer <= 0.0 {
                self.pattern_timer += phase.pattern_interval.unwrap_or(DEFAULT_PATTERN_INTERVAL);
                match pattern {
                    Pattern::Spread(n) => {
                        ring(n, self.spin, |d| fire(d, shots));
                        self.spin += SPREAD_SPIN;
                    }
                    Pattern::Ring(n) => ring(n, 0.0, |d| fire(d, shots)),
                    Pattern::Aimed(n) => fan(toward, n, |d| fire(d, shots)),
                }
            }
        }
        if let Some(iv) = phase
            .barrage_interval
            .filter(|_| tags.contains(&BehaviorTag::BarrageMode))
        {
            self.barrage_timer -= dt;
            if self.barrage_timer <= 0.0 {
                self.barrage_timer += iv;
                fan(toward, BARRAGE_SHOTS, |d| fire(d, shots));
            }
        }
        if let Some(iv) = phase
            .burst_interval
            .filter(|_| tags.contains(&BehaviorTag::FullscreenBurst))
        {
            self.burst_timer -= dt;
            if self.burst_timer <= 0.0 {
                self.burst_timer += iv;
                ring(BURST_SHOTS, self.spin, |d| fire(d, shots));
            }
        }
        if tags.contains(&BehaviorTag::Stationary) {
            Vec2::ZERO
        } else if tags.contains(&BehaviorTag::KeepDistance) {
            if dist < KEEP_DISTANCE * 0.8 {
                -toward * speed
            } else if dist > KEEP_DISTANCE * 1.2 {
                toward * speed
            } else {
                Vec2::ZERO
            }
        } else if dist <= radius + ctx.player_radius {
            Vec2::ZERO
        } else {
            toward * speed
        }
    }
}

fn ring(n: u32, offset: f32, mut f: impl FnMut(Vec2)) {
    for i in 0..n {
        let a = offset + TAU * i as f32 / n as f32;
        f(Vec2::from_angle(a));
    }
}

fn fan(center: Vec2, n: u32, mut f: impl FnMut(Vec2)) {
    let base = center.to_angle() - FAN_STEP * (n as f32 - 1.0) / 2.0;
    for i in 0..n {
        f(Vec2::from_angle(base + FAN_STEP * i as f32));
    }
}
