//! The lab's cast view (docs/screens.md#the-lab): every cast of one cycle as
//! a row of small cards in draw order, a bracket under each cast with its
//! mana against the most the core holds (red when it can never be paid), a
//! "wraps, then recharge" banner with the cards pulled back from the front
//! marked, the payloads under their carriers, and the cycle's damage per
//! second and mana upkeep. It draws `vm::cycle::CycleView`, the same
//! record `artificer wand eval` prints; nothing here decides a rule.

use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2};

use super::theme;
use crate::catalog::Catalog;
use crate::vm::cycle::{CastView, CycleView, PayloadView};
use crate::vm::spells::{SpellIdx, TriggerOn};

/// Edge of a card in the cast view, points.
const MINI: Vec2 = Vec2::new(34.0, 40.0);
/// The wrap's colour: orange, the cards pulled back from the front.
pub const WRAP: Color32 = Color32::from_rgb(255, 160, 60);
/// A payload's colour: violet, what a carrier casts later.
pub const PAYLOAD: Color32 = Color32::from_rgb(190, 130, 255);

/// The card the stepper is on: (cast, board slot).
pub type Focus = Option<(usize, usize)>;

/// What a board card says of its chip in the cycle.
#[derive(Debug, Clone, PartialEq)]
pub enum CardNote {
    /// The casts that draw it, counted from 1 (a chip that fires only in a
    /// later cast is not dead), and the chip it fires as when resonance
    /// fused another chip into it.
    Casts(Vec<usize>, Option<SpellIdx>),
    /// Resonance consumed it into the chip of board slot `into`, as `fused`:
    /// it fires inside that card.
    Joins {
        /// The board slot of the chip it joined.
        into: usize,
        /// The chip the two became.
        fused: SpellIdx,
    },
    /// No cast draws it.
    NotDrawn,
}

/// Each board slot's note, read from the cycle: the casts that draw it, or
/// the card resonance consumed it into (as the interpreter compiled the
/// deck, `CycleView::joined`).
pub fn card_notes(view: &CycleView, slots: usize) -> Vec<CardNote> {
    let mut casts = vec![Vec::new(); slots];
    for (i, c) in view.casts.iter().enumerate() {
        for s in &c.slots {
            if let Some(v) = casts.get_mut(*s)
                && !v.contains(&(i + 1))
            {
                v.push(i + 1);
            }
        }
    }
    casts
        .into_iter()
        .enumerate()
        .map(|(slot, c)| {
            let joined = view.joined.iter().find(|j| usize::from(j.slot) == slot);
            let host = view.joined.iter().find(|j| usize::from(j.into) == slot);
            match joined {
                _ if !c.is_empty() => CardNote::Casts(c, host.map(|j| j.fused)),
                Some(j) => CardNote::Joins {
                    into: usize::from(j.into),
                    fused: j.fused,
                },
                None => CardNote::NotDrawn,
            }
        })
        .collect()
}

/// A card's note in words ("cast 2", "casts 1, 3", "cast 1 as Steam Burst",
/// "joins Fire Bolt as Steam Burst", "not drawn in a cycle"), and true when
/// it warns (red).
/// `chip_at` names the chip of a board slot.
pub fn note_words(cat: &Catalog, note: &CardNote, chip_at: &dyn Fn(usize) -> String) -> (String, bool) {
    match note {
        CardNote::Casts(c, fused) => {
            let list = c.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
            let word = if c.len() == 1 { "cast" } else { "casts" };
            let fused = fused.map_or_else(String::new, |f| format!(" as {}", cat.spells.get(f).name));
            (format!("{word} {list}{fused}"), false)
        }
        CardNote::Joins { into, fused } => (
            format!("joins {} as {}", chip_at(*into), cat.spells.get(*fused).name),
            false,
        ),
        CardNote::NotDrawn => ("not drawn in a cycle".to_string(), true),
    }
}

