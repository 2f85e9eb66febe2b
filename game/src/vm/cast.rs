//! The interpreter: one cast, exactly as ../shared/VM.md states it.
//!
//! Evaluation is iterative: an explicit task stack replaces recursion, so no
//! deck (a chain of 10 000 modifiers, loops in loops, triggers in triggers)
//! can overflow the call stack. Every evaluated chip costs one op; at
//! `max_ops` the cast stops, what was fired stays fired, and the drawn cards go
//! to the discard with the hand. A draw that wraps twice without finding a
//! playable chip fails, so mana skips cannot spin either.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::balance::VmBalance;
use super::cores::CoreDef;
use super::deck::{Card, DeckState};
use super::resonance::RecipeIdx;
use super::runtime::CasterStats;
use super::scope::Scope;
use super::spawn::{PayloadTable, SpawnRequest};
use super::spells::{
    CounterOn, LogicOp, ProjectileDef, Register, RegisterOp, SpellBook, SpellKind, TriggerDef,
};
use crate::element::{Element, ElementShares};

/// Where a draw happens: stream direction, trigger depth, main cast or payload.
#[derive(Debug, Clone, Copy)]
struct At {
    tail: bool,
    depth: u8,
    main: bool,
}

#[derive(Debug, Clone)]
enum Task {
    /// `left` draws with `scope`; `wrap` is false only for the core's own draws.
    Draw {
        scope: Scope,
        left: u32,
        wrap: bool,
        at: At,
    },
    /// Evaluate a card already in the hand (LOOP bodies).
    Eval { card: Card, scope: Scope, at: At },
    /// Walk a LOOP body `bodies[start..start + len]`, `times_left` more times.
    Loop {
        start: u32,
        len: u32,
        pos: u32,
        times_left: u32,
        scope: Scope,
        at: At,
    },
    /// Close the innermost payload sink and attach it to its carrier.
    EndPayload,
}

/// Mutable state a cast works on, borrowed from the core's runtime state.
pub(crate) struct Machine<'a> {
    pub spells: &'a SpellBook,
    pub bal: &'a VmBalance,
    pub stats: &'a CasterStats,
    pub core: &'a CoreDef,
    pub nearest_enemy: f32,
    pub deck: &'a mut DeckState,
    pub mana: &'a mut f32,
    pub registers: &'a mut [f32; 2],
    pub counters: &'a mut Vec<u32>,
    pub kills: &'a mut u32,
    pub rng: &'a mut ChaCha8Rng,
    pub payloads: &'a mut PayloadTable,
    /// `1 + heat`.
    pub heat_mult: f32,
}

/// What one cast did, before the projectile cap and the timers.
#[derive(Debug, Clone, Default)]
pub(crate) struct CastResult {
    pub spawns: Vec<SpawnRequest>,
    pub ops: u32,
    pub max_ops: u32,
    pub ops_exhausted: bool,
    pub delay_sum: f32,
    pub recharge_sum: f32,
    pub mana_spent: f32,
    pub hp_cost: f32,
    pub wrapped: bool,
    pub resonances: Vec<RecipeIdx>,
    pub payload_overflow: u32,
    /// A register END stopped the cast; the core restarts from its head.
    pub ended: bool,
}

struct Run<'m, 'a> {
    m: &'m mut Machine<'a>,
    r: CastResult,
    tasks: Vec<Task>,
    sinks: Vec<Vec<SpawnRequest>>,
    carriers: Vec<usize>,
    bodies: Vec<Card>,
    base: Scope,
    hp_cap: f32,
    hp_heavy: f32,
    hp_overflow: f32,
}

