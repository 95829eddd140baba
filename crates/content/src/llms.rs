//! The glossary for machines: `llms.txt` at the site's root (the llms.txt proposal's
//! format: a title, a summary, and a list of links per section), every entry as
//! Markdown beside its page (`en/memory-bound.md`), and `<lang>/llms-full.txt` with
//! every entry of a language in one file.
//!
//! An entry's Markdown is its own source with the figures written out: each inline
//! value becomes its text for the entry's example (as the page shows it before the
//! reader changes anything), each calculator block a line that names its scenario,
//! and links to other entries point to their Markdown.
//!
//! Every file is written from parsed events by `pulldown-cmark-to-cmark`, never by
//! joining an author's text into Markdown: a term, a label or a URL cannot open a
//! link or a section of its own (brackets and markup are escaped, addresses written
//! whole), and what the page does not show stays out (raw HTML and its comments,
//! reference definitions no link uses).

use std::collections::HashSet;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, LinkType, Parser, Tag, TagEnd};
use roofline::Locale;
use vocab::i18n::{texts, Texts};
use vocab::Lang;

use crate::block::parse_inline;
use crate::frontmatter;
use crate::markdown::cmark_options;
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
    let en = texts(Lang::En);
    let mut index = Doc::titled(en.site_title, &format!("{}.", en.site_tagline));
    index.paragraph(
        "A glossary of LLM-inference performance in English and German: why decoding is limited by \
         memory bandwidth rather than compute, term by term. Each entry explains one concept in prose and \
         embeds a roofline calculator; in the Markdown below, every figure is written out for the entry's \
         example scenario, computed by the same model as the pages.",
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
        index.heading(HeadingLevel::H2, t.language_name);
        let mut items = vec![(
            full_text_title(lang).to_string(),
            format!("{site_url}{}/llms-full.txt", lang.code()),
            full_text_note(lang).to_string(),
        )];
        for e in &entries {
            let url = format!("{site_url}{}/{}", e.lang, e.front.slug);
            items.push((e.front.term.clone(), format!("{url}.md"), one_line(&e.front.short)));
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
        index.links(&items);
        files.push(MachineFile {
            path: format!("{}/llms-full.txt", lang.code()),
            text: full,
        });
    }
    files.push(MachineFile {
        path: vocab::urls::LLMS_INDEX.into(),
        text: index.finish(),
    });
    files
}

/// A Markdown document built from events, written by `pulldown-cmark-to-cmark`,
/// under a title and a one-line summary.
struct Doc<'a> {
    head: String,
    events: Vec<Event<'a>>,
}

/// `text` as Markdown that reads as that text and nothing more (its brackets and
/// markup escaped).
fn inline(text: &str) -> String {
    let events = [
        Event::Start(Tag::Paragraph),
        Event::Text(CowStr::from(text)),
        Event::End(TagEnd::Paragraph),
    ];
    let mut out = String::new();
    let _ = pulldown_cmark_to_cmark::cmark(events.iter(), &mut out, cmark_options());
    out.trim().to_string()
}

impl<'a> Doc<'a> {
    /// A document that starts `# title` and `> summary`.
    fn titled(title: &str, summary: &str) -> Doc<'a> {
        Doc {
            head: format!("# {}\n\n> {}\n\n", inline(title), inline(summary)),
            events: Vec::new(),
        }
    }

    fn wrap(&mut self, tag: Tag<'a>, inner: impl IntoIterator<Item = Event<'a>>) {
        let end = tag.to_end();
        self.events.push(Event::Start(tag));
        self.events.extend(inner);
        self.events.push(Event::End(end));
    }

    fn heading(&mut self, level: HeadingLevel, text: &str) {
        let tag = Tag::Heading {
            level,
            id: None,
            classes: Vec::new(),
            attrs: Vec::new(),
        };
        self.wrap(tag, [Event::Text(CowStr::from(text.to_string()))]);
    }

    fn paragraph(&mut self, text: &str) {
        self.wrap(Tag::Paragraph, [Event::Text(CowStr::from(text.to_string()))]);
    }

    /// A paragraph that opens with `lead` in emphasis.
    fn led(&mut self, lead: &str, text: &str) {
        let inner = [
            Event::Start(Tag::Emphasis),
            Event::Text(CowStr::from(lead.to_string())),
            Event::End(TagEnd::Emphasis),
            Event::Text(CowStr::from(format!(" {text}"))),
        ];
        self.wrap(Tag::Paragraph, inner);
    }

    /// A list of links, each `[text](url)` and, where there is one, `: note`.
    fn links(&mut self, items: &[(String, String, String)]) {
        self.events.push(Event::Start(Tag::List(None)));
        for (text, url, note) in items {
            let mut item = vec![Event::Start(Tag::Item)];
            item.push(Event::Start(link(url)));
            item.push(Event::Text(CowStr::from(text.clone())));
            item.push(Event::End(TagEnd::Link));
            if !note.is_empty() {
                item.push(Event::Text(CowStr::from(format!(": {note}"))));
            }
            item.push(Event::End(TagEnd::Item));
            self.events.extend(item);
        }
        self.events.push(Event::End(TagEnd::List(false)));
    }

    fn finish(self) -> String {
        let mut out = self.head;
        let options = pulldown_cmark_to_cmark::Options {
            list_token: '-',
            ..Default::default()
        };
        // Writing to a `String` cannot fail, and the events are balanced.
        let _ = pulldown_cmark_to_cmark::cmark_with_options(self.events.iter(), &mut out, cmark_options(), options);
        out.push('\n');
        out
    }
}

