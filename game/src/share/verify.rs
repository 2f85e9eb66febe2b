//! Results a replay proves (docs/share.md#verified-results): an exported
//! result is a replay with the result its player claims on top; verifying
//! re-simulates the replay headless on the CPU path and compares.
//!
//! Export file:
//!
//! ```text
//! artificer-result 1
//! claim {"wave_reached":7,"outcome":"died",…}
//! artificer-replay 1           the replay file, unchanged
//! …
//! ```

use std::sync::Arc;

use engine::gpu::Backend;
use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::run::{Replay, ReplayError, play_replay};

/// The first line of an exported result.
pub const EXPORT_HEADER: &str = "artificer-result 1";

/// A run's result as claimed or as reproduced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunResult {
    /// The wave the run reached.
    pub wave_reached: u32,
    /// `died`, `won`, `survived`, or `unfinished` (a run saved mid-way).
    pub outcome: String,
    /// Whole simulated seconds of fight (fight steps ÷ steps per second, rounded down).
    pub elapsed_s: u64,
    /// The leaderboard score ([`score`], docs/share.md#score).
    pub score: i64,
    /// The run's final state hash: two runs with equal hashes are the same run.
    pub state_hash: String,
}

/// The leaderboard score (docs/share.md#score): `wave × 100000 + (86400 −
/// elapsed seconds)`. Waves count first; among equal waves the faster run
/// ranks higher. Elapsed is simulated fight time, never wall time, so a
/// replay gives the same score on any machine.
pub fn score(wave: u32, elapsed_s: u64) -> i64 {
    i64::from(wave) * 100_000 + (86_400 - elapsed_s as i64)
}

/// What verifying found.
#[derive(Debug, Clone, Serialize)]
pub struct Verdict {
    /// The result the replay reproduces.
    pub reproduced: RunResult,
    /// The result the file claims, if it is an export.
    pub claimed: Option<RunResult>,
    /// The claimed fields that differ from the reproduced ones (empty when they match).
    pub differs: Vec<String>,
    /// The run's seed, from its replay.
    pub seed: u64,
    /// The daily's date, when the replay is of a daily run.
    pub daily: Option<String>,
}

impl Verdict {
    /// True when there is a claim and every field of it was reproduced.
    pub fn confirmed(&self) -> bool {
        self.claimed.is_some() && self.differs.is_empty()
    }
}

/// Why a file proves nothing.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// The export header or claim line is malformed.
    #[error("not an exported result: {0}")]
    Export(String),
    /// The replay re-simulates to a different state: it was edited, or made by a different game.
    #[error(
        "refused: the replay does not reproduce: wave {wave} ends in a different state than recorded (line {line})"
    )]
    Diverged {
        /// The first wave whose state hash differs.
        wave: u32,
        /// Its line in the file (an export's two claim lines counted).
        line: usize,
    },
    /// The replay is damaged, foreign or refused by the run.
    #[error("refused: {}", replay_words(.0))]
    Replay(ReplayError),
}

/// A replay's refusal without its own leading "refused: ", which
/// [`VerifyError::Replay`] already says once.
fn replay_words(e: &ReplayError) -> String {
    match e {
        ReplayError::Mismatch(why) => why.clone(),
        other => other.to_string(),
    }
}

/// The claim (if the text is an export) and the replay text under it.
pub fn split_export(text: &str) -> Result<(Option<RunResult>, &str), VerifyError> {
    let Some(rest) = text.strip_prefix(EXPORT_HEADER) else {
        if text.starts_with("artificer-result") {
            let first = text.lines().next().unwrap_or_default();
            return Err(VerifyError::Export(format!(
                "`{first}`: this game reads `{EXPORT_HEADER}`"
            )));
        }
        return Ok((None, text));
    };
    let rest = rest
        .strip_prefix('\n')
        .ok_or_else(|| VerifyError::Export("line 1 is not alone".into()))?;
    let (line, replay) = rest.split_once('\n').unwrap_or((rest, ""));
    let json = line
        .strip_prefix("claim ")
        .ok_or_else(|| VerifyError::Export("line 2 should be `claim {…}`".into()))?;
    let claim =
        serde_json::from_str(json).map_err(|e| VerifyError::Export(format!("line 2 (the claim): {e}")))?;
    Ok((Some(claim), replay))
}

