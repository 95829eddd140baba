//! The Content-Security-Policy of every page. GitHub Pages cannot send headers, so the
//! policy is a `<meta http-equiv>` element, the first of every page's `<head>`,
//! `404.html` included (the page writer, `document.rs`, puts it there).
//!
//! Inline scripts and styles are allowed by their hashes only: the theme, waking and
//! offline scripts and the stylesheet (docs/reading.md, "Reading first"), or the
//! loader of a build that starts its app at once; all change with a build. The page
//! writer hashes the inline parts of the head it writes.

use base64::Engine;
use sha2::Digest;
use vocab::names::WORKER_FILE;

/// Directives other than `script-src`, in the order they are written.
const DIRECTIVES: &[&str] = &[
    "default-src 'none'",
    // The wasm module and the JS glue are fetched; prose and search files too.
    "connect-src 'self'",
    // The service worker of offline reading (`sw.js`) and the config reader's
    // worker, and no other; the second policy names their paths.
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
/// service worker's file and the config reader's folder (`reader`, below `base`,
/// with its final `/`: the worker and the module it imports). `'self'` admits every
/// project page of the owner (`<owner>.github.io/<other-repo>/`), and a source with a
/// path needs a host; the browser enforces both policies, so a script must come from
/// the site's origin (the first) and from below `base` (this one, whatever the host
/// and port: `*:*/glossary/`).
/// `base` is the normalised base path (`/glossary/`).
pub fn path_policy<'a>(
    base: &str,
    reader: Option<&str>,
    inline_scripts: impl IntoIterator<Item = &'a str>,
) -> Result<String, String> {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '_' | '.' | '~');
    if !base.starts_with('/') || !base.ends_with('/') || !base.chars().all(plain) {
        return Err(format!("the base path `{base}` cannot be written into the policy"));
    }
    if let Some(reader) = reader.filter(|r| r.starts_with('/') || !r.ends_with('/') || !r.chars().all(plain)) {
        return Err(format!("the folder `{reader}` cannot be written into the policy"));
    }
    let all = policy(inline_scripts, []);
    let script_src = all
        .split("; ")
        .find(|d| d.starts_with("script-src "))
        .ok_or("the policy has no script-src")?;
    // `*` alone would admit only the scheme's default port (not a local test server's).
    // A source path without a final `/` matches that file only.
    let reader = reader.map(|r| format!(" *:*{base}{r}")).unwrap_or_default();
    Ok(format!(
        "{}; worker-src *:*{base}{WORKER_FILE}{reader}",
        script_src.replacen("'self'", &format!("*:*{base}"), 1)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_the_sha256_of_the_script_text() {
        // The SHA-256 of the empty string, a published test vector.
        assert!(policy([""], []).contains("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"));
        assert!(policy([], [""]).contains("style-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"));
        let policy = policy(["a", "b"], ["c"]);
        assert!(policy.starts_with("default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'sha256-"));
        for directive in DIRECTIVES {
            assert!(policy.contains(directive), "{directive}");
        }
        assert_eq!(policy.matches("'sha256-").count(), 3);
    }

    /// `'self'` admits the scripts of every project of the owner's `github.io`: the
    /// second policy admits only those below the site's path.
    #[test]
    fn scripts_are_confined_to_the_sites_path() {
        let narrowed = path_policy("/glossary/", None, ["a", "b"]).unwrap();
        assert!(
            narrowed.starts_with("script-src *:*/glossary/ 'wasm-unsafe-eval' 'sha256-"),
            "{narrowed}"
        );
        assert!(!narrowed.contains("'self'"), "{narrowed}");
        // Workers: the service worker's file alone.
        assert!(narrowed.ends_with("'; worker-src *:*/glossary/sw.js"), "{narrowed}");
        assert_eq!(narrowed.matches(';').count(), 1, "{narrowed}");
        assert_eq!(narrowed.matches("'sha256-").count(), 2, "{narrowed}");
        for base in ["glossary/", "/a b/", "/x;script-src */", "/\"/"] {
            assert!(path_policy(base, None, ["a"]).is_err(), "{base}");
        }
        // And the config reader's folder: its worker and the module the worker imports.
        let narrowed = path_policy("/glossary/", Some("reader/"), ["a"]).unwrap();
        assert!(
            narrowed.ends_with("'; worker-src *:*/glossary/sw.js *:*/glossary/reader/"),
            "{narrowed}"
        );
        for reader in ["/reader/", "reader", "x/; script-src */", "x y/"] {
            assert!(path_policy("/glossary/", Some(reader), ["a"]).is_err(), "{reader}");
        }
    }
}
