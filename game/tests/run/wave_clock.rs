//! The wave clock counts whole steps: a 60 s wave at 60 Hz lasts exactly
//! 3,600 steps (a float clock summed step by step used to need 3,601), and an
//! elite override at 30 s fires on step 1,800, not a step late.

use game::catalog::Catalog;
use game::data::default_root;
use game::enemies::ai::Arena;
use game::waves::{SpawnOrder, WaveRunner};

#[test]
fn sixty_seconds_are_3600_steps_and_overrides_fire_on_time() {
    let cat = Catalog::load(&default_root()).expect("catalog loads");
    // Wave 6 has an elite override at 30 s (data/waves/wave_06.json).
    let cfg = &cat.waves[5];
    assert_eq!(cfg.duration_sec, 60.0);
    let at = cfg.elite_overrides[0].at_sec;
    assert_eq!(at, 30.0);
    let mut r = WaveRunner::new(cfg, &cat.enemies, &cat.bosses, 1).expect("runner");
    let arena = Arena::square(2400.0);
    let dt = 1.0f32 / 60.0;
    let mut steps = 0u32;
    let mut elite_step = None;
    let mut out = Vec::new();
    while !r.time_up() {
        out.clear();
        r.step(dt, glam::Vec2::splat(1200.0), &arena, u32::MAX, &mut out);
        steps += 1;
        if elite_step.is_none()
            && out.iter().any(|o| {
                matches!(
                    o,
                    SpawnOrder::Enemy {
                        elite_override: true,
                        ..
                    }
                )
            })
        {
            elite_step = Some(steps);
        }
    }
    assert_eq!(steps, 3600);
    assert_eq!(elite_step, Some(1800));
    assert!(!r.reached(60.1));
}
