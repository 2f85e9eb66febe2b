//! A panel drawn over another panel's widgets (docs/screens.md#every-screen-fits):
//! the stat sheet over a button, a banner over a shelf. egui paints layers
//! back to front (panels on the background, then windows and areas in their
//! order), so an interactive widget of a lower layer whose rectangle meets
//! the area of a higher layer is covered: the player sees the panel, not
//! the button. A layer a modal blocks is meant to be covered, and passes.
//!
//! Every layer is named by the texts it paints: a widget by the text inside
//! it, a panel by its first text (a window's title, a banner's words).

use std::collections::HashMap;

use egui::{LayerId, Rect};

/// Points two rectangles may share before one covers the other (a frame's
/// stroke, rounding).
const SLACK: f32 = 1.5;

/// The texts each layer painted, with their rectangles in window points.
pub type LayerTexts = HashMap<LayerId, Vec<(String, Rect)>>;

/// Runs `passes` passes of `ui` on a window of `screen` points; returns the
/// last pass's output and the texts each layer painted in it (read before
/// the pass ends: egui merges the layers when it does).
pub fn run_passes(
    ctx: &egui::Context,
    screen: Rect,
    passes: usize,
    ui: &mut impl FnMut(&egui::Context),
) -> (egui::FullOutput, LayerTexts) {
    let mut texts = LayerTexts::new();
    let mut out = None;
    for n in 0..passes {
        let input = egui::RawInput {
            screen_rect: Some(screen),
            ..Default::default()
        };
        let last = n + 1 == passes;
        let mut o = ctx.run_pass(input, |ctx| {
            ui(ctx);
            if last {
                texts = layer_texts(ctx);
            }
        });
        o.textures_delta.clear();
        out = Some(o);
    }
    (out.expect("at least one pass"), texts)
}

/// Every layer's texts so far in this pass.
fn layer_texts(ctx: &egui::Context) -> LayerTexts {
    let mut layers: Vec<LayerId> = ctx.memory(|m| m.layer_ids().collect());
    layers.extend(ctx.viewport(|v| v.this_pass.widgets.layer_ids().collect::<Vec<_>>()));
    layers.push(LayerId::background());
    layers.sort_by_key(|l| (l.order, l.id.value()));
    layers.dedup();
    let mut out = LayerTexts::new();
    for layer in layers {
        let to_global = ctx
            .layer_transform_to_global(layer)
            .unwrap_or(egui::emath::TSTransform::IDENTITY);
        let mut texts = Vec::new();
        ctx.graphics(|g| {
            if let Some(list) = g.get(layer) {
                for c in list.all_entries() {
                    walk(&c.shape, &mut texts);
                }
            }
        });
        for (_, r) in &mut texts {
            *r = to_global * *r;
        }
        if !texts.is_empty() {
            out.insert(layer, texts);
        }
    }
    out
}

fn walk(shape: &egui::Shape, out: &mut Vec<(String, Rect)>) {
    match shape {
        egui::Shape::Text(t) if !t.galley.text().trim().is_empty() => {
            out.push((t.galley.text().to_string(), t.visual_bounding_rect()));
        }
        egui::Shape::Vec(v) => v.iter().for_each(|x| walk(x, out)),
        _ => {}
    }
}

/// A layer's place in egui's paint order: its order class, then its place
/// among the areas (a layer without an area, the panels', lies under them).
fn rank(order: &[LayerId], l: LayerId) -> (egui::Order, i64) {
    (
        l.order,
        order.iter().position(|x| *x == l).map_or(-1, |p| p as i64),
    )
}

