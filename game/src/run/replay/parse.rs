//! Reading replay text (the format is in the parent module's docs): the
//! fixed header, the optional lines a profile's run adds, then the commands
//! with their wave checks and the closing `end` line. Every refusal names
//! the line, and the command and fight step reached.

use std::iter::Peekable;

use engine::gpu::Backend;

use super::super::Build;
use super::super::command::Command;
use super::super::record::decode;
use super::{Entry, FORMAT, Header, Replay, ReplayError, RunSetup};

/// A syntax error at `line`, after `command` commands and `step` fight steps.
fn syntax(line: usize, command: u64, step: u64, what: String) -> ReplayError {
    ReplayError::Syntax {
        line,
        command,
        step,
        what,
    }
}

/// A header error at `line` (before any command).
fn early(line: usize, what: String) -> ReplayError {
    syntax(line, 0, 0, what)
}

/// Parses a whole replay.
pub(super) fn replay(text: &str) -> Result<Replay, ReplayError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .peekable();
    let head = header(&mut lines)?;
    let mut setup = RunSetup {
        seed: head.seed,
        last_wave: head.last_wave,
        ..RunSetup::default()
    };
    setup_lines(&mut lines, &mut setup)?;
    match lines.next() {
        Some((_, "commands")) => {}
        Some((n, l)) => return Err(early(n, format!("expected `commands`, found `{l}`"))),
        None => return Err(ReplayError::Truncated { command: 0, step: 0 }),
    }
    let body = body(lines, text)?;
    // The header is held to what a run can start from before any flow sees it.
    setup
        .check()
        .map_err(|e| ReplayError::Mismatch(format!("the header's {e}")))?;
    Ok(Replay {
        header: Header {
            format: head.format,
            game: head.game,
            data: head.data,
            setup,
            backend: head.backend,
        },
        entries: body.entries,
        commands: body.commands,
        steps: body.steps,
    })
}

/// The fixed lines every replay opens with.
struct Head {
    format: u32,
    game: String,
    data: u64,
    seed: u64,
    last_wave: u32,
    backend: Backend,
}

/// The value of the next line, which must be `key value`.
fn field<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    key: &str,
) -> Result<(usize, String), ReplayError> {
    let (n, l) = lines
        .next()
        .ok_or(ReplayError::Truncated { command: 0, step: 0 })?;
    match l.split_once(' ') {
        Some((k, v)) if k == key => Ok((n, v.to_string())),
        _ => Err(early(n, format!("expected `{key} …`, found `{l}`"))),
    }
}

/// Reads the fixed header: format, game, data checksum, seed, last wave, backend.
fn header<'a>(lines: &mut impl Iterator<Item = (usize, &'a str)>) -> Result<Head, ReplayError> {
    let (n, format) = field(lines, "artificer-replay")?;
    let format: u32 = format
        .parse()
        .map_err(|_| early(n, format!("`{format}` is not a format number")))?;
    if format != FORMAT {
        return Err(ReplayError::Mismatch(format!(
            "replay format {format}; this game reads format {FORMAT}"
        )));
    }
    let (_, game) = field(lines, "game")?;
    let (n, data) = field(lines, "data")?;
    let data =
        u64::from_str_radix(&data, 16).map_err(|_| early(n, format!("`{data}` is not a hex checksum")))?;
    let (n, seed) = field(lines, "seed")?;
    let seed: u64 = seed
        .parse()
        .map_err(|_| early(n, format!("`{seed}` is not a seed")))?;
    let (n, last) = field(lines, "last_wave")?;
    let last_wave: u32 = last
        .parse()
        .map_err(|_| early(n, format!("`{last}` is not a wave")))?;
    let (n, backend) = field(lines, "backend")?;
    let backend = match backend.as_str() {
        "gpu" => Backend::Gpu,
        "cpu" => Backend::Cpu,
        b => return Err(early(n, format!("`{b}` is not a backend (gpu, cpu)"))),
    };
    Ok(Head {
        format,
        game,
        data,
        seed,
        last_wave,
        backend,
    })
}

/// A number on an optional setup line, refused in words as `what`.
fn number<T: std::str::FromStr>(n: usize, v: &str, what: &str) -> Result<T, ReplayError> {
    v.parse::<T>()
        .map_err(|_| early(n, format!("`{v}` is not {what}")))
}