/// An export: the header, the claim, then the replay unchanged.
pub fn export_text(claim: &RunResult, replay_text: &str) -> String {
    let json = serde_json::to_string(claim).expect("a result serialises");
    format!("{EXPORT_HEADER}\nclaim {json}\n{replay_text}")
}

/// Re-simulates `text` (a replay or an export) on the CPU path and compares
/// the result with its claim. `data` is the data checksum of `cat`'s folder.
pub fn verify(cat: Arc<Catalog>, text: &str, data: u64) -> Result<Verdict, VerifyError> {
    // Windows line endings read as the replay's own reader reads them.
    let text = text.replace("\r\n", "\n");
    let (claimed, replay_text) = split_export(&text)?;
    // Lines above the replay in an export, so refusals name the file's own line.
    let above = if claimed.is_some() { 2 } else { 0 };
    let refused = |e: ReplayError| VerifyError::Replay(e.lines_below(above));
    let replay = Replay::parse(replay_text).map_err(refused)?;
    replay.check_compatible(data).map_err(refused)?;
    let steps = replay.steps;
    let (seed, daily) = (replay.header.setup.seed, replay.header.setup.daily.clone());
    let hz = u64::from(cat.run.world.step_hz.max(1));
    let run = match play_replay(cat, replay, Some(Backend::Cpu), None) {
        Ok(run) => run,
        Err(ReplayError::Diverged { wave, line, .. }) => {
            return Err(VerifyError::Diverged {
                wave,
                line: line + above,
            });
        }
        Err(e) => return Err(refused(e)),
    };
    let report = run.report();
    let elapsed_s = steps / hz;
    let outcome = report.outcome.map_or_else(
        || "unfinished".to_string(),
        |o| {
            serde_json::to_value(o)
                .ok()
                .and_then(|v| v.as_str().map(String::from))
                .unwrap_or_default()
        },
    );
    let reproduced = RunResult {
        wave_reached: report.wave_reached,
        outcome,
        elapsed_s,
        score: score(report.wave_reached, elapsed_s),
        state_hash: report.state_hash,
    };
    let differs = claimed
        .as_ref()
        .map_or_else(Vec::new, |c| differences(c, &reproduced));
    Ok(Verdict {
        reproduced,
        claimed,
        differs,
        seed,
        daily,
    })
}

/// The fields of `claim` that `real` does not have, each in words.
fn differences(claim: &RunResult, real: &RunResult) -> Vec<String> {
    let mut out = Vec::new();
    let mut field = |name: &str, c: String, r: String| {
        if c != r {
            out.push(format!("{name}: claimed {c}, reproduced {r}"));
        }
    };
    field(
        "wave_reached",
        claim.wave_reached.to_string(),
        real.wave_reached.to_string(),
    );
    field("outcome", claim.outcome.clone(), real.outcome.clone());
    field(
        "elapsed_s",
        claim.elapsed_s.to_string(),
        real.elapsed_s.to_string(),
    );
    field("score", claim.score.to_string(), real.score.to_string());
    field("state_hash", claim.state_hash.clone(), real.state_hash.clone());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_score_ranks_waves_first_then_speed() {
        assert_eq!(score(7, 400), 700_000 + 86_000);
        assert!(score(8, 86_000) > score(7, 0));
        assert!(score(7, 300) > score(7, 400));
    }

    #[test]
    fn an_export_splits_into_its_claim_and_replay() {
        let claim = RunResult {
            wave_reached: 3,
            outcome: "died".into(),
            elapsed_s: 150,
            score: score(3, 150),
            state_hash: "00ff".into(),
        };
        let text = export_text(&claim, "artificer-replay 1\nrest\n");
        let (c, replay) = split_export(&text).expect("splits");
        assert_eq!(c, Some(claim));
        assert_eq!(replay, "artificer-replay 1\nrest\n");
        assert!(matches!(split_export("artificer-replay 1\n"), Ok((None, _))));
        assert!(split_export("artificer-result 9\n").is_err());
        assert!(split_export("artificer-result 1\nclaim {\n").is_err());
    }
}
