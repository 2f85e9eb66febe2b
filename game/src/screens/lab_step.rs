//! The lab's stepper (docs/screens.md#the-lab): Step, Back and Run walk one
//! cycle of the VM one operation at a time, and a watch pane shows the
//! machine after each: deck, hand and discard, the card being evaluated,
//! registers A and B, each gate's result, each LOOP's pass, the trigger
//! depth and the ops used of the maximum. It replays the interpreter's own
//! trace (`vm::cast::trace`), recorded while the real cast ran: stepping
//! back and forth never runs a rule again.

use super::theme;
use crate::catalog::Catalog;
use crate::vm::cast::trace::{Op, SkipWhy, Traced};
use crate::vm::cycle::CycleView;
use crate::vm::deck::Card;

/// Seconds between operations while Run plays.
const RUN_STEP_S: f64 = 0.35;

/// A stepper button a gamepad pressed (docs/screens.md#the-lab): LB is
/// Back, RB is Step, Y is Run (nothing else in the lab uses them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKey {
    /// One operation back (LB).
    Back,
    /// One operation on (RB).
    Step,
    /// Run or pause (Y).
    Run,
}

/// Where the stepper stands.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stepper {
    /// The cast and the operation shown; `None` before the first Step.
    pub at: Option<(usize, usize)>,
    /// Run is playing.
    pub running: bool,
    /// When Run last moved, s of the interface's clock.
    last: f64,
    /// The pad's stepper buttons pressed since the last frame: the window
    /// hands them over while the lab is open, and the next frame acts on them.
    pub pressed: Vec<StepKey>,
}

impl Stepper {
    /// One operation on, into the next cast at a cast's end (stays at the last).
    pub fn step(&mut self, view: &CycleView) {
        self.at = match self.at {
            None => first(view),
            Some((c, o)) => {
                let len = view.casts.get(c).map_or(0, |k| k.trace.ops.len());
                if o + 1 < len {
                    Some((c, o + 1))
                } else {
                    (c + 1..view.casts.len())
                        .find(|n| !view.casts[*n].trace.ops.is_empty())
                        .map_or(Some((c, o)), |n| Some((n, 0)))
                }
            }
        };
    }

    /// One operation back, into the previous cast at a cast's start.
    pub fn back(&mut self, view: &CycleView) {
        self.at = match self.at {
            None | Some((0, 0)) => self.at,
            Some((c, 0)) => (0..c)
                .rev()
                .find(|n| !view.casts[*n].trace.ops.is_empty())
                .map_or(Some((c, 0)), |n| Some((n, view.casts[n].trace.ops.len() - 1))),
            Some((c, o)) => Some((c, o - 1)),
        };
    }

    /// True at the cycle's last operation.
    fn at_end(&self, view: &CycleView) -> bool {
        let mut probe = self.clone();
        probe.step(view);
        probe.at == self.at
    }

    /// The operation shown.
    pub fn current<'v>(&self, view: &'v CycleView) -> Option<&'v Traced> {
        let (c, o) = self.at?;
        view.casts.get(c)?.trace.ops.get(o)
    }
}

/// The card an operation is about, if any (the cast view rings it).
pub fn card_of(op: &Op) -> Option<Card> {
    match *op {
        Op::AlwaysCast { card }
        | Op::Draw { card, .. }
        | Op::Skip { card, .. }
        | Op::Eval { card, .. }
        | Op::Gate { card, .. }
        | Op::Discard { card }
        | Op::LoopPass { card, .. }
        | Op::Register { card, .. }
        | Op::PayloadOpen { card, .. } => Some(card),
        Op::Wrap | Op::PayloadClose { .. } | Op::OutOfOps => None,
    }
}

fn first(view: &CycleView) -> Option<(usize, usize)> {
    view.casts
        .iter()
        .position(|k| !k.trace.ops.is_empty())
        .map(|c| (c, 0))
}

