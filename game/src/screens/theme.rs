//! How every screen looks (docs/screens.md#how-screens-look): one egui
//! style for the whole game, the interface palette, the type scale, the
//! rarity and tier ladder, the card frame of offers, and the painted title.
//!
//! Why one module: a screen asks for "the gold colour" or "a card of tier
//! 2" and never picks its own numbers, so the look changes here once and
//! every screen follows. The palette is the interface half of the art
//! direction (neon vector on dark): deep blue-black panels, cyan for what
//! is the player's (their build, selection, focus), warm colours for
//! threats and gold.

use egui::{Color32, CornerRadius, FontFamily, FontId, Stroke, TextStyle, Vec2};

use crate::loot::rarity::Rarity;

/// The menus' backdrop, cleared by the world pass (bytes 8, 12, 22 on the
/// non-sRGB surface): the deep blue-black everything sits on.
pub const BACKDROP: [f32; 3] = [8.0 / 255.0, 12.0 / 255.0, 22.0 / 255.0];
/// A window's fill: the backdrop lifted a little, nearly opaque so text
/// over the arena stays readable.
pub const PANEL: Color32 = Color32::from_rgba_premultiplied(12, 18, 32, 242);
/// A card inside a window (an offer, a level-up choice, the stat sheet).
pub const CARD: Color32 = Color32::from_rgb(17, 27, 46);
/// A window's edge: the accent, dimmed.
pub const EDGE: Color32 = Color32::from_rgb(38, 92, 120);
/// The player's things: their build, the selection, the focus.
pub const ACCENT: Color32 = Color32::from_rgb(80, 220, 255);
/// Gold, prices and what costs.
pub const GOLD: Color32 = Color32::from_rgb(255, 204, 72);
/// Threats, refusals and losses.
pub const THREAT: Color32 = Color32::from_rgb(255, 112, 84);
/// A gain, said in green only beside a word that says it too.
pub const GAIN: Color32 = Color32::from_rgb(120, 230, 150);
/// Body text.
pub const TEXT: Color32 = Color32::from_rgb(208, 222, 238);
/// Secondary text (what an offer does now, hints).
pub const TEXT_WEAK: Color32 = Color32::from_rgb(136, 156, 180);
/// Headings and names.
pub const TEXT_STRONG: Color32 = Color32::from_rgb(244, 250, 255);

/// Points of the type scale: egui's bundled faces at these sizes.
pub mod size {
    /// Small print (tags, tier words).
    pub const SMALL: f32 = 10.5;
    /// Body text and buttons.
    pub const BODY: f32 = 13.0;
    /// Numbers in tables (monospace).
    pub const MONO: f32 = 12.5;
    /// Window titles and screen headings.
    pub const HEADING: f32 = 20.0;
    /// The painted title.
    pub const TITLE: f32 = 46.0;
}

