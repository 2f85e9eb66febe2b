//! The profiler overlay (F3): a frame-time graph with the 60 and 30 fps
//! lines, CPU time per system of the step, GPU time per compute and render
//! pass, the slowest frame of the last five seconds with its scope tree,
//! the three dearest scopes in words, what a trace capture (F4) is doing,
//! and entity counts against their caps. It shows what the game and the
//! window hand it; it measures only frame times.

use std::collections::VecDeque;

/// Frames kept in the graph (five seconds at 60 fps).
pub const HISTORY: usize = 300;

/// What the game reports for one frame.
#[derive(Debug, Clone, Default)]
pub struct OverlayData {
    /// CPU ms per system of the simulation step (combat, vm, ai, …), plus the draw preparation.
    pub cpu_systems: Vec<(String, f64)>,
    /// GPU ms per compute pass (from the compute core) and render pass (from the renderer).
    pub gpu_passes: Vec<(String, f64)>,
    /// Labelled counts, e.g. ("projectiles", "1840 / 2000").
    pub counts: Vec<(String, String)>,
    /// The slowest frame, the dearest scopes, GPU timing and the trace.
    pub profile: crate::profile::ProfileSummary,
}

/// Frame-time history and the overlay window.
#[derive(Debug, Clone, Default)]
pub struct ProfilerOverlay {
    frame_ms: VecDeque<f64>,
    /// Whether the overlay is shown.
    pub visible: bool,
}

/// Summary of the recorded frame times.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FrameSummary {
    /// Mean frames per second over the history.
    pub fps: f64,
    /// Mean frame time, ms.
    pub mean_ms: f64,
    /// 95th percentile frame time, ms.
    pub p95_ms: f64,
    /// Frames in the history.
    pub frames: usize,
}

impl ProfilerOverlay {
    /// An overlay, shown or hidden.
    pub fn new(visible: bool) -> Self {
        Self {
            frame_ms: VecDeque::with_capacity(HISTORY),
            visible,
        }
    }

    /// Records one frame's wall time.
    pub fn record_frame(&mut self, ms: f64) {
        if self.frame_ms.len() == HISTORY {
            self.frame_ms.pop_front();
        }
        self.frame_ms.push_back(ms);
    }

    /// Mean fps, mean and p95 frame time over the history.
    pub fn summary(&self) -> FrameSummary {
        summarize(self.frame_ms.iter().copied())
    }

    /// Builds the overlay's content into `ui`: the game shows it through the
    /// cached panel ([`crate::ui::PanelSlot`]), refreshed twice a second.
    pub fn ui(&self, ui: &mut egui::Ui, data: &OverlayData) {
        // Two columns: the figures of the moment, and the slowest frame.
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(300.0);
                self.figures(ui, data);
            });
            ui.vertical(|ui| {
                ui.set_width(290.0);
                profile_lines(ui, &data.profile);
            });
        });
    }

    fn figures(&self, ui: &mut egui::Ui, data: &OverlayData) {
        let s = self.summary();
        ui.label(egui::RichText::new("Profiler (F3)").strong());
        ui.label(format!(
            "{:.0} fps   mean {:.2} ms   p95 {:.2} ms",
            s.fps, s.mean_ms, s.p95_ms
        ));
        let points: Vec<[f64; 2]> = self
            .frame_ms
            .iter()
            .enumerate()
            .map(|(i, ms)| [i as f64, *ms])
            .collect();
        egui_plot::Plot::new("frame times")
            .height(80.0)
            .include_y(0.0)
            .include_y(33.3)
            .include_x(0.0)
            .include_x(HISTORY as f64)
            .show_axes([false, true])
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .show(ui, |plot| {
                plot.hline(egui_plot::HLine::new("16.7 ms", 16.7).color(egui::Color32::DARK_GREEN));
                plot.hline(
                    egui_plot::HLine::new("33.3 ms", 33.3).color(egui::Color32::from_rgb(170, 90, 40)),
                );
                plot.line(egui_plot::Line::new("frame ms", points).color(egui::Color32::LIGHT_BLUE));
            });
        timing_table(ui, "CPU per system (ms)", &data.cpu_systems);
        if data.profile.gpu_timing {
            timing_table(ui, "GPU per pass (ms)", &data.gpu_passes);
        } else {
            mono(ui, "GPU timing unavailable (no timestamp queries)".into());
        }
        if !data.counts.is_empty() {
            let mut text = String::from("Counts\n");
            for (k, v) in &data.counts {
                text.push_str(&format!("  {k:<20} {v}\n"));
            }
            ui.label(egui::RichText::new(text.trim_end()).monospace().size(11.0));
        }
    }
}

