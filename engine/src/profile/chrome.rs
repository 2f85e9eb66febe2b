//! Chrome's trace-event JSON (what Perfetto, chrome://tracing and Tracy's
//! importer open): complete events for scopes, one thread row per CPU
//! thread and per GPU track, counter events for the frame number, the wave
//! and the entity counts.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use super::recorder::{Event, Track};

/// The thread id a GPU track gets in the trace (CPU threads keep their
/// recorder numbers, which start at 1).
fn tid(track: Track) -> u64 {
    match track {
        Track::Cpu(n) => u64::from(n),
        Track::Gpu(name) => 1000 + u64::from(gpu_track_number(name)),
    }
}

fn gpu_track_number(name: &str) -> u32 {
    // Stable per name, so two traces of the same program line up.
    name.bytes()
        .fold(0u32, |h, b| (h.wrapping_mul(31) ^ u32::from(b)) % 997)
}

/// `events` as a Chrome trace document named `process`.
pub fn to_json(process: &str, events: &[Event]) -> String {
    let mut out = String::with_capacity(events.len() * 96 + 256);
    out.push_str("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n");
    let _ = write!(
        out,
        "{{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"tid\":0,\"args\":{{\"name\":\"{}\"}}}}",
        escape(process)
    );
    let mut tracks: Vec<Track> = events
        .iter()
        .filter_map(|e| match e {
            Event::Span(s) => Some(s.track),
            _ => None,
        })
        .collect();
    tracks.sort();
    tracks.dedup();
    for t in &tracks {
        let name = match t {
            Track::Cpu(1) => "CPU main".to_string(),
            Track::Cpu(n) => format!("CPU thread {n}"),
            Track::Gpu(g) => format!("GPU {g}"),
        };
        let _ = write!(
            out,
            ",\n{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":{},\"args\":{{\"name\":\"{}\"}}}}",
            tid(*t),
            escape(&name)
        );
        let _ = write!(
            out,
            ",\n{{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":1,\"tid\":{},\"args\":{{\"sort_index\":{}}}}}",
            tid(*t),
            tid(*t)
        );
    }
    for e in events {
        out.push_str(",\n");
        match e {
            Event::Span(s) => {
                let cat = if matches!(s.track, Track::Gpu(_)) {
                    "gpu"
                } else {
                    "cpu"
                };
                let _ = write!(
                    out,
                    "{{\"ph\":\"X\",\"cat\":\"{cat}\",\"name\":\"{}\",\"pid\":1,\"tid\":{},\"ts\":{:.3},\"dur\":{:.3}}}",
                    escape(&s.name),
                    tid(s.track),
                    s.start_us,
                    s.dur_us
                );
            }
            Event::Counter { name, at_us, value } => {
                let _ = write!(
                    out,
                    "{{\"ph\":\"C\",\"name\":\"{}\",\"pid\":1,\"tid\":0,\"ts\":{at_us:.3},\"args\":{{\"value\":{value}}}}}",
                    escape(name)
                );
            }
            Event::Frame { index, at_us } => {
                let _ = write!(
                    out,
                    "{{\"ph\":\"C\",\"name\":\"frame\",\"pid\":1,\"tid\":0,\"ts\":{at_us:.3},\"args\":{{\"value\":{index}}}}}"
                );
            }
        }
    }
    out.push_str("\n]}\n");
    out
}

/// Writes `events` to `path` as a Chrome trace, creating its folder.
pub fn write(path: &Path, process: &str, events: &[Event]) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut file = std::io::BufWriter::new(std::fs::File::create(path)?);
    file.write_all(to_json(process, events).as_bytes())?;
    file.flush()
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::super::recorder::Span;
    use super::*;

    #[test]
    fn events_become_named_rows_and_counters() {
        let events = vec![
            Event::Frame { index: 7, at_us: 1.0 },
            Event::Span(Span {
                name: Cow::Borrowed("vm \"casts\""),
                track: Track::Cpu(1),
                start_us: 2.0,
                dur_us: 3.5,
            }),
            Event::Span(Span {
                name: Cow::Borrowed("world"),
                track: Track::Gpu("frame"),
                start_us: 4.0,
                dur_us: 1.0,
            }),
            Event::Counter {
                name: "enemies",
                at_us: 5.0,
                value: 120.0,
            },
        ];
        let json = to_json("test", &events);
        assert!(json.contains("\"name\":\"vm \\\"casts\\\"\""), "{json}");
        assert!(json.contains("\"args\":{\"name\":\"GPU frame\"}"), "{json}");
        assert!(json.contains("\"name\":\"frame\",\"pid\":1,\"tid\":0,\"ts\":1.000,\"args\":{\"value\":7}"));
        assert!(json.contains("\"name\":\"enemies\""));
        assert!(json.contains("\"dur\":3.500"));
    }
}
