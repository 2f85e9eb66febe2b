//! How the window moves between screens (docs/screens.md#how-screens-look):
//! a short cross-fade between any two screens, the settlement sliding in
//! from below, and the death summary fading in slowly after the death's
//! beat (which the world pass draws while the summary waits). With
//! "Reduce motion" (docs/art.md#comfort) nothing moves: the settlement
//! fades in where it stands; fades stay, being changes of light, not of
//! place.
//!
//! Presentation only: it reads which screen is in front and the frame's
//! real time, and asks the egui layer to fade and shift the interface
//! (`engine::ui::transition`). The run, its steps, the sim and replays
//! never see it. The first screen a window opens on appears at once, so
//! `--screenshot` frames and the tools' previews show it settled.

use engine::ui::transition::{self, Transition};

/// Seconds of a cross-fade between two screens.
pub const CROSS_FADE_S: f32 = 0.25;
/// Seconds of the settlement's slide (it arrives from below as it fades in).
pub const SLIDE_S: f32 = 0.4;
/// Points the settlement travels.
pub const SLIDE_PT: f32 = 60.0;
/// Seconds of the death summary's fade-in, after the death's beat.
pub const SUMMARY_FADE_S: f32 = 0.8;

/// What a screen change looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The old screen fades out as the new one fades in.
    CrossFade,
    /// The new screen slides up into place as it fades in.
    SlideIn,
    /// The new screen fades in slowly over nothing (after a world beat).
    SlowFadeIn,
    /// The new screen fades in where it stands (a slide under "Reduce
    /// motion").
    FadeIn,
}

impl Kind {
    /// Seconds the change takes.
    pub fn seconds(self) -> f32 {
        match self {
            Kind::CrossFade | Kind::FadeIn => CROSS_FADE_S,
            Kind::SlideIn => SLIDE_S,
            Kind::SlowFadeIn => SUMMARY_FADE_S,
        }
    }

    /// The interface at `t` (0..=1 of the change): an ease-out, so the new
    /// screen is readable early.
    pub fn at(self, t: f32, first: bool) -> Transition {
        let t = t.clamp(0.0, 1.0);
        let ease = 1.0 - (1.0 - t) * (1.0 - t);
        match self {
            Kind::CrossFade => Transition {
                fade_in: ease,
                fade_out: 1.0 - ease,
                offset: [0.0, 0.0],
                hold: first,
            },
            Kind::SlideIn => Transition {
                fade_in: ease,
                fade_out: 0.0,
                offset: [0.0, SLIDE_PT * (1.0 - ease)],
                hold: false,
            },
            Kind::SlowFadeIn => Transition {
                fade_in: t * t * (3.0 - 2.0 * t),
                fade_out: 0.0,
                offset: [0.0, 0.0],
                hold: false,
            },
            Kind::FadeIn => Transition {
                fade_in: ease,
                fade_out: 0.0,
                offset: [0.0, 0.0],
                hold: false,
            },
        }
    }

    /// This change under "Reduce motion": a slide becomes a fade in place.
    pub fn still(self) -> Kind {
        match self {
            Kind::SlideIn => Kind::FadeIn,
            other => other,
        }
    }
}

/// Which screen is in front, in the words the motion needs: its name, and
/// whether a world beat (death or clear) is playing over it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key {
    /// The screen (and the title's sub-screen), as its debug name.
    pub screen: String,
    /// A world beat plays and the screen's interface waits.
    pub beat: bool,
}

/// The change in progress, if any.
#[derive(Debug, Default)]
pub struct Motion {
    shown: Option<Key>,
    running: Option<(Kind, f32)>,
    /// The first frame of the running change (it holds the old picture).
    first: bool,
    /// "Reduce motion" is on (the window sets it from the settings).
    pub still: bool,
}

