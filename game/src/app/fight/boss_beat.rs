//! A boss is an event (docs/art.md#bosses): its name is announced across
//! the screen as it enters, each phase change is a beat (a banner with the
//! phase, a jolt of the camera, on top of the body's shock ring), and its
//! fall is named too. The view's memory of the boss in front; it reads the
//! world and writes nothing back.

use crate::world::World;

/// Seconds the entry banner shows.
pub const ENTER_S: f32 = 2.6;
/// Seconds a phase-change banner shows.
pub const PHASE_S: f32 = 1.6;
/// Seconds the fall banner shows.
pub const FALL_S: f32 = 2.2;
/// Screen shake of a phase change, px (times the comfort setting's shake).
pub const PHASE_SHAKE: f32 = 9.0;

/// What the banner says now.
#[derive(Debug, Clone, PartialEq)]
pub enum Banner {
    /// The boss entered: its name and the wave.
    Enter {
        /// The boss's name.
        name: String,
        /// The wave it rules.
        wave: u32,
    },
    /// It entered phase `phase` (1-based) of `of`.
    Phase {
        /// The boss's name.
        name: String,
        /// The phase now, from 1.
        phase: usize,
        /// Phases in all.
        of: usize,
    },
    /// It fell.
    Fall {
        /// The boss's name.
        name: String,
    },
}

/// The boss the view follows and its last beats.
#[derive(Debug, Default)]
pub struct BossBeat {
    /// Slot, phase and name of the boss seen at the last frame.
    seen: Option<(u32, usize, String)>,
    /// The banner showing and the scene time it began.
    banner: Option<(Banner, f32)>,
    /// Scene time of the last phase change (the camera's jolt).
    pub phase_at: Option<f32>,
    /// The wave's boss kills at the last frame.
    kills: u32,
}

impl BossBeat {
    /// Notes the boss in `world` at scene time `time`: an entry, a phase
    /// change or a fall starts its banner.
    pub fn watch(&mut self, world: &World, time: f32) {
        let now = world
            .enemies()
            .slots()
            .iter()
            .enumerate()
            .find(|(_, e)| e.alive && e.boss.as_ref().is_some_and(|b| !b.clone))
            .map(|(i, e)| {
                let b = e.boss.as_ref().expect("a boss");
                let phases = b.def.phases.len() + usize::from(b.ng_plus && b.def.ng_plus_phase.is_some());
                (i as u32, b.phase, b.def.display_name.clone(), phases)
            });
        match (&self.seen, &now) {
            (None, Some((_, _, name, _))) => {
                let banner = Banner::Enter {
                    name: name.clone(),
                    wave: world.wave,
                };
                self.banner = Some((banner, time));
            }
            (Some((slot, phase, _)), Some((s, p, name, of))) if slot == s && p > phase => {
                let banner = Banner::Phase {
                    name: name.clone(),
                    phase: p + 1,
                    of: *of,
                };
                self.banner = Some((banner, time));
                self.phase_at = Some(time);
            }
            (Some((slot, _, name)), None)
                if world.stats.boss_kills > self.kills
                    || world
                        .enemies()
                        .slots()
                        .get(*slot as usize)
                        .is_some_and(|e| !e.alive) =>
            {
                let banner = Banner::Fall { name: name.clone() };
                self.banner = Some((banner, time));
            }
            _ => {}
        }
        self.seen = now.map(|(s, p, n, _)| (s, p, n));
        self.kills = world.stats.boss_kills;
        if !world.in_wave() && self.seen.is_none() {
            // Between waves nothing carries over to the next boss.
            self.phase_at = None;
        }
    }

    /// The banner showing at `time` and how far through it is (0 → 1).
    pub fn banner(&self, time: f32) -> Option<(&Banner, f32)> {
        let (b, at) = self.banner.as_ref()?;
        let life = match b {
            Banner::Enter { .. } => ENTER_S,
            Banner::Phase { .. } => PHASE_S,
            Banner::Fall { .. } => FALL_S,
        };
        let t = (time - at) / life;
        (0.0..1.0).contains(&t).then_some((b, t))
    }