impl Machine<'_> {
    /// MAX_OPS = (player cpu_limit + core cpu bonus) × ops_per_cpu, from the caster's stats.
    pub fn max_ops(&self) -> u32 {
        let cpu = (self.stats.cpu_limit + self.core.cpu).max(0.0);
        let ops = (cpu * self.bal.ops_per_cpu as f32).floor();
        if ops.is_finite() {
            ops.min(u32::MAX as f32) as u32
        } else {
            0
        }
    }

    /// Runs one cast: always-cast chips, then `draws_per_stream` core draws per
    /// stream (two streams on a `dual_stream` core). `wrap_core_draws` is true
    /// only for entry decks, which cycle without a recharge.
    pub fn cast(&mut self, always: &[Card], draws_per_stream: u32, wrap_core_draws: bool) -> CastResult {
        let max_ops = self.max_ops();
        let hp_cap = (self.stats.hp_max * self.bal.hp_cost_cap_fraction).max(0.0);
        let mut run = Run {
            m: self,
            r: CastResult {
                max_ops,
                ..CastResult::default()
            },
            tasks: Vec::new(),
            sinks: vec![Vec::new()],
            carriers: Vec::new(),
            bodies: Vec::new(),
            base: Scope::BASE,
            hp_cap,
            hp_heavy: 0.0,
            hp_overflow: 0.0,
        };
        run.always_cast(always);
        let head = At {
            tail: false,
            depth: 0,
            main: true,
        };
        if run.m.core.dual_stream {
            let tail = At { tail: true, ..head };
            run.tasks.push(Task::Draw {
                scope: run.base,
                left: draws_per_stream,
                wrap: wrap_core_draws,
                at: tail,
            });
        }
        run.tasks.push(Task::Draw {
            scope: run.base,
            left: draws_per_stream,
            wrap: wrap_core_draws,
            at: head,
        });
        run.execute();
        run.finish()
    }
}

impl Run<'_, '_> {
    fn always_cast(&mut self, always: &[Card]) {
        let at = At {
            tail: false,
            depth: 0,
            main: true,
        };
        let spells = self.m.spells;
        for card in always {
            let spell = spells.get(card.spell);
            if let Some(m) = &spell.modifier {
                self.base = self.base.with(m, card.boost);
            }
        }
        for card in always {
            if !self.spend_op() {
                return;
            }
            let spell = spells.get(card.spell);
            if let Some(p) = &spell.projectile {
                let base = self.base;
                self.fire(card, p, &base, at, None);
            }
        }
    }

    fn spend_op(&mut self) -> bool {
        if self.r.ops >= self.r.max_ops {
            self.r.ops_exhausted = true;
            return false;
        }
        self.r.ops += 1;
        true
    }

    fn execute(&mut self) {
        while let Some(task) = self.tasks.pop() {
            if self.r.ops_exhausted {
                if matches!(task, Task::EndPayload) {
                    self.end_payload();
                }
                continue;
            }
            match task {
                Task::Draw {
                    scope,
                    left,
                    wrap,
                    at,
                } => {
                    if left == 0 {
                        continue;
                    }
                    if self.r.ops >= self.r.max_ops {
                        self.r.ops_exhausted = true;
                        continue;
                    }
                    if left > 1 {
                        self.tasks.push(Task::Draw {
                            scope,
                            left: left - 1,
                            wrap,
                            at,
                        });
                    }
                    if let Some(card) = self.draw(at, wrap) {
                        self.eval(card, scope, at);
                    }
                }
                Task::Eval { card, scope, at } => self.eval(card, scope, at),
                Task::Loop {
                    start,
                    len,
                    pos,
                    times_left,
                    scope,
                    at,
                } => {
                    if pos < len {
                        self.tasks.push(Task::Loop {
                            start,
                            len,
                            pos: pos + 1,
                            times_left,
                            scope,
                            at,
                        });
                        let card = self.bodies[(start + pos) as usize];
                        self.tasks.push(Task::Eval { card, scope, at });
                    } else if times_left > 1 {
                        self.tasks.push(Task::Loop {
                            start,
                            len,
                            pos: 0,
                            times_left: times_left - 1,
                            scope,
                            at,
                        });
                    }
                }
                Task::EndPayload => self.end_payload(),
            }
        }
    }

