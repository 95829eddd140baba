//! Reads the whole `content/` folder, checks it as a whole, and renders it.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

use roofline::Locale;

use crate::diagnostic::{Diagnostic, Severity};
use crate::frontmatter::{self, Frontmatter};
use crate::markdown::{self, Body, Related, Resolve};
use crate::presets::{self, Presets};

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

/// Reads `content/data/categories.yaml`: per language, category slug → name.
fn category_names(root: &Path, path: &Path, out: &mut Vec<Diagnostic>) -> BTreeMap<String, BTreeMap<String, String>> {
    if !path.exists() {
        return BTreeMap::new();
    }
    let shown = display_path(root, path);
    let Some(text) = read_utf8(root, path, out) else {
        return BTreeMap::new();
    };
    match crate::yaml::from_str::<BTreeMap<String, BTreeMap<String, String>>>(&text) {
        Ok(names) => {
            for lang in names.keys().filter(|l| !LANGS.contains(&l.as_str())) {
                let line = text
                    .lines()
                    .position(|l| l.starts_with(&format!("{lang}:")))
                    .unwrap_or(0)
                    + 1;
                out.push(
                    Diagnostic::warning(&shown, line, 1, format!("unknown language `{lang}`"))
                        .hint(format!("the languages are {}", LANGS.join(", "))),
                );
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
    /// Every file read, for build-script change tracking.
    pub files: Vec<PathBuf>,
}

impl Site {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity == Severity::Error)
    }

    /// The URL path of an entry below `base` (which ends in `/`).
    pub fn url(base: &str, lang: &str, slug: &str) -> String {
        format!("{base}{lang}/{slug}")
    }
}

/// The URL path a site is served under, as `/` or `/name/`: `/glossary`,
/// `glossary/` and `/glossary/` all become `/glossary/`; empty becomes `/`.
pub fn normalise_base(raw: &str) -> String {
    let trimmed = raw.trim().trim_matches('/');
    if trimmed.is_empty() {
        "/".to_string()
    } else {
        format!("/{trimmed}/")
    }
}

/// Folds a term for lookups: case, umlauts and punctuation do not matter.
pub fn fold(term: &str) -> String {
    frontmatter::slugify(term)
}

struct LangIndex<'a> {
    lang: &'a str,
    base: &'a str,
    slugs: &'a HashMap<(String, String), usize>,
    terms: &'a HashMap<(String, String), usize>,
    fronts: &'a [(String, String, Frontmatter)],
}

impl Resolve for LangIndex<'_> {
    fn slug(&self, slug: &str) -> Option<(usize, String)> {
        let i = *self.slugs.get(&(self.lang.to_string(), slug.to_string()))?;
        Some((i, Site::url(self.base, self.lang, &self.fronts[i].2.slug)))
    }

    fn term(&self, term: &str) -> Option<(usize, String)> {
        let i = *self.terms.get(&(self.lang.to_string(), fold(term)))?;
        Some((i, Site::url(self.base, self.lang, &self.fronts[i].2.slug)))
    }

    fn slugs(&self) -> Vec<&str> {
        self.fronts
            .iter()
            .filter(|(l, _, _)| l == self.lang)
            .map(|(_, _, f)| f.slug.as_str())
            .collect()
    }
}

fn display_path(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(read) = fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = read.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            walk(&p, files);
        } else {
            files.push(p);
        }
    }
}

