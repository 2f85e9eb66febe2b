//! The reactive field of high quality (docs/art.md#the-arena): the floor's
//! grid is a damped spring-mass sheet, one node on each crossing of the
//! fine grid (50 px apart, 2,401 nodes on the 2,400 px arena), that blasts
//! push out, black holes pull in and a boss's weight and phase shocks
//! shake. It is fed each frame from what the step already reports (the
//! effects it pushed, the areas on the floor, the bosses' phases) and
//! stepped by the frame's own time, never the run's: presentation only,
//! nothing is written back and no random stream is drawn, so the run is the
//! same with or without it. Low quality leaves it out.

use engine::render::{BloomStyle, Scene};
use glam::Vec2;

use super::Fight;
use crate::combat::ReactionKind;
use crate::world::{AreaKind, EffectKind, World};

/// Distance between nodes, world px: the fine grid's spacing, so every
/// fine line runs through a row or column of nodes.
pub const NODE_STEP: f32 = 50.0;
/// The fixed sub-step the sheet is integrated at, s: stable for its
/// stiffest mode (ω·dt ≈ 0.26) and the same sheet on any frame rate.
const SUBSTEP_S: f32 = 1.0 / 120.0;
/// Longest frame stepped, s: after a hitch or a menu the sheet takes one
/// short step instead of a burst.
const MAX_FRAME_S: f32 = 0.1;
/// Spring from each node to its rest place, 1/s².
const HOME: f32 = 60.0;
/// Spring between neighbours, 1/s²: ripples run at NODE_STEP·√LINK ≈ 740 px/s.
const LINK: f32 = 220.0;
/// Velocity damping, 1/s: a blast's ripple is gone in about a second.
const DAMPING: f32 = 5.0;
/// Farthest a node strays from its rest place, px: bounded however many
/// blasts land at once (under half a cell, so lines never cross).
pub const MAX_DISPLACEMENT: f32 = 0.45 * NODE_STEP;
/// Fastest a node moves, px/s.
const MAX_SPEED: f32 = 1200.0;
/// Effects that kick the sheet per frame, the newest: a crowd's thousand
/// deaths a second cost no more than 64 kicks a frame.
const MAX_KICKS: usize = 64;
/// Below this much motion (px² and px²/s² summed over the sheet) it rests
/// and is not stepped.
const CALM: f32 = 1e-3;
/// Effects at most this old count as fresh on the sheet's first frame, s.
const YOUNG_S: f32 = 0.05;
/// Seconds between the footfalls of a boss (its weight on the floor).
const BOSS_STEP_S: f32 = 0.6;

/// The sheet: each node's displacement from its rest place and its velocity.
#[derive(Debug, Clone, Default)]
pub struct Field {
    /// World position of node (0, 0); nodes lie on multiples of NODE_STEP.
    origin: Vec2,
    cols: usize,
    rows: usize,
    disp: Vec<Vec2>,
    vel: Vec<Vec2>,
    /// Pulls in force this frame: (centre, radius, px/s² at the centre).
    wells: Vec<(Vec2, f32, f32)>,
    /// Scene time of the last step (`None`: not stepped since made or low).
    time: Option<f32>,
    /// Sub-step time owed from earlier frames, s.
    owed: f32,
    /// `Effects::pushed` when last fed (`None`: not fed yet).
    seen: Option<u64>,
    /// Phase of each boss by slot, as last seen.
    boss_phases: Vec<(usize, usize)>,
}

impl Field {
    /// A sheet at rest covering `min..max` (world px), or this one when it
    /// already covers exactly that.
    pub fn fit(&mut self, min: Vec2, max: Vec2) {
        let first = (min / NODE_STEP).ceil();
        let last = (max / NODE_STEP).floor();
        let cols = (last.x - first.x + 1.0).max(0.0) as usize;
        let rows = (last.y - first.y + 1.0).max(0.0) as usize;
        let origin = first * NODE_STEP;
        if (cols, rows, origin) == (self.cols, self.rows, self.origin) {
            return;
        }
        *self = Self {
            origin,
            cols,
            rows,
            disp: vec![Vec2::ZERO; cols * rows],
            vel: vec![Vec2::ZERO; cols * rows],
            ..Self::default()
        };
    }

    /// Pushes the nodes within `radius` of `at` outward at up to `speed`
    /// px/s (most at the centre, none at the edge).
    pub fn kick(&mut self, at: Vec2, radius: f32, speed: f32) {
        self.for_nodes_near(at, radius, |d, k, vel| {
            if let Some(dir) = d.try_normalize() {
                *vel += dir * speed * k * k;
            }
        });
    }

    /// Pulls the nodes within `radius` of `at` inward this frame at up to
    /// `accel` px/s² (a black hole bending the floor toward it).
    pub fn pull(&mut self, at: Vec2, radius: f32, accel: f32) {
        self.wells.push((at, radius, accel));
    }

