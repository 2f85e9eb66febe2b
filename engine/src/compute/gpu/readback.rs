//! Staging buffers for the event read-back, and a blocking buffer read for
//! tests.
//!
//! Waiting policy: step K is submitted and its staging buffer (K % 2) asked
//! to map; the events of step K−1 are then taken from the other buffer. If
//! the GPU has not finished step K−1 by then, the read blocks until it has
//! (counted in `readback_waits`): the events of a step are always delivered
//! exactly one step later, never skipped or reordered, so runs stay
//! deterministic. On a real GPU step K−1 is long finished by the next frame;
//! on lavapipe under load the wait is where the GPU time shows up.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use super::RawStep;
use crate::compute::types::Event;

/// Offset of the two event counters in a staging buffer.
pub const COUNTERS_AT: u64 = 0;
/// Offset of the events in a staging buffer.
pub const EVENTS_AT: u64 = COUNTERS_AT + 16;

const IDLE: u8 = 0;
const PENDING: u8 = 1;
const MAPPED: u8 = 2;
const FAILED: u8 = 3;

/// A submitted step whose staging buffer has not been read yet.
#[derive(Debug)]
pub struct InFlight {
    /// Index of its staging buffer.
    pub staging: usize,
    /// Its submission, to wait on.
    pub submission: wgpu::SubmissionIndex,
}

/// One read-back buffer: counters, events.
#[derive(Debug)]
pub struct Staging {
    /// The MAP_READ buffer.
    pub buffer: wgpu::Buffer,
    state: Arc<AtomicU8>,
}

impl Staging {
    /// A staging buffer with room for `max_events` events.
    pub fn new(device: &wgpu::Device, max_events: u32) -> Self {
        Self {
            buffer: device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("core event staging"),
                size: EVENTS_AT + u64::from(max_events) * 24,
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }),
            state: Arc::new(AtomicU8::new(IDLE)),
        }
    }

    /// Asks for the buffer to be mapped once the submission that fills it is done.
    pub fn request_map(&self) {
        self.state.store(PENDING, Ordering::Release);
        let state = Arc::clone(&self.state);
        self.buffer.map_async(wgpu::MapMode::Read, .., move |result| {
            let v = if result.is_ok() { MAPPED } else { FAILED };
            state.store(v, Ordering::Release);
        });
    }

    /// Polls the device once without blocking; true when the map has completed.
    pub fn is_mapped(&self, device: &wgpu::Device) -> bool {
        if self.state.load(Ordering::Acquire) == PENDING {
            let _ = device.poll(wgpu::PollType::Poll);
        }
        self.state.load(Ordering::Acquire) != PENDING
    }

    /// Blocks until `submission` is done and the map callback has run.
    pub fn wait(&self, device: &wgpu::Device, submission: wgpu::SubmissionIndex) {
        let mut target = Some(submission);
        while self.state.load(Ordering::Acquire) == PENDING {
            if let Err(e) = device.poll(wgpu::PollType::Wait {
                submission_index: target.take(),
                timeout: None,
            }) {
                log::error!("waiting for the event read-back failed: {e}");
                return;
            }
        }
    }

    /// Parses the mapped buffer and unmaps it.
    pub fn read(&self, max_events: u32) -> RawStep {
        if self.state.load(Ordering::Acquire) != MAPPED {
            log::error!("event read-back buffer failed to map; this step's events are lost");
            self.state.store(IDLE, Ordering::Release);
            return RawStep::default();
        }
        let mut raw = RawStep::default();
        {
            let Ok(view) = self.buffer.get_mapped_range(..) else {
                log::error!("event read-back buffer could not be viewed");
                return raw;
            };
            let counters: Vec<u32> =
                bytemuck::pod_collect_to_vec(&view[COUNTERS_AT as usize..EVENTS_AT as usize]);
            let appended = counters[0];
            raw.overflow = counters[1];
            let n = appended.min(max_events) as usize;
            let at = EVENTS_AT as usize;
            raw.events = bytemuck::pod_collect_to_vec::<u8, Event>(&view[at..at + n * 24]);
        }
        self.buffer.unmap();
        self.state.store(IDLE, Ordering::Release);
        raw
    }
}

/// Copies the first `bytes` of `source` into a fresh buffer and waits for it (tests only).
pub fn read_buffer<T: bytemuck::Pod>(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    source: &wgpu::Buffer,
    bytes: u64,
) -> Vec<T> {
    let size = bytes.max(4).next_multiple_of(4).min(source.size());
    let target = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("debug read-back"),
        size,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
        label: Some("debug read-back"),
    });
    encoder.copy_buffer_to_buffer(source, 0, &target, 0, size);
    let submission = queue.submit([encoder.finish()]);
    let done = Arc::new(AtomicU8::new(PENDING));
    let flag = Arc::clone(&done);
    target.map_async(wgpu::MapMode::Read, .., move |r| {
        flag.store(if r.is_ok() { MAPPED } else { FAILED }, Ordering::Release);
    });
    let mut index = Some(submission);
    while done.load(Ordering::Acquire) == PENDING {
        if device
            .poll(wgpu::PollType::Wait {
                submission_index: index.take(),
                timeout: None,
            })
            .is_err()
        {
            break;
        }
    }
    if done.load(Ordering::Acquire) != MAPPED {
        log::error!("debug read-back failed to map");
        return Vec::new();
    }
    let out = match target.get_mapped_range(..) {
        Ok(view) => bytemuck::pod_collect_to_vec(&view[..bytes as usize]),
        Err(_) => Vec::new(),
    };
    target.unmap();
    out
}
