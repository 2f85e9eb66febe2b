//! The window's side of profiling: each frame's CPU scopes go into the
//! last five seconds' history (while the application asks for them, e.g.
//! while its overlay is open) and into the trace being taken; GPU scopes
//! join their frame when they come back; `--trace` and F4 captures start,
//! count their frames and are written here.

use std::time::Instant;

use super::app::Requests;
use crate::gpu::GpuContext;
use crate::profile::{self, Capture, FrameProfile, GpuScopes, TraceRequest, Track, WindowProfile, recorder};

/// Frames left out of the GPU means (pipelines are created in the first).
const WARM_UP: u64 = 10;

/// Scopes, GPU timings and traces of the window's frames.
#[derive(Debug, Default)]
pub(super) struct FrameProfiler {
    /// What the overlay is handed.
    pub profile: WindowProfile,
    capture: Option<Capture>,
    /// The application asked for scopes in its last frame.
    want_scopes: bool,
    /// The frame being recorded: number and start.
    open: Option<(u64, Instant)>,
    /// Per GPU scope: label, sum of ms, samples (after warm-up).
    gpu_sums: Vec<(String, f64, u32)>,
}

impl FrameProfiler {
    /// Starts a trace (a second request while one runs is refused in the note).
    pub fn start_trace(&mut self, request: TraceRequest) {
        if let Some(c) = &self.capture {
            self.profile.trace_note = Some(format!(
                "a trace is already being taken to {}",
                c.path().display()
            ));
            return;
        }
        log::info!(
            "trace: taking {} to {}",
            frames_words(request.frames),
            request.path.display()
        );
        self.profile.trace_note = Some(format!("tracing to {}", request.path.display()));
        // Starting drops what the frame in progress recorded: the trace
        // begins with the next frame, whole.
        self.capture = Some(Capture::start(request));
        self.open = None;
    }

    /// Closes the previous frame (its scopes into the history and the
    /// trace), takes the GPU scopes that came back, and opens frame `index`.
    pub fn begin_frame(
        &mut self,
        index: u64,
        now: Instant,
        gpu: &GpuContext,
        scopes: &mut GpuScopes,
        process: &str,
    ) {
        self.close_frame(now, process);
        // Non-blocking: lets finished timestamp read-backs call back.
        let _ = gpu.device.poll(wgpu::PollType::Poll);
        while let Some(frame) = scopes.collect(&gpu.queue) {
            self.profile.history.add_gpu(frame.index, &frame.spans);
            if frame.index >= WARM_UP {
                for (name, ms, _) in &frame.passes {
                    match self.gpu_sums.iter_mut().find(|(l, _, _)| l == name) {
                        Some(e) => {
                            e.1 += ms;
                            e.2 += 1;
                        }
                        None => self.gpu_sums.push((name.clone(), *ms, 1)),
                    }
                }
            }
            self.profile.gpu_passes = frame.passes;
        }
        recorder::set_on(self.want_scopes || self.capture.is_some());
        if recorder::is_on() {
            self.open = Some((index, now));
            recorder::frame(index);
        }
        profile::finish_frame();
    }

    fn close_frame(&mut self, now: Instant, process: &str) {
        let Some((index, start)) = self.open.take() else {
            return;
        };
        let events = recorder::drain();
        let spans = events
            .iter()
            .filter_map(|e| match e {
                recorder::Event::Span(s) if matches!(s.track, Track::Cpu(_)) => Some(s.clone()),
                _ => None,
            })
            .collect();
        // The first frames create pipelines: not what the overlay explains.
        if index >= WARM_UP {
            self.profile.history.push(FrameProfile {
                index,
                ms: now.duration_since(start).as_secs_f64() * 1000.0,
                spans,
            });
        }
        let Some(c) = &mut self.capture else { return };
        c.add(&events);
        let done = c.frame_done();
        self.profile.trace_note = Some(match c.wanted() {
            Some(n) => format!("tracing frame {} of {n} to {}", c.frames(), c.path().display()),
            None => format!("tracing {} frames to {}", c.frames(), c.path().display()),
        });
        if done {
            self.finish_trace(process);
        }
    }

    /// Takes the application's requests of this frame (scopes, F4).
    pub fn after_frame(&mut self, requests: &Requests) {
        self.want_scopes = requests.scopes;
        if let Some(t) = &requests.trace {
            self.start_trace(t.clone());
        }
    }

    /// Writes the trace being taken, if any, and says where it went.
    pub fn finish_trace(&mut self, process: &str) {
        let Some(c) = self.capture.take() else { return };
        let frames = c.frames();
        self.profile.trace_note = Some(match c.write(process) {
            Ok(path) => {
                log::info!("trace written: {} ({frames} frames)", path.display());
                format!("trace written to {} ({frames} frames)", path.display())
            }
            Err(e) => {
                log::error!("{e}");
                e.to_string()
            }
        });
    }

    /// Mean ms per GPU scope after the warm-up, in the order first seen.
    pub fn gpu_means(&self) -> Vec<(String, f64)> {
        self.gpu_sums
            .iter()
            .map(|(l, sum, n)| (l.clone(), sum / f64::from((*n).max(1))))
            .collect()
    }
}

fn frames_words(frames: Option<u64>) -> String {
    match frames {
        Some(n) => format!("{n} frames"),
        None => "every frame until the window closes".into(),
    }
}
