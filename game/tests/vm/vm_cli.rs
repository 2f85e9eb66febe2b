//! `artificer wand eval` as docs/vm.md#wand-eval specifies it, run through the built binary.

use std::process::Command;

use serde_json::Value;

fn artificer(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_artificer"))
        .args(args)
        .output()
        .expect("run artificer");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const CORE: &str =
    r#"{"spells_per_cast":1,"cast_delay":0.25,"recharge":0.5,"mana_max":1000,"mana_regen":0,"capacity":10}"#;

#[test]
fn wand_eval_prints_the_vm_md_example() {
    let (ok, out, err) = artificer(&[
        "wand",
        "eval",
        "--core",
        CORE,
        "--deck",
        "damage_plus,spark_bolt,spark_bolt",
        "--casts",
        "3",
    ]);
    assert!(ok, "{err}");
    let doc: Value = serde_json::from_str(&out).expect("JSON");
    let casts = doc["casts"].as_array().unwrap();
    assert_eq!(casts.len(), 3);
    let c1 = &casts[0];
    assert_eq!(c1["cast"], 1);
    let f = &c1["fired"][0];
    assert_eq!(f["spell"], "spark_bolt");
    assert_eq!(f["damage"].as_f64(), Some(13.0));
    assert_eq!(f["speed"].as_f64(), Some(600.0));
    assert_eq!(f["element"], "physical");
    assert_eq!(f["payload"], Value::Array(vec![]));
    // Printed exactly: 0.25 + 0.10 + 0.05.
    assert!(out.contains(r#""cast_delay":0.4"#), "{out}");
    assert_eq!(c1["cast_delay"].as_f64(), Some(0.4));
    assert_eq!(c1["recharge"], Value::Null);
    assert_eq!(c1["mana_spent"].as_f64(), Some(20.0));
    assert_eq!(c1["ops"], 2);
    assert_eq!(c1["wrapped"], false);
    // Cast 2: the last spark, then the recharge.
    let c2 = &casts[1];
    assert_eq!(c2["fired"][0]["damage"].as_f64(), Some(3.0));
    assert_eq!(c2["cast_delay"].as_f64(), Some(0.3));
    assert_eq!(c2["recharge"].as_f64(), Some(0.5));
    assert_eq!(c2["mana_spent"].as_f64(), Some(5.0));
    assert_eq!(c2["ops"], 1);
    // Cast 3 repeats cast 1.
    let c3 = &casts[2];
    assert_eq!(c3["fired"][0]["damage"].as_f64(), Some(13.0));
    assert_eq!(c3["cast_delay"].as_f64(), Some(0.4));
    assert_eq!(c3["recharge"], Value::Null);
}

#[test]
fn wand_eval_lists_payloads_in_the_same_shape() {
    let (ok, out, err) = artificer(&[
        "wand",
        "eval",
        "--core",
        "starter_core",
        "--deck",
        "trigger_hit,spark_bolt",
    ]);
    assert!(ok, "{err}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    let f = &doc["casts"][0]["fired"][0];
    assert_eq!(f["spell"], "trigger_hit");
    assert_eq!(f["payload"][0]["spell"], "spark_bolt");
    assert_eq!(f["payload"][0]["damage"].as_f64(), Some(3.0));
    // The cycle view's payload, under its carrier, judged as a cast is.
    let p = &doc["cycle"]["casts"][0]["payloads"][0];
    assert_eq!(p["carrier_slot"], 0);
    assert_eq!(p["slots"], serde_json::json!([1]));
    assert_eq!(p["wrapped_at"], Value::Null);
    assert_eq!(p["mana_max"].as_f64(), Some(100.0));
    assert_eq!(p["affordable"], true);
    assert_eq!(p["unaffordable"], Value::Null);
    assert_eq!(p["depends_on"][0]["on"], "hit");
    assert_eq!(doc["cycle"]["joined"], serde_json::json!([]));
}

#[test]
fn wand_eval_rejects_unknown_ids() {
    let (ok, _, err) = artificer(&[
        "wand",
        "eval",
        "--core",
        "starter_core",
        "--deck",
        "spark_bolt,sprak_bolt",
    ]);
    assert!(!ok);
    assert!(err.contains("sprak_bolt"), "{err}");
    let (ok, _, err) = artificer(&["wand", "eval", "--core", "no_such_core", "--deck", "spark_bolt"]);
    assert!(!ok);
    assert!(err.contains("no_such_core"), "{err}");
    let (ok, _, err) = artificer(&[
        "wand",
        "eval",
        "--core",
        r#"{"cast_dealy":1}"#,
        "--deck",
        "spark_bolt",
    ]);
    assert!(!ok);
    assert!(err.contains("cast_dealy"), "{err}");
}

#[test]
fn wand_eval_rejects_a_deck_without_action() {
    let (ok, _, err) = artificer(&[
        "wand",
        "eval",
        "--core",
        "starter_core",
        "--deck",
        "damage_plus,double_cast",
    ]);
    assert!(!ok);
    assert!(err.contains("needs at least one action"), "{err}");
}

#[test]
fn wand_eval_mana_flag_sets_the_starting_mana() {
    let (ok, out, err) = artificer(&[
        "wand",
        "eval",
        "--core",
        CORE,
        "--deck",
        "energy_orb,spark_bolt",
        "--mana",
        "10",
    ]);
    assert!(ok, "{err}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    // The orb is skipped for mana; the spark fires.
    assert_eq!(doc["casts"][0]["fired"][0]["spell"], "spark_bolt");
    assert_eq!(doc["casts"][0]["mana_spent"].as_f64(), Some(5.0));
}
