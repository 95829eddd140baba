//! Reads the whole `content/` folder, checks it as a whole, and renders it.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use roofline::Locale;

use crate::diagnostic::{Diagnostic, Severity, LISTED};
use crate::figures;
use crate::frontmatter::{self, Frontmatter};
use crate::limits;
use crate::markdown::{self, Body, Related, Resolve};
use crate::presets::{self, Presets};
use crate::prose;
use crate::yaml::{self, Step};

/// The languages of the site, in display order.
pub const LANGS: &[&str] = &["de", "en"];

/// One rendered entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// `de` or `en`.
    pub lang: String,
    /// Display path of the file.
    pub path: String,
    /// The frontmatter.
    pub front: Frontmatter,
    /// The rendered body.
    pub body: Body,
    /// Related terms from the frontmatter's `related` list.
    pub related: Vec<Related>,
    /// The same concept in the other language.
    pub translation: Option<usize>,
}

/// A related term that has no entry yet.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct NotYetWritten {
    /// Language.
    pub lang: String,
    /// The term as written.
    pub term: String,
    /// Entries that name it.
    pub named_by: Vec<String>,
}

/// A category with its display name.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Category {
    /// Language.
    pub lang: String,
    /// The slug as written in the entries.
    pub slug: String,
    /// The name shown to readers.
    pub name: String,
}

/// A slug as words, for a category without a name: `hardware-und-infrastruktur`
/// becomes "Hardware und infrastruktur".
fn humanise(slug: &str) -> String {
    let words = slug.replace('-', " ");
    let mut chars = words.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Everything the site is built from.
#[derive(Clone, Debug, Default)]
pub struct Site {
    /// Entries, sorted by language and slug.
    pub entries: Vec<Entry>,
    /// Presets.
    pub presets: Presets,
    /// Errors and warnings, in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// Related terms without an entry.
    pub not_yet_written: Vec<NotYetWritten>,
    /// The categories the entries use, by language and name.
    pub categories: Vec<Category>,
    /// The reading path: the concepts a newcomer reads first, in order, by
    /// `glossar_id` (`content/data/reading-path.yaml`).
    pub reading_path: Vec<String>,
    /// The concept the landing page's picture (a roofline) links to, by
    /// `glossar_id` (`content/data/landing.yaml`).
    pub landing_picture: Option<String>,
    /// Who publishes the site and on which terms (`content/data/site.yaml`).
    pub about: vocab::wire::About,
    /// Every file read, for build-script change tracking.
    pub files: Vec<PathBuf>,
}

impl Site {
    /// Whether most entries are drafts: the status the site says once, rather than
    /// by a badge on every entry.
    pub fn mostly_drafts(&self) -> bool {
        self.entries.iter().filter(|e| e.front.is_draft()).count() * 2 > self.entries.len()
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == Severity::Error)
    }

    /// The URL path of an entry below `base` (which ends in `/`).
    pub fn url(base: &str, lang: &str, slug: &str) -> String {
        format!("{base}{lang}/{slug}")
    }
}

pub use vocab::fold;
pub use vocab::urls::normalise_base;

/// A size limit of one kind of file, with advice for a file above it.
pub struct Limit {
    /// The largest size accepted, in bytes.
    pub bytes: u64,
    /// The kind of file, for the message: "an entry".
    what: &'static str,
    /// How to get below the limit.
    hint: &'static str,
}

/// Entry files: one term's frontmatter and text.
pub const ENTRY_LIMIT: Limit = Limit {
    bytes: 256 * 1024,
    what: "an entry",
    hint: "an entry explains one term; give the parts that are terms of their own their own entries and link them",
};

/// Data files under `content/data/`: presets and category names.
pub const DATA_LIMIT: Limit = Limit {
    bytes: 1024 * 1024,
    what: "a data file",
    hint: "presets and category names take a few KiB; check that this is the file meant",
};

/// An entry file with its frontmatter checked, before its body is rendered.
struct Parsed {
    /// `de` or `en`.
    lang: String,
    /// Display path of the file.
    path: String,
    /// The frontmatter.
    front: Frontmatter,
    /// The frontmatter's YAML, for the positions of its keys.
    yaml: String,
    /// 1-based line of the YAML's first line.
    yaml_line: usize,
    /// The Markdown body.
    body: String,
    /// 1-based line of the body's first line.
    body_line: usize,
}

