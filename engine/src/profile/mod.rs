//! Profiling: named CPU scopes ([`scope!`]), GPU scopes from `wgpu-profiler`
//! ([`GpuScopes`]), and traces of them on one timeline that Perfetto and
//! chrome://tracing open ([`Capture`]). docs/architecture.md#profiling.
//!
//! A scope goes to up to two places: the `profiling` crate (Tracy or puffin,
//! only when the `tracy` or `puffin` feature is built in; otherwise it
//! compiles to nothing) and this module's recorder (only while a trace is
//! taken or the overlay is open; otherwise one atomic load).

mod chrome;
mod frames;
mod gpu;
pub mod recorder;

use std::path::{Path, PathBuf};

pub use frames::{FrameHistory, FrameProfile, KEPT_FRAMES, TreeLine, tree};
pub use gpu::{GpuFrame, GpuScopes};
pub use profiling;
pub use recorder::{Event, Scope, Span, Track, counter, frame, step};

/// Opens a CPU scope named by a string literal until the end of the block:
/// `engine::scope!("vm casts");`.
#[macro_export]
macro_rules! scope {
    ($name:literal) => {
        $crate::profile::profiling::scope!($name);
        let _engine_scope = $crate::profile::Scope::begin($name);
    };
}

/// Ends a frame for Tracy or puffin (nothing without those features).
pub fn finish_frame() {
    profiling::finish_frame!();
}

/// Frames a window's trace takes when no count is given (F4).
pub const F4_FRAMES: u64 = 300;

/// What to trace: where the file goes and how many frames (or steps) it
/// holds; `None` traces until the program ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceRequest {
    /// The Chrome trace JSON to write.
    pub path: PathBuf,
    /// Frames (window) or steps (tools) to take.
    pub frames: Option<u64>,
}

/// Why a trace was not written.
#[derive(Debug, thiserror::Error)]
#[error("the trace could not be written to {path}: {source}")]
pub struct TraceError {
    /// The file asked for.
    pub path: PathBuf,
    /// The file system's reason.
    pub source: std::io::Error,
}

/// A trace being taken: the recorder is on until it is written.
#[derive(Debug)]
pub struct Capture {
    request: TraceRequest,
    events: Vec<Event>,
    frames: u64,
}

impl Capture {
    /// Starts recording for `request` (what was recorded before is dropped).
    pub fn start(request: TraceRequest) -> Self {
        recorder::set_on(true);
        recorder::drain();
        Self {
            request,
            events: Vec::new(),
            frames: 0,
        }
    }

    /// Where the trace goes.
    pub fn path(&self) -> &Path {
        &self.request.path
    }

    /// Frames (or steps) taken so far.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Frames asked for (`None`: until the end).
    pub fn wanted(&self) -> Option<u64> {
        self.request.frames
    }

    /// Adds events drained from the recorder by the frame's owner.
    pub fn add(&mut self, events: &[Event]) {
        self.events.extend_from_slice(events);
    }

    /// Counts one finished frame; true once the frames asked for are in.
    pub fn frame_done(&mut self) -> bool {
        self.frames += 1;
        self.request.frames.is_some_and(|n| self.frames >= n)
    }

    /// Writes the trace with what the recorder still holds (the caller
    /// turns the recorder off if nothing else needs it).
    pub fn write(mut self, process: &str) -> Result<PathBuf, TraceError> {
        self.events.extend(recorder::drain());
        chrome::write(&self.request.path, process, &self.events).map_err(|source| TraceError {
            path: self.request.path.clone(),
            source,
        })?;
        Ok(self.request.path)
    }
}

/// A headless tool's trace: a frame is a simulation step (marked by
/// [`recorder::step`] where the tool or the world steps); with a count,
/// recording stops once that many steps are in. The file is written by
/// [`Self::finish`].
#[derive(Debug)]
pub struct StepTrace {
    capture: Capture,
}

impl StepTrace {
    /// Starts recording for `request`.
    pub fn start(request: TraceRequest) -> Self {
        recorder::limit_steps(request.frames);
        Self {
            capture: Capture::start(request),
        }
    }

    /// Writes the trace and stops recording.
    pub fn finish(self, process: &str) -> Result<PathBuf, TraceError> {
        recorder::set_on(false);
        recorder::limit_steps(None);
        self.capture.write(process)
    }
}

/// What the window knows about its frames' profile, handed to the
/// application each frame for the overlay.
#[derive(Debug, Clone, Default)]
pub struct WindowProfile {
    /// The last five seconds of frames with their scopes (recorded while
    /// the application asks for scopes, e.g. while the overlay is open).
    pub history: FrameHistory,
    /// Whether the device times GPU scopes.
    pub gpu_timing: bool,
    /// The latest GPU frame read back: `(scope, ms, depth)`.
    pub gpu_passes: Vec<(String, f64, usize)>,
    /// What the trace capture is doing or did, in words.
    pub trace_note: Option<String>,
}

/// The overlay's view of [`WindowProfile`], owned so the overlay can be
/// drawn later.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileSummary {
    /// The slowest frame of the last five seconds: number, ms and scope tree.
    pub slowest: Option<(u64, f64, Vec<TreeLine>)>,
    /// The three scopes with the most own time per frame, ms.
    pub dearest: Vec<(String, f64)>,
    /// Whether the device times GPU scopes.
    pub gpu_timing: bool,
    /// What the trace capture is doing or did.
    pub trace_note: Option<String>,
}

impl WindowProfile {
    /// The summary the overlay draws.
    pub fn summary(&self) -> ProfileSummary {
        ProfileSummary {
            slowest: self.history.slowest().map(|f| (f.index, f.ms, tree(&f.spans))),
            dearest: self.history.dearest(3),
            gpu_timing: self.gpu_timing,
            trace_note: self.trace_note.clone(),
        }
    }
}
