//! `cargo xtask check-content`: every entry and preset checked, all problems printed
//! at once as `path:line:column: error: message` with a fix.

use anyhow::{bail, Result};

use crate::workspace::root;

pub fn command() -> Result<()> {
    let site = content::load(&root(), "/");
    print!("{}", content::report(&site));
    if site.has_errors() {
        bail!("the content has errors");
    }
    Ok(())
}
