//! The data files the build writes and the app reads. The browser bundle holds the
//! code and the presets; everything per entry is in these files, fetched when first
//! needed, named by a hash of their content so that a returning reader downloads
//! only what changed:
//!
//! - `data/{lang}/index.{hash}.bin`: an [`Index`], what search, link previews, the
//!   index page and in-app navigation know of every entry of one language;
//! - `data/{lang}/{slug}.{hash}.bin`: an [`EntryData`], what an entry's page needs
//!   beyond its prose (header, calculators, inline values);
//! - `prose/{lang}/{slug}.{hash}.html`: the entry's sanitised prose, one segment per
//!   prose run and then the footer, separated by [`crate::names::PROSE_SEPARATOR`].
//!
//! Builds without fetching (natively, and debug browser builds) carry every file in
//! one [`Bundle`]. Files are written with postcard (compact) and read with the
//! decoders `wire` derives from these same types (small in the wasm).

use ::wire::Decode;
use roofline::{DataType, Hardware, Model, Output, Override, Scenario};
use serde::Serialize;

use crate::{Chart, Control, Lang};

/// A model preset's position in [`Presets::models`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Decode)]
pub struct ModelId(pub u16);

/// A device preset's position in [`Presets::hardware`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Decode)]
pub struct HardwareId(pub u16);

impl ModelId {
    /// The position as an index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl HardwareId {
    /// The position as an index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A device preset.
#[derive(Clone, Debug, PartialEq, Serialize, Decode)]
pub struct HardwarePreset {
    /// Identifier in content files and addresses.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The maker, by which the calculator groups its list.
    pub vendor: String,
    /// Figures.
    pub hardware: Hardware,
}

/// A model preset.
#[derive(Clone, Debug, PartialEq, Serialize, Decode)]
pub struct ModelPreset {
    /// Identifier in content files and addresses.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The name in other languages, where it differs.
    pub names: Vec<(Lang, String)>,
    /// Figures.
    pub model: Model,
    /// The published checkpoint's storage type of the weights, where not 16-bit:
    /// picking the model takes it.
    pub weights: Option<DataType>,
}

/// The presets a calculator offers. Part of the browser bundle: a calculator needs
/// them before anything is fetched.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Decode)]
pub struct Presets {
    /// Models, in display order.
    pub models: Vec<ModelPreset>,
    /// Devices, in display order.
    pub hardware: Vec<HardwarePreset>,
}

impl ModelPreset {
    /// Its name in `lang`.
    pub fn name_in(&self, lang: Lang) -> &str {
        self.names
            .iter()
            .find(|(l, _)| *l == lang)
            .map_or(self.name.as_str(), |(_, n)| n.as_str())
    }
}

impl Presets {
    /// The model preset with an id.
    pub fn model(&self, id: &str) -> Option<ModelId> {
        let i = self.models.iter().position(|m| m.id == id)?;
        Some(ModelId(u16::try_from(i).ok()?))
    }

    /// The device preset with an id.
    pub fn hardware(&self, id: &str) -> Option<HardwareId> {
        let i = self.hardware.iter().position(|h| h.id == id)?;
        Some(HardwareId(u16::try_from(i).ok()?))
    }

    /// A model preset's figures.
    pub fn model_of(&self, id: ModelId) -> Option<&ModelPreset> {
        self.models.get(usize::from(id.0))
    }

    /// A device preset's figures.
    pub fn hardware_of(&self, id: HardwareId) -> Option<&HardwarePreset> {
        self.hardware.get(usize::from(id.0))
    }
}

/// A change an inline value makes to the live scenario: the core's [`Override`]
/// with presets by id, so that a file carries a preset's figures once however many
/// sentences pin it.
pub type Change = Override<ModelId, HardwareId>;

/// Between a data file's changes and the core's overrides.
pub trait Presetted: Sized {
    /// The model's override; `None` for a preset the presets do not have.
    fn to_override(self, presets: &Presets) -> Option<Override>;

    /// The change for a model's override: presets found by their figures, since an
    /// inline value names presets only. `None` for a model or device that is none.
    fn from_override(o: &Override, presets: &Presets) -> Option<Self>;
}

impl Presetted for Change {
    fn to_override(self, presets: &Presets) -> Option<Override> {
        self.map(
            |i| Some(presets.model_of(i)?.model),
            |i| Some(presets.hardware_of(i)?.hardware),
        )
    }

