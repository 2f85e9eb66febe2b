//! Chip icons, drawn with egui's painter: the shape says the kind (a disc
//! fires, a diamond modifies, twin discs multicast, a triangle triggers, a
//! square is logic, a ring counts, a fork splits, a hexagon is a register)
//! and the fill says the element of what it fires (grey for chips that
//! fire nothing). Shapes, not only colours, so colour-blind players read
//! the kind at a glance.
//!
//! Stats and item classes have painted icons too, by what they do: a blade
//! for damage, a star for crits and luck, a heart for health, a shield for
//! armour and saves, a drop for mana, chevrons for speed, a clock for cast
//! and recharge times, a ring round a coin for pickup, a crosshair for
//! accuracy, a burst for statuses and reactions, an element's disc for its
//! attunement; items by class (a core, a blade, a suit, a charm, a bag).
//! Level-up cards, shop offers and the stat sheet share them.

use egui::{Color32, Pos2, Shape, Stroke, Vec2, epaint::CircleShape};

use crate::catalog::Catalog;
use crate::element::Element;
use crate::loot::class::ItemClass;
use crate::stats::StatId;
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
    chip_icon_sized(ui, cat, id, ICON)
}

/// [`chip_icon`] at `edge` points: the lab's board cards carry it large.
pub fn chip_icon_sized(ui: &mut egui::Ui, cat: &Catalog, id: &str, edge: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(edge), egui::Sense::hover());
    paint_chip(ui.painter(), rect, cat, id);
    response
}

/// Paints chip `id`'s icon into `rect` (nothing for an unknown id): its kind
/// as the shape, the element it fires as the fill.
pub fn paint_chip(painter: &egui::Painter, rect: egui::Rect, cat: &Catalog, id: &str) {
    let Some(i) = cat.spells.find(id) else {
        return;
    };
    let s = cat.spells.get(i);
    let fill = s
        .projectile
        .as_ref()
        .map_or(Color32::from_gray(150), |p| colour(p.element.colour()));
    let edge = rect.width().min(rect.height());
    let stroke = Stroke::new((edge / 16.0).max(1.0), Color32::from_gray(20));
    let line = (edge * 2.5 / 16.0).max(1.5);
    let c = rect.center();
    let r = edge * 0.42;
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
        SpellKind::Counter => vec![Shape::circle_stroke(c, r * 0.8, Stroke::new(line, fill))],
        SpellKind::Splitter => vec![
            Shape::line_segment([c + Vec2::new(0.0, r), c], Stroke::new(line, fill)),
            Shape::line_segment([c, c + Vec2::new(-r, -r)], Stroke::new(line, fill)),
            Shape::line_segment([c, c + Vec2::new(r, -r)], Stroke::new(line, fill)),
        ],
    };
    painter.extend(shapes);
}

/// What a stat's icon shows (stats that work alike share one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StatMark {
    Blade,
    Star,
    Heart,
    Shield,
    Drop,
    Chevrons,
    Clock,
    Magnet,
    Crosshair,
    Burst,
    Attunement(Element),
}

fn stat_mark(stat: StatId) -> StatMark {
    use StatId::*;
    match stat {
        DamageMult | DamageFlat | Penetration | ResShred => StatMark::Blade,
        CritChance | CritMult | Luck => StatMark::Star,
        HpMax | HpRegen => StatMark::Heart,
        Armor | Save | Parry => StatMark::Shield,
        ManaMax | ManaRegen | ManaLeech | CpuLimit => StatMark::Drop,
        MoveSpeed => StatMark::Chevrons,
        CastDelayMod | RechargeSpeedMod => StatMark::Clock,
        PickupRadius => StatMark::Magnet,
        Accuracy => StatMark::Crosshair,
        StatusChance | ReactionPower => StatMark::Burst,
        AttunementFire => StatMark::Attunement(Element::Fire),
        AttunementIce => StatMark::Attunement(Element::Ice),
        AttunementLightning => StatMark::Attunement(Element::Lightning),
        AttunementPoison => StatMark::Attunement(Element::Poison),
    }
}

/// Draws the icon of `stat`, `side` points square, and returns its response.
pub fn stat_icon(ui: &mut egui::Ui, stat: StatId, side: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(side), egui::Sense::hover());
    ui.painter()
        .extend(stat_shapes(rect.center(), side * 0.42, stat_mark(stat)));
    response
}