/// Draws the cycle: its summary line, then each cast.
pub fn show(ui: &mut egui::Ui, cat: &Catalog, view: &CycleView, focus: Focus) {
    let u = &view.upkeep;
    let dry = u.dry_after_cycles.is_some();
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!(
            "One cycle: {} cast{} in {:.2} s",
            view.casts.len(),
            if view.casts.len() == 1 { "" } else { "s" },
            view.seconds
        ));
        ui.separator();
        ui.label(format!("as written: {:.1} damage/s on a dummy", view.dps))
            .on_hover_text("each cast paid in full; every shot hits a lone dummy once; payloads on hit, on a timer and a turret's count, those on a kill or at a wall do not");
        ui.separator();
        ui.label(format!("with the core's real mana: {:.1}/s over a minute", u.sustained_dps))
            .on_hover_text("cast back to back with the mana the core really holds and regenerates: what the mana cannot pay is skipped");
    });
    let colour = if dry { theme::THREAT } else { theme::GAIN };
    ui.colored_label(colour, format!("Mana: {}", u.words));
    for (i, c) in view.casts.iter().enumerate() {
        let here = focus.filter(|f| f.0 == i).map(|f| f.1);
        cast_row(ui, cat, i, c, here);
    }
    if view.end == crate::vm::cycle::CycleEnd::Cap {
        ui.weak(format!(
            "(the view stops after {} casts: this deck never recharges)",
            view.casts.len()
        ));
    }
}

/// One cast: its cards over a bracket, its numbers, and its wrap banner.
fn cast_row(ui: &mut egui::Ui, cat: &Catalog, i: usize, c: &CastView, here: Option<usize>) {
    ui.add_space(4.0);
    let payload_at = payload_positions(c);
    let row = ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(format!("Cast {}", i + 1)).strong());
        let mut cards = Rect::NOTHING;
        for (k, (slot, spell)) in c.slots.iter().zip(&c.spells).enumerate() {
            let wrapped = c.wrapped_at.is_some_and(|w| k >= w);
            let payload = payload_at.get(k).copied().flatten();
            let r = mini_card(ui, cat, *slot, *spell, wrapped, payload, here == Some(*slot));
            cards = cards.union(r);
        }
        if c.slots.is_empty() {
            ui.weak("(draws nothing)");
        }
        if let Some(r) = c.recharge {
            banner(ui, c.wrapped_at.is_some(), r);
        }
        cards
    });
    let cards = row.inner;
    let colour = if c.affordable {
        theme::ACCENT
    } else {
        theme::THREAT
    };
    if cards.is_positive() {
        bracket(ui, cards, colour);
    }
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(colour, format!("Σ {:.0} / {:.0} mana", c.mana, c.mana_max));
        ui.weak(format!("· delay {:.2} s", c.cast_delay));
        ui.weak(format!("· {:.1} damage", c.dummy_damage));
        ui.weak(format!("· ops {} / {}", c.ops.0, c.ops.1));
        if c.ops_exhausted {
            ui.colored_label(theme::THREAT, "· out of ops");
        }
    });
    if let Some(why) = &c.unaffordable {
        ui.colored_label(theme::THREAT, format!("Never paid: {why}"));
    }
    let words = c.depends_on.iter().map(|d| d.words.clone());
    for d in words.chain(payload_depends(&c.payloads)) {
        ui.label(
            egui::RichText::new(format!("depends on: {d}"))
                .small()
                .color(theme::TEXT_WEAK),
        );
    }
}

/// For each position of the cast's slots, the trigger whose payload drew it.
fn payload_positions(c: &CastView) -> Vec<Option<TriggerOn>> {
    let mut at = vec![None; c.slots.len()];
    fn mark(p: &PayloadView, c: &CastView, at: &mut [Option<TriggerOn>], from: usize) {
        // A payload's slots are a run of the cast's, in order, after its carrier.
        if let Some(start) = find_run(&c.slots, &p.slots, from) {
            for a in at.iter_mut().skip(start).take(p.slots.len()) {
                if a.is_none() {
                    *a = Some(p.on);
                }
            }
            for q in &p.payloads {
                mark(q, c, at, start);
            }
        }
    }
    for p in &c.payloads {
        mark(p, c, &mut at, 0);
    }
    at
}

fn find_run(all: &[usize], run: &[usize], from: usize) -> Option<usize> {
    if run.is_empty() {
        return None;
    }
    (from..all.len().saturating_sub(run.len() - 1)).find(|&s| all[s..s + run.len()] == *run)
}

fn payload_depends(ps: &[PayloadView]) -> Vec<String> {
    let mut out = Vec::new();
    for p in ps {
        out.extend(p.depends_on.iter().map(|d| d.words.clone()));
        out.extend(payload_depends(&p.payloads));
    }
    out
}

