//! Enemy bodies that move and read (docs/art.md#motion): each archetype's
//! silhouette, spawned in, walking with a bob and a squash, turned to its
//! facing, swelling under a wind-up tell, flashing white when hit, squashed
//! by knockback; elites and bosses bigger, a boss's phase change a shock
//! ring. Everything here is read from the world's state plus the view's own
//! memory of each slot ([`BodyMemory`]); nothing is written back, so the run
//! is the same with or without it.

use engine::render::{Layer, Scene, Shape, ShapeKind};
use glam::Vec2;

use super::super::palette;
use crate::enemies::look::{BodyColour, BodyShape, Look};
use crate::enemies::state::{AiPhase, EnemyState};
use crate::world::World;

/// Seconds a new enemy takes to grow in.
const SPAWN_S: f32 = 0.3;
/// Seconds a hit keeps an enemy white.
const HIT_FLASH_S: f32 = 0.09;
/// Seconds a boss's phase change shows.
const PHASE_S: f32 = 1.2;
/// Past this many enemies alive the eyes (a facing mark per body) are left
/// out: at the design load's 1,000 bodies they were the bodies' cost again
/// on a software rasteriser, and a crowd that size reads by silhouette.
const EYES_UP_TO: usize = 400;
/// Spawn rings drawn at most per frame.
const MAX_SPAWN_RINGS: usize = 12;
/// Wind-up rings drawn at most per frame, the nearest the player's: the
/// attacks about to land on it. At the design load a few hundred bodies
/// wind up at once, and a ring each was a seventh of the frame on lavapipe.
const MAX_WINDUP_RINGS: usize = 16;

/// What the view remembers of one enemy slot between frames.
#[derive(Debug, Clone, Copy)]
struct SlotView {
    alive: bool,
    kind: u32,
    /// Scene time it was first seen alive.
    born: f32,
    /// Scene time of its last hit (HP went down).
    hit: f32,
    hp: f32,
    /// Scene time of a boss's last phase change, and the phase.
    phase_at: f32,
    phase: usize,
    /// How it was last drawn: for the wave-clear dissolve.
    pos: Vec2,
    radius: f32,
    shape: ShapeKind,
    colour: [f32; 4],
}

impl Default for SlotView {
    fn default() -> Self {
        Self {
            alive: false,
            kind: 0,
            born: 0.0,
            hit: f32::NEG_INFINITY,
            hp: 0.0,
            phase_at: f32::NEG_INFINITY,
            phase: 0,
            pos: Vec2::ZERO,
            radius: 0.0,
            shape: ShapeKind::Circle,
            colour: [0.0; 4],
        }
    }
}

/// The view's memory of the enemy slots, by slot index.
#[derive(Debug, Default)]
pub struct BodyMemory {
    slots: Vec<SlotView>,
    /// Scene time of the last frame the world had a fight in it.
    pub last_seen: f32,
    /// Coins on the floor at that frame (position, seconds left).
    pub coins: Vec<(Vec2, f32)>,
    /// Where the player stood then (`None` before any fight was drawn).
    pub player: Option<Vec2>,
}

/// The look of one body this frame.
struct Pose {
    size: Vec2,
    pos: Vec2,
    rot: f32,
    colour: [f32; 4],
}

impl BodyMemory {
    /// Remembers slot `i` as seen at `time`; returns its view. In the
    /// view's first frame every body counts as long there (a fight opened
    /// mid-wave does not spawn its crowd in again).
    fn see(&mut self, i: usize, e: &EnemyState, time: f32) -> SlotView {
        let born = if self.player.is_none() {
            f32::NEG_INFINITY
        } else {
            time
        };
        if self.slots.len() <= i {
            self.slots.resize(i + 1, SlotView::default());
        }
        let v = &mut self.slots[i];
        if !v.alive || v.kind != e.kind {
            *v = SlotView {
                alive: true,
                kind: e.kind,
                born,
                hp: e.hp,
                phase: e.boss.as_ref().map_or(0, |b| b.phase),
                ..SlotView::default()
            };
        }
        if e.hp < v.hp - 1e-3 {
            v.hit = time;
        }
        v.hp = e.hp;
        if let Some(b) = &e.boss
            && b.phase != v.phase
        {
            v.phase = b.phase;
            v.phase_at = time;
        }
        *v
    }

    /// Slots from `alive` up are free now.
    fn forget_dead(&mut self, world: &World) {
        for (v, e) in self.slots.iter_mut().zip(world.enemies().slots()) {
            if !e.alive {
                v.alive = false;
            }
        }
    }

