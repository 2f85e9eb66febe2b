//! GPU scopes through `wgpu-profiler`: every render and compute pass opens
//! a named scope (timestamp writes at the pass's start and end), nested
//! under the group it belongs to (the bloom's passes under "bloom", the
//! compute core's under "compute core"). Results come back frames later
//! without stalling; each frame's are placed on the recorder's clock with
//! its first GPU timestamp at the moment the frame was submitted, or where
//! the previous frame's GPU work ended if that is later (GPU and CPU clocks
//! are not otherwise related, and the work cannot start earlier).
//!
//! Without `TIMESTAMP_QUERY` every call still works and nothing is timed:
//! [`GpuScopes::supported`] says so, and the overlay says "GPU timing
//! unavailable".

use std::borrow::Cow;
use std::collections::VecDeque;
use std::time::Instant;

use wgpu_profiler::{GpuProfiler, GpuProfilerQuery, GpuProfilerSettings, GpuTimerQueryResult};

use super::recorder::{self, Span, Track};

/// Frames whose timestamps may be in flight at once; more are dropped
/// (newest first) until the oldest come back.
const PENDING: usize = 4;

/// One frame's GPU scopes as read back.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GpuFrame {
    /// The frame (or step) number given to [`GpuScopes::end_frame`].
    pub index: u64,
    /// Scopes on the recorder's clock, parents before their children.
    pub spans: Vec<Span>,
    /// `(name, ms, depth)` per scope, in submission order: the overlay's
    /// and the reports' view.
    pub passes: Vec<(String, f64, usize)>,
}

/// A `wgpu-profiler` profiler with the scope nesting of one frame.
pub struct GpuScopes {
    profiler: GpuProfiler,
    track: &'static str,
    /// Open group scopes, innermost last: new scopes nest under the last.
    open: Vec<GpuProfilerQuery>,
    /// Frames ended but not read back: number and submission time.
    pending: VecDeque<(u64, Instant)>,
    supported: bool,
    /// Where the last frame read back ended on the recorder's clock, µs: a
    /// frame queued behind it cannot have started earlier.
    last_end_us: f64,
}

impl std::fmt::Debug for GpuScopes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuScopes")
            .field("track", &self.track)
            .field("supported", &self.supported)
            .field("pending", &self.pending.len())
            .finish_non_exhaustive()
    }
}

impl GpuScopes {
    /// Scopes on `device`, timed when it has `TIMESTAMP_QUERY`; `track`
    /// names their timeline in a trace ("frame", "compute core").
    pub fn new(device: &wgpu::Device, track: &'static str) -> Self {
        let supported = device.features().contains(wgpu::Features::TIMESTAMP_QUERY);
        Self::with(device, track, supported)
    }

    /// Scopes that time nothing (a second copy of a frame drawn for a
    /// screenshot, a test's render).
    pub fn disabled(device: &wgpu::Device) -> Self {
        Self::with(device, "untimed", false)
    }

    fn with(device: &wgpu::Device, track: &'static str, timed: bool) -> Self {
        let settings = GpuProfilerSettings {
            enable_timer_queries: timed,
            enable_debug_groups: timed,
            max_num_pending_frames: PENDING,
        };
        let profiler = match GpuProfiler::new(device, settings) {
            Ok(p) => p,
            // Only a zero pending count is refused, and PENDING is not zero.
            Err(e) => unreachable!("wgpu-profiler refused its settings: {e}"),
        };
        Self {
            profiler,
            track,
            open: Vec::new(),
            pending: VecDeque::new(),
            supported: timed,
            last_end_us: 0.0,
        }
    }

    /// Whether these scopes are timed (the device reports timestamps).
    pub fn supported(&self) -> bool {
        self.supported
    }

    /// Opens a group named `label` on `encoder`: the passes begun until
    /// [`Self::pop`] nest under it.
    pub fn push(&mut self, label: &str, encoder: &mut wgpu::CommandEncoder) {
        let q = self
            .profiler
            .begin_query(label, encoder)
            .with_parent(self.open.last());
        self.open.push(q);
    }

    /// Closes the innermost group opened by [`Self::push`].
    pub fn pop(&mut self, encoder: &mut wgpu::CommandEncoder) {
        if let Some(q) = self.open.pop() {
            self.profiler.end_query(encoder, q);
        }
    }

