//! `cargo xtask serve`: trunk rebuilds the app into `target/serve` on every change,
//! and the confined server of `serve-dist` answers on `http://127.0.0.1:8080/`;
//! trunk's own server answers any `Host` header, so a page could rebind its name to
//! the loopback address and read drafts. Reload the page after a change.

use anyhow::{Context, Result};

use crate::process::cmd;
use crate::workspace::root;
use crate::{files, server, setup};

pub fn development() -> Result<()> {
    setup::build_tools()?;
    let dir = root().join("target/serve");
    files::create_dir_all(&dir)?;
    let mut watch = cmd("trunk")
        .args(["watch", "--dist"])
        .arg(&dir)
        .spawn()
        .context("trunk watch")?;
    let served = server::serve_development_forever(&dir, 8080);
    let _ = watch.kill();
    let _ = watch.wait();
    served
}