    /// The bodies of the last fight frame and the coins then, dissolving
    /// as the wave-clear beat runs (`t` 0 → 1; docs/art.md#transitions):
    /// enemies shrink, whiten and fade; coins fly to the player when the
    /// wave end banks them (`collected`), else fade out where they lay.
    pub fn dissolve(&self, scene: &mut Scene, t: f32, collected: bool) {
        let t = t.clamp(0.0, 1.0);
        let fade = 1.0 - t;
        for v in self.slots.iter().filter(|v| v.alive) {
            let mut c = neon(mix(v.colour, palette::FLASH, 0.6 * t));
            c[3] *= fade;
            let size = Vec2::splat(v.radius * (1.0 - 0.7 * t));
            let pos = v.pos + Vec2::new(0.0, -18.0 * t);
            scene
                .shapes
                .push(Layer::Ground, Shape::new(v.shape, pos, size, c).outlined(2.5));
        }
        for &(pos, _) in &self.coins {
            let (at, a) = if collected {
                (pos.lerp(self.player.unwrap_or(pos), t * t), 1.0 - t * t)
            } else {
                (pos, fade)
            };
            let mut c = palette::COIN;
            c[3] *= a;
            scene.shapes.push(
                Layer::Ground,
                Shape::new(ShapeKind::Diamond, at, Vec2::new(5.0, 7.0), c),
            );
        }
    }
}

/// A body's fill for its colour `c` (docs/art.md#silhouettes): darker, and
/// just short of opaque, which makes the shape's rim bright instead of
/// dark (`shape_alpha_color` in `shaders/render_look.wgsl`): the neon
/// edge on a dim body, at no extra shape.
fn neon(c: [f32; 4]) -> [f32; 4] {
    [c[0] * 0.62, c[1] * 0.62, c[2] * 0.62, c[3].min(0.97)]
}

fn mix(a: [f32; 4], b: [f32; 4], k: f32) -> [f32; 4] {
    let k = k.clamp(0.0, 1.0);
    [
        a[0] + (b[0] - a[0]) * k,
        a[1] + (b[1] - a[1]) * k,
        a[2] + (b[2] - a[2]) * k,
        a[3] + (b[3] - a[3]) * k,
    ]
}

/// The look of a body whose kind the catalogue lacks (never in shipped data).
const UNKNOWN_LOOK: Look = Look {
    shape: BodyShape::Circle,
    colour: BodyColour::Dusk,
};

/// Silhouette and colour index of an enemy: the look its archetype names in
/// `data/enemies.json`, one shape per role so a crowd reads at a glance
/// (docs/art.md#silhouettes); a boss always looks like a boss.
pub fn silhouette(look: Look, boss: bool) -> (ShapeKind, usize) {
    let look = if boss { Look::BOSS } else { look };
    let kind = match look.shape {
        BodyShape::Circle => ShapeKind::Circle,
        BodyShape::Bar => ShapeKind::Line,
        BodyShape::Triangle => ShapeKind::Triangle,
        BodyShape::Square => ShapeKind::Square,
        BodyShape::Diamond => ShapeKind::Diamond,
        BodyShape::Hexagon => ShapeKind::Hexagon,
    };
    (kind, look.colour.index())
}

/// The ring colour of the most telling status an enemy carries (frozen,
/// burning, wet, oily, paralysed, slowed, poisoned, in that order).
/// Element statuses take their element's colour, so the colour-blind set
/// carries over.
fn status_ring(st: &crate::combat::StatusSet) -> Option<[f32; 4]> {
    use crate::combat::Status;
    use crate::element::Element;
    let el = |e: Element, a: f32| {
        let [r, g, b, _] = e.colour();
        [r, g, b, a]
    };
    [
        (Status::Frozen, [0.85, 0.95, 1.0, 0.95]),
        (Status::Burning, el(Element::Fire, 0.9)),
        (Status::Wet, [0.25, 0.55, 1.0, 0.9]),
        (Status::Oily, [0.45, 0.35, 0.15, 0.95]),
        (Status::Paralysed, el(Element::Lightning, 0.9)),
        (Status::Slowed, [0.55, 0.8, 0.95, 0.7]),
        (Status::Poisoned, el(Element::Poison, 0.8)),
    ]
    .into_iter()
    .find(|(s, _)| st.has(*s))
    .map(|(_, c)| c)
}

/// Shapes of one frame's enemies, grouped so each run of one kind is one
/// specialised draw (software rasterisers shade those several times faster).
#[derive(Default)]
struct Batches {
    bodies: Vec<Shape>,
    eyes: Vec<Shape>,
    marks: Vec<Shape>,
    bars: Vec<Shape>,
    /// Phase shocks: drawn above the player's crowd.
    tells: Vec<Shape>,
    /// Wind-up rings by squared distance to the player, likewise.
    windups: Vec<(f32, Shape)>,
    spawns: Vec<Shape>,
}

