//! The interpreter: one cast, exactly as docs/vm.md states it.
//!
//! Evaluation is iterative: an explicit task stack replaces recursion, so no
//! deck (a chain of 10 000 modifiers, loops in loops, triggers in triggers)
//! can overflow the call stack. Every evaluated chip costs one op; at
//! `max_ops` the cast stops, what was fired stays fired, and the drawn cards go
//! to the discard with the hand. A draw that wraps twice without finding a
//! playable chip fails, so mana skips cannot spin either.
//!
//! This file is the driver: the task stack, the machine state and the cast
//! loop. What one chip does lives in `eval`, drawing from the deck in `draw`,
//! and turning a projectile section plus a scope into spawn requests (and
//! trigger payloads) in `fire`.

mod draw;
mod eval;
mod fire;
pub mod trace;

use rand_chacha::ChaCha8Rng;

use super::balance::VmBalance;
use super::caster::CasterStats;
use super::cores::CoreDef;
use super::deck::{Card, DeckState};
use super::resonance::RecipeIdx;
use super::scope::Scope;
use super::spawn::{PayloadTable, SpawnRequest};
use super::spells::SpellBook;
use trace::{Op, Trace};

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
    /// Walk a LOOP body `bodies[start..start + len]`, `times_left` more times
    /// of `times` (the loop's `card`, for the trace).
    Loop {
        card: Card,
        times: u32,
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
    /// Where the cast records its operations (the lab, `wand eval`); `None`
    /// in a fight.
    pub trace: Option<&'a mut Trace>,
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
            self.note(Op::AlwaysCast { card: *card });
            let spell = spells.get(card.spell);
            if let Some(p) = &spell.projectile {
                let base = self.base;
                self.fire(card, p, &base, at, None);
            }
        }
    }

    /// Records `op` when the machine holds a trace (never in a fight).
    fn note(&mut self, op: Op) {
        let m = &mut *self.m;
        if let Some(t) = m.trace.as_deref_mut() {
            t.push(op, self.r.ops, m.deck, *m.mana, *m.registers);
        }
    }

    fn spend_op(&mut self) -> bool {
        if self.r.ops >= self.r.max_ops {
            if !self.r.ops_exhausted {
                self.note(Op::OutOfOps);
            }
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
                        self.note(Op::OutOfOps);
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
                    card,
                    times,
                    start,
                    len,
                    pos,
                    times_left,
                    scope,
                    at,
                } => {
                    if pos == 0 {
                        self.note(Op::LoopPass {
                            card,
                            pass: times - times_left + 1,
                            of: times,
                        });
                    }
                    if pos < len {
                        self.tasks.push(Task::Loop {
                            card,
                            times,
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
                            card,
                            times,
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

    fn finish(mut self) -> CastResult {
        // Heavy cost first, then the infinite_spells overflow, both under the cap (docs/vm.md#mana).
        let heavy = self.hp_heavy.min(self.hp_cap);
        let overflow = self.hp_overflow.min((self.hp_cap - heavy).max(0.0));
        self.r.hp_cost = heavy + overflow;
        self.sinks.truncate(1);
        self.r.spawns = self.sinks.pop().unwrap_or_default();
        self.r
    }
}
