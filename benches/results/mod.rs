//! Reading Criterion's results back, for the benches that print a table of their own after
//! the run (`benches/cast.rs`, `benches/kernels.rs`): where they are written, and the median
//! of one estimate. Included by `mod results;`, never a bench target of its own.

use std::path::{Path, PathBuf};

/// Where Criterion writes its results: `$CRITERION_HOME`, else `<target dir>/criterion`.
pub fn output_directory() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("criterion")
}

/// The median time per iteration (ns) from an `estimates.json`, without a JSON parser.
pub fn median_ns(path: &Path) -> Option<f64> {
    let text = std::fs::read_to_string(path).ok()?;
    let rest = &text[text.find("\"median\"")?..];
    let rest = &rest[rest.find("\"point_estimate\"")? + "\"point_estimate\"".len()..];
    let rest = rest.trim_start().strip_prefix(':')?.trim_start();
    let end = rest.find(|ch: char| !(ch.is_ascii_digit() || "+-.eE".contains(ch)))?;
    rest[..end].parse().ok()
}
