//! The YAML block at the top of an entry, in the owner's format.

use serde::Deserialize;

use crate::diagnostic::{did_you_mean, Diagnostic, Severity, LISTED};
use crate::yaml::{self, Step};

/// The largest frontmatter, in bytes of YAML: the metadata of one entry.
pub const MAX_FRONTMATTER_BYTES: usize = 16 * 1024;

/// A reference shown under the entry.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Source {
    /// Link text, e.g. "Dao et al.: FlashAttention".
    pub label: String,
    /// An http(s) URL.
    pub url: String,
}

/// The frontmatter keys as written in a file; all optional here so that a missing
/// key gets its own clear message instead of a parser error.
#[derive(Debug, Default, Deserialize)]
struct Raw {
    term: Option<String>,
    slug: Option<String>,
    glossar_id: Option<String>,
    #[serde(default)]
    variants: Vec<String>,
    category: Option<String>,
    marker: Option<String>,
    short: Option<String>,
    #[serde(default)]
    sources: Vec<Source>,
    status: Option<String>,
    updated: Option<String>,
    #[serde(default)]
    related: Vec<String>,
}

/// The keys this site knows; any other key is reported as a warning.
pub const KNOWN_KEYS: &[&str] = &[
    "term",
    "slug",
    "glossar_id",
    "variants",
    "category",
    "marker",
    "short",
    "sources",
    "status",
    "updated",
    "related",
];

/// A validated frontmatter.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frontmatter {
    /// The headword as displayed.
    pub term: String,
    /// URL segment, unique within a language.
    pub slug: String,
    /// The concept's id, shared by all translations of one concept.
    pub glossar_id: Option<String>,
    /// Other names of the same concept (antonyms explained on this page too).
    pub variants: Vec<String>,
    /// Category slug.
    pub category: Option<String>,
    /// Short tag (Technik, Begriff, Metrik, …).
    pub marker: Option<String>,
    /// One-sentence definition.
    pub short: String,
    /// References.
    pub sources: Vec<Source>,
    /// Workflow state; `entwurf` (draft).
    pub status: Option<String>,
    /// Last edit, `YYYY-MM-DD`.
    pub updated: Option<String>,
    /// Related terms named in the frontmatter.
    pub related: Vec<String>,
}

impl Frontmatter {
    /// Whether the entry is a draft (`status: entwurf` or `draft`).
    pub fn is_draft(&self) -> bool {
        self.status
            .as_deref()
            .is_some_and(|s| matches!(s.trim().to_lowercase().as_str(), "entwurf" | "draft"))
    }
}

/// An entry file split into its frontmatter and body.
pub struct Split<'a> {
    /// The YAML between the `---` lines.
    pub yaml: &'a str,
    /// 1-based line of the YAML's first line.
    pub yaml_line: usize,
    /// The Markdown after the closing `---`.
    pub body: &'a str,
    /// 1-based line of the body's first line.
    pub body_line: usize,
}

impl Split<'_> {
    /// The 1-based position of `key` in the file; the frontmatter's first line where
    /// the key is not written.
    pub fn key_position(&self, key: &str) -> (usize, usize) {
        position(self.yaml, self.yaml_line, &[Step::Key(key)])
    }
}

/// The 1-based position in the file of the node at `path` in frontmatter `yaml`
/// that starts at line `yaml_line`; that line where there is no such node.
pub(crate) fn position(yaml: &str, yaml_line: usize, path: &[Step<'_>]) -> (usize, usize) {
    yaml::locate(yaml, path).map_or((yaml_line, 1), |(line, column)| (yaml_line + line - 1, column))
}

/// Splits a file at its `---` lines.
pub fn split<'a>(path: &str, text: &'a str) -> Result<Split<'a>, Diagnostic> {
    let text_no_bom = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first_line_end = text_no_bom.find('\n').unwrap_or(text_no_bom.len());
    if text_no_bom[..first_line_end].trim_end() != "---" {
        return Err(
            Diagnostic::error(path, 1, 1, "missing frontmatter: the file must start with a `---` line")
                .hint("start the file with `---`, the YAML keys (term, slug, short, …), and another `---`"),
        );
    }
    let yaml_start = (first_line_end + 1).min(text_no_bom.len());
    let mut offset = yaml_start;
    for line in text_no_bom[yaml_start..].split_inclusive('\n') {
        if line.trim_end() == "---" {
            let yaml = &text_no_bom[yaml_start..offset];
            let body_start = offset + line.len();
            let yaml_line = 2;
            let body_line = yaml_line + yaml.matches('\n').count() + 1;
            return Ok(Split {
                yaml,
                yaml_line,
                body: &text_no_bom[body_start..],
                body_line,
            });
        }
        offset += line.len();
    }
    Err(
        Diagnostic::error(path, 1, 1, "unclosed frontmatter: no closing `---` line")
            .hint("end the YAML block with a line that holds only `---`"),
    )
}