/// The buttons and, once stepping, the watch pane. Keys: `.` steps, `,`
/// goes back, `R` runs or pauses (unless a text field has the keyboard); on
/// a gamepad RB steps, LB goes back and Y runs or pauses (the buttons name
/// both), and the d-pad reaches the buttons and A presses them.
pub fn show(
    ui: &mut egui::Ui,
    cat: &Catalog,
    view: &CycleView,
    st: &mut Stepper,
    slot_of: &dyn Fn(&Card) -> Option<usize>,
) {
    let free = ui.memory(|m| m.focused().is_none());
    let pad = std::mem::take(&mut st.pressed);
    let (k_step, k_back, k_run) = ui.input(|i| {
        (
            free && i.key_pressed(egui::Key::Period) || pad.contains(&StepKey::Step),
            free && i.key_pressed(egui::Key::Comma) || pad.contains(&StepKey::Back),
            free && i.key_pressed(egui::Key::R) || pad.contains(&StepKey::Run),
        )
    });
    ui.horizontal_wrapped(|ui| {
        ui.strong("Step through the cycle");
        if ui.button("Back (, or LB)").clicked() || k_back {
            st.running = false;
            st.back(view);
        }
        if ui.button("Step (. or RB)").clicked() || k_step {
            st.running = false;
            st.step(view);
        }
        let run = if st.running {
            "Pause (R or Y)"
        } else {
            "Run (R or Y)"
        };
        if ui.button(run).clicked() || k_run {
            st.running = !st.running;
            if st.at.is_none() {
                st.step(view);
            }
        }
        if st.at.is_some() && ui.button("Reset").clicked() {
            *st = Stepper::default();
        }
    });
    if st.running {
        let now = ui.input(|i| i.time);
        if now - st.last >= RUN_STEP_S {
            st.last = now;
            if st.at_end(view) {
                st.running = false;
            } else {
                st.step(view);
            }
        }
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(RUN_STEP_S));
    }
    if let Some((c, o)) = st.at
        && let Some(cast) = view.casts.get(c)
    {
        watch(
            ui,
            cat,
            c,
            &cast.trace.ops[..=o.min(cast.trace.ops.len() - 1)],
            cast.ops.1,
            slot_of,
        );
    }
}

