//! The boss bar (docs/art.md#bosses): while a boss lives, a wide bar at the
//! top of the screen under the HUD with the boss's name, its HP in numbers
//! and its phases as pips (filled up to the phase it is in), with a tick on
//! the bar where each later phase begins. Like the HUD's bars, the flat
//! parts go to the scene's screen layer and egui writes the words.

use engine::render::{Shape, ShapeKind};
use glam::Vec2;

use crate::enemies::state::EnemyState;
use crate::world::World;

/// Widest the bar is drawn, points.
const WIDTH: f32 = 560.0;
/// Bar height, points.
const HEIGHT: f32 = 14.0;
/// The bar's fill: a boss's violet red, apart from the player's HP red.
const FILL: egui::Color32 = egui::Color32::from_rgb(214, 60, 140);

/// What the bar shows of the boss in front.
#[derive(Debug, Clone, PartialEq)]
pub struct BossLine {
    /// The boss's name as the player reads it.
    pub name: String,
    /// HP now and at full.
    pub hp: f32,
    /// Full HP.
    pub hp_max: f32,
    /// The phase it is in, from 0.
    pub phase: usize,
    /// Phases in all (the NG+ phase counted when it is live).
    pub phases: usize,
    /// The HP shares (of full) at which each later phase begins.
    pub thresholds: Vec<f32>,
}

impl BossLine {
    /// The boss the bar follows: the living boss that is not a clone, the
    /// first by slot.
    pub fn of(world: &World) -> Option<Self> {
        let e = world
            .enemies()
            .slots()
            .iter()
            .find(|e| e.alive && e.boss.as_ref().is_some_and(|b| !b.clone))?;
        Some(Self::of_enemy(e))
    }

    fn of_enemy(e: &EnemyState) -> Self {
        let b = e.boss.as_ref().expect("a boss");
        let mut phases = b.def.phases.len();
        if b.ng_plus && b.def.ng_plus_phase.is_some() {
            phases += 1;
        }
        let thresholds = b
            .def
            .phases
            .iter()
            .skip(1)
            .map(|p| p.hp_threshold_enter)
            .chain(
                b.def
                    .ng_plus_phase
                    .iter()
                    .filter(|_| b.ng_plus)
                    .map(|p| p.hp_threshold_enter),
            )
            .collect();
        Self {
            name: b.def.display_name.clone(),
            hp: e.hp.max(0.0),
            hp_max: e.hp_max,
            phase: b.phase.min(phases.saturating_sub(1)),
            phases,
            thresholds,
        }
    }
}

/// Draws the boss bar with its top at `top` points, if a boss lives; its
/// flat shapes go to `screen`. Returns the bar's bottom edge, points.
pub fn show(ctx: &egui::Context, world: &World, top: f32, screen: &mut Vec<Shape>) -> Option<f32> {
    let line = BossLine::of(world)?;
    let ppp = ctx.pixels_per_point();
    let width = WIDTH.min(ctx.content_rect().width() - 40.0);
    let start = screen.len();
    let shown = egui::Area::new(egui::Id::unique("boss bar"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, top])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::NONE
                .inner_margin(egui::Margin::symmetric(10, 6))
                .show(ui, |ui| {
                    ui.set_width(width);
                    ui.horizontal(|ui| {
                        ui.label(
                            egui::RichText::new(&line.name)
                                .size(17.0)
                                .strong()
                                .color(egui::Color32::from_rgb(255, 214, 236)),
                        );
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            ui.label(
                                egui::RichText::new(format!("phase {} of {}", line.phase + 1, line.phases))
                                    .color(super::theme::TEXT_WEAK),
                            );
                            let (pips, _) = ui.allocate_exact_size(
                                egui::vec2(16.0 * line.phases as f32, 14.0),
                                egui::Sense::hover(),
                            );
                            pip_shapes(screen, pips, &line, ppp);
                        });
                    });
                    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, HEIGHT), egui::Sense::hover());
                    bar_shapes(screen, rect, &line, ppp);
                    let text = format!("{:.0} / {:.0}", line.hp.ceil(), line.hp_max);
                    // At the bar's right end: the phase ticks never cross it.
                    ui.painter().text(
                        rect.right_center() - egui::vec2(10.0, 0.0),
                        egui::Align2::RIGHT_CENTER,
                        text,
                        egui::FontId::proportional(11.0),
                        egui::Color32::WHITE,
                    );
                });
        });
    let r = shown.response.rect;
    let backing = Shape::new(
        ShapeKind::Square,
        Vec2::new(r.center().x, r.center().y) * ppp,
        Vec2::new(r.width(), r.height()) * 0.5 * ppp,
        [0.0, 0.0, 0.0, 0.62],
    );
    // The backing goes under the bar and the pips.
    screen.insert(start, backing);
    Some(r.bottom())
}

/// The phase pips: a diamond per phase, filled up to the one the boss is
/// in, outlined after it.
fn pip_shapes(out: &mut Vec<Shape>, rect: egui::Rect, line: &BossLine, ppp: f32) {
    for k in 0..line.phases {
        let c = egui::pos2(rect.left() + 8.0 + 16.0 * k as f32, rect.center().y);
        let lit = k <= line.phase;
        let colour = if lit {
            [1.0, 0.45, 0.75, 1.0]
        } else {
            [0.5, 0.3, 0.42, 0.8]
        };
        let mut pip = Shape::new(
            ShapeKind::Diamond,
            Vec2::new(c.x, c.y) * ppp,
            Vec2::splat(5.0 * ppp),
            colour,
        );
        if !lit {
            pip = pip.outlined(1.5 * ppp);
        }
        out.push(pip);
    }
}

/// The bar: its trough, the HP fill and a tick where each later phase begins.
fn bar_shapes(out: &mut Vec<Shape>, rect: egui::Rect, line: &BossLine, ppp: f32) {
    let px = |p: egui::Pos2| Vec2::new(p.x, p.y) * ppp;
    let y = rect.center().y;
    let half = rect.height() * 0.5;
    let (l, r) = (
        egui::pos2(rect.left() + half, y),
        egui::pos2(rect.right() - half, y),
    );
    out.push(Shape::line(
        px(l),
        px(r),
        rect.height() * ppp,
        [0.12, 0.08, 0.14, 1.0],
    ));
    let frac = if line.hp_max > 0.0 {
        (line.hp / line.hp_max).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let fill = FILL.to_srgba_unmultiplied().map(|v| f32::from(v) / 255.0);
    let end = egui::pos2(rect.left() + half + (rect.width() - 2.0 * half) * frac, y);
    out.push(Shape::line(px(l), px(end), rect.height() * ppp, fill));
    out.push(Shape::line(
        px(egui::pos2(rect.left(), rect.bottom() + 1.0)),
        px(egui::pos2(rect.right(), rect.bottom() + 1.0)),
        1.0 * ppp,
        [1.0, 0.6, 0.85, 0.5],
    ));
    for t in &line.thresholds {
        let x = rect.left() + rect.width() * t.clamp(0.0, 1.0);
        out.push(Shape::line(
            px(egui::pos2(x, rect.top() - 2.0)),
            px(egui::pos2(x, rect.bottom() + 2.0)),
            2.0 * ppp,
            [1.0, 1.0, 1.0, 0.85],
        ));
    }
}
