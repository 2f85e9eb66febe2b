//! The arena HUD: HP, mana, wave and timer, gold, level and XP along the top
//! edge, readable over any fight; under it the wave's rules and, while a
//! boss lives, the boss bar (`boss_bar`).
//!
//! egui lays the HUD out and writes its text; the flat parts (the dark
//! backing and the bars) go to the scene's screen layer
//! (`engine::render::Layer::Screen`), drawn just under egui. On a software
//! rasteriser egui's textured shader made the full-width backing and the
//! three bars ~2.5 ms of every fight frame; the world's shape shader draws
//! the same pixels for a fraction of that.

use engine::render::{Shape, ShapeKind};
use glam::Vec2;

use crate::world::{Carry, World};

/// The HUD's flat shapes for one frame, in egui points until [`Flat::emit`].
#[derive(Default)]
struct Flat {
    /// Bars: `(rect, background, fill width, fill colour)`.
    bars: Vec<(egui::Rect, egui::Color32, f32, egui::Color32)>,
}

impl Flat {
    /// Pushes a backing over `rect` and then the bars, in screen pixels.
    fn emit(self, out: &mut Vec<Shape>, backing: egui::Rect, colour: egui::Color32, ppp: f32) {
        let px = |p: egui::Pos2| Vec2::new(p.x, p.y) * ppp;
        out.push(Shape::new(
            ShapeKind::Square,
            px(backing.center()),
            Vec2::new(backing.width(), backing.height()) * 0.5 * ppp,
            rgba(colour),
        ));
        for (rect, bg, filled, fill) in self.bars {
            // A capsule as tall as the bar, like egui's progress bar.
            let half = rect.height() * 0.5;
            let y = rect.center().y;
            let left = egui::pos2(rect.left() + half, y);
            out.push(Shape::line(
                px(left),
                px(egui::pos2(rect.right() - half, y)),
                rect.height() * ppp,
                rgba(bg),
            ));
            let end = egui::pos2(rect.left() + filled - half, y);
            out.push(Shape::line(px(left), px(end), rect.height() * ppp, rgba(fill)));
        }
    }
}

/// An egui colour as a shape's colour: the same bytes on the same
/// non-sRGB target, unpremultiplied.
fn rgba(c: egui::Color32) -> [f32; 4] {
    c.to_srgba_unmultiplied().map(|v| f32::from(v) / 255.0)
}

/// Draws the HUD for `world`; its flat shapes go to `screen` (the scene's
/// screen layer).
#[expect(clippy::too_many_lines, reason = "the HUD laid out left to right")]
pub fn show(ctx: &egui::Context, world: &World, carry: &Carry, screen: &mut Vec<Shape>) {
    let mut flat = Flat::default();
    let backing = egui::Color32::from_black_alpha(170);
    let frame = egui::Frame::NONE.inner_margin(egui::Margin::symmetric(10, 6));
    let shown = egui::Area::new(egui::Id::unique("hud top"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 0.0])
        .interactable(false)
        .show(ctx, |ui| {
            frame.show(ui, |ui| {
                // The strip wraps to a second row when the interface size
                // makes it wider than the window (docs/screens.md#every-screen-fits).
                ui.set_max_width(ctx.content_rect().width() - 24.0);
                ui.horizontal_wrapped(|ui| {
                    let p = &world.player;
                    bar(
                        ui,
                        &mut flat,
                        "HP",
                        p.hp,
                        p.hp_max(),
                        egui::Color32::from_rgb(220, 50, 60),
                        200.0,
                    );
                    if let Some(core) = world.core_state() {
                        bar(
                            ui,
                            &mut flat,
                            "Mana",
                            core.mana(),
                            core.core().mana_max,
                            egui::Color32::from_rgb(60, 120, 240),
                            160.0,
                        );
                    }
                    ui.separator();
                    let left = world.wave_time_left();
                    ui.label(
                        egui::RichText::new(format!("Wave {}   {:02.0}s", world.wave, left.ceil()))
                            .strong()
                            .size(18.0),
                    );
                    ui.separator();
                    ui.label(
                        egui::RichText::new(format!("{} gold", carry.wallet.gold()))
                            .color(egui::Color32::from_rgb(255, 210, 60))
                            .size(16.0),
                    );
                    ui.separator();
                    let curve = &world.catalog().run.economy.curve;
                    let level = carry.progress.level;
                    let need = curve.to_next(level).max(1);
                    bar(
                        ui,
                        &mut flat,
                        &format!("Lv {level}"),
                        carry.progress.xp as f32,
                        need as f32,
                        egui::Color32::from_rgb(80, 200, 120),
                        120.0,
                    );
                    ui.separator();
                    let cd = world.player.dash_cooldown();
                    if cd > 0.0 {
                        ui.weak(format!("dash {cd:.1}s"));
                    } else {
                        ui.label(
                            egui::RichText::new("dash ready (Space)")
                                .color(egui::Color32::from_rgb(140, 200, 255)),
                        );
                    }
                    // What enemies' elemental hits left on the player.
                    let afflicted = world.afflictions.names();
                    if !afflicted.is_empty() {
                        ui.separator();
                        ui.colored_label(egui::Color32::from_rgb(255, 150, 80), afflicted.join(", "));
                    }
                    // Store Magic's kept chip and its cooldown.
                    if let Some(card) = carry.loadout.stored.cards.first()
                        && carry.loadout.stored.capacity > 0
                        && let Some(left) = world
                            .core_state()
                            .and_then(|c| c.entry_ready_in(crate::vm::EntryOn::Stored))
                    {
                        let name = world
                            .catalog()
                            .spells
                            .find(&card.id)
                            .map_or(card.id.as_str(), |i| world.catalog().spells.get(i).name.as_str());
                        ui.separator();
                        if left > 0.0 {
                            ui.weak(format!("{name} {left:.1}s"));
                        } else {
                            ui.label(
                                egui::RichText::new(format!("{name} ready (Q)"))
                                    .color(egui::Color32::from_rgb(200, 160, 255)),
                            );
                        }
                    }
                    ui.separator();
                    ui.weak(if world.aim().is_some() {
                        "aim: mouse (M)"
                    } else {
                        "aim: nearest enemy (M)"
                    });
                });
            });
        });
    flat.emit(screen, shown.response.rect, backing, ctx.pixels_per_point());
    // Under the strip: the rules line, then the boss bar, each below the last.
    let below = shown.response.rect.bottom() + 4.0;
    let below = rules_line(ctx, world, screen, below).map_or(below, |b| b + 4.0);
    super::boss_bar::show(ctx, world, below, screen);
}

