//! The run: its flow and replays, waves and bosses, the wave clock, after the
//! clear, the shop and the economy, `artificer sim` and the sound cues of a
//! fight. One test binary for the layer; each module is a former test file and
//! keeps its name, so `cargo test --test run run_flow::` selects it.

mod after_clear;
mod bad_input;
mod build_codes;
mod damage_per_chip;
mod economy_rules;
mod endless_run;
mod fighter_trials;
mod newcomer_lessons;
mod run_flow;
mod saved_core;
mod shard_merge;
mod shop_and_memory;
mod shop_choices;
mod sim_batch;
mod sim_runs;
mod sound_cues;
mod standing_boss;
mod traces;
mod tune_search;
mod verify_results;
mod volley_trials;
mod wave_clock;
mod waves_bosses;
mod waves_files;
mod waves_runner;

/// Copies a data folder so a test can break or bend its copy.
pub fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).expect("copy");
        }
    }
}
