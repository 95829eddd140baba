//! The glossary's data. The presets are part of the program; everything per entry
//! comes from the data files of [`vocab::wire`]: carried in the build where the
//! cfg `bundled` says so (natively and in debug browser builds, see `build.rs`),
//! fetched where it does not (the release browser build), so that the wasm does not
//! change when an entry does.
//!
//! Loaded files live for the rest of the visit: the app keeps `&'static`
//! references to them, and a reader opens a bounded number of entries.

use std::cell::RefCell;
use std::sync::OnceLock;

pub use vocab::wire::{
    Body, Calculator, Change, EntryData, HardwareId, Index, IndexEntry, Inline, ModelId, Presets, Segment, Summary,
};
pub use vocab::{Chart, EntryId, Lang};

/// The URL path the site is served under, ending in `/` (`GLOSSARY_BASE_PATH` at
/// build time).
pub const BASE_PATH: &str = env!("GLOSSARY_BASE");

/// The presets: part of every build, since a calculator needs them at once.
pub fn presets() -> &'static Presets {
    static PRESETS: OnceLock<Presets> = OnceLock::new();
    PRESETS.get_or_init(|| {
        vocab::wire::decode(include_bytes!(concat!(env!("OUT_DIR"), "/presets.bin"))).unwrap_or_default()
    })
}

/// Every data file, in builds that carry them: the file named by `GLOSSARY_BUNDLE`
/// at run time (the pre-renderer of `cargo xtask dist`), else the build's own.
#[cfg(bundled)]
fn bundle() -> &'static vocab::wire::Bundle {
    static BUNDLE: OnceLock<vocab::wire::Bundle> = OnceLock::new();
    BUNDLE.get_or_init(|| {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(path) = std::env::var_os("GLOSSARY_BUNDLE") {
            let bytes = std::fs::read(&path).unwrap_or_default();
            return vocab::wire::decode(&bytes).unwrap_or_default();
        }
        vocab::wire::decode(include_bytes!(concat!(env!("OUT_DIR"), "/bundle.bin"))).unwrap_or_default()
    })
}

/// The data files of the build, for the pre-renderer to write: path and content.
#[cfg(bundled)]
pub fn files() -> impl Iterator<Item = (&'static str, &'static [u8])> {
    bundle().files.iter().map(|(p, b)| (p.as_str(), b.as_slice()))
}

/// The path of a language's index file, in builds that carry it.
#[cfg(bundled)]
pub fn index_path(lang: Lang) -> Option<&'static str> {
    bundle().index_path(lang)
}

/// Why something could not be loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// There is no such entry.
    NotFound,
    /// The file could not be fetched or read (offline, a newer version of the site).
    Failed,
}

/// What has been loaded so far. A reader opens a handful of files per visit: lists
/// searched in order are enough, and keep hashing code out of the bundle.
#[derive(Default)]
struct Store {
    indexes: Vec<&'static Index>,
    entries: Vec<&'static EntryData>,
    prose: Vec<(String, &'static [String])>,
    /// Index loads under way: who waits for each (the first caller fetches).
    waiting: Vec<(Lang, IndexSender)>,
}

type IndexSender = futures_channel::oneshot::Sender<Result<&'static Index, LoadError>>;

impl Store {
    fn index(&self, lang: Lang) -> Option<&'static Index> {
        self.indexes.iter().copied().find(|i| i.lang == lang)
    }

    fn entry(&self, lang: Lang, slug: &str) -> Option<&'static EntryData> {
        self.entries
            .iter()
            .copied()
            .find(|e| e.lang == lang && e.summary.slug == slug)
    }

    fn prose(&self, path: &str) -> Option<&'static [String]> {
        self.prose.iter().find(|(p, _)| p == path).map(|(_, s)| *s)
    }
}

thread_local! {
    static STORE: RefCell<Store> = RefCell::default();
    static HYDRATING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn keep<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}

