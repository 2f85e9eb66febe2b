//! What a cast produces: spawn requests with every modifier baked in, and the
//! payload table that lets a trigger's child cast be found by handle.
//!
//! The fight turns a [`SpawnRequest`] into a GPU [`Projectile`] with
//! [`SpawnRequest::to_projectile`] and keeps the request's `payload` handle
//! beside the projectile slot; when the slot's hit / timer / kill event comes
//! back, it asks the core for that payload
//! ([`super::CoreState::fire_payload`]) and releases the handle when the slot is
//! freed ([`super::CoreState::release_payload`]).

use engine::compute::types::{FLAG_ALIVE, FLAG_TIMER_ARMED, MAX_HIT_MEMORY, NONE_U32, Projectile};

use super::spells::{EffectKind, SpellIdx, TriggerOn};
use crate::element::ElementShares;

/// Index into a core's payload table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PayloadHandle(pub u32);

/// One projectile (or effect) to spawn.
///
/// `damage` is `(base × slot boost + Σ chip adds + player damage_flat) × Π chip
/// multipliers`. The player's `damage_mult`, crits, attunement, statuses and the
/// target's resistance and armour are applied by combat at the hit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpawnRequest {
    /// The chip that fired it.
    pub spell: SpellIdx,
    /// Damage per hit (see above).
    pub damage: f32,
    /// Share of the damage per element.
    pub elements: ElementShares,
    /// px/s.
    pub speed: f32,
    /// Direction relative to the aim, radians (spread already rolled).
    pub angle: f32,
    /// The spread cone this projectile was rolled in, radians (for display).
    pub spread: f32,
    /// Collision radius, px.
    pub radius: f32,
    /// Seconds to live.
    pub lifetime: f32,
    /// Homing turn rate, rad/s.
    pub homing: f32,
    /// Homing acquire radius, px.
    pub acquire_radius: f32,
    /// Extra enemies hit after the first.
    pub pierce: u32,
    /// Wall bounces.
    pub bounces: u32,
    /// Enemy-to-enemy jumps (chain lightning); the fight retargets on each hit.
    pub chain: u32,
    /// Sine path amplitude, px.
    pub sine_amp: f32,
    /// Sine path frequency, Hz.
    pub sine_freq: f32,
    /// Area damage radius on impact, px (0 = none).
    pub explosion_radius: f32,
    /// Fraction of the damage dealt returned to the player as HP.
    pub lifesteal: f32,
    /// Chance of the element's own status on a clean target (see `ProjectileDef`).
    pub status_chance: f32,
    /// The coating each hit leaves.
    pub coating: Option<crate::element::Coating>,
    /// The explosion hurts the caster inside it.
    pub hurts_caster: bool,
    /// Knockback impulse per hit, px/s.
    pub knockback: f32,
    /// What it is when not a plain projectile.
    pub effect: EffectKind,
    /// Effect area, px.
    pub effect_radius: f32,
    /// Effect strength (pull px/s, heal HP/s).
    pub effect_power: f32,
    /// Effect duration, s.
    pub effect_duration: f32,
    /// When the payload is cast (triggers only).
    pub trigger: Option<TriggerOn>,
    /// Timer or turret interval, s (0 = none).
    pub timer: f32,
    /// The payload to cast when the trigger condition happens.
    pub payload: Option<PayloadHandle>,
    /// Trigger depth of the cast that fired it (0 = main cast).
    pub depth: u8,
}

impl SpawnRequest {
    /// A plain bolt of `spell`: no spread, homing, pierce, effect or
    /// payload (a parried shot flying back, a test's projectile); set the
    /// fields that differ on the result.
    pub fn plain(
        spell: SpellIdx,
        damage: f32,
        elements: ElementShares,
        speed: f32,
        radius: f32,
        lifetime: f32,
    ) -> Self {
        Self {
            spell,
            damage,
            elements,
            speed,
            angle: 0.0,
            spread: 0.0,
            radius,
            lifetime,
            homing: 0.0,
            acquire_radius: 0.0,
            pierce: 0,
            bounces: 0,
            chain: 0,
            sine_amp: 0.0,
            sine_freq: 0.0,
            explosion_radius: 0.0,
            lifesteal: 0.0,
            status_chance: 0.0,
            coating: None,
            hurts_caster: false,
            knockback: 0.0,
            effect: EffectKind::None,
            effect_radius: 0.0,
            effect_power: 0.0,
            effect_duration: 0.0,
            trigger: None,
            timer: 0.0,
            payload: None,
            depth: 0,
        }
    }