    /// Calls `f(offset from at, 1 - distance/radius, velocity)` for every
    /// node within `radius` of `at`.
    fn for_nodes_near(&mut self, at: Vec2, radius: f32, mut f: impl FnMut(Vec2, f32, &mut Vec2)) {
        if self.disp.is_empty() || radius <= 0.0 {
            return;
        }
        let lo = ((at - radius - self.origin) / NODE_STEP).ceil().max(Vec2::ZERO);
        let hi = ((at + radius - self.origin) / NODE_STEP).floor();
        let hi = hi.min(Vec2::new(self.cols as f32 - 1.0, self.rows as f32 - 1.0));
        if hi.x < lo.x || hi.y < lo.y {
            return;
        }
        for j in lo.y as usize..=hi.y as usize {
            for i in lo.x as usize..=hi.x as usize {
                let rest = self.origin + Vec2::new(i as f32, j as f32) * NODE_STEP;
                let d = rest - at;
                let k = 1.0 - d.length() / radius;
                if k > 0.0 {
                    f(d, k, &mut self.vel[j * self.cols + i]);
                }
            }
        }
    }

    /// Steps the sheet to scene time `time` in fixed sub-steps (the first
    /// call only starts the clock); the wells of this frame are spent.
    pub fn step_to(&mut self, time: f32) {
        let dt = self.time.map_or(0.0, |t| (time - t).clamp(0.0, MAX_FRAME_S));
        self.time = Some(time);
        self.owed += dt;
        let wells = std::mem::take(&mut self.wells);
        if wells.is_empty() && self.motion() < CALM {
            self.owed = 0.0;
            return;
        }
        while self.owed >= SUBSTEP_S {
            self.owed -= SUBSTEP_S;
            self.substep(&wells);
        }
    }

    fn substep(&mut self, wells: &[(Vec2, f32, f32)]) {
        let (cols, rows) = (self.cols, self.rows);
        let disp = &self.disp;
        for j in 0..rows {
            for i in 0..cols {
                let n = j * cols + i;
                let d = disp[n];
                // Neighbours past the edge are held at rest (the walls).
                let at = |ii: isize, jj: isize| {
                    if ii < 0 || jj < 0 || ii >= cols as isize || jj >= rows as isize {
                        Vec2::ZERO
                    } else {
                        disp[jj as usize * cols + ii as usize]
                    }
                };
                let (ii, jj) = (i as isize, j as isize);
                let lap = at(ii - 1, jj) + at(ii + 1, jj) + at(ii, jj - 1) + at(ii, jj + 1) - 4.0 * d;
                let mut acc = -HOME * d + LINK * lap - DAMPING * self.vel[n];
                for &(c, r, a) in wells {
                    let rest = self.origin + Vec2::new(i as f32, j as f32) * NODE_STEP;
                    let to = c - rest - d;
                    let k = 1.0 - (c - rest).length() / r;
                    if k > 0.0 {
                        acc += to.normalize_or_zero() * a * k;
                    }
                }
                self.vel[n] = (self.vel[n] + acc * SUBSTEP_S).clamp_length_max(MAX_SPEED);
            }
        }
        for (d, v) in self.disp.iter_mut().zip(&self.vel) {
            *d = (*d + *v * SUBSTEP_S).clamp_length_max(MAX_DISPLACEMENT);
        }
    }

    /// How much the sheet moves: squared displacement plus squared speed
    /// (scaled to px² a substep), summed.
    pub fn motion(&self) -> f32 {
        let s2 = SUBSTEP_S * SUBSTEP_S;
        self.disp
            .iter()
            .zip(&self.vel)
            .map(|(d, v)| d.length_squared() + v.length_squared() * s2)
            .sum()
    }

    /// The largest displacement of any node, px.
    pub fn max_displacement(&self) -> f32 {
        self.disp.iter().map(|d| d.length()).fold(0.0, f32::max)
    }

    /// The sheet's displacement at world point `p`: bilinear between the
    /// four nearest nodes, none outside the sheet.
    pub fn displacement(&self, p: Vec2) -> Vec2 {
        if self.disp.is_empty() {
            return Vec2::ZERO;
        }
        let g = (p - self.origin) / NODE_STEP;
        let (x0, y0) = (g.x.floor(), g.y.floor());
        let (fx, fy) = (g.x - x0, g.y - y0);
        let node = |i: f32, j: f32| {
            if i < 0.0 || j < 0.0 || i >= self.cols as f32 || j >= self.rows as f32 {
                Vec2::ZERO
            } else {
                self.disp[j as usize * self.cols + i as usize]
            }
        };
        node(x0, y0) * (1.0 - fx) * (1.0 - fy)
            + node(x0 + 1.0, y0) * fx * (1.0 - fy)
            + node(x0, y0 + 1.0) * (1.0 - fx) * fy
            + node(x0 + 1.0, y0 + 1.0) * fx * fy
    }

