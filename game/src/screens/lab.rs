//! The lab: the carried cards (waiting area) on the left, the active core's
//! board in the middle; cards are dragged between them and reordered, and a
//! card dropped anywhere off the board goes back to the waiting area. Under
//! the board, the whole cycle as the VM casts it (`lab_cycle`) and a stepper
//! that walks it one operation at a time (`lab_step`). A deck that cannot
//! fire blocks the fight with the seed's warning.

use crate::shop::loadout::CarriedCore;
use crate::vm::DeckError;
use crate::vm::cycle::CycleView;
use crate::world::{Carry, World};

pub use super::lab_board::{BOARD_COLUMNS, boost_marker, slot_positions, slot_positions_in};
use super::lab_board::{board_ui, drop_target, dropped_off_board, spell_name};
pub use super::lab_preview::{Preview, preview};
pub use crate::shop::loadout::Spot;

/// What the player asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabAction {
    /// Enter the next wave (only returned when the deck can fire).
    Fight,
    /// Open the test range (only returned when the deck can fire).
    Test,
    /// A card was dragged (the run flow moves it: `Command::MoveCard`).
    Move(Spot, Spot),
}

/// Lab state kept between frames.
#[derive(Debug, Clone, Default)]
pub struct LabState {
    /// The no-action warning is open.
    pub warning: Option<String>,
    /// The build code panel (docs/share.md#build-codes).
    pub code: super::lab_code::LabCode,
    /// The cycle of the deck on the board, and what it was computed for:
    /// a cycle casts a minute of upkeep, so it is not redone every frame.
    cycle: Option<(String, Result<CycleView, DeckError>)>,
    /// The stepper over that cycle.
    pub stepper: super::lab_step::Stepper,
    /// The examples panel (docs/screens.md#the-lab).
    pub examples: super::lab_lessons::Examples,
    /// The lesson this run is (docs/game.md#lessons), set by the window: the
    /// lab opens on its example.
    pub lesson: Option<u8>,
}

impl LabState {
    /// The cycle of the board's deck, recomputed only when the deck, the
    /// core or the player's numbers change (and the stepper restarts).
    pub fn cycle(&mut self, world: &World, carry: &Carry) -> &Result<CycleView, DeckError> {
        let active = carry.loadout.active();
        let key = format!(
            "{}|{:?}|{}|{:?}|{}",
            active.id,
            active.deck.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(),
            carry.loadout.capacity_of(active),
            crate::vm::CasterStats::from_sheet(world.player.stats(), world.player.hp_max()),
            world.seed()
        );
        if self.cycle.as_ref().is_none_or(|c| c.0 != key) {
            self.stepper = super::lab_step::Stepper::default();
            self.cycle = Some((key, super::lab_preview::cycle_of(world, carry)));
        }
        &self
            .cycle
            .get_or_insert_with(|| (String::new(), Err(DeckError::NoAction)))
            .1
    }
}

