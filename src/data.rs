//! The glossary's data, generated at build time from `content/` by crates/content.
//! Entries' metadata (`ENTRIES`) and bodies (`BODIES`) are separate tables, so the
//! bodies can move to files fetched on demand without touching the index.

use roofline::{BytesPerSecond, DataType, Output, Override, Scenario};

/// A language of the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// German.
    De,
    /// English.
    En,
}

impl Lang {
    /// Every language, in display order.
    pub const ALL: [Lang; 2] = [Lang::De, Lang::En];

    /// `de` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }

    /// The language for a code, if the site has it.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The other language.
    pub fn other(self) -> Lang {
        match self {
            Lang::De => Lang::En,
            Lang::En => Lang::De,
        }
    }

    /// Number formatting for this language.
    pub fn locale(self) -> roofline::Locale {
        match self {
            Lang::De => roofline::Locale::De,
            Lang::En => roofline::Locale::En,
        }
    }
}

/// A reference of an entry.
#[derive(Debug)]
pub struct Source {
    /// Link text.
    pub label: &'static str,
    /// Address.
    pub url: &'static str,
}

/// A related term; `entry` is set where the term has an entry.
#[derive(Debug)]
pub struct Related {
    /// The term as written.
    pub term: &'static str,
    /// Index into [`ENTRIES`].
    pub entry: Option<usize>,
}

/// An entry's metadata.
#[derive(Debug)]
pub struct Entry {
    /// Language.
    pub lang: Lang,
    /// URL segment.
    pub slug: &'static str,
    /// Headword.
    pub term: &'static str,
    /// Other names.
    pub variants: &'static [&'static str],
    /// Category slug.
    pub category: Option<&'static str>,
    /// Short tag.
    pub marker: Option<&'static str>,
    /// One-sentence definition.
    pub short: &'static str,
    /// Whether the entry is a draft.
    pub draft: bool,
    /// Index of the same concept in the other language.
    pub translation: Option<usize>,
}

/// What only an entry's own page shows (see [`DETAILS`]).
#[derive(Debug)]
pub struct Details {
    /// References.
    pub sources: &'static [Source],
    /// Workflow state as written.
    pub status: Option<&'static str>,
    /// Last edit, `YYYY-MM-DD`.
    pub updated: Option<&'static str>,
    /// Related terms.
    pub related: &'static [Related],
}

/// A category of entries.
#[derive(Debug)]
pub struct Category {
    /// Language.
    pub lang: Lang,
    /// The slug the entries carry.
    pub slug: &'static str,
    /// Display name.
    pub name: &'static str,
}

/// A chart of a calculator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chart {
    /// Log-log roofline.
    Roofline,
    /// Tokens/s against batch size.
    Batch,
    /// Requests that fit against context length.
    Capacity,
}

impl Chart {
    /// A stable name: `roofline`, `batch`, `capacity`.
    pub fn id(self) -> &'static str {
        match self {
            Chart::Roofline => "roofline",
            Chart::Batch => "batch",
            Chart::Capacity => "capacity",
        }
    }
}

/// A calculator block of an entry.
#[derive(Debug)]
pub struct Calculator {
    /// Index into [`MODELS`] of the preset it starts from.
    pub model: usize,
    /// Index into [`HARDWARE`].
    pub hardware: usize,
    /// The entry's example.
    pub scenario: Scenario,
    /// Outputs to show.
    pub show: &'static [Output],
    /// Charts to draw.
    pub charts: &'static [Chart],
}

/// A change an inline value makes to the live scenario. Presets are named by their
/// index into [`MODELS`] and [`HARDWARE`], so that the bundle carries a preset's
/// figures once however many sentences pin it.
#[derive(Clone, Copy, Debug)]
pub enum Change {
    /// Another model: index into [`MODELS`].
    Model(usize),
    /// Another device: index into [`HARDWARE`].
    Hardware(usize),
    /// Another bandwidth in bytes per second.
    Bandwidth(f64),
    /// Another batch size.
    Batch(u32),
    /// Another context length.
    Context(u32),
    /// Another prompt length.
    Prompt(u32),
    /// Another number of devices.
    Devices(u32),
    /// Another weight type.
    Weights(DataType),
    /// Another KV cache type.
    Kv(DataType),
    /// Another draft length of speculative decoding.
    DraftTokens(u32),
    /// Another acceptance rate.
    Acceptance(f64),
    /// Another draft model size in parameters.
    DraftParams(f64),
}

impl Change {
    /// The core's override; `None` for a preset index the tables do not have.
    pub fn to_override(self) -> Option<Override> {
        Some(match self {
            Change::Model(i) => Override::Model(MODELS.get(i)?.model),
            Change::Hardware(i) => Override::Hardware(HARDWARE.get(i)?.hardware),
            Change::Bandwidth(b) => Override::Bandwidth(BytesPerSecond(b)),
            Change::Batch(n) => Override::Batch(n),
            Change::Context(n) => Override::Context(n),
            Change::Prompt(n) => Override::Prompt(n),
            Change::Devices(n) => Override::Devices(n),
            Change::Weights(d) => Override::Weights(d),
            Change::Kv(d) => Override::Kv(d),
            Change::DraftTokens(n) => Override::DraftTokens(n),
            Change::Acceptance(a) => Override::Acceptance(a),
            Change::DraftParams(p) => Override::DraftParams(p),
        })
    }
}