    /// Draws the banner showing, if any, across the upper middle of the
    /// screen: words only, fading in and out; `flashes` (the comfort
    /// setting) tones the flare behind them down.
    pub fn draw(&self, ctx: &egui::Context, time: f32, flashes: f32) {
        let Some((banner, t)) = self.banner(time) else {
            return;
        };
        let alpha = (t / 0.12).min((1.0 - t) / 0.3).clamp(0.0, 1.0);
        let (title, sub, colour) = match banner {
            Banner::Enter { name, wave } => (
                name.to_uppercase(),
                format!("Wave {wave} boss"),
                egui::Color32::from_rgb(255, 120, 190),
            ),
            Banner::Phase { name, phase, of } => (
                format!("PHASE {phase}"),
                format!("{name}, phase {phase} of {of}"),
                egui::Color32::from_rgb(255, 170, 90),
            ),
            Banner::Fall { name } => (
                format!("{} FALLS", name.to_uppercase()),
                "The field is yours".to_string(),
                egui::Color32::from_rgb(255, 220, 120),
            ),
        };
        let screen = ctx.content_rect();
        let centre = egui::pos2(screen.center().x, screen.top() + screen.height() * 0.3);
        let painter = ctx.layer_painter(egui::LayerId::new(
            egui::Order::Foreground,
            egui::Id::unique("boss banner"),
        ));
        let a = |c: egui::Color32, k: f32| c.gamma_multiply(alpha * k);
        // A dark band behind the words, wider as it opens.
        let open = (t / 0.15).clamp(0.0, 1.0);
        let band = egui::Rect::from_center_size(
            centre + egui::vec2(0.0, 8.0),
            egui::vec2(screen.width() * open, 84.0),
        );
        painter.rect_filled(band, 0.0, a(egui::Color32::from_black_alpha(150), 1.0));
        let edge = a(colour, 0.35 + 0.4 * flashes);
        painter.hline(band.x_range(), band.top(), egui::Stroke::new(1.5, edge));
        painter.hline(band.x_range(), band.bottom(), egui::Stroke::new(1.5, edge));
        // The title swells a little as it lands (less with reduced flashes).
        let size = super::numbers::text_size(40.0 * (1.0 + 0.15 * flashes * (1.0 - (t / 0.12).min(1.0))));
        painter.text(
            centre + egui::vec2(2.0, 2.0),
            egui::Align2::CENTER_CENTER,
            &title,
            egui::FontId::proportional(size),
            a(egui::Color32::BLACK, 0.8),
        );
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            &title,
            egui::FontId::proportional(size),
            a(colour, 1.0),
        );
        painter.text(
            centre + egui::vec2(0.0, 34.0),
            egui::Align2::CENTER_CENTER,
            &sub,
            egui::FontId::proportional(15.0),
            a(egui::Color32::from_rgb(230, 230, 240), 1.0),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{Banner, BossBeat, ENTER_S};
    use crate::world::World;

    /// Entry, a phase change and the fall each start their banner; the
    /// boss bar reads the same boss (name, HP, phase pips).
    #[test]
    fn a_boss_is_announced_at_entry_each_phase_and_its_fall() {
        let cat = std::sync::Arc::new(
            crate::catalog::Catalog::load(&crate::data::default_root()).expect("data loads"),
        );
        let mut w = World::new(cat, 1, engine::gpu::Backend::Cpu, None).expect("world");
        let mut beat = BossBeat::default();
        beat.watch(&w, 0.0);
        assert!(beat.banner(0.0).is_none(), "no boss, no banner");
        let at = w.player.pos + glam::Vec2::new(400.0, 0.0);
        let slot = w.spawn_boss_at("brood_mother_w08", at).expect("the boss");
        beat.watch(&w, 1.0);
        let enter = beat.banner(1.1).map(|(b, _)| b.clone());
        assert_eq!(
            enter,
            Some(Banner::Enter {
                name: "Brood Mother".into(),
                wave: w.wave
            })
        );
        assert!(beat.banner(1.0 + ENTER_S + 0.01).is_none(), "the banner ends");
        let bar = crate::screens::boss_bar::BossLine::of(&w).expect("the bar follows it");
        assert_eq!((bar.name.as_str(), bar.phase), ("Brood Mother", 0));
        assert!(
            bar.phases >= 2 && bar.thresholds.len() == bar.phases - 1,
            "{bar:?}"
        );
        // Its phase moves on: a beat.
        let e = w.enemies_mut().get_mut(slot).expect("boss");
        e.boss.as_mut().expect("runtime").phase = 1;
        beat.watch(&w, 5.0);
        assert!(matches!(
            beat.banner(5.1),
            Some((Banner::Phase { phase: 2, .. }, _))
        ));
        assert_eq!(beat.phase_at, Some(5.0), "the camera jolts");
        // It falls.
        w.enemies_mut().get_mut(slot).expect("boss").alive = false;
        beat.watch(&w, 8.0);
        assert!(matches!(beat.banner(8.1), Some((Banner::Fall { .. }, _))));
        assert!(
            crate::screens::boss_bar::BossLine::of(&w).is_none(),
            "no bar without a boss"
        );
    }
}