    fn from_override(o: &Override, presets: &Presets) -> Option<Change> {
        let index = |i: Option<usize>| i.and_then(|i| u16::try_from(i).ok());
        o.map(
            |m| Some(ModelId(index(presets.models.iter().position(|p| p.model == m))?)),
            |h| {
                Some(HardwareId(index(
                    presets.hardware.iter().position(|p| p.hardware == h),
                )?))
            },
        )
    }
}

/// An inline value in the prose.
#[derive(Clone, Debug, PartialEq, Serialize, Decode)]
pub struct Inline {
    /// The figure.
    pub output: Output,
    /// Changes applied to the live scenario first.
    pub changes: Vec<Change>,
    /// Significant digits, if not the unit's default.
    pub digits: Option<u8>,
}

impl Inline {
    /// The text for the live scenario; `None` where it cannot be computed.
    pub fn text(&self, scenario: &Scenario, presets: &Presets, lang: Lang) -> Option<String> {
        let mut s = *scenario;
        for change in &self.changes {
            s = s.with_override(change.to_override(presets)?);
        }
        self.output.text_for(&s, lang.locale(), self.digits).ok()?
    }
}

/// A calculator block of an entry.
#[derive(Clone, Debug, PartialEq, Serialize, Decode)]
pub struct Calculator {
    /// The model preset it starts from.
    pub model: ModelId,
    /// The device preset it starts from.
    pub hardware: HardwareId,
    /// The entry's example.
    pub scenario: Scenario,
    /// Outputs to show.
    pub show: Vec<Output>,
    /// Charts to draw.
    pub charts: Vec<Chart>,
    /// The form's controls shown first, in order (the others behind "More inputs").
    pub inputs: Vec<Control>,
}

/// A part of a body, in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Decode)]
pub enum Segment {
    /// Prose: the position among the prose file's segments.
    Prose(u16),
    /// A calculator: the position in [`Body::calculators`].
    Calculator(u16),
}

/// An entry's body without its prose.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Decode)]
pub struct Body {
    /// Reading order.
    pub segments: Vec<Segment>,
    /// Calculators; the first is the entry's scenario.
    pub calculators: Vec<Calculator>,
    /// Inline values, by their position (`data-rv` in the prose).
    pub inline: Vec<Inline>,
}

impl Body {
    /// The number of prose segments, which the prose file holds.
    pub fn prose_segments(&self) -> usize {
        self.segments.iter().filter(|s| matches!(s, Segment::Prose(_))).count()
    }
}

/// What every list of entries shows of one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Decode)]
pub struct Summary {
    /// Address segment.
    pub slug: String,
    /// Headword.
    pub term: String,
    /// Other names.
    pub variants: Vec<String>,
    /// Category slug.
    pub category: Option<String>,
    /// Short tag.
    pub marker: Option<String>,
    /// One-sentence definition.
    pub short: String,
    /// Whether the entry is a draft.
    pub draft: bool,
    /// Whether its status differs from that of most entries (a draft among reviewed
    /// entries, or the reverse): only such an entry carries a badge, and the usual
    /// status is said once, on the landing page and in each entry's footer.
    pub marked: bool,
}

/// An entry in its language's index.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Decode)]
pub struct IndexEntry {
    /// What lists show.
    pub summary: Summary,
    /// The slug of the same concept in the other language.
    pub translation: Option<String>,
    /// The path of the entry's [`EntryData`] file, below the site's base.
    pub file: String,
}

/// The index of one language.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Decode)]
pub struct Index {
    /// The language.
    pub lang: Lang,
    /// Category slugs the entries use and their display names, in display order.
    pub categories: Vec<(String, String)>,
    /// Entries, in dictionary order.
    pub entries: Vec<IndexEntry>,
    /// The reading path: positions in `entries` of the concepts a newcomer reads
    /// first, in order.
    pub reading_path: Vec<u32>,
    /// The position in `entries` of the concept the landing page's picture links to.
    pub picture: Option<u32>,
}

impl Index {
    /// The entry with a slug.
    pub fn find(&self, slug: &str) -> Option<crate::EntryId> {
        let pos = self.entries.iter().position(|e| e.summary.slug == slug)?;
        Some(crate::EntryId {
            lang: self.lang,
            pos: u32::try_from(pos).ok()?,
        })
    }

