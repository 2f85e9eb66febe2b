//! The fixed-step clock: real time in, a whole number of simulation steps
//! out, so the simulation advances in exact 1/60 s steps whatever the frame
//! rate (Glenn Fiedler's "Fix Your Timestep").
//!
//! Real time accumulates; each full step's worth is handed out as one step.
//! At most `max_steps` are handed out per frame: a slow machine then runs the
//! game slower instead of spiralling (each frame needing more steps, which
//! make the frame slower still). What is left in the accumulator is the
//! [`FixedClock::alpha`] a renderer may interpolate with.

/// Turns frame times into fixed simulation steps.
#[derive(Debug, Clone, PartialEq)]
pub struct FixedClock {
    step: f32,
    max_steps: u32,
    accumulator: f32,
}

impl FixedClock {
    /// A clock of `step` seconds per step, handing out at most `max_steps`
    /// per call to [`FixedClock::advance`].
    pub fn new(step: f32, max_steps: u32) -> Self {
        Self {
            step,
            max_steps: max_steps.max(1),
            accumulator: 0.0,
        }
    }

    /// Seconds per step.
    pub fn step(&self) -> f32 {
        self.step
    }

    /// Adds `dt` real seconds scaled by `time_scale` (0 pauses, 0.1 is slow
    /// motion, 4 is fast-forward) and returns how many steps are due now.
    /// Time beyond `max_steps` steps is dropped, not owed.
    pub fn advance(&mut self, dt: f32, time_scale: f32) -> u32 {
        let cap = self.step * self.max_steps as f32;
        self.accumulator = (self.accumulator + dt.max(0.0) * time_scale.max(0.0)).min(cap);
        let mut due = 0;
        while self.accumulator >= self.step && due < self.max_steps {
            self.accumulator -= self.step;
            due += 1;
        }
        due
    }

    /// Exactly one step per frame while `running` (none when paused), with
    /// nothing carried over: smoke tests and figures, where frame `n` must
    /// show the same moment on any machine.
    pub fn lock_to_frames(&mut self, running: bool) -> u32 {
        self.accumulator = 0.0;
        u32::from(running)
    }

    /// Forgets the time owed (the simulation stopped: a wave ended, a menu opened).
    pub fn reset(&mut self) {
        self.accumulator = 0.0;
    }

    /// How far real time is into the next step, 0..1: the weight a renderer
    /// gives the newest state when it interpolates between the last two.
    pub fn alpha(&self) -> f32 {
        (self.accumulator / self.step).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_follow_real_time_and_carry_the_remainder() {
        let mut c = FixedClock::new(1.0 / 60.0, 4);
        // 144 Hz frames: over one second exactly 60 steps come out.
        let total: u32 = (0..144).map(|_| c.advance(1.0 / 144.0, 1.0)).sum();
        assert!((59..=60).contains(&total), "{total}");
        assert!(c.alpha() < 1.0);
        // A 30 Hz frame owes two steps.
        c.reset();
        assert_eq!(c.advance(1.0 / 30.0 + 1e-6, 1.0), 2);
    }

    #[test]
    fn a_long_frame_is_capped_and_pause_stops_time() {
        let mut c = FixedClock::new(1.0 / 60.0, 4);
        assert_eq!(c.advance(1.0, 1.0), 4, "a one-second hitch runs 4 steps, not 60");
        assert_eq!(c.advance(0.0, 1.0), 0, "and the rest is not owed");
        assert_eq!(c.advance(1.0, 0.0), 0, "a paused clock hands out nothing");
        assert_eq!(
            c.advance(1.0 / 60.0, 4.0),
            4,
            "fast-forward runs four steps a frame"
        );
        assert_eq!(c.lock_to_frames(true), 1);
        assert_eq!(c.lock_to_frames(false), 0);
    }
}
