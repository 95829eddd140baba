//! Offline reading: the service worker `sw.js` and per language the list of its pages
//! with their data and prose files (`offline-<lang>.json`), written into the site's
//! root after the pages (the offline script, `scripts/offline.js`, inline in every
//! page, registers the worker and runs the footer's action).
//!
//! The worker carries the build's identity, a hash of every other file of the build,
//! so that a new build is a new worker, byte for byte, with a cache of its own; and
//! the SHA-256 of each file it may keep (the app's and the lists' in itself, the
//! pages' and their files' in the lists), so that it serves and keeps nothing another
//! project on the same origin put into its cache.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use roofline::{Locale, Quantity, Unit};
use serde_json::json;
use sha2::Digest;
use vocab::offline::offline_texts;
use vocab::Lang;

use vocab::names::WORKER_FILE;

use crate::minify;

const WORKER: &str = include_str!("../scripts/sw.js");

/// The bytes of `path`, or an error naming it.
fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| path.display().to_string())
}

/// Writes `text` to `path`, or an error naming it.
fn put(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| path.display().to_string())
}

/// The list file of a language's pages.
pub fn list_file(lang: Lang) -> String {
    format!("offline-{}.json", lang.code())
}

/// Every file below `dir`, as paths relative to it with `/`, sorted.
fn walk(dir: &Path) -> Result<Vec<String>> {
    let mut found = Vec::new();
    let mut stack: Vec<PathBuf> = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).with_context(|| d.display().to_string())? {
            let path = entry.with_context(|| d.display().to_string())?.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(dir).context("a file outside the folder")?;
                found.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    found.sort();
    Ok(found)
}

/// `name` without its content hash: `memory-bound.0123456789abcdef.bin` → `memory-bound`.
fn stem_of_hashed(name: &str, ext: &str) -> Option<String> {
    let rest = name.strip_suffix(ext)?.strip_suffix('.')?;
    let (stem, hash) = rest.rsplit_once('.')?;
    (hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit())).then(|| stem.to_string())
}

/// The pages of `lang` with the files the app reads to show them offline: the
/// index page with the language's index file, each entry page with its data and
/// prose files (and the index file, for search and the links between entries).
fn pages(all: &[String], lang: Lang) -> Result<Vec<(String, Vec<String>)>> {
    let code = lang.code();
    let in_dir = |dir: &str, ext: &str| -> Vec<(String, String)> {
        all.iter()
            .filter_map(|f| {
                let name = f.strip_prefix(dir)?.strip_prefix('/')?;
                (!name.contains('/')).then_some(())?;
                Some((stem_of_hashed(name, ext)?, f.clone()))
            })
            .collect()
    };
    let data = in_dir(&format!("data/{code}"), "bin");
    let prose = in_dir(&format!("prose/{code}"), "txt");
    let index = data
        .iter()
        .find(|(stem, _)| stem == "index")
        .map(|(_, f)| f.clone())
        .with_context(|| format!("no index file in data/{code}"))?;
    let mut pages = vec![(format!("{code}/"), vec![index.clone()])];
    for file in all {
        let Some(slug) = file
            .strip_prefix(&format!("{code}/"))
            .and_then(|n| n.strip_suffix(".html"))
        else {
            continue;
        };
        if slug == "index" || slug.contains('/') {
            continue;
        }
        let mut needs = vec![index.clone()];
        for (stem, f) in data.iter().chain(&prose) {
            if stem == slug {
                needs.push(f.clone());
            }
        }
        if needs.len() != 3 {
            bail!("{file}: expected its data file and its text file beside the index");
        }
        pages.push((format!("{code}/{slug}"), needs));
    }
    Ok(pages)
}

/// The file of the page at `url` (`de/` → `de/index.html`, `de/kv-cache` → `de/kv-cache.html`).
fn page_file(url: &str) -> String {
    if url.ends_with('/') {
        format!("{url}index.html")
    } else {
        format!("{url}.html")
    }
}

/// The titles of the pages, by file (`en/kv-cache.html` → `KV cache · Glossary …`),
/// as the pre-renderer wrote them.
pub type Titles = BTreeMap<String, String>;

/// A page's title in a list: without the site's name after ` · `.
fn short_title(title: &str) -> &str {
    title.split(" · ").next().unwrap_or(title)
}

