//! The config reader's module (`crates/config-reader`): built beside trunk's bundle
//! into `dist/reader/`, where the site program finds it and names it in every page
//! (a `<meta>` the calculator reads, and the policy's `worker-src`). Out of the
//! bundle's root, so that the service worker does not keep it with the app's code:
//! it is fetched only when a reader first pastes a config.

use std::path::Path;

use anyhow::{Context, Result};
use sha2::Digest;

use crate::files;
use crate::process::{cmd, run};
use crate::workspace::root;

/// The folder of `dist` that holds the module.
pub const FOLDER: &str = "reader";

/// Builds the module with the compiler's `flags` (the release browser build's, so
/// that the crates both builds share are compiled once) into `dist/reader/`: the
/// wasm-bindgen glue and wasm (`wasm-opt -Oz`) and the worker that starts them, each
/// named by a hash of the compiled module, so that a new module is a new address.
pub fn build(dist: &Path, flags: &str) -> Result<()> {
    run(
        cmd("cargo")
            .args([
                "build",
                "--quiet",
                "--release",
                "--package",
                "config-reader",
                "--features",
                "module",
                "--target",
                "wasm32-unknown-unknown",
            ])
            .env("CARGO_ENCODED_RUSTFLAGS", flags),
        "building the config reader's module",
    )?;
    let compiled = root().join("target/wasm32-unknown-unknown/release/config_reader.wasm");
    let bytes = std::fs::read(&compiled).with_context(|| compiled.display().to_string())?;
    let hash: String = sha2::Sha256::digest(&bytes)[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let name = format!("config-reader-{hash}");
    let out = dist.join(FOLDER);
    let _ = std::fs::remove_dir_all(&out);
    run(
        cmd("wasm-bindgen")
            .args(["--target", "web", "--no-typescript", "--out-name", &name, "--out-dir"])
            .arg(&out)
            .arg(&compiled),
        "binding the config reader's module",
    )?;
    let wasm = out.join(format!("{name}_bg.wasm"));
    run(
        cmd("wasm-opt").args(["-Oz", "-o"]).arg(&wasm).arg(&wasm),
        "optimising the config reader's module",
    )?;
    let worker = include_str!("../../crates/config-reader/worker.js")
        .replace("__GLUE__", &format!("{name}.js"))
        .replace("__WASM__", &format!("{name}_bg.wasm"));
    files::write(&out.join(format!("{name}.worker.js")), worker)?;
    Ok(())
}
