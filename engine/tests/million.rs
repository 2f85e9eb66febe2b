//! A 1,000,000-slot core is created, filled and stepped once on each backend.

mod common;

use common::{DT, both_cores, gpu};
use engine::compute::{CoreConfig, EventKind, StressScene};

/// The arena these tests run in (the game's size; the engine has none of its own).
const ARENA: [f32; 2] = [2400.0, 2400.0];

#[test]
fn a_million_slots_are_created_and_stepped() {
    let ctx = gpu();
    let config = CoreConfig::arena(1_000_000, 1000, ARENA);
    for mut core in both_cores(ctx.as_ref(), config) {
        let mut scene = StressScene::new(3, 1_000_000, 1000, &config);
        core.set_enemies(scene.enemies());
        scene.fill(&mut core);
        assert_eq!(core.live_count(), 1_000_000);
        assert!(scene.make_projectile().is_alive());
        assert_eq!(core.spawn(scene.make_projectile()), None, "every slot is taken");
        let events = core.step_now(DT);
        assert!(
            events.count(EventKind::Hit) > 0,
            "{:?}: no hit among a million",
            core.backend()
        );
        let last = core.read_projectiles()[999_999];
        assert!(last.age > 0.0, "{:?}: the last slot was stepped", core.backend());
        println!(
            "{:?}: {} events, {} overflow",
            core.backend(),
            events.events.len(),
            events.overflow
        );
    }
}
