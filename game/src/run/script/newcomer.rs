//! The **newcomer** policy: a player in their first hour, the yardstick the
//! onboarding lessons are tuned against (docs/game.md#lessons).
//!
//! * **Movement**: it walks away only from enemies (and poison pools) that
//!   a 1280×720 window shows around it ([`VIEW_HALF`]), straight away from
//!   them on one of a keyboard's 8 headings ([`steer`]), with no coin
//!   seeking and no dash, and it acts on what it saw [`REACTION_S`] later,
//!   a person's reaction time ([`react`]). It never aims: the core's
//!   auto-aim fires.
//! * **Lab**: it never edits the deck: it starts the wave.
//! * **Level-ups**: the first card offered.
//! * **Shop**: the cheapest affordable offer on any shelf, again and again
//!   while one is affordable and the shop takes it (a bought chip goes
//!   where the shop puts it; a bought core is carried, never switched to).

use glam::Vec2;

use crate::run::{Command, Run, RunError};
use crate::shop::Shelf;
use crate::world::World;

/// Half the world a 1280×720 window shows around the player at zoom 1 (px):
/// what the newcomer can see.
pub const VIEW_HALF: Vec2 = Vec2::new(640.0, 360.0);
/// Seconds between reading the screen and acting on it.
pub const REACTION_S: f32 = 0.25;
/// Walls closer than this (px) push back.
const WALL: f32 = 150.0;
/// Headings a keyboard gives.
const KEYS: usize = 8;

/// The heading the newcomer walks this step: the one it read off the screen
/// [`REACTION_S`] ago. `seen` holds what it has read since and not yet acted
/// on, a heading per step; a wave starts with it standing while it takes
/// the screen in.
pub fn react(world: &World, seen: &mut std::collections::VecDeque<Vec2>) -> Vec2 {
    if world.wave_steps == 0 {
        seen.clear();
    }
    seen.push_back(steer(world));
    let lag = (REACTION_S / world.dt()).round() as usize;
    if seen.len() > lag {
        seen.pop_front().unwrap_or(Vec2::ZERO)
    } else {
        Vec2::ZERO
    }
}

/// The heading the newcomer picks when it steers (unit or zero): straight
/// away from what it sees, as a person reads a crowd, not as a planner
/// searches one: the sum of the directions away from every visible enemy and
/// pool, each weighted 1/distance, taken as the nearest of a keyboard's 8
/// headings that does not walk into a wall within [`WALL`] px (at a wall it
/// runs along it). Nothing in sight: it stands.
pub fn steer(world: &World) -> Vec2 {
    let p = world.player.pos;
    let area = world.play_area();
    let visible = |q: Vec2, r: f32| {
        let d = (q - p).abs();
        d.x <= VIEW_HALF.x + r && d.y <= VIEW_HALF.y + r
    };
    let mut seen: Vec<(Vec2, f32)> = world
        .enemies()
        .slots()
        .iter()
        .filter(|e| e.alive && visible(e.pos, e.radius))
        .map(|e| (e.pos, e.radius))
        .collect();
    for pool in world.enemies().pools() {
        let c = Vec2::from_array(pool.center);
        if visible(c, pool.radius) {
            seen.push((c, pool.radius));
        }
    }
    if seen.is_empty() {
        return Vec2::ZERO;
    }
    let mut away = Vec2::ZERO;
    for &(e, r) in &seen {
        let d = ((p - e).length() - r).max(8.0);
        away += (p - e).normalize_or_zero() / d;
    }
    if away.length_squared() < 1e-12 {
        return Vec2::ZERO;
    }
    // Of the keys that do not walk into a wall within `WALL` px, the one
    // closest to straight away: at a wall it runs along it, as a player does.
    let blocked = |d: Vec2| {
        (d.x < -0.1 && p.x - area.min.x < WALL)
            || (d.x > 0.1 && area.max.x - p.x < WALL)
            || (d.y < -0.1 && p.y - area.min.y < WALL)
            || (d.y > 0.1 && area.max.y - p.y < WALL)
    };
    let away = away.normalize();
    (0..KEYS)
        .map(|k| {
            let a = k as f32 * std::f32::consts::TAU / KEYS as f32;
            Vec2::new(a.cos(), a.sin())
        })
        .filter(|&d| !blocked(d))
        .max_by(|a, b| a.dot(away).total_cmp(&b.dot(away)))
        .unwrap_or(Vec2::ZERO)
}

/// Buys the cheapest affordable offer (spells, cores and stats alike; ties go
/// to the first shelf, then the first offer) until none is affordable or the
/// shop refuses one (a full waiting area, the core limit). Returns how many
/// were bought.
pub fn shop(run: &mut Run) -> Result<u32, RunError> {
    let mut bought = 0;
    let mut refused: Vec<(Shelf, usize)> = Vec::new();
    loop {
        let gold = run.carry().wallet.gold();
        let Some(shop) = run.shop() else { break };
        let pick = [Shelf::Spells, Shelf::Cores, Shelf::Stats]
            .into_iter()
            .flat_map(|s| {
                shop.shelf(s)
                    .iter()
                    .enumerate()
                    .map(move |(i, o)| (s, i, o.price, o.sold))
            })
            .filter(|&(s, i, price, sold)| !sold && price <= gold && !refused.contains(&(s, i)))
            .min_by_key(|&(_, _, price, _)| price);
        let Some((shelf, index, _, _)) = pick else { break };
        if run.apply(Command::Buy { shelf, index }).is_ok() {
            bought += 1;
        } else {
            refused.push((shelf, index));
        }
    }
    Ok(bought)
}

/// The level-up the newcomer takes: the first card.
pub fn pick_levelup() -> usize {
    0
}
