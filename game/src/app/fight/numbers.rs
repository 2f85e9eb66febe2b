//! Damage numbers that read at any density (docs/art.md#numbers-and-marks): the hits
//! on one enemy within a short window merge into one number that grows;
//! at most [`MAX_SHOWN`] are drawn, the largest and the crits first, each
//! by its size and colour and never stacked on another; none covers the
//! player's body and ring. The view's own memory: it reads the world's
//! damage effects as they are pushed and writes nothing back.

use std::collections::HashMap;

use engine::render::Camera2d;
use glam::Vec2;

use crate::element::Element;
use crate::world::{EffectKind, World};

/// Seconds from a number's first hit in which the next hits on the same
/// enemy join it; a hit after that starts the next number, so a steady
/// stream reads as one total every half second, not a running sum.
pub const MERGE_S: f32 = 0.5;
/// Seconds a number stays after its last hit (the last third fades).
pub const HOLD_S: f32 = 0.75;
/// Numbers drawn at most: the largest and the crits. Each is two egui text
/// runs; more than this many cannot be read in a crowd anyway.
pub const MAX_SHOWN: usize = 16;
/// Points of text size for the smallest and the largest number shown.
const SIZE_MIN: f32 = 12.0;
const SIZE_MAX: f32 = 24.0;
/// A crit's number is this much larger than a plain one of the same amount.
const CRIT_SIZE: f32 = 4.0;
/// A crit's colour: hot gold, whatever the element.
const CRIT_COLOUR: [f32; 3] = [1.0, 0.86, 0.25];
/// World px beyond an enemy's radius in which a hit is taken as its own
/// (the enemy may have moved a few px between the step and the frame).
const MATCH_SLACK: f32 = 14.0;
/// Cell of the per-frame lookup grid, world px.
const CELL: f32 = 64.0;
/// World px around the player's body (beyond its radius) kept clear of
/// every number and word: the body, its ring and its low-HP beat.
pub const PLAYER_CLEAR: f32 = 24.0;

/// One merged number.
#[derive(Debug, Clone, Copy)]
struct Merged {
    /// The enemy slot it belongs to (`None`: no enemy found at the hit).
    slot: Option<u32>,
    /// Where it floats from, world px (follows its enemy while it lives).
    pos: Vec2,
    amount: f32,
    crit: bool,
    element: Element,
    /// The largest single hit that joined it (its colour's element).
    largest: f32,
    /// Fight time of its first hit (its merge window opens) and of its
    /// last (its hold runs from there).
    born: f32,
    last: f32,
}

/// What the view remembers of the numbers between frames.
#[derive(Debug, Default)]
pub struct Numbers {
    /// `Effects::pushed` when last read (`None` before the first frame).
    seen: Option<u64>,
    list: Vec<Merged>,
}

/// One number as it is drawn this frame.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    /// Screen point (egui points) of its centre.
    pub at: egui::Pos2,
    /// The words.
    pub text: String,
    /// Text size, points.
    pub size: f32,
    /// Colour with its fade.
    pub colour: [f32; 4],
}

impl Numbers {
    /// Reads the damage effects pushed since the last frame and merges
    /// each into the number of the enemy it hit.
    pub fn ingest(&mut self, world: &World, time: f32) {
        let pushed = world.effects.pushed;
        let Some(mut seen) = self.seen.replace(pushed) else {
            return;
        };
        if pushed < seen {
            // Another world (a new wave's list, the range): all of it is new.
            seen = 0;
            self.list.clear();
        }
        let fresh = world.effects.fresh(seen);
        if !fresh.iter().any(|e| matches!(e.kind, EffectKind::Damage { .. })) {
            self.forget(world, time);
            return;
        }
        let grid = Grid::of(world);
        for e in fresh {
            let EffectKind::Damage {
                amount,
                crit,
                element,
                ..
            } = e.kind
            else {
                continue;
            };
            let slot = grid.nearest(world, e.pos);
            self.add(slot, e.pos, amount, crit, element, time);
        }
        self.forget(world, time);
    }