    /// An entry by id; `None` for an id of another index.
    pub fn get(&self, id: crate::EntryId) -> Option<&IndexEntry> {
        if id.lang != self.lang {
            return None;
        }
        self.entries.get(usize::try_from(id.pos).ok()?)
    }

    /// The display name of a category slug.
    pub fn category_name(&self, slug: &str) -> Option<&str> {
        self.categories.iter().find(|(s, _)| s == slug).map(|(_, n)| n.as_str())
    }
}

/// Another entry, the translation of one or its neighbour on the reading path:
/// where it is and what it is called.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Decode)]
pub struct Translation {
    /// Its slug.
    pub slug: String,
    /// Its headword.
    pub term: String,
}

/// A section of an entry (a level-2 heading) or a subsection of the section before
/// it (level 3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Decode)]
pub struct Section {
    /// The heading's id in the page.
    pub id: String,
    pub title: String,
    /// A level-3 heading, within the level-2 section before it.
    pub sub: bool,
}

/// What an entry's page needs beyond its prose.
#[derive(Clone, Debug, PartialEq, Serialize, Decode)]
pub struct EntryData {
    /// The entry's language.
    pub lang: Lang,
    /// Headword, other names, definition, tags.
    pub summary: Summary,
    /// The category's display name.
    pub category_name: Option<String>,
    /// The same concept in the other language.
    pub translation: Option<Translation>,
    /// Calculators and inline values.
    pub body: Body,
    /// The path of the prose file, below the site's base.
    pub prose: String,
    /// Where the entry is on the reading path; `None` off it.
    pub path: Option<PathPlace>,
    /// The entry's sections and their subsections, in the page's order.
    pub sections: Vec<Section>,
    /// For each section, the id of its counterpart in the translation (the same
    /// position where both have as many sections, else the nearest); empty without
    /// a translation.
    pub counterparts: Vec<String>,
    /// What the page shows after the prose.
    pub footer: Footer,
}

/// An entry's footer, as data: the pages render it. Pairs rather than structs of
/// their own: the wasm decodes pairs of strings already (`sections`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Decode)]
pub struct Footer {
    /// Related terms, in the author's order: the term, and its entry's slug where
    /// it has one.
    pub related: Vec<(String, Option<String>)>,
    /// Sources, in the author's order: label and address.
    pub sources: Vec<(String, String)>,
    /// The date of the last change: `YYYY-MM-DD`, and as the entry's language
    /// writes it (formatted at build time, which keeps the month names out of the wasm).
    pub updated: Option<(String, String)>,
}

/// An entry's place on the reading path: its position (from 1), the path's length,
/// and its neighbours there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Decode)]
pub struct PathPlace {
    pub position: u32,
    pub length: u32,
    pub previous: Option<Translation>,
    pub next: Option<Translation>,
}

/// Every data file of a build, by path below the site's base: what builds without
/// fetching carry, and what the pre-renderer writes next to the pages.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Decode)]
pub struct Bundle {
    /// Index files by language.
    pub indexes: Vec<(Lang, String)>,
    /// Every file: path and content.
    pub files: Vec<(String, Vec<u8>)>,
    /// Who publishes the site and on which terms, for every page's footer.
    pub about: About,
}

/// Who publishes the site and on which terms (`content/data/site.yaml`): what the
/// owner wrote, each part left out where it is not written. Only the pre-renderer
/// reads it; the app never shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Decode)]
pub struct About {
    /// The owner: a name, and a page of theirs.
    pub owner: Option<Link>,
    /// The licence of the entries' text: its name, and its text's address.
    pub licence: Option<Link>,
    /// The address where the site's source can be read.
    pub source: Option<String>,
}

/// A name that may link somewhere (an http(s) address).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Decode)]
pub struct Link {
    pub label: String,
    pub url: Option<String>,
}

impl Bundle {
    /// A file's content.
    pub fn file(&self, path: &str) -> Option<&[u8]> {
        self.files.iter().find(|(p, _)| p == path).map(|(_, b)| b.as_slice())
    }

    /// The path of a language's index file.
    pub fn index_path(&self, lang: Lang) -> Option<&str> {
        self.indexes.iter().find(|(l, _)| *l == lang).map(|(_, p)| p.as_str())
    }
}

/// Why a data file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError;

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the data file is damaged or of another version of the site")
    }
}