/// Whether the app is taking over a pre-rendered page right now: a page then shows
/// what the pre-renderer wrote and fetches nothing to draw it again.
pub fn hydrating() -> bool {
    HYDRATING.with(std::cell::Cell::get)
}

/// Runs `f` while taking over a pre-rendered page.
pub fn while_hydrating(f: impl FnOnce()) {
    HYDRATING.with(|h| h.set(true));
    f();
    HYDRATING.with(|h| h.set(false));
}

/// The content of a data file: from the bundle, or fetched below the base path.
async fn file(path: &str) -> Result<Vec<u8>, LoadError> {
    #[cfg(bundled)]
    {
        bundle().file(path).map(<[u8]>::to_vec).ok_or(LoadError::NotFound)
    }
    #[cfg(not(bundled))]
    {
        fetch_bytes(&format!("{BASE_PATH}{path}"))
            .await
            .ok_or(LoadError::Failed)
    }
}

/// The bytes of a file of the site, or `None` when it cannot be had.
#[cfg(not(bundled))]
async fn fetch_bytes(url: &str) -> Option<Vec<u8>> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let window = web_sys::window()?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url)).await.ok()?.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    let buffer = JsFuture::from(response.array_buffer().ok()?).await.ok()?;
    Some(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The content of a `<meta name>` of the page.
#[cfg(not(bundled))]
fn meta(name: &str) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let el = document.query_selector(&format!("meta[name='{name}']")).ok()??;
    el.get_attribute("content")
}

/// The path of a language's index file: named by the page in the fetching build.
fn index_file(lang: Lang) -> Option<String> {
    #[cfg(bundled)]
    {
        index_path(lang).map(str::to_string)
    }
    #[cfg(not(bundled))]
    {
        meta(&vocab::names::meta_index(lang))
    }
}

/// A language's index, if loaded (always, in builds that carry it).
pub fn index(lang: Lang) -> Option<&'static Index> {
    if let Some(i) = STORE.with(|s| s.borrow().index(lang)) {
        return Some(i);
    }
    #[cfg(bundled)]
    {
        let bytes = bundle().file(index_path(lang)?)?;
        let index = keep(vocab::wire::decode::<Index>(bytes).ok()?);
        STORE.with(|s| s.borrow_mut().indexes.push(index));
        Some(index)
    }
    #[cfg(not(bundled))]
    None
}

/// A language's index, loaded when first needed. Callers that ask while it is on its
/// way (search, a link preview, a page) wait for the same fetch.
pub async fn load_index(lang: Lang) -> Result<&'static Index, LoadError> {
    if let Some(i) = index(lang) {
        return Ok(i);
    }
    let (tx, rx) = futures_channel::oneshot::channel();
    let first = STORE.with(|s| {
        let mut s = s.borrow_mut();
        let first = !s.waiting.iter().any(|(l, _)| *l == lang);
        s.waiting.push((lang, tx));
        first
    });
    if !first {
        return rx.await.unwrap_or(Err(LoadError::Failed));
    }
    let result = fetch_index(lang).await;
    if let Ok(index) = result {
        STORE.with(|s| s.borrow_mut().indexes.push(index));
    }
    let waiting: Vec<_> = STORE.with(|s| {
        let mut s = s.borrow_mut();
        let (these, others) = std::mem::take(&mut s.waiting)
            .into_iter()
            .partition(|(l, _)| *l == lang);
        s.waiting = others;
        these
    });
    for (_, tx) in waiting {
        let _ = tx.send(result);
    }
    result
}

async fn fetch_index(lang: Lang) -> Result<&'static Index, LoadError> {
    let path = index_file(lang).ok_or(LoadError::Failed)?;
    let index: Index = vocab::wire::decode(&file(&path).await?).map_err(|_| LoadError::Failed)?;
    Ok(keep(index))
}

fn remember(data: EntryData) -> &'static EntryData {
    let data = keep(data);
    STORE.with(|s| s.borrow_mut().entries.push(data));
    data
}

