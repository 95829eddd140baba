//! Renders `content/` into Rust data for the app (`OUT_DIR/content.rs`). The
//! browser bundle never contains a YAML or Markdown parser.

use std::path::Path;

fn main() {
    // `GLOSSARY_CONTENT_ROOT`: a folder holding another `content/`, such as the
    // generated corpus of `cargo xtask corpus`; the project's own by default.
    println!("cargo:rerun-if-env-changed=GLOSSARY_CONTENT_ROOT");
    let own = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    let root = std::env::var_os("GLOSSARY_CONTENT_ROOT").map_or(own, std::path::PathBuf::from);
    let root = root.as_path();
    println!("cargo:rerun-if-changed={}", root.join("content").display());
    println!("cargo:rerun-if-env-changed=GLOSSARY_BASE_PATH");
    let base = content::site::normalise_base(&std::env::var("GLOSSARY_BASE_PATH").unwrap_or_default());

    let site = content::load(root, &base);
    for file in &site.files {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    for d in &site.diagnostics {
        for line in d.to_string().lines() {
            println!("cargo:warning={line}");
        }
    }
    if site.has_errors() {
        eprintln!("{}", content::report(&site));
        eprintln!("the content has errors; run `cargo xtask check-content` for the full report");
        std::process::exit(1);
    }
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("content.rs");
    let code = content::codegen::generate(&site, &base);
    // Unchanged output keeps the file's timestamp, so nothing recompiles needlessly.
    if std::fs::read_to_string(&out).ok().as_deref() != Some(code.as_str()) {
        std::fs::write(&out, code).expect("OUT_DIR is writable");
    }
}
