//! How the scripted player moves and dashes (both policies).
//!
//! **Movement**, each step: of 16 headings (and standing still), take the one
//! whose position 0.4 s ahead is least dangerous (enemies and poison pools
//! weigh 1/distance², walls within `WALL` px weigh steeply, the centre pulls
//! slightly); when no enemy is within `DANGER` px, the nearest coin within
//! `COIN_SEEK` px pulls too. A player wearing a blade keeps it out of the
//! reach of a boss that heals on physical hits; a fighter holds a ring just
//! outside it, where its shots find the boss. With nothing near, the
//! competent player walks within its shots' reach of a boss that stands
//! still. See [`steer`].
//!
//! **Dash**: when an enemy's edge comes within [`DASH_WHEN`] px and the dash
//! is ready, dash along the chosen heading. See [`should_dash`].

use glam::Vec2;

use crate::stats::StatId;
use crate::world::World;

/// Enemies closer than this (px) are run from.
pub const DANGER: f32 = 220.0;
/// Coins closer than this (px) are walked to.
pub const COIN_SEEK: f32 = 500.0;
/// An enemy this close (px, edge to edge) makes the script dash.
pub const DASH_WHEN: f32 = 40.0;
/// Walls closer than this (px) push back.
pub const WALL: f32 = 150.0;
/// Candidate headings tried each step.
const HEADINGS: usize = 16;
/// How far ahead, s, a heading is judged.
const LOOKAHEAD: f32 = 0.4;

/// The direction the script walks this step (unit or zero).
///
/// It tries [`HEADINGS`] headings and takes the one whose position
/// [`LOOKAHEAD`] s ahead has the least danger: Σ 1/d² over enemies within
/// `DANGER` × 2 (d: distance to the enemy's edge), pools as big enemies, a
/// steep penalty within `WALL` px of a wall, a pull toward the centre; and,
/// when no enemy is within `DANGER`, the distance to the nearest coin within
/// `COIN_SEEK`. Ties go to the first heading (east, then counter-clockwise).
pub fn steer(world: &World) -> Vec2 {
    steer_with(world, &Steer::STARTER)
}

/// How [`steer_with`] weighs coins.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Steer {
    /// Coins pull while an enemy is within `DANGER` px when the player has
    /// at least this share of max HP (above 1: never).
    pub coins_under_threat: f32,
    /// Cost per px of distance to the coin sought.
    pub coin_weight: f32,
    /// A fighter's pull toward the nearest enemy, cost per px off the
    /// blade's reach ([`CLOSE_IN_AT`]), while a blade is worn and HP is at
    /// least [`CLOSE_IN_HP`] of max: one enemy's push is outweighed, a
    /// crowd's is not. 0: never.
    pub close_in: f32,
    /// Pull toward a boss that stands still ([`standing_boss`]), cost per
    /// px beyond [`BOSS_HOLD`], while no enemy is within `DANGER` px. 0:
    /// never.
    pub boss_pull: f32,
}

/// A fighter closes in only above this share of max HP.
pub const CLOSE_IN_HP: f32 = 0.5;
/// A fighter holds the nearest enemy at this share of the blade's reach.
pub const CLOSE_IN_AT: f32 = 0.8;

impl Steer {
    /// The starter's: coins only when no enemy is near, a light pull.
    pub const STARTER: Steer = Steer {
        coins_under_threat: 2.0,
        coin_weight: 0.02,
        close_in: 0.0,
        boss_pull: 0.0,
    };
    /// The competent player's: coins vanish after 5 s, so it goes for them
    /// under threat too while above 70 % HP (the danger terms still keep it
    /// off enemies), and pulls harder.
    pub const COMPETENT: Steer = Steer {
        coins_under_threat: 0.7,
        coin_weight: 0.05,
        close_in: 0.0,
        boss_pull: 0.05,
    };
    /// The competent fighter's (`--archetype blade`): it walks up to the
    /// crowd's edge so the blade has something in reach.
    pub const FIGHTER: Steer = Steer {
        close_in: 0.1,
        ..Steer::COMPETENT
    };
}

