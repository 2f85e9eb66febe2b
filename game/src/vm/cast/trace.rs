//! A record of what one cast did, operation by operation, written by the
//! interpreter itself while it runs (docs/vm.md#the-cycle-view).
//!
//! The lab's cast view and stepper, and `artificer wand eval`, read casts
//! through this record instead of re-running the rules in a second
//! interpreter: a tool that re-implements the wand rules drifts from them,
//! while a record of the real run cannot. Recording is off in a fight (the
//! machine holds no trace) and never changes what a cast does.

use crate::vm::deck::{Card, DeckState};
use crate::vm::spells::TriggerOn;

/// Why a draw passed a card by.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SkipWhy {
    /// Its mana cost (times the heat) was more than the mana left.
    Mana {
        /// What it would have cost.
        cost: f32,
        /// The mana left when it was drawn.
        left: f32,
    },
    /// It has no uses left.
    UsedUp,
}

/// One operation of the interpreter.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Op {
    /// An always-cast chip played, free and without a draw.
    AlwaysCast {
        /// The chip.
        card: Card,
    },
    /// A draw took `card` into the hand and paid for it.
    Draw {
        /// The chip.
        card: Card,
        /// Trigger depth of the draw (0: the cast itself).
        depth: u8,
        /// Mana paid.
        cost: f32,
    },
    /// A draw passed `card` by, to the discard.
    Skip {
        /// The chip.
        card: Card,
        /// Why.
        why: SkipWhy,
    },
    /// A chip's draw found the deck empty and moved the discard under it.
    Wrap,
    /// A drawn card is evaluated (one op).
    Eval {
        /// The chip.
        card: Card,
        /// Trigger depth.
        depth: u8,
    },
    /// A gate (IF, counter) decided: open draws the next card, shut discards it.
    Gate {
        /// The gate's chip.
        card: Card,
        /// Whether the next card runs.
        open: bool,
    },
    /// A shut gate moved the next card to the discard unfired.
    Discard {
        /// The card passed over.
        card: Card,
    },
    /// A LOOP starts pass `pass` of `of` over its body.
    LoopPass {
        /// The LOOP chip.
        card: Card,
        /// This pass, from 1.
        pass: u32,
        /// Passes in all.
        of: u32,
    },
    /// A register chip changed a register or tested one.
    Register {
        /// The chip.
        card: Card,
        /// The test said END: the cast stops here.
        end: bool,
    },
    /// A trigger fired its carrier and opens its payload: the draws that
    /// follow, until the matching [`Op::PayloadClose`], are the payload.
    PayloadOpen {
        /// The trigger chip.
        card: Card,
        /// When the payload is cast.
        on: TriggerOn,
        /// A timer's or a turret's interval, s.
        interval: f32,
    },
    /// The payload opened last is closed: what it will cast.
    PayloadClose {
        /// Spawns directly in it (nested payloads not counted).
        spawns: u32,
        /// Their damage added up.
        damage: f32,
    },
    /// The op budget ran out: the cast stops here.
    OutOfOps,
}

/// The machine as the stepper's watch pane shows it after an operation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Watch {
    /// Cards still to draw, top first.
    pub deck: Vec<Card>,
    /// Cards drawn this cast.
    pub hand: Vec<Card>,
    /// Cards played or passed by.
    pub discard: Vec<Card>,
    /// Registers A and B.
    pub registers: [f32; 2],
    /// Mana left.
    pub mana: f32,
}

/// One recorded operation, with the ops used so far and, when asked for,
/// the machine after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Traced {
    /// What happened.
    pub op: Op,
    /// Ops used so far in the cast.
    pub ops: u32,
    /// The machine after it (only when the trace was asked to watch).
    pub watch: Option<Watch>,
}

/// The record of one cast.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Trace {
    /// Operations in the order they happened.
    pub ops: Vec<Traced>,
    /// Also record the machine after every operation (the stepper wants it;
    /// the cycle view and `wand eval` do not).
    pub watch: bool,
}

impl Trace {
    /// An empty record; `watch` also keeps the machine after each operation.
    pub fn new(watch: bool) -> Self {
        Self {
            ops: Vec::new(),
            watch,
        }
    }

    /// True when some draw passed a card by for want of mana.
    pub fn short_of_mana(&self) -> bool {
        self.ops.iter().any(|t| {
            matches!(
                t.op,
                Op::Skip {
                    why: SkipWhy::Mana { .. },
                    ..
                }
            )
        })
    }

    pub(super) fn push(&mut self, op: Op, ops: u32, deck: &DeckState, mana: f32, registers: [f32; 2]) {
        let watch = self.watch.then(|| Watch {
            deck: deck.deck.iter().copied().collect(),
            hand: deck.hand.clone(),
            discard: deck.discard.clone(),
            registers,
            mana,
        });
        self.ops.push(Traced { op, ops, watch });
    }
}
