//! The spatial hash answers exactly what a brute-force scan answers.

use game::spatial::SpatialHash;
use glam::Vec2;
use proptest::prelude::*;

fn brute(points: &[(f32, f32)], c: Vec2, r: f32) -> Vec<u32> {
    let mut v: Vec<u32> = points
        .iter()
        .enumerate()
        .filter(|(_, p)| Vec2::new(p.0, p.1).distance_squared(c) <= r * r)
        .map(|(i, _)| i as u32)
        .collect();
    v.sort_unstable();
    v
}

proptest! {
    #[test]
    fn circle_query_matches_brute_force(
        points in prop::collection::vec((-100.0f32..2500.0, -100.0f32..2500.0), 0..300),
        queries in prop::collection::vec((-200.0f32..2600.0, -200.0f32..2600.0, 0.0f32..400.0), 1..20),
        cell in 16.0f32..200.0,
    ) {
        let mut h = SpatialHash::new(Vec2::ZERO, Vec2::splat(2400.0), cell);
        h.rebuild(points.iter().enumerate().map(|(i, p)| (i as u32, Vec2::new(p.0, p.1))));
        prop_assert_eq!(h.len(), points.len());
        for (x, y, r) in queries {
            let c = Vec2::new(x, y);
            let mut got = Vec::new();
            h.query_circle(c, r, &mut got);
            got.sort_unstable();
            prop_assert_eq!(got, brute(&points, c, r));
        }
    }
}

#[test]
fn rebuild_replaces_previous_contents() {
    let mut h = SpatialHash::new(Vec2::ZERO, Vec2::splat(100.0), 10.0);
    h.rebuild([(7, Vec2::new(50.0, 50.0))]);
    h.rebuild([(8, Vec2::new(10.0, 10.0))]);
    let mut out = Vec::new();
    h.query_circle(Vec2::new(50.0, 50.0), 5.0, &mut out);
    assert!(out.is_empty());
    h.query_circle(Vec2::new(10.0, 10.0), 0.0, &mut out);
    assert_eq!(out, vec![8]);
}
