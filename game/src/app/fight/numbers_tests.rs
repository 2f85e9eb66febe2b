use std::sync::Arc;

use engine::render::Camera2d;
use glam::Vec2;

use super::{HOLD_S, MAX_SHOWN, Numbers, View};
use crate::element::Element;
use crate::enemies::state::SpawnScale;
use crate::world::{EffectKind, World};

fn world() -> World {
    let cat = Arc::new(crate::catalog::Catalog::load(&crate::data::default_root()).expect("data loads"));
    World::new(cat, 1, engine::gpu::Backend::Cpu, None).expect("world")
}

/// Spawns a grunt at `pos`; its slot.
fn grunt(w: &mut World, pos: Vec2) -> u32 {
    let cat = w.catalog().clone();
    let k = cat.enemies.index_of("grunt").expect("grunt");
    w.enemies_mut()
        .spawn(k as u32, &cat.enemies.defs[k], pos, SpawnScale::default())
        .expect("a free slot")
}

fn hit(w: &mut World, pos: Vec2, amount: f32, crit: bool) {
    let kind = EffectKind::Damage {
        amount,
        crit,
        element: Element::Fire,
        big: false,
        armoured: false,
    };
    w.effects.push(kind, pos, 1.0);
}

/// A camera on the player at 1280×720, one point a pixel.
fn view(w: &World) -> View {
    let camera = Camera2d {
        center: w.player.pos,
        ..Camera2d::default()
    };
    View::new(camera, [1280, 720], 1.0, w, 1.0)
}

#[test]
fn hits_on_one_enemy_merge_into_one_growing_number() {
    let mut w = world();
    let at = w.player.pos + Vec2::new(300.0, 0.0);
    grunt(&mut w, at);
    let mut n = Numbers::default();
    n.ingest(&w, 0.0);
    for k in 0..10 {
        hit(&mut w, at + Vec2::new(2.0, 0.0), 13.0, false);
        n.ingest(&w, 0.05 * k as f32);
    }
    assert_eq!(
        n.alive(),
        1,
        "ten hits on one enemy in half a second are one number"
    );
    let shown = n.layout(&view(&w), 0.46);
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].text, "130");
    // Past the window from its first hit, a new hit starts a new number
    // (a steady stream is one total each half second, not a running sum).
    hit(&mut w, at, 7.0, true);
    n.ingest(&w, super::MERGE_S + 0.01);
    assert_eq!(n.alive(), 2);
    // And every number goes once it has been held.
    n.ingest(&w, 10.0 + HOLD_S);
    assert_eq!(n.alive(), 0);
}

#[test]
fn a_crowd_shows_few_numbers_the_largest_and_crits_first_never_stacked() {
    let mut w = world();
    let centre = w.player.pos;
    let mut n = Numbers::default();
    n.ingest(&w, 0.0);
    // 120 enemies in a tight block beside the player, each hit once; one
    // hit is a crit, one is far larger than the rest.
    for i in 0..120 {
        let at = centre + Vec2::new(60.0 + 14.0 * (i % 12) as f32, -70.0 + 14.0 * (i / 12) as f32);
        grunt(&mut w, at);
        let (amount, crit) = match i {
            7 => (40.0, true),
            50 => (900.0, false),
            _ => (10.0 + i as f32 * 0.1, false),
        };
        hit(&mut w, at, amount, crit);
    }
    n.ingest(&w, 0.01);
    assert_eq!(n.alive(), 120);
    let shown = n.layout(&view(&w), 0.02);
    assert!(shown.len() <= MAX_SHOWN, "{} shown", shown.len());
    assert_eq!(shown[0].text, "900", "the largest first");
    assert_eq!(shown[1].text, "40!", "then the crit");
    assert!(
        shown[0].size > shown[2].size && shown[1].size > shown[2].size,
        "by size"
    );
    for (i, a) in shown.iter().enumerate() {
        for b in &shown[i + 1..] {
            let ra =
                egui::Rect::from_center_size(a.at, egui::vec2(a.size * 0.6 * a.text.len() as f32, a.size));
            let rb =
                egui::Rect::from_center_size(b.at, egui::vec2(b.size * 0.6 * b.text.len() as f32, b.size));
            assert!(!ra.intersects(rb), "{a:?} and {b:?} stack");
        }
    }
}

#[test]
fn no_number_covers_the_player() {
    let mut w = world();
    let me = w.player.pos;
    let mut n = Numbers::default();
    n.ingest(&w, 0.0);
    // Enemies pressed against the player on every side.
    for k in 0..12 {
        let at = me + Vec2::from_angle(k as f32 * 0.52) * (w.player.radius + 12.0);
        grunt(&mut w, at);
        hit(&mut w, at, 333.0, k % 2 == 0);
    }
    n.ingest(&w, 0.01);
    let v = view(&w);
    let shown = n.layout(&v, 0.02);
    assert!(!shown.is_empty());
    for s in &shown {
        let half = egui::vec2(0.3 * s.size * s.text.len() as f32, 0.5 * s.size);
        let rect = egui::Rect::from_center_size(s.at, half * 2.0);
        // The nearest point of the box to the player's centre lies outside
        // the clear circle.
        let near = rect.clamp(v.player);
        assert!(
            near.distance(v.player) >= v.clear - 0.5,
            "{s:?} lies over the player (clear {})",
            v.clear
        );
    }
}
