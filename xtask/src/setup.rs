//! `cargo xtask setup`: installs what the build and the tests need when it is
//! missing or at the wrong version, and nothing else.

use std::path::Path;
use std::process::Command;

use anyhow::{bail, Result};

use crate::deny;
use crate::process::{cmd, install, output, run, say};
use crate::versions::{locked_wasm_bindgen, TRUNK_VERSION};
use crate::workspace::root;

/// Where Debian installs Chromium; the browser tests drive it, nothing is downloaded.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// Everything: the build tools, cargo-deny and the test browser.
pub fn everything() -> Result<()> {
    build_tools()?;
    deny::setup()?;
    browser()
}

/// The wasm target, trunk, wasm-bindgen-cli and the npm tooling.
pub fn build_tools() -> Result<()> {
    let targets = output(Command::new("rustup").args(["target", "list", "--installed"])).unwrap_or_default();
    if !targets.lines().any(|t| t == "wasm32-unknown-unknown") {
        run(
            cmd("rustup").args(["target", "add", "wasm32-unknown-unknown"]),
            "adding the wasm32 target",
        )?;
    }
    let trunk = output(cmd("trunk").arg("--version")).unwrap_or_default();
    if trunk != format!("trunk {TRUNK_VERSION}") {
        say(&format!("installing trunk {TRUNK_VERSION} (found: {trunk:?})"));
        install("trunk", TRUNK_VERSION, true)?;
    }
    let wanted = locked_wasm_bindgen()?;
    let bindgen = output(cmd("wasm-bindgen").arg("--version")).unwrap_or_default();
    if bindgen != format!("wasm-bindgen {wanted}") {
        // Without --locked: with it, one of the CLI's dependencies fails to resolve.
        say(&format!(
            "installing wasm-bindgen-cli {wanted} to match Cargo.lock (found: {bindgen:?})"
        ));
        install("wasm-bindgen-cli", &wanted, false)?;
    }
    if !installed_as_locked(&root()) {
        run(
            cmd("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"),
            "npm ci (binaryen, terser, Playwright, axe)",
        )?;
    }
    Ok(())
}

/// Lighthouse, for `cargo xtask bench` only: its own package in `bench/`, so that
/// the tests on a bare machine do not install it. It drives Debian's chromium, so
/// no browser is downloaded.
pub fn bench_tools() -> Result<()> {
    let folder = root().join("bench");
    if !installed_as_locked(&folder) {
        run(
            cmd("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(&folder),
            "npm ci in bench/ (Lighthouse)",
        )?;
    }
    Ok(())
}

/// Whether `folder`'s node_modules were installed from its `package-lock.json` as
/// it is now: npm writes `node_modules/.package-lock.json` on each install, so one
/// older than the lock file (or none) means the lock changed since.
fn installed_as_locked(folder: &Path) -> bool {
    let stamp = folder.join("node_modules/.package-lock.json");
    let lock = folder.join("package-lock.json");
    match (
        stamp.metadata().and_then(|m| m.modified()),
        lock.metadata().and_then(|m| m.modified()),
    ) {
        (Ok(installed), Ok(locked)) => installed >= locked,
        _ => false,
    }
}

/// Debian's chromium, for the browser tests.
pub fn browser() -> Result<()> {
    if Path::new(CHROMIUM).exists() {
        return Ok(());
    }
    if !is_root() {
        bail!("the browser tests need {CHROMIUM}: run `sudo apt-get install chromium` once");
    }
    run(Command::new("apt-get").arg("update").arg("-qq"), "apt-get update")?;
    run(
        Command::new("apt-get")
            .args(["install", "-y", "-qq", "chromium"])
            .env("DEBIAN_FRONTEND", "noninteractive"),
        "installing Debian's chromium for the browser tests",
    )
}

fn is_root() -> bool {
    output(Command::new("id").arg("-u")).as_deref() == Some("0")
}