impl Parsed {
    /// The 1-based position of a frontmatter key in the file.
    fn key_position(&self, key: &str) -> (usize, usize) {
        frontmatter::position(&self.yaml, self.yaml_line, &[Step::Key(key)])
    }
}

/// Lookups over all entries, each by language: slugs, concept ids, and the folded
/// terms and variants.
#[derive(Default)]
struct Index {
    slugs: HashMap<(String, String), usize>,
    ids: HashMap<(String, String), usize>,
    terms: HashMap<(String, String), usize>,
}

/// The index resolving links of one language.
struct LangIndex<'a> {
    lang: &'a str,
    base: &'a str,
    /// The slug of the entry being rendered.
    page_slug: &'a str,
    index: &'a Index,
    parsed: &'a [Parsed],
}

impl LangIndex<'_> {
    /// Entry `i` with its URL.
    fn url(&self, i: usize) -> (usize, String) {
        (i, Site::url(self.base, self.lang, &self.parsed[i].front.slug))
    }
}

impl Resolve for LangIndex<'_> {
    fn slug(&self, slug: &str) -> Option<(usize, String)> {
        let i = *self.index.slugs.get(&(self.lang.to_string(), slug.to_string()))?;
        Some(self.url(i))
    }

    fn term(&self, term: &str) -> Option<(usize, String)> {
        let i = *self.index.terms.get(&(self.lang.to_string(), fold(term)))?;
        Some(self.url(i))
    }

    fn slugs(&self) -> Vec<&str> {
        self.parsed
            .iter()
            .filter(|p| p.lang == self.lang)
            .map(|p| p.front.slug.as_str())
            .collect()
    }

    fn page(&self) -> String {
        Site::url(self.base, self.lang, self.page_slug)
    }
}

fn display_path(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Every regular file below `dir`, each folder's entries in name order, depth
/// first. Symbolic links are not followed (two folders linking to each other would
/// never end) and, like other special files, are skipped with a warning.
fn walk(root: &Path, dir: &Path, out: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
    let mut files = Vec::new();
    // Entries still to visit, the next one last.
    let mut pending: Vec<(PathBuf, Option<fs::FileType>)> = vec![(dir.to_path_buf(), None)];
    while let Some((path, kind)) = pending.pop() {
        let shown = display_path(root, &path);
        match kind {
            None => {
                let Ok(read) = fs::read_dir(&path) else { continue };
                let mut children: Vec<_> = read
                    .filter_map(Result::ok)
                    .map(|e| (e.path(), e.file_type().ok()))
                    .collect();
                children.sort_by(|a, b| b.0.cmp(&a.0));
                for (child, kind) in children {
                    match kind {
                        // Folders are read when they are visited.
                        Some(k) if k.is_dir() => pending.push((child, None)),
                        Some(k) => pending.push((child, Some(k))),
                        None => out.push(Diagnostic::warning(
                            &display_path(root, &child),
                            1,
                            1,
                            "cannot tell what kind of file this is; it is skipped",
                        )),
                    }
                }
            }
            Some(k) if k.is_file() => files.push(path),
            Some(k) if k.is_symlink() => out.push(
                Diagnostic::warning(&shown, 1, 1, "symbolic link is skipped")
                    .hint("links are not followed; move or copy the file or folder into content/"),
            ),
            Some(_) => out.push(
                Diagnostic::warning(&shown, 1, 1, "not a regular file; it is skipped")
                    .hint("content/ holds Markdown and YAML files and folders of them"),
            ),
        }
    }
    files
}

/// The text of a file of at most `limit` bytes, or `None` with a diagnostic. The size
/// is checked before anything is read, and no more than the limit is ever read.
fn read_text(root: &Path, path: &Path, limit: &Limit, out: &mut Vec<Diagnostic>) -> Option<String> {
    let shown = display_path(root, path);
    let too_large = |size: u64| {
        Diagnostic::error(
            &shown,
            1,
            1,
            format!(
                "the file has {size} bytes; {} may have at most {} ({} KiB)",
                limit.what,
                limit.bytes,
                limit.bytes / 1024
            ),
        )
        .hint(limit.hint)
    };
    let mut bytes = Vec::new();
    let read = fs::File::open(path).and_then(|file| {
        let size = file.metadata()?.len();
        if size <= limit.bytes {
            file.take(limit.bytes + 1).read_to_end(&mut bytes)?;
        }
        Ok(size)
    });
    match read {
        Err(e) => {
            out.push(Diagnostic::error(&shown, 1, 1, format!("cannot read the file: {e}")));
            return None;
        }
        Ok(size) if size > limit.bytes => {
            out.push(too_large(size));
            return None;
        }
        // The file grew while it was read.
        Ok(_) if bytes.len() as u64 > limit.bytes => {
            out.push(too_large(bytes.len() as u64));
            return None;
        }
        Ok(_) => {}
    }
    utf8(&shown, bytes, out)
}

/// `bytes` as text, or `None` with an error at the first byte that is not UTF-8.
fn utf8(shown: &str, bytes: Vec<u8>, out: &mut Vec<Diagnostic>) -> Option<String> {
    match String::from_utf8(bytes) {
        Ok(text) => Some(text),
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let good = String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned();
            let (line, col) = crate::diagnostic::line_col(&good, good.len());
            out.push(
                Diagnostic::error(shown, line, col, "the file is not valid UTF-8")
                    .hint("save the file as UTF-8 (umlauts and ß are fine in UTF-8)"),
            );
            None
        }
    }
}

