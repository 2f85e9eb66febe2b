//! Replay files: a run's seed, versions and starting build, then every
//! accepted [`Command`] in order — the whole run, since the run is advanced
//! by nothing else (docs/architecture.md#replays).
//!
//! The format is line-oriented text, so a damaged or edited file can be
//! reported by line and command, and read by a person:
//!
//! ```text
//! artificer-replay 1          format version
//! game 0.1.0                  the game version that recorded it
//! data 5f0c2a9e81d4b377       FNV-1a checksum of the data files the game loads
//! seed 3
//! last_wave 4
//! backend cpu
//! build {"core":…,"deck":[…]} optional: the --build it started from (one JSON line)
//! commands
//! start
//! s 16 - 37                   37 steps walking heading 16/256, auto-aim
//! s - 40960 1                 one step standing, aiming at 40960/65536 of a turn
//! wave 1 9a3c…                the state_hash when wave 1 ended (checked on replay)
//! continue
//! buy spells 2
//! …
//! end 812 14400               commands and fight steps, so truncation shows
//! ```
//!
//! Steps are run-length encoded: a run of identical fight input is one line.
//! Keyboard input changes a few times a second, so a minute of play is a few
//! hundred lines; the scripted player re-steers every step but keeps one of
//! 16 headings for many steps at a time (the replay tests give measured
//! sizes). The `wave` lines make a replay check itself: a file whose commands
//! were altered diverges, and the first wave end after the change names it.

use std::path::Path;

use engine::gpu::Backend;

use super::command::Command;
use super::flow::Run;
pub use super::format::{FORMAT, GAME_VERSION, ReplayError};
pub use super::record::Recorder;
use super::setup::RunSetup;

mod parse;

/// Checksum of a data folder: the relative path and bytes of every file the
/// catalog loads, in sorted path order, through FNV-1a. A replay made with
/// other data is refused. Files the game does not load (`BALANCE.md`, the
/// builds, the codex texts) are left out, so editing a document keeps every
/// replay and saved run valid.
pub fn data_checksum(root: &Path) -> std::io::Result<u64> {
    let (_, files) = crate::data::files_read(|| crate::catalog::Catalog::load(root));
    let mut h = crate::world::StateHasher::default();
    for rel in files {
        h.bytes(rel.as_bytes());
        h.bytes(&[0]);
        h.bytes(&std::fs::read(root.join(&rel))?);
        h.bytes(&[0xff]);
    }
    Ok(h.finish())
}

/// What a replay starts from.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// Format version.
    pub format: u32,
    /// Game version that recorded it.
    pub game: String,
    /// Checksum of the data folder it was recorded with.
    pub data: u64,
    /// The run's setup (seed, last wave, starting build).
    pub setup: RunSetup,
    /// The compute backend it was recorded on (the default for playback).
    pub backend: Backend,
}

/// One line of the command section.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry {
    /// A command, `repeat` times (only steps repeat).
    Command {
        /// The command.
        cmd: Command,
        /// How many times in a row.
        repeat: u32,
        /// 1-based line in the file.
        line: usize,
    },
    /// The recorded state hash at the end of a wave.
    Wave {
        /// Wave number.
        wave: u32,
        /// Hex hash.
        hash: String,
        /// 1-based line in the file.
        line: usize,
    },
}

/// A parsed replay.
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    /// Where and how it starts.
    pub header: Header,
    /// The commands and wave checks, in order.
    pub entries: Vec<Entry>,
    /// Commands in total (steps counted one by one).
    pub commands: u64,
    /// Fight steps in total.
    pub steps: u64,
}

