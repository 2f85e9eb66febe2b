//! GPU time per render pass from timestamp queries, read back without
//! stalling: a frame's timestamps are mapped after submission and collected
//! on a later frame; frames that start while a read-back is pending are not
//! timed.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

/// Most render passes timed in one frame (a high-quality frame is up to
/// eleven: world, glow, top, four bloom passes, screen, egui, the cached
/// panel, and the crowd layer past 8,000 shots).
pub const MAX_TIMED_PASSES: u32 = 12;

const IDLE: u8 = 0;
const MAPPING: u8 = 1;
const MAPPED: u8 = 2;
const FAILED: u8 = 3;

/// Timestamp queries around render passes; `None` everywhere when the device
/// lacks `TIMESTAMP_QUERY`.
#[derive(Debug)]
pub struct PassTimer {
    inner: Option<TimerInner>,
    /// Per-pass GPU times of the latest frame read back, ms, in pass order.
    last: Vec<(&'static str, f64)>,
}

#[derive(Debug)]
struct TimerInner {
    queries: wgpu::QuerySet,
    resolve: wgpu::Buffer,
    readback: wgpu::Buffer,
    period_ns: f32,
    /// Labels of the passes given query slots this frame.
    labels: Vec<&'static str>,
    /// Labels of the frame whose read-back is in flight.
    pending: Vec<&'static str>,
    state: Arc<AtomicU8>,
    /// Whether this frame writes timestamps (false while a read-back is in flight).
    active: bool,
}

impl PassTimer {
    /// A timer on `device`, or an inert one without timestamp support.
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue) -> Self {
        let inner = device
            .features()
            .contains(wgpu::Features::TIMESTAMP_QUERY)
            .then(|| {
                let count = MAX_TIMED_PASSES * 2;
                let size = u64::from(count) * 8;
                TimerInner {
                    queries: device.create_query_set(&wgpu::QuerySetDescriptor {
                        label: Some("render pass timestamps"),
                        ty: wgpu::QueryType::Timestamp,
                        count,
                    }),
                    resolve: device.create_buffer(&wgpu::BufferDescriptor {
                        label: Some("timestamp resolve"),
                        size,
                        usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                        mapped_at_creation: false,
                    }),
                    readback: device.create_buffer(&wgpu::BufferDescriptor {
                        label: Some("timestamp read-back"),
                        size,
                        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                        mapped_at_creation: false,
                    }),
                    period_ns: queue.get_timestamp_period(),
                    labels: Vec::new(),
                    pending: Vec::new(),
                    state: Arc::new(AtomicU8::new(IDLE)),
                    active: false,
                }
            });
        Self {
            inner,
            last: Vec::new(),
        }
    }

    /// A timer that never times anything (e.g. for the second, screenshot copy of a frame).
    pub fn disabled() -> Self {
        Self {
            inner: None,
            last: Vec::new(),
        }
    }

    /// Whether the device reports GPU timestamps at all.
    pub fn supported(&self) -> bool {
        self.inner.is_some()
    }

    /// Starts a frame: collects a finished read-back and decides whether this frame is timed.
    pub fn begin_frame(&mut self, device: &wgpu::Device) {
        let Some(t) = &mut self.inner else { return };
        if t.state.load(Ordering::Acquire) == MAPPING {
            // Non-blocking: drive the map callback if the GPU is done.
            if let Err(e) = device.poll(wgpu::PollType::Poll) {
                log::warn!("device poll for timestamps failed: {e}");
            }
        }
        match t.state.load(Ordering::Acquire) {
            MAPPED => {
                if let Ok(view) = t.readback.get_mapped_range(..) {
                    let ticks: &[u64] = bytemuck::cast_slice(&view);
                    self.last = t
                        .pending
                        .iter()
                        .enumerate()
                        .map(|(i, label)| {
                            let (a, b) = (ticks[2 * i], ticks[2 * i + 1]);
                            let ms = b.saturating_sub(a) as f64 * f64::from(t.period_ns) / 1e6;
                            (*label, ms)
                        })
                        .collect();
                }
                t.readback.unmap();
                t.state.store(IDLE, Ordering::Release);
            }
            FAILED => {
                t.readback.unmap();
                t.state.store(IDLE, Ordering::Release);
            }
            _ => {}
        }
        t.labels.clear();
        t.active = t.state.load(Ordering::Acquire) == IDLE;
    }

    /// Timestamp writes for the pass named `label`, or `None` when this frame is not timed.
    pub fn pass_writes(&mut self, label: &'static str) -> Option<wgpu::RenderPassTimestampWrites<'_>> {
        let (query_set, i) = self.slot(label)?;
        Some(wgpu::RenderPassTimestampWrites {
            query_set,
            beginning_of_pass_write_index: Some(2 * i),
            end_of_pass_write_index: Some(2 * i + 1),
        })
    }

    /// Timestamp writes for the compute pass named `label` (e.g. the tiled
    /// path's binning), from the same query slots as [`Self::pass_writes`],
    /// or `None` when this frame is not timed.
    pub fn compute_writes(&mut self, label: &'static str) -> Option<wgpu::ComputePassTimestampWrites<'_>> {
        let (query_set, i) = self.slot(label)?;
        Some(wgpu::ComputePassTimestampWrites {
            query_set,
            beginning_of_pass_write_index: Some(2 * i),
            end_of_pass_write_index: Some(2 * i + 1),
        })
    }

    /// The next free query pair for `label`, when this frame is timed.
    fn slot(&mut self, label: &'static str) -> Option<(&wgpu::QuerySet, u32)> {
        let t = self.inner.as_mut()?;
        if !t.active || t.labels.len() as u32 >= MAX_TIMED_PASSES {
            return None;
        }
        let i = t.labels.len() as u32;
        t.labels.push(label);
        Some((&t.queries, i))
    }

    /// Resolves this frame's queries into the read-back buffer (call before submitting).
    pub fn resolve(&mut self, encoder: &mut wgpu::CommandEncoder) {
        let Some(t) = &mut self.inner else { return };
        if !t.active || t.labels.is_empty() {
            return;
        }
        let n = t.labels.len() as u32 * 2;
        encoder.resolve_query_set(&t.queries, 0..n, &t.resolve, 0);
        encoder.copy_buffer_to_buffer(&t.resolve, 0, &t.readback, 0, u64::from(n) * 8);
    }

    /// Starts mapping the read-back (call after submitting).
    pub fn after_submit(&mut self) {
        let Some(t) = &mut self.inner else { return };
        if !t.active || t.labels.is_empty() {
            return;
        }
        t.pending = std::mem::take(&mut t.labels);
        t.state.store(MAPPING, Ordering::Release);
        let state = Arc::clone(&t.state);
        t.readback.map_async(wgpu::MapMode::Read, .., move |r| {
            state.store(if r.is_ok() { MAPPED } else { FAILED }, Ordering::Release);
        });
        t.active = false;
    }

    /// GPU ms per pass of the latest frame read back.
    pub fn last(&self) -> &[(&'static str, f64)] {
        &self.last
    }
}
