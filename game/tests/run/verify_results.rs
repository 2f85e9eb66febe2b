//! Results a replay proves (docs/share.md#verified-results): a recorded run
//! verifies and its export's claim is confirmed; an edited claim is caught
//! field by field; an edited replay is refused naming the first wave whose
//! state hash differs.

use std::sync::Arc;

use game::catalog::Catalog;
use game::run::replay::data_checksum;
use game::share::verify::{VerifyError, export_text, score, verify};

fn recorded(seed: u64, waves: u32) -> (Arc<Catalog>, u64, String, game::run::RunReport) {
    let (cat, run, text) = crate::run_flow::recorded_run(seed, waves);
    let data = data_checksum(&game::data::default_root()).expect("data checksum");
    (cat, data, text, run.report())
}

#[test]
fn a_recorded_run_verifies_and_its_export_is_confirmed() {
    let (cat, data, text, report) = recorded(5, 2);
    let plain = verify(cat.clone(), &text, data).expect("a recorded run verifies");
    assert!(plain.claimed.is_none());
    let r = &plain.reproduced;
    assert_eq!(r.wave_reached, report.wave_reached);
    assert_eq!(r.state_hash, report.state_hash);
    let fought: f64 = report.waves.iter().map(|w| w.duration_s).sum();
    assert!(
        (r.elapsed_s as f64 - fought).abs() <= 1.0,
        "{} s vs the waves' {fought} s",
        r.elapsed_s
    );
    assert_eq!(r.score, score(r.wave_reached, r.elapsed_s));
    assert_eq!(
        r.score,
        i64::from(r.wave_reached) * 100_000 + 86_400 - r.elapsed_s as i64
    );

    let export = export_text(r, &text);
    let v = verify(cat.clone(), &export, data).expect("the export verifies");
    assert!(v.confirmed(), "{:?}", v.differs);

    // A claim edited to a better result is caught, naming the fields.
    let mut better = r.clone();
    better.wave_reached += 5;
    better.score = score(better.wave_reached, better.elapsed_s);
    let v = verify(cat, &export_text(&better, &text), data).expect("the replay still reproduces");
    assert!(!v.confirmed());
    assert_eq!(v.differs.len(), 2, "{:?}", v.differs);
    assert!(
        v.differs[0].starts_with("wave_reached: claimed"),
        "{:?}",
        v.differs
    );
}

#[test]
fn an_edited_replay_is_refused_naming_the_wave() {
    let (cat, data, text, _) = recorded(4, 3);
    // Change one step's heading in wave 2 (after the `wave 1` check line).
    let after = text.find("\nwave 1 ").expect("wave 1 line");
    let (head, tail) = text.split_at(after);
    let walk = tail
        .lines()
        .find(|l| l.starts_with("s ") && !l.starts_with("s - "))
        .expect("a walking step in wave 2")
        .to_string();
    let mut words: Vec<String> = walk.split(' ').map(str::to_string).collect();
    words[1] = ((words[1].parse::<u32>().expect("heading") + 128) % 256).to_string();
    let edited = format!("{head}{}", tail.replacen(&walk, &words.join(" "), 1));
    let claim_run = verify(cat.clone(), &text, data).expect("the original verifies");
    let export = export_text(&claim_run.reproduced, &edited);
    match verify(cat, &export, data) {
        Err(e @ VerifyError::Diverged { wave: 2, line }) => {
            assert!(e.to_string().contains("wave 2"), "{e}");
            let wave_2 = export
                .lines()
                .position(|l| l.starts_with("wave 2 "))
                .expect("wave 2 line")
                + 1;
            assert_eq!(line, wave_2, "the line is the export file's own");
        }
        other => panic!("expected a refusal naming wave 2, got {other:?}"),
    }
}