    /// Begins a render pass from `desc` as a scope named `label` under the
    /// open group (its timestamps are the pass's own start and end).
    pub fn render_pass<'e>(
        &mut self,
        encoder: &'e mut wgpu::CommandEncoder,
        label: &str,
        desc: wgpu::RenderPassDescriptor<'_>,
    ) -> wgpu::RenderPass<'e> {
        let q = self
            .profiler
            .begin_pass_query(label, encoder)
            .with_parent(self.open.last());
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            timestamp_writes: q.render_pass_timestamp_writes(),
            ..desc
        });
        // A pass query's timestamps are written by the pass itself; closing
        // it here only books it for the frame.
        self.profiler.end_query(&mut pass, q);
        pass
    }

    /// Begins a compute pass named `label` as a scope under the open group.
    pub fn compute_pass<'e>(
        &mut self,
        encoder: &'e mut wgpu::CommandEncoder,
        label: &str,
    ) -> wgpu::ComputePass<'e> {
        let q = self
            .profiler
            .begin_pass_query(label, encoder)
            .with_parent(self.open.last());
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some(label),
            timestamp_writes: q.compute_pass_timestamp_writes(),
        });
        self.profiler.end_query(&mut pass, q);
        pass
    }

    /// Resolves the frame's queries into `encoder`: the last encoder of the
    /// frame, submitted after every other that opened a scope.
    pub fn resolve(&mut self, encoder: &mut wgpu::CommandEncoder) {
        while !self.open.is_empty() {
            self.pop(encoder);
        }
        self.profiler.resolve_queries(encoder);
    }

    /// Ends frame `index` (call after submitting it): its timestamps start
    /// mapping and come back from a later [`Self::collect`].
    pub fn end_frame(&mut self, index: u64) {
        match self.profiler.end_frame() {
            Ok(()) => {
                if !self.supported {
                    // Nothing is timed: the profiler keeps no frame to return.
                    let _ = self.profiler.process_finished_frame(1.0);
                    return;
                }
                // The profiler drops its newest pending frame when full; so do we.
                if self.pending.len() == PENDING {
                    self.pending.pop_back();
                }
                self.pending.push_back((index, Instant::now()));
            }
            Err(e) => log::warn!("GPU scopes of frame {index} not ended: {e}"),
        }
    }

    /// The oldest ended frame whose timestamps are back, if any (does not
    /// wait; poll the device first to let the read-back finish). Its spans
    /// also go to the recorder when it is on.
    pub fn collect(&mut self, queue: &wgpu::Queue) -> Option<GpuFrame> {
        if !self.supported {
            return None;
        }
        let results = self
            .profiler
            .process_finished_frame(queue.get_timestamp_period())?;
        let (index, submitted) = self.pending.pop_front()?;
        let first = earliest(&results).unwrap_or(0.0);
        let anchor_us = recorder::micros(submitted).max(self.last_end_us);
        let mut frame = GpuFrame {
            index,
            ..GpuFrame::default()
        };
        flatten(&results, 0, &mut |r, depth, range| {
            let (start, end) = range;
            frame.passes.push((r.label.clone(), (end - start) * 1e3, depth));
            frame.spans.push(Span {
                name: Cow::Owned(r.label.clone()),
                track: Track::Gpu(self.track),
                start_us: anchor_us + (start - first) * 1e6,
                dur_us: (end - start) * 1e6,
            });
        });
        self.last_end_us = frame
            .spans
            .iter()
            .map(Span::end_us)
            .fold(self.last_end_us, f64::max);
        recorder::spans(frame.spans.iter().cloned());
        Some(frame)
    }
}

/// The earliest start among `results` and their children, s.
fn earliest(results: &[GpuTimerQueryResult]) -> Option<f64> {
    results
        .iter()
        .filter_map(|r| {
            let own = r.time.as_ref().map(|t| t.start);
            let inner = earliest(&r.nested_queries);
            match (own, inner) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        })
        .min_by(f64::total_cmp)
}

/// The latest end among `results` and their children, s.
fn latest(results: &[GpuTimerQueryResult]) -> Option<f64> {
    results
        .iter()
        .filter_map(|r| {
            let own = r.time.as_ref().map(|t| t.end);
            let inner = latest(&r.nested_queries);
            match (own, inner) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            }
        })
        .max_by(f64::total_cmp)
}

/// What [`flatten`] calls per scope: the result, its depth, its `(start, end)`.
type Visit<'a> = dyn FnMut(&GpuTimerQueryResult, usize, (f64, f64)) + 'a;

/// Visits every scope depth first with its `(start, end)` in s; a group the
/// device could not time (no timestamps between passes) spans its children.
fn flatten(results: &[GpuTimerQueryResult], depth: usize, visit: &mut Visit<'_>) {
    for r in results {
        let range = match &r.time {
            Some(t) => Some((t.start, t.end)),
            None => earliest(&r.nested_queries).zip(latest(&r.nested_queries)),
        };
        if let Some(range) = range {
            visit(r, depth, range);
        }
        flatten(&r.nested_queries, depth + 1, visit);
    }
}