    fn add(&mut self, slot: Option<u32>, pos: Vec2, amount: f32, crit: bool, element: Element, time: f32) {
        let same = |m: &Merged| {
            time - m.born <= MERGE_S
                && match (slot, m.slot) {
                    (Some(a), Some(b)) => a == b,
                    (None, None) => m.pos.distance_squared(pos) < MATCH_SLACK * MATCH_SLACK,
                    _ => false,
                }
        };
        match self.list.iter_mut().find(|m| same(m)) {
            Some(m) => {
                m.amount += amount;
                m.crit |= crit;
                m.pos = pos;
                m.last = time;
                if amount > m.largest {
                    m.largest = amount;
                    m.element = element;
                }
            }
            None => self.list.push(Merged {
                slot,
                pos,
                amount,
                crit,
                element,
                largest: amount,
                born: time,
                last: time,
            }),
        }
    }

    /// Numbers follow their living enemy; finished ones go.
    fn forget(&mut self, world: &World, time: f32) {
        self.list.retain(|m| time - m.last < HOLD_S);
        for m in &mut self.list {
            if let Some(e) = m.slot.and_then(|s| world.enemies().get(s))
                && e.alive
                && time - m.born <= MERGE_S
            {
                m.pos = e.pos;
            }
        }
    }

    /// Numbers alive (merged), drawn or not.
    pub fn alive(&self) -> usize {
        self.list.len()
    }

    /// The numbers to draw this frame, in screen points, at most
    /// [`MAX_SHOWN`]: ranked by amount (a crit counts double), each placed
    /// only where it overlaps no number ranked above it and clear of the
    /// player's body and ring (pushed out of that circle first).
    pub fn layout(&self, view: &View, time: f32) -> Vec<Shown> {
        let mut ranked: Vec<&Merged> = self.list.iter().collect();
        let score = |m: &Merged| m.amount * if m.crit { 2.0 } else { 1.0 };
        ranked.sort_by(|a, b| score(b).total_cmp(&score(a)));
        let top = ranked.first().map_or(1.0, |m| m.amount.max(1.0));
        let mut taken: Vec<egui::Rect> = Vec::new();
        let mut out = Vec::new();
        for m in ranked {
            if out.len() == MAX_SHOWN {
                break;
            }
            let age = time - m.last;
            let fade = (1.0 - (age - HOLD_S * 0.66) / (HOLD_S * 0.34)).clamp(0.0, 1.0);
            // Sizes by share of the largest number on screen: the big one
            // reads first, the chip damage stays small.
            let share = (m.amount / top).clamp(0.0, 1.0).sqrt();
            let mut size = SIZE_MIN + (SIZE_MAX - SIZE_MIN) * share;
            if m.crit {
                size += CRIT_SIZE;
            }
            // A hit that just joined swells the number for a moment.
            size *= 1.0 + 0.18 * view.flashes * (1.0 - age / 0.12).clamp(0.0, 1.0);
            let size = text_size(size);
            let rise = 14.0 + 18.0 * (age / HOLD_S);
            let text = if m.crit {
                format!("{}!", m.amount.round() as i64)
            } else {
                format!("{}", m.amount.round() as i64)
            };
            let mut at = view.to_screen(m.pos) - egui::vec2(0.0, rise);
            let half = egui::vec2(0.3 * size * text.len() as f32 + 2.0, 0.5 * size + 1.0);
            at = view.clear_of_player(at, half);
            let rect = egui::Rect::from_center_size(at, half * 2.0);
            if taken.iter().any(|r| r.intersects(rect)) {
                continue;
            }
            taken.push(rect);
            out.push(Shown {
                at,
                text,
                size,
                colour: number_colour(m.crit, m.element, fade),
            });
        }
        out
    }
}

/// `size` on the 2-point steps text is drawn at: egui lays out and
/// rasterises each glyph once per size, so a number's smooth growth would
/// cost a new glyph set every frame (measured at `--stress 2000`).
pub fn text_size(size: f32) -> f32 {
    (size * 0.5).round() * 2.0
}

