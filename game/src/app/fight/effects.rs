//! The fight's short-lived effects drawn each frame: hit flashes, damage
//! numbers, death bursts and sparks, reaction, blast, level-up, blade and
//! parry rings, each capped so a 2,000-shot build stays cheap to draw.

use engine::render::{Scene, Shape, ShapeKind};
use glam::Vec2;

use super::super::{draw, palette};
use super::Fight;
use crate::combat::ReactionKind;
use crate::world::{EffectKind, World};

/// Reaction names drawn at most per frame (the newest); the rings show the rest.
const MAX_REACTION_LABELS: usize = 12;
/// Enemies alive from which the fight counts as a crowd: reactions are
/// marked by a small diamond in their element's colour instead of a word,
/// and the player's own hits step back around its body.
pub const CROWD: u32 = 100;
/// Reaction marks (a crowd's status words) drawn at most per frame, the newest.
const MAX_MARKS: usize = 48;
/// Radius, world px, around the player's body inside which its own hits
/// (flashes, rings, sparks, marks) dim in a crowd.
const HITS_CLEAR_IN_CROWD: f32 = 90.0;
/// Hit flashes drawn at most per frame (the newest); thousands of additive
/// flashes would white out the crowd they are meant to show.
const MAX_FLASHES: usize = 64;
/// Death bursts that throw sparks per frame (the newest).
const MAX_SPARK_BURSTS: usize = 24;
/// Rings (deaths, reactions, blasts, level-up, blade) drawn at most per
/// frame, the newest: an elemental build at the design load can keep
/// hundreds of reaction rings alive, each a glowing quad of ~10,000 pixels,
/// which on a software rasteriser would cost more than the whole crowd.
pub(super) const MAX_RINGS: usize = 160;

