//! JavaScript made small with terser (npm, installed by `cargo xtask setup`): the JS
//! glue wasm-bindgen writes (a third of its size over the wire), the page's inline
//! scripts and the service worker.

use std::io::Write;
use std::process::{Command, Stdio};

use anyhow::{ensure, Context, Result};

/// Whether a script is an ES module (the glue) or a classic script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Module,
    Classic,
}

/// `source` (named `name` in errors) minified by terser.
pub fn script(source: &str, name: &str, kind: Kind) -> Result<String> {
    let mut command = Command::new("npx");
    command.args(["--no-install", "terser", "--compress", "--mangle"]);
    if kind == Kind::Module {
        command.arg("--module");
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("minifying {name}: cannot start terser (cargo xtask setup installs it)"))?;
    let mut stdin = child.stdin.take().context("terser's input")?;
    let text = source.to_string();
    // Written from a thread, so that a large input cannot block on a full output pipe.
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let output = child.wait_with_output().with_context(|| format!("minifying {name}"))?;
    writer
        .join()
        .map_err(|_| anyhow::anyhow!("minifying {name}: the writer panicked"))?
        .with_context(|| format!("minifying {name}"))?;
    ensure!(output.status.success(), "minifying {name} failed ({})", output.status);
    let minified = String::from_utf8(output.stdout).with_context(|| format!("minifying {name}"))?;
    Ok(minified.trim_end().to_string())
}
