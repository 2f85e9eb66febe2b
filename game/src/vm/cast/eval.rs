//! What each chip kind does when it is evaluated (actions, modifiers,
//! multicasts, splitters, triggers, logic gates, registers, counters): the
//! per-kind semantics, separate from the driver loop that schedules them.

use super::trace::Op;
use super::{At, Run, Task};
use crate::vm::deck::Card;
use crate::vm::scope::Scope;
use crate::vm::spells::{CounterOn, LogicDef, LogicOp, Register, RegisterOp, SpellKind};

impl Run<'_, '_> {
    #[expect(
        clippy::too_many_lines,
        reason = "one match arm per chip kind of the VM (docs/vm.md)"
    )]
    pub(super) fn eval(&mut self, card: Card, scope: Scope, at: At) {
        if !self.spend_op() {
            return;
        }
        self.note(Op::Eval {
            card,
            depth: at.depth,
        });
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
                    self.logic(card, l, scope, at);
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
                    self.note(Op::Register { card, end });
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
                    self.gate_next(card, go, scope, at);
                }
            }
        }
    }

    fn logic(&mut self, card: Card, l: &LogicDef, scope: Scope, at: At) {
        let holds = match l.op {
            LogicOp::IfHpLow => {
                let hp_max = self.m.stats.hp_max.max(f32::MIN_POSITIVE);
                self.m.stats.hp / hp_max < l.threshold
            }
            LogicOp::IfEnemyClose => self.m.nearest_enemy <= l.threshold,
            LogicOp::Loop => {
                let (count, times) = (l.count, l.times);
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
                        card,
                        times,
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
        self.gate_next(card, holds, scope, at);
    }
}
