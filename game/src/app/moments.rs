//! The log's note of a fight's moments, each with its frame number: a
//! wave's fight starting, a boss entering, changing phase and gone,
//! reactions (the first
//! frame with one, then each frame with more than any before: a chain),
//! the wave cleared, the level-up, the player's death. A frame-locked
//! run (`--exit-after-frames`) steps once a frame, so the number is the
//! same on any machine and `--exit-after-frames N --screenshot` takes the
//! moment again (docs/screens.md#screenshots-of-moments). Reads the run,
//! never changes it.

use crate::run::{Outcome, Phase, Run};

/// What was seen of the run at the last frame.
#[derive(Debug, Default)]
pub(super) struct Moments {
    phase: Option<Phase>,
    boss_phase: usize,
    /// A boss was alive at the last frame.
    boss: bool,
    /// The run's reaction count at the last frame, and the most reactions
    /// one frame has set off so far (only a new most is noted).
    reactions: u64,
    most_reactions: u64,
}

impl Moments {
    /// Logs what changed since the last frame (frame `index`).
    pub(super) fn watch(&mut self, run: &Run, index: u64) {
        let phase = run.phase();
        let boss_phase = run
            .world()
            .enemies()
            .slots()
            .iter()
            .filter(|e| e.alive)
            .filter_map(|e| e.boss.as_ref().map(|b| b.phase))
            .max()
            .unwrap_or(0);
        let boss = run.world().boss_alive();
        if boss != self.boss {
            let what = if boss { "boss enters" } else { "boss gone" };
            log::info!("moment: {what} at frame {index} (wave {})", run.world().wave);
        }
        self.boss = boss;
        if boss_phase > self.boss_phase {
            log::info!("moment: boss phase {} at frame {index}", boss_phase + 1);
        }
        self.boss_phase = boss_phase;
        let reactions = run.world().stats.reactions;
        let new = reactions.saturating_sub(self.reactions);
        if phase == Phase::Fight && new > self.most_reactions {
            log::info!("moment: reactions ({new} in one frame, the most yet) at frame {index}");
            self.most_reactions = new;
        }
        self.reactions = reactions;
        if self.phase.is_some_and(|p| p != phase) && matches!(phase, Phase::Fight | Phase::LevelUp) {
            log::info!("moment: {phase:?} at frame {index} (wave {})", run.world().wave);
        }
        if self.phase == Some(Phase::Fight) && phase != Phase::Fight {
            let what = match (phase, run.outcome()) {
                (Phase::Summary, Some(Outcome::Died)) => "death",
                (Phase::Summary, _) => "run won",
                _ => "wave cleared",
            };
            log::info!("moment: {what} at frame {index} (wave {})", run.world().wave);
        }
        self.phase = Some(phase);
    }
}