/// Draws the lab; returns [`LabAction::Fight`] when the player enters a fight with a deck that can fire.
#[expect(clippy::too_many_lines, reason = "an egui screen laid out top to bottom")]
pub fn show(ctx: &egui::Context, world: &World, carry: &Carry, state: &mut LabState) -> Option<LabAction> {
    let mut action = None;
    let cat = world.catalog().clone();
    let waiting_max = cat.run.shop.waiting_area;
    let mut moved: Option<(Spot, Spot)> = None;
    let mut board_rect = egui::Rect::NOTHING;
    let result = preview(world, carry);
    ctx.root_ui(|root| {
        egui::Panel::left("lab cards")
            .default_size(260.0)
            .show(root, |ui| {
                ui.heading("Carried cards");
                ui.weak(format!(
                    "waiting area {} / {waiting_max} — drag onto the board",
                    carry.loadout.waiting.len()
                ));
                ui.separator();
                let waiting = carry.loadout.waiting.clone();
                for (i, card) in waiting.iter().enumerate() {
                    let spot = Spot::Waiting(i);
                    let tip = super::names::spell_tip(cat.as_ref(), &card.id, None);
                    if let (Some(from), _) = drop_target(ui, spot, |ui| {
                        ui.dnd_drag_source(egui::Id::unique(("wait", i)), spot, |ui| {
                            chip(ui, world, &card.id, false)
                        })
                        .response
                        .on_hover_text(tip);
                    }) {
                        moved = Some((from, spot));
                    }
                }
                if let (Some(from), _) = drop_target(ui, Spot::Waiting(waiting.len()), |ui| {
                    ui.weak("(drop here to unslot)");
                }) {
                    moved = Some((from, Spot::Waiting(waiting.len())));
                }
                ui.separator();
                super::lab_measure::show(ui, world, carry);
            });
        egui::CentralPanel::default().show(root, |ui| {
          // Whatever is longer or wider than the window scrolls
          // (docs/screens.md#every-screen-fits).
          egui::ScrollArea::vertical()
            .id_salt("lab board")
            .auto_shrink([false, false])
            .show(ui, |ui| {
            let active = carry.loadout.active().clone();
            let core = cat.cores.find(&active.id).map(|i| cat.cores.get(i).clone());
            ui.horizontal(|ui| {
                ui.heading(format!(
                    "Core: {}",
                    core.as_ref().map_or(active.id.as_str(), |c| c.name.as_str())
                ));
                ui.separator();
                // Enter fights too, unless a widget has the keyboard focus.
                let enter =
                    ui.input(|i| i.key_pressed(egui::Key::Enter)) && ui.memory(|m| m.focused().is_none());
                if ui
                    .button(egui::RichText::new(format!("Fight wave {} >> (Enter)", world.wave + 1)).strong())
                    .clicked()
                    || enter
                {
                    match &result {
                        Ok(_) => action = Some(LabAction::Fight),
                        Err(e) => state.warning = Some(warning_text(e)),
                    }
                }
                if ui.button("Test (range with dummies)").clicked() {
                    match &result {
                        Ok(_) => action = Some(LabAction::Test),
                        Err(e) => state.warning = Some(warning_text(e)),
                    }
                }
            });
            if let Some(c) = &core {
                // The slots the board really has: the core's own plus the
                // CPU's and capacity bonuses (what the board below shows).
                let slots = carry.loadout.capacity_of(&active);
                let extra = slots.saturating_sub(c.capacity as usize);
                let bonus = if extra > 0 {
                    format!(" ({} + {extra} from bonuses)", c.capacity)
                } else {
                    String::new()
                };
                ui.label(format!(
                    "mana {:.0} (+{:.0}/s) · cast delay {:.2} s · recharge {:.2} s · {slots} slots{bonus} · {} per cast",
                    c.mana_max, c.mana_regen, c.cast_delay, c.recharge, c.spells_per_cast
                ));
            }
            ui.separator();
            ui.strong("Board (drag a card to reorder; the order is the program; drop it off the board to unslot)");
            let cycle = state.cycle(world, carry).clone();
            let notes = cycle
                .as_ref()
                .ok()
                .map(|v| super::lab_cycle::card_notes(v, active.deck.len()));
            let (from, rect) = board_ui(ui, world, carry, core.as_ref(), &active, notes.as_deref());
            board_rect = rect;
            if from.is_some() {
                moved = from;
            }
            if let Some(from) = entries_ui(ui, world, carry, &active) {
                moved = Some(from);
            }
            ui.separator();
            state.examples.open_lesson(state.lesson);
            super::lab_lessons::show(ui, cat.as_ref(), &mut state.examples);
            ui.separator();
            match &cycle {
                Ok(view) => {
                    let focus = state
                        .stepper
                        .current(view)
                        .and_then(|t| super::lab_step::card_of(&t.op))
                        .and_then(|c| view.slot_of(&c))
                        .zip(state.stepper.at.map(|a| a.0))
                        .map(|(slot, cast)| (cast, slot));
                    super::lab_cycle::show(ui, cat.as_ref(), view, focus);
                    ui.separator();
                    super::lab_step::show(ui, cat.as_ref(), view, &mut state.stepper, &|c| view.slot_of(c));
                }
                Err(e) => {
                    ui.colored_label(egui::Color32::from_rgb(255, 110, 90), warning_text(e));
                }
            }
            if let Ok(p) = &result {
                egui::CollapsingHeader::new("Shots of the first cast")
                    .id_salt("lab first cast")
                    .show(ui, |ui| {
                        if p.fired.is_empty() {
                            ui.weak("(fires nothing this cast)");
                        }
                        for line in &p.fired {
                            ui.monospace(line);
                        }
                    });
            }
            let ops = result.as_ref().ok().map(|p| p.ops);
            if let Some((used, max)) = ops {
                // The CPU's share of one cast: red above 80 % (docs/game.md#tips).
                let share = used as f32 / max.max(1) as f32;
                let mut bar = egui::ProgressBar::new(share.min(1.0))
                    .desired_width(260.0)
                    .text(format!("CPU {used} / {max}"));
                if share > super::tips::OPS_RED {
                    bar = bar.fill(egui::Color32::from_rgb(200, 60, 50));
                }
                ui.add(bar);
            }
            let cycle = result
                .as_ref()
                .ok()
                .map(|p| p.cast_delay + p.recharge.unwrap_or(0.0));
            for tip in super::tips::lab_tips(world, carry, ops, cycle) {
                let colour = match tip.tone {
                    super::tips::Tone::Hint => egui::Color32::from_rgb(150, 200, 255),
                    super::tips::Tone::Warning => egui::Color32::from_rgb(255, 160, 60),
                };
                ui.colored_label(colour, tip.text);
            }
            if super::lab_code::show(ui, world, carry, &mut state.code) {
                action = Some(LabAction::Test);
            }
            });
        });
    });
    if moved.is_none() {
        moved = dropped_off_board(ctx, board_rect, carry);
    }
    if let Some((from, to)) = moved {
        action = Some(LabAction::Move(from, to));
    }
    if let Some(text) = state.warning.clone() {
        let mut close = false;
        egui::Modal::new(egui::Id::unique("no action warning")).show(ctx, |ui| {
            ui.heading("The core cannot fire!");
            ui.label(text);
            if ui.button("OK").clicked() {
                close = true;
            }
        });
        if close {
            state.warning = None;
        }
    }
    action
}

