//! The lab's board: the active core's slots laid out as on its board (or
//! in rows), each chip a card with its icon painted large, links between
//! cells, and what a drag does (a drop on a slot moves the card there, a
//! drop anywhere off the board unslots it). Split from `lab` so the screen's
//! flow and the board's drawing read apart (docs/screens.md#the-lab).

use super::lab_cycle::CardNote;
use crate::shop::loadout::{CarriedCore, Spot};
use crate::vm::cores::Dir;
use crate::vm::{CoreDef, SpellKind};
use crate::world::{Carry, World};

/// Board columns of a core without a 2D board (its slots in rows), at most.
pub const BOARD_COLUMNS: usize = 6;
/// A board slot's width (points): a chip's name wraps inside it.
pub const SLOT_W: f32 = 150.0;
/// A board slot's height (points).
const SLOT_H: f32 = 66.0;
/// The gap between board cells, where the links are drawn (points).
const GAP: f32 = 14.0;

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

/// Draws the active core's slots at their board positions, each chip a card,
/// with links between cells (the program's order, and the board's boosts)
/// and, from the cycle, the casts that draw each chip; returns a card move
/// dropped on a slot and the board's rectangle.
pub fn board_ui(
    ui: &mut egui::Ui,
    world: &World,
    carry: &Carry,
    core: Option<&CoreDef>,
    active: &CarriedCore,
    notes: Option<&[CardNote]>,
) -> (Option<(Spot, Spot)>, egui::Rect) {
    let cat = world.catalog();
    let capacity = carry.loadout.capacity_of(active).max(active.deck.len());
    // A core without a 2D board lays its slots in as many columns as the
    // width holds (at most BOARD_COLUMNS), so no slot hides off the edge.
    let columns = ((ui.available_width() + GAP) / (SLOT_W + 4.0 + GAP))
        .floor()
        .max(1.0) as usize;
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
    let mut cells: Vec<egui::Rect> = vec![egui::Rect::NOTHING; capacity];
    let grid = egui::Grid::new("board").spacing([GAP, GAP]).show(ui, |ui| {
        for y in y0..=y1 {
            for x in x0..=x1 {
                let Some(slot) = pos.iter().position(|p| *p == [x, y]) else {
                    ui.allocate_space(egui::vec2(SLOT_W, SLOT_H));
                    continue;
                };
                let spot = Spot::Slot(slot);
                let card = active.deck.get(slot);
                let (dropped, rect) = drop_target(ui, spot, |ui| {
                    ui.set_min_size(egui::vec2(SLOT_W, SLOT_H));
                    ui.set_max_width(SLOT_W);
                    ui.vertical(|ui| {
                        match card {
                            Some(c) => {
                                let chip_at = |s: usize| {
                                    active
                                        .deck
                                        .get(s)
                                        .map_or_else(String::new, |c| spell_name(world, &c.id).0)
                                };
                                let note = notes
                                    .and_then(|t| t.get(slot))
                                    .map(|n| super::lab_cycle::note_words(cat, n, &chip_at));
                                let tip = super::names::spell_tip(cat, &c.id, None);
                                ui.dnd_drag_source(egui::Id::unique(("slot", slot)), spot, |ui| {
                                    board_card(ui, world, &c.id, note);
                                })
                                .response
                                .on_hover_text(tip);
                            }
                            None => {
                                ui.weak(format!("slot {}", slot + 1));
                            }
                        }
                        ui.horizontal(|ui| {
                            let gold = egui::Color32::from_rgb(255, 210, 60);
                            if boosts.get(slot).is_some_and(|f| *f != 1.0) {
                                ui.colored_label(gold, format!("boosted x{}", boosts[slot]))
                                    .on_hover_text("this slot's chip has a multiplied effect");
                            }
                            if let Some(c) = card
                                && let Some(i) = cat.spells.find(&c.id)
                                && cat.spells.get(i).kind == SpellKind::Splitter
                            {
                                let n = cat.spells.get(i).draw.unwrap_or(2);
                                ui.colored_label(egui::Color32::from_rgb(150, 220, 150), format!("split {n}"))
                                    .on_hover_text(format!(
                                        "the next {n} chips are branches: the first keeps the incoming modifiers, the others start clean"
                                    ));
                            }
                        });
                    });
                });
                if let Some(from) = dropped {
                    moved = Some((from, spot));
                }
                cells[slot] = rect;
            }
            ui.end_row();
        }
    });
    links(ui, core, &pos, &cells, active.deck.len());
    (moved, grid.response.rect)
}

