//! The test range's dummies, written once: the lab's range (`app::test_range`),
//! the probe plans and `wand measure` all place these archetypes
//! (docs/game.md#test-range).

use glam::Vec2;

use crate::world::Dummy;

/// The plain dummy's archetype (no armour, no resistances): on it the range
/// shows the lab's numbers.
pub const PLAIN_DUMMY: &str = "grunt";
/// The armoured dummy's archetype (the sturdiest one, 5 armour).
pub const ARMOURED_DUMMY: &str = "tank";
/// Dummy HP: large, yet small enough for f32 to register single hits.
pub const DUMMY_HP: f32 = 1.0e6;
/// The lab range's dummies and where they stand from the arena centre, px:
/// the plain one nearest (auto-aim's first target), an armoured one either
/// side behind.
pub const LAB_DUMMIES: [(&str, [f32; 2]); 3] = [
    (PLAIN_DUMMY, [200.0, 0.0]),
    (ARMOURED_DUMMY, [250.0, -150.0]),
    (ARMOURED_DUMMY, [250.0, 150.0]),
];

/// The lab range's dummies placed around `centre`, at full dummy HP.
pub fn lab_dummies(centre: Vec2) -> Vec<Dummy> {
    LAB_DUMMIES
        .iter()
        .map(|(enemy, o)| Dummy {
            enemy: (*enemy).into(),
            pos: centre + Vec2::from(*o),
            hp: DUMMY_HP,
        })
        .collect()
}
