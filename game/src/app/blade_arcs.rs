//! How the blade's swing looks (melee seed, "how it looks"), read straight
//! from the swing's state each frame, tied to the player's live position:
//! - WINDUP: a cold steel arc pulled back past the sector's starting edge,
//!   brightening as it winds (the telegraph);
//! - STRIKE: a crescent of four concentric arcs, the outer edge hot, the
//!   inner ones dimming toward the hand, trailing a fraction of the swept
//!   arc, with a hot radial line and a dot at the head;
//! - RECOVER: the crescent stays where the strike ended and fades.

use engine::render::{Layer, Scene, Shape};
use glam::Vec2;

use crate::melee::SwingPhase;
use crate::melee::sweep::dir;
use crate::world::World;

/// Share of the swept arc the strike's trail covers.
const TRAIL_FRAC: f32 = 0.45;
/// Segments per drawn arc.
const SEGMENTS: usize = 14;
/// How far past the sector's edge the windup pulls back, rad (20°).
const PULL: f32 = 0.35;

/// Draws the worn blade's swing, if any.
pub fn draw(w: &World, scene: &mut Scene) {
    let Some((swing, rules)) = w.blade_swing() else {
        return;
    };
    let Some(b) = swing.baked else {
        return;
    };
    let me = w.player.pos;
    let inner = w.player.radius + 2.0;
    let start = b.axis - b.side * b.half;
    let end = b.axis + b.side * b.half;
    match swing.phase {
        SwingPhase::Idle => {}
        SwingPhase::Windup => {
            let f = (swing.t / b.windup_s).clamp(0.0, 1.0);
            let back = start - b.side * PULL * f;
            let colour = [0.7, 0.8, 0.95, 0.25 + 0.75 * f];
            arc(
                scene,
                me,
                b.reach,
                back,
                back + b.side * 0.5 * b.half,
                2.0 + 2.0 * f,
                colour,
            );
            let tip = me + dir(back) * b.reach;
            scene
                .shapes
                .push(Layer::Top, Shape::line(me + dir(back) * inner, tip, 2.0, colour));
        }
        SwingPhase::Strike | SwingPhase::Recover => {
            let (head, fade) = if swing.phase == SwingPhase::Strike {
                let f = (swing.t / rules.phases.strike_s).clamp(0.0, 1.0);
                (start + b.side * 2.0 * b.half * f, 1.0)
            } else {
                (end, 1.0 - (swing.t / rules.phases.recover_s).clamp(0.0, 1.0))
            };
            let tail = head - b.side * 2.0 * b.half * TRAIL_FRAC;
            for (k, shade) in [1.0f32, 0.7, 0.45, 0.25].iter().enumerate() {
                let r = b.reach - k as f32 * 6.0;
                let hot = [1.0, 0.55 + 0.35 * shade, 0.25 + 0.5 * shade, shade * fade];
                arc(scene, me, r, tail, head, 3.0 - 0.5 * k as f32, hot);
            }
            if swing.phase == SwingPhase::Strike {
                let d = dir(head);
                scene.shapes.push(
                    Layer::Top,
                    Shape::line(me + d * inner, me + d * b.reach, 3.0, [1.0, 0.9, 0.6, 1.0]).glow(6.0),
                );
                scene.shapes.push(
                    Layer::Top,
                    Shape::circle(me + d * b.reach, 4.0, [1.0, 0.95, 0.8, 1.0]).glow(8.0),
                );
            }
        }
    }
}

/// An arc of radius `r` around `c` from angle `a0` to `a1`, as line segments.
fn arc(scene: &mut Scene, c: Vec2, r: f32, a0: f32, a1: f32, width: f32, colour: [f32; 4]) {
    let mut prev = c + dir(a0) * r;
    for i in 1..=SEGMENTS {
        let a = a0 + (a1 - a0) * i as f32 / SEGMENTS as f32;
        let p = c + dir(a) * r;
        scene.shapes.push(Layer::Top, Shape::line(prev, p, width, colour));
        prev = p;
    }
}
