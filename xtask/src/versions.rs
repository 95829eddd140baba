//! `cargo xtask versions`: the versions a build depends on, one `name=version` line
//! each, for CI's cache keys. The workflows append them to `$GITHUB_OUTPUT` instead
//! of reading this source or Cargo.lock themselves.

use anyhow::{bail, Context, Result};

use crate::files;
use crate::process::{cmd, output};
use crate::workspace::root;

/// The trunk release this project builds with (0.22 needs a newer rustc).
pub const TRUNK_VERSION: &str = "0.21.14";

pub fn command() -> Result<()> {
    let rustc = output(cmd("rustc").arg("--version")).unwrap_or_default();
    let rustc = rustc
        .split_whitespace()
        .nth(1)
        .context("cannot read `rustc --version`")?;
    println!("{}", version_lines(rustc, &locked_wasm_bindgen()?));
    Ok(())
}

fn version_lines(rustc: &str, wasm_bindgen: &str) -> String {
    format!("rustc={rustc}\ntrunk={TRUNK_VERSION}\nwasm-bindgen={wasm_bindgen}")
}

/// The `wasm-bindgen` version that Cargo.lock pins; the CLI must match it exactly.
pub fn locked_wasm_bindgen() -> Result<String> {
    let lock = files::read_to_string(&root().join("Cargo.lock"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"wasm-bindgen\"" {
            if let Some(v) = lines.next().and_then(|l| l.strip_prefix("version = \"")) {
                return Ok(v.trim_end_matches('"').to_string());
            }
        }
    }
    bail!("Cargo.lock has no wasm-bindgen")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_lines_a_workflow_can_append_to_its_outputs() {
        let text = version_lines("1.95.0", &locked_wasm_bindgen().unwrap());
        let keys: Vec<&str> = text.lines().map(|l| l.split_once('=').unwrap().0).collect();
        assert_eq!(keys, ["rustc", "trunk", "wasm-bindgen"]);
        assert!(text.lines().all(|l| !l.ends_with('=') && !l.contains(' ')), "{text}");
        // The lock's wasm-bindgen is the one the crate pins.
        let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
        let pinned = format!("wasm-bindgen = \"={}\"", locked_wasm_bindgen().unwrap());
        assert!(manifest.contains(&pinned), "{pinned}");
    }
}
