//! The real `artificer` binary in a window under Xvfb: the smoke test and the
//! window run that replays headless. One test binary; each module is a former
//! test file and keeps its name, so `cargo test --test window window_smoke::`
//! selects it. Its tests hold `window_common::ONE_WINDOW` so that only one
//! game window (and one Xvfb) runs at a time.

mod window_common;

mod window_replay;
mod window_smoke;
mod window_trace;
