//! Architecture invariants that a change could break without any other test
//! noticing (`docs/architecture.md` names each with its test).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .to_path_buf()
}

/// The workspace's own crates, lowest first: each may depend only on crates before it.
const LAYERS: &[(&str, &str)] = &[
    ("roofline", "crates/roofline"),
    ("vocab", "crates/vocab"),
    ("content", "crates/content"),
    ("glossary", "."),
    ("xtask", "xtask"),
];

/// The workspace crates a manifest names in one section (`[dependencies]`,
/// `[build-dependencies]`, `[dev-dependencies]`).
fn named_in(manifest: &str, section: &str) -> Vec<&'static str> {
    let mut inside = false;
    let mut found = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == format!("[{section}]");
            continue;
        }
        let Some((name, _)) = line.split_once('=') else {
            continue;
        };
        if let Some((crate_name, _)) = LAYERS.iter().find(|(n, _)| *n == name.trim()) {
            if inside {
                found.push(*crate_name);
            }
        }
    }
    found
}

fn manifest(dir: &str) -> String {
    std::fs::read_to_string(root().join(dir).join("Cargo.toml")).expect("Cargo.toml")
}

fn layer(name: &str) -> usize {
    LAYERS.iter().position(|(n, _)| *n == name).expect("a workspace crate")
}

/// Architecture invariant: imports run one way. roofline knows no other crate of the
/// workspace, vocab only roofline, content both; the app and xtask sit on top.
#[test]
fn imports_run_one_way() {
    for (name, dir) in LAYERS {
        let text = manifest(dir);
        for section in ["dependencies", "build-dependencies", "dev-dependencies"] {
            for dep in named_in(&text, section) {
                assert!(
                    layer(dep) < layer(name),
                    "{name} names {dep} in [{section}]: imports run from roofline up to the app, never down"
                );
            }
        }
    }
}

/// Architecture invariant: the browser build carries no content code. The app
/// reads entries as data; `content` runs only at build time (`build.rs`, the
/// pre-renderer's native build) and in xtask.
#[test]
fn the_app_does_not_link_the_content_crate() {
    let app = manifest(".");
    assert!(!named_in(&app, "dependencies").contains(&"content"));
    assert!(named_in(&app, "build-dependencies").contains(&"content"));
}

#[test]
fn a_manifest_is_read_by_section() {
    let text = "[dependencies]\nvocab = { workspace = true }\n\n[build-dependencies]\ncontent = \"1\"\n";
    assert_eq!(named_in(text, "dependencies"), ["vocab"]);
    assert_eq!(named_in(text, "build-dependencies"), ["content"]);
    assert!(named_in(text, "dev-dependencies").is_empty());
}
