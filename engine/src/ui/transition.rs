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
//! runs, with `hold` on the first frame of the new screen. Input is not
//! shifted with a slide: a slide is short, and a click lands where the
//! widget will settle.

use egui::epaint::{ClippedPrimitive, Primitive};

/// How this frame's interface is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transition {
    /// Opacity of this frame's interface, 0..=1.
    pub fade_in: f32,
    /// Opacity of the held picture of the screen before, 0..=1 (0 drops it).
    pub fade_out: f32,
    /// Shift of this frame's interface, points (a slide).
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
/// premultiplied, so all four channels scale) and shifts every vertex and
/// clip rectangle by `offset` points.
pub fn apply(jobs: &mut [ClippedPrimitive], alpha: f32, offset: [f32; 2]) {
    let alpha = alpha.clamp(0.0, 1.0);
    let shift = egui::vec2(offset[0], offset[1]);
    let moved = shift != egui::Vec2::ZERO;
    for job in jobs {
        if moved {
            job.clip_rect = job.clip_rect.translate(shift);
        }
        let Primitive::Mesh(mesh) = &mut job.primitive else {
            continue;
        };
        for v in &mut mesh.vertices {
            if alpha < 1.0 {
                v.color = v.color.gamma_multiply(alpha);
            }
            if moved {
                v.pos += shift;
            }
        }
    }
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
    /// `jobs` (faded and shifted). Returns the jobs and how many of them are
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
        apply(&mut jobs, t.fade_in, t.offset);
        match &self.held {
            Some(held) if t.fade_out > 0.0 => {
                let mut out = held.clone();
                apply(&mut out, t.fade_out, [0.0, 0.0]);
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
    fn fading_scales_premultiplied_colour_and_sliding_moves_vertices_and_clips() {
        let mut jobs = vec![quad(egui::Color32::from_rgba_premultiplied(200, 100, 50, 255))];
        apply(&mut jobs, 0.5, [30.0, -5.0]);
        let v = first_vertex(&jobs[0]);
        assert_eq!(v.color, egui::Color32::from_rgba_premultiplied(100, 50, 25, 128));
        assert_eq!(v.pos, egui::pos2(40.0, 5.0));
        assert_eq!(jobs[0].clip_rect.min, egui::pos2(30.0, -5.0));
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