fn mono(ui: &mut egui::Ui, text: String) {
    ui.label(egui::RichText::new(text.trim_end()).monospace().size(11.0));
}

/// Lines of the slowest frame's tree shown at most (the rest is in a trace).
const TREE_LINES: usize = 28;

/// Scopes shorter than this are left out of the tree (they are in a trace).
const TREE_MIN_MS: f64 = 0.05;

fn profile_lines(ui: &mut egui::Ui, p: &crate::profile::ProfileSummary) {
    if let Some(note) = &p.trace_note {
        mono(ui, format!("Trace (F4): {note}"));
    }
    if !p.dearest.is_empty() {
        let words: Vec<String> = p
            .dearest
            .iter()
            .map(|(name, ms)| format!("{name} {ms:.2} ms"))
            .collect();
        mono(
            ui,
            format!(
                "Dearest scopes, own ms a frame over 5 s:\n  {}",
                words.join("\n  ")
            ),
        );
    }
    let Some((index, ms, lines)) = &p.slowest else {
        mono(ui, "Slowest frame: none recorded yet".into());
        return;
    };
    let mut text = format!("Slowest frame of 5 s: #{index}, {ms:.1} ms\n");
    let shown: Vec<_> = lines.iter().filter(|l| l.ms >= TREE_MIN_MS).collect();
    for l in shown.iter().take(TREE_LINES) {
        let indent = "  ".repeat(l.depth + 1);
        let name = if l.gpu {
            format!("GPU {}", l.name)
        } else {
            l.name.clone()
        };
        let width = 22usize.saturating_sub(indent.len());
        text.push_str(&format!("{indent}{name:<width$} {:7.2}\n", l.ms));
    }
    let hidden = lines.len() - shown.len().min(TREE_LINES);
    if hidden > 0 {
        text.push_str(&format!(
            "  ({hidden} shorter or deeper scopes: F4 traces them)\n"
        ));
    }
    mono(ui, text);
}

fn timing_table(ui: &mut egui::Ui, title: &str, rows: &[(String, f64)]) {
    // Plain monospace text: on software rasterisers (lavapipe) every extra
    // widget and painted rect costs visibly, and the overlay must not be what
    // it measures.
    let mut text = format!("{title}\n");
    if rows.is_empty() {
        text.push_str("  (none reported)\n");
    }
    for (name, ms) in rows {
        text.push_str(&format!("  {name:<20} {ms:8.3}\n"));
    }
    ui.label(egui::RichText::new(text.trim_end()).monospace().size(11.0));
}

/// Mean fps, mean and p95 of a list of frame times in ms.
pub fn summarize(frames: impl Iterator<Item = f64>) -> FrameSummary {
    let mut v: Vec<f64> = frames.collect();
    if v.is_empty() {
        return FrameSummary::default();
    }
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    v.sort_by(f64::total_cmp);
    FrameSummary {
        fps: if mean > 0.0 { 1000.0 / mean } else { 0.0 },
        mean_ms: mean,
        p95_ms: crate::sample::percentile(&v, 0.95),
        frames: v.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_of_known_frames() {
        let s = summarize((1..=100).map(f64::from));
        assert_eq!(s.frames, 100);
        assert_eq!(s.p95_ms, 95.0);
        assert!((s.mean_ms - 50.5).abs() < 1e-9);
        assert_eq!(summarize(std::iter::empty()), FrameSummary::default());
    }

    #[test]
    fn history_is_bounded() {
        let mut o = ProfilerOverlay::new(true);
        for i in 0..(HISTORY + 50) {
            o.record_frame(i as f64);
        }
        assert_eq!(o.summary().frames, HISTORY);
    }
}
