//! The compute shaders of `shaders/`, embedded in the binary, and the one
//! convention they share: a first line `// #import a.wgsl b.wgsl` names the
//! files to prepend (recursively, each once) before compiling.

/// Every compute shader file, by file name.
pub const SOURCES: [(&str, &str); 10] = [
    (
        "apply_edits.wgsl",
        include_str!("../../../shaders/apply_edits.wgsl"),
    ),
    ("common.wgsl", include_str!("../../../shaders/common.wgsl")),
    (
        "projectile.wgsl",
        include_str!("../../../shaders/projectile.wgsl"),
    ),
    ("events.wgsl", include_str!("../../../shaders/events.wgsl")),
    ("bin_clear.wgsl", include_str!("../../../shaders/bin_clear.wgsl")),
    ("bin_count.wgsl", include_str!("../../../shaders/bin_count.wgsl")),
    (
        "prefix_sum.wgsl",
        include_str!("../../../shaders/prefix_sum.wgsl"),
    ),
    (
        "bin_scatter.wgsl",
        include_str!("../../../shaders/bin_scatter.wgsl"),
    ),
    (
        "projectile_step.wgsl",
        include_str!("../../../shaders/projectile_step.wgsl"),
    ),
    ("collide.wgsl", include_str!("../../../shaders/collide.wgsl")),
];

/// A shader that names an import nobody has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("shader {file}: imports unknown file {import:?}")]
pub struct ImportError {
    /// The file whose `// #import` line failed.
    pub file: String,
    /// The missing import.
    pub import: String,
}

/// The file names listed on a `// #import` line at the top of `source`.
pub fn imports_of(source: &str) -> Vec<&str> {
    source
        .lines()
        .take_while(|l| l.starts_with("//"))
        .filter_map(|l| l.strip_prefix("// #import"))
        .flat_map(|rest| rest.split_whitespace())
        .collect()
}

/// `name`'s source with its imports prepended; `lookup` finds a file's source
/// (the embedded table in the engine, the `shaders/` folder in tests).
pub fn compose<'a>(name: &'a str, lookup: &dyn Fn(&str) -> Option<&'a str>) -> Result<String, ImportError> {
    let mut order = Vec::new();
    visit(name, lookup, &mut order)?;
    let mut out = String::new();
    for file in order {
        out.push_str(&format!("// ---- {file} ----\n"));
        out.push_str(lookup(file).unwrap_or_default());
        out.push('\n');
    }
    Ok(out)
}

fn visit<'a>(
    name: &'a str,
    lookup: &dyn Fn(&str) -> Option<&'a str>,
    order: &mut Vec<&'a str>,
) -> Result<(), ImportError> {
    if order.contains(&name) {
        return Ok(());
    }
    let source = lookup(name).ok_or_else(|| ImportError {
        file: name.to_string(),
        import: name.to_string(),
    })?;
    for import in imports_of(source) {
        if lookup(import).is_none() {
            return Err(ImportError {
                file: name.to_string(),
                import: import.to_string(),
            });
        }
        visit(import, lookup, order)?;
    }
    if !order.contains(&name) {
        order.push(name);
    }
    Ok(())
}

/// An embedded shader with its imports, ready for `create_shader_module`.
pub fn embedded(name: &str) -> Result<String, ImportError> {
    compose(name, &|file| {
        SOURCES.iter().find(|(n, _)| *n == file).map(|(_, s)| *s)
    })
}
