//! The site's data files (see [`vocab::wire`]): the presets for the browser bundle,
//! and per language an index, per entry a data file and a prose file, each named by
//! its content's hash. Built from typed values and encoded by one function; nothing
//! here writes Rust.

use vocab::i18n::format_date;
use vocab::wire::{
    self, Body, Bundle, Calculator, Change, EntryData, Footer, Index, IndexEntry, Inline, PathPlace, Presets,
    Presetted, Section, Segment, Summary, Translation,
};
use vocab::{collation_key, names, Lang};

use crate::markdown;
use crate::presets;
use crate::site::{Entry, Site};

/// The presets as the browser bundle carries them.
pub fn presets(p: &presets::Presets) -> Presets {
    Presets {
        models: p
            .models
            .iter()
            .map(|m| wire::ModelPreset {
                id: m.id.clone(),
                name: m.name.clone(),
                names: m.names.clone(),
                model: m.model,
                weights: m.weights,
            })
            .collect(),
        hardware: p
            .hardware
            .iter()
            .map(|h| wire::HardwarePreset {
                id: h.id.clone(),
                name: h.name.clone(),
                vendor: h.vendor.clone(),
                hardware: h.hardware,
            })
            .collect(),
    }
}

fn lang_of(code: &str) -> Lang {
    Lang::from_code(code).unwrap_or(Lang::En)
}

/// What lists show of `e`; `mostly_drafts`: the site's usual status (see
/// [`Site::mostly_drafts`]).
fn summary(e: &Entry, mostly_drafts: bool) -> Summary {
    let f = &e.front;
    Summary {
        slug: f.slug.clone(),
        term: f.term.clone(),
        variants: f.variants.clone(),
        category: f.category.clone(),
        marker: f.marker.clone(),
        short: f.short.clone(),
        draft: f.is_draft(),
        marked: f.is_draft() != mostly_drafts,
    }
}

fn position(i: usize) -> u16 {
    u16::try_from(i).unwrap_or(u16::MAX)
}

/// An entry's body without its prose. Validation has made sure that every preset an
/// inline value names exists; one that does not is left out rather than pointing at
/// a wrong preset.
fn body(b: &markdown::Body, presets: &Presets) -> Body {
    let mut prose = 0;
    let segments = b
        .segments
        .iter()
        .map(|s| match s {
            markdown::Segment::Html(_) => {
                prose += 1;
                Segment::Prose(position(prose - 1))
            }
            markdown::Segment::Calculator(i) => Segment::Calculator(position(*i)),
        })
        .collect();
    let calculators = b
        .calculators
        .iter()
        .map(|c| Calculator {
            model: presets.model(&c.model_id).unwrap_or(wire::ModelId(0)),
            hardware: presets.hardware(&c.hardware_id).unwrap_or(wire::HardwareId(0)),
            scenario: c.scenario,
            show: c.show.clone(),
            charts: c.charts.clone(),
            inputs: c.inputs.clone(),
        })
        .collect();
    let inline = b
        .inline
        .iter()
        .map(|v| Inline {
            output: v.output,
            changes: v
                .overrides
                .iter()
                .filter_map(|o| Change::from_override(o, presets))
                .collect(),
            digits: v.digits,
        })
        .collect();
    Body {
        segments,
        calculators,
        inline,
    }
}

/// The page's footer as data: related terms (with the slug of their entry, where
/// there is one), sources, date. The app renders it.
pub fn footer(site: &Site, e: &Entry) -> Footer {
    Footer {
        related: e
            .related
            .iter()
            .map(|r| {
                let slug = r.target.and_then(|i| site.entries.get(i)).map(|t| t.front.slug.clone());
                (r.term.clone(), slug)
            })
            .collect(),
        sources: e
            .front
            .sources
            .iter()
            .map(|s| (s.label.clone(), s.url.clone()))
            .collect(),
        updated: e
            .front
            .updated
            .as_ref()
            .map(|d| (d.clone(), format_date(d, lang_of(&e.lang)))),
    }
}

