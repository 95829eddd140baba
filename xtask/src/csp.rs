//! The Content-Security-Policy of every page. GitHub Pages cannot send headers, so the
//! policy is a `<meta http-equiv>` element, the first of `<head>` in trunk's shell; the
//! pre-renderer copies the shell's head into every page, `404.html` included.
//!
//! Inline scripts and styles are allowed by their hashes only: the theme script of
//! `index.html`, the waking and offline scripts and the stylesheet, which xtask puts
//! into the head (docs/reading.md, "Reading first"), or trunk's loader; all change with a
//! build. The hashes are therefore taken from the built shell, after every edit.

use std::path::Path;

use anyhow::{bail, Context, Result};
use base64::Engine;
use sha2::Digest;

use crate::files;
use crate::offline::WORKER_FILE;
use vocab::shell::Shell;

/// Directives other than `script-src`, in the order they are written.
const DIRECTIVES: &[&str] = &[
    "default-src 'none'",
    // The wasm module and the JS glue are fetched; prose and search files too.
    "connect-src 'self'",
    // The service worker of offline reading (`sw.js`), and no other worker; the
    // second policy names its path.
    "worker-src 'self'",
    "img-src 'self'",
    "manifest-src 'self'",
    "base-uri 'self'",
    "form-action 'none'",
    "object-src 'none'",
];

/// `directive` allowing `'self'`, `extra` keywords and the inline `texts` by hash.
fn sources<'a>(directive: &str, extra: &str, texts: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = format!("{directive} 'self'{extra}");
    for text in texts {
        out.push_str(" 'sha256-");
        out.push_str(&base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(text.as_bytes())));
        out.push('\'');
    }
    out
}

/// The policy for a shell whose inline scripts and styles have these texts.
pub fn policy<'a>(
    inline_scripts: impl IntoIterator<Item = &'a str>,
    inline_styles: impl IntoIterator<Item = &'a str>,
) -> String {
    let script_src = sources("script-src", " 'wasm-unsafe-eval'", inline_scripts);
    let style_src = sources("style-src", "", inline_styles);
    format!(
        "{}; {script_src}; {style_src}; {}",
        DIRECTIVES[0],
        DIRECTIVES[1..].join("; ")
    )
}

/// A second policy that narrows scripts to the site's own path, and workers to the
/// service worker's file. `'self'` admits every
/// project page of the owner (`<owner>.github.io/<other-repo>/`), and a source with a
/// path needs a host; the browser enforces both policies, so a script must come from
/// the site's origin (the first) and from below `base` (this one, whatever the host
/// and port: `*:*/glossary/`).
/// `base` is the normalised base path (`/glossary/`).
pub fn path_policy<'a>(base: &str, inline_scripts: impl IntoIterator<Item = &'a str>) -> Result<String> {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '_' | '.' | '~');
    if !base.starts_with('/') || !base.ends_with('/') || !base.chars().all(plain) {
        bail!("the base path `{base}` cannot be written into the policy");
    }
    let all = policy(inline_scripts, []);
    let script_src = all
        .split("; ")
        .find(|d| d.starts_with("script-src "))
        .context("the policy has no script-src")?;
    // `*` alone would admit only the scheme's default port (not a local test server's).
    // A source path without a final `/` matches that file only.
    Ok(format!(
        "{}; worker-src *:*{base}{WORKER_FILE}",
        script_src.replacen("'self'", &format!("*:*{base}"), 1)
    ))
}

/// `html` with `<meta http-equiv="Content-Security-Policy">` as the first element of
/// its `<head>`, followed by the policy that keeps scripts below `base`.
pub fn insert(html: &str, base: &str) -> Result<String> {
    if html.contains("Content-Security-Policy") {
        bail!("the page already has a Content-Security-Policy");
    }
    let shell = Shell::new(html);
    let scripts = shell.inline_scripts().map_err(anyhow::Error::msg)?;
    let styles = shell.inline_styles().map_err(anyhow::Error::msg)?;
    let policy = policy(scripts.iter().copied(), styles.iter().copied());
    let narrowed = path_policy(base, scripts.iter().copied())?;
    // Keywords and base64 hashes: nothing that needs escaping in an attribute.
    debug_assert!(!policy.contains(['"', '&', '<', '>']), "{policy}");
    let meta = format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{narrowed}\">"
    );
    Ok(shell.with_head_start(&meta).map_err(anyhow::Error::msg)?.into_string())
}

