//! The events of one step as the rules receive them: sorted, so that the
//! order in which GPU invocations won the atomic counter never leaks into
//! the game.

use super::types::{Event, EventKind};

/// Events of one step, sorted by (kind, projectile, enemy).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StepEvents {
    /// Which step produced them (1 for the first `step` call).
    pub step: u64,
    /// The events, sorted.
    pub events: Vec<Event>,
    /// Events lost because the buffer (`CoreConfig::max_events`) was full.
    pub overflow: u32,
}

impl StepEvents {
    /// Events of one kind, in sorted order.
    pub fn of_kind(&self, kind: EventKind) -> impl Iterator<Item = &Event> + '_ {
        self.events.iter().filter(move |e| e.kind == kind as u32)
    }

    /// Number of events of one kind.
    pub fn count(&self, kind: EventKind) -> usize {
        self.of_kind(kind).count()
    }

    /// Whether the step produced nothing.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty() && self.overflow == 0
    }

    /// Appends another batch (e.g. a flushed step after a regular one), keeping the order.
    pub fn merge(&mut self, other: StepEvents) {
        self.step = self.step.max(other.step);
        self.events.extend(other.events);
        self.overflow += other.overflow;
        sort_events(&mut self.events);
    }
}

/// The deterministic order: kind, then projectile slot, then enemy index,
/// then position bits (never needed by the passes, which emit at most one
/// event per kind, projectile and enemy).
///
/// The key orders any two different events, so the parallel sort used for
/// big batches (over the current rayon pool) gives the serial order exactly.
pub fn sort_events(events: &mut [Event]) {
    use rayon::slice::ParallelSliceMut;
    let key = |e: &Event| {
        (
            e.kind,
            e.projectile,
            e.enemy,
            e.pos[0].to_bits(),
            e.pos[1].to_bits(),
        )
    };
    if events.len() >= PAR_SORT_MIN && rayon::current_num_threads() > 1 {
        events.par_sort_unstable_by_key(key);
    } else {
        events.sort_unstable_by_key(key);
    }
}

/// Events below which a step's batch is sorted on the calling thread.
pub const PAR_SORT_MIN: usize = 8192;