impl super::Fight {
    /// The enemies: bodies by silhouette with their motion, eyes, marks,
    /// health bars, and the tells on the top layer.
    pub(super) fn draw_enemies(&mut self, world: &World, scene: &mut Scene) {
        let time = scene.time;
        let flash = self.comfort.flashes;
        let defs = &world.catalog().enemies.defs;
        let alive = world.enemies().alive_count();
        let eyes = alive <= EYES_UP_TO;
        let mut b = Batches {
            bodies: Vec::with_capacity(alive),
            ..Batches::default()
        };
        self.bodies.forget_dead(world);
        for (i, e) in world.enemies().slots().iter().enumerate() {
            if !e.alive {
                continue;
            }
            let view = self.bodies.see(i, e, time);
            let look = defs.get(e.kind as usize).map_or(UNKNOWN_LOOK, |d| d.look);
            let (kind, colour_index) = silhouette(look, e.boss.is_some());
            let pose = pose(e, &view, kind, palette::enemy(colour_index), time, flash);
            let slot = &mut self.bodies.slots[i];
            (slot.pos, slot.radius, slot.shape, slot.colour) = (pose.pos, pose.size.x, kind, pose.colour);
            let body = Shape::new(kind, pose.pos, pose.size, neon(pose.colour)).rotated(pose.rot);
            // The rim separates silhouettes in a crowd: bright on the darker fill.
            b.bodies.push(body.outlined(2.5));
            let age = time - view.born;
            if age < SPAWN_S && b.spawns.len() < MAX_SPAWN_RINGS {
                let k = age / SPAWN_S;
                let mut c = palette::enemy(colour_index);
                c[3] = 0.8 * (1.0 - k);
                b.spawns
                    .push(Shape::ring(e.pos, e.radius * (2.2 - 1.2 * k), 2.0, c));
            }
            if eyes && kind != ShapeKind::Line {
                let dir = e.facing.normalize_or_zero();
                let eye = pose.pos + dir * pose.size.x * 0.45;
                b.eyes
                    .push(Shape::circle(eye, pose.size.x * 0.22, palette::ENEMY_EYE));
            }
            marks(e, &view, &pose, time, &mut b);
            if e.ai.phase == AiPhase::Windup {
                // A ring closing in on the body: the attack lands when it arrives.
                let left = e.ai.timer.clamp(0.0, 1.0);
                let ring = Shape::ring(e.pos, pose.size.x + 4.0 + 16.0 * left, 2.5, palette::TELL);
                b.windups.push((e.pos.distance_squared(world.player.pos), ring));
            }
        }
        b.bodies.sort_by_key(|s| s.kind);
        let shapes = &mut scene.shapes;
        shapes.ground.extend(b.spawns);
        shapes.ground.extend(b.bodies);
        shapes.ground.extend(b.eyes);
        shapes.ground.extend(b.marks);
        shapes.ground.extend(b.bars);
        shapes.top.extend(b.tells);
        if b.windups.len() > MAX_WINDUP_RINGS {
            b.windups
                .select_nth_unstable_by(MAX_WINDUP_RINGS, |a, b| a.0.total_cmp(&b.0));
            b.windups.truncate(MAX_WINDUP_RINGS);
        }
        shapes.top.extend(b.windups.into_iter().map(|(_, s)| s));
        self.bodies.last_seen = time;
        self.bodies.player = Some(world.player.pos);
        let life = world.catalog().run.economy.def.coins.lifetime_s;
        self.bodies.coins.clear();
        self.bodies
            .coins
            .extend(world.coins().coins.iter().map(|c| (c.pos, life - c.age)));
    }
}