/// A small card: the chip's icon and its slot number, marked when it was
/// pulled back after a wrap or drawn into a payload.
fn mini_card(
    ui: &mut egui::Ui,
    cat: &Catalog,
    slot: usize,
    spell: crate::vm::SpellIdx,
    wrapped: bool,
    payload: Option<TriggerOn>,
    focused: bool,
) -> Rect {
    let (rect, resp) = ui.allocate_exact_size(MINI, Sense::hover());
    let p = ui.painter();
    let edge = if focused {
        Stroke::new(2.0, theme::ACCENT)
    } else if payload.is_some() {
        Stroke::new(1.5, PAYLOAD)
    } else {
        Stroke::new(1.0, theme::EDGE)
    };
    p.rect(rect, 4.0, theme::CARD, edge, egui::StrokeKind::Inside);
    let s = cat.spells.get(spell);
    let icon = Rect::from_center_size(rect.center_top() + Vec2::new(0.0, 14.0), Vec2::splat(20.0));
    super::icons::paint_chip(p, icon, cat, &s.id);
    p.text(
        rect.center_bottom() - Vec2::new(0.0, 3.0),
        egui::Align2::CENTER_BOTTOM,
        format!("{}", slot + 1),
        egui::FontId::proportional(theme::size::SMALL),
        theme::TEXT_WEAK,
    );
    if wrapped {
        // A corner notch: drawn again from the front of the deck.
        let c = rect.right_top();
        p.add(egui::Shape::convex_polygon(
            vec![c, c + Vec2::new(-10.0, 0.0), c + Vec2::new(0.0, 10.0)],
            WRAP,
            Stroke::NONE,
        ));
    }
    let mut tip = format!("{} · slot {}", s.name, slot + 1);
    if wrapped {
        tip.push_str("\ndrawn again after the wrap, from the front of the deck");
    }
    if let Some(on) = payload {
        tip.push_str(&format!("\npart of a payload: cast {}", when(on)));
    }
    resp.on_hover_text(tip);
    rect
}

/// When a payload casts, in a few words.
pub fn when(on: TriggerOn) -> &'static str {
    match on {
        TriggerOn::Hit => "when its carrier hits",
        TriggerOn::Timer => "when its carrier's timer runs out",
        TriggerOn::Kill => "when its carrier kills",
        TriggerOn::Wall => "when its carrier reaches a wall",
        TriggerOn::Turret => "by the turret, shot after shot",
    }
}

/// The end of a cycle: "wraps" (or "deck empty"), a painted arrow, "recharge".
fn banner(ui: &mut egui::Ui, wrapped: bool, recharge: f32) {
    let first = if wrapped { "wraps" } else { "deck empty" };
    egui::Frame::NONE
        .fill(Color32::from_rgb(60, 38, 16))
        .stroke(Stroke::new(1.0, WRAP))
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(6, 3))
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.colored_label(WRAP, first);
                let (r, _) = ui.allocate_exact_size(Vec2::new(18.0, 12.0), Sense::hover());
                arrow(ui.painter(), r, WRAP);
                ui.colored_label(WRAP, format!("recharge {recharge:.2} s"));
            });
        })
        .response
        .on_hover_text(if wrapped {
            "a chip's draw ran past the end of the deck and pulled cards back from the front; the recharge follows this cast"
        } else {
            "the deck is drawn out; the recharge follows this cast"
        });
}

/// A right-pointing arrow in `r` (the font has no arrow glyph).
fn arrow(p: &egui::Painter, r: Rect, colour: Color32) {
    let y = r.center().y;
    let stroke = Stroke::new(1.5, colour);
    p.line_segment([Pos2::new(r.left(), y), Pos2::new(r.right(), y)], stroke);
    p.line_segment(
        [Pos2::new(r.right() - 5.0, y - 4.0), Pos2::new(r.right(), y)],
        stroke,
    );
    p.line_segment(
        [Pos2::new(r.right() - 5.0, y + 4.0), Pos2::new(r.right(), y)],
        stroke,
    );
}

/// A bracket under `cards`: a line with its ends turned up.
fn bracket(ui: &mut egui::Ui, cards: Rect, colour: Color32) {
    let (space, _) = ui.allocate_exact_size(Vec2::new(ui.available_width(), 6.0), Sense::hover());
    let y = space.center().y;
    let (l, r) = (cards.left(), cards.right());
    let stroke = Stroke::new(1.5, colour);
    let p = ui.painter();
    p.line_segment([Pos2::new(l, y), Pos2::new(r, y)], stroke);
    p.line_segment([Pos2::new(l, y), Pos2::new(l, y - 5.0)], stroke);
    p.line_segment([Pos2::new(r, y), Pos2::new(r, y - 5.0)], stroke);
}
