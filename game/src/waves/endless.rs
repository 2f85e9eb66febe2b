//! Waves past the twentieth (docs/game.md#endless): endless waves generated from
//! the wave schema, and the boss rush.
//!
//! Decisions where the seed says only "difficulty +10 % every 5 waves, no cap":
//! - An endless wave takes its spawn groups and elites from one of the
//!   twenty waves' late non-boss waves (W11–W19 without a boss, in turn), and
//!   its growth from W19, the hardest of them.
//! - The difficulty factor `d = 1 + 0.1 × ⌊(n − 20) / 5⌋` (W25 1.1, W50 1.6,
//!   W100 2.6) multiplies the enemies' HP and damage, the spawn budget and
//!   the spawn rate (group intervals ÷ d, elite counts × d), so deeper waves
//!   bring more enemies as well as tougher ones. XP stays at W19's; loot
//!   depth stays at 100 (`RunModel::depth_of_wave`).
//! - Every 20 waves from W40 the wave is a boss rush ([`is_boss_rush`]):
//!   three bosses, one after another, drawn from those the run has met
//!   ([`draw_rush`]), their HP and attack × d.
//! - How many enemies are alive at once is capped by the runner
//!   (`SPAWN_CEILING`), so the step holds at any depth.

use rand::Rng;

use super::config::{BossSpawn, SpawnConfig, WAVE_COUNT};

/// First wave of a boss rush; then every [`RUSH_EVERY`] waves.
pub const RUSH_FIRST: u32 = 40;
/// Waves between two boss rushes (docs/game.md#boss-rush: W40, W60, W80, …).
pub const RUSH_EVERY: u32 = 20;
/// Bosses in a rush.
pub const RUSH_BOSSES: usize = 3;

/// The endless difficulty factor of wave `n` (1 up to W24).
pub fn difficulty(n: u32) -> f32 {
    1.0 + 0.1 * (n.saturating_sub(WAVE_COUNT) / 5) as f32
}

/// True for the waves that are boss rushes in endless.
pub fn is_boss_rush(n: u32) -> bool {
    n >= RUSH_FIRST && (n - RUSH_FIRST).is_multiple_of(RUSH_EVERY)
}

/// The spawn config of wave `n` past the twenty (`waves` are the twenty).
/// A boss rush gets its first boss later, from [`rush_config`].
pub fn endless_wave(waves: &[SpawnConfig], n: u32) -> SpawnConfig {
    // The last wave without a boss (W19): the hardest plain wave.
    let top = waves
        .iter()
        .rev()
        .find(|w| w.boss.is_none())
        .unwrap_or(&waves[waves.len() - 1]);
    let templates: Vec<&SpawnConfig> = waves
        .iter()
        .filter(|w| w.wave > 10 && w.wave < WAVE_COUNT && w.boss.is_none())
        .collect();
    let template = if templates.is_empty() {
        top
    } else {
        templates[(n.saturating_sub(WAVE_COUNT + 1)) as usize % templates.len()]
    };
    let d = difficulty(n);
    let mut cfg = template.clone();
    cfg.wave = n;
    cfg.boss = None;
    cfg.budget = top.budget * d;
    cfg.hp_mult = top.hp_mult * d;
    cfg.damage_mult = top.damage_mult * d;
    cfg.xp_mult = top.xp_mult;
    for g in &mut cfg.spawn_groups {
        g.spawn_interval /= d;
    }
    for o in &mut cfg.elite_overrides {
        o.count = (o.count as f32 * d).round() as u32;
    }
    cfg
}

/// Wave `cfg` turned into a rush whose first boss is `first` (an id of
/// `bosses/`): it comes three seconds in, as the W20 boss does.
pub fn rush_config(mut cfg: SpawnConfig, first: &str) -> SpawnConfig {
    cfg.boss = Some(BossSpawn {
        boss_id: first.to_string(),
        at_sec: 3.0,
        spawn_radius_from_player: [400.0, 500.0],
    });
    // The bosses stay readable: no crowd floor in a rush.
    cfg.crowd_floor = None;
    cfg
}

/// Three bosses for a rush, drawn from `met` (boss indices): three different
/// ones when the run has met three, otherwise with repeats; from all `count`
/// bosses when it has met none.
pub fn draw_rush(met: &[u32], count: u32, rng: &mut impl Rng) -> Vec<u32> {
    let mut pool: Vec<u32> = if met.is_empty() {
        (0..count).collect()
    } else {
        met.to_vec()
    };
    let mut out = Vec::with_capacity(RUSH_BOSSES);
    if pool.len() >= RUSH_BOSSES {
        for _ in 0..RUSH_BOSSES {
            let i = rng.random_range(0..pool.len());
            out.push(pool.swap_remove(i));
        }
    } else if !pool.is_empty() {
        for _ in 0..RUSH_BOSSES {
            out.push(pool[rng.random_range(0..pool.len())]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_climbs_ten_percent_every_five_waves() {
        assert_eq!(difficulty(21), 1.0);
        assert_eq!(difficulty(24), 1.0);
        assert!((difficulty(25) - 1.1).abs() < 1e-6);
        assert!((difficulty(40) - 1.4).abs() < 1e-6);
        assert!((difficulty(100) - 2.6).abs() < 1e-6);
    }

    #[test]
    fn rushes_fall_on_w40_w60_w80() {
        let rush: Vec<u32> = (21..=100).filter(|&n| is_boss_rush(n)).collect();
        assert_eq!(rush, vec![40, 60, 80, 100]);
    }

    #[test]
    fn a_rush_draws_three_different_bosses_from_those_met() {
        use rand::SeedableRng;
        for seed in 0..20 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut r = draw_rush(&[3, 1, 0, 2], 4, &mut rng);
            assert_eq!(r.len(), 3);
            r.sort();
            r.dedup();
            assert_eq!(r.len(), 3, "three different bosses");
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let r = draw_rush(&[2], 4, &mut rng);
            assert_eq!(r, vec![2, 2, 2], "one boss met: it comes three times");
        }
    }
}
