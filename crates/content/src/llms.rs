//! The glossary for machines: `llms.txt` at the site's root (the llms.txt proposal's
//! format: a title, a summary, and a list of links per section), every entry as
//! Markdown beside its page (`en/memory-bound.md`), and `<lang>/llms-full.txt` with
//! every entry of a language in one file.
//!
//! An entry's Markdown is its own source with the figures written out: each inline
//! value becomes its text for the entry's example (as the page shows it before the
//! reader changes anything), each calculator block a line that names its scenario,
//! and links to other entries point to their Markdown.

use std::collections::HashSet;

use roofline::Locale;
use vocab::i18n::{texts, Texts};
use vocab::Lang;

use crate::block::parse_inline;
use crate::frontmatter;
use crate::site::{Entry, Site};

/// A file for machines: its path below the site's root and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MachineFile {
    /// `llms.txt`, `en/llms-full.txt`, `en/memory-bound.md`.
    pub path: String,
    /// UTF-8 text.
    pub text: String,
}

fn lang_of(entry: &Entry) -> Lang {
    Lang::ALL
        .into_iter()
        .find(|l| l.code() == entry.lang)
        .unwrap_or(Lang::En)
}

/// The body of an entry's source file (after its frontmatter).
fn body_of(source: &str) -> &str {
    frontmatter::split("", source).map_or(source, |s| s.body)
}

/// Every file for machines of `site`, whose pages live at `site_url` (origin and
/// base path, ending in `/`). `source` gives an entry's file as written.
pub fn machine_files(site: &Site, site_url: &str, source: &dyn Fn(&Entry) -> Option<String>) -> Vec<MachineFile> {
    let mut files = Vec::new();
    let mut index = String::new();
    let en = texts(Lang::En);
    index.push_str(&format!("# {}\n\n> {}.\n\n", en.site_title, en.site_tagline));
    index.push_str(
        "A glossary of LLM-inference performance in English and German: why decoding is limited by \
         memory bandwidth rather than compute, term by term. Each entry explains one concept in prose and \
         embeds a roofline calculator; in the Markdown below, every figure is written out for the entry's \
         example scenario, computed by the same model as the pages.\n",
    );
    // English first: the file's summary is English.
    for lang in [Lang::En, Lang::De] {
        let t = texts(lang);
        let slugs: HashSet<&str> = site
            .entries
            .iter()
            .filter(|e| e.lang == lang.code())
            .map(|e| e.front.slug.as_str())
            .collect();
        let entries: Vec<&Entry> = site.entries.iter().filter(|e| e.lang == lang.code()).collect();
        let mut full = format!("# {}\n\n> {}.\n", t.site_title, t.site_tagline);
        index.push_str(&format!("\n## {}\n\n", t.language_name));
        index.push_str(&format!(
            "- [{}]({site_url}{}/llms-full.txt): {}\n",
            full_text_title(lang),
            lang.code(),
            full_text_note(lang)
        ));
        for e in &entries {
            let url = format!("{site_url}{}/{}", e.lang, e.front.slug);
            index.push_str(&format!(
                "- [{}]({url}.md): {}\n",
                e.front.term,
                one_line(&e.front.short)
            ));
            let source = source(e);
            let body = source.as_deref().map(body_of).unwrap_or_default();
            let text = entry_markdown(site, e, &url, body, t, &slugs);
            full.push_str("\n\n");
            full.push_str(&text);
            files.push(MachineFile {
                path: format!("{}/{}.md", e.lang, e.front.slug),
                text,
            });
        }
        files.push(MachineFile {
            path: format!("{}/llms-full.txt", lang.code()),
            text: full,
        });
    }
    files.push(MachineFile {
        path: "llms.txt".into(),
        text: index,
    });
    files
}

fn full_text_title(lang: Lang) -> &'static str {
    match lang {
        Lang::De => "Alle Einträge in einer Datei",
        Lang::En => "Every entry in one file",
    }
}

