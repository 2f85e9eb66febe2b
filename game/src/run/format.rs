//! The replay file's version stamps and its errors, shared by the writer
//! (`record.rs`) and the reader (`replay.rs`).

/// The replay format this build writes and reads.
pub const FORMAT: u32 = 1;
/// The game version stamped into replays.
pub const GAME_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Why a replay cannot be read or played. Every variant says where.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A line does not parse.
    #[error("line {line} (after command {command}, step {step}): {what}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// Commands before this line.
        command: u64,
        /// Fight steps before this line.
        step: u64,
        /// What is wrong.
        what: String,
    },
    /// The file ends before its `end` line.
    #[error("truncated: the file ends after command {command} (step {step}) without its `end` line")]
    Truncated {
        /// Commands read.
        command: u64,
        /// Steps read.
        step: u64,
    },
    /// Made by another game version, format or data.
    #[error("refused: {0}")]
    Mismatch(String),
    /// The run refused a command of the file.
    #[error("line {line}, command {command} (step {step}): `{name}` refused: {why}")]
    Refused {
        /// 1-based line.
        line: usize,
        /// 1-based command number.
        command: u64,
        /// Fight steps before it.
        step: u64,
        /// The command's name.
        name: &'static str,
        /// Why the run refused it.
        why: String,
    },
    /// The replayed run's state differs from the recorded one.
    #[error(
        "line {line}: wave {wave} ended with state_hash {replayed}, the recording says {recorded}: the replay diverges before this line"
    )]
    Diverged {
        /// 1-based line of the `wave` entry.
        line: usize,
        /// Wave number.
        wave: u32,
        /// Hash in the file.
        recorded: String,
        /// Hash of the replayed run.
        replayed: String,
    },
    /// A wave line came where the run had not ended that wave.
    #[error("line {line}: the file says wave {wave} ended here, but the replayed run is in {phase}")]
    WaveOutOfStep {
        /// 1-based line.
        line: usize,
        /// The wave of the line.
        wave: u32,
        /// What the run was doing.
        phase: String,
    },
    /// The run could not be started.
    #[error("starting the run: {0}")]
    Start(String),
}

impl ReplayError {
    /// The same refusal with its line numbers moved down by `above` lines,
    /// for a replay read from under other lines (an export's two claim
    /// lines), so the refusal names the line of the file the player holds.
    pub fn lines_below(self, above: usize) -> Self {
        match self {
            ReplayError::Syntax {
                line,
                command,
                step,
                what,
            } => ReplayError::Syntax {
                line: line + above,
                command,
                step,
                what,
            },
            ReplayError::Refused {
                line,
                command,
                step,
                name,
                why,
            } => ReplayError::Refused {
                line: line + above,
                command,
                step,
                name,
                why,
            },
            ReplayError::Diverged {
                line,
                wave,
                recorded,
                replayed,
            } => ReplayError::Diverged {
                line: line + above,
                wave,
                recorded,
                replayed,
            },
            ReplayError::WaveOutOfStep { line, wave, phase } => ReplayError::WaveOutOfStep {
                line: line + above,
                wave,
                phase,
            },
            other => other,
        }
    }
}