/// An entry's prose file: its prose segments.
pub fn prose(e: &Entry) -> String {
    let parts: Vec<String> = e
        .body
        .segments
        .iter()
        .filter_map(|s| match s {
            markdown::Segment::Html(html) => Some(html.clone()),
            markdown::Segment::Calculator(_) => None,
        })
        .collect();
    parts.join(names::PROSE_SEPARATOR)
}

/// For each of `n` sections, the position of its counterpart among the `m` sections
/// of the translation: the same position where the counts agree, else the one at
/// the nearest relative place. Nothing when the translation has no sections.
fn counterparts(n: usize, m: usize) -> impl Iterator<Item = usize> {
    (0..n).filter(move |_| m > 0).map(move |i| match (n, m) {
        _ if n == m => i,
        (1, _) => 0,
        // Round i·(m−1)/(n−1) to the nearest whole position.
        _ => (2 * i * (m - 1) + (n - 1)) / (2 * (n - 1)),
    })
}

/// For each section of an entry, the id of its counterpart in the translation's
/// `theirs`: the same position where both have the same outline (sections and
/// subsections alike); else sections are matched among sections (see
/// [`counterparts`]) and a subsection goes to its section's counterpart.
fn section_counterparts(ours: &[Section], theirs: &[Section]) -> Vec<String> {
    let outline = |s: &[Section]| s.iter().map(|s| s.sub).collect::<Vec<_>>();
    if outline(ours) == outline(theirs) {
        return theirs.iter().map(|s| s.id.clone()).collect();
    }
    let tops = |s: &[Section]| s.iter().filter(|s| !s.sub).count();
    let their_tops: Vec<&Section> = theirs.iter().filter(|s| !s.sub).collect();
    let matched: Vec<String> = counterparts(tops(ours), their_tops.len())
        .map(|i| their_tops[i].id.clone())
        .collect();
    // A subsection before any section (none in practice) goes to the first.
    let mut top = 0usize;
    let mut out = Vec::with_capacity(ours.len());
    for s in ours {
        if !s.sub {
            top += 1;
        }
        if let Some(id) = matched.get(top.saturating_sub(1)) {
            out.push(id.clone());
        }
    }
    out
}

/// An entry's data and prose files, added to `out`; the data file's path.
fn entry_files(site: &Site, e: &Entry, presets: &Presets, mostly_drafts: bool, out: &mut Bundle) -> String {
    let lang = lang_of(&e.lang);
    let prose = prose(e);
    // HTML, but not named as a page: opened on its own, a `.html` file would be a page
    // of the site's origin without the pages' Content-Security-Policy.
    let prose_path = wire::hashed_path(
        &format!("prose/{}", lang.code()),
        &e.front.slug,
        "txt",
        prose.as_bytes(),
    );
    let other = e.translation.and_then(|i| site.entries.get(i));
    let translation = other.map(|t| Translation {
        slug: t.front.slug.clone(),
        term: t.front.term.clone(),
    });
    let counterparts = other.map_or_else(Vec::new, |t| section_counterparts(&e.body.sections, &t.body.sections));
    let category_name = e.front.category.as_ref().and_then(|slug| {
        site.categories
            .iter()
            .find(|c| c.lang == e.lang && &c.slug == slug)
            .map(|c| c.name.clone())
    });
    let data = EntryData {
        lang,
        summary: summary(e, mostly_drafts),
        category_name,
        translation,
        body: body(&e.body, presets),
        prose: prose_path.clone(),
        path: path_place(site, e),
        sections: e.body.sections.clone(),
        counterparts,
        footer: footer(site, e),
    };
    let bytes = wire::encode(&data);
    let path = wire::hashed_path(&format!("data/{}", lang.code()), &e.front.slug, "bin", &bytes);
    out.files.push((prose_path, prose.into_bytes()));
    out.files.push((path.clone(), bytes));
    path
}

