//! The headless commands' one way to standard output.
//!
//! `println!` panics when its pipe closes (`artificer sim --json | head -1`,
//! `profile history | true`), so every command of `cli` writes through
//! [`write`] instead (the `out!` and `outln!` macros): a reader that stops
//! reading ends the command quietly with exit 0, as a closed pipe ends any
//! Unix tool, and any other failure to write is said in words with exit 1.
//! `clippy::print_stdout` is denied in `cli`, so no command can slip back.

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
