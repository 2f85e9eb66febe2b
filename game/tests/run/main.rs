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
mod newcomer_lessons;
mod run_flow;
mod shard_merge;
mod shop_and_memory;
mod sim_batch;
mod sim_runs;
mod sound_cues;
mod verify_results;
mod wave_clock;
mod waves_bosses;
mod waves_files;
mod waves_runner;
