//! Drawing from the deck during a cast: the next playable card (mana or HP
//! paid, uses spent, the deck wrapped when allowed) and discarding the next
//! card unfired. Separate so the deck rules of a draw read in one place.

use super::trace::{Op, SkipWhy};
use super::{At, Run, Task};
use crate::vm::deck::Card;
use crate::vm::scope::Scope;

impl Run<'_, '_> {
    /// Pops the next playable card, paying its mana (or HP on an `infinite_spells` core).
    pub(super) fn draw(&mut self, at: At, wrap: bool) -> Option<Card> {
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
                self.note(Op::Wrap);
                continue;
            };
            if d.uses_left(&card) == Some(0) {
                d.discard.push(card);
                self.note(Op::Skip {
                    card,
                    why: SkipWhy::UsedUp,
                });
                continue;
            }
            let spell = self.m.spells.get(card.spell);
            let cost = spell.mana * self.m.heat_mult;
            let mut paid = 0.0;
            if cost > *self.m.mana {
                let hp = self.m.bal.infinite_spells_hp_cost;
                if self.m.core.infinite_spells
                    && self.hp_heavy.min(self.hp_cap) + self.hp_overflow + hp <= self.hp_cap
                {
                    self.hp_overflow += hp;
                } else {
                    d.discard.push(card);
                    let left = *self.m.mana;
                    self.note(Op::Skip {
                        card,
                        why: SkipWhy::Mana { cost, left },
                    });
                    continue;
                }
            } else {
                *self.m.mana -= cost;
                self.r.mana_spent += cost;
                paid = cost;
            }
            d.spend_use(&card);
            d.hand.push(card);
            self.hp_heavy += spell.hp_cost;
            if at.main {
                self.r.delay_sum += spell.cast_delay;
            }
            self.r.recharge_sum += spell.recharge;
            self.note(Op::Draw {
                card,
                depth: at.depth,
                cost: paid,
            });
            return Some(card);
        }
    }

    /// A gate (counter, IF): when `open`, the next card is drawn and runs in
    /// `scope`; otherwise it goes to the discard unfired.
    pub(super) fn gate_next(&mut self, gate: Card, open: bool, scope: Scope, at: At) {
        self.note(Op::Gate { card: gate, open });
        if open {
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

    /// Moves the next card to the discard unfired (a gate that said no).
    pub(super) fn discard_next(&mut self, at: At) {
        let d = &mut *self.m.deck;
        if d.deck.is_empty() && !d.discard.is_empty() {
            d.wrap(self.m.rng);
            self.r.wrapped = true;
            self.note(Op::Wrap);
        }
        let d = &mut *self.m.deck;
        let next = if at.tail {
            d.deck.pop_back()
        } else {
            d.deck.pop_front()
        };
        if let Some(card) = next {
            d.discard.push(card);
            self.note(Op::Discard { card });
        }
    }
}
