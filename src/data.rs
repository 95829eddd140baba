//! The glossary's data. The presets are part of the program; everything per entry
//! comes from the data files of [`vocab::wire`], through one [`Source`] chosen when
//! the app starts: carried in the program (natively, and in debug browser builds;
//! see `build.rs`), or fetched (the release browser build), so that the wasm does
//! not change when an entry does.
//!
//! Loaded files live for the rest of the visit: the app keeps `&'static`
//! references to them, and a reader opens a bounded number of entries.

mod carried;

use std::cell::RefCell;
use std::sync::OnceLock;

pub use vocab::wire::{
    Body, Bundle, Calculator, Change, EntryData, HardwareId, Index, IndexEntry, Inline, ModelId, Presets, Segment,
    Summary,
};
pub use vocab::{Chart, EntryId, Lang};

use crate::platform;

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

/// Where the data files come from.
#[derive(Clone, Copy)]
pub enum Source {
    /// In the program: carried by the build (tests, `trunk serve`), or read from a
    /// file before anything is rendered (the pre-renderer).
    Carried(&'static Bundle),
    /// Fetched below the base path, as the page names them (the release browser
    /// build).
    Fetched,
}

static SOURCE: OnceLock<Source> = OnceLock::new();

impl Source {
    /// The build's own: its data files where it carries them, else the site's.
    pub fn of_build() -> Source {
        carried::bundle().map_or(Source::Fetched, Source::Carried)
    }

    /// Makes this the source of every load; `false` where one was chosen already
    /// (the first choice holds for the whole run) or the build has no choice.
    pub fn choose(self) -> bool {
        carried::CAN_CARRY && SOURCE.set(self).is_ok()
    }

    /// The source chosen, or the build's own where nothing was chosen (tests). The
    /// release browser build has one choice, known when it is compiled.
    fn get() -> Source {
        if !carried::CAN_CARRY {
            return Source::Fetched;
        }
        *SOURCE.get_or_init(Source::of_build)
    }

    /// The content of a data file.
    async fn file(self, path: &str) -> Result<Vec<u8>, LoadError> {
        match self {
            Source::Carried(bundle) => bundle.file(path).map(<[u8]>::to_vec).ok_or(LoadError::NotFound),
            Source::Fetched => platform::fetch_bytes(&format!("{BASE_PATH}{path}"))
                .await
                .ok_or(LoadError::Failed),
        }
    }

    /// The path of a language's index file: in the bundle, or named by the page.
    fn index_file(self, lang: Lang) -> Option<String> {
        match self {
            Source::Carried(bundle) => bundle.index_path(lang).map(str::to_string),
            Source::Fetched => platform::meta(&vocab::names::meta_index(lang)),
        }
    }

    /// The data file a pre-rendered entry page names, which the app reads before it
    /// takes the page over (a carried entry is at hand already).
    fn page_entry(self) -> Option<String> {
        match self {
            Source::Carried(_) => None,
            Source::Fetched => platform::meta(vocab::names::META_ENTRY),
        }
    }
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
}

fn keep<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}

/// Keeps an entry's prose as a pre-rendered page shows it (`shown`: the markup of its
/// prose segments, in the order of the entry's body), so that the app, taking the page
/// over, writes it again without fetching the prose file. Markup that does not match
/// the body segment for segment is not kept: the app then fetches the file.
pub fn keep_prose_of_page(entry: &EntryData, shown: Vec<String>) {
    let order: Vec<usize> = entry
        .body
        .segments
        .iter()
        .filter_map(|s| match s {
            Segment::Prose(k) => Some(usize::from(*k)),
            Segment::Calculator(_) => None,
        })
        .collect();
    if order.len() != shown.len() || prose(entry).is_some() {
        return;
    }
    let mut segments = vec![String::new(); order.iter().max().map_or(0, |k| k + 1)];
    for (k, markup) in order.into_iter().zip(shown) {
        segments[k] = markup;
    }
    remember_segments(&entry.prose, segments);
}

