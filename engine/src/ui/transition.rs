//! Screen transitions drawn by the egui layer: the interface of this frame
//! faded and shifted, over the held picture of the screen before, faded
//! out. A cross-fade, a fade-in and a slide are all this one operation.
//!
//! Why here and not in the screens: a screen's code draws its widgets and
//! returns what the player chose; it should not know that it is arriving.
//! The layer already holds the tessellated picture of every frame, so
//! fading it is a multiply over its vertex colours and sliding it an add
//! over its positions, on the CPU, with no extra pass and no full-screen
//! quad (software rasterisers pay for every shaded pixel). The held
//! picture is the previous frame's triangles drawn again under this
//! frame's: while a transition runs, egui draws up to twice its usual
//! triangles.
//!
//! The application asks for a transition through the egui context (so the
//! game needs no handle on the layer): [`request`] every frame while one
//! runs, with `hold` on the first frame of the new screen.
//!
//! A slide is not a shift of the triangles: it moves the interface's layers
//! with egui's layer transforms ([`slide_layers`]), which egui applies to
//! its drawing and to its hit-testing alike, so a click during a slide
//! lands on the widget where the player sees it (a shift of the picture
//! alone would send it to where the widget will settle). Ignoring clicks
//! until the panel settles was the other way; it throws away a click the
//! player aimed at a visible button, and moving the input costs nothing.

use egui::epaint::{ClippedPrimitive, Primitive};

/// How this frame's interface is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transition {
    /// Opacity of this frame's interface, 0..=1.
    pub fade_in: f32,
    /// Opacity of the held picture of the screen before, 0..=1 (0 drops it).
    pub fade_out: f32,
    /// Shift of this frame's interface, points (a slide): its layers move,
    /// drawing and input together ([`slide_layers`]).
    pub offset: [f32; 2],
    /// Hold the previous frame's picture from now on (the first frame of a
    /// new screen); later frames of the transition keep the held one.
    pub hold: bool,
}

impl Default for Transition {
    fn default() -> Self {
        Self {
            fade_in: 1.0,
            fade_out: 0.0,
            offset: [0.0, 0.0],
            hold: false,
        }
    }
}

fn key() -> egui::Id {
    egui::Id::unique("engine::ui::transition")
}

/// Asks the layer to draw this frame's interface under `t`; call it every
/// frame while a transition runs (a frame without a request draws plainly
/// and drops the held picture).
pub fn request(ctx: &egui::Context, t: Transition) {
    ctx.data_mut(|d| d.insert_temp(key(), t));
}

/// Takes this frame's request: the layer calls it once per frame (and a
/// test of the application may, to read what it asked for).
pub fn take(ctx: &egui::Context) -> Option<Transition> {
    ctx.data_mut(|d| {
        let t = d.get_temp::<Transition>(key());
        d.remove::<Transition>(key());
        t
    })
}

/// Multiplies every vertex colour of `jobs` by `alpha` (egui's colours are
/// premultiplied, so all four channels scale).
pub fn apply(jobs: &mut [ClippedPrimitive], alpha: f32) {
    let alpha = alpha.clamp(0.0, 1.0);
    if alpha >= 1.0 {
        return;
    }
    for job in jobs {
        let Primitive::Mesh(mesh) = &mut job.primitive else {
            continue;
        };
        for v in &mut mesh.vertices {
            v.color = v.color.gamma_multiply(alpha);
        }
    }
}

/// Moves every layer of this pass's interface by `offset` points, or puts
/// the layers `moved` by an earlier slide back when `offset` is zero; call
/// it before the pass ends (the layer calls it with the frame's request).
///
/// The layers are egui's areas (windows, popups, anchored areas) and the
/// background layer of the panels; a painter-only layer outside them is
/// not moved (the game's are the fight's world-anchored marks, never under
/// a slide). The transforms are egui's own, remembered between passes: the
/// next pass hit-tests the widgets drawn in this one where they were drawn.
pub fn slide_layers(ctx: &egui::Context, offset: [f32; 2], moved: &mut Vec<egui::LayerId>) {
    let shift = egui::vec2(offset[0], offset[1]);
    let layers: Vec<egui::LayerId> = if shift == egui::Vec2::ZERO {
        Vec::new()
    } else {
        ctx.memory(|m| m.layer_ids().collect::<Vec<_>>())
            .into_iter()
            .chain([egui::LayerId::background()])
            .collect()
    };
    for id in moved.drain(..) {
        if !layers.contains(&id) {
            ctx.set_transform_layer(id, egui::emath::TSTransform::IDENTITY);
        }
    }
    for id in &layers {
        ctx.set_transform_layer(*id, egui::emath::TSTransform::from_translation(shift));
    }
    *moved = layers;
}

