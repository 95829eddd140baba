//! `cargo xtask test`: everything CI checks, in the order that fails fastest; exits
//! non-zero on any failure.

use anyhow::Result;

use crate::dist::{self, TEST_BASE_PATH, TEST_ORIGIN};
use crate::e2e::{self, Budgets};
use crate::process::{cmd, run};
use crate::workspace::root;
use crate::{check_content, corpus, deny, setup};

pub fn command() -> Result<()> {
    // The tools install beside the workspace's own checks, which need none of them:
    // on a bare machine the two builds fill each other's idle core (a link, a
    // crate that compiles alone) and the downloads (npm, the browser) overlap both.
    let tools = std::thread::spawn(setup::everything);
    let checks = (|| {
        run(cmd("cargo").args(["fmt", "--all", "--check"]), "cargo fmt --check")?;
        run(
            cmd("cargo").args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]),
            "cargo clippy",
        )?;
        run(cmd("cargo").args(["test", "--workspace"]), "cargo test")
    })();
    let installed = tools
        .join()
        .map_err(|_| anyhow::anyhow!("installing the tools panicked"))?;
    installed?;
    checks?;
    deny::check()?;
    check_content::command()?;
    let site = dist::site(TEST_BASE_PATH, TEST_ORIGIN)?;
    dist::budget(&site)?;
    e2e::site(&root().join("dist"), &[])?;
    let (corpus, _) = corpus::build(corpus::ENTRIES)?;
    corpus::same_wasm(&root().join("dist"), &corpus::dist())?;
    // The tests at scale; a timing that only reports (tagged @timing) is left to
    // `cargo xtask corpus` and `bench`, where it is read.
    let skip = ["--grep-invert", "@timing"].map(std::ffi::OsString::from);
    e2e::timings(&corpus::dist(), corpus, Budgets::Reported, &skip).map(drop)
}
