//! Markdown to sanitised HTML, with math, calculator blocks, inline values and
//! links between entries.

use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use crate::block::{parse_block, parse_inline, CalcBlock, InlineValue};
use crate::diagnostic::{did_you_mean, line_col, Diagnostic};
use crate::presets::Presets;

/// The one place the Markdown options are chosen.
pub fn cmark_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_MATH
        | Options::ENABLE_HEADING_ATTRIBUTES
}

/// The id of the page's note that a related term has no entry yet.
pub const MISSING_NOTE_ID: &str = "not-yet-written";

/// Headings (lower case) that open the related-terms section.
pub const RELATED_HEADINGS: &[&str] = &["verwandte begriffe", "related terms", "siehe auch", "see also"];

/// A part of an entry's body.
#[derive(Clone, Debug, PartialEq)]
pub enum Segment {
    /// Sanitised HTML.
    Html(String),
    /// The calculator with this index into [`Body::calculators`].
    Calculator(usize),
}

/// A related term: linked where the entry exists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    /// The name as written.
    pub term: String,
    /// The entry it resolves to, if written.
    pub target: Option<usize>,
}

/// A rendered body.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Body {
    /// HTML and calculators, in reading order.
    pub segments: Vec<Segment>,
    /// Calculator blocks; the first one is the entry's scenario.
    pub calculators: Vec<CalcBlock>,
    /// Inline values, referenced from the HTML as `data-rv="index"`.
    pub inline: Vec<InlineValue>,
    /// Related terms from the related-terms section.
    pub related: Vec<Related>,
}

/// What rendering needs to know about the rest of the site.
pub trait Resolve {
    /// The entry index and URL for a slug in the entry's language.
    fn slug(&self, slug: &str) -> Option<(usize, String)>;
    /// The entry index and URL for a term or variant in the entry's language.
    fn term(&self, term: &str) -> Option<(usize, String)>;
    /// Slugs of the language, for hints.
    fn slugs(&self) -> Vec<&str>;
}

/// Trusted HTML kept out of the sanitiser's reach by a private-use placeholder.
#[derive(Default)]
struct Holes(Vec<String>);

impl Holes {
    fn hole(&mut self, html: String) -> CowStr<'static> {
        self.0.push(html);
        CowStr::from(format!("\u{E000}{}\u{E001}", self.0.len() - 1))
    }

    fn fill(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find('\u{E000}') {
            out.push_str(&rest[..start]);
            let after = &rest[start + '\u{E000}'.len_utf8()..];
            match after.find('\u{E001}') {
                Some(end) => {
                    if let Some(html) = after[..end].parse::<usize>().ok().and_then(|i| self.0.get(i)) {
                        out.push_str(html);
                    }
                    rest = &after[end + '\u{E001}'.len_utf8()..];
                }
                None => {
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

fn sanitizer() -> ammonia::Builder<'static> {
    let mut b = ammonia::Builder::default();
    b.link_rel(Some("noopener noreferrer"))
        .add_generic_attributes(["id"])
        .add_tag_attributes("code", ["class"])
        .add_tag_attributes("div", ["class"])
        .add_tag_attributes("sup", ["class"])
        .add_tag_attributes("span", ["class"]);
    b
}

/// Escapes text for an HTML attribute or element (`&`, `<`, `>`, `"`, `'`).
pub fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    html_escape::encode_quoted_attribute(text)
}

fn math(tex: &str, display: bool) -> Result<String, String> {
    use pulldown_latex::{config::DisplayMode, Parser as Tex, RenderConfig, Storage};
    let storage = Storage::new();
    let events: Vec<_> = Tex::new(tex, &storage).collect();
    if let Some(Err(e)) = events.iter().find(|e| e.is_err()) {
        // The parser's message carries a drawing of the context; its first line says it.
        return Err(e.to_string().lines().next().unwrap_or("invalid LaTeX").to_string());
    }
    let config = RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        ..RenderConfig::default()
    };
    let mut out = String::new();
    pulldown_latex::push_mathml(&mut out, events.into_iter(), config).map_err(|e| e.to_string())?;
    Ok(out)
}

/// Where an entry's body sits in its file, for messages.
pub struct Source<'a> {
    /// Display path.
    pub path: &'a str,
    /// The Markdown.
    pub text: &'a str,
    /// 1-based line of the body's first line in the file.
    pub first_line: usize,
    /// The entry's language, for formatting inline values.
    pub locale: roofline::Locale,
}

impl Source<'_> {
    fn at(&self, offset: usize) -> (usize, usize) {
        let (line, col) = line_col(self.text, offset);
        (self.first_line + line - 1, col)
    }

    fn error(&self, offset: usize, message: impl Into<String>) -> Diagnostic {
        let (line, col) = self.at(offset);
        Diagnostic::error(self.path, line, col, message)
    }
}