/// How near, px, the scripted player walks to a boss that stands still
/// ([`Steer::boss_pull`]): inside its shots' flight (the Poison Dart's
/// 750 px, the Spark Bolt's 900), where the lord's rings of eight shots
/// have spread wide apart. Held at 350 px, twice as many turret builders
/// died in its rings (docs/balance.md#scripted-players).
pub const BOSS_HOLD: f32 = 550.0;

/// Whether `e` is a boss whose current phase stands still (the void lord's
/// first): it never comes to the player, so a player whose shots fly at
/// the nearest enemy walks within their reach of it, as a person who sees
/// it in a corner does (docs/balance.md#scripted-players).
fn standing_boss(e: &crate::enemies::EnemyState) -> bool {
    e.boss
        .as_deref()
        .is_some_and(|b| b.has(crate::enemies::bosses::BehaviorTag::Stationary))
}

/// Margin, px, kept beyond a worn blade's reach from a boss that heals on
/// physical hits ([`heals_on_blade`]).
pub const SHUN_MARGIN: f32 = 40.0;

/// Whether `e` is a boss whose current phase heals on physical hits (the
/// void lord's first): a worn blade swings by itself at what is in reach,
/// and every physical swing would heal it, so a player who has read the
/// boss's page keeps the blade out of its reach and lets the deck work.
fn heals_on_blade(e: &crate::enemies::EnemyState) -> bool {
    e.boss
        .as_deref()
        .is_some_and(|b| b.current().regen_on_physical_hit > 0.0)
}

/// The reach of the blade the player wears, if any.
fn worn_reach(world: &World) -> Option<f32> {
    let cat = world.catalog();
    let id = world.gear().melee.as_deref()?;
    cat.melee.blade(id).map(|b| b.reach)
}

/// Whether the worn gear leaves a physical part in a blade's hit (its
/// conversions sum to less than the whole).
fn blade_is_physical(world: &World) -> bool {
    world.gear().shares.get(crate::element::Element::Physical) > 0.0
}

/// Where a fighter steered by `how` wants to stand: the nearest enemy and
/// the distance to hold it at, while a blade is worn and HP allows. A boss
/// that heals on the blade's hits is never closed in on: while one stands,
/// the fighter holds just outside its shunned ring ([`LORD_HOLD`] beyond
/// it), where the deck's shots, which fly at the nearest enemy, find the
/// boss between the escorts the blade cuts down; away from it they spend
/// themselves on the crowd.
///
/// `shun` is [`steer_with`]'s list of such bosses, each with the distance
/// from its centre the blade keeps off.
fn close_in_target(world: &World, how: &Steer, shun: &[(Vec2, f32)]) -> Option<(Vec2, f32)> {
    if how.close_in <= 0.0 || world.player.hp < CLOSE_IN_HP * world.player.stat(StatId::HpMax) {
        return None;
    }
    let reach = worn_reach(world)?;
    if let Some(&(lord, ring)) = shun.first() {
        return Some((lord, ring + LORD_HOLD));
    }
    let p = world.player.pos;
    world
        .enemies()
        .slots()
        .iter()
        .filter(|e| e.alive)
        .min_by(|a, b| a.pos.distance_squared(p).total_cmp(&b.pos.distance_squared(p)))
        .map(|e| (e.pos, reach * CLOSE_IN_AT + e.radius))
}

/// How far beyond its shunned ring a fighter holds a boss that heals on the
/// blade's hits ([`close_in_target`]), px.
pub const LORD_HOLD: f32 = 100.0;

/// How far beyond a boss's edge a worn blade must stay from a boss that
/// heals on its hits ([`heals_on_blade`]): the reach and [`SHUN_MARGIN`];
/// `None` without a blade, or with one whose hits the gear converts wholly
/// to elements (no physical part left to heal on).
fn shun_distance(world: &World) -> Option<f32> {
    let reach = worn_reach(world)?;
    blade_is_physical(world).then_some(reach + SHUN_MARGIN)
}