/// The shapes of a stat mark centred on `c`, `r` points to its edge.
fn stat_shapes(c: Pos2, r: f32, mark: StatMark) -> Vec<Shape> {
    let v = |x: f32, y: f32| c + Vec2::new(x, y) * r;
    let w = (r * 0.18).max(1.2);
    match mark {
        StatMark::Blade => blade(v, w),
        StatMark::Star => star(c, v),
        StatMark::Heart => {
            let red = Color32::from_rgb(255, 90, 120);
            vec![
                Shape::circle_filled(v(-0.42, -0.3), r * 0.48, red),
                Shape::circle_filled(v(0.42, -0.3), r * 0.48, red),
                Shape::convex_polygon(
                    vec![v(-0.86, -0.12), v(0.86, -0.12), v(0.0, 0.92)],
                    red,
                    Stroke::NONE,
                ),
            ]
        }
        StatMark::Shield => vec![Shape::convex_polygon(
            vec![
                v(-0.8, -0.8),
                v(0.8, -0.8),
                v(0.8, 0.1),
                v(0.0, 0.95),
                v(-0.8, 0.1),
            ],
            Color32::from_rgb(120, 150, 190),
            Stroke::new(1.0, Color32::from_rgb(200, 225, 255)),
        )],
        StatMark::Drop => {
            let blue = Color32::from_rgb(90, 150, 255);
            vec![
                Shape::circle_filled(v(0.0, 0.3), r * 0.62, blue),
                Shape::convex_polygon(
                    vec![v(0.0, -0.95), v(0.56, 0.05), v(-0.56, 0.05)],
                    blue,
                    Stroke::NONE,
                ),
            ]
        }
        StatMark::Chevrons => {
            let cyan = super::theme::ACCENT;
            let s = Stroke::new(w * 1.2, cyan);
            vec![
                Shape::line_segment([v(-0.8, -0.7), v(-0.1, 0.0)], s),
                Shape::line_segment([v(-0.1, 0.0), v(-0.8, 0.7)], s),
                Shape::line_segment([v(0.0, -0.7), v(0.7, 0.0)], s),
                Shape::line_segment([v(0.7, 0.0), v(0.0, 0.7)], s),
            ]
        }
        StatMark::Clock => {
            let ink = Color32::from_rgb(170, 210, 255);
            vec![
                Shape::circle_stroke(c, r * 0.85, Stroke::new(w, ink)),
                Shape::line_segment([c, v(0.0, -0.6)], Stroke::new(w, ink)),
                Shape::line_segment([c, v(0.45, 0.1)], Stroke::new(w, ink)),
            ]
        }
        StatMark::Magnet => {
            let gold = super::theme::GOLD;
            vec![
                Shape::circle_stroke(
                    c,
                    r * 0.85,
                    Stroke::new(w * 0.8, Color32::from_rgb(120, 200, 255)),
                ),
                Shape::circle_filled(c, r * 0.38, gold),
            ]
        }
        StatMark::Crosshair => crosshair(c, r, v, w),
        StatMark::Burst => {
            let s = Stroke::new(w, Color32::from_rgb(200, 140, 255));
            (0..8)
                .map(|k| {
                    let a = std::f32::consts::TAU * k as f32 / 8.0;
                    let (x, y) = (a.cos(), a.sin());
                    Shape::line_segment([v(x * 0.3, y * 0.3), v(x * 0.95, y * 0.95)], s)
                })
                .collect()
        }
        StatMark::Attunement(e) => {
            let fill = colour(e.colour());
            vec![
                Shape::circle_filled(c, r * 0.55, fill),
                Shape::circle_stroke(c, r * 0.9, Stroke::new(w * 0.8, fill)),
            ]
        }
    }
}

/// A short blade, point up-right, with a crossguard and a grip.
fn blade(v: impl Fn(f32, f32) -> Pos2, w: f32) -> Vec<Shape> {
    let steel = Color32::from_rgb(255, 150, 110);
    vec![
        Shape::convex_polygon(
            vec![v(0.9, -0.9), v(0.55, -0.2), v(-0.2, 0.55)],
            steel,
            Stroke::NONE,
        ),
        Shape::convex_polygon(
            vec![v(0.9, -0.9), v(0.2, -0.55), v(-0.55, 0.2)],
            steel,
            Stroke::NONE,
        ),
        Shape::line_segment([v(-0.75, 0.25), v(-0.25, 0.75)], Stroke::new(w, steel)),
        Shape::line_segment(
            [v(-0.5, 0.5), v(-0.9, 0.9)],
            Stroke::new(w * 1.3, Color32::from_rgb(170, 110, 80)),
        ),
    ]
}

