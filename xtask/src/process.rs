//! Running the project's tools: with node_modules/.bin and Cargo's bin on PATH, in
//! the workspace, each step said before it runs.

use std::env;
use std::process::Command;

use anyhow::{ensure, Context, Result};

use crate::workspace::{cargo_home, root};

/// One line on stderr saying what happens next.
pub fn say(what: &str) {
    eprintln!("xtask: {what}");
}

/// PATH with node_modules/.bin first, so trunk finds binaryen's wasm-opt.
fn tool_path() -> String {
    format!(
        "{}:{}:{}",
        root().join("node_modules/.bin").display(),
        cargo_home().join("bin").display(),
        env::var("PATH").unwrap_or_default()
    )
}

/// `program`, to run in the workspace with the tools on PATH.
pub fn cmd(program: &str) -> Command {
    let mut c = Command::new(program);
    c.current_dir(root()).env("PATH", tool_path());
    c
}

/// Runs `c` after saying `what`; an error when it cannot start or fails.
pub fn run(c: &mut Command, what: &str) -> Result<()> {
    say(what);
    let status = c
        .status()
        .with_context(|| format!("{what}: cannot start {:?}", c.get_program()))?;
    ensure!(status.success(), "{what} failed ({status})");
    Ok(())
}

/// What `c` prints, trimmed, when it runs and succeeds.
pub fn output(c: &mut Command) -> Option<String> {
    c.output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
}

/// `cargo install` of `krate` at `version` (`--locked` when `locked`), built for a
/// tool run a few times per build rather than for speed: the tools' own release
/// profiles ask for fat link-time optimisation in one codegen unit (trunk's and
/// cargo-deny's), which takes most of their build on two cores; opt-level 1 without
/// LTO builds them in a fraction of it and runs what a build asks of them (starting
/// cargo, wasm-bindgen and wasm-opt; reading the dependency graph) as it should.
pub fn install(krate: &str, version: &str, locked: bool) -> Result<()> {
    let mut c = cmd("cargo");
    c.args(["install", krate, "--version", version]);
    if locked {
        c.arg("--locked");
    }
    c.env("CARGO_PROFILE_RELEASE_LTO", "false")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false");
    run(&mut c, &format!("cargo install {krate} {version}"))
}
