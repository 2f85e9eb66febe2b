//! `artificer build code FILE` and `artificer build decode CODE`: a build
//! file as its build code and back (docs/share.md#build-codes).

use clap::Subcommand;
use std::path::PathBuf;
use std::process::ExitCode;

/// `artificer build ...`
#[derive(Debug, Subcommand)]
pub enum BuildCommand {
    /// Prints the build code of a build file (after holding it to the player's rules).
    Code {
        /// A build file, as `sim --build` reads.
        file: PathBuf,
    },
    /// Prints the build file a build code holds, as JSON.
    Decode {
        /// A build code (`AA1-…`).
        code: String,
    },
}

/// Runs a `build` subcommand.
pub fn run(cmd: BuildCommand) -> ExitCode {
    let cat = match crate::catalog::Catalog::load(&crate::data::default_root()) {
        Ok(c) => c,
        Err(e) => {
            err!("artificer build: {e}");
            return ExitCode::FAILURE;
        }
    };
    let out = match cmd {
        BuildCommand::Code { file } => code(&cat, &file),
        BuildCommand::Decode { code } => decode(&cat, &code),
    };
    match out {
        Ok(text) => {
            outln!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("artificer build: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The code of the build file at `file`.
pub fn code(cat: &crate::catalog::Catalog, file: &std::path::Path) -> Result<String, String> {
    let build = crate::run::load_build(file).map_err(|e| e.to_string())?;
    crate::run::build_rules::check_build(cat, &build).map_err(|e| format!("{}: {e}", file.display()))?;
    crate::share::encode(cat, &build).map_err(|e| e.to_string())
}

/// The build file (pretty JSON) a code holds, held to the player's rules.
pub fn decode(cat: &crate::catalog::Catalog, code: &str) -> Result<String, String> {
    let build = crate::share::decode(cat, code).map_err(|e| e.to_string())?;
    crate::run::build_rules::check_build(cat, &build).map_err(|e| format!("the decoded build: {e}"))?;
    serde_json::to_string_pretty(&build).map_err(|e| e.to_string())
}