    /// The GPU projectile for this request, fired from `origin` toward `aim_angle` (radians).
    ///
    /// Pierce and chain jumps share one hit budget, clamped to
    /// `MAX_HIT_MEMORY - 1` so a projectile never hits the same enemy twice.
    /// A chaining projectile gets GPU pierce 0: every leg ends at its first
    /// hit and the fight spawns the next leg ([`SpawnRequest::chain_jumps`]).
    /// `user[0]` is the spell index, `user[1]` the dominant element, `user[2]`
    /// the payload handle (or `NONE_U32`), `user[3]` the trigger depth.
    pub fn to_projectile(&self, origin: [f32; 2], aim_angle: f32) -> Projectile {
        let a = aim_angle + self.angle;
        let mut flags = FLAG_ALIVE;
        if self.timer > 0.0 && self.trigger == Some(TriggerOn::Timer) {
            flags |= FLAG_TIMER_ARMED;
        }
        let mut user = [0u32; 8];
        user[0] = self.spell.0;
        user[1] = self.elements.dominant().index() as u32;
        user[2] = self.payload.map_or(NONE_U32, |h| h.0);
        user[3] = u32::from(self.depth);
        Projectile {
            pos: origin,
            vel: [self.speed * a.cos(), self.speed * a.sin()],
            radius: self.radius,
            lifetime: self.lifetime,
            timer: self.timer,
            homing: self.homing,
            acquire_radius: self.acquire_radius,
            sine_amp: self.sine_amp,
            sine_freq: self.sine_freq,
            age: 0.0,
            bounces: self.bounces,
            pierce: if self.chain > 0 {
                0
            } else {
                self.pierce.min(MAX_HIT_MEMORY as u32 - 1)
            },
            flags,
            hit_count: 0,
            hit_memory: [NONE_U32; MAX_HIT_MEMORY],
            user,
        }
    }
}

impl SpawnRequest {
    /// Jumps a chaining projectile may make from enemy to enemy: its chain
    /// plus its pierce (a pierce modifier on a chain spell buys more jumps,
    /// since each leg stops at its first hit), within the hit memory so the
    /// whole chain never hits one enemy twice. Zero for a non-chain projectile.
    pub fn chain_jumps(&self) -> u32 {
        if self.chain == 0 {
            return 0;
        }
        self.chain
            .saturating_add(self.pierce)
            .min(MAX_HIT_MEMORY as u32 - 1)
    }
}

/// Payloads of live trigger projectiles, owned by one core.
///
/// Each handle owns its payload and, through the payload's own requests, the
/// handles of deeper payloads: [`PayloadTable::release`] frees the whole tree and
/// [`PayloadTable::fire`] deep-copies nested payloads so every fired child owns
/// its own.
#[derive(Debug, Clone, Default)]
pub struct PayloadTable {
    entries: Vec<Option<Vec<SpawnRequest>>>,
    free: Vec<u32>,
    live: usize,
    max: usize,
}

impl PayloadTable {
    /// An empty table holding at most `max` payloads.
    pub fn new(max: usize) -> Self {
        Self {
            max,
            ..Self::default()
        }
    }

    /// Stores a payload; `None` when the table is full.
    pub fn insert(&mut self, spawns: Vec<SpawnRequest>) -> Option<PayloadHandle> {
        if self.live >= self.max {
            return None;
        }
        self.live += 1;
        if let Some(i) = self.free.pop() {
            self.entries[i as usize] = Some(spawns);
            Some(PayloadHandle(i))
        } else {
            self.entries.push(Some(spawns));
            Some(PayloadHandle(self.entries.len() as u32 - 1))
        }
    }

    /// The payload behind `h`, if it is live.
    pub fn get(&self, h: PayloadHandle) -> Option<&[SpawnRequest]> {
        self.entries.get(h.0 as usize).and_then(|e| e.as_deref())
    }

    /// Payloads alive.
    pub fn live(&self) -> usize {
        self.live
    }

    /// Copies the payload behind `h` for firing; nested payloads are copied too
    /// (a nested copy that does not fit loses its payload). `h` stays owned by
    /// the carrier (a piercing carrier can fire it again).
    pub fn fire(&mut self, h: PayloadHandle) -> Vec<SpawnRequest> {
        let mut out = self.get(h).map(<[SpawnRequest]>::to_vec).unwrap_or_default();
        for s in &mut out {
            if let Some(inner) = s.payload {
                let copy = self.get(inner).map(<[SpawnRequest]>::to_vec).unwrap_or_default();
                s.payload = self.insert(copy);
                if let Some(new) = s.payload {
                    // The copy still points at the original's nested handles; copy those too.
                    self.deepen(new);
                }
            }
        }
        out
    }

    fn deepen(&mut self, h: PayloadHandle) {
        let mut stack = vec![h];
        while let Some(h) = stack.pop() {
            let Some(mut spawns) = self.entries.get_mut(h.0 as usize).and_then(Option::take) else {
                continue;
            };
            for s in &mut spawns {
                if let Some(inner) = s.payload {
                    let copy = self.get(inner).map(<[SpawnRequest]>::to_vec).unwrap_or_default();
                    s.payload = self.insert(copy);
                    if let Some(new) = s.payload {
                        stack.push(new);
                    }
                }
            }
            self.entries[h.0 as usize] = Some(spawns);
        }
    }

    /// Frees `h` and every payload nested in it.
    pub fn release(&mut self, h: PayloadHandle) {
        let mut stack = vec![h];
        while let Some(h) = stack.pop() {
            if let Some(spawns) = self.entries.get_mut(h.0 as usize).and_then(Option::take) {
                self.live -= 1;
                self.free.push(h.0);
                stack.extend(spawns.iter().filter_map(|s| s.payload));
            }
        }
    }
}
