//! What the death beat needs that the run no longer has when it plays
//! (docs/art.md#transitions): the run clears the field in the step the
//! player falls (`World::end_wave`), so the killer is gone from the world
//! before the beat's first frame. While the player is low, the window keeps
//! the enemies and pools nearest the player each frame, as seen before the
//! step; the beat rings the nearest of them that bears the killing blow's
//! name. Presentation only: it reads the world, never writes it.

use engine::render::Shape;
use engine::window::Frame;
use glam::Vec2;

use super::{draw, palette};
use crate::world::World;
use crate::world::blows::HarmKind;

/// Under this share of max HP the window starts keeping the candidates.
const LOW_SHARE: f32 = 0.5;
/// Candidates kept: the nearest enemies (a swarm's killer is near).
const KEPT: usize = 24;

/// One body near the player at the last frame before its death.
#[derive(Debug, Clone, PartialEq)]
struct Near {
    pos: Vec2,
    radius: f32,
    /// The name a blow from it carries (an enemy's or a boss's name).
    name: String,
}

/// The candidates for the killer, kept frame by frame while the player is low.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Killers {
    enemies: Vec<Near>,
    pool: Option<(Vec2, f32)>,
}

impl Killers {
    /// Keeps the nearest enemies and pool of a fight's `world` while its
    /// player is low; forgets them otherwise.
    pub(super) fn watch(&mut self, world: &World) {
        let p = &world.player;
        self.enemies.clear();
        self.pool = None;
        if !p.alive() || p.hp > p.hp_max() * LOW_SHARE {
            return;
        }
        let me = p.pos;
        let defs = &world.catalog().enemies.defs;
        let mut near: Vec<(f32, Vec2, f32, u32, Option<&str>)> = world
            .enemies()
            .slots()
            .iter()
            .filter(|e| e.alive)
            .map(|e| {
                let boss = e.boss.as_ref().map(|b| b.def.display_name.as_str());
                (e.pos.distance_squared(me), e.pos, e.radius, e.kind, boss)
            })
            .collect();
        if near.len() > KEPT {
            near.select_nth_unstable_by(KEPT, |a, b| a.0.total_cmp(&b.0));
            near.truncate(KEPT);
        }
        self.enemies
            .extend(near.into_iter().map(|(_, pos, radius, kind, boss)| {
                Near {
                    pos,
                    radius,
                    name: boss
                        .map(str::to_string)
                        .or_else(|| defs.get(kind as usize).map(|d| d.name.clone()))
                        .unwrap_or_default(),
                }
            }));
        self.pool = world
            .enemies()
            .pools()
            .iter()
            .map(|p| (Vec2::from(p.center), p.radius))
            .min_by(|a, b| a.0.distance_squared(me).total_cmp(&b.0.distance_squared(me)));
    }

    /// Where the killer of the dead player in `world` stood: the nearest
    /// kept enemy of the killing blow's name, or the nearest pool for a pool.
    pub(super) fn killer(&self, world: &World) -> Option<(Vec2, f32)> {
        let last = world.stats.recent_harm.last()?;
        let me = world.player.pos;
        match last.kind {
            HarmKind::Enemy | HarmKind::Boss => self
                .enemies
                .iter()
                .filter(|n| n.name == last.source)
                .map(|n| (n.pos, n.radius))
                .min_by(|a, b| a.0.distance_squared(me).total_cmp(&b.0.distance_squared(me))),
            HarmKind::Pool => self.pool,
            _ => None,
        }
    }
}

/// Rings the killer at `at` (position, radius), ties it to the fallen
/// body at `me` and writes its `name` over it, in the tell's cream,
/// pulsing; `t` runs 0 → 1 over the beat and draws the ring in from wide.
/// The ring is never smaller than a mite's body needs to stand out of a
/// crowd pressed against the player, and the name says which of the crowd
/// it was (the summary names it again).
pub(super) fn ring_killer(
    frame: &mut Frame<'_>,
    ctx: &egui::Context,
    me: Vec2,
    at: (Vec2, f32),
    name: &str,
    t: f32,
) {
    let (pos, r) = at;
    let scene = &mut *frame.scene;
    let pulse = 0.5 + 0.5 * (scene.time * 12.0).sin();
    let mut c = palette::TELL;
    c[3] = 0.7 + 0.3 * pulse;
    let radius = (r + 12.0).max(22.0) + 36.0 * (1.0 - t);
    let top = &mut scene.shapes.top;
    top.push(Shape::ring(pos, radius, 5.0, c).glow(14.0));
    let mut tie = c;
    tie[3] *= 0.6;
    top.push(Shape::line(me, pos, 3.0, tie));
    let over = pos - Vec2::new(0.0, radius + 14.0);
    draw::world_text(ctx, &scene.camera, frame.size, over, name, palette::TELL, 16.0);
}
