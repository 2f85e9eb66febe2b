//! What two endless mutators (docs/game.md#mutators) do to an enemy: the elite
//! flood makes every normal enemy elite as it spawns, and the split turns
//! one death into two halves. The world decides when they are in force
//! ([`crate::mutators::FightRules`]); the numbers live here.

pub use super::state::Mutation;
use super::state::{AiPhase, EnemyState};
use glam::Vec2;

/// HP factor of a flooded elite (docs/game.md#mutators: "HP ×2").
pub const FLOOD_HP: f32 = 2.0;
/// XP and gold factor of a flooded elite (docs/game.md#mutators: "rewards ×2").
pub const FLOOD_REWARD: f32 = 2.0;
/// Each half's share of its parent's full HP (docs/game.md#mutators: "two at 50 % HP").
pub const SPLIT_SHARE: f32 = 0.5;
/// Each half's share of its parent's XP and gold, so one enemy's split
/// pays what two whole ones would not: the parent's reward, once more.
pub const SPLIT_REWARD: f32 = 0.5;
/// A half's body radius against its parent's (smaller, so the eye reads
/// them as halves).
pub const SPLIT_RADIUS: f32 = 0.75;

/// Makes a normal enemy elite: HP ×2, XP and gold ×2. Bosses and enemies
/// that are elite already are left as they are; returns whether it changed.
pub fn flood(e: &mut EnemyState) -> bool {
    if e.elite || e.boss.is_some() {
        return false;
    }
    e.elite = true;
    e.hp *= FLOOD_HP;
    e.hp_max *= FLOOD_HP;
    e.xp *= FLOOD_REWARD;
    e.gold = [
        (e.gold[0] as f32 * FLOOD_REWARD).round() as u32,
        (e.gold[1] as f32 * FLOOD_REWARD).round() as u32,
    ];
    e.mutation.flooded = true;
    true
}

/// The two halves a dead enemy splits into, side by side across its facing:
/// each with half its full HP (healed to it), three quarters of its radius,
/// half its XP and gold, no statuses, and never splitting again. `None` for
/// a boss or a half.
pub fn split(parent: &EnemyState) -> Option<[EnemyState; 2]> {
    if parent.boss.is_some() || parent.mutation.split_half {
        return None;
    }
    let side = parent.facing.perp().try_normalize().unwrap_or(Vec2::Y);
    let half = |sign: f32| {
        let mut e = parent.clone();
        e.alive = true;
        e.hp_max = parent.hp_max * SPLIT_SHARE;
        e.hp = e.hp_max;
        e.radius = parent.radius * SPLIT_RADIUS;
        e.pos = parent.pos + side * sign * e.radius;
        e.knock = Vec2::ZERO;
        e.contact_timer = 0.0;
        e.xp = parent.xp * SPLIT_REWARD;
        e.gold = [
            (parent.gold[0] as f32 * SPLIT_REWARD).floor() as u32,
            (parent.gold[1] as f32 * SPLIT_REWARD).floor() as u32,
        ];
        e.status = Default::default();
        e.ai.phase = AiPhase::Move;
        e.mutation.split_half = true;
        e
    };
    Some([half(1.0), half(-1.0)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enemies::SpawnScale;
    use crate::enemies::defs::EnemyDefs;

    fn grunt() -> EnemyState {
        let mut errors = Vec::new();
        let defs = EnemyDefs::load(&crate::data::default_root(), &mut errors).expect("enemies load");
        let k = defs.index_of("grunt").expect("grunt");
        EnemyState::from_def(
            k as u32,
            &defs.defs[k],
            Vec2::new(500.0, 500.0),
            SpawnScale::default(),
        )
    }

    #[test]
    fn a_flooded_grunt_is_an_elite_with_double_hp_and_rewards() {
        let mut g = grunt();
        let (hp, xp, gold) = (g.hp_max, g.xp, g.gold);
        assert!(flood(&mut g));
        assert!(g.elite && g.mutation.flooded);
        assert_eq!(g.hp_max, hp * 2.0);
        assert_eq!(g.hp, hp * 2.0);
        assert_eq!(g.xp, xp * 2.0);
        assert_eq!(g.gold, [gold[0] * 2, gold[1] * 2]);
        assert!(!flood(&mut g), "an elite is not flooded twice");
        assert_eq!(g.hp_max, hp * 2.0);
    }

    #[test]
    fn a_split_gives_two_halves_that_never_split_again() {
        let mut g = grunt();
        g.hp = -3.0;
        let [a, b] = split(&g).expect("a grunt splits");
        for h in [&a, &b] {
            assert_eq!(h.hp_max, g.hp_max * 0.5);
            assert_eq!(h.hp, h.hp_max);
            assert_eq!(h.radius, g.radius * 0.75);
            assert!(h.alive && h.mutation.split_half);
            assert!(split(h).is_none(), "a half never splits");
        }
        assert_eq!(a.pos.distance(b.pos), 2.0 * a.radius);
    }
}