/// An inline value in the prose.
#[derive(Debug)]
pub struct Inline {
    /// The figure.
    pub output: Output,
    /// Changes applied to the live scenario first.
    pub changes: &'static [Change],
    /// Significant digits, if not the unit's default.
    pub digits: Option<u8>,
}

impl Inline {
    /// The text for the live scenario; `None` where it cannot be computed.
    pub fn text(&self, scenario: &Scenario, lang: Lang) -> Option<String> {
        let mut s = *scenario;
        for change in self.changes {
            s = s.with_override(change.to_override()?);
        }
        self.output.text_for(&s, lang.locale(), self.digits).ok()?
    }
}

/// A part of a body.
#[derive(Debug)]
pub enum Segment {
    /// Prose, by index into the entry's prose segments (see [`Prose`]).
    Prose(usize),
    /// A calculator, by index into [`Body::calculators`].
    Calculator(usize),
}

/// An entry's body.
#[derive(Debug)]
pub struct Body {
    /// Reading order.
    pub segments: &'static [Segment],
    /// Calculators; the first is the entry's scenario.
    pub calculators: &'static [Calculator],
    /// Inline values, referenced as `data-rv` from the HTML.
    pub inline: &'static [Inline],
}

/// A device preset.
#[derive(Debug)]
pub struct HardwarePreset {
    /// Identifier.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Figures.
    pub hardware: roofline::Hardware,
    /// Where the bandwidth figure comes from.
    pub source: &'static str,
}

/// A model preset.
#[derive(Debug)]
pub struct ModelPreset {
    /// Identifier.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Figures.
    pub model: roofline::Model,
    /// Where the shape comes from.
    pub source: &'static str,
}

mod generated {
    #![allow(clippy::all, clippy::pedantic, unused_imports)]
    use super::*;
    use roofline::{
        Bytes, BytesPerSecond, DataType, Experts, FlopsPerSecond, Groups, Hardware, Model, Peaks, Speculation, Workload,
    };
    include!(concat!(env!("OUT_DIR"), "/content.rs"));
}

pub use generated::{BASE_PATH, BODIES, CATEGORIES, ENTRIES, HARDWARE, MODELS};

#[cfg(any(not(target_arch = "wasm32"), debug_assertions))]
pub use generated::{DETAILS, PROSE};

/// Separates the segments of a prose file. Sanitised prose never holds a comment.
pub const PROSE_SEPARATOR: &str = "<!--segment-->\n";

/// An entry's prose: sanitised HTML, one string per [`Segment::Prose`], then the
/// page's footer (related terms, sources, date).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prose {
    /// Not loaded yet (or already on the page, put there by the pre-renderer).
    Pending,
    /// The segments.
    Ready(Vec<String>),
    /// The prose file could not be loaded.
    Failed,
}

impl Prose {
    /// The prose the build carries: every native build and debug browser builds.
    /// The release browser build carries none and fetches [`crate::urls::prose`].
    pub fn bundled(index: usize) -> Prose {
        #[cfg(any(not(target_arch = "wasm32"), debug_assertions))]
        {
            Prose::parse(&Prose::file(index))
        }
        #[cfg(not(any(not(target_arch = "wasm32"), debug_assertions)))]
        {
            let _ = index;
            Prose::Pending
        }
    }

    /// The prose file of an entry, as the pre-renderer writes it.
    #[cfg(any(not(target_arch = "wasm32"), debug_assertions))]
    pub fn file(index: usize) -> String {
        let footer = crate::pages::entry::footer(index);
        let mut parts: Vec<&str> = PROSE[index].to_vec();
        parts.push(&footer);
        parts.join(PROSE_SEPARATOR)
    }

    /// Splits a prose file.
    pub fn parse(file: &str) -> Prose {
        Prose::Ready(file.split(PROSE_SEPARATOR).map(str::to_string).collect())
    }

    /// Segment `k`, or nothing while it is not loaded.
    pub fn segment(&self, k: usize) -> &str {
        match self {
            Prose::Ready(segments) => segments.get(k).map_or("", String::as_str),
            Prose::Pending | Prose::Failed => "",
        }
    }
}

/// The entry of `lang` with `slug`.
pub fn find(lang: Lang, slug: &str) -> Option<usize> {
    ENTRIES.iter().position(|e| e.lang == lang && e.slug == slug)
}

/// The display name of a category of `lang`.
pub fn category_name(lang: Lang, slug: &str) -> Option<&'static str> {
    CATEGORIES
        .iter()
        .find(|c| c.lang == lang && c.slug == slug)
        .map(|c| c.name)
}

/// Entries of one language, in the order of the table.
pub fn entries(lang: Lang) -> impl Iterator<Item = (usize, &'static Entry)> {
    ENTRIES.iter().enumerate().filter(move |(_, e)| e.lang == lang)
}