/// Every interactive widget covered by a higher layer's area in the pass
/// that just ran, as "`at`: PANEL covers WIDGET (rect)".
pub fn covered(ctx: &egui::Context, texts: &LayerTexts, at: &str, found: &mut Vec<String>) {
    let order: Vec<LayerId> = ctx.memory(|m| m.layer_ids().collect());
    let global = |l: LayerId, r: Rect| ctx.layer_transform_to_global(l).map_or(r, |t| t * r);
    let areas: Vec<(LayerId, Rect)> = ctx.memory(|m| {
        order
            .iter()
            .filter(|l| l.order != egui::Order::Debug && m.areas().is_visible(l))
            .filter_map(|l| Some((*l, m.area_rect(l.id)?)))
            .collect()
    });
    let areas: Vec<(LayerId, Rect)> = areas
        .into_iter()
        .map(|(l, r)| (l, global(l, r)))
        .filter(|(_, r)| r.is_positive())
        .collect();
    let widgets: Vec<(LayerId, Rect)> = ctx.viewport(|v| {
        v.prev_pass
            .widgets
            .layers()
            .flat_map(|(l, ws)| {
                ws.iter()
                    .filter(|w| w.enabled && w.sense.interactive() && w.interact_rect.is_positive())
                    .map(|w| (*l, w.interact_rect))
            })
            .collect()
    });
    for (layer, rect) in widgets {
        if !ctx.memory(|m| m.allows_interaction(layer)) {
            continue;
        }
        let rect = global(layer, rect);
        for (over, area) in &areas {
            if *over == layer || rank(&order, *over) <= rank(&order, layer) {
                continue;
            }
            if rect.shrink(SLACK).intersects(*area) {
                let line = format!(
                    "{at}: {} is drawn over {} ({rect:?} under {area:?})",
                    panel_name(texts, *over),
                    widget_name(texts, layer, rect),
                );
                if !found.contains(&line) {
                    found.push(line);
                }
            }
        }
    }
}

fn short(t: &str) -> String {
    format!("{:?}", t.chars().take(40).collect::<String>())
}

/// A panel's name: the first text it paints.
fn panel_name(texts: &LayerTexts, l: LayerId) -> String {
    texts.get(&l).and_then(|t| t.first()).map_or_else(
        || format!("a panel without text ({l:?})"),
        |(t, _)| format!("the panel {}", short(t)),
    )
}

/// A widget's name: the text painted inside it on its own layer.
fn widget_name(texts: &LayerTexts, l: LayerId, r: Rect) -> String {
    texts
        .get(&l)
        .and_then(|t| t.iter().find(|(_, tr)| r.contains(tr.center())))
        .map_or_else(
            || {
                if r.width() <= 12.0 && r.height() > 4.0 * r.width() {
                    format!("a scroll bar or a panel's edge at x {:.0}", r.center().x)
                } else {
                    format!("a widget without text at {r:?}")
                }
            },
            |(t, _)| format!("the widget {}", short(t)),
        )
}

/// Lays out a button on the background and an area: `over` places the
/// area's top-left corner.
fn button_under_area(over: egui::Pos2) -> Vec<String> {
    let ctx = egui::Context::default();
    game::app::style_egui(&ctx);
    let screen = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 720.0));
    let mut ui = |ctx: &egui::Context| {
        ctx.root_ui(|root| {
            egui::CentralPanel::default().show(root, |ui| {
                let _ = ui.button("Leave for the lab");
            });
        });
        egui::Area::new(egui::Id::unique("a stat sheet"))
            .fixed_pos(over)
            .show(ctx, |ui| {
                egui::Frame::window(ui.style()).show(ui, |ui| {
                    ui.set_min_size(egui::vec2(300.0, 200.0));
                    ui.label("Stat sheet");
                });
            });
    };
    let (_, texts) = run_passes(&ctx, screen, 4, &mut ui);
    let mut found = Vec::new();
    covered(&ctx, &texts, "a button under an area", &mut found);
    found
}

/// The check reports an area drawn over a button, naming both, and stays
/// quiet when the same area stands clear of it.
#[test]
fn an_area_over_a_button_is_reported() {
    let over = button_under_area(egui::pos2(0.0, 0.0));
    assert!(
        over.iter()
            .any(|f| f.contains("\"Stat sheet\"") && f.contains("\"Leave for the lab\"")),
        "the area over the button is reported: {over:?}"
    );
    let clear = button_under_area(egui::pos2(700.0, 400.0));
    assert!(clear.is_empty(), "an area clear of the button passes: {clear:?}");
}
