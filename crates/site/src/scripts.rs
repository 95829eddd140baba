//! The scripts every page holds inline, from `crates/site/scripts/`: the theme
//! before the first paint, the waking step that starts the app when the reader
//! needs it (docs/reading.md, "Reading first"), and offline reading. Each reads the
//! names it shares with the app and the styles from its own element's `data-`
//! attributes, which the page writer fills from `vocab::names`.

use anyhow::Result;
use vocab::names;

use crate::minify;

/// `data-` attributes of a script's element: the names it reads from its dataset.
pub type Attributes = Vec<(&'static str, String)>;

/// The theme script's names: the class that says scripts run, the attribute and the
/// storage key of the scheme, and the schemes.
pub fn theme_names() -> Attributes {
    vec![
        ("data-class", names::SCRIPTED.to_string()),
        ("data-attr", names::THEME_ATTR.to_string()),
        ("data-key", names::THEME_KEY.to_string()),
        ("data-themes", names::THEMES.join(" ")),
    ]
}

/// The waking script's names, besides the glue and the wasm it starts.
pub fn wake_names() -> Attributes {
    let mut attributes = vec![
        ("data-entry", names::META_ENTRY.to_string()),
        ("data-calculator", names::CALCULATOR.to_string()),
        ("data-main", names::MAIN.to_string()),
        // The attributes of a page's state are named by their role, not by their
        // own names: `data-pre` is the mark of a pre-rendered page, `data-alive` the
        // app's, `data-state` the app's failure, `data-press` a press the app waits for,
        // `data-turned` a disclosure the reader opened or closed.
        ("data-pre", names::PRERENDERED.to_string()),
        ("data-alive", names::LIVE.to_string()),
        ("data-whole", names::LAID_OUT.to_string()),
        ("data-press", names::PRESSED.to_string()),
        ("data-turned", names::TOGGLED.to_string()),
        ("data-contents", names::CONTENTS_LIST.to_string()),
        ("data-state", names::APP_STATE.to_string()),
        ("data-toggle", names::THEME_TOGGLE.to_string()),
        ("data-search", names::SEARCH_INPUT.to_string()),
        ("data-footer", names::SITE_FOOTER.to_string()),
        ("data-old", names::CONTENT_ID_PREFIX.to_string()),
    ];
    attributes.extend(theme_names().into_iter().filter(|(n, _)| *n != "data-class"));
    attributes
}

/// The offline script's names.
pub fn offline_names() -> Attributes {
    vec![
        ("data-worker", names::WORKER_FILE.to_string()),
        ("data-footer", names::OFFLINE.to_string()),
        ("data-action", names::OFFLINE_ACTION.to_string()),
        ("data-saved", names::OFFLINE_SAVED.to_string()),
    ]
}

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
            theme: small(THEME, "scripts/theme.js")?,
            wake: small(WAKE, "scripts/wake.js")?,
            offline: small(OFFLINE, "scripts/offline.js")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each script reads every name its element carries, and only those: `d.key` for
    /// `data-key` (a script's dataset is `d`).
    #[test]
    fn each_script_reads_what_its_element_names() {
        let wake: Attributes = [("data-glue", String::new()), ("data-wasm", String::new())]
            .into_iter()
            .chain(wake_names())
            .collect();
        for (script, source, attributes) in [
            ("scripts/theme.js", THEME, theme_names()),
            ("scripts/wake.js", WAKE, wake),
            ("scripts/offline.js", OFFLINE, offline_names()),
        ] {
            let read: std::collections::BTreeSet<&str> = source
                .match_indices("d.")
                .filter(|(at, _)| {
                    let before = &source[..*at];
                    !before.ends_with(|c: char| c.is_alphanumeric() || c == '_')
                        && (!before.ends_with('.') || before.ends_with("..."))
                })
                .map(|(at, _)| {
                    let rest = &source[at + 2..];
                    &rest[..rest.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(rest.len())]
                })
                .collect();
            let named: std::collections::BTreeSet<&str> =
                attributes.iter().map(|(n, _)| n.trim_start_matches("data-")).collect();
            assert_eq!(read, named, "{script}: what it reads against what its element names");
        }
        assert!(WAKE.contains("module_or_path") && WAKE.contains("DOMContentLoaded"));
    }
}