/// The core's extra entries (Sentinel: on hit, Reaper: on kill), each a row
/// of slots the player drags cards into like the board.
fn entries_ui(ui: &mut egui::Ui, world: &World, carry: &Carry, active: &CarriedCore) -> Option<(Spot, Spot)> {
    let mut moved = None;
    let stored = &carry.loadout.stored;
    for e in active
        .entries
        .iter()
        .chain((stored.capacity > 0).then_some(stored))
    {
        let (title, why) = match e.on {
            crate::shop::loadout::EntryOn::Hit => ("On hit", "cast when you are hit"),
            crate::shop::loadout::EntryOn::Kill => ("On kill", "cast when you kill"),
            crate::shop::loadout::EntryOn::Dash => ("On dash", "cast where you dash (Space)"),
            crate::shop::loadout::EntryOn::Stored => (
                "Stored (Q)",
                "Store Magic keeps this chip ready: Q casts it, once every 2 s, with any core",
            ),
        };
        ui.separator();
        ui.strong(format!("{title} ({} / {} slots)", e.cards.len(), e.capacity))
            .on_hover_text(why);
        ui.horizontal_wrapped(|ui| {
            for slot in 0..e.capacity {
                let spot = Spot::Entry(e.on, slot);
                let card = e.cards.get(slot);
                if let (Some(from), _) = drop_target(ui, spot, |ui| {
                    ui.set_min_size(egui::vec2(150.0, 40.0));
                    match card {
                        Some(c) => {
                            let tip = super::names::spell_tip(world.catalog(), &c.id, None);
                            ui.dnd_drag_source(egui::Id::unique(("entry", e.on as u8, slot)), spot, |ui| {
                                chip(ui, world, &c.id, true)
                            })
                            .response
                            .on_hover_text(tip);
                        }
                        None => {
                            ui.weak(format!("{title} {}", slot + 1));
                        }
                    }
                }) {
                    moved = Some((from, spot));
                }
            }
        });
    }
    moved
}

