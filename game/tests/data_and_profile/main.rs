//! The data and the profile: the profile store and the runs it shapes, the
//! codex, the embedded data, unknown fields, the layering of the crate, and
//! the project's own text (the paths its docs name, no citations of design
//! sections, issues or rounds of work).
//! One test binary; each module is a former test file and keeps its name, so
//! `cargo test --test data_and_profile profile_store::` selects it.

mod codex;
mod data_ranges;
mod data_unknown_fields;
mod docs_paths;
mod embedded_data;
mod fault_suite;
mod layering;
mod profile_flow;
mod profile_store;
mod project_text;
mod run_history;
