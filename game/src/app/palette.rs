//! Colours of the arena, chosen for readability: a dark floor, warm threats,
//! cool and dimmer player fire, and the player in white with a dark outline.
//! Colours are presentation, not rules, so they live here rather than in `data/`.

use engine::render::ProjectileStyle;

use crate::element::Element;

/// Background of the full-screen menus (lab, shop, armoury): egui's dark
/// panel grey, painted by the world pass's clear instead of by egui (see
/// `app::menu_backdrop`). Bytes 27, 27, 27 on the (non-sRGB) surface.
pub const MENU_FILL: [f32; 3] = [27.0 / 255.0, 27.0 / 255.0, 27.0 / 255.0];
/// Floor of the arena: a deep blue-black, so every light on it reads
/// (docs/art.md#palette).
pub const FLOOR: [f32; 3] = [0.024, 0.026, 0.05];
/// The high-quality light pool around the player (added to the floor).
pub const FLOOR_LIGHT: [f32; 4] = [0.07, 0.08, 0.16, 1.0];
/// Outside the arena walls.
pub const OUTSIDE: [f32; 4] = [0.006, 0.006, 0.014, 1.0];
/// The floor's fine grid.
pub const GRID: [f32; 4] = [0.055, 0.065, 0.115, 1.0];
/// The floor's coarse grid, every fourth line.
pub const GRID_MAJOR: [f32; 4] = [0.09, 0.11, 0.2, 1.0];
/// A grid line the reactive field bends, fully lit (docs/art.md#the-arena):
/// a cool blue, never white, so the floor's motion never blooms.
pub const FIELD_LIT: [f32; 4] = [0.2, 0.42, 0.95, 1.0];
/// The crosses where coarse lines meet.
pub const GRID_MARK: [f32; 4] = [0.2, 0.26, 0.45, 1.0];
/// Arena wall: a neon band (with its glow) ...
pub const WALL: [f32; 4] = [0.25, 0.4, 0.95, 1.0];
/// ... and its white-hot core line.
pub const WALL_CORE: [f32; 4] = [0.8, 0.9, 1.0, 1.0];
/// Player body.
pub const PLAYER: [f32; 4] = [0.95, 0.97, 1.0, 1.0];
/// The player's core, cyan inside the white body.
pub const PLAYER_CORE: [f32; 4] = [0.45, 0.9, 1.0, 1.0];
/// Player outline (drawn under the body, larger).
pub const PLAYER_OUTLINE: [f32; 4] = [0.0, 0.0, 0.0, 1.0];
/// Player glow ring and nose, so the player is found at a glance.
pub const PLAYER_RING: [f32; 4] = [0.35, 0.85, 1.0, 0.9];
/// The low-HP heartbeat ring.
pub const LOW_HP: [f32; 4] = [1.0, 0.15, 0.2, 0.95];
/// Hit flash on an enemy.
pub const FLASH: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
/// An attack's tell: the wind-up's closing ring and heat, the killer's ring.
pub const TELL: [f32; 4] = [1.0, 0.92, 0.75, 1.0];
/// Enemy telegraph (spit aim, charge line, poison pool).
pub const TELEGRAPH: [f32; 4] = [1.0, 0.25, 0.2, 0.35];
/// The poison element's colour (the colour-blind set's when chosen) at
/// alpha `a`: the poison thrower's body, its pools and their landings.
pub fn poison(a: f32) -> [f32; 4] {
    let [r, g, b, _] = Element::Poison.colour();
    [r, g, b, a]
}
/// Coins.
pub const COIN: [f32; 4] = [1.0, 0.82, 0.2, 1.0];
/// A coin's timer ring in its last two seconds.
pub const COIN_LATE: [f32; 4] = [1.0, 0.4, 0.15, 1.0];
/// Dummy in the test range.
pub const DUMMY: [f32; 4] = [0.55, 0.5, 0.45, 1.0];
/// An enemy's eye: the dark mark on its facing side.
pub const ENEMY_EYE: [f32; 4] = [0.06, 0.02, 0.05, 0.9];
/// The elite's and boss's gold crown ring.
pub const ELITE: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
/// A boss's phase pips and its phase-change shock ring.
pub const BOSS_PHASE: [f32; 4] = [1.0, 0.35, 0.85, 1.0];

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

/// Body colour of an enemy archetype by a stable index (see
/// `fight::silhouette`): enemies are warm (reds, oranges, magentas) against
/// the player's cool cyan and white (docs/art.md#palette).
pub fn enemy(kind: usize) -> [f32; 4] {
    const COLOURS: [[f32; 4]; 10] = [
        [1.0, 0.3, 0.3, 1.0],    // grunt: hot coral
        [1.0, 0.58, 0.12, 1.0],  // charger: orange
        [0.78, 0.28, 0.4, 1.0],  // tank: deep rose
        [0.82, 0.32, 1.0, 1.0],  // spitter: violet
        [0.55, 0.95, 0.2, 1.0],  // poison thrower: acid green
        [1.0, 0.85, 0.3, 1.0],   // elite (gold)
        [1.0, 0.2, 0.6, 1.0],    // boss: magenta
        [0.62, 0.68, 0.82, 1.0], // shield bearer: steel
        [0.75, 0.9, 1.0, 0.55],  // wraith: pale and see-through (physical hits pass)
        [0.85, 0.45, 0.45, 1.0], // other
    ];
    if kind == 4 {
        return poison(1.0);
    }
    COLOURS[kind.min(COLOURS.len() - 1)]
}
