//! Reading first: a page is one request before its text paints, and the app wakes
//! when it is needed (docs/reading.md, "Reading first"). trunk's shell links the stylesheet
//! and starts the app at once (a module script that imports the glue, and links that
//! preload the glue and the wasm beside the page's text); this step
//! - puts the stylesheet into the head (a second request is a second round trip
//!   before any paint on a slow network; the file stays for the offline note),
//! - takes out trunk's loader and puts in its place the waking script, inline, which
//!   fetches and starts the app once the text has painted and a calculator nears the
//!   viewport or the reader turns to an interactive part,
//! - and holds the first paint until the page's `<main>` is parsed, so that the text
//!   is laid out once, not once per piece the parser hands over.

use std::path::Path;

use anyhow::{Context, Result};
use vocab::shell::{inline_element, Loader, Shell};

use crate::files;
use crate::process::minified_script;

const SCRIPT: &str = include_str!("wake/wake.js");

/// The inline element of the waking script `script`, naming what it starts.
fn element(loader: &Loader, script: &str) -> Result<String, String> {
    let attributes = format!(
        " data-glue=\"{}\" data-wasm=\"{}\"",
        vocab::markup::escape(&loader.glue),
        vocab::markup::escape(&loader.wasm)
    );
    inline_element("script", &attributes, script).map_err(|e| format!("the waking script: {e}"))
}

/// The shell `html` of a site served under `base`, its stylesheet inline (`read`
/// gives a file of the build by its name) and its app started late by `script`.
pub fn rewrite(html: &str, base: &str, script: &str, read: impl Fn(&str) -> Result<String>) -> Result<String> {
    let shell = Shell::new(html)
        .with_loader_replaced(|loader| element(loader, script))
        .and_then(|s| {
            s.with_stylesheet_inlined(|href| {
                let name = href.strip_prefix(base).ok_or(format!("{href} is not below {base}"))?;
                read(name).map_err(|e| format!("{e:#}"))
            })
        })
        .map_err(anyhow::Error::msg)?;
    Ok(shell.into_string())
}

/// Rewrites the built shell `dist/index.html` of a site served under `base`.
pub fn apply(dist: &Path, base: &str) -> Result<()> {
    let path = dist.join("index.html");
    let html = files::read_to_string(&path)?;
    let script = minified_script(SCRIPT, "wake.js")?;
    let read = |name: &str| files::read_to_string(&dist.join(name));
    let page = rewrite(&html, base, &script, read).with_context(|| path.display().to_string())?;
    files::write(&path, page)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHELL: &str = "<!doctype html><html lang=en><head><meta charset=utf-8>\
        <link rel=stylesheet href=/g/main-2b.css integrity=sha384-x>\
        <link rel=modulepreload href=/g/app-1a.js><link rel=preload href=/g/app-1a_bg.wasm as=fetch>\
        <script type=module>import init,*as b from\"/g/app-1a.js\";\
        await init({module_or_path:\"/g/app-1a_bg.wasm\"})</script>\
        </head><body></body></html>";

    fn css(name: &str) -> Result<String> {
        anyhow::ensure!(name == "main-2b.css", "no file {name}");
        Ok("p{margin:0}".into())
    }

    #[test]
    fn the_shell_holds_its_styles_and_the_waking_script_instead_of_the_app() {
        let page = rewrite(SHELL, "/g/", "wake()", css).unwrap();
        assert_eq!(
            page,
            "<!doctype html><html lang=en><head><meta charset=utf-8>\
             <style>p{margin:0}</style>\
             <script data-glue=\"/g/app-1a.js\" data-wasm=\"/g/app-1a_bg.wasm\">wake()</script>\
             </head><body></body></html>"
        );
        assert!(!page.contains("preload") && !page.contains("stylesheet"), "{page}");
        assert!(rewrite(SHELL, "/other/", "wake()", css).is_err());
        assert!(rewrite(SHELL, "/g/", "a('</script>')", css).is_err());
    }

    #[test]
    fn the_script_reads_what_the_element_names() {
        for name in ["dataset.glue", "dataset.wasm", "module_or_path", "DOMContentLoaded"] {
            assert!(SCRIPT.contains(name), "wake.js does not use {name}");
        }
        assert!(SCRIPT.contains(vocab::names::LIVE));
        assert!(SCRIPT.contains(vocab::names::PRERENDERED));
        assert!(SCRIPT.contains(&format!("meta[name=\"{}\"]", vocab::names::META_ENTRY)));
        assert!(SCRIPT.contains("main a[href]"));
    }
}
