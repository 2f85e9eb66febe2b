//! Chip icons, drawn with egui's painter: the shape says the kind (a disc
//! fires, a diamond modifies, twin discs multicast, a triangle triggers, a
//! square is logic, a ring counts, a fork splits, a hexagon is a register)
//! and the fill says the element of what it fires (grey for chips that
//! fire nothing). Shapes, not only colours, so colour-blind players read
//! the kind at a glance.

use egui::{Color32, Pos2, Shape, Stroke, Vec2, epaint::CircleShape};

use crate::catalog::Catalog;
use crate::vm::SpellKind;

/// Edge of an icon, points.
pub const ICON: f32 = 16.0;

fn colour(c: [f32; 4]) -> Color32 {
    let u = |x: f32| (x.clamp(0.0, 1.0) * 255.0).round() as u8;
    Color32::from_rgb(u(c[0]), u(c[1]), u(c[2]))
}

fn polygon(centre: Pos2, r: f32, corners: usize, turn: f32, fill: Color32, stroke: Stroke) -> Shape {
    let points = (0..corners)
        .map(|k| {
            let a = turn + std::f32::consts::TAU * k as f32 / corners as f32;
            centre + Vec2::new(a.cos(), a.sin()) * r
        })
        .collect();
    Shape::convex_polygon(points, fill, stroke)
}

/// Draws the icon of chip `id` (nothing for an unknown id) and returns its response.
pub fn chip_icon(ui: &mut egui::Ui, cat: &Catalog, id: &str) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(ICON), egui::Sense::hover());
    let Some(i) = cat.spells.find(id) else {
        return response;
    };
    let s = cat.spells.get(i);
    let fill = s
        .projectile
        .as_ref()
        .map_or(Color32::from_gray(150), |p| colour(p.element.colour()));
    let stroke = Stroke::new(1.0, Color32::from_gray(20));
    let c = rect.center();
    let r = ICON * 0.42;
    let shapes = match s.kind {
        SpellKind::Action => vec![Shape::Circle(CircleShape {
            center: c,
            radius: r,
            fill,
            stroke,
        })],
        SpellKind::Modifier => vec![polygon(c, r, 4, 0.0, fill, stroke)],
        SpellKind::Multicast => vec![
            Shape::circle_filled(c - Vec2::new(r * 0.4, 0.0), r * 0.6, fill),
            Shape::circle_filled(c + Vec2::new(r * 0.4, 0.0), r * 0.6, fill),
        ],
        SpellKind::Trigger => vec![polygon(c, r, 3, -std::f32::consts::FRAC_PI_2, fill, stroke)],
        SpellKind::Logic => vec![polygon(c, r, 4, std::f32::consts::FRAC_PI_4, fill, stroke)],
        SpellKind::Register => vec![polygon(c, r, 6, 0.0, fill, stroke)],
        SpellKind::Counter => vec![Shape::circle_stroke(c, r * 0.8, Stroke::new(2.5, fill))],
        SpellKind::Splitter => vec![
            Shape::line_segment([c + Vec2::new(0.0, r), c], Stroke::new(2.5, fill)),
            Shape::line_segment([c, c + Vec2::new(-r, -r)], Stroke::new(2.5, fill)),
            Shape::line_segment([c, c + Vec2::new(r, -r)], Stroke::new(2.5, fill)),
        ],
    };
    ui.painter().extend(shapes);
    response
}