/// Loads `root/content`, where `root` is the project folder; `base` is the URL
/// path the site is served under (ending in `/`).
pub fn load(root: &Path, base: &str) -> Site {
    let content = root.join("content");
    let mut site = Site::default();
    let out = &mut site.diagnostics;
    let files = walk(root, &content, out);
    if files.is_empty() {
        out.push(Diagnostic::error("content", 1, 1, "no content found").hint("entries go to content/<lang>/<slug>.md"));
    }
    // Presets first: entries refer to them.
    site.presets = load_presets(root, &content, &files, out);
    let parsed: Vec<Parsed> = files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .filter_map(|p| read_entry(root, &content, p, out))
        .collect();
    let index = index(&parsed, out);
    site.entries = parsed
        .iter()
        .map(|p| render_entry(p, &index, &parsed, base, &site.presets, out))
        .collect();
    site.not_yet_written = not_yet_written(&site.entries);
    let names = category_names(root, &content, &files, out);
    site.categories = categories(&site.entries, &parsed, &names, out);
    site.reading_path = reading_path(root, &content, &files, &site.entries, out);
    site.landing_picture = landing_picture(root, &content, &files, &site.entries, out);
    site.about = about(root, &content, &files, out);
    site.diagnostics
        .sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
    site.files = files;
    site.files.push(content);
    site
}

/// The presets alone, for a build that needs no entry (the release browser build):
/// what they are, what is wrong with them, and the files they come from.
pub fn load_presets_only(root: &Path) -> (Presets, Vec<Diagnostic>, Vec<PathBuf>) {
    let content = root.join("content");
    let files: Vec<PathBuf> = ["hardware.yaml", "models.yaml"]
        .iter()
        .map(|n| content.join("data").join(n))
        .filter(|p| p.is_file())
        .collect();
    let mut out = Vec::new();
    let presets = load_presets(root, &content, &files, &mut out);
    (presets, out, files)
}

/// Reads the hardware and model presets of `content/data/`.
fn load_presets(root: &Path, content: &Path, files: &[PathBuf], out: &mut Vec<Diagnostic>) -> Presets {
    let mut presets = Presets::default();
    for (name, is_hw) in [("hardware.yaml", true), ("models.yaml", false)] {
        let path = content.join("data").join(name);
        let shown = display_path(root, &path);
        if !files.contains(&path) {
            out.push(Diagnostic::error(&shown, 1, 1, "preset file is missing"));
            continue;
        }
        if let Some(text) = read_text(root, &path, &DATA_LIMIT, out) {
            if is_hw {
                presets.hardware = presets::parse_hardware(&shown, &text, out);
            } else {
                presets.models = presets::parse_models(&shown, &text, out);
            }
        }
    }
    presets
}

