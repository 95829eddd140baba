//! What trunk built, read once: the JS glue, the wasm and the stylesheet, by the
//! names trunk gave them in the build's root (`glossary-<hash>.js`,
//! `glossary-<hash>_bg.wasm`, `main-<hash>.css`). Nothing of trunk's `index.html`
//! is read: the page writer writes every document itself.

use std::path::Path;

use anyhow::{bail, Context, Result};
use base64::Engine;
use sha2::Digest;

use crate::minify;

/// The folder of a build that holds the config reader's module.
const READER_FOLDER: &str = "reader";

/// The app's files in a build's root, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assets {
    /// The JS glue that loads the wasm (an ES module).
    pub glue: String,
    /// The app's wasm.
    pub wasm: String,
    /// The stylesheet.
    pub css: String,
    /// The stylesheet's text, which pages hold inline.
    pub css_text: String,
    /// `sha384-…` of the glue, the wasm and the stylesheet, for a page that links them.
    pub integrity: Integrity,
    /// The config reader's worker below the root (`reader/config-reader-<hash>.worker.js`),
    /// which the calculator starts when a reader first pastes a config.
    pub config_reader: Option<String>,
}

/// Subresource-integrity values of the linked files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Integrity {
    pub glue: String,
    pub wasm: String,
    pub css: String,
}

/// `sha384-…`, as in an `integrity` attribute.
pub fn integrity(bytes: &[u8]) -> String {
    format!(
        "sha384-{}",
        base64::engine::general_purpose::STANDARD.encode(sha2::Sha384::digest(bytes))
    )
}

/// The one file of `names` for which `pick` holds, or an error naming `what`.
fn one<'a>(names: &'a [String], what: &str, pick: impl Fn(&str) -> bool) -> Result<&'a String> {
    let found: Vec<&String> = names.iter().filter(|n| pick(n)).collect();
    match found.as_slice() {
        [one] => Ok(one),
        [] => bail!("the build has no {what}"),
        many => bail!("the build has {} files that could be its {what}: {many:?}", many.len()),
    }
}

impl Assets {
    /// The names of the files in the root of `dist` (not its folders).
    fn names(dist: &Path) -> Result<Vec<String>> {
        let mut names = Vec::new();
        for entry in std::fs::read_dir(dist).with_context(|| dist.display().to_string())? {
            let entry = entry.with_context(|| dist.display().to_string())?;
            if entry.file_type()?.is_file() {
                names.push(entry.file_name().to_string_lossy().into_owned());
            }
        }
        names.sort();
        Ok(names)
    }

    /// The assets of the fresh trunk build in `dist`, the glue minified in place.
    pub fn read(dist: &Path) -> Result<Assets> {
        let names = Self::names(dist)?;
        let wasm = one(&names, "wasm", |n| n.ends_with("_bg.wasm"))?.clone();
        let stem = wasm.trim_end_matches("_bg.wasm");
        let glue = one(&names, "JS glue", |n| n == format!("{stem}.js"))?.clone();
        let css = one(&names, "stylesheet", |n| n.ends_with(".css"))?.clone();
        let read = |name: &str| std::fs::read(dist.join(name)).with_context(|| dist.join(name).display().to_string());
        let glue_source = String::from_utf8(read(&glue)?).with_context(|| glue.clone())?;
        let small = minify::script(&glue_source, &glue, minify::Kind::Module)?;
        std::fs::write(dist.join(&glue), &small).with_context(|| glue.clone())?;
        let css_bytes = read(&css)?;
        let integrity = Integrity {
            glue: integrity(small.as_bytes()),
            wasm: integrity(&read(&wasm)?),
            css: integrity(&css_bytes),
        };
        let css_text = String::from_utf8(css_bytes).with_context(|| css.clone())?;
        let reader_dir = dist.join(READER_FOLDER);
        let config_reader = match reader_dir.is_dir() {
            true => {
                let names = Self::names(&reader_dir)?;
                let worker = one(&names, "config reader's worker", |n| n.ends_with(".worker.js"))?;
                Some(format!("{READER_FOLDER}/{worker}"))
            }
            false => None,
        };
        Ok(Assets {
            config_reader,
            glue,
            wasm,
            css,
            css_text,
            integrity,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_file_of_each_kind_or_an_error_that_names_it() {
        let names: Vec<String> = ["a_bg.wasm", "a.js", "main-1.css", "main-2.css"]
            .map(String::from)
            .to_vec();
        assert_eq!(one(&names, "wasm", |n| n.ends_with("_bg.wasm")).unwrap(), "a_bg.wasm");
        let two = one(&names, "stylesheet", |n| n.ends_with(".css"))
            .unwrap_err()
            .to_string();
        assert!(two.contains("2 files") && two.contains("main-1.css"), "{two}");
        let none = one(&names, "icon", |n| n.ends_with(".svg")).unwrap_err().to_string();
        assert_eq!(none, "the build has no icon");
    }

    #[test]
    fn integrity_is_sha384_in_base64() {
        // The SHA-384 of the empty string, a published test vector.
        assert_eq!(
            integrity(b""),
            "sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb"
        );
    }
}