fn full_text_note(lang: Lang) -> &'static str {
    match lang {
        Lang::De => "der Text jedes deutschen Eintrags als Markdown",
        Lang::En => "the text of every English entry as Markdown",
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One entry as Markdown: its term, its short definition, its body with the figures
/// written out, its sources and the address of its page.
fn entry_markdown(site: &Site, e: &Entry, url: &str, body: &str, t: &Texts, slugs: &HashSet<&str>) -> String {
    let locale = lang_of(e).locale();
    let mut out = format!("# {}\n\n> {}\n\n", e.front.term, one_line(&e.front.short));
    out.push_str(links_to_markdown(&body_text(site, e, body, locale, t), slugs).trim());
    if !e.front.sources.is_empty() {
        out.push_str(&format!("\n\n## {}\n\n", t.sources_heading));
        for s in &e.front.sources {
            out.push_str(&format!("- [{}]({})\n", s.label, s.url));
        }
    }
    out.push_str(&format!("\n{url}\n"));
    out
}

/// The body with inline values written out, calculator blocks described and links
/// to entries pointing to their Markdown.
fn body_text(site: &Site, e: &Entry, body: &str, locale: Locale, t: &Texts) -> String {
    let mut out = String::with_capacity(body.len());
    let mut blocks = e.body.calculators.iter();
    let mut lines = body.split_inclusive('\n');
    while let Some(line) = lines.next() {
        if line.trim_start().starts_with("```roofline") {
            // The block's YAML is replaced by the scenario it sets.
            for inner in lines.by_ref() {
                if inner.trim_start().starts_with("```") {
                    break;
                }
            }
            if let Some(block) = blocks.next() {
                out.push_str(&format!(
                    "> {}. {}\n",
                    t.calculator_heading,
                    scenario_text(site, block, locale, t)
                ));
            }
            continue;
        }
        out.push_str(&values_written_out(site, e, line, locale));
    }
    out
}

fn scenario_text(site: &Site, block: &crate::block::CalcBlock, locale: Locale, t: &Texts) -> String {
    let model = site
        .presets
        .model(&block.model_id)
        .map_or(block.model_id.as_str(), |m| m.name.as_str());
    let device = site
        .presets
        .hardware(&block.hardware_id)
        .map_or(block.hardware_id.as_str(), |h| h.name.as_str());
    let w = &block.scenario.workload;
    let count = |v: u32| roofline::Quantity::new(f64::from(v), roofline::Unit::Count).format(locale);
    format!(
        "{} ({}).",
        (t.scenario_line)(model, device, w.devices, &count(w.batch), &count(w.context)),
        block.scenario.weights.label()
    )
}

/// `line` with each `{{…}}` replaced by its text for the entry's example; a value
/// that cannot be computed stays as written (the build has reported it).
fn values_written_out(site: &Site, e: &Entry, line: &str, locale: Locale) -> String {
    let Some(block) = e.body.calculators.first() else {
        return line.to_string();
    };
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start..].find("}}") else { break };
        out.push_str(&rest[..start]);
        let whole = &rest[start..start + len + 2];
        let text = parse_inline(&whole[2..whole.len() - 2], &site.presets)
            .ok()
            .and_then(|v| v.render(&block.scenario, locale).ok());
        out.push_str(text.as_deref().unwrap_or(whole));
        rest = &rest[start + len + 2..];
    }
    out.push_str(rest);
    out
}

/// Links to entries of the same language (`](kv-cache)`, `](kv-cache#section)`)
/// point to their Markdown.
fn links_to_markdown(text: &str, slugs: &HashSet<&str>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let (before, after) = rest.split_at(at + 2);
        out.push_str(before);
        let end = after.find([')', '#', ' ']).unwrap_or(after.len());
        let target = &after[..end];
        out.push_str(target);
        if slugs.contains(target) {
            out.push_str(".md");
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}