/// Size, place, turn and colour of `e` this frame: spawn-in, gait,
/// knockback squash, wind-up swell, hit flash (scaled by the comfort
/// setting's `flash`).
fn pose(e: &EnemyState, v: &SlotView, kind: ShapeKind, base: [f32; 4], time: f32, flash: f32) -> Pose {
    let age = time - v.born;
    // Spawn-in: grows with a small overshoot.
    let k = (age / SPAWN_S).clamp(0.0, 1.0);
    let grow = if k < 1.0 {
        let s = k - 1.0;
        1.0 + 2.2 * s * s * s + 1.2 * s * s
    } else {
        1.0
    };
    let mut r = e.radius * grow;
    if e.elite {
        r *= 1.12;
    }
    // Gait: each body bobs on its own phase; faster walkers bob faster.
    let phase = time * (4.0 + e.speed / 30.0) + e.pos.x * 0.013 + e.kind as f32;
    let bob = phase.sin();
    let mut size = Vec2::splat(r);
    let mut colour = base;
    // Knockback squashes the body along the push.
    let knock = (e.knock.length() / 500.0).min(1.0);
    size *= 1.0 - 0.18 * knock;
    let windup = e.ai.phase == AiPhase::Windup;
    if windup {
        // Swells and heats toward white as the attack comes.
        let pulse = 0.5 + 0.5 * (time * 28.0).sin();
        size *= 1.1 + 0.06 * pulse;
        colour = mix(colour, palette::TELL, 0.35 + 0.3 * pulse);
    }
    match kind {
        ShapeKind::Square | ShapeKind::Diamond => {
            size *= Vec2::new(1.0 + 0.07 * bob, 1.0 - 0.07 * bob);
        }
        ShapeKind::Line => size = Vec2::new(size.x, size.x * 0.45),
        _ => size *= 1.0 + 0.05 * bob,
    }
    if age < SPAWN_S {
        colour = mix(colour, palette::FLASH, 0.6 * (1.0 - k));
    }
    let since_hit = time - v.hit;
    if since_hit < HIT_FLASH_S {
        colour = mix(colour, palette::FLASH, flash * (1.0 - since_hit / HIT_FLASH_S));
    }
    let since_phase = time - v.phase_at;
    if since_phase < PHASE_S {
        size *= 1.0 + 0.25 * (1.0 - since_phase / PHASE_S);
        colour = mix(
            colour,
            palette::FLASH,
            flash * 0.8 * (1.0 - since_phase / PHASE_S),
        );
    }
    let facing = e.facing.y.atan2(e.facing.x);
    let rot = match kind {
        // The shield bearer's body is its shield: across its facing.
        ShapeKind::Line => facing + std::f32::consts::FRAC_PI_2,
        // The boss turns slowly on its own.
        ShapeKind::Hexagon if e.boss.is_some() => time * 0.4,
        ShapeKind::Circle => 0.0,
        _ => facing,
    };
    let pos = e.pos + Vec2::new(0.0, -1.5 * bob.abs() * (r / 12.0).min(2.0));
    Pose {
        size,
        pos,
        rot,
        colour,
    }
}

/// Rings and bars around a body: elite crown, boss shield and phases,
/// reflecting front, status, health; the wind-up tell and the phase shock
/// go to the tells, drawn above the player's crowd.
fn marks(e: &EnemyState, v: &SlotView, pose: &Pose, time: f32, b: &mut Batches) {
    let r = pose.size.x;
    if e.elite || e.boss.is_some() {
        b.marks
            .push(Shape::ring(e.pos, r + 6.0, 2.5, palette::ELITE).glow(4.0));
    }
    if let Some(boss) = &e.boss {
        // The barrage shield, while up, rings the whole body.
        if boss.shield.up > 0.0 {
            b.marks
                .push(Shape::ring(e.pos, r + 12.0, 5.0, [0.75, 0.85, 1.0, 0.95]).glow(8.0));
        }
        // One pip per phase above the body, the phases reached lit.
        let n = boss.def.phases.len().max(1);
        for k in 0..n {
            let x = (k as f32 - (n - 1) as f32 * 0.5) * 16.0;
            let at = e.pos + Vec2::new(x, -r - 22.0);
            let c = if k <= boss.phase {
                palette::BOSS_PHASE
            } else {
                [0.25, 0.2, 0.3, 0.9]
            };
            b.marks
                .push(Shape::new(ShapeKind::Diamond, at, Vec2::new(5.0, 6.0), c).outlined(1.5));
        }
        let since = time - v.phase_at;
        if since < PHASE_S {
            let k = since / PHASE_S;
            let mut c = palette::BOSS_PHASE;
            c[3] = 1.0 - k;
            b.tells
                .push(Shape::ring(e.pos, r + 20.0 + 260.0 * k, 6.0 * (1.0 - k) + 2.0, c).glow(10.0));
        }
    }
    if e.reflect.is_some() {
        let front = e.pos + e.facing.normalize_or_zero() * (r * 0.5 + 6.0);
        let side = e.facing.perp().normalize_or_zero() * r * 1.1;
        b.marks
            .push(Shape::line(front - side, front + side, 4.0, [0.8, 0.9, 1.0, 0.95]).glow(4.0));
    }
    if let Some(c) = status_ring(&e.status) {
        b.marks.push(Shape::ring(e.pos, r + 3.0, 2.0, c));
    }
    let frac = e.hp_fraction();
    if frac < 0.999 && (e.elite || e.boss.is_some() || e.hp_max >= 200.0) {
        let left = e.pos + Vec2::new(-r, -r - 8.0);
        let right = left + Vec2::new(2.0 * r, 0.0);
        b.bars.push(Shape::line(left, right, 4.0, [0.1, 0.0, 0.0, 0.9]));
        b.bars.push(Shape::line(
            left,
            left.lerp(right, frac),
            4.0,
            [0.9, 0.15, 0.15, 1.0],
        ));
    }
}