/// Sets the game's style on `ctx` (the window's context and the screens'
/// reference-image tests' context, so the tests draw what a player sees).
///
/// Full-screen panels stay transparent (the world pass's clear paints
/// them, see `app::menu_backdrop`) and windows cast no shadow: egui shades
/// every covered pixel through its textured shader, ~30–50 ns a pixel on a
/// software rasteriser, so a filled full-screen panel or a wide soft shadow
/// costs several ms a frame on lavapipe.
pub fn apply(ctx: &egui::Context) {
    ctx.global_style_mut(|style| {
        style.text_styles = [
            (
                TextStyle::Small,
                FontId::new(size::SMALL, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(size::BODY, FontFamily::Proportional)),
            (
                TextStyle::Button,
                FontId::new(size::BODY, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(size::MONO, FontFamily::Monospace),
            ),
            (
                TextStyle::Heading,
                FontId::new(size::HEADING, FontFamily::Proportional),
            ),
        ]
        .into();
        let s = &mut style.spacing;
        s.item_spacing = Vec2::new(8.0, 4.0);
        s.button_padding = Vec2::new(8.0, 3.0);
        s.window_margin = egui::Margin::same(10);
        visuals(&mut style.visuals);
    });
}

fn visuals(v: &mut egui::Visuals) {
    v.dark_mode = true;
    v.override_text_color = None;
    v.panel_fill = Color32::TRANSPARENT;
    v.window_fill = PANEL;
    v.window_stroke = Stroke::new(1.0, EDGE);
    v.window_corner_radius = CornerRadius::same(8);
    v.menu_corner_radius = CornerRadius::same(6);
    v.window_shadow = egui::Shadow::NONE;
    v.popup_shadow = egui::Shadow::NONE;
    v.extreme_bg_color = Color32::from_rgb(5, 8, 15);
    v.faint_bg_color = Color32::from_rgb(14, 22, 38);
    v.code_bg_color = CARD;
    v.hyperlink_color = ACCENT;
    v.warn_fg_color = GOLD;
    v.error_fg_color = THREAT;
    v.selection.bg_fill = Color32::from_rgb(24, 92, 120);
    v.selection.stroke = Stroke::new(1.0, ACCENT);
    let radius = CornerRadius::same(4);
    let w = &mut v.widgets;
    w.noninteractive.bg_fill = CARD;
    w.noninteractive.weak_bg_fill = CARD;
    w.noninteractive.bg_stroke = Stroke::new(1.0, Color32::from_rgb(30, 46, 70));
    w.noninteractive.fg_stroke = Stroke::new(1.0, TEXT);
    w.noninteractive.corner_radius = radius;
    for (state, fill, edge, text) in [
        (
            &mut w.inactive,
            Color32::from_rgb(22, 36, 60),
            Color32::from_rgb(40, 64, 96),
            TEXT,
        ),
        (&mut w.hovered, Color32::from_rgb(28, 56, 86), ACCENT, TEXT_STRONG),
        (&mut w.active, Color32::from_rgb(36, 82, 112), ACCENT, TEXT_STRONG),
        (&mut w.open, Color32::from_rgb(26, 44, 72), EDGE, TEXT_STRONG),
    ] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.bg_stroke = Stroke::new(1.0, edge);
        state.fg_stroke = Stroke::new(1.0, text);
        state.corner_radius = radius;
    }
}

/// The colour of an item's grade: the loot's own ladder (grey, blue, gold,
/// orange; `Rarity::colour`), so items, chips and offers share one ladder.
pub fn rarity_colour(r: Rarity) -> Color32 {
    let [red, g, b] = r.colour();
    Color32::from_rgb(red, g, b)
}

/// The colour of a chip's or core's tier (1 ..= 3): the same ladder as the
/// items' grades, tier 1 the plainest.
pub fn tier_colour(tier: u8) -> Color32 {
    let i = usize::from(tier.clamp(1, 4) - 1);
    rarity_colour(Rarity::ALL[i])
}

/// The tier of a level-up or stat offer, from how often it is offered:
/// its weight against the common weight of 1 (half as often reads tier 2,
/// a quarter or less tier 3). Level-ups and stat offers have no tier in
/// the data; how rare they are is the weight, and a player reads that.
pub fn weight_tier(weight: f32) -> u8 {
    if weight >= 0.99 {
        1
    } else if weight > 0.26 {
        2
    } else {
        3
    }
}

/// The word for an offer's tier beside its colour (a colour is never the
/// only sign, for colour-blind players).
pub fn tier_word(tier: u8) -> &'static str {
    match tier {
        0 | 1 => "Common",
        2 => "Uncommon",
        _ => "Rare",
    }
}

/// The frame of an offer or a level-up card: a raised card whose edge is
/// the tier's colour.
pub fn card(tier_colour: Color32) -> egui::Frame {
    egui::Frame::new()
        .fill(CARD)
        .stroke(Stroke::new(1.5, tier_colour))
        .corner_radius(CornerRadius::same(6))
        .inner_margin(egui::Margin::same(8))
}

/// The frame of an offer on a shelf: the tier's edge without a fill (the
/// shelves hold many offers, and egui shades every filled pixel; an
/// outline costs only its edge).
pub fn outline_card(tier_colour: Color32) -> egui::Frame {
    egui::Frame::new()
        .stroke(Stroke::new(1.0, tier_colour.gamma_multiply(0.8)))
        .corner_radius(CornerRadius::same(6))
        .inner_margin(egui::Margin::symmetric(6, 4))
}

