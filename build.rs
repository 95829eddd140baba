//! Checks `content/` and writes the site's data for the app into `OUT_DIR`: the
//! presets (`presets.bin`, part of every build) and, for builds that carry their
//! content rather than fetch it, every data file (`bundle.bin`). Both come from
//! `content::build`, the seam xtask builds the site through too. The browser bundle
//! never contains a YAML or Markdown parser.
//!
//! Whether a build carries its content is decided here, once, and named by the cfg
//! `bundled`: native builds (tests) and debug browser builds (`trunk serve`) carry
//! it; the release browser build fetches it, so that its wasm does not change when
//! an entry does. The pre-renderer of `cargo xtask dist` carries none either: it
//! reads the data files from the file named on its command line.

use std::path::Path;

fn write_if_changed(path: &Path, bytes: &[u8]) {
    // Unchanged output keeps the file's timestamp, so nothing recompiles needlessly.
    if std::fs::read(path).ok().as_deref() != Some(bytes) {
        std::fs::write(path, bytes).expect("OUT_DIR is writable");
    }
}

fn main() {
    println!("cargo::rustc-check-cfg=cfg(bundled)");
    // `GLOSSARY_CONTENT_ROOT`: a folder holding another `content/`, such as the
    // generated corpus of `cargo xtask corpus`; the project's own by default.
    println!("cargo:rerun-if-env-changed=GLOSSARY_CONTENT_ROOT");
    let own = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    let root = std::env::var_os("GLOSSARY_CONTENT_ROOT").map_or(own, std::path::PathBuf::from);
    let root = root.as_path();
    println!("cargo:rerun-if-env-changed=GLOSSARY_BASE_PATH");
    let base = vocab::urls::normalise_base(&std::env::var("GLOSSARY_BASE_PATH").unwrap_or_default());
    println!("cargo:rustc-env=GLOSSARY_BASE={base}");

    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).to_path_buf();
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    let release = std::env::var("PROFILE").is_ok_and(|p| p == "release");
    // `GLOSSARY_CONTENT_AT_RUNTIME`: the pre-renderer reads the data files at run
    // time (`cargo xtask dist` builds them), so that an edited entry rebuilds nothing.
    println!("cargo:rerun-if-env-changed=GLOSSARY_CONTENT_AT_RUNTIME");
    let at_runtime = !wasm && std::env::var_os("GLOSSARY_CONTENT_AT_RUNTIME").is_some();
    if (wasm && release) || at_runtime {
        // The presets alone, so that a changed entry does not even rebuild this.
        // `cargo xtask dist` checks every entry when it writes the data files.
        let (presets, report) = content::build_presets(root);
        tell_cargo(&report);
        write_if_changed(&out.join("presets.bin"), &vocab::wire::encode(&presets));
        return;
    }
    println!("cargo:rustc-cfg=bundled");
    println!("cargo:rerun-if-changed={}", root.join("content").display());
    let (bundle, report) = content::build(root, &base);
    tell_cargo(&report);
    write_if_changed(&out.join("presets.bin"), &vocab::wire::encode(&bundle.presets));
    write_if_changed(&out.join("bundle.bin"), &vocab::wire::encode(&bundle.data));
}

/// Tells cargo which files were read (for its change tracking) and what is wrong
/// with them (as warnings); stops the build on an error.
fn tell_cargo(report: &content::Report) {
    for file in &report.read {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    for d in &report.diagnostics {
        for line in d.to_string().lines() {
            println!("cargo:warning={line}");
        }
    }
    if report.has_errors() {
        for d in &report.diagnostics {
            eprintln!("{d}");
        }
        eprintln!("the content has errors; run `cargo xtask check-content` for the full report");
        std::process::exit(1);
    }
}
