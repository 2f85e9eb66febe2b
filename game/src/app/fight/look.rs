//! The fight's floor things and the player's look: coins with their
//! timers, the enemies' telegraphs above the player's crowd, and what the
//! player's body shows (aim, cast, hurt, low HP) (docs/art.md).

use engine::render::{Layer, Scene, Shape, ShapeKind};
use glam::Vec2;

use super::super::{draw, palette};
use super::{Fight, coin_glow};
use crate::enemies::ai::Telegraph;
use crate::world::World;

/// Coins past this many on the floor keep their fade but lose the timer
/// ring (a carpet of gold from a huge build is read as a carpet).
const COIN_RINGS_UP_TO: usize = 150;
/// Seconds a cast brightens the player's ring and nose.
const CAST_FLASH_S: f32 = 0.12;
/// The share of max HP under which the heartbeat ring shows.
const LOW_HP: f32 = 1.0 / 3.0;
/// Telegraphs drawn in full at most (the most dangerous); the rest are
/// faint marks. A W19 crowd winds up dozens of chargers at once, and their
/// 26-px bars merged into one red carpet that told the player nothing.
pub const MAX_FULL_TELLS: usize = 8;

/// How dangerous a telegraph is to a player at `me` (smaller is worse):
/// how far its strike passes from the player, less the more wound up it
/// is (about to land). Px.
pub fn danger(t: &Telegraph, me: Vec2) -> f32 {
    let (reach, progress) = match *t {
        Telegraph::ChargeLine {
            from, to, progress, ..
        } => (segment_distance(me, Vec2::from(from), Vec2::from(to)), progress),
        Telegraph::SpitAim { to, progress, .. } => (Vec2::from(to).distance(me), progress),
        Telegraph::PoolLanding {
            center,
            radius,
            progress,
        } => ((Vec2::from(center).distance(me) - radius).max(0.0), progress),
    };
    reach - 120.0 * progress
}

/// Distance from `p` to the segment `a..b`.
fn segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let k = if ab.length_squared() < 1e-6 {
        0.0
    } else {
        ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
    };
    p.distance(a + ab * k)
}

/// A coin's timer (docs/art.md#pickups): the ring around it shrinks from
/// 13 px to the coin as its `left` of `life` seconds run out, turning
/// orange in the last two; the coin itself fades over its last second and
/// a half. Returns (ring radius, ring colour, coin alpha).
pub fn coin_timer(left: f32, life: f32) -> (f32, [f32; 4], f32) {
    let k = (left / life.max(1e-3)).clamp(0.0, 1.0);
    let mut ring = if left < 2.0 {
        palette::COIN_LATE
    } else {
        palette::COIN
    };
    ring[3] = 0.55;
    let alpha = (left / 1.5).clamp(0.15, 1.0);
    (6.0 + 7.0 * k, ring, alpha)
}

impl Fight {
    pub(super) fn draw_coins(&self, world: &World, scene: &mut Scene) {
        let def = &world.catalog().run.economy.def.coins;
        let coins = &world.coins().coins;
        let glow = coin_glow(coins.len());
        let rings = coins.len() <= COIN_RINGS_UP_TO;
        let mut timers = Vec::new();
        for c in coins {
            let left = def.lifetime_s - c.age;
            let (r, ring, alpha) = coin_timer(left, def.lifetime_s);
            // Blink during the last second before the coin vanishes.
            if left < 1.0 && (left * 10.0) as i32 % 2 == 0 {
                continue;
            }
            let mut gold = palette::COIN;
            gold[3] *= alpha;
            scene.shapes.push(
                Layer::Ground,
                Shape::new(ShapeKind::Diamond, c.pos, Vec2::new(5.0, 7.0), gold).glow(glow),
            );
            if rings && !c.magnetised {
                timers.push(Shape::ring(c.pos, r, 1.5, ring));
            }
        }
        scene.shapes.ground.extend(timers);
    }