impl Fight {
    #[expect(clippy::too_many_lines, reason = "one match over every effect kind")]
    pub(super) fn draw_effects(
        &self,
        world: &World,
        scene: &mut Scene,
        ctx: &egui::Context,
        viewport: [u32; 2],
    ) {
        let camera = scene.camera;
        let view = super::numbers::View::new(
            camera,
            viewport,
            ctx.pixels_per_point(),
            world,
            self.comfort.flashes,
        );
        let crowd = world.counters.enemies >= CROWD;
        let clear = super::body_clear(world.counters.player_projectiles).max(if crowd {
            HITS_CLEAR_IN_CROWD
        } else {
            0.0
        });
        let back = StepBack {
            body: world.player.pos,
            clear,
        };
        let mut flashes = 0;
        let mut marks = 0;
        let mut labels = 0;
        let mut sparks = 0;
        // Discs and rings apart, so each group is one specialised draw.
        let mut discs = Vec::new();
        let mut rings = Vec::new();
        for e in world.effects.list.iter().rev() {
            let t = e.progress();
            match e.kind {
                EffectKind::Damage { .. } => {
                    // The numbers merge per enemy (`numbers`); here only the flash.
                    if e.age < 0.05 && flashes < MAX_FLASHES && !self.fx_off.flashes {
                        flashes += 1;
                        // Hit flash at the impact.
                        let mut c = palette::FLASH;
                        c[3] = self.comfort.flashes * back.of(e.pos);
                        discs.push(Shape::circle(e.pos, 10.0, c).glow(6.0));
                    }
                }
                EffectKind::PlayerHurt { amount } if !self.fx_off.numbers => {
                    // Above the player's ring, never over its body.
                    let text = format!("-{}", amount.round() as i64);
                    let at = view.to_screen(e.pos) - egui::vec2(0.0, view.clear + 12.0 + 24.0 * t);
                    let at = view.clear_of_player(at, egui::vec2(20.0, 9.0));
                    draw::screen_text(ctx, at, &text, [1.0, 0.3, 0.3, 1.0 - t], 16.0);
                }
                EffectKind::DeathBurst { radius, big } if !self.fx_off.bursts => {
                    let r = radius * (1.0 + 1.5 * t);
                    let a = (1.0 - t) * back.of(e.pos);
                    let colour = if big {
                        [1.0, 0.8, 0.4, a]
                    } else {
                        [1.0, 0.55, 0.35, a]
                    };
                    rings.push(Shape::ring(e.pos, r, 3.0, colour).glow(6.0));
                    // A few sparks fly out and fade: six for a normal enemy,
                    // ten for an elite or boss, for the newest bursts only
                    // (each is a shape, and shapes are what a software GPU
                    // pays for).
                    if sparks < MAX_SPARK_BURSTS && !self.fx_off.sparks {
                        sparks += 1;
                        let n = if big { 10 } else { 6 };
                        // The burst's position turns the star, so two bursts
                        // never look stamped from one mould.
                        let turn = (e.pos.x * 0.37 + e.pos.y * 0.61).rem_euclid(std::f32::consts::TAU);
                        for k in 0..n {
                            let ang = turn + std::f32::consts::TAU * k as f32 / n as f32;
                            let at = e.pos + Vec2::from_angle(ang) * (radius + 40.0 * t.sqrt());
                            discs.push(Shape::circle(at, 2.5 * (1.0 - t) + 0.5, colour));
                        }
                    }
                }
                _ if self.fx_off.rings && !matches!(e.kind, EffectKind::Damage { .. }) => {}
                EffectKind::Blast { radius } => {
                    let a = (1.0 - t) * back.of(e.pos);
                    rings.push(
                        Shape::ring(e.pos, radius * (0.5 + 0.5 * t), 4.0, [1.0, 0.6, 0.3, a]).glow(10.0),
                    );
                }
                EffectKind::Reaction { kind } => {
                    // Each reaction in its own colour and, while young, by
                    // name: a player must see which cell of the matrix fired.
                    // In a crowd the word becomes a small mark of its colour.
                    let [r, g, b] = reaction_colour(kind);
                    let a = (1.0 - t) * back.of(e.pos);
                    rings.push(Shape::ring(e.pos, 16.0 + 20.0 * t, 2.5, [r, g, b, a]).glow(6.0));
                    if crowd && marks < MAX_MARKS {
                        marks += 1;
                        let at = e.pos + Vec2::new(0.0, 20.0 + 10.0 * t);
                        discs.push(Shape::new(
                            ShapeKind::Diamond,
                            at,
                            Vec2::new(3.5, 5.0),
                            [r, g, b, a],
                        ));
                    } else if !crowd && t < 0.6 && labels < MAX_REACTION_LABELS {
                        labels += 1;
                        let text = reaction_label(kind);
                        let at = view.to_screen(e.pos + Vec2::new(0.0, 22.0 + 16.0 * t));
                        let at = view.clear_of_player(at, egui::vec2(4.0 * text.len() as f32, 8.0));
                        draw::screen_text(ctx, at, text, [r, g, b, 1.0 - t], 13.0);
                    }
                }
                EffectKind::LevelUp => {
                    rings.push(Shape::ring(e.pos, 20.0 + 80.0 * t, 4.0, [0.4, 1.0, 0.6, 1.0 - t]).glow(10.0));
                }
                // Blade sparks: hot, bigger than a shot's flash.
                EffectKind::MeleeHit => {
                    discs.push(
                        Shape::circle(e.pos, 14.0 * (1.0 - t) + 4.0, [1.0, 0.85, 0.5, 1.0 - t]).glow(10.0),
                    );
                }
                EffectKind::MeleeAbort => {
                    rings.push(Shape::ring(
                        e.pos,
                        30.0 + 20.0 * t,
                        3.0,
                        [0.6, 0.6, 0.6, 0.8 * (1.0 - t)],
                    ));
                }
                EffectKind::Parry => {
                    rings
                        .push(Shape::ring(e.pos, 12.0 + 40.0 * t, 5.0, [0.8, 0.95, 1.0, 1.0 - t]).glow(12.0));
                }
                EffectKind::PlayerHurt { .. } | EffectKind::DeathBurst { .. } => {}
            }
        }
        // Newest first: the cap keeps the rings that just appeared.
        rings.truncate(MAX_RINGS);
        scene.shapes.glow.extend(discs);
        scene.shapes.glow.extend(rings);
        if !self.fx_off.numbers {
            for n in self.numbers.layout(&view, self.sim_time) {
                draw::screen_text(ctx, n.at, &n.text, n.colour, n.size);
            }
        }
    }
}