/// The colour of a number: a crit's hot gold, else its element's colour
/// lifted toward white so small numbers read on the dark floor.
fn number_colour(crit: bool, element: Element, alpha: f32) -> [f32; 4] {
    if crit {
        let [r, g, b] = CRIT_COLOUR;
        return [r, g, b, alpha];
    }
    let [r, g, b, _] = element.colour();
    let lift = 0.35;
    [
        r + (1.0 - r) * lift,
        g + (1.0 - g) * lift,
        b + (1.0 - b) * lift,
        alpha,
    ]
}

/// Where the world lies on screen this frame, for laying out text.
#[derive(Debug, Clone, Copy)]
pub struct View {
    /// The camera the world is drawn with.
    pub camera: Camera2d,
    /// The target's size, px.
    pub viewport: [u32; 2],
    /// egui points per pixel's inverse (pixels per point).
    pub ppp: f32,
    /// The player's centre and the radius kept clear around it, points.
    pub player: egui::Pos2,
    /// Radius of the clear circle, points.
    pub clear: f32,
    /// The comfort setting's flash strength (1 full).
    pub flashes: f32,
}

impl View {
    /// The view of `world` through `camera`.
    pub fn new(camera: Camera2d, viewport: [u32; 2], ppp: f32, world: &World, flashes: f32) -> Self {
        let ppp = ppp.max(1e-3);
        let p = camera.world_to_screen(world.player.pos, viewport) / ppp;
        Self {
            camera,
            viewport,
            ppp,
            player: egui::pos2(p.x, p.y),
            clear: (world.player.radius + PLAYER_CLEAR) * camera.zoom / ppp,
            flashes,
        }
    }

    /// A world point on screen, points.
    pub fn to_screen(&self, pos: Vec2) -> egui::Pos2 {
        let s = self.camera.world_to_screen(pos, self.viewport) / self.ppp;
        egui::pos2(s.x, s.y)
    }

    /// `at` moved straight away from the player until a box of `half`
    /// extents centred there no longer touches the player's clear circle.
    pub fn clear_of_player(&self, at: egui::Pos2, half: egui::Vec2) -> egui::Pos2 {
        let d = at - self.player;
        // The box's reach toward the player along the way out.
        let dir = if d.length() < 1e-3 {
            egui::vec2(0.0, -1.0)
        } else {
            d.normalized()
        };
        let reach = (dir.x * half.x).abs() + (dir.y * half.y).abs();
        let need = self.clear + reach;
        if d.length() >= need {
            at
        } else {
            self.player + dir * need
        }
    }
}

/// The living enemies by grid cell, for matching a hit to its enemy.
struct Grid(HashMap<(i32, i32), Vec<u32>>);

impl Grid {
    fn key(p: Vec2) -> (i32, i32) {
        ((p.x / CELL).floor() as i32, (p.y / CELL).floor() as i32)
    }

    fn of(world: &World) -> Self {
        let mut map: HashMap<(i32, i32), Vec<u32>> = HashMap::new();
        for (i, e) in world.enemies().slots().iter().enumerate() {
            // The dead too: a killing blow's enemy died in the same step.
            if e.hp_max > 0.0 {
                map.entry(Self::key(e.pos)).or_default().push(i as u32);
            }
        }
        Self(map)
    }

    /// The enemy whose body holds `pos` (within a few px), the nearest.
    fn nearest(&self, world: &World, pos: Vec2) -> Option<u32> {
        let (cx, cy) = Self::key(pos);
        let mut best: Option<(f32, u32)> = None;
        for dx in -1..=1 {
            for dy in -1..=1 {
                for &s in self.0.get(&(cx + dx, cy + dy)).into_iter().flatten() {
                    let Some(e) = world.enemies().get(s) else { continue };
                    let d = e.pos.distance(pos);
                    if d <= e.radius + MATCH_SLACK && best.is_none_or(|b| d < b.0) {
                        best = Some((d, s));
                    }
                }
            }
        }
        best.map(|b| b.1)
    }
}

#[cfg(test)]
#[path = "numbers_tests.rs"]
mod tests;