/// The list file of `lang`: its pages with their files, and the bytes of them all
/// (each file once), written for the reader in the language's format, which the
/// action says before it fetches.
fn list(dist: &Path, all: &[String], lang: Lang, code: &[String], titles: &Titles) -> Result<String> {
    let mut pages = pages(all, lang)?;
    // The app's code comes with the language's first page, the index.
    pages[0].1.extend(code.iter().cloned());
    let mut counted = BTreeSet::new();
    let mut bytes = 0;
    for (url, needs) in &pages {
        let page_file = page_file(url);
        for file in std::iter::once(&page_file).chain(needs) {
            if counted.insert(file.clone()) {
                bytes += std::fs::metadata(dist.join(file)).with_context(|| file.clone())?.len();
            }
        }
    }
    // Each page (by its address) and each file it needs, with the SHA-256 of its
    // bytes: the worker keeps and serves nothing else.
    let mut sums = serde_json::Map::new();
    for (url, needs) in &pages {
        sums.insert(url.clone(), json!(sha256(dist, &page_file(url))?));
        for file in needs {
            sums.insert(file.clone(), json!(sha256(dist, file)?));
        }
    }
    let pages: Vec<_> = pages
        .iter()
        .map(|(url, needs)| {
            let title = titles
                .get(&page_file(url))
                .map(|t| short_title(t))
                .with_context(|| format!("{url} was not written by the pre-renderer"))?;
            Ok(json!({ "url": url, "title": title, "files": needs }))
        })
        .collect::<Result<_>>()?;
    let size = Quantity::new(bytes as f64, Unit::BytesSi).format_digits(Locale::from_lang(lang.code()), 2);
    Ok(json!({ "bytes": bytes, "size": size, "pages": pages, "sums": sums }).to_string())
}