/// Reads one Markdown file and checks its frontmatter; `None` when it cannot be
/// used (the reason is in `out`).
fn read_entry(root: &Path, content: &Path, path: &Path, out: &mut Vec<Diagnostic>) -> Option<Parsed> {
    let shown = display_path(root, path);
    let rel = path.strip_prefix(content).unwrap_or(path);
    let parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let lang = match parts.as_slice() {
        [lang, _file] if LANGS.contains(&lang.as_str()) => lang.clone(),
        _ => {
            out.push(
                Diagnostic::error(&shown, 1, 1, "Markdown file outside content/<lang>/").hint(format!(
                    "move it to content/{}/ (languages: {})",
                    LANGS[0],
                    LANGS.join(", ")
                )),
            );
            return None;
        }
    };
    let text = read_text(root, path, &ENTRY_LIMIT, out)?;
    let split = frontmatter::split(&shown, &text).map_err(|d| out.push(d)).ok()?;
    let front = frontmatter::parse(&shown, &split, out)?;
    Some(Parsed {
        lang,
        path: shown,
        front,
        yaml: split.yaml.to_string(),
        yaml_line: split.yaml_line,
        body: split.body.to_string(),
        body_line: split.body_line,
    })
}

/// Indexes the entries by slug, concept id and term; a slug or concept id used twice
/// in a language is an error at the second entry's key.
fn index(parsed: &[Parsed], out: &mut Vec<Diagnostic>) -> Index {
    let mut index = Index::default();
    for (i, p) in parsed.iter().enumerate() {
        let slug = (p.lang.clone(), p.front.slug.clone());
        if let Some(&first) = index.slugs.get(&slug) {
            out.push(
                used_twice(parsed, first, i, "slug", &p.front.slug)
                    .hint("every entry of a language needs its own slug"),
            );
        } else {
            index.slugs.insert(slug, i);
        }
        if let Some(id) = &p.front.glossar_id {
            let key = (p.lang.clone(), id.clone());
            if let Some(&first) = index.ids.get(&key) {
                out.push(
                    used_twice(parsed, first, i, "glossar_id", id)
                        .hint("one concept has one entry per language; give a new concept a new id"),
                );
            } else {
                index.ids.insert(key, i);
            }
        }
        for name in std::iter::once(&p.front.term).chain(&p.front.variants) {
            index.terms.entry((p.lang.clone(), fold(name))).or_insert(i);
        }
    }
    index
}

/// The error for entry `second` whose `key` repeats the `value` of entry `first`, at
/// the key in the second file and naming where the first has it.
fn used_twice(parsed: &[Parsed], first: usize, second: usize, key: &str, value: &str) -> Diagnostic {
    let (line, column) = parsed[second].key_position(key);
    let (first_line, _) = parsed[first].key_position(key);
    Diagnostic::error(
        &parsed[second].path,
        line,
        column,
        format!("{key} `{value}` is already used by {}:{first_line}", parsed[first].path),
    )
}

/// Renders an entry's body with links resolved against its whole language, and
/// pairs it with its translation.
fn render_entry(
    p: &Parsed,
    index: &Index,
    parsed: &[Parsed],
    base: &str,
    presets: &Presets,
    out: &mut Vec<Diagnostic>,
) -> Entry {
    let lang_index = LangIndex {
        lang: &p.lang,
        base,
        page_slug: &p.front.slug,
        index,
        parsed,
    };
    let src = markdown::Source {
        path: &p.path,
        text: &p.body,
        first_line: p.body_line,
        locale: Locale::from_lang(&p.lang),
    };
    let body = markdown::render(&src, presets, &lang_index, out);
    check_prose(&src, &body, presets, out);
    let related = p
        .front
        .related
        .iter()
        .map(|t| Related {
            term: t.clone(),
            target: lang_index.term(t).map(|(j, _)| j),
        })
        .collect();
    Entry {
        lang: p.lang.clone(),
        path: p.path.clone(),
        front: p.front.clone(),
        body,
        related,
        translation: translation(p, index, out),
    }
}

