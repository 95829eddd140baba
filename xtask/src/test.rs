//! `cargo xtask test`: everything CI checks, in the order that fails fastest; exits
//! non-zero on any failure.

use anyhow::Result;

use crate::dist::{self, TEST_BASE_PATH, TEST_ORIGIN};
use crate::e2e::{self, Budgets};
use crate::process::{cmd, run};
use crate::workspace::root;
use crate::{check_content, corpus, deny, setup};

pub fn command() -> Result<()> {
    setup::everything()?;
    run(cmd("cargo").args(["fmt", "--all", "--check"]), "cargo fmt --check")?;
    run(
        cmd("cargo").args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]),
        "cargo clippy",
    )?;
    deny::check()?;
    run(cmd("cargo").args(["test", "--workspace"]), "cargo test")?;
    check_content::command()?;
    let site = dist::site(TEST_BASE_PATH, TEST_ORIGIN)?;
    dist::budget(&site)?;
    e2e::site(&root().join("dist"), &[])?;
    let (corpus, _) = corpus::build(corpus::ENTRIES)?;
    corpus::same_wasm(&root().join("dist"), &corpus::dist())?;
    e2e::timings(&corpus::dist(), corpus, Budgets::Reported, &[]).map(drop)
}