/// The entries of the reading path in `lang`, in order (concepts without an entry
/// in that language are left out).
fn reading_path<'s>(site: &'s Site, lang: &str) -> Vec<&'s Entry> {
    site.reading_path
        .iter()
        .filter_map(|id| concept_entry(site, lang, id))
        .collect()
}

/// The entry in `lang` of the concept `id` (`glossar_id`), if it has one.
fn concept_entry<'s>(site: &'s Site, lang: &str, id: &str) -> Option<&'s Entry> {
    site.entries
        .iter()
        .find(|e| e.lang == lang && e.front.glossar_id.as_deref() == Some(id))
}

/// `e`'s place on its language's reading path, if it is on it.
fn path_place(site: &Site, e: &Entry) -> Option<PathPlace> {
    let path = reading_path(site, &e.lang);
    let i = path.iter().position(|p| std::ptr::eq(*p, e))?;
    let link = |p: &&Entry| Translation {
        slug: p.front.slug.clone(),
        term: p.front.term.clone(),
    };
    Some(PathPlace {
        position: u32::try_from(i + 1).ok()?,
        length: u32::try_from(path.len()).ok()?,
        previous: i.checked_sub(1).and_then(|j| path.get(j)).map(link),
        next: path.get(i + 1).map(link),
    })
}

/// A language's index: its entries in dictionary order with their data files
/// (`file_of`, by the entry's position in the site), and its categories.
fn index(site: &Site, lang: Lang, file_of: &[String], mostly_drafts: bool) -> Index {
    let mut entries: Vec<(String, IndexEntry)> = site
        .entries
        .iter()
        .zip(file_of)
        .filter(|(e, _)| e.lang == lang.code())
        .map(|(e, file)| {
            let entry = IndexEntry {
                summary: summary(e, mostly_drafts),
                translation: e
                    .translation
                    .and_then(|i| site.entries.get(i))
                    .map(|t| t.front.slug.clone()),
                file: file.clone(),
            };
            (collation_key(&e.front.term), entry)
        })
        .collect();
    entries.sort_unstable_by(|a, b| (&a.0, &a.1.summary.slug).cmp(&(&b.0, &b.1.summary.slug)));
    // An entry's position in this index.
    let position = |e: &Entry| {
        let i = entries.iter().position(|(_, i)| i.summary.slug == e.front.slug)?;
        u32::try_from(i).ok()
    };
    let reading_path = reading_path(site, lang.code())
        .into_iter()
        .filter_map(position)
        .collect();
    let picture = site
        .landing_picture
        .as_deref()
        .and_then(|id| concept_entry(site, lang.code(), id))
        .and_then(position);
    Index {
        reading_path,
        picture,
        lang,
        categories: site
            .categories
            .iter()
            .filter(|c| c.lang == lang.code())
            .map(|c| (c.slug.clone(), c.name.clone()))
            .collect(),
        entries: entries.into_iter().map(|(_, e)| e).collect(),
    }
}

