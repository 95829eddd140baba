//! Raw, gzip and brotli sizes of what a first visit transfers.

use std::fmt;
use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};

use crate::files;

/// One file's sizes.
pub struct FileSize {
    name: String,
    raw: u64,
    gzip: u64,
    brotli: u64,
}

/// The sizes of what a first visit transfers.
pub struct Report {
    /// The app's files (wasm, JS glue, and the stylesheet, which the pages hold
    /// inline and only the offline note fetches), the pages measured, then the
    /// service worker.
    files: Vec<FileSize>,
    /// Gzip bytes of a first visit of an entry page: its HTML (with its styles and
    /// scripts), the entry's data file (which the app fetches as it wakes), the wasm
    /// and the JS glue.
    pub entry_gzip: u64,
    /// Gzip bytes of a first visit of an index page.
    pub index_gzip: u64,
    /// Gzip bytes an entry page fetches before its text is complete: the page, which
    /// holds its styles and scripts (the app comes later, when it wakes), and the
    /// stylesheet where the page links it instead.
    pub text_gzip: u64,
    /// Gzip bytes of the wasm alone.
    pub wasm_gzip: u64,
    /// Gzip bytes of the index files (search), both languages.
    pub search_gzip: u64,
    /// Raw bytes of the index files, both languages.
    pub search_raw: u64,
}

fn gzip(bytes: &[u8]) -> u64 {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let _ = e.write_all(bytes);
    e.finish().map_or(0, |v| v.len() as u64)
}

fn brotli(bytes: &[u8]) -> u64 {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        ..Default::default()
    };
    let _ = brotli::BrotliCompress(&mut &bytes[..], &mut out, &params);
    out.len() as u64
}

fn sizes(dist: &Path, name: &str) -> Result<FileSize> {
    let bytes = files::read(&dist.join(name))?;
    Ok(FileSize {
        raw: bytes.len() as u64,
        gzip: gzip(&bytes),
        brotli: brotli(&bytes),
        name: name.to_string(),
    })
}

/// The content of `<meta name="{name}" content="…">` in a page.
fn meta(html: &str, name: &str) -> Option<String> {
    let at = html.find(&format!("name=\"{name}\""))?;
    let tag_start = html[..at].rfind('<')?;
    let tag = &html[tag_start..tag_start + html[tag_start..].find('>')?];
    let content = tag.split("content=\"").nth(1)?;
    Some(content[..content.find('"')?].to_string())
}

/// Measures the first visits of `dist`: the app's files, an entry page (`entry`,
/// a path below `dist`, with its data file) and an index page.
pub fn measure(dist: &Path, entry: &str, index: &str) -> Result<Report> {
    let mut names: Vec<String> = files::list(dist)?
        .iter()
        .filter_map(|p| Some(p.file_name()?.to_string_lossy().into_owned()))
        .filter(|n| [".wasm", ".js", ".css"].iter().any(|ext| n.ends_with(ext)))
        .filter(|n| n != vocab::names::WORKER_FILE)
        .collect();
    names.sort();
    let mut files = names.iter().map(|n| sizes(dist, n)).collect::<Result<Vec<_>>>()?;
    // The service worker is fetched after the page has loaded, by its registration
    // (the page's offline script), not by the page: listed, not in the first visit.
    // So is the stylesheet, which only the offline note links.
    let worker = sizes(dist, vocab::names::WORKER_FILE)?;
    let wasm_gzip = files
        .iter()
        .find(|f| f.name.ends_with(".wasm"))
        .map(|f| f.gzip)
        .context("dist/ has no .wasm file")?;
    let page = sizes(dist, entry)?;
    let html = files::read_to_string(&dist.join(entry))?;
    // The stylesheet counts where a page links it (a build that starts its app at
    // once); the site's pages hold it inline.
    let css_gzip: u64 = files
        .iter()
        .filter(|f| f.name.ends_with(".css") && html.contains(&f.name))
        .map(|f| f.gzip)
        .sum();
    let app_gzip: u64 = files
        .iter()
        .filter(|f| !f.name.ends_with(".css"))
        .map(|f| f.gzip)
        .sum::<u64>()
        + css_gzip;
    let data = meta(&html, vocab::names::META_ENTRY).with_context(|| format!("{entry} names no data file"))?;
    let data = sizes(dist, &data)?;
    let entry_gzip = app_gzip + page.gzip + data.gzip;
    let text_gzip = page.gzip + css_gzip;
    let index_page = sizes(dist, index)?;
    let index_gzip = app_gzip + index_page.gzip;
    let (mut search_gzip, mut search_raw) = (0, 0);
    for lang in vocab::Lang::ALL {
        if let Some(path) = meta(&html, &vocab::names::meta_index(lang)) {
            let f = sizes(dist, &path)?;
            search_gzip += f.gzip;
            search_raw += f.raw;
        }
    }
    files.extend([page, data, index_page, worker]);
    Ok(Report {
        files,
        entry_gzip,
        index_gzip,
        text_gzip,
        wasm_gzip,
        search_gzip,
        search_raw,
    })
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:<48} {:>10} {:>10} {:>10}", "file", "raw", "gzip", "brotli")?;
        for file in &self.files {
            writeln!(
                f,
                "{:<48} {:>10} {:>10} {:>10}",
                file.name, file.raw, file.gzip, file.brotli
            )?;
        }
        writeln!(f, "first visit of an entry page: {} bytes gzip", self.entry_gzip)?;
        writeln!(f, "first visit of an index page: {} bytes gzip", self.index_gzip)?;
        writeln!(
            f,
            "an entry page's text with its styles and scripts, before the app: {} bytes gzip",
            self.text_gzip
        )?;
        write!(
            f,
            "search index (both languages, fetched on first use): {} bytes raw, {} gzip",
            self.search_raw, self.search_gzip
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_tags_are_read_in_any_attribute_order() {
        let html = r#"<head><meta name="glossary-entry" content="data/en/x.1.bin"><meta content="a" name="b"></head>"#;
        assert_eq!(meta(html, "glossary-entry").as_deref(), Some("data/en/x.1.bin"));
        assert_eq!(meta(html, "b").as_deref(), Some("a"));
        assert_eq!(meta(html, "c"), None);
    }
}