/// Puts the policies into the built shell `dist/index.html` of a site served under
/// `base`.
pub fn apply(dist: &Path, base: &str) -> Result<()> {
    let path = dist.join("index.html");
    let html = files::read_to_string(&path)?;
    let with_policy = insert(&html, base).with_context(|| path.display().to_string())?;
    files::write(&path, with_policy)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shell as trunk writes it with minification on: unquoted attributes, an
    /// inline theme script, an inline module loader and a script with `src`.
    const SHELL: &str = "<!doctype html><html lang=en><head><meta charset=utf-8>\
        <script>try{theme()}catch(e){}</script><style>p{margin:0}</style><title>T</title>\
        <script src=x.js></script>\
        <script type=module>import init from '/x.js';await init()</script></head><body></body></html>";

    #[test]
    fn the_hash_is_the_sha256_of_the_script_text() {
        // The SHA-256 of the empty string, a published test vector.
        assert!(policy([""], []).contains("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"));
        assert!(policy([], [""]).contains("style-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"));
    }

    #[test]
    fn the_policy_is_the_first_element_of_head() {
        let page = insert(SHELL, "/g/").unwrap();
        let head = page.find("<head>").unwrap() + "<head>".len();
        assert!(page[head..].starts_with(concat!(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"",
            "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'sha256-",
        )));
        for directive in DIRECTIVES {
            assert!(page.contains(directive), "{directive}");
        }
        // Two inline scripts, two hashes in each policy; the one with `src` is
        // covered by 'self'. The inline style's hash, in the first.
        assert_eq!(page.matches("'sha256-").count(), 5);
        assert!(page.contains("; style-src 'self' 'sha256-"), "{page}");
    }

    /// `'self'` admits the scripts of every project of the owner's `github.io`: the
    /// second policy admits only those below the site's path.
    #[test]
    fn scripts_are_confined_to_the_sites_path() {
        let page = insert(SHELL, "/glossary/").unwrap();
        let policies: Vec<&str> = page
            .split("<meta http-equiv=\"Content-Security-Policy\" content=\"")
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect();
        assert_eq!(policies.len(), 2, "{page}");
        let narrowed = policies[1];
        assert!(
            narrowed.starts_with("script-src *:*/glossary/ 'wasm-unsafe-eval' 'sha256-"),
            "{narrowed}"
        );
        assert!(!narrowed.contains("'self'"), "{narrowed}");
        // Workers: the service worker's file alone.
        assert!(narrowed.ends_with("'; worker-src *:*/glossary/sw.js"), "{narrowed}");
        assert_eq!(narrowed.matches(';').count(), 1, "{narrowed}");
        assert_eq!(narrowed.matches("'sha256-").count(), 2, "{narrowed}");
        // The first policy still ties scripts to the origin.
        assert!(policies[0].contains("script-src 'self' 'wasm-unsafe-eval'"));
        for base in ["glossary/", "/a b/", "/x;script-src */", "/\"/"] {
            assert!(insert(SHELL, base).is_err(), "{base}");
        }
    }

    #[test]
    fn a_head_without_start_tag_begins_after_html() {
        let minified = SHELL.replace("<head>", "");
        let page = insert(&minified, "/g/").unwrap();
        assert!(page.starts_with("<!doctype html><html lang=en><meta http-equiv=\"Content-Security-Policy\""));
    }

    #[test]
    fn a_page_without_html_or_with_a_policy_is_an_error() {
        assert!(insert("<p>no document</p>", "/g/").is_err());
        let once = insert(SHELL, "/g/").unwrap();
        assert!(insert(&once, "/g/").is_err());
    }
}
