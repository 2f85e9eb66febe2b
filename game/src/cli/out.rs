//! The headless commands' one way to standard output and standard error.
//!
//! `println!` panics when its pipe closes (`artificer sim --json | head -1`,
//! `profile history | true`), so every command of `cli` writes through
//! [`write`] instead (the `out!` and `outln!` macros): a reader that stops
//! reading ends the command quietly with exit 0, as a closed pipe ends any
//! Unix tool, and any other failure to write is said in words with exit 1.
//! Errors and notices go through [`warn`] (the `errln!` and `err!` macros):
//! `eprintln!` panics too when standard error is a pipe nobody reads
//! (`artificer sim … 2>&1 | true` with the reader gone), so a failed write
//! to standard error is dropped instead; nothing more can be said then, and
//! the exit code still tells. `clippy::print_stdout` and
//! `clippy::print_stderr` are denied in `cli`, so no command can slip back.

use std::io::Write as _;

/// Writes `args` to standard output. A closed pipe ends the process with
/// exit 0 (what was asked for was printed as far as anyone read it); any
/// other write error ends it with the reason and exit 1.
pub fn write(args: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args) {
        quit(&e);
    }
}

/// Where a failed write ends: quietly for a closed pipe, in words otherwise.
fn quit(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    // Standard error may be closed too; nothing more can be said then.
    let _ = writeln!(std::io::stderr(), "artificer: writing the output failed: {e}");
    std::process::exit(1);
}

/// Writes `args` to standard error, dropping a failed write: when standard
/// error is closed or its reader gone there is no one left to tell, and a
/// panic (exit 101) would hide the command's own exit code.
pub fn warn(args: std::fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(args);
}
