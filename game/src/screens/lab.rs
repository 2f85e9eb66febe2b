//! The lab: the carried cards (waiting area) on the left, the active core's
//! board on the right; cards are dragged between them and reordered. Shows
//! the core's mana, cast delay and recharge, and a VM preview of one cycle.
//! A deck that cannot fire blocks the fight with the seed's warning.

use crate::shop::loadout::CarriedCore;
use crate::vm::cores::Dir;
use crate::vm::{CoreDef, DeckError, SpellKind};
use crate::world::{Carry, World};

/// Board columns of a core without a 2D board (its slots in rows), at most.
const BOARD_COLUMNS: usize = 6;
/// A board slot's width (points): a chip's name wraps inside it.
const SLOT_W: f32 = 150.0;

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
}

/// Draws the lab; returns [`LabAction::Fight`] when the player enters a fight with a deck that can fire.
#[expect(clippy::too_many_lines, reason = "an egui screen laid out top to bottom")]
pub fn show(ctx: &egui::Context, world: &World, carry: &Carry, state: &mut LabState) -> Option<LabAction> {
    let mut action = None;
    let cat = world.catalog().clone();
    let waiting_max = cat.run.shop.waiting_area;
    let mut moved: Option<(Spot, Spot)> = None;
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
                    if let Some(from) = drop_target(ui, spot, |ui| {
                        ui.dnd_drag_source(egui::Id::unique(("wait", i)), spot, |ui| {
                            chip(ui, world, &card.id, false)
                        });
                    }) {
                        moved = Some((from, spot));
                    }
                }
                if let Some(from) = drop_target(ui, Spot::Waiting(waiting.len()), |ui| {
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
            ui.strong("Board (drag to reorder; the order is the program)");
            if let Some(from) = board_ui(ui, world, carry, core.as_ref(), &active) {
                moved = Some(from);
            }
            if let Some(from) = entries_ui(ui, world, carry, &active) {
                moved = Some(from);
            }
            ui.separator();
            ui.strong("One cycle, as the VM fires it");
            match &result {
                Ok(p) => {
                    ui.label(format!(
                        "mana {:.1} · then cast delay {:.2} s{} · ops {} / {}",
                        p.mana,
                        p.cast_delay,
                        p.recharge
                            .map_or(String::new(), |r| format!(" · recharge {r:.2} s")),
                        p.ops.0,
                        p.ops.1
                    ));
                    if p.fired.is_empty() {
                        ui.weak("(fires nothing this cast)");
                    }
                    for line in &p.fired {
                        ui.monospace(line);
                    }
                }
                Err(e) => {
                    ui.colored_label(egui::Color32::from_rgb(255, 110, 90), warning_text(e));
                }
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

/// Grid position of each slot: the core's 2D board, or rows of
/// [`BOARD_COLUMNS`] for a core without one.
pub fn slot_positions(core: Option<&CoreDef>, capacity: usize) -> Vec<[i32; 2]> {
    slot_positions_in(core, capacity, BOARD_COLUMNS)
}

/// [`slot_positions`] with rows of `columns` for a core without a board.
pub fn slot_positions_in(core: Option<&CoreDef>, capacity: usize, columns: usize) -> Vec<[i32; 2]> {
    let columns = columns.max(1);
    (0..capacity)
        .map(|i| {
            core.and_then(|c| c.board.as_ref())
                .and_then(|b| b.slots.get(i).copied())
                .unwrap_or([(i % columns) as i32, (i / columns) as i32])
        })
        .collect()
}

/// Marker of a boost pointing `dir` with `factor`, e.g. `x2 ->`.
pub fn boost_marker(dir: Dir, factor: f32) -> String {
    let arrow = match dir {
        Dir::Right => "->",
        Dir::Left => "<-",
        Dir::Up => "^",
        Dir::Down => "v",
    };
    format!("x{factor} {arrow}")
}

/// Draws the active core's slots at their board positions with boost and
/// splitter markers; returns a card move dropped on a slot.
fn board_ui(
    ui: &mut egui::Ui,
    world: &World,
    carry: &Carry,
    core: Option<&CoreDef>,
    active: &CarriedCore,
) -> Option<(Spot, Spot)> {
    let cat = world.catalog();
    let capacity = carry.loadout.capacity_of(active).max(active.deck.len());
    // A core without a 2D board lays its slots in as many columns as the
    // width holds (at most BOARD_COLUMNS), so no slot hides off the edge.
    let columns = ((ui.available_width() + 6.0) / (SLOT_W + 6.0)).floor().max(1.0) as usize;
    let pos = slot_positions_in(core, capacity, columns.min(BOARD_COLUMNS));
    let mut boosts = core.map_or_else(|| vec![1.0; capacity], crate::vm::topology::slot_boosts);
    boosts.resize(capacity, 1.0);
    let (x0, y0) = pos
        .iter()
        .fold((i32::MAX, i32::MAX), |(x, y), p| (x.min(p[0]), y.min(p[1])));
    let (x1, y1) = pos
        .iter()
        .fold((i32::MIN, i32::MIN), |(x, y), p| (x.max(p[0]), y.max(p[1])));
    let mut moved = None;
    egui::Grid::new("board").spacing([6.0, 6.0]).show(ui, |ui| {
        for y in y0..=y1 {
            for x in x0..=x1 {
                let Some(slot) = pos.iter().position(|p| *p == [x, y]) else {
                    ui.allocate_space(egui::vec2(SLOT_W, 60.0));
                    continue;
                };
                let spot = Spot::Slot(slot);
                let card = active.deck.get(slot);
                if let Some(from) = drop_target(ui, spot, |ui| {
                    ui.set_min_size(egui::vec2(SLOT_W, 60.0));
                    ui.set_max_width(SLOT_W);
                    ui.vertical(|ui| {
                        match card {
                            Some(c) => {
                                ui.dnd_drag_source(egui::Id::unique(("slot", slot)), spot, |ui| {
                                    chip(ui, world, &c.id, true)
                                });
                            }
                            None => {
                                ui.weak(format!("slot {}", slot + 1));
                            }
                        }
                        ui.horizontal(|ui| {
                            let gold = egui::Color32::from_rgb(255, 210, 60);
                            for b in core.and_then(|c| c.board.as_ref()).map_or(&[][..], |b| &b.boosts[..]) {
                                if b.at == [x, y] {
                                    ui.colored_label(gold, boost_marker(b.dir, b.factor))
                                        .on_hover_text("boosts the chip in that neighbouring slot");
                                }
                            }
                            if boosts.get(slot).is_some_and(|f| *f != 1.0) {
                                ui.colored_label(gold, format!("boosted x{}", boosts[slot]))
                                    .on_hover_text("this slot's chip has a multiplied effect");
                            }
                            if let Some(c) = card
                                && let Some(i) = cat.spells.find(&c.id)
                                && cat.spells.get(i).kind == SpellKind::Splitter
                            {
                                let n = cat.spells.get(i).draw.unwrap_or(2);
                                ui.colored_label(egui::Color32::from_rgb(150, 220, 150), format!("split {n} ->"))
                                    .on_hover_text(format!(
                                        "the next {n} chips are branches: the first keeps the incoming modifiers, the others start clean"
                                    ));
                            }
                        });
                    });
                }) {
                    moved = Some((from, spot));
                }
            }
            ui.end_row();
        }
    });
    moved
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
                if let Some(from) = drop_target(ui, spot, |ui| {
                    ui.set_min_size(egui::vec2(150.0, 40.0));
                    match card {
                        Some(c) => {
                            ui.dnd_drag_source(egui::Id::unique(("entry", e.on as u8, slot)), spot, |ui| {
                                chip(ui, world, &c.id, true)
                            });
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

/// A chip's name, and its kind and mana ("Modifier · 15 mana").
fn spell_name(world: &World, id: &str) -> (String, Option<String>) {
    let cat = world.catalog();
    cat.spells.find(id).map_or((id.to_string(), None), |i| {
        let s = cat.spells.get(i);
        (
            s.name.clone(),
            Some(format!(
                "{} · {:.0} mana",
                super::names::kind_name(s.kind),
                s.mana
            )),
        )
    })
}

/// A chip on the board or in the waiting area: its name, kind and mana,
/// and its numbers on hover.
fn chip(ui: &mut egui::Ui, world: &World, id: &str, slotted: bool) {
    let (name, detail) = spell_name(world, id);
    let tip = super::names::spell_tip(world.catalog(), id, None);
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
                    ui.label(egui::RichText::new(name).color(egui::Color32::WHITE))
                        .on_hover_text(tip);
                    if let Some(detail) = detail {
                        ui.label(egui::RichText::new(detail).small().weak());
                    }
                });
            });
        });
}

/// A drop zone around `add`; returns the spot of a card dropped on it.
fn drop_target(ui: &mut egui::Ui, _spot: Spot, add: impl FnOnce(&mut egui::Ui)) -> Option<Spot> {
    let frame = egui::Frame::NONE
        .stroke(egui::Stroke::new(1.0, egui::Color32::from_gray(70)))
        .corner_radius(4.0)
        .inner_margin(egui::Margin::same(2));
    let (_, dropped) = ui.dnd_drop_zone::<Spot, ()>(frame, add);
    dropped.map(|s| *s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::lab_preview::tests::world;

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
