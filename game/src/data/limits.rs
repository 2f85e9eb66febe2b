//! The bounds of every number a player or a tool hands the game on the
//! command line or in a file (docs/data.md#limits): each fits this game's
//! memory and time on a small machine, and a value outside them is refused
//! naming the flag and the range, never wrapped, clamped in silence or left
//! to run for hours.

/// The last wave a run may be set to (`--waves`, a replay's `last_wave`):
/// endless waves past 100 outgrow every buffer the arena has.
pub const MAX_WAVES: u32 = 100;
/// The highest NG+ level (`--ng-plus`, a replay's `ng_plus`): enemy HP ×6.
pub const MAX_NG_PLUS: u32 = 10;
/// Worker threads (`--threads`).
pub const MAX_THREADS: usize = 256;
/// Projectiles the stress tools keep alive (`stress --projectiles`, the
/// window's `--stress`): the largest projectile buffer data may declare.
pub const MAX_PROJECTILES: u32 = 1 << 20;
/// Projectiles the window's `--stress` keeps alive (0: the design load):
/// the window draws every one each frame.
pub const MAX_WINDOW_STRESS: u32 = 200_000;
/// Enemies `stress --enemies` keeps alive.
pub const MAX_ENEMIES: u32 = 100_000;
/// Steps `stress --steps` (and `--warmup`) measure: half an hour of game time.
pub const MAX_STEPS: u32 = 100_000;
/// Casts `wand eval --casts` prints.
pub const MAX_CASTS: u32 = 10_000;
/// Starting mana of `wand eval --mana`.
pub const MAX_MANA: f32 = 1_000_000.0;
/// The window's `--speed` (fight steps per frame at most this many times normal).
pub const MAX_SPEED: f32 = 64.0;
/// The slowest `--speed`.
pub const MIN_SPEED: f32 = 0.1;
/// Frames `--exit-after-frames` may run.
pub const MAX_FRAMES: u64 = 10_000_000;
/// Seeded rolls and trials the loot and blade tools draw (`--rolls`, `--trials`, `--runs`, `--samples`).
pub const MAX_TRIALS: u32 = 10_000_000;
/// Depths the loot tools accept.
pub const MAX_DEPTH: u32 = 10_000;
/// Seeds one `--seeds` range plays.
pub const MAX_SEEDS: u64 = 100_000;
/// The largest replay or saved run read (a 20-wave run is about 1 MiB).
pub const MAX_REPLAY_BYTES: u64 = 64 << 20;
/// Fight steps one replay may hold: 100 waves of an hour each at 60 Hz.
pub const MAX_REPLAY_STEPS: u64 = 100 * 3600 * 60;
/// The largest build file read (the shipped ones are under 2 KiB).
pub const MAX_BUILD_BYTES: u64 = 1 << 20;

/// A finite `f32` in `min..=max`, or a sentence naming the range.
pub fn finite_in(s: &str, min: f32, max: f32) -> Result<f32, String> {
    let v: f32 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number (expected {min} to {max})"))?;
    if !v.is_finite() || v < min || v > max {
        return Err(format!("{v} is outside {min} to {max}"));
    }
    Ok(v)
}

/// `--speed`: finite, [`MIN_SPEED`]..=[`MAX_SPEED`].
pub fn speed(s: &str) -> Result<f32, String> {
    finite_in(s, MIN_SPEED, MAX_SPEED)
}

/// `--mana`: finite, 0..=[`MAX_MANA`].
pub fn mana(s: &str) -> Result<f32, String> {
    finite_in(s, 0.0, MAX_MANA)
}

/// The loot tools' reference damage and rate: finite, positive, at most a million.
pub fn positive_amount(s: &str) -> Result<f32, String> {
    finite_in(s, 0.001, 1_000_000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_refuse_nan_infinity_and_the_outside() {
        assert_eq!(speed("4"), Ok(4.0));
        for bad in ["NaN", "nan", "inf", "-inf", "0", "65", "fast"] {
            let e = speed(bad).unwrap_err();
            assert!(e.contains("0.1") && e.contains("64"), "{bad}: {e}");
        }
        assert!(mana("-1").is_err() && mana("NaN").is_err() && mana("100").is_ok());
    }
}