fn warning_text(e: &DeckError) -> String {
    match e {
        DeckError::NoAction => "法术塔无法开火！需要至少一个行动类法术。 — The spell tower cannot fire: it needs at least one action chip.".into(),
        other => other.to_string(),
    }
}

/// A chip in the waiting area or an entry: its icon, name, kind and mana;
/// its numbers on hover anywhere on it, and it drags from anywhere on it
/// (no text on it can be selected).
fn chip(ui: &mut egui::Ui, world: &World, id: &str, slotted: bool) {
    let (name, detail) = spell_name(world, id);
    let fill = if slotted {
        egui::Color32::from_rgb(40, 60, 90)
    } else {
        egui::Color32::from_rgb(55, 50, 40)
    };
    egui::Frame::NONE
        .fill(fill)
        .corner_radius(4.0)
        .inner_margin(egui::Margin::same(6))
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                super::icons::chip_icon(ui, world.catalog(), id);
                // Name above, kind and mana below: a card keeps its slot's
                // width (docs/screens.md#every-screen-fits).
                ui.vertical(|ui| {
                    ui.add(
                        egui::Label::new(egui::RichText::new(name).color(egui::Color32::WHITE))
                            .selectable(false),
                    );
                    if let Some(detail) = detail {
                        ui.add(
                            egui::Label::new(egui::RichText::new(detail).small().weak()).selectable(false),
                        );
                    }
                });
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::lab_preview::tests::world;
    use crate::vm::cores::Dir;

    #[test]
    fn cards_move_between_board_and_waiting_area() {
        let (_, mut carry) = world();
        let deck_len = carry.loadout.active().deck.len();
        assert!(deck_len >= 2);
        let first = carry.loadout.active().deck[0].id.clone();
        carry
            .loadout
            .move_card(Spot::Slot(0), Spot::Waiting(0), 5)
            .expect("unslots");
        assert_eq!(carry.loadout.active().deck.len(), deck_len - 1);
        assert_eq!(carry.loadout.waiting[0].id, first);
        carry
            .loadout
            .move_card(Spot::Waiting(0), Spot::Slot(1), 5)
            .expect("slots");
        assert_eq!(carry.loadout.active().deck.len(), deck_len);
        assert_eq!(carry.loadout.active().deck[1].id, first);
        assert!(carry.loadout.waiting.is_empty());
    }

    #[test]
    fn slots_sit_on_the_core_board_or_in_rows() {
        let (w, _) = world();
        let cat = w.catalog();
        let matrix = cat
            .cores
            .get(cat.cores.find("matrix_board").expect("matrix_board"));
        let pos = slot_positions(Some(matrix), 9);
        assert_eq!(pos[4], [1, 1]);
        assert_eq!(pos[8], [2, 2]);
        // The boost at (1, 1) pointing right doubles slot 5, at (2, 1).
        let boosts = crate::vm::topology::slot_boosts(matrix);
        assert_eq!(boosts[5], 2.0);
        assert_eq!(boost_marker(Dir::Right, 2.0), "x2 ->");
        assert_eq!(slot_positions(None, 8)[7], [1, 1]);
    }

    #[test]
    fn an_empty_board_cannot_fight() {
        let (w, mut carry) = world();
        while !carry.loadout.active().deck.is_empty() {
            carry
                .loadout
                .move_card(Spot::Slot(0), Spot::Waiting(0), 99)
                .expect("unslots");
        }
        assert!(matches!(preview(&w, &carry), Err(DeckError::NoAction)));
    }
}