/// How the player's own hits step back near its body (docs/art.md#light):
/// full outside `clear` world px of it, fading to a fifth inside 40 % of
/// that, as its shots do.
#[derive(Debug, Clone, Copy)]
struct StepBack {
    body: Vec2,
    clear: f32,
}

impl StepBack {
    fn of(&self, pos: Vec2) -> f32 {
        if self.clear <= 0.0 {
            return 1.0;
        }
        let k = ((pos.distance(self.body) / self.clear - 0.4) / 0.6).clamp(0.0, 1.0);
        0.2 + 0.8 * k
    }
}

/// The colour a reaction flashes in: the element that caused it (its
/// colour-blind colour when that set is on).
fn reaction_colour(kind: ReactionKind) -> [f32; 3] {
    use crate::element::Element;
    let element = match kind {
        ReactionKind::Ignite | ReactionKind::Vaporise | ReactionKind::OilBlast | ReactionKind::Melt => {
            Element::Fire
        }
        ReactionKind::Slow | ReactionKind::Freeze | ReactionKind::Quench => Element::Ice,
        ReactionKind::Paralyse | ReactionKind::Conduction | ReactionKind::Overload => Element::Lightning,
        ReactionKind::Shatter => Element::Physical,
        ReactionKind::Poison => Element::Poison,
    };
    let [r, g, b, _] = element.colour();
    [r, g, b]
}

/// What a reaction is called on screen.
fn reaction_label(kind: ReactionKind) -> &'static str {
    match kind {
        ReactionKind::Ignite => "ignite",
        ReactionKind::Vaporise => "VAPORISE",
        ReactionKind::OilBlast => "OIL BLAST",
        ReactionKind::Melt => "melt",
        ReactionKind::Slow => "slow",
        ReactionKind::Freeze => "FREEZE",
        ReactionKind::Quench => "quench",
        ReactionKind::Paralyse => "paralyse",
        ReactionKind::Conduction => "CONDUCTION",
        ReactionKind::Overload => "OVERLOAD",
        ReactionKind::Shatter => "SHATTER",
        ReactionKind::Poison => "poison",
    }
}

#[cfg(test)]
mod tests {
    use super::MAX_RINGS;
    use crate::world::{EffectKind, World};

    /// A thousand reactions alive draw at most [`MAX_RINGS`] rings.
    #[test]
    fn rings_are_capped_to_the_newest() {
        let cat = std::sync::Arc::new(
            crate::catalog::Catalog::load(&crate::data::default_root()).expect("data loads"),
        );
        let mut w = World::new(cat, 1, engine::gpu::Backend::Cpu, None).expect("world");
        for i in 0..1000 {
            w.effects.push(
                EffectKind::Reaction {
                    kind: crate::combat::ReactionKind::Freeze,
                },
                glam::Vec2::new(i as f32, 0.0),
                1.0,
            );
        }
        let fight = super::Fight::new(1.0 / 60.0, 4);
        let mut scene = engine::render::Scene::default();
        let ctx = egui::Context::default();
        let mut drawn = 0;
        let mut out = ctx.run_pass(egui::RawInput::default(), |ctx| {
            fight.draw_effects(&w, &mut scene, ctx, [1280, 720]);
            drawn = scene.shapes.glow.len();
        });
        // No renderer here: the font atlas update is dropped on purpose.
        out.textures_delta.clear();
        assert_eq!(drawn, MAX_RINGS, "only the newest rings");
        let newest = scene.shapes.glow[0].pos[0];
        assert_eq!(newest, 999.0, "the cap keeps the newest");
    }
}
