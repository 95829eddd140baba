//! Reading first: the app wakes when it is needed. trunk's shell starts the app at
//! once (a module script that imports the glue, and links that preload the glue and
//! the wasm beside the page's text); this step takes them out of the built shell and
//! puts in their place `wake.js`, a small script that fetches and starts the app once
//! the text has painted and a calculator nears the viewport or the reader turns to
//! an interactive part (README, "Reading first").

use std::path::Path;

use anyhow::Result;
use vocab::shell::{Loader, Shell};

use crate::files;
use crate::process::minify_script;

const SCRIPT: &str = include_str!("wake/wake.js");
/// The script's name in the site's root.
pub const SCRIPT_FILE: &str = "wake.js";

/// The element that loads the waking script, naming what it starts.
fn element(base: &str, loader: &Loader) -> String {
    let attribute = |value: &str| value.replace('&', "&amp;").replace('"', "&quot;");
    format!(
        "<script defer src=\"{}{SCRIPT_FILE}\" data-glue=\"{}\" data-wasm=\"{}\"></script>",
        attribute(base),
        attribute(&loader.glue),
        attribute(&loader.wasm)
    )
}

/// The shell `html` of a site served under `base`, starting its app late.
pub fn rewrite(html: &str, base: &str) -> Result<String> {
    Ok(Shell::new(html)
        .with_loader_replaced(|loader| element(base, loader))
        .map_err(anyhow::Error::msg)?
        .into_string())
}

/// Rewrites the built shell `dist/index.html` and writes the waking script beside it.
pub fn apply(dist: &Path, base: &str) -> Result<()> {
    let path = dist.join("index.html");
    let html = files::read_to_string(&path)?;
    files::write(&path, rewrite(&html, base)?)?;
    files::write(&dist.join(SCRIPT_FILE), SCRIPT)?;
    minify_script(&dist.join(SCRIPT_FILE))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHELL: &str = "<!doctype html><html lang=en><head><meta charset=utf-8>\
        <link rel=modulepreload href=/g/app-1a.js><link rel=preload href=/g/app-1a_bg.wasm as=fetch>\
        <script type=module>import init,*as b from\"/g/app-1a.js\";\
        await init({module_or_path:\"/g/app-1a_bg.wasm\"})</script>\
        </head><body></body></html>";

    #[test]
    fn the_shell_loads_the_waking_script_instead_of_the_app() {
        let page = rewrite(SHELL, "/g/").unwrap();
        assert_eq!(
            page,
            "<!doctype html><html lang=en><head><meta charset=utf-8>\
             <script defer src=\"/g/wake.js\" data-glue=\"/g/app-1a.js\" data-wasm=\"/g/app-1a_bg.wasm\"></script>\
             </head><body></body></html>"
        );
        assert!(!page.contains("preload"), "{page}");
    }

    #[test]
    fn the_script_reads_what_the_element_names() {
        for name in ["dataset.glue", "dataset.wasm", "module_or_path"] {
            assert!(SCRIPT.contains(name), "wake.js does not use {name}");
        }
        assert!(SCRIPT.contains(vocab::names::LIVE));
        assert!(SCRIPT.contains(vocab::names::PRERENDERED));
        assert!(SCRIPT.contains(&format!("meta[name=\"{}\"]", vocab::names::META_ENTRY)));
    }
}