fn read_utf8(root: &Path, path: &Path, out: &mut Vec<Diagnostic>) -> Option<String> {
    let shown = display_path(root, path);
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            out.push(Diagnostic::error(&shown, 1, 1, format!("cannot read the file: {e}")));
            return None;
        }
    };
    match String::from_utf8(bytes) {
        Ok(text) => Some(text),
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let good = String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned();
            let (line, col) = crate::diagnostic::line_col(&good, good.len());
            out.push(
                Diagnostic::error(&shown, line, col, "the file is not valid UTF-8")
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
    let mut files = Vec::new();
    walk(&content, &mut files);
    if files.is_empty() {
        out.push(Diagnostic::error("content", 1, 1, "no content found").hint("entries go to content/<lang>/<slug>.md"));
    }

    // Presets first: entries refer to them.
    for (name, is_hw) in [("hardware.yaml", true), ("models.yaml", false)] {
        let path = content.join("data").join(name);
        let shown = display_path(root, &path);
        if !path.exists() {
            out.push(Diagnostic::error(&shown, 1, 1, "preset file is missing"));
            continue;
        }
        if let Some(text) = read_utf8(root, &path, out) {
            if is_hw {
                site.presets.hardware = presets::parse_hardware(&shown, &text, out);
            } else {
                site.presets.models = presets::parse_models(&shown, &text, out);
            }
        }
    }

    // Entries: frontmatter of every file, then the cross-file checks.
    let mut parsed: Vec<(String, String, Frontmatter)> = Vec::new();
    let mut bodies: Vec<(String, usize)> = Vec::new();
    // The line of each entry's `category:` key, for messages about it.
    let mut category_lines: Vec<usize> = Vec::new();
    for path in &files {
        let shown = display_path(root, path);
        let rel = path.strip_prefix(&content).unwrap_or(path);
        let parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        let is_md = path.extension().is_some_and(|e| e == "md");
        if !is_md {
            continue;
        }
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
                continue;
            }
        };
        let Some(text) = read_utf8(root, path, out) else {
            continue;
        };
        let split = match frontmatter::split(&shown, &text) {
            Ok(s) => s,
            Err(d) => {
                out.push(d);
                continue;
            }
        };
        if let Some(front) = frontmatter::parse(&shown, &split, out) {
            let key_line = crate::yaml::top_level_keys(split.yaml)
                .into_iter()
                .find(|(k, _)| k == "category")
                .map_or(0, |(_, l)| l - 1);
            category_lines.push(split.yaml_line + key_line);
            bodies.push((split.body.to_string(), split.body_line));
            parsed.push((lang, shown, front));
        }
    }

    let mut slugs: HashMap<(String, String), usize> = HashMap::new();
    let mut ids: HashMap<(String, String), usize> = HashMap::new();
    let mut terms: HashMap<(String, String), usize> = HashMap::new();
    for (i, (lang, shown, front)) in parsed.iter().enumerate() {
        if let Some(first) = slugs.insert((lang.clone(), front.slug.clone()), i) {
            slugs.insert((lang.clone(), front.slug.clone()), first);
            out.push(
                Diagnostic::error(
                    shown,
                    2,
                    1,
                    format!("slug `{}` is already used by {}", front.slug, parsed[first].1),
                )
                .hint("every entry of a language needs its own slug"),
            );
        }
        if let Some(id) = &front.glossar_id {
            if let Some(first) = ids.insert((lang.clone(), id.clone()), i) {
                ids.insert((lang.clone(), id.clone()), first);
                out.push(
                    Diagnostic::error(
                        shown,
                        2,
                        1,
                        format!("glossar_id `{id}` is already used by {}", parsed[first].1),
                    )
                    .hint("one concept has one entry per language; give a new concept a new id"),
                );
            }
        }
        for name in std::iter::once(&front.term).chain(&front.variants) {
            terms.entry((lang.clone(), fold(name))).or_insert(i);
        }
    }

    // Bodies, with links resolved against the whole language.
    for ((lang, shown, front), (body_text, body_line)) in parsed.iter().zip(&bodies) {
        let index = LangIndex {
            lang,
            base,
            slugs: &slugs,
            terms: &terms,
            fronts: &parsed,
        };
        let src = markdown::Source {
            path: shown,
            text: body_text,
            first_line: *body_line,
            locale: Locale::from_lang(lang),
        };
        let body = markdown::render(&src, &site.presets, &index, out);
        let related = front
            .related
            .iter()
            .map(|t| Related {
                term: t.clone(),
                target: index.term(t).map(|(j, _)| j),
            })
            .collect();
        let translation = front.glossar_id.as_ref().and_then(|id| {
            LANGS
                .iter()
                .filter(|l| **l != lang)
                .find_map(|other| ids.get(&((*other).to_string(), id.clone())).copied())
        });
        if front.glossar_id.is_none() {
            out.push(
                Diagnostic::warning(
                    shown,
                    2,
                    1,
                    "no `glossar_id`: the entry cannot be paired with its translation",
                )
                .hint("add the concept's id, e.g. `glossar_id: \"G389\"`"),
            );
        } else if translation.is_none() {
            let others: Vec<&str> = LANGS.iter().copied().filter(|l| l != lang).collect();
            out.push(
                Diagnostic::warning(shown, 2, 1, format!("concept `{}` exists only in `{lang}`", front.glossar_id.as_deref().unwrap_or("")))
                    .hint(format!("add an entry with the same glossar_id under content/{}/; until then the page says that no translation exists", others.join(", "))),
            );
        }
        site.entries.push(Entry {
            lang: lang.clone(),
            path: shown.clone(),
            front: front.clone(),
            body,
            related,
            translation,
        });
    }

    let mut missing: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for e in &site.entries {
        for r in e.body.related.iter().chain(&e.related) {
            if r.target.is_none() {
                missing
                    .entry((e.lang.clone(), r.term.clone()))
                    .or_default()
                    .push(e.front.slug.clone());
            }
        }
    }
    site.not_yet_written = missing
        .into_iter()
        .map(|((lang, term), named_by)| NotYetWritten { lang, term, named_by })
        .collect();

    let names_path = content.join("data").join("categories.yaml");
    let names = category_names(root, &names_path, &mut site.diagnostics);
    let mut categories: BTreeMap<(String, String), String> = BTreeMap::new();
    for (e, line) in site.entries.iter().zip(&category_lines) {
        let Some(slug) = &e.front.category else { continue };
        if categories.contains_key(&(e.lang.clone(), slug.clone())) {
            continue;
        }
        let name = match names.get(&e.lang).and_then(|m| m.get(slug)) {
            Some(name) => name.clone(),
            None => {
                let shown = humanise(slug);
                site.diagnostics.push(
                    Diagnostic::warning(
                        &e.path,
                        *line,
                        1,
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
    site.categories = categories
        .into_iter()
        .map(|((lang, slug), name)| Category { lang, slug, name })
        .collect();
    site.categories
        .sort_by(|a, b| (&a.lang, fold(&a.name)).cmp(&(&b.lang, fold(&b.name))));
    site.diagnostics
        .sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
    site.files = files;
    site.files.push(content);
    site
}

/// The report printed by `check-content` and the build: every diagnostic, then the
/// related terms that have no entry yet.
pub fn report(site: &Site) -> String {
    let mut text = String::new();
    for d in &site.diagnostics {
        text.push_str(&d.to_string());
        text.push('\n');
    }
    if !site.not_yet_written.is_empty() {
        text.push_str("not yet written (named as related terms, no entry exists):\n");
        for n in &site.not_yet_written {
            text.push_str(&format!(
                "  {}: {} (named by {})\n",
                n.lang,
                n.term,
                n.named_by.join(", ")
            ));
        }
    }
    let errors = site
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let warnings = site.diagnostics.len() - errors;
    text.push_str(&format!(
        "{} entries, {} errors, {} warnings\n",
        site.entries.len(),
        errors,
        warnings
    ));
    text
}