/// An entry, if loaded (always, in builds that carry it).
pub fn entry(lang: Lang, slug: &str) -> Option<&'static EntryData> {
    if let Some(e) = STORE.with(|s| s.borrow().entry(lang, slug)) {
        return Some(e);
    }
    #[cfg(bundled)]
    {
        let index = index(lang)?;
        let file = &index.get(index.find(slug)?)?.file;
        Some(remember(vocab::wire::decode(bundle().file(file)?).ok()?))
    }
    #[cfg(not(bundled))]
    None
}

/// An entry, loaded when first needed: through its language's index.
pub async fn load_entry(lang: Lang, slug: &str) -> Result<&'static EntryData, LoadError> {
    if let Some(e) = entry(lang, slug) {
        return Ok(e);
    }
    let index = load_index(lang).await?;
    let id = index.find(slug).ok_or(LoadError::NotFound)?;
    let path = &index.get(id).ok_or(LoadError::NotFound)?.file;
    let data = vocab::wire::decode(&file(path).await?).map_err(|_| LoadError::Failed)?;
    Ok(remember(data))
}

/// The entry a pre-rendered entry page names, loaded before the app takes the page
/// over: `Ok(None)` on a page that is no entry.
pub async fn load_page_entry() -> Result<Option<&'static EntryData>, LoadError> {
    #[cfg(bundled)]
    {
        Ok(None)
    }
    #[cfg(not(bundled))]
    {
        let Some(path) = meta(vocab::names::META_ENTRY) else {
            return Ok(None);
        };
        let data = vocab::wire::decode(&file(&path).await?).map_err(|_| LoadError::Failed)?;
        Ok(Some(remember(data)))
    }
}

/// An entry's prose: one string per prose segment, then the footer.
pub fn prose(entry: &EntryData) -> Option<&'static [String]> {
    if let Some(p) = STORE.with(|s| s.borrow().prose(&entry.prose)) {
        return Some(p);
    }
    #[cfg(bundled)]
    {
        let text = std::str::from_utf8(bundle().file(&entry.prose)?).ok()?;
        Some(remember_prose(&entry.prose, text))
    }
    #[cfg(not(bundled))]
    None
}

fn remember_prose(path: &str, text: &str) -> &'static [String] {
    let segments: Vec<String> = text.split(vocab::names::PROSE_SEPARATOR).map(str::to_string).collect();
    let segments: &'static [String] = Box::leak(segments.into_boxed_slice());
    STORE.with(|s| s.borrow_mut().prose.push((path.to_string(), segments)));
    segments
}

/// An entry's prose, loaded when first needed.
pub async fn load_prose(entry: &EntryData) -> Result<&'static [String], LoadError> {
    if let Some(p) = prose(entry) {
        return Ok(p);
    }
    let bytes = file(&entry.prose).await?;
    let text = String::from_utf8(bytes).map_err(|_| LoadError::Failed)?;
    Ok(remember_prose(&entry.prose, &text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_of_the_index_loads_with_its_prose() {
        for lang in Lang::ALL {
            let index = index(lang).expect("the native build carries the index");
            assert!(!index.entries.is_empty());
            for e in &index.entries {
                let data = entry(lang, &e.summary.slug).expect("entry file");
                assert_eq!(data.summary, e.summary);
                let prose = prose(data).expect("prose file");
                assert_eq!(prose.len(), data.body.prose_segments() + 1);
            }
        }
        assert!(entry(Lang::En, "no-such-entry").is_none());
    }

    #[test]
    fn every_calculator_starts_from_a_preset() {
        let p = presets();
        for lang in Lang::ALL {
            for e in &index(lang).expect("index").entries {
                for c in &entry(lang, &e.summary.slug).expect("entry").body.calculators {
                    assert!(p.model_of(c.model).is_some() && p.hardware_of(c.hardware).is_some());
                }
            }
        }
    }
}