    /// Pops the next playable card, paying its mana (or HP on an `infinite_spells` core).
    fn draw(&mut self, at: At, wrap: bool) -> Option<Card> {
        let mut wrapped_here = false;
        loop {
            let d = &mut *self.m.deck;
            let next = if at.tail {
                d.deck.pop_back()
            } else {
                d.deck.pop_front()
            };
            let Some(card) = next else {
                if !wrap || wrapped_here || d.discard.is_empty() {
                    return None;
                }
                d.wrap(self.m.rng);
                self.r.wrapped = true;
                wrapped_here = true;
                continue;
            };
            if d.uses_left(&card) == Some(0) {
                d.discard.push(card);
                continue;
            }
            let spell = self.m.spells.get(card.spell);
            let cost = spell.mana * self.m.heat_mult;
            if cost > *self.m.mana {
                let hp = self.m.bal.infinite_spells_hp_cost;
                if self.m.core.infinite_spells
                    && self.hp_heavy.min(self.hp_cap) + self.hp_overflow + hp <= self.hp_cap
                {
                    self.hp_overflow += hp;
                } else {
                    d.discard.push(card);
                    continue;
                }
            } else {
                *self.m.mana -= cost;
                self.r.mana_spent += cost;
            }
            d.spend_use(&card);
            d.hand.push(card);
            self.hp_heavy += spell.hp_cost;
            if at.main {
                self.r.delay_sum += spell.cast_delay;
            }
            self.r.recharge_sum += spell.recharge;
            return Some(card);
        }
    }

    /// Moves the next card to the discard unfired (a gate that said no).
    fn discard_next(&mut self, at: At) {
        let d = &mut *self.m.deck;
        if d.deck.is_empty() && !d.discard.is_empty() {
            d.wrap(self.m.rng);
            self.r.wrapped = true;
        }
        let next = if at.tail {
            d.deck.pop_back()
        } else {
            d.deck.pop_front()
        };
        if let Some(card) = next {
            d.discard.push(card);
        }
    }