/// Every data file of the site. The prose links to entries by their full address,
/// which the site was loaded with; the footer names them by slug.
pub fn bundle(site: &Site) -> Bundle {
    let presets = presets(&site.presets);
    let mut out = Bundle::default();
    let mostly_drafts = site.mostly_drafts();
    let file_of: Vec<String> = site
        .entries
        .iter()
        .map(|e| entry_files(site, e, &presets, mostly_drafts, &mut out))
        .collect();
    for lang in Lang::ALL {
        let bytes = wire::encode(&index(site, lang, &file_of, mostly_drafts));
        let path = wire::hashed_path(&format!("data/{}", lang.code()), "index", "bin", &bytes);
        out.indexes.push((lang, path.clone()));
        out.files.push((path, bytes));
    }
    out.about = site.about.clone();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn site() -> Site {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let site = crate::load(&root, "/g/");
        assert!(!site.has_errors(), "{}", crate::pipeline::Report::of(&site));
        site
    }

    /// Every entry's summary as the index of its language holds it.
    fn summaries(bundle: &Bundle) -> Vec<Summary> {
        Lang::ALL
            .into_iter()
            .flat_map(|lang| {
                let index: Index = wire::decode(bundle.file(bundle.index_path(lang).expect("index")).expect("listed"))
                    .expect("decodes");
                index.entries.into_iter().map(|e| e.summary)
            })
            .collect()
    }

    #[test]
    fn only_an_entry_whose_status_differs_from_most_is_marked() {
        let mut site = site();
        let drafts = site.entries.iter().filter(|e| e.front.is_draft()).count();
        let usual = summaries(&bundle(&site));
        assert!(usual.iter().all(|s| s.marked == (s.draft != site.mostly_drafts())));
        assert_eq!(
            usual.iter().filter(|s| s.marked).count(),
            drafts.min(site.entries.len() - drafts)
        );
        // One entry of the other status stands out, in its index and its own file.
        let odd = site
            .entries
            .iter()
            .position(|e| e.front.is_draft() == site.mostly_drafts())
            .expect("an entry");
        let status = if site.mostly_drafts() { "reviewed" } else { "draft" };
        site.entries[odd].front.status = Some(status.into());
        let bundle = bundle(&site);
        let slug = site.entries[odd].front.slug.clone();
        let marked: Vec<_> = summaries(&bundle).into_iter().filter(|s| s.marked).collect();
        assert!(marked.iter().any(|s| s.slug == slug), "{marked:?}");
        let lang = Lang::from_code(&site.entries[odd].lang).expect("lang");
        let index: Index =
            wire::decode(bundle.file(bundle.index_path(lang).expect("index")).expect("listed")).expect("index");
        let file = &index
            .entries
            .iter()
            .find(|e| e.summary.slug == slug)
            .expect("listed")
            .file;
        let data: EntryData = wire::decode(bundle.file(file).expect("entry file")).expect("decodes");
        assert!(data.summary.marked);
    }

    #[test]
    fn sections_find_their_counterparts_one_to_one_or_at_the_nearest_place() {
        let all = |n, m| counterparts(n, m).collect::<Vec<_>>();
        assert_eq!(all(4, 4), [0, 1, 2, 3]);
        assert_eq!(all(3, 5), [0, 2, 4]);
        assert_eq!(all(5, 3), [0, 1, 1, 2, 2]);
        assert_eq!(all(1, 4), [0]);
        assert_eq!(all(2, 1), [0, 0]);
        assert!(all(3, 0).is_empty());
        assert!(all(0, 3).is_empty());
    }

    #[test]
    fn subsections_follow_their_section_where_the_outlines_differ() {
        let outline = |spec: &str| {
            spec.split_whitespace()
                .map(|s| Section {
                    id: s.to_string(),
                    title: String::new(),
                    sub: s.starts_with('s'),
                })
                .collect::<Vec<_>>()
        };
        let ids = |ours: &str, theirs: &str| section_counterparts(&outline(ours), &outline(theirs)).join(" ");
        // The same outline: one to one, subsections too.
        assert_eq!(ids("A sa B sb", "C sc D sd"), "C sc D sd");
        // A subsection only one side has: sections still pair up, and each
        // subsection goes to its section's counterpart.
        assert_eq!(ids("A sa sa2 B", "C sc D"), "C C C D");
        assert_eq!(ids("A B", "C sc D sd"), "C D");
        assert_eq!(ids("A B C", "D sd E"), "D E E");
        assert_eq!(ids("A sa", ""), "");
    }

    #[test]
    fn every_section_of_a_translated_entry_names_a_section_of_its_translation() {
        let site = site();
        let bundle = bundle(&site);
        for lang in Lang::ALL {
            let index: Index =
                wire::decode(bundle.file(bundle.index_path(lang).expect("index")).expect("listed")).expect("decodes");
            for entry in &index.entries {
                let data: EntryData = wire::decode(bundle.file(&entry.file).expect("entry file")).expect("decodes");
                let Some(other) = &data.translation else { continue };
                let theirs = index_of(&bundle, lang.other(), &other.slug);
                assert_eq!(data.counterparts.len(), data.sections.len(), "{}", entry.summary.term);
                for id in &data.counterparts {
                    assert!(theirs.sections.iter().any(|s| &s.id == id), "{id} in {}", other.slug);
                }
            }
        }
    }

    fn index_of(bundle: &Bundle, lang: Lang, slug: &str) -> EntryData {
        let index: Index =
            wire::decode(bundle.file(bundle.index_path(lang).expect("index")).expect("listed")).expect("decodes");
        let entry = index
            .entries
            .iter()
            .find(|e| e.summary.slug == slug)
            .expect("translation listed");
        wire::decode(bundle.file(&entry.file).expect("entry file")).expect("decodes")
    }

    #[test]
    fn every_file_reads_back_and_is_named_by_its_content() {
        let site = site();
        let bundle = bundle(&site);
        for lang in Lang::ALL {
            let path = bundle.index_path(lang).expect("an index per language");
            let index: Index = wire::decode(bundle.file(path).expect("listed")).expect("decodes");
            assert_eq!(index.lang, lang);
            assert_eq!(
                index.entries.len(),
                site.entries.iter().filter(|e| e.lang == lang.code()).count()
            );
            let keys: Vec<String> = index.entries.iter().map(|e| collation_key(&e.summary.term)).collect();
            assert!(keys.windows(2).all(|w| w[0] <= w[1]), "dictionary order: {keys:?}");
            for entry in &index.entries {
                let data: EntryData = wire::decode(bundle.file(&entry.file).expect("entry file")).expect("decodes");
                assert_eq!(data.summary, entry.summary);
                let prose = std::str::from_utf8(bundle.file(&data.prose).expect("prose file")).expect("utf-8");
                // One segment per prose run.
                assert_eq!(prose.split(names::PROSE_SEPARATOR).count(), data.body.prose_segments());
                if let Some(last) = data.body.inline.len().checked_sub(1) {
                    assert!(prose.contains(&format!("{}=\"{last}\"", names::INLINE_VALUE_ATTR)));
                }
            }
        }
        let mut paths: Vec<&String> = bundle.files.iter().map(|(p, _)| p).collect();
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), bundle.files.len(), "no two files share a name");
    }

    #[test]
    fn an_edit_renames_only_what_it_changes() {
        let mut site = site();
        let before = bundle(&site);
        let i = site
            .entries
            .iter()
            .position(|e| e.lang == "en")
            .expect("an English entry");
        site.entries[i].front.short.push_str(" More.");
        let after = bundle(&site);
        let changed: Vec<&String> = after
            .files
            .iter()
            .filter(|(p, _)| before.file(p).is_none())
            .map(|(p, _)| p)
            .collect();
        // The entry's data file and the English index; its prose and every other file stay.
        assert_eq!(changed.len(), 2, "{changed:?}");
        assert!(changed.iter().all(|p| p.starts_with("data/en/")));
    }

    #[test]
    fn the_footer_is_what_authors_wrote() {
        let mut site = site();
        site.entries[0].front.sources[0].label = "<script>x</script> & co".into();
        let footer = footer(&site, &site.entries[0]);
        // Kept as written: the app escapes it as it renders.
        assert_eq!(footer.sources[0].0, "<script>x</script> & co");
        assert_eq!(footer.related.len(), site.entries[0].related.len());
        for (r, related) in footer.related.iter().zip(&site.entries[0].related) {
            assert_eq!(r.1.is_some(), related.target.is_some());
        }
    }
}
