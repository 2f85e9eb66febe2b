//! Colours of the arena, chosen for readability: a dark floor, warm threats,
//! cool and dimmer player fire, and the player in white with a dark outline.
//! Colours are presentation, not rules, so they live here rather than in `data/`.

use engine::render::ProjectileStyle;

use crate::element::Element;

/// Background of the full-screen menus (lab, shop, armoury): egui's dark
/// panel grey, painted by the world pass's clear instead of by egui (see
/// `app::menu_backdrop`). Bytes 27, 27, 27 on the (non-sRGB) surface.
pub const MENU_FILL: [f32; 3] = [27.0 / 255.0, 27.0 / 255.0, 27.0 / 255.0];
/// Floor of the arena.
pub const FLOOR: [f32; 3] = [0.035, 0.04, 0.06];
/// Outside the arena walls.
pub const OUTSIDE: [f32; 4] = [0.012, 0.012, 0.02, 1.0];
/// Grid lines on the floor.
pub const GRID: [f32; 4] = [0.09, 0.1, 0.14, 1.0];
/// Arena wall.
pub const WALL: [f32; 4] = [0.35, 0.38, 0.5, 1.0];
/// Player body.
pub const PLAYER: [f32; 4] = [0.95, 0.97, 1.0, 1.0];
/// Player outline (drawn under the body, larger).
pub const PLAYER_OUTLINE: [f32; 4] = [0.0, 0.0, 0.0, 1.0];
/// Player glow ring, so the player is found at a glance.
pub const PLAYER_RING: [f32; 4] = [0.35, 0.85, 1.0, 0.9];
/// Hit flash on an enemy.
pub const FLASH: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
/// Enemy telegraph (spit aim, charge line, poison pool).
pub const TELEGRAPH: [f32; 4] = [1.0, 0.25, 0.2, 0.35];
/// Poison pool.
pub const POISON_POOL: [f32; 4] = [0.35, 0.9, 0.2, 0.28];
/// Coins.
pub const COIN: [f32; 4] = [1.0, 0.82, 0.2, 1.0];
/// Dummy in the test range.
pub const DUMMY: [f32; 4] = [0.55, 0.5, 0.45, 1.0];

/// The `Projectile::user` word where the VM stores the dominant element
/// (`vm::spawn`: user[1] = `Element::index`).
pub const ELEMENT_WORD: u32 = 1;

/// How projectiles are drawn: elements by palette index, enemy fire hot pink with a dark rim.
pub fn projectile_style() -> ProjectileStyle {
    let mut style = ProjectileStyle {
        palette_word: ELEMENT_WORD,
        ..ProjectileStyle::default()
    };
    for e in Element::ALL {
        style.palette[e.index()] = e.colour();
    }
    style
}

/// Body colour of an enemy archetype by a stable index (see `app::draw`).
pub fn enemy(kind: usize) -> [f32; 4] {
    const COLOURS: [[f32; 4]; 9] = [
        [0.85, 0.3, 0.25, 1.0], // grunt
        [0.95, 0.55, 0.1, 1.0], // charger
        [0.55, 0.45, 0.4, 1.0], // tank
        [0.7, 0.3, 0.85, 1.0],  // spitter
        [0.4, 0.75, 0.2, 1.0],  // poison thrower
        [0.95, 0.85, 0.3, 1.0], // elite
        [0.9, 0.2, 0.55, 1.0],  // boss
        [0.6, 0.6, 0.6, 1.0],   // other
        [0.75, 0.9, 1.0, 0.55], // wraith: pale and see-through (physical hits pass)
    ];
    COLOURS[kind.min(COLOURS.len() - 1)]
}