impl Motion {
    /// Follows the screen in front (`now`) over a frame of `dt` seconds and
    /// asks the egui layer for this frame's look.
    pub fn frame(&mut self, ctx: &egui::Context, now: Key, dt: f32) {
        if self.shown.as_ref() != Some(&now) {
            let still = self.still;
            let kind = self
                .shown
                .as_ref()
                .map(|before| pick(before, &now))
                .map(|k| if still { k.still() } else { k });
            self.running = kind.map(|k| (k, 0.0));
            self.first = true;
            self.shown = Some(now);
        } else if let Some((_, t)) = &mut self.running {
            *t += dt;
            self.first = false;
        }
        let Some((kind, t)) = self.running else { return };
        if t >= kind.seconds() {
            self.running = None;
            return;
        }
        transition::request(ctx, kind.at(t / kind.seconds(), self.first));
    }
}

/// The change from `before` to `now`: the settlement slides in; the
/// summary after the death's beat fades in slowly; a beat starting fades
/// the interface out (the world carries it); anything else cross-fades.
pub fn pick(before: &Key, now: &Key) -> Kind {
    if before.beat && !now.beat && now.screen == "Summary" {
        Kind::SlowFadeIn
    } else if now.screen == "Settlement" {
        Kind::SlideIn
    } else {
        Kind::CrossFade
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(screen: &str, beat: bool) -> Key {
        Key {
            screen: screen.into(),
            beat,
        }
    }

    #[test]
    fn changes_pick_their_motion() {
        assert_eq!(
            pick(&key("Arena", false), &key("Settlement", false)),
            Kind::SlideIn
        );
        assert_eq!(
            pick(&key("Summary", true), &key("Summary", false)),
            Kind::SlowFadeIn
        );
        assert_eq!(pick(&key("Shop", false), &key("Lab", false)), Kind::CrossFade);
        assert_eq!(pick(&key("Arena", false), &key("Summary", true)), Kind::CrossFade);
    }

    #[test]
    fn a_change_runs_its_length_then_draws_plainly_and_the_first_screen_appears_at_once() {
        let ctx = egui::Context::default();
        let mut m = Motion::default();
        let take = transition::take;
        m.frame(&ctx, key("Lab", false), 0.016);
        assert_eq!(take(&ctx), None, "the first screen is not faded in");
        m.frame(&ctx, key("Shop", false), 0.016);
        let t = take(&ctx).expect("a cross-fade starts");
        assert!(t.hold && t.fade_in == 0.0 && t.fade_out == 1.0, "{t:?}");
        m.frame(&ctx, key("Shop", false), CROSS_FADE_S / 2.0);
        let t = take(&ctx).expect("still fading");
        assert!(!t.hold && t.fade_in > 0.5 && t.fade_in < 1.0, "{t:?}");
        m.frame(&ctx, key("Shop", false), CROSS_FADE_S);
        assert_eq!(take(&ctx), None, "done: drawn plainly");
    }

    #[test]
    fn the_settlement_slides_up_into_place() {
        let start = Kind::SlideIn.at(0.0, true);
        let end = Kind::SlideIn.at(1.0, false);
        assert_eq!(start.offset, [0.0, SLIDE_PT]);
        assert_eq!(end.offset, [0.0, 0.0]);
        assert_eq!(end.fade_in, 1.0);
    }

    #[test]
    fn reduced_motion_fades_the_settlement_in_place() {
        let ctx = egui::Context::default();
        let mut m = Motion {
            still: true,
            ..Motion::default()
        };
        m.frame(&ctx, key("Arena", false), 0.016);
        m.frame(&ctx, key("Settlement", false), 0.016);
        let mut frames = 0;
        while let Some(t) = transition::take(&ctx) {
            assert_eq!(t.offset, [0.0, 0.0], "nothing moves");
            frames += 1;
            m.frame(&ctx, key("Settlement", false), 0.05);
        }
        assert!(frames > 1, "it still fades in");
        assert_eq!(Kind::SlideIn.still(), Kind::FadeIn);
        assert_eq!(Kind::CrossFade.still(), Kind::CrossFade);
    }
}
