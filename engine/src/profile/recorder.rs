//! The process-wide scope recorder: while it is on, every [`Scope`] that
//! closes books its name, thread and wall-clock span, and the code that
//! owns a frame or a step books counters and frame marks beside them. While
//! it is off (the default) a scope costs one relaxed atomic load and nothing
//! is stored, so the scopes stay in shipped builds.
//!
//! GPU scopes arrive later, from the [`crate::profile::GpuScopes`] that read
//! them back, already placed on this clock.

use std::borrow::Cow;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

static ON: AtomicBool = AtomicBool::new(false);
static EVENTS: Mutex<Vec<Event>> = Mutex::new(Vec::new());
static NEXT_THREAD: AtomicU32 = AtomicU32::new(1);
/// Simulation steps still to record (`u64::MAX`: no limit).
static STEPS_LEFT: AtomicU64 = AtomicU64::new(u64::MAX);

thread_local! {
    static THREAD: Cell<u32> = const { Cell::new(0) };
}

/// Which timeline a span sits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Track {
    /// A CPU thread, numbered in the order threads first record (1 is the
    /// first, usually the main thread).
    Cpu(u32),
    /// A GPU queue's work, by what submitted it (the frame, the compute core).
    Gpu(&'static str),
}

/// One closed scope: a name and a span on the recorder's clock.
#[derive(Debug, Clone, PartialEq)]
pub struct Span {
    /// The scope's name as written at the call site.
    pub name: Cow<'static, str>,
    /// The timeline it belongs to.
    pub track: Track,
    /// Start, µs since the recorder's epoch.
    pub start_us: f64,
    /// Length, µs.
    pub dur_us: f64,
}

impl Span {
    /// The span's end, µs since the epoch.
    pub fn end_us(&self) -> f64 {
        self.start_us + self.dur_us
    }
}

/// What the recorder stores, in the order it was booked.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A closed CPU or GPU scope.
    Span(Span),
    /// A named value at a moment (entities, wave, frame number).
    Counter {
        /// The counter's name.
        name: &'static str,
        /// When, µs since the epoch.
        at_us: f64,
        /// Its value.
        value: f64,
    },
    /// A frame (or a headless step) begins.
    Frame {
        /// The frame's number.
        index: u64,
        /// When, µs since the epoch.
        at_us: f64,
    },
}

/// The instant all recorded times count from (set the first time any
/// time is taken).
pub fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

/// `at` as µs since [`epoch`] (0 for an instant before it).
pub fn micros(at: Instant) -> f64 {
    at.saturating_duration_since(epoch()).as_secs_f64() * 1e6
}

/// Whether scopes are being recorded.
#[inline]
pub fn is_on() -> bool {
    ON.load(Ordering::Relaxed)
}

/// Starts or stops recording; what was recorded stays until [`drain`].
pub fn set_on(on: bool) {
    epoch();
    ON.store(on, Ordering::Relaxed);
}

/// Takes everything recorded so far, oldest first.
pub fn drain() -> Vec<Event> {
    std::mem::take(&mut *lock())
}

/// Books a counter value now (nothing while the recorder is off).
pub fn counter(name: &'static str, value: f64) {
    if is_on() {
        let at_us = micros(Instant::now());
        lock().push(Event::Counter { name, at_us, value });
    }
}

/// Marks the start of frame (or headless step) `index`.
pub fn frame(index: u64) {
    if is_on() {
        let at_us = micros(Instant::now());
        lock().push(Event::Frame { index, at_us });
    }
}

/// Marks a simulation step (the world's, the stress scene's): a `step`
/// counter, and in a tool's trace of N steps ([`limit_steps`]) the moment
/// recording stops once they are in. The window's frames are marked by
/// [`frame`] instead; there a frame runs zero or more steps.
pub fn step(index: u64) {
    if !is_on() {
        return;
    }
    match STEPS_LEFT.load(Ordering::Relaxed) {
        0 => {
            ON.store(false, Ordering::Relaxed);
            return;
        }
        u64::MAX => {}
        n => STEPS_LEFT.store(n - 1, Ordering::Relaxed),
    }
    counter("step", index as f64);
}

/// Records at most `n` more steps (`None`: no limit).
pub fn limit_steps(n: Option<u64>) {
    STEPS_LEFT.store(n.unwrap_or(u64::MAX), Ordering::Relaxed);
}

/// Books spans measured elsewhere (the GPU's, read back frames later).
pub fn spans(spans: impl IntoIterator<Item = Span>) {
    if is_on() {
        lock().extend(spans.into_iter().map(Event::Span));
    }
}

fn lock() -> std::sync::MutexGuard<'static, Vec<Event>> {
    // A panic while the lock was held leaves only a half-written trace;
    // recording goes on.
    EVENTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn thread_number() -> u32 {
    THREAD.with(|t| {
        if t.get() == 0 {
            t.set(NEXT_THREAD.fetch_add(1, Ordering::Relaxed));
        }
        t.get()
    })
}

/// An open CPU scope; it books its span when dropped. Made by
/// [`crate::scope!`], which also opens the same scope in Tracy or puffin
/// when one of those features is built in.
#[derive(Debug)]
#[must_use = "a scope measures until it is dropped"]
pub struct Scope {
    name: &'static str,
    start: Option<Instant>,
}

impl Scope {
    /// Opens a scope named `name` (measures only while recording is on).
    #[inline]
    pub fn begin(name: &'static str) -> Self {
        Self {
            name,
            start: is_on().then(Instant::now),
        }
    }
}

impl Drop for Scope {
    #[inline]
    fn drop(&mut self) {
        if let Some(start) = self.start {
            let end = Instant::now();
            let span = Span {
                name: Cow::Borrowed(self.name),
                track: Track::Cpu(thread_number()),
                start_us: micros(start),
                dur_us: end.duration_since(start).as_secs_f64() * 1e6,
            };
            lock().push(Event::Span(span));
        }
    }
}