/// The checks that read an entry's prose beside its rendering: typed figures, and
/// contexts beyond what a model reads.
fn check_prose(src: &markdown::Source<'_>, body: &Body, presets: &Presets, out: &mut Vec<Diagnostic>) {
    let parts = prose::parts(src.text);
    let scenario = body.calculators.first();
    figures::check(src, &parts, scenario, out);
    limits::check(src, &parts, scenario, presets, out);
}

/// The same concept's entry in another language; a warning where there is none.
fn translation(p: &Parsed, index: &Index, out: &mut Vec<Diagnostic>) -> Option<usize> {
    let Some(id) = &p.front.glossar_id else {
        out.push(
            Diagnostic::warning(
                &p.path,
                p.yaml_line,
                1,
                "no `glossar_id`: the entry cannot be paired with its translation",
            )
            .hint("add the concept's id, e.g. `glossar_id: \"G389\"`"),
        );
        return None;
    };
    let others: Vec<&str> = LANGS.iter().copied().filter(|l| *l != p.lang).collect();
    let found = others
        .iter()
        .find_map(|other| index.ids.get(&((*other).to_string(), id.clone())).copied());
    if found.is_none() {
        let (line, column) = p.key_position("glossar_id");
        out.push(
            Diagnostic::warning(
                &p.path,
                line,
                column,
                format!("concept `{id}` exists only in `{}`", p.lang),
            )
            .hint(format!(
                "add an entry with the same glossar_id under content/{}/; \
                 until then the page says that no translation exists",
                others.join(", ")
            )),
        );
    }
    found
}

/// Related terms without an entry, by language and term, with the entries naming them.
fn not_yet_written(entries: &[Entry]) -> Vec<NotYetWritten> {
    let mut missing: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for e in entries {
        for r in e.body.related.iter().chain(&e.related) {
            if r.target.is_none() {
                missing
                    .entry((e.lang.clone(), r.term.clone()))
                    .or_default()
                    .push(e.front.slug.clone());
            }
        }
    }
    missing
        .into_iter()
        .map(|((lang, term), named_by)| NotYetWritten { lang, term, named_by })
        .collect()
}

/// A data file of `content/data/` by its name, if the site has one: the path to show
/// in messages and its text (`None` where it is missing or unreadable, the latter
/// reported).
fn data_file(
    root: &Path,
    content: &Path,
    files: &[PathBuf],
    name: &str,
    out: &mut Vec<Diagnostic>,
) -> Option<(String, String)> {
    let path = content.join("data").join(name);
    if !files.contains(&path) {
        return None;
    }
    let text = read_text(root, &path, &DATA_LIMIT, out)?;
    Some((display_path(root, &path), text))
}

/// Reads `content/data/categories.yaml`, if there is one: per language, category
/// slug → name.
fn category_names(
    root: &Path,
    content: &Path,
    files: &[PathBuf],
    out: &mut Vec<Diagnostic>,
) -> BTreeMap<String, BTreeMap<String, String>> {
    let Some((shown, text)) = data_file(root, content, files, "categories.yaml", out) else {
        return BTreeMap::new();
    };
    match yaml::from_str::<BTreeMap<String, BTreeMap<String, String>>>(&text) {
        Ok(names) => {
            // In the order written, which the map has lost.
            let unknown: Vec<String> = yaml::top_level_keys(&text)
                .into_iter()
                .filter(|l| !LANGS.contains(&l.as_str()))
                .collect();
            let at = |lang: &str| yaml::locate(&text, &[Step::Key(lang)]).unwrap_or((1, 1));
            for lang in unknown.iter().take(LISTED) {
                let (line, column) = at(lang);
                out.push(
                    Diagnostic::warning(&shown, line, column, format!("unknown language `{lang}`"))
                        .hint(format!("the languages are {}", LANGS.join(", "))),
                );
            }
            if let Some(lang) = unknown.get(LISTED) {
                let (line, column) = at(lang);
                let more = format!("{} more unknown languages", unknown.len() - LISTED);
                out.push(Diagnostic::warning(&shown, line, column, more));
            }
            names
        }
        Err(e) => {
            out.push(
                Diagnostic::error(&shown, e.line, e.column, e.message)
                    .hint("write one mapping per language: `de:` then indented `slug: \"Name\"` lines"),
            );
            BTreeMap::new()
        }
    }
}

