//! The dependency policy in `deny.toml`, checked with cargo-deny without the network.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::process::{cmd, output, run, say};
use crate::workspace::cargo_home;

/// The cargo-deny release `setup` installs (0.20 needs rustc 1.88 or newer).
const CARGO_DENY_VERSION: &str = "0.20.2";

/// Installs cargo-deny when it is missing or at another version, and downloads the
/// crates of Cargo.lock that are not on disk yet. cargo-deny reads the graph with
/// `cargo metadata`, which needs every crate of every platform (a build downloads
/// only its own), and the check runs offline.
pub fn setup() -> Result<()> {
    let found = output(cmd("cargo").args(["deny", "--version"])).unwrap_or_default();
    if found != format!("cargo-deny {CARGO_DENY_VERSION}") {
        say(&format!(
            "installing cargo-deny {CARGO_DENY_VERSION} (found: {found:?})"
        ));
        crate::process::install("cargo-deny", CARGO_DENY_VERSION, true)?;
    }
    if output(cmd("cargo").args(["fetch", "--offline"])).is_none() {
        run(
            cmd("cargo").arg("fetch"),
            "cargo fetch (the crates of every platform, for cargo-deny)",
        )?;
    }
    Ok(())
}

/// `cargo deny check` offline: licenses, bans and sources always; advisories when a
/// copy of the advisory database is on this machine. Nothing is downloaded.
pub fn check() -> Result<()> {
    run(
        deny().args(["licenses", "bans", "sources"]),
        "cargo deny check licenses bans sources (offline)",
    )
    .context(
        "the dependency policy is broken (`cargo deny --workspace check licenses bans sources` shows the graphs)",
    )?;
    let dbs = advisory_dbs();
    let Some(db) = advisory_db_in(&dbs) else {
        say(&format!(
            "cargo deny check advisories skipped: no advisory database in {} \
             (`cargo deny fetch` downloads one; the tests never do)",
            dbs.display()
        ));
        return Ok(());
    };
    say(&format!(
        "cargo deny check advisories (offline, database in {})",
        db.display()
    ));
    let mut c = deny();
    c.arg("advisories");
    let out = c.output().context("cargo deny check advisories: cannot start cargo")?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Offline, cargo-deny refuses a database last fetched more than 90 days ago.
    if !out.status.success() && stderr.contains("repository is stale") {
        say(&format!(
            "cargo deny check advisories skipped: the database in {} is more than 90 days old \
             (`cargo deny fetch` updates it; the tests never do)",
            db.display()
        ));
        return Ok(());
    }
    // Best effort: the verdict comes from the exit status below.
    let _ = std::io::stdout().write_all(&out.stdout);
    let _ = std::io::stderr().write_all(&out.stderr);
    if !out.status.success() {
        bail!("cargo deny check advisories failed ({})", out.status);
    }
    Ok(())
}

/// `cargo deny … check` without the network, for every workspace member (the root
/// manifest is also a package: without `--workspace` only its graph is checked).
fn deny() -> Command {
    let mut c = cmd("cargo");
    c.args([
        "deny",
        "--offline",
        "--locked",
        "--workspace",
        "check",
        "--hide-inclusion-graph",
    ]);
    c
}

/// cargo-deny's default folder for advisory databases, `$CARGO_HOME/advisory-dbs`.
fn advisory_dbs() -> PathBuf {
    cargo_home().join("advisory-dbs")
}

/// A fetched database in `dbs` (`advisory-db-<hash>`, a git checkout). cargo-deny
/// creates `dbs` for its lock file even when it has fetched nothing.
fn advisory_db_in(dbs: &Path) -> Option<PathBuf> {
    std::fs::read_dir(dbs)
        .ok()?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .find(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with("advisory-db"))
                && path.join(".git").is_dir()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_fetched_database_counts() {
        let dbs = std::env::temp_dir().join(format!("xtask-advisory-dbs-{}", std::process::id()));
        assert_eq!(advisory_db_in(&dbs), None);
        std::fs::create_dir_all(&dbs).unwrap();
        std::fs::write(dbs.join("db.lock"), "").unwrap();
        assert_eq!(advisory_db_in(&dbs), None);
        let db = dbs.join("advisory-db-3157b0e258782691");
        std::fs::create_dir_all(&db).unwrap();
        assert_eq!(advisory_db_in(&dbs), None);
        std::fs::create_dir_all(db.join(".git")).unwrap();
        assert_eq!(advisory_db_in(&dbs), Some(db));
        std::fs::remove_dir_all(&dbs).unwrap();
    }
}
