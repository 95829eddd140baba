//! `cargo xtask check-content`: every entry and preset checked, all problems printed
//! at once as `path:line:column: error: message` with a fix.

use anyhow::{bail, Result};

use crate::workspace::root;

pub fn command() -> Result<()> {
    let (_, report) = content::build(&root(), "/");
    print!("{report}");
    if report.has_errors() {
        bail!("the content has errors");
    }
    Ok(())
}