/// Reads `content/data/reading-path.yaml`, if there is one: a list of concept ids
/// (`glossar_id`), each of which an entry must have; an id named twice or unknown
/// is an error at its line.
fn reading_path(
    root: &Path,
    content: &Path,
    files: &[PathBuf],
    entries: &[Entry],
    out: &mut Vec<Diagnostic>,
) -> Vec<String> {
    let Some((shown, text)) = data_file(root, content, files, "reading-path.yaml", out) else {
        return Vec::new();
    };
    let ids = match yaml::from_str::<Vec<String>>(&text) {
        Ok(ids) => ids,
        Err(e) => {
            out.push(
                Diagnostic::error(&shown, e.line, e.column, e.message)
                    .hint("write one `- G…` line per concept, the `glossar_id` of its entries"),
            );
            return Vec::new();
        }
    };
    let mut path_ids: Vec<String> = Vec::new();
    for (i, id) in ids.into_iter().enumerate() {
        let (line, column) = yaml::locate(&text, &[Step::Item(i)]).unwrap_or((1, 1));
        if path_ids.contains(&id) {
            out.push(
                Diagnostic::error(&shown, line, column, format!("`{id}` is on the reading path twice"))
                    .hint("a concept has one place on the path; remove one of the lines"),
            );
        } else if !has_concept(entries, &id) {
            out.push(unknown_concept(&shown, line, column, &id));
        } else {
            path_ids.push(id);
        }
    }
    path_ids
}

/// The landing page's data (`content/data/landing.yaml`).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Landing {
    /// The `glossar_id` of the concept the picture links to.
    picture: Option<String>,
}

/// Reads `content/data/landing.yaml`, if there is one: the concept the landing
/// page's picture links to (`picture: G…`), which an entry must have; an unknown id
/// or key is an error at its line.
fn landing_picture(
    root: &Path,
    content: &Path,
    files: &[PathBuf],
    entries: &[Entry],
    out: &mut Vec<Diagnostic>,
) -> Option<String> {
    let (shown, text) = data_file(root, content, files, "landing.yaml", out)?;
    let id = match yaml::from_str::<Landing>(&text) {
        Ok(landing) => landing.picture?,
        Err(e) => {
            out.push(
                Diagnostic::error(&shown, e.line, e.column, e.message)
                    .hint("write `picture: G…`, the `glossar_id` of the entries the picture links to"),
            );
            return None;
        }
    };
    if has_concept(entries, &id) {
        return Some(id);
    }
    let (line, column) = yaml::locate(&text, &[Step::Key("picture")]).unwrap_or((1, 1));
    out.push(unknown_concept(&shown, line, column, &id));
    None
}

/// The site's data (`content/data/site.yaml`): who publishes it and on which terms.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SiteData {
    owner: Option<String>,
    owner_url: Option<String>,
    licence: Option<String>,
    licence_url: Option<String>,
    source: Option<String>,
}

/// The longest name the footer shows (an owner's, a licence's).
const NAME_LIMIT: usize = 80;
/// The longest address the footer links to.
const ADDRESS_LIMIT: usize = 300;

