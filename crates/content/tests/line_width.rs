//! No line of the workspace's Rust sources is longer than rustfmt's `max_width`.
//!
//! Stable rustfmt gives up on a statement it cannot fit in `max_width` (usually
//! because of a long string literal) and leaves the whole statement as it is,
//! without a warning: `cargo fmt --check` passes while the statement stays
//! unformatted. Break long string literals with a `\` line continuation or
//! `concat!`, and split long comments.

use std::fs;
use std::path::{Path, PathBuf};

/// `max_width` in the workspace's rustfmt.toml.
const MAX_WIDTH: usize = 120;

/// Directories that hold no source of the workspace.
const SKIPPED_DIRS: &[&str] = &["target", "node_modules"];

/// The `.rs` files under `dir`, skipping build output, npm packages and hidden directories.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let kind = entry
            .file_type()
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        if kind.is_dir() {
            if !name.starts_with('.') && !SKIPPED_DIRS.contains(&name.as_ref()) {
                rust_files(&path, out);
            }
        } else if kind.is_file() && name.ends_with(".rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_rust_line_is_longer_than_rustfmt_max_width() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root
        .canonicalize()
        .unwrap_or_else(|e| panic!("workspace root {}: {e}", root.display()));
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files.sort();
    assert!(
        files.iter().any(|f| f.ends_with("crates/content/tests/line_width.rs")),
        "the walk from {} did not find this test's own file",
        root.display()
    );
    let mut long = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("reading {}: {e}", file.display()));
        for (i, line) in text.lines().enumerate() {
            let width = line.chars().count();
            if width > MAX_WIDTH {
                let shown = file.strip_prefix(&root).unwrap_or(file);
                long.push(format!("{}:{}: {width} characters", shown.display(), i + 1));
            }
        }
    }
    assert!(
        long.is_empty(),
        "{} line(s) longer than {MAX_WIDTH} characters (max_width in rustfmt.toml). Stable rustfmt silently \
         skips formatting a whole statement it cannot fit, so `cargo fmt` leaves it unformatted without a \
         warning. Break long string literals with a `\\` line continuation or `concat!`, split long comments, \
         then run `cargo fmt --all`:\n{}",
        long.len(),
        long.join("\n")
    );
}
