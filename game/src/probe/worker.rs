//! Measures off the interface thread: the lab's Measure and the shop's Try
//! run their fights ([`super::measure_build`]) on a worker thread and the
//! screen polls for the answer each frame, so the window never waits on a
//! fight (a measure takes a few hundred milliseconds).

use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex};

use super::measure_build::{BuildMeasure, measure};
use super::stage::Kit;
use crate::catalog::Catalog;

/// One question: a kit and the slots to switch off.
#[derive(Debug, Clone, PartialEq)]
pub struct Ask {
    /// What the player brings.
    pub kit: Kit,
    /// Deck slots off.
    pub off: Vec<usize>,
}

/// What a job answers: one measure per ask, in order, or why it failed.
pub type Answer = Result<Vec<BuildMeasure>, String>;

/// A measuring job: its key (what was asked, to know when to ask again)
/// and, once the worker is done, its answer.
#[derive(Debug)]
pub struct Job {
    /// What was asked, as the screen keys it.
    pub key: String,
    rx: Option<Receiver<Answer>>,
    answer: Option<Answer>,
}

impl Job {
    /// Starts measuring `asks` (seed `seed`) on a new thread.
    pub fn start(cat: Arc<Catalog>, key: String, asks: Vec<Ask>, seed: u64) -> Self {
        let (tx, rx) = channel();
        let spawned = std::thread::Builder::new().name("measure".into()).spawn(move || {
            let answer: Answer = asks
                .iter()
                .map(|a| measure(&cat, &a.kit, seed, &a.off).map_err(|e| e.to_string()))
                .collect();
            // The screen may have moved on and dropped the job: nothing to tell.
            let _ = tx.send(answer);
        });
        match spawned {
            Ok(_) => Self {
                key,
                rx: Some(rx),
                answer: None,
            },
            Err(e) => Self {
                key,
                rx: None,
                answer: Some(Err(format!("could not start the measure: {e}"))),
            },
        }
    }

    /// The answer, once there is one (polls the worker; never blocks).
    pub fn answer(&mut self) -> Option<&Answer> {
        if self.answer.is_none()
            && let Some(rx) = &self.rx
        {
            match rx.try_recv() {
                Ok(a) => self.answer = Some(a),
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    self.answer = Some(Err("the measure stopped without an answer".into()));
                }
            }
        }
        self.answer.as_ref()
    }
}

/// A job a screen keeps across frames in egui's memory (which wants
/// `Clone + Send + Sync` values).
pub type SharedJob = Arc<Mutex<Option<Job>>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_answers_off_the_calling_thread() {
        let cat = Arc::new(Catalog::load(&crate::data::default_root()).expect("data loads"));
        let kit = Kit::deck("starter_core", &["spark_bolt", "spark_bolt"]);
        let asks = vec![
            Ask {
                kit: kit.clone(),
                off: vec![],
            },
            Ask { kit, off: vec![1] },
        ];
        let mut job = Job::start(cat, "k".into(), asks, 3);
        let t0 = std::time::Instant::now();
        let answer = loop {
            if let Some(a) = job.answer() {
                break a.clone();
            }
            assert!(t0.elapsed().as_secs() < 120, "the worker answers");
            std::thread::sleep(std::time::Duration::from_millis(10));
        };
        let m = answer.expect("measured");
        assert_eq!(m.len(), 2);
        assert!(m[1].dummy.dps < m[0].dummy.dps, "one bolt off hurts less");
    }
}