/// Reads `content/data/site.yaml`, if there is one: the owner, the licence of the
/// entries' text and the address of the source, each optional. A name on more than
/// one line or too long, an address that is not http(s), a page without the name it
/// belongs to or an unknown key is an error at its line, and that part is left out.
fn about(root: &Path, content: &Path, files: &[PathBuf], out: &mut Vec<Diagnostic>) -> vocab::wire::About {
    use vocab::wire::{About, Link};
    let Some((shown, text)) = data_file(root, content, files, "site.yaml", out) else {
        return About::default();
    };
    // A file of comments alone is a document without a value: nothing is said.
    let data = match yaml::from_str::<Option<SiteData>>(&text) {
        Ok(data) => data,
        Err(e) => {
            out.push(Diagnostic::error(&shown, e.line, e.column, e.message).hint(
                "the keys are `owner`, `owner_url`, `licence`, `licence_url` and `source`, each a text on its line",
            ));
            return About::default();
        }
    };
    let Some(data) = data else {
        return About::default();
    };
    let mut error = |key: &str, message: String, hint: &str| {
        let (line, column) = yaml::locate(&text, &[Step::Key(key)]).unwrap_or((1, 1));
        out.push(Diagnostic::error(&shown, line, column, message).hint(hint.to_string()));
    };
    let mut name = |key: &str, value: Option<String>| {
        let value = value?;
        let trimmed = value.trim();
        if trimmed.is_empty() || trimmed.contains(['\n', '\r']) || trimmed.chars().count() > NAME_LIMIT {
            error(
                key,
                format!("`{key}` is not a name of one line"),
                &format!("write it on one line, with at most {NAME_LIMIT} characters"),
            );
            return None;
        }
        Some(trimmed.to_string())
    };
    let owner = name("owner", data.owner);
    let licence = name("licence", data.licence);
    let mut address = |key: &str, value: Option<String>| {
        let value = value?;
        let url = value.trim();
        if !crate::presets::is_http_url(url) || url.len() > ADDRESS_LIMIT {
            error(
                key,
                format!("`{key}` is not a web address"),
                &format!(
                    "write an address that begins with `https://`, with no spaces, \
                     of at most {ADDRESS_LIMIT} characters"
                ),
            );
            return None;
        }
        Some(url.to_string())
    };
    let owner_url = address("owner_url", data.owner_url);
    let licence_url = address("licence_url", data.licence_url);
    let source = address("source", data.source);
    let mut link = |name: Option<String>, url: Option<String>, key: &str, of: &str| match (name, url) {
        (Some(label), url) => Some(Link { label, url }),
        (None, Some(_)) => {
            error(
                key,
                format!("`{key}` without `{of}`"),
                &format!("write `{of}:` too, the name the address is linked from"),
            );
            None
        }
        (None, None) => None,
    };
    let owner = link(owner, owner_url, "owner_url", "owner");
    let licence = link(licence, licence_url, "licence_url", "licence");
    About { owner, licence, source }
}

/// Whether an entry has the concept id `id` (`glossar_id`).
fn has_concept(entries: &[Entry], id: &str) -> bool {
    entries.iter().any(|e| e.front.glossar_id.as_deref() == Some(id))
}

/// A data file names a concept no entry has.
fn unknown_concept(shown: &str, line: usize, column: usize, id: &str) -> Diagnostic {
    Diagnostic::error(shown, line, column, format!("no entry has the `glossar_id` `{id}`"))
        .hint("name a concept by the `glossar_id` in its entries' frontmatter")
}

/// The categories the entries use with their names, by language and name; a
/// category without a name is shown as its words, with a warning at the first entry
/// using it.
fn categories(
    entries: &[Entry],
    parsed: &[Parsed],
    names: &BTreeMap<String, BTreeMap<String, String>>,
    out: &mut Vec<Diagnostic>,
) -> Vec<Category> {
    let mut categories: BTreeMap<(String, String), String> = BTreeMap::new();
    for (e, p) in entries.iter().zip(parsed) {
        let Some(slug) = &e.front.category else { continue };
        if categories.contains_key(&(e.lang.clone(), slug.clone())) {
            continue;
        }
        let name = match names.get(&e.lang).and_then(|m| m.get(slug)) {
            Some(name) => name.clone(),
            None => {
                let shown = humanise(slug);
                let (line, column) = p.key_position("category");
                out.push(
                    Diagnostic::warning(
                        &e.path,
                        line,
                        column,
                        format!("category `{slug}` has no name; it is shown as \"{shown}\""),
                    )
                    .hint(format!(
                        "add `{slug}: \"…\"` under `{}:` in content/data/categories.yaml",
                        e.lang
                    )),
                );
                shown
            }
        };
        categories.insert((e.lang.clone(), slug.clone()), name);
    }
    let mut categories: Vec<Category> = categories
        .into_iter()
        .map(|((lang, slug), name)| Category { lang, slug, name })
        .collect();
    categories.sort_by(|a, b| (&a.lang, fold(&a.name)).cmp(&(&b.lang, fold(&b.name))));
    categories
}