    /// Feeds the sheet from what the world reports this frame (read only):
    /// the effects pushed since the last frame (the newest [`MAX_KICKS`]),
    /// the black holes on the floor, and each boss's footfalls and phase
    /// changes. `time` is the scene time (the footfalls' beat).
    pub fn feed(&mut self, world: &World, time: f32) {
        let pushed = world.effects.pushed;
        let list = &world.effects.list;
        let fresh = match self.seen {
            Some(s) if s <= pushed => world.effects.fresh(s),
            // The first frame, or another world: what was born within a
            // few frames (a view opened on a blast still shows it).
            _ => {
                let young = list.iter().rev().take_while(|e| e.age <= YOUNG_S).count();
                &list[list.len() - young..]
            }
        };
        self.seen = Some(pushed);
        let mut kicks = 0;
        for e in fresh.iter().rev() {
            if kicks >= MAX_KICKS {
                break;
            }
            let Some((radius, speed)) = kick_of(&e.kind) else {
                continue;
            };
            kicks += 1;
            self.kick(e.pos, radius, speed);
        }
        for a in world.areas() {
            if matches!(a.kind, AreaKind::BlackHole) {
                self.pull(a.pos, a.radius * 1.8, 2400.0);
            }
        }
        // A footfall when the frame crosses a beat (none on the first frame).
        let beat = self
            .time
            .is_some_and(|t| (time / BOSS_STEP_S).floor() != (t / BOSS_STEP_S).floor());
        let mut phases = Vec::new();
        for (slot, e) in world.enemies().slots().iter().enumerate() {
            let Some(boss) = e.boss.as_ref().filter(|_| e.alive) else {
                continue;
            };
            phases.push((slot, boss.phase));
            let was = self.boss_phases.iter().find(|(s, _)| *s == slot);
            if was.is_some_and(|&(_, p)| p != boss.phase) {
                // A phase change: a shock through the whole screen.
                self.kick(e.pos, 480.0, 1100.0);
            } else if beat {
                self.kick(e.pos, e.radius * 3.0, 260.0);
            }
        }
        self.boss_phases = phases;
    }
}

/// How an effect kicks the sheet: (radius px, speed px/s), or not at all.
fn kick_of(kind: &EffectKind) -> Option<(f32, f32)> {
    match *kind {
        EffectKind::Blast { radius } => Some((radius.max(60.0) * 1.6, 700.0)),
        EffectKind::Reaction {
            kind:
                ReactionKind::OilBlast | ReactionKind::Vaporise | ReactionKind::Overload | ReactionKind::Shatter,
        } => Some((130.0, 320.0)),
        EffectKind::DeathBurst { big: true, .. } => Some((200.0, 420.0)),
        EffectKind::DeathBurst { big: false, radius } => Some((radius * 3.0 + 30.0, 90.0)),
        EffectKind::Damage { big: true, .. } => Some((90.0, 160.0)),
        _ => None,
    }
}

/// The bloom in a crowd of the player's own shots, `crowd` 0 (a few dozen,
/// the full bloom) to 1 (500 and more): a crowd of shots overlaps into
/// white, which the full bloom turned into one glare over the whole middle
/// of the screen, the body and the enemy shots lost in it (`--stress 2000`).
/// So the bloom falls to 0.2 and is cleared from the body out to 1.5 times
/// the shots' own clearing (`body_clear` target px), nothing left on the
/// body itself (docs/art.md#light).
fn crowd_bloom(crowd: f32, body: Vec2, body_clear: f32) -> BloomStyle {
    let full = BloomStyle::default();
    BloomStyle {
        intensity: full.intensity + (0.2 - full.intensity) * crowd,
        body: body.to_array(),
        body_clear: 1.5 * body_clear,
        body_floor: full.body_floor * (1.0 - crowd),
        ..full
    }
}

impl Fight {
    /// High quality's extras before anything is drawn: the bloom's style
    /// (faded at the body in a crowd of its own shots, docs/art.md#light)
    /// and the field fed and stepped to this frame. At low quality neither
    /// exists: no bloom pass, a sheet at rest that is not stepped.
    pub(super) fn prepare_high(&mut self, w: &World, scene: &mut Scene, viewport: [u32; 2]) {
        if !scene.glow {
            self.field.time = None;
            scene.bloom = None;
            return;
        }
        if self.fx_off.field {
            self.field.time = None;
        } else {
            let arena = &w.catalog().run.world.arena;
            self.field.fit(arena.min(), arena.max());
            self.field.feed(w, scene.time);
            self.field.step_to(scene.time);
        }
        if self.fx_off.bloom {
            scene.bloom = None;
            return;
        }
        let body = scene.camera.world_to_screen(w.player.pos, viewport);
        let clear = super::body_clear(w.counters.player_projectiles);
        scene.bloom = Some(crowd_bloom(
            clear / super::BODY_CLEAR,
            body,
            clear * scene.camera.zoom,
        ));
    }
}

#[cfg(test)]
#[path = "field_tests.rs"]
mod tests;