/// Merges adjacent text events so that `{{…}}` is seen whole.
fn merged(text: &str) -> Vec<(Event<'_>, std::ops::Range<usize>)> {
    let mut out: Vec<(Event<'_>, std::ops::Range<usize>)> = Vec::new();
    for (event, range) in Parser::new_ext(text, cmark_options()).into_offset_iter() {
        if let (Event::Text(t), Some((Event::Text(prev), prev_range))) = (&event, out.last_mut()) {
            *prev = CowStr::from(format!("{prev}{t}"));
            prev_range.end = range.end;
            continue;
        }
        out.push((event, range));
    }
    out
}

/// Renders an entry's body. Problems go to `out`; what can be rendered is.
pub fn render(src: &Source<'_>, presets: &Presets, resolve: &dyn Resolve, out: &mut Vec<Diagnostic>) -> Body {
    let events = merged(src.text);
    let mut body = Body::default();

    // Pass 1: calculator blocks, so inline values before the first block resolve.
    let mut in_block: Option<(usize, String)> = None;
    for (event, range) in &events {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(lang))) if lang.trim() == "roofline" => {
                in_block = Some((range.start, String::new()));
            }
            Event::Text(t) if in_block.is_some() => {
                if let Some((_, text)) = in_block.as_mut() {
                    text.push_str(t);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((start, text)) = in_block.take() {
                    match parse_block(&text, presets) {
                        Ok(block) => body.calculators.push(block),
                        Err(e) => {
                            // The YAML starts on the line after the fence.
                            let (line, _) = src.at(start);
                            let mut d = Diagnostic::error(src.path, line + e.line, e.column, e.message);
                            d.hint = e.hint;
                            out.push(d);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    let sanitizer = sanitizer();
    let mut holes = Holes::default();
    let mut html_events: Vec<Event<'_>> = Vec::new();
    let mut calculators = 0usize;
    let mut skipping_block = false;
    let mut heading: Option<(HeadingLevel, String)> = None;
    let mut in_related = false;
    let mut strong: Option<String> = None;
    let mut link_stack: Vec<bool> = Vec::new();

    let flush = |html_events: &mut Vec<Event<'_>>, holes: &Holes, segments: &mut Vec<Segment>| {
        if html_events.is_empty() {
            return;
        }
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, html_events.drain(..));
        let clean = sanitizer.clean(&html).to_string();
        segments.push(Segment::Html(holes.fill(&clean)));
    };

    for (event, range) in events {
        if skipping_block {
            if matches!(event, Event::End(TagEnd::CodeBlock)) {
                skipping_block = false;
            }
            continue;
        }
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(ref lang))) if lang.trim() == "roofline" => {
                skipping_block = true;
                if calculators < body.calculators.len() {
                    flush(&mut html_events, &holes, &mut body.segments);
                    body.segments.push(Segment::Calculator(calculators));
                    calculators += 1;
                }
            }
            Event::Start(Tag::Heading { level, .. }) => {
                if level <= HeadingLevel::H2 {
                    in_related = false;
                }
                heading = Some((level, String::new()));
                html_events.push(event);
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, text)) = heading.take() {
                    if level == HeadingLevel::H2 {
                        in_related = RELATED_HEADINGS.contains(&text.trim().to_lowercase().as_str());
                    }
                }
                html_events.push(event);
            }
            Event::Start(Tag::Strong) if in_related => strong = Some(String::new()),
            Event::End(TagEnd::Strong) if strong.is_some() => {
                let term = strong.take().unwrap_or_default();
                let term = term.trim().to_string();
                let target = resolve.term(&term);
                let open = match &target {
                    Some((_, url)) => {
                        format!("<a class=\"xref\" href=\"{}\"><strong>", escape(url))
                    }
                    // The page's footer holds the note "not yet written" under this id.
                    None => format!("<strong class=\"missing-term\" aria-describedby=\"{MISSING_NOTE_ID}\">"),
                };
                let close = if target.is_some() { "</strong></a>" } else { "</strong>" };
                html_events.push(Event::Text(holes.hole(open)));
                html_events.push(Event::Text(CowStr::from(term.clone())));
                html_events.push(Event::Text(holes.hole(close.to_string())));
                body.related.push(Related {
                    term,
                    target: target.map(|(i, _)| i),
                });
            }
            Event::Text(ref t) | Event::Code(ref t) if strong.is_some() => {
                if let Some(s) = strong.as_mut() {
                    s.push_str(t);
                }
                if let Some((_, h)) = heading.as_mut() {
                    h.push_str(t);
                }
            }
            Event::Text(t) => {
                if let Some((_, h)) = heading.as_mut() {
                    h.push_str(&t);
                }
                inline_values(
                    src,
                    &t,
                    range.start,
                    presets,
                    &mut body,
                    &mut holes,
                    &mut html_events,
                    out,
                );
            }
            Event::InlineMath(tex) | Event::DisplayMath(tex) => {
                let display = src.text.get(range.clone()).is_some_and(|t| t.starts_with("$$"));
                match math(&tex, display) {
                    Ok(mathml) => html_events.push(Event::Text(holes.hole(mathml))),
                    Err(e) => {
                        out.push(
                            src.error(range.start, format!("math cannot be rendered: {e}"))
                                .hint("check the LaTeX between the `$` signs"),
                        );
                        html_events.push(Event::Code(tex));
                    }
                }
            }
            Event::Start(Tag::Link { ref dest_url, .. }) => {
                let url = dest_url.to_string();
                let anchor = link(src, &url, range.start, resolve, out);
                link_stack.push(anchor.is_some());
                if let Some(open) = anchor {
                    html_events.push(Event::Text(holes.hole(open)));
                }
            }
            Event::End(TagEnd::Link) => {
                if link_stack.pop().unwrap_or(false) {
                    html_events.push(Event::Text(holes.hole("</a>".to_string())));
                }
            }
            other => html_events.push(other),
        }
    }
    flush(&mut html_events, &holes, &mut body.segments);
    body
}