/// Links between board cells, painted in the gaps: a thin cyan arrow from
/// each chip to the next one the program reads when they sit side by side,
/// and a gold arrow with its factor where the board boosts a neighbour.
fn links(ui: &egui::Ui, core: Option<&CoreDef>, pos: &[[i32; 2]], cells: &[egui::Rect], filled: usize) {
    let p = ui.painter();
    let cyan = egui::Stroke::new(1.5, egui::Color32::from_rgb(80, 220, 255).gamma_multiply(0.7));
    for i in 1..filled.min(cells.len()) {
        let (a, b) = (cells[i - 1], cells[i]);
        if !a.is_positive() || !b.is_positive() {
            continue;
        }
        let (pa, pb) = (pos[i - 1], pos[i]);
        if pa[1] == pb[1] && (pa[0] - pb[0]).abs() == 1 {
            let (from, to) = if pb[0] > pa[0] {
                (a.right_center(), b.left_center())
            } else {
                (a.left_center(), b.right_center())
            };
            arrow(p, from, to, cyan);
        } else if pa[0] == pb[0] && (pa[1] - pb[1]).abs() == 1 {
            let (from, to) = if pb[1] > pa[1] {
                (a.center_bottom(), b.center_top())
            } else {
                (a.center_top(), b.center_bottom())
            };
            arrow(p, from, to, cyan);
        }
    }
    let gold = egui::Color32::from_rgb(255, 210, 60);
    for b in core
        .and_then(|c| c.board.as_ref())
        .map_or(&[][..], |b| &b.boosts[..])
    {
        let Some(from) = pos.iter().position(|q| *q == b.at) else {
            continue;
        };
        let (dx, dy) = match b.dir {
            Dir::Right => (1, 0),
            Dir::Left => (-1, 0),
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
        };
        let Some(to) = pos.iter().position(|q| *q == [b.at[0] + dx, b.at[1] + dy]) else {
            continue;
        };
        let (a, c) = (cells[from], cells[to]);
        if !a.is_positive() || !c.is_positive() {
            continue;
        }
        let (s, e) = match b.dir {
            Dir::Right => (a.right_center(), c.left_center()),
            Dir::Left => (a.left_center(), c.right_center()),
            Dir::Up => (a.center_top(), c.center_bottom()),
            Dir::Down => (a.center_bottom(), c.center_top()),
        };
        let offset = if dy == 0 {
            egui::vec2(0.0, 12.0)
        } else {
            egui::vec2(12.0, 0.0)
        };
        arrow(p, s + offset, e + offset, egui::Stroke::new(2.5, gold));
        let label = p.text(
            (s + e.to_vec2()) / 2.0 + offset * 2.0,
            egui::Align2::CENTER_CENTER,
            format!("x{}", b.factor),
            egui::FontId::proportional(super::theme::size::SMALL),
            gold,
        );
        let _ = label;
    }
}

/// An arrow from `a` to `b`.
fn arrow(p: &egui::Painter, a: egui::Pos2, b: egui::Pos2, stroke: egui::Stroke) {
    p.line_segment([a, b], stroke);
    let dir = (b - a).normalized();
    let side = egui::vec2(-dir.y, dir.x);
    p.line_segment([b, b - dir * 5.0 + side * 3.5], stroke);
    p.line_segment([b, b - dir * 5.0 - side * 3.5], stroke);
}

/// A card picked up from the board (or an entry) and let go anywhere off
/// the board goes back to the waiting area.
pub fn dropped_off_board(ctx: &egui::Context, board: egui::Rect, carry: &Carry) -> Option<(Spot, Spot)> {
    if !ctx.input(|i| i.pointer.any_released()) {
        return None;
    }
    let from = *egui::DragAndDrop::payload::<Spot>(ctx)?;
    let over_board = ctx
        .input(|i| i.pointer.interact_pos())
        .is_some_and(|p| board.contains(p));
    match from {
        Spot::Slot(_) | Spot::Entry(..) if !over_board => {
            Some((from, Spot::Waiting(carry.loadout.waiting.len())))
        }
        _ => None,
    }
}

/// A chip's name, and its kind and mana ("Modifier · 15 mana").
pub fn spell_name(world: &World, id: &str) -> (String, Option<String>) {
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

/// A chip on the board: a card with its icon painted large (the kind as the
/// shape, the element as the colour), its name, its kind and mana, and the
/// casts of the cycle that draw it ("cast 2"), or the card resonance fused
/// it into ("joins Fire Bolt as Steam Burst"), or "not drawn" in red.
/// Nothing on it selects text, so a press anywhere drags it.
fn board_card(ui: &mut egui::Ui, world: &World, id: &str, note: Option<(String, bool)>) {
    let (name, detail) = spell_name(world, id);
    let nolabel = |ui: &mut egui::Ui, t: egui::RichText| {
        ui.add(egui::Label::new(t).selectable(false));
    };
    egui::Frame::NONE
        .fill(egui::Color32::from_rgb(26, 42, 68))
        .stroke(egui::Stroke::new(1.0, super::theme::EDGE))
        .corner_radius(5.0)
        .inner_margin(egui::Margin::same(5))
        .show(ui, |ui| {
            ui.set_width(SLOT_W - 14.0);
            ui.horizontal(|ui| {
                super::icons::chip_icon_sized(ui, world.catalog(), id, 28.0);
                ui.vertical(|ui| {
                    nolabel(ui, egui::RichText::new(name).color(egui::Color32::WHITE));
                    if let Some(detail) = detail {
                        nolabel(ui, egui::RichText::new(detail).small().weak());
                    }
                    if let Some((words, warn)) = note {
                        let colour = if warn {
                            super::theme::THREAT
                        } else {
                            super::theme::GAIN
                        };
                        nolabel(ui, egui::RichText::new(words).small().color(colour));
                    }
                });
            });
        });
}

/// A drop zone around `add`; returns the spot of a card dropped on it, and its rectangle.
pub fn drop_target(
    ui: &mut egui::Ui,
    _spot: Spot,
    add: impl FnOnce(&mut egui::Ui),
) -> (Option<Spot>, egui::Rect) {
    let frame = egui::Frame::NONE
        .stroke(egui::Stroke::new(1.0, egui::Color32::from_gray(70)))
        .corner_radius(4.0)
        .inner_margin(egui::Margin::same(2));
    let (r, dropped) = ui.dnd_drop_zone::<Spot, ()>(frame, add);
    (dropped.map(|s| *s), r.response.rect)
}