/// Reads the optional lines after the header: the starting build, then the
/// lines a profile's run adds (absent from tool runs and from older
/// replays, which therefore read as before).
fn setup_lines<'a, I>(lines: &mut Peekable<I>, setup: &mut RunSetup) -> Result<(), ReplayError>
where
    I: Iterator<Item = (usize, &'a str)>,
{
    if let Some((n, l)) = lines.peek().copied()
        && let Some(json) = l.strip_prefix("build ")
    {
        let build = serde_json::from_str::<Build>(json)
            .map_err(|e| early(n, format!("the build does not parse: {e}")))?;
        setup.build = Some(build);
        lines.next();
    }
    while let Some((n, l)) = lines.peek().copied() {
        if let Some(ids) = l.strip_prefix("locked ") {
            setup.locked = ids
                .split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
        } else if let Some(v) = l.strip_prefix("onboarding ") {
            setup.onboarding = Some(number(n, v, "an onboarding run")?);
        } else if l == "last_will" {
            setup.last_will = true;
        } else if let Some(v) = l.strip_prefix("practice ") {
            setup.practice = Some(number(n, v, "a practice wave")?);
        } else if let Some(v) = l.strip_prefix("ng_plus ") {
            setup.ng_plus = number(n, v, "an NG+ level")?;
        } else if let Some(v) = l.strip_prefix("curse ") {
            setup.curse = Some(v.to_string());
        } else if let Some(v) = l.strip_prefix("start_wave ") {
            setup.start_wave = Some(number(n, v, "a start wave")?);
        } else if l == "boss_rush" {
            setup.boss_rush = true;
        } else if let Some(v) = l.strip_prefix("daily ") {
            let d: crate::run::daily::Date = v
                .parse()
                .map_err(|e| early(n, format!("`{v}` is not a daily's date: {e}")))?;
            setup.daily = Some(d.to_string());
        } else if l == "seeded" {
            setup.seeded = true;
        } else {
            break;
        }
        lines.next();
    }
    Ok(())
}

/// The commands section, read.
struct Body {
    entries: Vec<Entry>,
    commands: u64,
    steps: u64,
}

/// Reads the commands, the wave checks and the closing `end` line.
fn body<'a>(lines: impl Iterator<Item = (usize, &'a str)>, text: &str) -> Result<Body, ReplayError> {
    let (mut commands, mut steps) = (0u64, 0u64);
    let mut entries = Vec::new();
    let mut ended = false;
    // A last line cut short (no newline after it) is truncation, not a typo.
    let last_line = text.lines().count();
    let cut_short = !text.ends_with('\n');
    for (n, l) in lines {
        if ended {
            return Err(syntax(
                n,
                commands,
                steps,
                format!("text after the `end` line: `{l}`"),
            ));
        }
        if l.is_empty() {
            continue;
        }
        if let Some(rest) = l.strip_prefix("end ") {
            let nums: Vec<u64> = rest.split_whitespace().filter_map(|x| x.parse().ok()).collect();
            if nums != [commands, steps] {
                return Err(syntax(
                    n,
                    commands,
                    steps,
                    format!(
                        "the end line says `{rest}` (commands, steps), the file holds {commands} {steps}"
                    ),
                ));
            }
            ended = true;
            continue;
        }
        if let Some(rest) = l.strip_prefix("wave ") {
            entries.push(wave_line(n, l, rest).map_err(|what| syntax(n, commands, steps, what))?);
            continue;
        }
        let (cmd, repeat) = decode(l).map_err(|what| {
            if cut_short && n == last_line {
                ReplayError::Truncated {
                    command: commands,
                    step: steps,
                }
            } else {
                syntax(n, commands, steps, what.to_string())
            }
        })?;
        commands += u64::from(repeat);
        if matches!(cmd, Command::Step(_)) {
            steps += u64::from(repeat);
        }
        entries.push(Entry::Command { cmd, repeat, line: n });
    }
    if !ended {
        return Err(ReplayError::Truncated {
            command: commands,
            step: steps,
        });
    }
    if steps > crate::data::limits::MAX_REPLAY_STEPS {
        return Err(ReplayError::Mismatch(format!(
            "{steps} fight steps; a replay holds at most {} (100 waves of an hour)",
            crate::data::limits::MAX_REPLAY_STEPS
        )));
    }
    Ok(Body {
        entries,
        commands,
        steps,
    })
}

/// A `wave <n> <16 hex digits>` check line.
fn wave_line(n: usize, l: &str, rest: &str) -> Result<Entry, String> {
    let mut p = rest.split_whitespace();
    let wave = p.next().and_then(|x| x.parse().ok());
    let hash = p
        .next()
        .filter(|h| h.len() == 16 && u64::from_str_radix(h, 16).is_ok());
    match (wave, hash) {
        (Some(wave), Some(hash)) => Ok(Entry::Wave {
            wave,
            hash: hash.to_string(),
            line: n,
        }),
        _ => Err(format!("`{l}` is not `wave <n> <16 hex digits>`")),
    }
}
