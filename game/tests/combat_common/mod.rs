//! Helpers shared by the combat and loot test binaries (each folder under
//! `tests/` is its own crate; their `main.rs` includes this module with
//! `#[path = "../combat_common/mod.rs"] mod combat_common;`).

use game::enemies::defs::{AiKind, EnemyDef};
use game::enemies::{EnemyState, SpawnScale};
use glam::Vec2;

/// A standing 1,000 HP enemy with no armour and no resistances at (100, 100):
/// hits on it show the damage and reaction rules without other terms.
pub fn dummy() -> EnemyState {
    let def = EnemyDef {
        id: "dummy".into(),
        name: "Dummy".into(),
        elite: false,
        hp: 1000.0,
        speed: 0.0,
        attack: 0.0,
        damage_mult: 1.0,
        radius: 10.0,
        armor: 0.0,
        resist: [0.0; 5],
        knockback_resist: 0.0,
        reflect: None,
        defence: Default::default(),
        incorporeal: false,
        contact_cooldown: 1.0,
        cost: 1.0,
        xp: 0.0,
        gold: [0, 0],
        look: game::enemies::look::Look {
            shape: game::enemies::look::BodyShape::Circle,
            colour: game::enemies::look::BodyColour::Dusk,
        },
        ai: AiKind::Seek,
    };
    EnemyState::from_def(0, &def, Vec2::new(100.0, 100.0), SpawnScale::default())
}
