//! Gold dropped as coins: they lie where the enemy died, are pulled in by the
//! player's pickup radius, and vanish after a few seconds if nobody takes them
//! (docs/game.md#coins: unpicked gold disappears, forcing the player to move).

use glam::Vec2;
use serde::Deserialize;

/// Coin behaviour from `data/economy.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoinDef {
    /// Seconds a coin lies on the ground before it vanishes (the seed: 5).
    pub lifetime_s: f32,
    /// Speed, px/s, at which a coin inside the pickup radius flies to the player (the magnet).
    pub magnet_speed: f32,
    /// How fast every coin on the ground drifts toward a player who moves,
    /// from the moment it falls, in pickup radii per second (3: 180 px/s at
    /// the starting 60-px radius, so a kill anywhere on screen pays a player
    /// on the move); a larger pickup radius (Magnetism) makes it faster
    /// (docs/game.md#coins).
    pub drift_radii_per_s: f32,
    /// The same drift toward a player who stands still (1: 60 px/s, so only
    /// a kill within about 360 px pays): gold still asks the player to move.
    pub still_drift_radii_per_s: f32,
    /// A coin this close to the player's edge, px, is collected.
    pub collect_distance: f32,
    /// Gold dropped per kill when an enemy's data gives no range: `[min, max]` inclusive (the seed: 1–5).
    pub gold_per_kill: [u32; 2],
    /// Whether coins still on the ground when a wave ends are collected (true) or lost.
    pub collect_on_wave_end: bool,
}

/// One coin on the ground.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Coin {
    /// World position, px.
    pub pos: Vec2,
    /// Gold it is worth.
    pub value: u32,
    /// Seconds it has lain.
    pub age: f32,
    /// True once the magnet has caught it; it then flies to the player even out of radius.
    pub magnetised: bool,
}

/// Totals of one [`CoinField::update`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CoinUpdate {
    /// Gold collected this step.
    pub collected: u64,
    /// Gold that vanished this step.
    pub expired: u64,
}

/// Every coin on the ground, in drop order (deterministic).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CoinField {
    /// The coins, oldest first; read-only for the renderer.
    pub coins: Vec<Coin>,
    /// Thousandths of a gold owed by kills worth a fraction of a coin (a
    /// dense wave's fodder): paid as a coin once a whole gold is owed.
    owed_milli: u64,
    /// Gold dropped as coins since the field was last emptied (the sim's
    /// `gold_dropped`: picked up plus lost plus what the wave's end finds).
    pub dropped: u64,
}

impl CoinField {
    /// Drops a coin worth `value` at `pos`.
    pub fn drop_coin(&mut self, pos: Vec2, value: u32) {
        if value > 0 {
            self.dropped += u64::from(value);
            self.coins.push(Coin {
                pos,
                value,
                age: 0.0,
                magnetised: false,
            });
        }
    }

    /// Drops what a kill worth `value` gold pays (a fraction in dense waves,
    /// docs/balance.md#density): the fraction is owed and joins a later
    /// kill's coin, so a crowd of fodder pays its share in whole coins.
    pub fn drop_share(&mut self, pos: Vec2, value: f32) {
        let milli = (f64::from(value.max(0.0)) * 1000.0).round() as u64;
        let owed = self.owed_milli + milli;
        self.owed_milli = owed % 1000;
        self.drop_coin(pos, (owed / 1000) as u32);
    }

    /// Ages, attracts and collects coins for one step.
    ///
    /// Every coin drifts toward the player at the drift speed (the slower
    /// one while the player stands still: `moving` false); one within
    /// `pickup_radius` of the player's centre is magnetised and flies toward
    /// the player at the magnet speed; one within the player's
    /// radius plus the collect distance is collected; one older than its
    /// lifetime and not magnetised vanishes.
    pub fn update(
        &mut self,
        def: &CoinDef,
        dt: f32,
        player: Vec2,
        player_radius: f32,
        pickup_radius: f32,
        moving: bool,
    ) -> CoinUpdate {
        let mut out = CoinUpdate::default();
        let collect = player_radius + def.collect_distance;
        let drift = if moving {
            def.drift_radii_per_s
        } else {
            def.still_drift_radii_per_s
        };
        self.coins.retain_mut(|c| {
            c.age += dt;
            let to = player - c.pos;
            let d = to.length();
            if d <= pickup_radius {
                c.magnetised = true;
            }
            let speed = if c.magnetised {
                def.magnet_speed
            } else {
                drift * pickup_radius
            };
            if d > 0.0 {
                let step = (speed * dt).min(d);
                c.pos += to / d * step;
            }
            if c.pos.distance(player) <= collect {
                out.collected += u64::from(c.value);
                return false;
            }
            if !c.magnetised && c.age >= def.lifetime_s {
                out.expired += u64::from(c.value);
                return false;
            }
            true
        });
        out
    }