impl Replay {
    /// Reads and parses a replay file.
    pub fn load(path: &Path) -> Result<Self, ReplayError> {
        use std::io::Read;
        let max = crate::data::limits::MAX_REPLAY_BYTES;
        let io = |source| ReplayError::Io {
            path: path.display().to_string(),
            source,
        };
        // Bounded before it is read whole: `/dev/zero` or a runaway file
        // ends here instead of filling memory (docs/data.md#limits).
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
            .map_err(io)?;
        if bytes.len() as u64 > max {
            return Err(ReplayError::Mismatch(format!(
                "the file is larger than {} MiB, the most a replay may hold",
                max >> 20
            )));
        }
        let text = String::from_utf8(bytes).map_err(|e| ReplayError::Syntax {
            line: 1 + e.as_bytes()[..e.utf8_error().valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count(),
            command: 0,
            step: 0,
            what: "not UTF-8 text (the file is corrupted)".into(),
        })?;
        Self::parse(&text)
    }

    /// Parses replay text: the fixed header, the optional lines of the
    /// run's setup, then the commands (`parse.rs`).
    pub fn parse(text: &str) -> Result<Self, ReplayError> {
        parse::replay(text)
    }

    /// Wave ends the replay recorded (the waves a restored run has played).
    pub fn waves_recorded(&self) -> usize {
        self.entries
            .iter()
            .filter(|e| matches!(e, Entry::Wave { .. }))
            .count()
    }

    /// Refuses a replay made by another game version or with other data,
    /// naming which.
    pub fn check_compatible(&self, data: u64) -> Result<(), ReplayError> {
        if self.header.game != GAME_VERSION {
            return Err(ReplayError::Mismatch(format!(
                "recorded with game version {}, this is {GAME_VERSION}",
                self.header.game
            )));
        }
        if self.header.data != data {
            return Err(ReplayError::Mismatch(format!(
                "recorded with data checksum {:016x}, the loaded data/ is {data:016x} (a data file changed)",
                self.header.data
            )));
        }
        Ok(())
    }
}

/// Plays a replay's commands into a run, one at a time, checking each wave's
/// recorded hash: the headless `artificer replay` drains it, the window feeds
/// it at the speed a viewer asks for.
#[derive(Debug, Clone)]
pub struct Playback {
    replay: Replay,
    entry: usize,
    done_in_entry: u32,
    command: u64,
    step: u64,
}

impl Playback {
    /// Starts at the first command.
    pub fn new(replay: Replay) -> Self {
        Self {
            replay,
            entry: 0,
            done_in_entry: 0,
            command: 0,
            step: 0,
        }
    }

    /// The replay being played.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Commands applied so far.
    pub fn commands_done(&self) -> u64 {
        self.command
    }

    /// Whether every command has been applied.
    pub fn finished(&self) -> bool {
        self.entry >= self.replay.entries.len()
    }

    /// The next command, without applying it (`None` at the end).
    pub fn peek(&self) -> Option<&Command> {
        self.replay.entries[self.entry.min(self.replay.entries.len())..]
            .iter()
            .find_map(|e| match e {
                Entry::Command { cmd, .. } => Some(cmd),
                Entry::Wave { .. } => None,
            })
    }

