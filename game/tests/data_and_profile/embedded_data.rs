//! The binary carries its data: copied alone into an empty folder, run from
//! there with no `$ARTIFICER_DATA` and a fresh cache folder, it checks its
//! data, says the data is the embedded copy, and plays a wave headless.

use std::path::PathBuf;
use std::process::Command;

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("artificer-alone-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[test]
fn a_copied_binary_runs_from_an_empty_folder_on_its_embedded_data() {
    let folder = scratch("bin");
    let home = scratch("home");
    let bin = folder.join("artificer");
    std::fs::copy(env!("CARGO_BIN_EXE_artificer"), &bin).expect("copy the binary");
    let run = |args: &[&str]| {
        Command::new(&bin)
            .args(args)
            .current_dir(&folder)
            .env_remove("ARTIFICER_DATA")
            .env("HOME", &home)
            .env("XDG_CACHE_HOME", home.join("cache"))
            .output()
            .expect("the copied binary runs")
    };
    let check = run(&["data", "check"]);
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(said.contains("embedded in the binary"), "{said}");
    assert!(
        said.contains(&home.join("cache").display().to_string()),
        "unpacked in the cache: {said}"
    );
    assert_eq!(
        std::fs::read_dir(&folder).expect("folder").count(),
        1,
        "nothing written beside the binary"
    );

    let sim = run(&["sim", "--seed", "1", "--waves", "1", "--backend", "cpu", "--json"]);
    assert!(sim.status.success(), "{}", String::from_utf8_lossy(&sim.stderr));
    let report: serde_json::Value = serde_json::from_slice(&sim.stdout).expect("JSON");
    assert!(
        report["waves"][0]["kills"].as_u64().expect("kills") > 0,
        "a wave was played"
    );

    // `--data DIR` still overrides the embedded copy (modding, balancing).
    let src = game::data::default_root();
    let flagged = run(&["--data", &src.display().to_string(), "data", "check"]);
    assert!(String::from_utf8_lossy(&flagged.stdout).contains("(--data)"));
    let _ = std::fs::remove_dir_all(&folder);
    let _ = std::fs::remove_dir_all(&home);
}
