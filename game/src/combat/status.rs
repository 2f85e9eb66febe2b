//! Statuses an enemy can carry (docs/game.md#statuses) and how they tick.
//!
//! Each status is a countdown in seconds; zero means absent. Burning and
//! poison also carry a damage per second, fixed when they were applied from
//! the hit's *final* damage, and tick every step with `dt` (their ticks ignore
//! armour and resistance, which the hit that applied them already paid).

use serde::Serialize;

/// A status, for queries and for the renderer's icons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Lightning +100 %; ice freezes, fire vaporises, lightning conducts.
    Wet,
    /// Fire +200 % and double burning duration (oil blast).
    Oily,
    /// Fire damage over time.
    Burning,
    /// Cannot move or attack; physical +300 % (shatter).
    Frozen,
    /// Moves at `slow_factor` speed.
    Slowed,
    /// Cannot move or attack.
    Paralysed,
    /// Stacking poison damage over time.
    Poisoned,
}

/// One poison stack.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PoisonStack {
    /// Damage per second.
    pub dps: f32,
    /// Seconds left.
    pub remaining: f32,
}

/// All statuses on one enemy.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct StatusSet {
    /// Seconds of wet left.
    pub wet: f32,
    /// Seconds of oily left.
    pub oily: f32,
    /// Seconds of burning left.
    pub burning: f32,
    /// Burning damage per second.
    pub burning_dps: f32,
    /// Seconds of frozen left.
    pub frozen: f32,
    /// Seconds of slowed left.
    pub slowed: f32,
    /// Seconds of paralysed left.
    pub paralysed: f32,
    /// Active poison stacks, oldest first.
    pub poison: Vec<PoisonStack>,
    /// Wound damage per second (the loot rule `Wound`): each wounding hit adds
    /// its fraction of the target's max HP per second. Wounds have no timer in
    /// the data, so they bleed until the target dies; they are physical
    /// damage over time that, like burning, ignores armour and resistance.
    pub wound_dps: f32,
}

impl StatusSet {
    /// True while `status` is active.
    pub fn has(&self, status: Status) -> bool {
        match status {
            Status::Wet => self.wet > 0.0,
            Status::Oily => self.oily > 0.0,
            Status::Burning => self.burning > 0.0,
            Status::Frozen => self.frozen > 0.0,
            Status::Slowed => self.slowed > 0.0,
            Status::Paralysed => self.paralysed > 0.0,
            Status::Poisoned => !self.poison.is_empty(),
        }
    }

    /// Seconds left of `status` (for poison: the longest stack).
    pub fn remaining(&self, status: Status) -> f32 {
        match status {
            Status::Wet => self.wet,
            Status::Oily => self.oily,
            Status::Burning => self.burning,
            Status::Frozen => self.frozen,
            Status::Slowed => self.slowed,
            Status::Paralysed => self.paralysed,
            Status::Poisoned => self.poison.iter().fold(0.0, |m, s| m.max(s.remaining)),
        }
    }

    /// Sets `status` to at least `seconds` (re-applying refreshes, never shortens).
    pub fn apply(&mut self, status: Status, seconds: f32) {
        let slot = match status {
            Status::Wet => &mut self.wet,
            Status::Oily => &mut self.oily,
            Status::Burning => &mut self.burning,
            Status::Frozen => &mut self.frozen,
            Status::Slowed => &mut self.slowed,
            Status::Paralysed => &mut self.paralysed,
            Status::Poisoned => return,
        };
        *slot = slot.max(seconds);
    }

    /// Removes `status` at once (a reaction consumed it).
    pub fn clear(&mut self, status: Status) {
        match status {
            Status::Wet => self.wet = 0.0,
            Status::Oily => self.oily = 0.0,
            Status::Burning => {
                self.burning = 0.0;
                self.burning_dps = 0.0;
            }
            Status::Frozen => self.frozen = 0.0,
            Status::Slowed => self.slowed = 0.0,
            Status::Paralysed => self.paralysed = 0.0,
            Status::Poisoned => self.poison.clear(),
        }
    }