/// The picture of the screen before and what a frame's jobs become.
#[derive(Default)]
pub(crate) struct Fader {
    /// The last frame's own jobs (its new screen's, without a held picture).
    last: Vec<ClippedPrimitive>,
    /// The picture held for fading out, as it was when held.
    held: Option<Vec<ClippedPrimitive>>,
}

impl Fader {
    /// This frame's jobs under `t`: the held picture (faded) first, then
    /// `jobs` (faded; a slide has already moved them, [`slide_layers`]). Returns the jobs and how many of them are
    /// held ones (the rest are this frame's own, kept by [`Self::keep`]).
    pub(crate) fn compose(
        &mut self,
        t: Option<Transition>,
        mut jobs: Vec<ClippedPrimitive>,
    ) -> (Vec<ClippedPrimitive>, usize) {
        let Some(t) = t else {
            self.held = None;
            return (jobs, 0);
        };
        if t.hold {
            self.held = Some(std::mem::take(&mut self.last));
        }
        apply(&mut jobs, t.fade_in);
        match &self.held {
            Some(held) if t.fade_out > 0.0 => {
                let mut out = held.clone();
                apply(&mut out, t.fade_out);
                let n = out.len();
                out.extend(jobs);
                (out, n)
            }
            _ => (jobs, 0),
        }
    }

    /// Keeps a drawn frame's own jobs (after `held` held ones) as the
    /// picture a later transition may hold.
    pub(crate) fn keep(&mut self, mut jobs: Vec<ClippedPrimitive>, held: usize) {
        self.last = jobs.split_off(held.min(jobs.len()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quad(colour: egui::Color32) -> ClippedPrimitive {
        let mut mesh = egui::Mesh::default();
        mesh.add_colored_rect(
            egui::Rect::from_min_size(egui::pos2(10.0, 10.0), egui::vec2(4.0, 4.0)),
            colour,
        );
        ClippedPrimitive {
            clip_rect: egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(100.0, 100.0)),
            primitive: Primitive::Mesh(mesh),
        }
    }

    fn first_vertex(job: &ClippedPrimitive) -> egui::epaint::Vertex {
        match &job.primitive {
            Primitive::Mesh(m) => m.vertices[0],
            Primitive::Callback(_) => panic!("a mesh"),
        }
    }

    #[test]
    fn fading_scales_premultiplied_colour_and_leaves_positions() {
        let mut jobs = vec![quad(egui::Color32::from_rgba_premultiplied(200, 100, 50, 255))];
        apply(&mut jobs, 0.5);
        let v = first_vertex(&jobs[0]);
        assert_eq!(v.color, egui::Color32::from_rgba_premultiplied(100, 50, 25, 128));
        assert_eq!(v.pos, egui::pos2(10.0, 10.0));
    }

    /// One pass of a window holding a button at (100, 100), slid by
    /// `offset`, with `events`: whether the button was clicked, its rect in
    /// its layer, and the top of everything the pass drew.
    fn slid_pass(
        ctx: &egui::Context,
        events: Vec<egui::Event>,
        offset: [f32; 2],
        moved: &mut Vec<egui::LayerId>,
    ) -> (bool, egui::Rect, f32) {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(640.0, 480.0));
        ctx.begin_pass(egui::RawInput {
            screen_rect: Some(screen),
            events,
            ..Default::default()
        });
        let button = egui::Area::new(egui::Id::unique("settling panel"))
            .fixed_pos(egui::pos2(100.0, 100.0))
            .show(ctx, |ui| ui.button("Continue"))
            .inner;
        slide_layers(ctx, offset, moved);
        let mut out = ctx.end_pass();
        // A headless pass has no renderer to take the font atlas; egui
        // asserts (in debug builds) that undelivered texture updates are
        // dropped on purpose.
        out.textures_delta.clear();
        let top = out
            .shapes
            .iter()
            .map(|s| s.shape.visual_bounding_rect().min.y)
            .fold(f32::INFINITY, f32::min);
        (button.clicked(), button.rect, top)
    }

    fn click_at(pos: egui::Pos2, pressed: bool) -> Vec<egui::Event> {
        vec![
            egui::Event::PointerMoved(pos),
            egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::default(),
            },
        ]
    }