/// [`steer`] with the coin weighting of `how`.
pub fn steer_with(world: &World, how: &Steer) -> Vec2 {
    let p = world.player.pos;
    let speed = world.player.stat(StatId::MoveSpeed);
    let area = world.play_area();
    let reach = DANGER * 2.0;
    let mut near: Vec<(Vec2, f32)> = Vec::new();
    let mut threatened = false;
    // The bosses a worn blade must not reach, with the distance from each
    // centre to keep.
    let keep_off = shun_distance(world);
    let mut shun: Vec<(Vec2, f32)> = Vec::new();
    // The first boss that stands still, walked to while nothing is near.
    let mut standing: Option<Vec2> = None;
    for e in world.enemies().slots() {
        if !e.alive {
            continue;
        }
        if standing.is_none() && standing_boss(e) {
            standing = Some(e.pos);
        }
        if let Some(keep) = keep_off
            && heals_on_blade(e)
        {
            shun.push((e.pos, e.radius + keep));
        }
        let d = e.pos.distance(p) - e.radius;
        if d < reach {
            near.push((e.pos, e.radius));
        }
        threatened |= d < DANGER;
    }
    for pool in world.enemies().pools() {
        let c = Vec2::from_array(pool.center);
        if c.distance(p) < pool.radius + reach {
            near.push((c, pool.radius + world.player.radius));
            threatened = true;
        }
    }
    let healthy = world.player.hp >= how.coins_under_threat * world.player.stat(StatId::HpMax);
    let fight = close_in_target(world, how, &shun);
    let boss = standing.filter(|_| !threatened && how.boss_pull > 0.0);
    let coin = if threatened && !healthy {
        None
    } else {
        world
            .coins()
            .coins
            .iter()
            .map(|c| (c.pos, c.pos.distance_squared(p)))
            .filter(|(_, d)| *d < COIN_SEEK * COIN_SEEK)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(c, _)| c)
    };
    let cost = |q: Vec2| {
        let mut c = 0.0f32;
        for &(e, r) in &near {
            let d = (q.distance(e) - r).max(4.0);
            c += 10_000.0 / (d * d);
        }
        for edge in [
            q.x - area.min.x,
            q.y - area.min.y,
            area.max.x - q.x,
            area.max.y - q.y,
        ] {
            if edge < WALL {
                let t = 1.0 - edge.max(0.0) / WALL;
                c += 50.0 * t * t;
            }
        }
        c += q.distance((area.min + area.max) * 0.5) * 0.002;
        if let Some(coin) = coin {
            c += q.distance(coin) * how.coin_weight;
        }
        for &(boss, keep) in &shun {
            let d = q.distance(boss);
            if d < keep {
                let t = 1.0 - d / keep;
                c += 200.0 * t * t;
            }
        }
        if let Some((enemy, hold)) = fight {
            c += (q.distance(enemy) - hold).abs() * how.close_in;
        }
        if let Some(b) = boss {
            c += (q.distance(b) - BOSS_HOLD).max(0.0) * how.boss_pull;
        }
        c
    };
    let mut best = (Vec2::ZERO, cost(p));
    for k in 0..HEADINGS {
        let a = k as f32 * std::f32::consts::TAU / HEADINGS as f32;
        let dir = Vec2::new(a.cos(), a.sin());
        let c = cost(p + dir * speed * LOOKAHEAD);
        if c < best.1 {
            best = (dir, c);
        }
    }
    best.0
}

/// Dash when an enemy's edge is within [`DASH_WHEN`] px, the dash is ready
/// and the script is walking (away, by [`steer`]'s choice).
pub fn should_dash(world: &World, dir: Vec2) -> bool {
    if dir == Vec2::ZERO || world.player.dash_cooldown() > 0.0 {
        return false;
    }
    let p = world.player.pos;
    world
        .enemies()
        .slots()
        .iter()
        .any(|e| e.alive && e.pos.distance(p) - e.radius - world.player.radius < DASH_WHEN)
}
