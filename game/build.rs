//! Embeds `data/` in the `game` crate, and so in the `artificer` binary: a
//! generated list of every file (path relative to `data/`, `include_bytes!`
//! of it) and a hash of them all. A copied or installed binary then carries
//! its data; `crate::data` unpacks it on first use.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(root, &path, out)?;
        } else if let Ok(rel) = path.strip_prefix(root) {
            let rel = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            out.push((rel, path.canonicalize()?));
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let data = manifest.join("../data");
    // A directory here is scanned whole: any file added, removed or edited
    // under it re-runs this script.
    println!("cargo:rerun-if-changed={}", data.display());
    let mut files = Vec::new();
    walk(&data, &data, &mut files)?;
    files.sort();
    // FNV-1a, 64 bits, over every path and its bytes.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for b in bytes {
            hash ^= u64::from(*b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    let mut list = String::new();
    for (rel, abs) in &files {
        feed(rel.as_bytes());
        feed(&[0]);
        feed(&fs::read(abs)?);
        feed(&[0]);
        writeln!(
            list,
            "    ({rel:?}, include_bytes!({:?})),",
            abs.display().to_string()
        )?;
    }
    let code = format!(
        "/// Every file of `data/` when the binary was built: path relative to\n\
         /// `data/` (with `/`), and its bytes.\n\
         pub static FILES: &[(&str, &[u8])] = &[\n{list}];\n\n\
         /// FNV-1a 64 of every path and its bytes, in hex: names the unpacked copy.\n\
         pub const HASH: &str = \"{hash:016x}\";\n"
    );
    fs::write(
        PathBuf::from(std::env::var("OUT_DIR")?).join("embedded_data.rs"),
        code,
    )?;
    Ok(())
}