fn is_url_safe_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !slug.starts_with('-')
        && !slug.ends_with('-')
}

/// A URL-safe slug for `text`: lower case, umlauts transliterated, `-` between words.
pub fn slugify(text: &str) -> String {
    let mut out = String::new();
    for ch in text.to_lowercase().chars() {
        match ch {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'ß' => out.push_str("ss"),
            c if c.is_ascii_alphanumeric() => out.push(c),
            _ => {
                if !out.ends_with('-') && !out.is_empty() {
                    out.push('-');
                }
            }
        }
    }
    out.trim_end_matches('-').to_string()
}

fn valid_date(date: &str) -> bool {
    let parts: Vec<&str> = date.split('-').collect();
    if parts.len() != 3 || parts[0].len() != 4 || parts[1].len() != 2 || parts[2].len() != 2 {
        return false;
    }
    let (Ok(y), Ok(m), Ok(d)) = (
        parts[0].parse::<u32>(),
        parts[1].parse::<u32>(),
        parts[2].parse::<u32>(),
    ) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

/// Warns about the keys this site does not know, at the keys.
fn unknown_keys(path: &str, split: &Split<'_>, out: &mut Vec<Diagnostic>) {
    let unknown: Vec<String> = yaml::top_level_keys(split.yaml)
        .into_iter()
        .filter(|k| !KNOWN_KEYS.contains(&k.as_str()))
        .collect();
    for key in unknown.iter().take(LISTED) {
        let (line, column) = split.key_position(key);
        let mut d = Diagnostic::warning(
            path,
            line,
            column,
            format!("unknown frontmatter key `{key}` is ignored"),
        );
        if let Some(near) = did_you_mean(key, KNOWN_KEYS.iter().copied()) {
            d = d.hint(format!("did you mean `{near}`?"));
        }
        out.push(d);
    }
    if let Some(next) = unknown.get(LISTED) {
        let (line, column) = split.key_position(next);
        out.push(
            Diagnostic::warning(
                path,
                line,
                column,
                format!("{} more unknown frontmatter keys are ignored", unknown.len() - LISTED),
            )
            .hint(format!("the keys are {}", KNOWN_KEYS.join(", "))),
        );
    }
}

/// The YAML of the frontmatter as written, or `None` with a diagnostic.
fn raw(path: &str, split: &Split<'_>, out: &mut Vec<Diagnostic>) -> Option<Raw> {
    if split.yaml.len() > MAX_FRONTMATTER_BYTES {
        out.push(
            Diagnostic::error(
                path,
                split.yaml_line - 1,
                1,
                format!(
                    "the frontmatter is {} bytes; the limit is {} KiB",
                    split.yaml.len(),
                    MAX_FRONTMATTER_BYTES / 1024
                ),
            )
            .hint("the frontmatter holds the entry's metadata; long text goes into the body after the closing `---`"),
        );
        return None;
    }
    if split.yaml.trim().is_empty() {
        return Some(Raw::default());
    }
    match yaml::from_str(split.yaml) {
        Ok(raw) => Some(raw),
        Err(e) => {
            out.push(
                Diagnostic::error(
                    path,
                    split.yaml_line + e.line - 1,
                    e.column,
                    format!("frontmatter: {}", e.message),
                )
                .hint(
                    "check the YAML syntax: `key: value`, lists as `[a, b]` or `- item` lines, \
                     quotes around text with `:`",
                ),
            );
            None
        }
    }
}

/// An error at `key` of the frontmatter.
fn error_at(path: &str, split: &Split<'_>, key: &str, message: String) -> Diagnostic {
    let (line, column) = split.key_position(key);
    Diagnostic::error(path, line, column, message)
}

/// The trimmed value of a key every entry needs; an error where it is missing or
/// empty.
fn required(
    path: &str,
    split: &Split<'_>,
    key: &str,
    value: &Option<String>,
    example: &str,
    out: &mut Vec<Diagnostic>,
) -> String {
    match value.as_deref().map(str::trim) {
        Some(v) if !v.is_empty() => v.to_string(),
        Some(_) => {
            out.push(
                error_at(path, split, key, format!("`{key}` is empty")).hint(format!("write e.g. `{key}: {example}`")),
            );
            String::new()
        }
        None => {
            out.push(
                Diagnostic::error(path, split.yaml_line, 1, format!("missing required key `{key}`"))
                    .hint(format!("add `{key}: {example}` to the frontmatter")),
            );
            String::new()
        }
    }
}

/// Checks the slug, the date and the source URLs.
fn check_values(path: &str, split: &Split<'_>, raw: &Raw, slug: &str, out: &mut Vec<Diagnostic>) {
    if !slug.is_empty() && !is_url_safe_slug(slug) {
        out.push(
            error_at(path, split, "slug", format!("slug `{slug}` is not URL-safe")).hint(format!(
                "use lower-case ASCII letters, digits and `-`, e.g. `{}`",
                slugify(slug)
            )),
        );
    }
    if let Some(date) = &raw.updated {
        if !valid_date(date.trim()) {
            out.push(
                error_at(
                    path,
                    split,
                    "updated",
                    format!("`updated` is not a valid date: `{date}`"),
                )
                .hint("write the date as YYYY-MM-DD, e.g. `updated: \"2026-09-21\"`"),
            );
        }
    }
    // The term, the short definition and the sources' labels and addresses are
    // single lines of text: they are also written into the files for language
    // models, where a line break or a control character could start a section or a
    // link of its own.
    let one_line = |value: &str| !value.trim().chars().any(char::is_control);
    // Where a key of the `i`-th source is written.
    let source_at = |i: usize, key: &str| {
        position(
            split.yaml,
            split.yaml_line,
            &[Step::Key("sources"), Step::Item(i), Step::Key(key)],
        )
    };
    for (key, value) in [("term", &raw.term), ("short", &raw.short)] {
        if let Some(v) = value.as_deref().filter(|v| !one_line(v)) {
            out.push(
                error_at(
                    path,
                    split,
                    key,
                    format!(
                        "`{key}` holds a line break or a control character: `{}`",
                        v.escape_debug()
                    ),
                )
                .hint("write it on one line, without tabs or control characters"),
            );
        }
    }
    for (i, source) in raw.sources.iter().enumerate().take(LISTED) {
        for (key, value) in [("label", &source.label), ("url", &source.url)] {
            if !one_line(value) {
                let (line, column) = source_at(i, key);
                out.push(
                    Diagnostic::error(
                        path,
                        line,
                        column,
                        format!(
                            "a source's `{key}` holds a line break or a control character: `{}`",
                            value.escape_debug()
                        ),
                    )
                    .hint("write it on one line, without tabs or control characters"),
                );
            }
        }
    }
    let not_http: Vec<(usize, &Source)> = raw
        .sources
        .iter()
        .enumerate()
        .filter(|(_, s)| !(s.url.starts_with("https://") || s.url.starts_with("http://")))
        .collect();
    for (i, source) in not_http.iter().take(LISTED) {
        let (line, column) = source_at(*i, "url");
        out.push(
            Diagnostic::error(
                path,
                line,
                column,
                format!(
                    "source `{}` has a URL that is not http(s): `{}`",
                    source.label, source.url
                ),
            )
            .hint("write the full address, starting with https://"),
        );
    }
    if let Some((i, _)) = not_http.get(LISTED) {
        let (line, column) = source_at(*i, "url");
        out.push(Diagnostic::error(
            path,
            line,
            column,
            format!(
                "{} more sources have a URL that is not http(s)",
                not_http.len() - LISTED
            ),
        ));
    }
}

/// Parses and validates the frontmatter; problems go to `out`. Returns `None` when
/// the entry cannot be used at all.
pub fn parse(path: &str, split: &Split<'_>, out: &mut Vec<Diagnostic>) -> Option<Frontmatter> {
    let raw = raw(path, split, out)?;
    unknown_keys(path, split, out);
    let errors = |out: &[Diagnostic]| out.iter().filter(|d| d.severity == Severity::Error).count();
    let errors_before = errors(out);
    let term = required(path, split, "term", &raw.term, "\"Memory-Bound\"", out);
    let slug = required(path, split, "slug", &raw.slug, "\"memory-bound\"", out);
    let short = required(
        path,
        split,
        "short",
        &raw.short,
        "\"One sentence that defines the term.\"",
        out,
    );
    check_values(path, split, &raw, &slug, out);
    if errors(out) > errors_before {
        return None;
    }
    let non_empty = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    Some(Frontmatter {
        term,
        slug,
        glossar_id: non_empty(raw.glossar_id),
        variants: raw
            .variants
            .into_iter()
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .collect(),
        category: non_empty(raw.category),
        marker: non_empty(raw.marker),
        short,
        sources: raw.sources,
        status: non_empty(raw.status),
        updated: non_empty(raw.updated),
        related: raw.related,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_short_or_source_with_a_line_break_or_control_character_is_refused() {
        let check = |yaml: &str| {
            let text = format!("---\n{yaml}---\nBody.\n");
            let split = split("x.md", &text).expect("split");
            let mut out = Vec::new();
            let parsed = parse("x.md", &split, &mut out);
            (
                parsed.is_some(),
                out.iter().map(|d| (d.line, d.message.clone())).collect::<Vec<_>>(),
            )
        };
        let (ok, out) = check("term: \"T\\n## Fake\"\nslug: t\nshort: S.\n");
        assert!(
            !ok && out[0].0 == 2 && out[0].1.contains("`term` holds a line break"),
            "{out:?}"
        );
        let (ok, out) = check("term: T\nslug: t\nshort: \"S\\u0007.\"\n");
        assert!(!ok && out[0].1.contains("`short`"), "{out:?}");
        let (ok, out) = check(concat!(
            "term: T\nslug: t\nshort: S.\nsources:\n",
            "  - label: \"L\\r\\n- [x](https://e.org)\"\n    url: https://e.org\n"
        ));
        assert!(!ok && out[0].0 == 6 && out[0].1.contains("`label`"), "{out:?}");
        // A folded short definition ends in a line break that is no part of it.
        let (ok, out) = check("term: T\nslug: t\nshort: >\n  One\n  line.\n");
        assert!(ok, "{out:?}");
    }

    #[test]
    fn slugs_transliterate_umlauts() {
        assert_eq!(slugify("Speicherbandbreite"), "speicherbandbreite");
        assert_eq!(slugify("Größe der Übertragung"), "groesse-der-uebertragung");
        assert!(is_url_safe_slug("kv-cache"));
        assert!(!is_url_safe_slug("KV Cache"));
    }

    #[test]
    fn dates_are_checked_for_real_days() {
        assert!(valid_date("2026-09-21"));
        assert!(valid_date("2024-02-29"));
        assert!(!valid_date("2026-02-29"));
        assert!(!valid_date("2026-13-01"));
        assert!(!valid_date("21.09.2026"));
    }

    #[test]
    fn many_unknown_keys_are_counted_not_listed() {
        let yaml: String =
            (0..25).map(|i| format!("extra{i}: x\n")).collect::<String>() + "term: T\nslug: t\nshort: S.\n";
        let split = Split {
            yaml: &yaml,
            yaml_line: 2,
            body: "",
            body_line: 31,
        };
        let mut out = Vec::new();
        assert!(parse("x.md", &split, &mut out).is_some());
        assert_eq!(out.len(), LISTED + 1, "{out:?}");
        assert_eq!((out[1].line, out[1].column), (3, 1));
        let last = &out[LISTED];
        assert_eq!(last.message, "15 more unknown frontmatter keys are ignored");
        assert_eq!((last.line, last.column), (12, 1));
    }

    #[test]
    fn many_faulty_sources_are_counted_not_listed() {
        let yaml: String =
            "term: T\nslug: t\nshort: S.\nsources:\n".to_string() + &"  - label: L\n    url: ftp://x\n".repeat(25);
        let split = Split {
            yaml: &yaml,
            yaml_line: 2,
            body: "",
            body_line: 57,
        };
        let mut out = Vec::new();
        assert!(parse("x.md", &split, &mut out).is_none());
        assert_eq!(out.len(), LISTED + 1, "{out:?}");
        assert_eq!((out[1].line, out[1].column), (9, 5));
        let last = &out[LISTED];
        assert_eq!(last.message, "15 more sources have a URL that is not http(s)");
        assert_eq!((last.line, last.column), (27, 5));
    }
}