/// A language's index, if loaded (always, where the source carries it).
pub fn index(lang: Lang) -> Option<&'static Index> {
    if let Some(i) = STORE.with(|s| s.borrow().index(lang)) {
        return Some(i);
    }
    let Source::Carried(bundle) = Source::get() else {
        return None;
    };
    let index = keep(vocab::wire::decode::<Index>(bundle.file(bundle.index_path(lang)?)?).ok()?);
    STORE.with(|s| s.borrow_mut().indexes.push(index));
    Some(index)
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
    let source = Source::get();
    let path = source.index_file(lang).ok_or(LoadError::Failed)?;
    let index: Index = vocab::wire::decode(&source.file(&path).await?).map_err(|_| LoadError::Failed)?;
    Ok(keep(index))
}

fn remember(data: EntryData) -> &'static EntryData {
    let data = keep(data);
    STORE.with(|s| s.borrow_mut().entries.push(data));
    data
}

/// An entry, if loaded (always, where the source carries it).
pub fn entry(lang: Lang, slug: &str) -> Option<&'static EntryData> {
    if let Some(e) = STORE.with(|s| s.borrow().entry(lang, slug)) {
        return Some(e);
    }
    let Source::Carried(bundle) = Source::get() else {
        return None;
    };
    let index = index(lang)?;
    let file = &index.get(index.find(slug)?)?.file;
    Some(remember(vocab::wire::decode(bundle.file(file)?).ok()?))
}

/// An entry, loaded when first needed: through its language's index.
pub async fn load_entry(lang: Lang, slug: &str) -> Result<&'static EntryData, LoadError> {
    if let Some(e) = entry(lang, slug) {
        return Ok(e);
    }
    let index = load_index(lang).await?;
    let id = index.find(slug).ok_or(LoadError::NotFound)?;
    let path = &index.get(id).ok_or(LoadError::NotFound)?.file;
    let data = vocab::wire::decode(&Source::get().file(path).await?).map_err(|_| LoadError::Failed)?;
    Ok(remember(data))
}

/// The entry a pre-rendered entry page names, loaded before the app takes the page
/// over: `Ok(None)` on a page that is no entry, or where the source carries it.
pub async fn load_page_entry() -> Result<Option<&'static EntryData>, LoadError> {
    let source = Source::get();
    let Some(path) = source.page_entry() else {
        return Ok(None);
    };
    let data = vocab::wire::decode(&source.file(&path).await?).map_err(|_| LoadError::Failed)?;
    Ok(Some(remember(data)))
}

/// An entry's prose: one string per prose segment.
pub fn prose(entry: &EntryData) -> Option<&'static [String]> {
    if let Some(p) = STORE.with(|s| s.borrow().prose(&entry.prose)) {
        return Some(p);
    }
    let Source::Carried(bundle) = Source::get() else {
        return None;
    };
    let text = std::str::from_utf8(bundle.file(&entry.prose)?).ok()?;
    Some(remember_prose(&entry.prose, text))
}

fn remember_prose(path: &str, text: &str) -> &'static [String] {
    remember_segments(
        path,
        text.split(vocab::names::PROSE_SEPARATOR).map(str::to_string).collect(),
    )
}

fn remember_segments(path: &str, segments: Vec<String>) -> &'static [String] {
    let segments: &'static [String] = Box::leak(segments.into_boxed_slice());
    STORE.with(|s| s.borrow_mut().prose.push((path.to_string(), segments)));
    segments
}

/// An entry's prose, loaded when first needed.
pub async fn load_prose(entry: &EntryData) -> Result<&'static [String], LoadError> {
    if let Some(p) = prose(entry) {
        return Ok(p);
    }
    let bytes = Source::get().file(&entry.prose).await?;
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
                assert_eq!(prose.len(), data.body.prose_segments());
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