/// A five-pointed star (a fan of triangles: a star is not convex).
fn star(c: Pos2, v: impl Fn(f32, f32) -> Pos2) -> Vec<Shape> {
    let gold = super::theme::GOLD;
    let points = (0..10)
        .map(|k| {
            let a = -std::f32::consts::FRAC_PI_2 + std::f32::consts::PI * k as f32 / 5.0;
            let d = if k % 2 == 0 { 1.0 } else { 0.45 };
            v(a.cos() * d, a.sin() * d)
        })
        .collect::<Vec<_>>();
    // A star is not convex: a fan of triangles from the centre.
    (0..10)
        .map(|k| Shape::convex_polygon(vec![c, points[k], points[(k + 1) % 10]], gold, Stroke::NONE))
        .collect()
}

/// A ring with four ticks.
fn crosshair(c: Pos2, r: f32, v: impl Fn(f32, f32) -> Pos2, w: f32) -> Vec<Shape> {
    let s = Stroke::new(w, Color32::from_rgb(230, 230, 240));
    vec![
        Shape::circle_stroke(c, r * 0.6, s),
        Shape::line_segment([v(-1.0, 0.0), v(-0.3, 0.0)], s),
        Shape::line_segment([v(0.3, 0.0), v(1.0, 0.0)], s),
        Shape::line_segment([v(0.0, -1.0), v(0.0, -0.3)], s),
        Shape::line_segment([v(0.0, 0.3), v(0.0, 1.0)], s),
    ]
}

/// Draws the icon of an item class (what slot it fills), `side` points
/// square: a core's hexagon, a blade, a suit's shield, a charm's diamond,
/// a bag's pouch, an artifact's ringed gem; coloured by the item's grade.
pub fn item_icon(ui: &mut egui::Ui, class: ItemClass, grade: Color32, side: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(side), egui::Sense::hover());
    let (c, r) = (rect.center(), side * 0.42);
    let edge = Stroke::new(1.0, Color32::from_gray(20));
    let shapes = match class {
        ItemClass::Core => vec![
            polygon(c, r, 6, 0.0, grade, edge),
            Shape::circle_filled(c, r * 0.3, Color32::from_gray(20)),
        ],
        ItemClass::Blade => stat_shapes(c, r, StatMark::Blade)
            .into_iter()
            .map(|mut s| {
                recolour(&mut s, grade);
                s
            })
            .collect(),
        ItemClass::Armour => {
            let mut v = stat_shapes(c, r, StatMark::Shield);
            v.iter_mut().for_each(|s| recolour(s, grade));
            v
        }
        ItemClass::Pocket => vec![polygon(c, r, 4, 0.0, grade, edge)],
        ItemClass::Bag => vec![
            Shape::circle_filled(c + Vec2::new(0.0, r * 0.2), r * 0.75, grade),
            Shape::line_segment(
                [
                    c + Vec2::new(-r * 0.4, -r * 0.75),
                    c + Vec2::new(r * 0.4, -r * 0.75),
                ],
                Stroke::new(2.0, grade),
            ),
        ],
        ItemClass::Artifact => vec![
            Shape::circle_stroke(c, r * 0.9, Stroke::new(1.5, grade)),
            polygon(c, r * 0.5, 4, 0.0, grade, edge),
        ],
    };
    ui.painter().extend(shapes);
    response
}

/// Gives a painted mark the grade's colour (fills and strokes alike).
fn recolour(shape: &mut Shape, to: Color32) {
    match shape {
        Shape::Path(p) => {
            p.fill = to;
            if p.stroke.width > 0.0 {
                p.stroke.color = egui::epaint::ColorMode::Solid(to);
            }
        }
        Shape::LineSegment { stroke, .. } => stroke.color = to,
        Shape::Circle(c) => c.fill = to,
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stat_has_a_mark_and_alike_stats_share_one() {
        for &s in StatId::ALL {
            assert!(
                !stat_shapes(Pos2::ZERO, 8.0, stat_mark(s)).is_empty(),
                "{s:?} paints nothing"
            );
        }
        assert_eq!(stat_mark(StatId::HpMax), stat_mark(StatId::HpRegen));
        assert_ne!(stat_mark(StatId::HpMax), stat_mark(StatId::Armor));
    }
}