    /// Presses and releases at `pos` under `offset`: whether it clicked.
    fn clicks(
        ctx: &egui::Context,
        pos: egui::Pos2,
        offset: [f32; 2],
        moved: &mut Vec<egui::LayerId>,
    ) -> bool {
        let (down, ..) = slid_pass(ctx, click_at(pos, true), offset, moved);
        let (up, ..) = slid_pass(ctx, click_at(pos, false), offset, moved);
        // Move away, so the next click starts fresh.
        slid_pass(ctx, vec![egui::Event::PointerGone], offset, moved);
        down || up
    }

    #[test]
    fn a_slide_moves_where_clicks_land_with_the_picture() {
        let ctx = egui::Context::default();
        let mut moved = Vec::new();
        let slide = [0.0, 60.0];
        // An area settles its size and place over its first passes.
        for _ in 0..3 {
            slid_pass(&ctx, Vec::new(), [0.0, 0.0], &mut moved);
        }
        let (_, rect, unslid) = slid_pass(&ctx, Vec::new(), [0.0, 0.0], &mut moved);
        assert!((unslid - rect.min.y).abs() < 1.0, "drawn where laid out");
        let (_, _, top) = slid_pass(&ctx, Vec::new(), slide, &mut moved);
        assert!(
            (top - (rect.min.y + 60.0)).abs() < 1.0,
            "the picture slid: drawn from {top}, laid out at {}",
            rect.min.y
        );
        let seen = rect.center() + egui::vec2(0.0, 60.0);
        assert!(
            clicks(&ctx, seen, slide, &mut moved),
            "a click where the button is seen lands on it"
        );
        assert!(
            !clicks(&ctx, rect.center(), slide, &mut moved),
            "a click where it will settle does not"
        );
        // The slide over: one pass draws the button back in place (a click
        // hits what the last pass drew), then it is clicked where it is laid out.
        slid_pass(&ctx, Vec::new(), [0.0, 0.0], &mut moved);
        assert!(clicks(&ctx, rect.center(), [0.0, 0.0], &mut moved));
        assert!(moved.is_empty());
        assert_eq!(ctx.layer_transform_to_global(egui::LayerId::background()), None);
    }

    #[test]
    fn a_held_picture_fades_under_the_new_one_and_goes_when_the_transition_ends() {
        let mut fader = Fader::default();
        let old = egui::Color32::from_rgb(255, 0, 0);
        let new = egui::Color32::from_rgb(0, 0, 255);
        // A plain frame of the old screen, kept.
        let (jobs, held) = fader.compose(None, vec![quad(old)]);
        assert_eq!(held, 0);
        fader.keep(jobs, held);
        // The first frame of the new screen holds the old picture.
        let t = Transition {
            fade_in: 0.25,
            fade_out: 0.75,
            offset: [0.0, 0.0],
            hold: true,
        };
        let (jobs, held) = fader.compose(Some(t), vec![quad(new)]);
        assert_eq!((jobs.len(), held), (2, 1), "the held picture is drawn first");
        assert_eq!(first_vertex(&jobs[0]).color, old.gamma_multiply(0.75));
        assert_eq!(first_vertex(&jobs[1]).color, new.gamma_multiply(0.25));
        fader.keep(jobs, held);
        // Later frames keep the picture held at the start, not the mix.
        let later = Transition {
            hold: false,
            fade_out: 0.5,
            ..t
        };
        let (jobs, held) = fader.compose(Some(later), vec![quad(new)]);
        assert_eq!(first_vertex(&jobs[0]).color, old.gamma_multiply(0.5));
        fader.keep(jobs, held);
        // Without a request the frame is drawn plainly and the held picture goes.
        let (jobs, held) = fader.compose(None, vec![quad(new)]);
        assert_eq!((jobs.len(), held), (1, 0));
        assert_eq!(first_vertex(&jobs[0]).color, new);
        let (jobs, _) = fader.compose(Some(later), vec![quad(new)]);
        assert_eq!(jobs.len(), 1, "nothing held after a plain frame");
    }

    #[test]
    fn requests_pass_through_the_context_once() {
        let ctx = egui::Context::default();
        let t = Transition {
            fade_in: 0.5,
            ..Transition::default()
        };
        request(&ctx, t);
        assert_eq!(take(&ctx), Some(t));
        assert_eq!(take(&ctx), None, "a request lasts one frame");
    }
}