/// An inline link to `url`.
fn link(url: &str) -> Tag<'static> {
    Tag::Link {
        link_type: LinkType::Inline,
        dest_url: CowStr::from(url.to_string()),
        title: CowStr::Borrowed(""),
        id: CowStr::Borrowed(""),
    }
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
    let mut doc = Doc::titled(&e.front.term, &one_line(&e.front.short));
    body_events(site, e, body, locale, t, slugs, &mut doc);
    if !e.front.sources.is_empty() {
        doc.heading(HeadingLevel::H2, t.sources_heading);
        let items: Vec<_> = e
            .front
            .sources
            .iter()
            .map(|s| (s.label.clone(), s.url.clone(), String::new()))
            .collect();
        doc.links(&items);
    }
    doc.paragraph(url);
    doc.finish()
}

/// The body's events with inline values written out, calculator blocks described,
/// links to entries pointing to their Markdown, and no raw HTML.
fn body_events<'a>(
    site: &Site,
    e: &Entry,
    body: &'a str,
    locale: Locale,
    t: &Texts,
    slugs: &HashSet<&str>,
    doc: &mut Doc<'a>,
) {
    let mut blocks = e.body.calculators.iter();
    let mut in_block = false;
    // Text arrives in pieces (at each possible delimiter): an inline value is
    // written out once its text is whole.
    let mut text = String::new();
    let flush = |text: &mut String, doc: &mut Doc<'a>| {
        if !text.is_empty() {
            let written = values_written_out(site, e, text, locale);
            doc.events.push(Event::Text(CowStr::from(written)));
            text.clear();
        }
    };
    for event in Parser::new_ext(body, cmark_options()) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(ref info))) if info.trim().starts_with("roofline") => {
                flush(&mut text, doc);
                in_block = true;
                if let Some(block) = blocks.next() {
                    doc.led(
                        &format!("{}.", t.calculator_heading),
                        &scenario_text(site, block, locale, t),
                    );
                }
            }
            Event::End(TagEnd::CodeBlock) if in_block => in_block = false,
            _ if in_block => {}
            Event::Text(piece) => text.push_str(&piece),
            // A paragraph is one line: a figure never starts a line, where a digit
            // and a point would need an escape.
            Event::SoftBreak => text.push(' '),
            // Raw HTML (comments among it) is not for machines; the page shows its
            // text only as the sanitiser leaves it.
            Event::Html(_) | Event::InlineHtml(_) => {}
            Event::Start(Tag::Link { dest_url, title, .. }) => {
                flush(&mut text, doc);
                let (slug, fragment) = dest_url.split_once('#').unwrap_or((&dest_url, ""));
                let dest = match (slugs.contains(slug), fragment) {
                    (true, "") => CowStr::from(format!("{slug}.md")),
                    (true, f) => CowStr::from(format!("{slug}.md#{f}")),
                    (false, _) => dest_url.clone(),
                };
                doc.events.push(Event::Start(Tag::Link {
                    link_type: LinkType::Inline,
                    dest_url: dest,
                    title,
                    id: CowStr::Borrowed(""),
                }));
            }
            other => {
                flush(&mut text, doc);
                doc.events.push(other);
            }
        }
    }
    flush(&mut text, doc);
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