    fn eval(&mut self, card: Card, scope: Scope, at: At) {
        if !self.spend_op() {
            return;
        }
        if let Some(r) = card.recipe
            && !self.r.resonances.contains(&r)
        {
            self.r.resonances.push(r);
        }
        let spells = self.m.spells;
        let spell = spells.get(card.spell);
        let boost = card.boost;
        let scaled = |n: u32| ((n as f32 * boost).round() as u32).clamp(1, 64);
        match spell.kind {
            SpellKind::Action => {
                if let Some(p) = &spell.projectile {
                    self.fire(&card, p, &scope, at, None);
                }
            }
            SpellKind::Modifier => {
                if let Some(m) = &spell.modifier {
                    let scope = scope.with(m, boost);
                    self.tasks.push(Task::Draw {
                        scope,
                        left: 1,
                        wrap: true,
                        at,
                    });
                }
            }
            SpellKind::Multicast => {
                let n = scaled(spell.draw.unwrap_or(1));
                self.tasks.push(Task::Draw {
                    scope,
                    left: n,
                    wrap: true,
                    at,
                });
            }
            SpellKind::Splitter => {
                // The first branch receives the incoming effects; the others start clean.
                let n = scaled(spell.draw.unwrap_or(2));
                self.tasks.push(Task::Draw {
                    scope: self.base,
                    left: n - 1,
                    wrap: true,
                    at,
                });
                self.tasks.push(Task::Draw {
                    scope,
                    left: 1,
                    wrap: true,
                    at,
                });
            }
            SpellKind::Trigger => {
                if let (Some(p), Some(t)) = (&spell.projectile, &spell.trigger) {
                    self.trigger(&card, p, t, &scope, at);
                }
            }
            SpellKind::Logic => {
                if let Some(l) = &spell.logic {
                    self.logic(l.op, l.threshold, l.count, l.times, scope, at);
                }
            }
            SpellKind::Register => {
                if let Some(reg) = &spell.register
                    && self.m.core.raw_registers
                {
                    let i = match reg.reg {
                        Register::A => 0,
                        Register::B => 1,
                    };
                    let r = &mut self.m.registers[i];
                    let end = match reg.op {
                        RegisterOp::Add => {
                            *r = (*r + reg.value).clamp(-1.0e9, 1.0e9);
                            false
                        }
                        RegisterOp::Set => {
                            *r = reg.value;
                            false
                        }
                        RegisterOp::EndIfBelow => *r < reg.value,
                        RegisterOp::EndIfAtLeast => *r >= reg.value,
                    };
                    if end {
                        // END: nothing more is drawn; open payloads still close.
                        self.tasks.retain(|t| matches!(t, Task::EndPayload));
                        self.r.ended = true;
                    } else {
                        // A statement: the program goes on with the next chip.
                        self.tasks.push(Task::Draw {
                            scope,
                            left: 1,
                            wrap: true,
                            at,
                        });
                    }
                }
            }
            SpellKind::Counter => {
                if let Some(c) = &spell.counter {
                    let go = match c.on {
                        CounterOn::Cast => {
                            let i = card.index as usize;
                            if self.m.counters.len() <= i {
                                self.m.counters.resize(i + 1, 0);
                            }
                            self.m.counters[i] += 1;
                            let go = self.m.counters[i] >= c.every;
                            if go {
                                self.m.counters[i] = 0;
                            }
                            go
                        }
                        CounterOn::Kill => {
                            let go = *self.m.kills >= c.every;
                            if go {
                                *self.m.kills -= c.every;
                            }
                            go
                        }
                    };
                    if go {
                        self.tasks.push(Task::Draw {
                            scope,
                            left: 1,
                            wrap: true,
                            at,
                        });
                    } else {
                        self.discard_next(at);
                    }
                }
            }
        }
    }

    fn logic(&mut self, op: LogicOp, threshold: f32, count: u32, times: u32, scope: Scope, at: At) {
        let holds = match op {
            LogicOp::IfHpLow => {
                let hp_max = self.m.stats.hp_max.max(f32::MIN_POSITIVE);
                self.m.stats.hp / hp_max < threshold
            }
            LogicOp::IfEnemyClose => self.m.nearest_enemy <= threshold,
            LogicOp::Loop => {
                let start = self.bodies.len() as u32;
                for _ in 0..count {
                    match self.draw(at, true) {
                        Some(card) => self.bodies.push(card),
                        None => break,
                    }
                }
                let len = self.bodies.len() as u32 - start;
                if len > 0 && times > 0 {
                    self.tasks.push(Task::Loop {
                        start,
                        len,
                        pos: 0,
                        times_left: times,
                        scope,
                        at,
                    });
                }
                return;
            }
        };
        if holds {
            self.tasks.push(Task::Draw {
                scope,
                left: 1,
                wrap: true,
                at,
            });
        } else {
            self.discard_next(at);
        }
    }

    fn trigger(&mut self, card: &Card, p: &ProjectileDef, t: &TriggerDef, scope: &Scope, at: At) {
        let deep_enough = at.depth >= self.m.bal.max_trigger_depth;
        let table_full = self.m.payloads.live() >= self.m.bal.payload_table_max as usize;
        if deep_enough || table_full {
            // Too deep: a plain projectile without payload.
            if table_full {
                self.r.payload_overflow += 1;
            }
            self.fire(card, p, scope, at, None);
            return;
        }
        let first = self.fire(card, p, scope, at, Some(t));
        // A multi-pellet carrier: the first pellet carries the payload.
        self.carriers.push(first);
        self.sinks.push(Vec::new());
        self.tasks.push(Task::EndPayload);
        let child = At {
            tail: at.tail,
            depth: at.depth + 1,
            main: false,
        };
        self.tasks.push(Task::Draw {
            scope: Scope::BASE,
            left: t.draws,
            wrap: true,
            at: child,
        });
    }