/// The opening tag for a link, or `None` (with a diagnostic) where it must not be one.
fn link(
    src: &Source<'_>,
    url: &str,
    offset: usize,
    resolve: &dyn Resolve,
    out: &mut Vec<Diagnostic>,
) -> Option<String> {
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("mailto:") {
        return Some(format!("<a href=\"{}\" rel=\"noopener noreferrer\">", escape(url)));
    }
    if url.starts_with('#') {
        return Some(format!("<a href=\"{}\">", escape(url)));
    }
    if lower.contains(':') {
        out.push(
            src.error(offset, format!("link to `{url}` is not allowed"))
                .hint("links go to http(s) addresses or to another entry by its slug, e.g. `[KV-Cache](kv-cache)`"),
        );
        return None;
    }
    let (slug, fragment) = match url.split_once('#') {
        Some((s, f)) => (s, Some(f)),
        None => (url, None),
    };
    let slug = slug.trim_matches('/');
    match resolve.slug(slug).or_else(|| resolve.term(slug)) {
        Some((_, target)) => {
            let href = match fragment {
                Some(f) => format!("{target}#{f}"),
                None => target,
            };
            Some(format!("<a class=\"xref\" href=\"{}\">", escape(&href)))
        }
        None => {
            let slugs = resolve.slugs();
            let mut d = src.error(offset, format!("link to an entry that does not exist: `{url}`"));
            d = match did_you_mean(slug, slugs.iter().copied()) {
                Some(near) => d.hint(format!("did you mean `{near}`?")),
                None => d.hint("link to another entry by its slug, or write the term in bold under the related-terms heading while it is not yet written"),
            };
            out.push(d);
            None
        }
    }
}

/// Splits text at `{{…}}` and puts a live value in place of each.
#[allow(clippy::too_many_arguments)]
fn inline_values<'a>(
    src: &Source<'_>,
    text: &str,
    offset: usize,
    presets: &Presets,
    body: &mut Body,
    holes: &mut Holes,
    html_events: &mut Vec<Event<'a>>,
    out: &mut Vec<Diagnostic>,
) {
    let mut rest = text;
    let mut consumed = 0;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start..].find("}}") else {
            out.push(
                src.error(offset + consumed + start, "unclosed inline value: `{{` without `}}`")
                    .hint("write e.g. `{{weight_time}}`"),
            );
            break;
        };
        html_events.push(Event::Text(CowStr::from(rest[..start].to_string())));
        let inner = &rest[start + 2..start + len];
        let at = offset + consumed + start;
        let rendered = parse_inline(inner, presets)
            .map_err(|e| {
                let mut d = src.error(at, e.message);
                d.hint = e.hint;
                d
            })
            .and_then(|value| match body.calculators.first() {
                None => Err(src
                    .error(
                        at,
                        format!(
                            "inline value `{{{{{}}}}}` needs a calculator block in this entry",
                            inner.trim()
                        ),
                    )
                    .hint("add a ```roofline block that sets the model, hardware and workload")),
                Some(block) => value
                    .render(&block.scenario, src.locale)
                    .map(|text| (value, text))
                    .map_err(|e| src.error(at, format!("inline value `{{{{{}}}}}`: {e}", inner.trim()))),
            });
        match rendered {
            Ok((value, shown)) => {
                let index = body.inline.len();
                body.inline.push(value);
                html_events.push(Event::Text(holes.hole(format!(
                    "<span class=\"rv\" data-rv=\"{index}\">{}</span>",
                    escape(&shown)
                ))));
            }
            Err(d) => {
                out.push(d);
                html_events.push(Event::Text(CowStr::from(rest[start..start + len + 2].to_string())));
            }
        }
        consumed += start + len + 2;
        rest = &rest[start + len + 2..];
    }
    html_events.push(Event::Text(CowStr::from(rest.to_string())));
}
