//! `artificer tool inert [--only X] [--json]`: the inert guard's report
//! ([`crate::probe`]). A table (or JSON) of every thing a player can get, the
//! stage it was probed on, its claimed figures without → with, and the
//! other figures that moved. Exits 1 when something is inert.

use std::process::ExitCode;
use std::sync::Arc;

use serde_json::json;

use crate::catalog::Catalog;
use crate::probe::{Finding, probe_all};

/// Runs the probes and prints the report.
pub fn run(only: Option<&str>, json: bool) -> ExitCode {
    let cat = match Catalog::load(&crate::data::default_root()) {
        Ok(c) => Arc::new(c),
        Err(e) => {
            err!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let findings = probe_all(&cat, only);
    let inert: Vec<&Finding> = findings.iter().filter(|f| f.inert).collect();
    if json {
        let out = json!({
            "probed": findings.len(),
            "inert": inert.iter().map(|f| json!({"kind": f.thing.kind, "id": f.thing.id, "name": f.thing.name})).collect::<Vec<_>>(),
            "findings": findings,
        });
        outln!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        outln!(
            "{:<12} {:<26} {:<22} {:<6} claims (without -> with)",
            "kind",
            "id",
            "stage",
            "acts"
        );
        for f in &findings {
            let claims: Vec<String> = f
                .claims
                .iter()
                .map(|c| format!("{} {} -> {}", c.figure, short(c.without), short(c.with)))
                .collect();
            let text = match &f.error {
                Some(e) => format!("ERROR {e}"),
                None => claims.join("; "),
            };
            outln!(
                "{:<12} {:<26} {:<22} {:<6} {}",
                f.thing.kind.id(),
                f.thing.id,
                f.stage,
                if f.inert { "INERT" } else { "yes" },
                text
            );
        }
        outln!("probed {}, inert {}", findings.len(), inert.len());
        for f in &inert {
            outln!("  inert: {} {} ({})", f.thing.kind.id(), f.thing.id, f.thing.name);
        }
    }
    if inert.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A figure in at most 4 significant digits.
fn short(v: f64) -> String {
    if v.abs() >= 1000.0 || v == v.trunc() {
        format!("{v:.0}")
    } else {
        format!("{v:.3}")
    }
}
