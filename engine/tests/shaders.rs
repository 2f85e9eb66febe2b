//! Every file in `shaders/` parses and validates with naga (after its
//! `// #import` files are prepended), and the embedded copies are the files.

use std::collections::BTreeMap;
use std::path::Path;

use engine::compute::shaders::{SOURCES, compose};

fn shader_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shaders")
}

fn read_all() -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(shader_dir()).expect("shaders/ exists") {
        let path = entry.expect("dir entry").path();
        if path.extension().is_some_and(|e| e == "wgsl") {
            let name = path.file_name().expect("name").to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).expect("readable shader");
            files.insert(name, text);
        }
    }
    files
}

#[test]
fn every_shader_parses_and_validates() {
    let files = read_all();
    assert!(files.len() >= 8, "found only {:?}", files.keys());
    let mut problems = Vec::new();
    for name in files.keys() {
        let source = match compose(name, &|f| files.get(f).map(String::as_str)) {
            Ok(s) => s,
            Err(e) => {
                problems.push(e.to_string());
                continue;
            }
        };
        let module = match naga::front::wgsl::parse_str(&source) {
            Ok(m) => m,
            Err(e) => {
                problems.push(format!("{name}: {}", e.emit_to_string(&source)));
                continue;
            }
        };
        let mut validator = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        );
        if let Err(e) = validator.validate(&module) {
            problems.push(format!("{name}: {}", e.emit_to_string(&source)));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn embedded_sources_match_the_files() {
    let files = read_all();
    for (name, text) in SOURCES {
        assert_eq!(
            files.get(name).map(String::as_str),
            Some(text),
            "{name} differs from shaders/{name}"
        );
    }
}
