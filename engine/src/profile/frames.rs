//! The last five seconds of frames with their scopes, for the overlay: the
//! slowest frame's scope tree and the scopes that cost the most.

use std::collections::{BTreeMap, VecDeque};

use super::recorder::{Span, Track};

/// Frames kept (five seconds at 60 fps, like the frame graph).
pub const KEPT_FRAMES: usize = 300;

/// One frame's wall time and the scopes recorded in it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FrameProfile {
    /// The frame's number.
    pub index: u64,
    /// Frame start to the next frame's start, ms.
    pub ms: f64,
    /// CPU scopes, then the GPU's when they come back.
    pub spans: Vec<Span>,
}

/// One line of a scope tree.
#[derive(Debug, Clone, PartialEq)]
pub struct TreeLine {
    /// Nesting depth (0: a top-level scope of its track).
    pub depth: usize,
    /// The scope's name.
    pub name: String,
    /// Its whole length, ms.
    pub ms: f64,
    /// Its length less its children's, ms.
    pub self_ms: f64,
    /// Whether it ran on the GPU.
    pub gpu: bool,
}

/// `spans` as trees, one per track (CPU threads first, then GPU tracks),
/// each scope followed by the scopes inside it.
pub fn tree(spans: &[Span]) -> Vec<TreeLine> {
    let mut sorted: Vec<&Span> = spans.iter().collect();
    sorted.sort_by(|a, b| {
        a.track
            .cmp(&b.track)
            .then(a.start_us.total_cmp(&b.start_us))
            .then(b.dur_us.total_cmp(&a.dur_us))
    });
    let mut lines: Vec<TreeLine> = Vec::with_capacity(sorted.len());
    // Open scopes: (line index, end µs, track).
    let mut stack: Vec<(usize, f64, Track)> = Vec::new();
    // Timers round; a child may poke out of its parent by this much, µs.
    const SLACK_US: f64 = 0.5;
    for s in sorted {
        while let Some(&(_, end, track)) = stack.last() {
            if track != s.track || s.start_us >= end - SLACK_US {
                stack.pop();
            } else {
                break;
            }
        }
        if let Some(&(parent, _, _)) = stack.last() {
            lines[parent].self_ms -= s.dur_us / 1e3;
        }
        lines.push(TreeLine {
            depth: stack.len(),
            name: s.name.to_string(),
            ms: s.dur_us / 1e3,
            self_ms: s.dur_us / 1e3,
            gpu: matches!(s.track, Track::Gpu(_)),
        });
        stack.push((lines.len() - 1, s.end_us(), s.track));
    }
    for l in &mut lines {
        l.self_ms = l.self_ms.max(0.0);
    }
    lines
}

/// The frames of the last five seconds.
#[derive(Debug, Clone, Default)]
pub struct FrameHistory {
    frames: VecDeque<FrameProfile>,
}

impl FrameHistory {
    /// Adds a finished frame, forgetting the oldest past [`KEPT_FRAMES`].
    pub fn push(&mut self, frame: FrameProfile) {
        if self.frames.len() == KEPT_FRAMES {
            self.frames.pop_front();
        }
        self.frames.push_back(frame);
    }

    /// Adds the GPU scopes of frame `index` (they come back frames later).
    pub fn add_gpu(&mut self, index: u64, spans: &[Span]) {
        if let Some(f) = self.frames.iter_mut().rev().find(|f| f.index == index) {
            f.spans.extend(spans.iter().cloned());
        }
    }

    /// Frames kept.
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Whether no frame is kept yet.
    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// The slowest kept frame (the latest of equals).
    pub fn slowest(&self) -> Option<&FrameProfile> {
        self.frames.iter().rev().max_by(|a, b| a.ms.total_cmp(&b.ms))
    }

    /// The `n` scopes with the most own time (less their children's) per
    /// frame over the kept frames, ms per frame, dearest first; GPU scopes
    /// are named with a "GPU " prefix.
    pub fn dearest(&self, n: usize) -> Vec<(String, f64)> {
        if self.frames.is_empty() {
            return Vec::new();
        }
        let mut sums: BTreeMap<String, f64> = BTreeMap::new();
        for f in &self.frames {
            for l in tree(&f.spans) {
                let name = if l.gpu { format!("GPU {}", l.name) } else { l.name };
                *sums.entry(name).or_default() += l.self_ms;
            }
        }
        let frames = self.frames.len() as f64;
        let mut v: Vec<(String, f64)> = sums.into_iter().map(|(k, ms)| (k, ms / frames)).collect();
        v.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        v.truncate(n);
        v
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;

    fn span(name: &'static str, track: Track, start_us: f64, dur_us: f64) -> Span {
        Span {
            name: Cow::Borrowed(name),
            track,
            start_us,
            dur_us,
        }
    }

    #[test]
    fn children_nest_and_own_time_excludes_them() {
        let spans = vec![
            span("vm", Track::Cpu(1), 1000.0, 500.0),
            span("step", Track::Cpu(1), 0.0, 4000.0),
            span("ai", Track::Cpu(1), 2000.0, 1500.0),
            span("draw", Track::Cpu(1), 5000.0, 1000.0),
            span("world", Track::Gpu("frame"), 100.0, 2000.0),
        ];
        let t = tree(&spans);
        let got: Vec<(usize, &str)> = t.iter().map(|l| (l.depth, l.name.as_str())).collect();
        assert_eq!(
            got,
            vec![(0, "step"), (1, "vm"), (1, "ai"), (0, "draw"), (0, "world")]
        );
        assert!((t[0].self_ms - 2.0).abs() < 1e-9);
        assert!(t[4].gpu);
    }

    #[test]
    fn slowest_and_dearest_over_the_kept_frames() {
        let mut h = FrameHistory::default();
        for i in 0..(KEPT_FRAMES as u64 + 5) {
            let ms = if i == 200 { 40.0 } else { 16.0 };
            h.push(FrameProfile {
                index: i,
                ms,
                spans: vec![
                    span("step", Track::Cpu(1), 0.0, 3000.0),
                    span("vm", Track::Cpu(1), 0.0, 1000.0),
                    span("egui", Track::Cpu(1), 4000.0, 5000.0),
                ],
            });
        }
        assert_eq!(h.len(), KEPT_FRAMES);
        assert_eq!(h.slowest().map(|f| f.index), Some(200));
        h.add_gpu(300, &[span("world", Track::Gpu("frame"), 0.0, 9000.0)]);
        let d = h.dearest(3);
        assert_eq!(d[0].0, "egui");
        assert!((d[0].1 - 5.0).abs() < 1e-9);
        assert_eq!(d[1].0, "step");
        assert!((d[1].1 - 2.0).abs() < 1e-9);
        assert_eq!(d[2].0, "vm");
    }
}