/// The SHA-256 of a file below `dist`, in hex: what the worker checks a copy against.
fn sha256(dist: &Path, file: &str) -> Result<String> {
    let bytes = read(&dist.join(file))?;
    Ok(sha2::Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// The build's identity: a hash of the names and contents of `all` below `dist`.
fn identity(dist: &Path, all: &[String]) -> Result<String> {
    let mut hash = sha2::Sha256::new();
    for name in all {
        hash.update(name.as_bytes());
        hash.update([0]);
        let bytes = read(&dist.join(name))?;
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(&bytes);
    }
    Ok(hash.finalize()[..8].iter().map(|b| format!("{b:02x}")).collect())
}

/// `template` with each `(placeholder, value)` replaced; an error when one is missing.
fn fill(template: &str, values: &[(&str, String)]) -> Result<String> {
    let mut out = template.to_string();
    for (hole, value) in values {
        if !out.contains(hole) {
            bail!("the service worker's template has no {hole}");
        }
        out = out.replace(hole, value);
    }
    Ok(out)
}

/// Writes the lists and the service worker into `dist`, a built and pre-rendered
/// site for `base` whose pages have `titles`.
pub fn write(dist: &Path, base: &str, titles: &Titles) -> Result<()> {
    let mut all = walk(dist)?;
    // The app's code: trunk's JS glue and wasm in the root. The worker keeps it once
    // the app has woken on a page, or when a language is saved; not at install, so
    // that a reader who only reads does not fetch it.
    let code: Vec<String> = all
        .iter()
        .filter(|f| !f.contains('/'))
        .filter(|f| f.ends_with(".wasm") || (f.ends_with(".js") && f.as_str() != WORKER_FILE))
        .cloned()
        .collect();
    if !code.iter().any(|f| f.ends_with(".wasm")) {
        bail!("the build has no wasm");
    }
    for lang in Lang::ALL {
        let list = list(dist, &all, lang, &code, titles)?;
        put(&dist.join(list_file(lang)), &list)?;
        all.push(list_file(lang));
    }
    all.retain(|f| f != WORKER_FILE);
    all.sort();
    // The app without its code: the stylesheet (the pages hold it inline; the offline
    // note links it), the icon, the manifest and the start page (the manifest's
    // `start_url`).
    let css = all
        .iter()
        .find(|f| !f.contains('/') && f.ends_with(".css"))
        .cloned()
        .context("the build has no stylesheet")?;
    let mut app = vec![css.clone()];
    for file in ["public/favicon.svg", "public/manifest.webmanifest"] {
        if !all.iter().any(|f| f == file) {
            bail!("the build has no {file}");
        }
        app.push(file.to_string());
    }
    app.push(String::new());
    // Both indexes, so that the offline note's way back opens wherever the reader
    // has been, and the lists the note names the pages from.
    for lang in Lang::ALL {
        let (index_page, index_files) = pages(&all, lang)?.swap_remove(0);
        app.push(index_page);
        app.extend(index_files);
        app.push(list_file(lang));
    }
    let note: serde_json::Map<String, serde_json::Value> = Lang::ALL
        .into_iter()
        .map(|lang| {
            let t = offline_texts(lang);
            (
                lang.code().to_string(),
                json!({
                    "title": t.note_title,
                    "text": t.note_text,
                    "index": t.note_index,
                    "retry": t.note_retry,
                    "held": t.note_held,
                    "action": t.note_action,
                }),
            )
        })
        .collect();
    let langs: Vec<&str> = Lang::ALL.into_iter().map(Lang::code).collect();
    // The sums of the app files, the code and the lists (which hold those of the pages).
    let mut sums = serde_json::Map::new();
    for path in app.iter().chain(&code) {
        let file = match path.as_str() {
            "" => "index.html".to_string(),
            p if p.ends_with('/') => page_file(p),
            p => p.to_string(),
        };
        sums.insert(path.clone(), json!(sha256(dist, &file)?));
    }
    let worker = fill(
        WORKER,
        &[
            ("__BUILD__", identity(dist, &all)?),
            ("__BASE__", base.to_string()),
            ("__APP__", serde_json::to_string(&app)?),
            ("__CODE__", serde_json::to_string(&code)?),
            ("__SUMS__", serde_json::to_string(&sums)?),
            ("__CSS__", css),
            ("__NOTE_CLASS__", vocab::names::OFFLINE_NOTE.to_string()),
            ("__WORKER__", WORKER_FILE.to_string()),
            ("__NOTE__", serde_json::to_string(&note)?),
            ("__LANGS__", serde_json::to_string(&langs)?),
        ],
    )?;
    put(
        &dist.join(WORKER_FILE),
        &minify::script(&worker, WORKER_FILE, minify::Kind::Classic)?,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_is_listed_without_the_site_name() {
        assert_eq!(short_title("Roofline & \"ridge\" · Glossary"), "Roofline & \"ridge\"");
        assert_eq!(short_title("Glossary"), "Glossary");
        assert_eq!(page_file("de/"), "de/index.html");
        assert_eq!(page_file("de/kv-cache"), "de/kv-cache.html");
    }

    #[test]
    fn a_hashed_name_gives_its_stem() {
        assert_eq!(
            stem_of_hashed("memory-bound.0123456789abcdef.bin", "bin").as_deref(),
            Some("memory-bound")
        );
        assert_eq!(stem_of_hashed("memory-bound.0123456789abcdef.txt", "bin"), None);
        assert_eq!(stem_of_hashed("memory-bound.bin", "bin"), None);
        assert_eq!(stem_of_hashed("x.0123456789abcdeg.bin", "bin"), None);
    }

    #[test]
    fn each_page_names_its_data_prose_and_index_files() {
        let all: Vec<String> = [
            "en/index.html",
            "en/kv-cache.html",
            "en/kv-cache.md",
            "data/en/index.00000000000000aa.bin",
            "data/en/kv-cache.00000000000000bb.bin",
            "prose/en/kv-cache.00000000000000cc.txt",
            "de/index.html",
        ]
        .map(String::from)
        .to_vec();
        let en = pages(&all, Lang::En).unwrap();
        assert_eq!(
            en,
            [
                (
                    "en/".to_string(),
                    vec!["data/en/index.00000000000000aa.bin".to_string()]
                ),
                (
                    "en/kv-cache".to_string(),
                    vec![
                        "data/en/index.00000000000000aa.bin".to_string(),
                        "data/en/kv-cache.00000000000000bb.bin".to_string(),
                        "prose/en/kv-cache.00000000000000cc.txt".to_string(),
                    ]
                ),
            ]
        );
        assert!(pages(&all, Lang::De).is_err(), "no index file for de");
    }

    /// Every placeholder of the worker's template is filled.
    #[test]
    fn the_worker_template_has_its_placeholders() {
        for hole in [
            "__BUILD__",
            "__BASE__",
            "__APP__",
            "__CODE__",
            "__CSS__",
            "__NOTE_CLASS__",
            "__WORKER__",
            "__NOTE__",
            "__LANGS__",
        ] {
            assert!(WORKER.contains(hole), "{hole}");
        }
    }
}