    /// Ends the wave: returns the gold collected (or 0 when the rule loses them) and empties the field.
    pub fn wave_end(&mut self, def: &CoinDef) -> u64 {
        let total: u64 = self.coins.iter().map(|c| u64::from(c.value)).sum();
        self.coins.clear();
        self.dropped = 0;
        if def.collect_on_wave_end { total } else { 0 }
    }

    /// Gold lying on the ground.
    pub fn value_on_ground(&self) -> u64 {
        self.coins.iter().map(|c| u64::from(c.value)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def() -> CoinDef {
        CoinDef {
            lifetime_s: 5.0,
            magnet_speed: 600.0,
            drift_radii_per_s: 0.0,
            still_drift_radii_per_s: 0.0,
            collect_distance: 8.0,
            gold_per_kill: [1, 5],
            collect_on_wave_end: false,
        }
    }

    #[test]
    fn unpicked_coin_vanishes_after_five_seconds() {
        let mut f = CoinField::default();
        f.drop_coin(Vec2::new(1000.0, 0.0), 3);
        let dt = 1.0 / 60.0;
        let mut expired = 0;
        let mut steps = 0;
        while !f.coins.is_empty() {
            expired += f.update(&def(), dt, Vec2::ZERO, 16.0, 60.0, false).expired;
            steps += 1;
        }
        assert_eq!(expired, 3);
        assert!((299..=301).contains(&steps), "{steps}");
    }

    #[test]
    fn coins_drift_faster_to_a_player_who_moves() {
        // 3 radii a second toward a player on the move, 1 toward one who
        // holds still, at a 60-px radius: 180 or 60 px/s for 5 s plus the
        // radius. A coin 300 px away reaches either; one 800 px away only
        // the player who moves (its own motion is left out here).
        let drifting = CoinDef {
            drift_radii_per_s: 3.0,
            still_drift_radii_per_s: 1.0,
            ..def()
        };
        for (moving, want) in [(false, (2, 3)), (true, (5, 0))] {
            let mut f = CoinField::default();
            f.drop_coin(Vec2::new(300.0, 0.0), 2);
            f.drop_coin(Vec2::new(-800.0, 0.0), 3);
            let (mut got, mut lost) = (0, 0);
            while !f.coins.is_empty() {
                let u = f.update(&drifting, 1.0 / 60.0, Vec2::ZERO, 16.0, 60.0, moving);
                got += u.collected;
                lost += u.expired;
            }
            assert_eq!((got, lost), want, "moving {moving}");
        }
    }

    #[test]
    fn magnet_pulls_and_collects() {
        let mut f = CoinField::default();
        f.drop_coin(Vec2::new(50.0, 0.0), 4);
        let u = f.update(&def(), 1.0 / 60.0, Vec2::ZERO, 16.0, 60.0, false);
        // 50 px away, pulled 10 px → 40 px, not yet within 24.
        assert_eq!(u.collected, 0);
        assert!((f.coins[0].pos.x - 40.0).abs() < 1e-4);
        let u = f.update(&def(), 1.0 / 60.0, Vec2::ZERO, 16.0, 60.0, false);
        assert_eq!(u.collected, 0);
        let u = f.update(&def(), 1.0 / 60.0, Vec2::ZERO, 16.0, 60.0, false);
        assert_eq!(u.collected, 4);
        assert!(f.coins.is_empty());
    }

    #[test]
    fn fractions_are_owed_until_a_whole_gold() {
        let mut f = CoinField::default();
        for _ in 0..7 {
            f.drop_share(Vec2::ZERO, 0.3);
        }
        // 2.1 gold owed in all: two coins of 1, 0.1 still owed.
        assert_eq!(f.coins.len(), 2);
        assert_eq!(f.value_on_ground(), 2);
        f.drop_share(Vec2::ZERO, 2.9);
        assert_eq!(f.value_on_ground(), 5);
    }

    #[test]
    fn wave_end_follows_the_rule() {
        let mut f = CoinField::default();
        f.drop_coin(Vec2::ZERO, 2);
        f.drop_coin(Vec2::ZERO, 0);
        assert_eq!(f.value_on_ground(), 2);
        assert_eq!(f.wave_end(&def()), 0);
        f.drop_coin(Vec2::ZERO, 2);
        let mut d = def();
        d.collect_on_wave_end = true;
        assert_eq!(f.wave_end(&d), 2);
    }
}
