//! The scripts every page holds inline, from `crates/site/scripts/`: the theme
//! before the first paint, the waking step that starts the app when the reader
//! needs it (docs/reading.md, "Reading first"), and offline reading. Each reads the
//! names it shares with the app and the styles from its own element's `data-`
//! attributes, which the page writer fills from `vocab::names`.

use anyhow::Result;

use crate::minify;

/// The theme script's source.
pub const THEME: &str = include_str!("../scripts/theme.js");
/// The waking script's source.
pub const WAKE: &str = include_str!("../scripts/wake.js");
/// The offline script's source.
pub const OFFLINE: &str = include_str!("../scripts/offline.js");

/// The texts of the inline scripts, as the pages hold them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scripts {
    pub theme: String,
    pub wake: String,
    pub offline: String,
}

impl Scripts {
    /// The scripts as written, for the development shell and tests.
    pub fn source() -> Scripts {
        Scripts {
            theme: THEME.to_string(),
            wake: WAKE.to_string(),
            offline: OFFLINE.to_string(),
        }
    }

    /// The scripts minified, for the site.
    pub fn minified() -> Result<Scripts> {
        let small = |text: &str, name: &str| minify::script(text, name, minify::Kind::Classic);
        Ok(Scripts {
            theme: small(THEME, "theme.js")?,
            wake: small(WAKE, "wake.js")?,
            offline: small(OFFLINE, "offline.js")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_waking_script_reads_what_its_element_names() {
        for name in ["dataset.glue", "dataset.wasm", "module_or_path", "DOMContentLoaded"] {
            assert!(WAKE.contains(name), "wake.js does not use {name}");
        }
        assert!(WAKE.contains(vocab::names::LIVE));
        assert!(WAKE.contains(vocab::names::PRERENDERED));
        assert!(WAKE.contains(&format!("meta[name=\"{}\"]", vocab::names::META_ENTRY)));
        assert!(WAKE.contains("main a[href]"));
    }
}