/// The watch pane after `done.last()`.
fn watch(
    ui: &mut egui::Ui,
    cat: &Catalog,
    cast: usize,
    done: &[Traced],
    max_ops: u32,
    slot_of: &dyn Fn(&Card) -> Option<usize>,
) {
    let Some(now) = done.last() else {
        return;
    };
    let name = |c: &Card| {
        let s = &cat.spells.get(c.spell).name;
        slot_of(c).map_or_else(
            || format!("{s} (always cast)"),
            |n| format!("{s} (slot {})", n + 1),
        )
    };
    let zone = |cards: &[Card]| {
        if cards.is_empty() {
            "(empty)".to_string()
        } else {
            cards
                .iter()
                .map(|c| slot_of(c).map_or("*".to_string(), |n| (n + 1).to_string()))
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    let depth = done.iter().fold(0_i32, |d, t| match t.op {
        Op::PayloadOpen { .. } => d + 1,
        Op::PayloadClose { .. } => d - 1,
        _ => d,
    });
    egui::Frame::NONE
        .fill(theme::CARD)
        .stroke(egui::Stroke::new(1.0, theme::EDGE))
        .corner_radius(6.0)
        .inner_margin(egui::Margin::same(8))
        .show(ui, |ui| {
            ui.label(
                egui::RichText::new(format!(
                    "Cast {} · operation {}: {}",
                    cast + 1,
                    done.len(),
                    say(&now.op, &name)
                ))
                .color(theme::TEXT_STRONG),
            );
            egui::Grid::new("lab watch")
                .num_columns(2)
                .spacing([12.0, 3.0])
                .show(ui, |ui| {
                    if let Some(w) = &now.watch {
                        ui.weak("deck (slots)");
                        ui.label(zone(&w.deck));
                        ui.end_row();
                        ui.weak("hand");
                        ui.label(zone(&w.hand));
                        ui.end_row();
                        ui.weak("discard");
                        ui.label(zone(&w.discard));
                        ui.end_row();
                        ui.weak("registers");
                        ui.label(format!("A = {} · B = {}", w.registers[0], w.registers[1]));
                        ui.end_row();
                    }
                    // The cycle view casts with all the mana a cast asks for,
                    // so the pane counts what was paid, not what is left.
                    let paid: f32 = done
                        .iter()
                        .map(|t| {
                            if let Op::Draw { cost, .. } = t.op {
                                cost
                            } else {
                                0.0
                            }
                        })
                        .sum();
                    ui.weak("mana paid");
                    ui.label(format!("{:.0}", paid.max(0.0)));
                    ui.end_row();
                    ui.weak("trigger depth");
                    ui.label(depth.to_string());
                    ui.end_row();
                    ui.weak("ops");
                    ui.label(format!("{} / {max_ops}", now.ops));
                    ui.end_row();
                    for line in gates_and_loops(done, &name) {
                        ui.weak(line.0);
                        ui.label(line.1);
                        ui.end_row();
                    }
                });
        });
}

/// Each gate's last result and each LOOP's pass so far in the cast.
fn gates_and_loops(done: &[Traced], name: &dyn Fn(&Card) -> String) -> Vec<(&'static str, String)> {
    let mut out: Vec<(u16, &'static str, String)> = Vec::new();
    for t in done {
        let (card, kind, text) = match t.op {
            Op::Gate { card, open } => (
                card,
                "gate",
                format!("{}: {}", name(&card), if open { "open" } else { "shut" }),
            ),
            Op::LoopPass { card, pass, of } => {
                (card, "loop", format!("{}: pass {pass} of {of}", name(&card)))
            }
            _ => continue,
        };
        match out.iter_mut().find(|o| o.0 == card.index && o.1 == kind) {
            Some(o) => o.2 = text,
            None => out.push((card.index, kind, text)),
        }
    }
    out.into_iter().map(|o| (o.1, o.2)).collect()
}

/// One operation in words.
fn say(op: &Op, name: &dyn Fn(&Card) -> String) -> String {
    match *op {
        Op::AlwaysCast { card } => format!("{} plays, free", name(&card)),
        Op::Draw { card, cost, .. } => format!("draws {} and pays {cost:.0} mana", name(&card)),
        Op::Skip { card, why } => match why {
            SkipWhy::Mana { cost, left } => {
                format!(
                    "passes {} by: it costs {cost:.0} mana, {left:.0} left",
                    name(&card)
                )
            }
            SkipWhy::UsedUp => format!("passes {} by: no uses left", name(&card)),
        },
        Op::Wrap => "the deck is empty: the discard goes under it (a wrap)".to_string(),
        Op::Eval { card, .. } => format!("evaluates {}", name(&card)),
        Op::Gate { card, open } => format!(
            "{} {}",
            name(&card),
            if open {
                "is open: the next chip runs"
            } else {
                "is shut: the next chip is discarded"
            }
        ),
        Op::Discard { card } => format!("discards {} unfired", name(&card)),
        Op::LoopPass { card, pass, of } => format!("{} starts pass {pass} of {of}", name(&card)),
        Op::Register { card, end } => {
            if end {
                format!("{} ends the cast", name(&card))
            } else {
                format!("{} runs", name(&card))
            }
        }
        Op::PayloadOpen { card, on, .. } => format!(
            "{} fires its carrier; the payload follows, cast {}",
            name(&card),
            super::lab_cycle::when(on)
        ),
        Op::PayloadClose { spawns, damage } => {
            format!("the payload closes: {spawns} shot(s), {damage:.1} damage")
        }
        Op::OutOfOps => "out of ops: the cast stops here".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{StepKey, Stepper, show};
    use crate::catalog::Catalog;
    use crate::vm::caster::CasterStats;
    use crate::vm::cycle::{bench_context, cycle};

    /// The pad's stepper buttons, handed over by the window, walk the cycle
    /// as the keys do: RB steps, LB goes back, Y runs; each press acts once.
    #[test]
    fn pad_buttons_step_back_and_run() {
        let cat = Catalog::load(&crate::data::default_root()).expect("data loads");
        let core = cat.cores.iter().find(|c| c.id == "starter_core").expect("a core");
        let deck = ["spark_bolt", "spark_bolt"];
        let state = crate::vm::CoreState::new(core, &deck, &cat.spells, &cat.recipes, &cat.balance.vm, 1)
            .expect("the deck slots");
        let view = cycle(
            &state,
            &CasterStats::base(),
            &bench_context(&cat.spells, &cat.balance.vm),
            true,
        );
        let ctx = egui::Context::default();
        let mut st = Stepper::default();
        let press = |st: &mut Stepper, k: &[StepKey]| {
            st.pressed = k.to_vec();
            let mut out = ctx.run_pass(egui::RawInput::default(), |ctx| {
                ctx.root_ui(|root| {
                    egui::CentralPanel::default()
                        .show(root, |ui| show(ui, &cat, &view, st, &|c| view.slot_of(c)));
                });
            });
            out.textures_delta.clear();
            assert!(st.pressed.is_empty(), "a press acts once");
        };
        press(&mut st, &[StepKey::Step]);
        assert_eq!(st.at, Some((0, 0)), "RB takes the first step");
        press(&mut st, &[StepKey::Step]);
        assert_eq!(st.at, Some((0, 1)));
        press(&mut st, &[StepKey::Back]);
        assert_eq!(st.at, Some((0, 0)), "LB goes back");
        press(&mut st, &[StepKey::Run]);
        assert!(st.running, "Y runs");
        press(&mut st, &[]);
        assert_eq!(st.at, Some((0, 0)), "no press, no step before Run's beat");
    }
}