    /// Sets burning to `seconds` at `dps`, keeping the stronger of old and new damage.
    pub fn ignite(&mut self, seconds: f32, dps: f32) {
        self.burning = self.burning.max(seconds);
        self.burning_dps = self.burning_dps.max(dps);
    }

    /// Adds one poison stack; when `cap` stacks are already on, the stack with
    /// the least time left is replaced (the newest always lands).
    pub fn add_poison(&mut self, stack: PoisonStack, cap: u32) {
        if cap == 0 {
            return;
        }
        if self.poison.len() < cap as usize {
            self.poison.push(stack);
            return;
        }
        let mut weakest = 0;
        for (i, s) in self.poison.iter().enumerate() {
            if s.remaining < self.poison[weakest].remaining {
                weakest = i;
            }
        }
        self.poison.remove(weakest);
        self.poison.push(stack);
    }

    /// Adds one wound stack bleeding `dps` HP per second (a fraction of max HP,
    /// computed by the caller who knows the target).
    pub fn add_wound(&mut self, dps: f32) {
        if dps > 0.0 {
            self.wound_dps += dps;
        }
    }

    /// Multiplier on movement speed: 0 while frozen or paralysed, `slow_factor` while slowed.
    pub fn move_factor(&self, slow_factor: f32) -> f32 {
        if self.frozen > 0.0 || self.paralysed > 0.0 {
            0.0
        } else if self.slowed > 0.0 {
            slow_factor
        } else {
            1.0
        }
    }

    /// True when the enemy may not attack (frozen or paralysed).
    pub fn disabled(&self) -> bool {
        self.frozen > 0.0 || self.paralysed > 0.0
    }

    /// Advances every countdown by `dt` and returns the damage over time dealt
    /// during it (burning and poison, each for at most its remaining time, and
    /// wounds, which never run out).
    pub fn tick(&mut self, dt: f32) -> f32 {
        let mut dot = self.wound_dps * dt;
        if self.burning > 0.0 {
            dot += self.burning_dps * dt.min(self.burning);
        }
        for s in &mut self.poison {
            dot += s.dps * dt.min(s.remaining);
            s.remaining -= dt;
        }
        self.poison.retain(|s| s.remaining > 0.0);
        for t in [
            &mut self.wet,
            &mut self.oily,
            &mut self.burning,
            &mut self.frozen,
            &mut self.slowed,
            &mut self.paralysed,
        ] {
            *t = (*t - dt).max(0.0);
        }
        if self.burning == 0.0 {
            self.burning_dps = 0.0;
        }
        dot
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burning_ticks_for_its_duration_only() {
        let mut s = StatusSet::default();
        s.ignite(1.0, 10.0);
        let mut total = 0.0;
        for _ in 0..90 {
            total += s.tick(1.0 / 60.0);
        }
        assert!((total - 10.0).abs() < 1e-3, "{total}");
        assert!(!s.has(Status::Burning));
    }

    #[test]
    fn poison_cap_replaces_the_oldest_stack() {
        let mut s = StatusSet::default();
        for i in 0..4 {
            s.add_poison(
                PoisonStack {
                    dps: 1.0,
                    remaining: 1.0 + i as f32,
                },
                3,
            );
        }
        assert_eq!(s.poison.len(), 3);
        assert_eq!(s.poison[2].remaining, 4.0);
        assert!(s.poison.iter().all(|p| p.remaining > 1.0));
    }

    #[test]
    fn durations_count_down_and_movement_follows() {
        let mut s = StatusSet::default();
        s.apply(Status::Slowed, 0.5);
        assert_eq!(s.move_factor(0.5), 0.5);
        s.apply(Status::Frozen, 0.25);
        assert_eq!(s.move_factor(0.5), 0.0);
        assert!(s.disabled());
        s.tick(0.3);
        assert!(!s.has(Status::Frozen));
        assert!((s.remaining(Status::Slowed) - 0.2).abs() < 1e-6);
        s.tick(0.3);
        assert_eq!(s.move_factor(0.5), 1.0);
    }
}