fn still_key() -> egui::Id {
    egui::Id::unique("theme::reduce motion")
}

/// Tells the screens that "Reduce motion" is on (docs/art.md#comfort): the
/// window sets it each frame on the context, so a screen's own flourish
/// (the title's pulsing halo) can hold still without a parameter.
pub fn set_still(ctx: &egui::Context, on: bool) {
    ctx.data_mut(|d| d.insert_temp(still_key(), on));
}

/// Whether "Reduce motion" is on ([`set_still`]); off when never set.
pub fn still(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(still_key())).unwrap_or(false)
}

/// The title's painted word mark: "ARCANE ARTIFICER" in egui's bundled
/// face, edged by a pulsing cyan halo (steady under "Reduce motion"; the text painted again, offset
/// along a diagonal, faint), with a violet ghost and a glowing rule under
/// it. Procedural (no font file, no image): four copies of the words.
pub fn title_mark(ui: &mut egui::Ui) {
    let font = FontId::new(size::TITLE, FontFamily::Proportional);
    let galley = ui
        .painter()
        .layout_no_wrap("ARCANE ARTIFICER".into(), font, TEXT_STRONG);
    let text = galley.size();
    let width = text.x.min(ui.available_width());
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, text.y + 16.0), egui::Sense::hover());
    let painter = ui.painter_at(rect.expand(12.0));
    let pos = egui::pos2(rect.center().x - text.x / 2.0, rect.min.y);
    let t = ui.input(|i| i.time) as f32;
    let pulse = if still(ui.ctx()) {
        0.8
    } else {
        0.8 + 0.2 * (t * 1.7).sin()
    };
    let halo = |a: f32| Color32::from_rgba_unmultiplied(80, 220, 255, (a * pulse * 255.0) as u8);
    // Two halo copies on the diagonal, not a ring of them: every copy of
    // 46-point text shades ~20k pixels through egui's textured shader
    // (~1 ms a copy on lavapipe), and a ring of 16 cost ~20 ms a frame.
    for off in [Vec2::new(-2.0, -1.5), Vec2::new(2.0, 1.5)] {
        painter.galley_with_override_text_color(pos + off, galley.clone(), halo(0.4));
    }
    let ghost = Color32::from_rgba_unmultiplied(190, 90, 255, 120);
    painter.galley_with_override_text_color(pos + Vec2::new(2.5, 1.5), galley.clone(), ghost);
    painter.galley(pos, galley, TEXT_STRONG);
    let y = rect.max.y - 6.0;
    let (l, r) = (rect.center().x - text.x * 0.45, rect.center().x + text.x * 0.45);
    painter.line_segment([egui::pos2(l, y), egui::pos2(r, y)], Stroke::new(4.0, halo(0.25)));
    painter.line_segment([egui::pos2(l, y), egui::pos2(r, y)], Stroke::new(1.5, ACCENT));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_follow_the_item_ladder_and_weights() {
        assert_eq!(tier_colour(1), rarity_colour(Rarity::Common));
        assert_eq!(tier_colour(3), rarity_colour(Rarity::Rare));
        assert_eq!(tier_colour(0), tier_colour(1), "a tier below 1 reads as tier 1");
        assert_eq!(weight_tier(1.0), 1);
        assert_eq!(weight_tier(0.5), 2);
        assert_eq!(weight_tier(0.2), 3);
        assert_eq!(tier_word(weight_tier(0.5)), "Uncommon");
    }

    #[test]
    fn the_style_is_dark_with_transparent_panels() {
        let ctx = egui::Context::default();
        apply(&ctx);
        let style = ctx.global_style();
        assert_eq!(style.visuals.panel_fill, Color32::TRANSPARENT);
        assert_eq!(style.visuals.window_fill, PANEL);
        assert_eq!(style.text_styles[&TextStyle::Body].size, size::BODY);
        assert_eq!(style.visuals.window_shadow, egui::Shadow::NONE);
    }
}