    /// The enemies' telegraphs, on the top layer under the player: an
    /// attack's tell is never hidden by the player's own shots
    /// (docs/art.md#draw-order). Grouped by shape class (lines, rings,
    /// discs) so each group is one draw. Past [`MAX_FULL_TELLS`] only the
    /// most dangerous are drawn in full ([`danger`]), the rest faint; the
    /// reduced-flashes setting softens the fill that lights up a windup.
    pub(super) fn draw_telegraphs(&self, world: &World, scene: &mut Scene) {
        let mut lines = Vec::new();
        let mut rings = Vec::new();
        let mut discs = Vec::new();
        let me = world.player.pos;
        let mut tells = world.enemies().telegraphs();
        // In a crowd the nearest and most dangerous tells are drawn in
        // full, the rest as faint marks (docs/art.md#numbers-and-marks).
        let full = if tells.len() > MAX_FULL_TELLS {
            tells.sort_by(|a, b| danger(a, me).total_cmp(&danger(b, me)));
            MAX_FULL_TELLS
        } else {
            tells.len()
        };
        let fade = 0.6 * self.comfort.flashes.max(0.5);
        for (k, t) in tells.into_iter().enumerate() {
            let faint = k >= full;
            match t {
                Telegraph::ChargeLine {
                    from, to, progress, ..
                } => {
                    let (a, b) = (Vec2::from(from), Vec2::from(to));
                    if faint {
                        lines.push(Shape::line(a, b, 3.0, [1.0, 0.3, 0.2, 0.22]));
                    } else {
                        lines.push(Shape::line(a, b, 26.0, palette::TELEGRAPH));
                        let mut lit = [1.0, 0.3, 0.2, 0.55];
                        lit[3] *= fade / 0.6;
                        lines.push(Shape::line(a, a.lerp(b, progress), 26.0, lit));
                    }
                }
                Telegraph::SpitAim {
                    from, to, progress, ..
                } => {
                    let (a, b) = (Vec2::from(from), Vec2::from(to));
                    let alpha = if faint { 0.2 } else { 0.5 };
                    lines.push(Shape::line(
                        a,
                        b,
                        if faint { 1.0 } else { 2.0 },
                        [1.0, 0.3, 0.6, alpha],
                    ));
                    if !faint {
                        rings.push(Shape::ring(b, 14.0 - 8.0 * progress, 2.0, [1.0, 0.3, 0.6, 0.9]));
                    }
                }
                Telegraph::PoolLanding {
                    center,
                    radius,
                    progress,
                } => {
                    let c = Vec2::from(center);
                    if faint {
                        rings.push(Shape::ring(c, radius, 1.0, palette::poison(0.3)));
                    } else {
                        rings.push(Shape::ring(c, radius, 2.0, palette::poison(0.7)));
                        discs.push(Shape::circle(c, radius * progress, palette::poison(0.2)));
                    }
                }
            }
        }
        scene.shapes.top.extend(discs);
        scene.shapes.top.extend(lines);
        scene.shapes.top.extend(rings);
    }

    /// The player's look this frame: it faces its aim (the input's, else the
    /// nearest enemy, else its walk), flashes on a cast and on a hit, and
    /// beats a red ring under a third of its HP.
    pub(super) fn player_look(&mut self, w: &World, time: f32) -> draw::PlayerLook {
        let p = &w.player;
        if w.stats.main_casts != self.casts.0 {
            self.casts = (w.stats.main_casts, time);
        }
        let since_cast = time - self.casts.1;
        let facing = w.aim().unwrap_or_else(|| {
            w.enemies()
                .slots()
                .iter()
                .filter(|e| e.alive)
                .map(|e| e.pos - p.pos)
                .min_by(|a, b| a.length_squared().total_cmp(&b.length_squared()))
                .unwrap_or(p.vel)
        });
        let frac = p.hp / p.hp_max().max(1.0);
        draw::PlayerLook {
            pos: p.pos,
            radius: p.radius,
            facing,
            hurt: (self.hurt_flash / 0.25).clamp(0.0, 1.0),
            cast: (1.0 - since_cast / CAST_FLASH_S).clamp(0.0, 1.0),
            low_hp: if p.hp > 0.0 && frac < LOW_HP {
                1.0 - frac / LOW_HP
            } else {
                0.0
            },
            flashes: self.comfort.flashes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{coin_timer, danger};
    use crate::enemies::ai::Telegraph;
    use glam::Vec2;

    /// A charge about to run through the player is the most dangerous
    /// tell; one far off, or just starting to wind up, less.
    #[test]
    fn the_tell_aimed_at_the_player_ranks_first() {
        let me = Vec2::new(500.0, 500.0);
        let charge = |from: [f32; 2], to: [f32; 2], progress: f32| Telegraph::ChargeLine {
            enemy: 0,
            from,
            to,
            progress,
        };
        let through = charge([300.0, 500.0], [700.0, 500.0], 0.8);
        let early = charge([300.0, 500.0], [700.0, 500.0], 0.0);
        let far = charge([900.0, 900.0], [1200.0, 900.0], 0.9);
        assert!(danger(&through, me) < danger(&early, me));
        assert!(danger(&early, me) < danger(&far, me));
    }

    #[test]
    fn a_coin_timer_shrinks_and_warms_as_its_life_runs_out() {
        let (fresh, c_fresh, a_fresh) = coin_timer(5.0, 5.0);
        let (late, c_late, a_late) = coin_timer(1.0, 5.0);
        assert!(fresh > late, "the ring shrinks: {fresh} -> {late}");
        assert_eq!(a_fresh, 1.0, "a fresh coin is solid");
        assert!(a_late < 1.0, "a coin in its last second and a half fades");
        assert_ne!(
            c_fresh[1], c_late[1],
            "the ring turns orange in the last two seconds"
        );
    }
}