    fn end_payload(&mut self) {
        let (Some(spawns), Some(carrier)) = (self.sinks.pop(), self.carriers.pop()) else {
            return;
        };
        let handle = if spawns.is_empty() {
            None
        } else {
            match self.m.payloads.insert(spawns.clone()) {
                Some(h) => Some(h),
                None => {
                    self.r.payload_overflow += 1;
                    for h in spawns.iter().filter_map(|s| s.payload) {
                        self.m.payloads.release(h);
                    }
                    None
                }
            }
        };
        if let Some(parent) = self.sinks.last_mut()
            && let Some(c) = parent.get_mut(carrier)
        {
            c.payload = handle;
        }
    }

    /// Emits the projectile(s) of `p` with `scope` baked in; returns the index of the first one.
    fn fire(
        &mut self,
        card: &Card,
        p: &ProjectileDef,
        scope: &Scope,
        at: At,
        trigger: Option<&TriggerDef>,
    ) -> usize {
        let stats = self.m.stats;
        let carrier = trigger.map_or(1.0, |t| t.carrier_damage_mult);
        let damage =
            ((p.damage * card.boost + scope.add_damage + stats.damage_flat) * scope.damage_mult * carrier)
                .max(0.0);
        let speed = ((p.speed + scope.add_speed) * scope.speed_mult).max(0.0);
        let accuracy = stats.accuracy.clamp(0.0, 1.0);
        let cone = ((p.spread_deg + scope.spread_deg).max(0.0) * (1.0 - accuracy)).to_radians();
        let convert: Vec<(Element, f32)> = Element::ALL
            .iter()
            .zip(scope.convert)
            .filter(|(_, s)| *s > 0.0)
            .map(|(e, s)| (*e, s))
            .collect();
        let elements = ElementShares::converted(p.element, &convert);
        let sink = self.sinks.last_mut().map_or(0, |s| s.len());
        let n = p.count.max(1);
        for k in 0..n {
            let angle = if n > 1 {
                -cone / 2.0 + cone * k as f32 / (n - 1) as f32
            } else if cone > 0.0 {
                self.m.rng.random_range(-cone / 2.0..=cone / 2.0)
            } else {
                0.0
            };
            let req = SpawnRequest {
                spell: card.spell,
                damage,
                elements,
                speed,
                angle,
                spread: cone,
                radius: (p.radius + scope.add_radius).max(0.5),
                lifetime: (p.lifetime * scope.lifetime_mult).max(0.0),
                homing: (p.homing + scope.homing).max(0.0),
                acquire_radius: scope.acquire_radius,
                pierce: p.pierce.saturating_add(scope.pierce),
                bounces: p.bounces.saturating_add(scope.bounces),
                chain: p.chain,
                sine_amp: scope.sine_amp,
                sine_freq: scope.sine_freq,
                explosion_radius: (p.explosion_radius + scope.explosion_radius).max(0.0),
                lifesteal: scope.lifesteal,
                effect: p.effect,
                effect_radius: p.effect_radius * card.boost,
                effect_power: p.effect_power * card.boost,
                effect_duration: p.effect_duration,
                trigger: trigger.map(|t| t.on),
                timer: trigger.map_or(0.0, |t| t.interval),
                payload: None,
                depth: at.depth,
            };
            if let Some(s) = self.sinks.last_mut() {
                s.push(req);
            }
        }
        sink
    }

    fn finish(mut self) -> CastResult {
        // Heavy cost first, then the infinite_spells overflow, both under the cap (numerical §5 E).
        let heavy = self.hp_heavy.min(self.hp_cap);
        let overflow = self.hp_overflow.min((self.hp_cap - heavy).max(0.0));
        self.r.hp_cost = heavy + overflow;
        self.sinks.truncate(1);
        self.r.spawns = self.sinks.pop().unwrap_or_default();
        self.r
    }
}