/// The bytes of a data file.
pub fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    // Writing to a vector fails only for types serde cannot describe (none here).
    postcard::to_allocvec(value).unwrap_or_default()
}

/// A data file's value.
pub fn decode<T: Decode>(bytes: &[u8]) -> Result<T, DecodeError> {
    ::wire::decode(bytes).ok_or(DecodeError)
}

/// The path of a file named by its content: `{dir}/{stem}.{hash}.{ext}`, with the
/// first 64 bits of FNV-1a over the bytes. Stable across builds and machines.
pub fn hashed_path(dir: &str, stem: &str, ext: &str, bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{dir}/{stem}.{hash:016x}.{ext}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn presets() -> Presets {
        let s = Scenario::example();
        Presets {
            models: vec![ModelPreset {
                id: "m".into(),
                name: "M".into(),
                names: vec![(Lang::De, "M-de".into())],
                model: s.model,
                weights: None,
            }],
            hardware: vec![HardwarePreset {
                id: "h".into(),
                name: "H".into(),
                vendor: "V".into(),
                hardware: s.hardware,
            }],
        }
    }

    #[test]
    fn an_entry_file_reads_back_as_written() {
        let data = EntryData {
            lang: Lang::De,
            summary: Summary {
                slug: "kv-cache".into(),
                term: "KV-Cache".into(),
                variants: vec!["KV Cache".into()],
                category: Some("c".into()),
                marker: None,
                short: "Größe „x“".into(),
                draft: true,
                marked: false,
            },
            category_name: Some("C".into()),
            translation: Some(Translation {
                slug: "kv-cache".into(),
                term: "KV cache".into(),
            }),
            body: Body {
                segments: vec![Segment::Prose(0), Segment::Calculator(0)],
                calculators: vec![Calculator {
                    model: ModelId(0),
                    hardware: HardwareId(0),
                    scenario: Scenario::example(),
                    show: vec![Output::WeightBytes],
                    charts: vec![Chart::Roofline],
                    inputs: vec![Control::Model, Control::Figure(roofline::Field::Batch)],
                }],
                inline: vec![Inline {
                    output: Output::WeightTime,
                    changes: vec![
                        Change::Batch(8),
                        Change::Weights(DataType::Int4(roofline::Groups::INT4_G128)),
                    ],
                    digits: Some(3),
                }],
            },
            prose: "prose/de/kv-cache.0.html".into(),
            path: Some(PathPlace {
                position: 2,
                length: 5,
                previous: Some(Translation {
                    slug: "speicherbandbreite".into(),
                    term: "Speicherbandbreite".into(),
                }),
                next: None,
            }),
            sections: vec![Section {
                id: "user-content-a".into(),
                title: "Ä".into(),
                sub: true,
            }],
            counterparts: vec!["user-content-b".into()],
            footer: Footer {
                related: vec![("Prefill".into(), None)],
                sources: vec![("Paper".into(), "https://example.org/?a=1&b=2".into())],
                updated: Some(("2026-03-01".into(), "1 March 2026".into())),
            },
        };
        let bytes = encode(&data);
        assert_eq!(decode::<EntryData>(&bytes), Ok(data));
        assert_eq!(decode::<EntryData>(&bytes[..bytes.len() / 2]), Err(DecodeError));
        assert!(decode::<Index>(b"\xff\xff\xff").is_err());
    }

    #[test]
    fn changes_name_presets_by_position() {
        let p = presets();
        let model = Override::Model(p.models[0].model);
        assert_eq!(Change::from_override(&model, &p), Some(Change::Model(ModelId(0))));
        assert_eq!(Change::Model(ModelId(0)).to_override(&p), Some(model));
        assert_eq!(Change::Model(ModelId(3)).to_override(&p), None);
        let other = Override::Model(Model {
            layers: 3,
            ..p.models[0].model
        });
        assert_eq!(Change::from_override(&other, &p), None);
    }

    #[test]
    fn names_follow_the_content() {
        let a = hashed_path("data/en", "x", "bin", b"one");
        assert_eq!(a, hashed_path("data/en", "x", "bin", b"one"));
        assert_ne!(a, hashed_path("data/en", "x", "bin", b"two"));
        assert!(a.starts_with("data/en/x.") && a.ends_with(".bin") && a.len() == "data/en/x..bin".len() + 16);
    }
}
