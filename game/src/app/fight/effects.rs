//! The fight's short-lived effects drawn each frame: hit flashes, damage
//! numbers, death bursts and sparks, reaction, blast, level-up, blade and
//! parry rings, each capped so a 2,000-shot build stays cheap to draw.

use engine::render::{Scene, Shape};
use glam::Vec2;

use super::super::{draw, palette};
use super::Fight;
use crate::combat::ReactionKind;
use crate::world::{EffectKind, World};

/// Damage numbers drawn at most per frame (the newest). Each is two egui
/// text runs (shadow and face); on a software rasteriser 80 of them cost
/// ~3 ms a frame, and in a crowd more than a few dozen cannot be read anyway.
const MAX_NUMBERS: usize = 32;
/// Reaction names drawn at most per frame (the newest); the rings show the rest.
const MAX_REACTION_LABELS: usize = 12;
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
    pub(super) fn draw_effects(
        &self,
        world: &World,
        scene: &mut Scene,
        ctx: &egui::Context,
        viewport: [u32; 2],
    ) {
        let camera = scene.camera;
        let mut numbers = 0;
        let mut flashes = 0;
        let mut labels = 0;
        let mut sparks = 0;
        // Discs and rings apart, so each group is one specialised draw.
        let mut discs = Vec::new();
        let mut rings = Vec::new();
        for e in world.effects.list.iter().rev() {
            let t = e.progress();
            match e.kind {
                EffectKind::Damage {
                    amount,
                    crit,
                    element,
                    ..
                } => {
                    if e.age < 0.05 && flashes < MAX_FLASHES && !self.fx_off.flashes {
                        flashes += 1;
                        // Hit flash at the impact.
                        let mut c = palette::FLASH;
                        c[3] = self.comfort.flashes;
                        discs.push(Shape::circle(e.pos, 10.0, c).glow(6.0));
                    }
                    if numbers < MAX_NUMBERS && !self.fx_off.numbers {
                        numbers += 1;
                        let pos = e.pos + Vec2::new(0.0, -18.0 - 30.0 * t);
                        // The element's colour, lifted toward white so small
                        // numbers read on the dark floor; a crit is bigger,
                        // full colour and marked with "!".
                        let [r, g, b, _] = element.colour();
                        let lift = if crit { 0.0 } else { 0.35 };
                        let colour = [
                            r + (1.0 - r) * lift,
                            g + (1.0 - g) * lift,
                            b + (1.0 - b) * lift,
                            1.0 - t,
                        ];
                        let (size, mark) = if crit { (20.0, "!") } else { (14.0, "") };
                        draw::world_text(
                            ctx,
                            &camera,
                            viewport,
                            pos,
                            &format!("{}{mark}", amount.round() as i64),
                            colour,
                            size,
                        );
                    }
                }
                EffectKind::PlayerHurt { amount } if !self.fx_off.numbers => {
                    let pos = e.pos + Vec2::new(0.0, -28.0 - 30.0 * t);
                    draw::world_text(
                        ctx,
                        &camera,
                        viewport,
                        pos,
                        &format!("-{}", amount.round() as i64),
                        [1.0, 0.3, 0.3, 1.0 - t],
                        16.0,
                    );
                }
                EffectKind::DeathBurst { radius, big } if !self.fx_off.bursts => {
                    let r = radius * (1.0 + 1.5 * t);
                    let a = 1.0 - t;
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
                    rings.push(
                        Shape::ring(e.pos, radius * (0.5 + 0.5 * t), 4.0, [1.0, 0.6, 0.3, 1.0 - t])
                            .glow(10.0),
                    );
                }
                EffectKind::Reaction { kind } => {
                    // Each reaction in its own colour and, while young, by
                    // name: a player must see which cell of the matrix fired.
                    let [r, g, b] = reaction_colour(kind);
                    rings.push(Shape::ring(e.pos, 16.0 + 20.0 * t, 2.5, [r, g, b, 1.0 - t]).glow(6.0));
                    if t < 0.6 && labels < MAX_REACTION_LABELS {
                        labels += 1;
                        let pos = e.pos + Vec2::new(0.0, 22.0 + 16.0 * t);
                        draw::world_text(
                            ctx,
                            &camera,
                            viewport,
                            pos,
                            reaction_label(kind),
                            [r, g, b, 1.0 - t],
                            13.0,
                        );
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