    /// Applies the next command (and checks any wave lines before it).
    /// `Ok(false)` at the end of the replay.
    pub fn advance(&mut self, run: &mut Run) -> Result<bool, ReplayError> {
        while let Some(e) = self.replay.entries.get(self.entry) {
            match e {
                Entry::Wave { wave, hash, line } => {
                    check_wave(run, *wave, hash, *line)?;
                    self.entry += 1;
                }
                Entry::Command { cmd, repeat, line } => {
                    run.apply(cmd.clone()).map_err(|why| ReplayError::Refused {
                        line: *line,
                        command: self.command + 1,
                        step: self.step,
                        name: cmd.name(),
                        why: why.to_string(),
                    })?;
                    self.command += 1;
                    if matches!(cmd, Command::Step(_)) {
                        self.step += 1;
                    }
                    self.done_in_entry += 1;
                    if self.done_in_entry >= *repeat {
                        self.done_in_entry = 0;
                        self.entry += 1;
                    }
                    // A wave line right after this command is checked now,
                    // while the run is still at that wave's end.
                    while let Some(Entry::Wave { wave, hash, line }) = self.replay.entries.get(self.entry) {
                        check_wave(run, *wave, hash, *line)?;
                        self.entry += 1;
                    }
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Applies commands, drawing nothing, until wave `wave`'s fight has begun
    /// (its first step is next), checking every recorded wave hash on the
    /// way; `Ok(false)` when the replay ends first. The window's
    /// `--replay FILE --wave N` opens a late wave in seconds this way, with
    /// the build and levels the run really carried into it.
    pub fn seek_wave(&mut self, run: &mut Run, wave: u32) -> Result<bool, ReplayError> {
        while !(run.phase() == super::Phase::Fight && run.world().wave >= wave) {
            if !self.advance(run)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

fn check_wave(run: &Run, wave: u32, hash: &str, line: usize) -> Result<(), ReplayError> {
    let Some(r) = run.reports().last().filter(|r| r.wave == wave) else {
        return Err(ReplayError::WaveOutOfStep {
            line,
            wave,
            phase: format!("{:?} of wave {}", run.phase(), run.world().wave),
        });
    };
    if r.state_hash != hash {
        return Err(ReplayError::Diverged {
            line,
            wave,
            recorded: hash.to_string(),
            replayed: r.state_hash.clone(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::command::StepInput;

    #[test]
    fn damaged_files_say_where() {
        let setup = RunSetup {
            seed: 3,
            last_wave: 2,
            build: None,
            ..RunSetup::default()
        };
        let mut r = Recorder::default();
        r.push(&Command::StartWave);
        for _ in 0..5 {
            r.push(&Command::Step(StepInput::default()));
        }
        r.mark_wave(1, "00000000000000ff");
        r.push(&Command::Continue);
        let text = r.to_text(&setup, Backend::Cpu, 0xabc);
        let ok = Replay::parse(&text).expect("parses");
        assert_eq!((ok.commands, ok.steps), (7, 5));
        assert_eq!(ok.header.setup, setup);
        // Truncated: the end line is missing.
        let cut = &text[..text.rfind("end").expect("end line")];
        assert!(matches!(
            Replay::parse(cut),
            Err(ReplayError::Truncated { command: 7, step: 5 })
        ));
        // A corrupted command names its line.
        let bad = text.replace("continue", "contiue");
        let e = Replay::parse(&bad).expect_err("bad command").to_string();
        assert!(e.contains("line 11") && e.contains("contiue"), "{e}");
        // An edited step count no longer matches the end line.
        let edited = text.replace("s - - 5", "s - - 6");
        let e = Replay::parse(&edited).expect_err("edited").to_string();
        assert!(e.contains("end line"), "{e}");
        // Another game version is refused by name.
        let other =
            Replay::parse(&text.replace(&format!("game {GAME_VERSION}"), "game 9.9.9")).expect("parses");
        let e = other.check_compatible(0xabc).expect_err("version").to_string();
        assert!(e.contains("9.9.9"), "{e}");
        let e = ok.check_compatible(0xdef).expect_err("data").to_string();
        assert!(e.contains("data checksum"), "{e}");
    }

    fn copy_dir(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).expect("mkdir");
        for entry in std::fs::read_dir(from).expect("list") {
            let p = entry.expect("entry").path();
            let dest = to.join(p.file_name().expect("name"));
            if p.is_dir() {
                copy_dir(&p, &dest);
            } else {
                std::fs::copy(&p, &dest).expect("copy");
            }
        }
    }

    #[test]
    fn the_data_checksum_covers_the_loaded_files_only() {
        let src = crate::data::default_root();
        let dir = std::env::temp_dir().join(format!("artificer-checksum-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        copy_dir(&src, &dir);
        let base = data_checksum(&dir).expect("checksum");
        assert_eq!(
            base,
            data_checksum(&src).expect("checksum"),
            "where the folder is does not count"
        );
        // Documents, a build file and a stray note: none is loaded.
        std::fs::write(dir.join("BALANCE.md"), "edited").expect("write");
        std::fs::write(dir.join("NOTES.md"), "new").expect("write");
        std::fs::write(dir.join("builds/strong.json"), "{}").expect("write");
        assert_eq!(data_checksum(&dir).expect("checksum"), base);
        // A file the catalog loads.
        let melee = dir.join("melee.json");
        let text = std::fs::read_to_string(&melee).expect("read") + "\n";
        std::fs::write(&melee, text).expect("write");
        assert_ne!(data_checksum(&dir).expect("checksum"), base);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