/// A labelled bar with `value / max` written on it: egui places it and
/// writes the text, the bar itself is a pair of flat shapes (see [`Flat`]),
/// laid out as egui's progress bar.
fn bar(
    ui: &mut egui::Ui,
    flat: &mut Flat,
    label: &str,
    value: f32,
    max: f32,
    colour: egui::Color32,
    width: f32,
) {
    ui.label(egui::RichText::new(label).strong());
    let frac = if max > 0.0 {
        (value / max).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let height = ui.spacing().interact_size.y;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    let visuals = ui.visuals();
    flat.bars.push((
        rect,
        visuals.extreme_bg_color,
        (rect.width() * frac).max(height),
        colour,
    ));
    let text = format!("{:.0} / {:.0}", value.max(0.0), max);
    let galley = egui::WidgetText::from(text).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Button,
    );
    let at = rect.left_center() - egui::vec2(0.0, galley.size().y * 0.5)
        + egui::vec2(ui.spacing().item_spacing.x, 0.0);
    let colour = visuals
        .override_text_color
        .unwrap_or(visuals.selection.stroke.color);
    ui.painter().with_clip_rect(rect).galley(at, galley, colour);
}

/// Under the top bar, what rules this wave runs under: NG+, the endless
/// mutator, the curse, a boss rush's bosses still to come. Each named as the
/// player reads it, with what it changes.
fn rules_line(ctx: &egui::Context, world: &World, screen: &mut Vec<Shape>, top: f32) -> Option<f32> {
    let r = &world.rules;
    let mut parts = Vec::new();
    if r.ng_plus > 0 {
        parts.push(format!("NG+ {}", r.ng_plus));
    }
    if let Some(m) = r.mutator {
        parts.push(format!("Mutator: {} ({})", m.name(), m.describe()));
    }
    for c in &r.curse {
        parts.push(format!("Curse: {} ({})", c.name(), c.describe()));
    }
    let left = world.rush_left();
    if left > 0 {
        parts.push(format!("Boss rush: {left} more to come"));
    }
    if parts.is_empty() {
        return None;
    }
    let shown = egui::Area::new(egui::Id::unique("hud rules"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, top])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::NONE
                .inner_margin(egui::Margin::symmetric(8, 4))
                .show(ui, |ui| {
                    for p in parts {
                        ui.label(egui::RichText::new(p).color(egui::Color32::from_rgb(230, 160, 255)));
                    }
                });
        });
    Flat::default().emit(
        screen,
        shown.response.rect,
        egui::Color32::from_black_alpha(150),
        ctx.pixels_per_point(),
    );
    Some(shown.response.rect.bottom())
}
