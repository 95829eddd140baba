//! Markdown to sanitised HTML, with math, calculator blocks, inline values and
//! links between entries.
//!
//! The markup this module adds (MathML, links, inline values, related terms, the
//! boxes wide tables and formulas scroll in) goes
//! into pulldown-cmark's event stream as HTML events; pulldown-cmark writes each
//! segment's HTML, and [`sanitize::clean`] cleans it once, trusted and authored
//! parts together. Nothing edits the HTML afterwards.
//!
//! Work is linear in the size of the body: adjacent text is merged in one pass,
//! formulas, nesting and raw HTML have limits (each reported where it is
//! exceeded), and at most [`MAX_MESSAGES`] messages are located per body.

mod raw;
mod tex;

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use crate::block::{parse_block, parse_inline, BlockError, CalcBlock, Hint, InlineValue};
use crate::diagnostic::{did_you_mean, line_col, Diagnostic};
use crate::presets::Presets;
use crate::sanitize::{self, image_source_allowed};
use vocab::names::EXTERNAL_REL;

pub use raw::MAX_RAW_DEPTH;
pub use tex::{MAX_MATH_BYTES, MAX_TEX_DEPTH};

/// The one place the Markdown options are chosen.
pub fn cmark_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_MATH
        | Options::ENABLE_HEADING_ATTRIBUTES
}

use vocab::markup::{build, Html};
use vocab::wire::Section;
use vocab::{fold, names};

/// Headings (lower case) that open the related-terms section.
pub const RELATED_HEADINGS: &[&str] = &["verwandte begriffe", "related terms", "siehe auch", "see also"];

/// How deep lists and block quotes may nest, together.
pub const MAX_NESTING: usize = 16;

/// How many messages one body gets; further ones are counted, not located.
pub const MAX_MESSAGES: usize = 100;

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
    /// The sections (level-2 headings) and subsections (level 3).
    pub sections: Vec<Section>,
}

/// What rendering needs to know about the rest of the site.
pub trait Resolve {
    /// The entry index and URL for a slug in the entry's language.
    fn slug(&self, slug: &str) -> Option<(usize, String)>;
    /// The entry index and URL for a term or variant in the entry's language.
    fn term(&self, term: &str) -> Option<(usize, String)>;
    /// Slugs of the language, for hints.
    fn slugs(&self) -> Vec<&str>;
    /// The address of the entry being rendered: links to its sections start with
    /// it, so that they stay in the page under a `<base href>`.
    fn page(&self) -> String {
        String::new()
    }
}

pub use vocab::markup::escape;

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

    /// A warning at byte `offset` of the body.
    pub(crate) fn warning(&self, offset: usize, message: impl Into<String>) -> Diagnostic {
        let (line, col) = self.at(offset);
        Diagnostic::warning(self.path, line, col, message)
    }

    /// The file's line and column of a 1-based `line` and `column` in a calculator
    /// block's YAML `text`, as the YAML module counts them: the text lacks the
    /// indentation or `> ` that a list item or block quote has before each line,
    /// and `origin` finds them in the body. A position past the text counts lines
    /// from the block's fence at body offset `fence`.
    pub(crate) fn block_at(
        &self,
        fence: usize,
        text: &str,
        origin: &Origin,
        line: usize,
        column: usize,
    ) -> (usize, usize) {
        match yaml_offset(text, line, column).and_then(|at| origin.offset(at)) {
            Some(offset) => self.at(offset),
            None => (self.at(fence).0 + line, column),
        }
    }
}

/// Where a body's messages go. Locating a message costs a scan of the body, so
/// only the first [`MAX_MESSAGES`] are located and kept; the rest are counted
/// and summed up in one message at the end.
struct Messages<'a> {
    src: &'a Source<'a>,
    out: &'a mut Vec<Diagnostic>,
    shown: usize,
    hidden: usize,
}

impl<'a> Messages<'a> {
    fn new(src: &'a Source<'a>, out: &'a mut Vec<Diagnostic>) -> Messages<'a> {
        Messages {
            src,
            out,
            shown: 0,
            hidden: 0,
        }
    }

    /// Adds the message `make` builds, while there is room for it.
    fn report(&mut self, make: impl FnOnce(&Source<'_>) -> Diagnostic) {
        if self.shown < MAX_MESSAGES {
            self.shown += 1;
            let d = make(self.src);
            self.out.push(d);
        } else {
            self.hidden += 1;
        }
    }

    /// An error at byte `offset` of the body, with a hint.
    fn error(&mut self, offset: usize, message: impl Into<String>, hint: impl Into<String>) {
        self.report(|src| src.error(offset, message).hint(hint));
    }

    /// The count of messages that were left out, as one more message.
    fn finish(self) {
        if self.hidden > 0 {
            let message = format!("{} more problems in this entry are not listed", self.hidden);
            let d = Diagnostic::error(self.src.path, self.src.first_line, 1, message)
                .hint("fix the ones listed and run the check again");
            self.out.push(d);
        }
    }
}

/// Where the parts of a text are in the body. Text is decoded (entities,
/// backslash escapes) and lacks the indentation and `>` of list items and block
/// quotes, so a position in the text is found in the body through its part. The
/// one mapping from text to body: rendering, [`crate::prose`] and the checks that
/// read it use it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Origin(Vec<Part>);

/// A part of a text: its start in the text, its range in the body, and whether it
/// reads there as it is written.
#[derive(Clone, Debug, PartialEq)]
struct Part {
    start: usize,
    range: Range<usize>,
    verbatim: bool,
}

impl Origin {
    /// Adds the part `text`, which follows `start` bytes of text and comes from
    /// `range` of `body`. It reads there as it is written if the body holds exactly
    /// `text` there.
    pub(crate) fn push(&mut self, start: usize, text: &str, body: &str, range: Range<usize>) {
        let verbatim = body.get(range.clone()) == Some(text);
        self.0.push(Part { start, range, verbatim });
    }

    /// Text that is one part, `text` at `range` of `body`.
    fn of(text: &str, body: &str, range: Range<usize>) -> Origin {
        let mut origin = Origin::default();
        origin.push(0, text, body, range);
        origin
    }

    /// Appends the parts of `other`, whose text follows `len` bytes of text.
    fn extend(&mut self, len: usize, other: &Origin) {
        let shifted = other.0.iter().map(|p| Part {
            start: len + p.start,
            ..p.clone()
        });
        self.0.extend(shifted);
    }

    /// The body offset of byte `at` of the text: exact in a part that reads as it
    /// is written, the part's start in one that does not (an entity, an escaped
    /// character, the spaces of a tab, a line break). `None` for text without parts.
    pub fn offset(&self, at: usize) -> Option<usize> {
        let i = self.0.partition_point(|p| p.start <= at).checked_sub(1)?;
        let part = &self.0[i];
        if part.verbatim {
            Some(part.range.start + (at - part.start).min(part.range.len()))
        } else {
            Some(part.range.start)
        }
    }
}

/// Merges adjacent text events so that `{{…}}` is seen whole. Each run of text is
/// collected in one growing string: linear in the size of the text. Each event
/// comes with the [`Origin`] of its text (none for events without text).
fn merged(text: &str) -> Vec<(Event<'_>, Range<usize>, Origin)> {
    let mut out = Vec::new();
    let mut run: Option<(String, Range<usize>, Origin)> = None;
    for (event, range) in Parser::new_ext(text, cmark_options()).into_offset_iter() {
        match (event, &mut run) {
            (Event::Text(t), Some((buffer, run_range, origin))) => {
                origin.push(buffer.len(), &t, text, range.clone());
                buffer.push_str(&t);
                run_range.end = range.end;
            }
            (Event::Text(t), None) => {
                let origin = Origin::of(&t, text, range.clone());
                run = Some((t.into_string(), range, origin));
            }
            (other, _) => {
                if let Some((buffer, run_range, origin)) = run.take() {
                    out.push((Event::Text(CowStr::from(buffer)), run_range, origin));
                }
                out.push((other, range, Origin::default()));
            }
        }
    }
    if let Some((buffer, run_range, origin)) = run {
        out.push((Event::Text(CowStr::from(buffer)), run_range, origin));
    }
    out
}

/// Whether `c` is a private-use code point (U+E000–U+F8FF and planes 15 and 16).
fn is_private_use(c: char) -> bool {
    matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}')
}

/// Reports the first private-use character of the body: such characters are
/// invisible in most editors and mean nothing in an entry.
fn check_private_use(text: &str, messages: &mut Messages<'_>) {
    let mut found = text.char_indices().filter(|(_, c)| is_private_use(*c));
    if let Some((offset, c)) = found.next() {
        let more = match found.count() {
            0 => String::new(),
            n => format!(" (and {n} more in this entry)"),
        };
        let message = format!("private-use character U+{:04X}{more}", u32::from(c));
        let hint = "delete it: it is invisible in most editors and has no meaning in an entry";
        messages.error(offset, message, hint);
    }
}

/// The calculator blocks of the body, parsed first so that inline values before
/// the first block resolve.
fn calculators(
    events: &[(Event<'_>, Range<usize>, Origin)],
    presets: &Presets,
    messages: &mut Messages<'_>,
) -> Vec<CalcBlock> {
    let mut blocks = Vec::new();
    let mut in_block: Option<(usize, String, Origin)> = None;
    for (event, range, origin) in events {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(lang))) if lang.trim() == "roofline" => {
                in_block = Some((range.start, String::new(), Origin::default()));
            }
            Event::Text(t) => {
                if let Some((_, text, block_origin)) = in_block.as_mut() {
                    block_origin.extend(text.len(), origin);
                    text.push_str(t);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((fence, text, origin)) = in_block.take() {
                    match parse_block(&text, presets) {
                        Ok(block) => blocks.push(block),
                        Err(e) => messages.report(|src| block_error(src, fence, &text, &origin, e, presets)),
                    }
                }
            }
            _ => {}
        }
    }
    blocks
}

/// A calculator block's error, located in the file through the block's `origin`
/// ([`Source::block_at`]), with its hint worked out.
fn block_error(
    src: &Source<'_>,
    fence: usize,
    text: &str,
    origin: &Origin,
    e: BlockError,
    presets: &Presets,
) -> Diagnostic {
    let (line, column) = src.block_at(fence, text, origin, e.line, e.column);
    let mut d = Diagnostic::error(src.path, line, column, e.message);
    d.hint = e.hint.map(|h| h.text(presets));
    d
}

/// The byte offset in `text` of a 1-based `line` and `column` counted as the YAML
/// module counts them: lines end at `\n`, columns count characters, and a leading
/// byte order mark takes none. A column past its line's end is the line's end;
/// `None` for a line past the text.
fn yaml_offset(text: &str, line: usize, column: usize) -> Option<usize> {
    let start = match line {
        0 => return None,
        1 if text.starts_with('\u{feff}') => '\u{feff}'.len_utf8(),
        1 => 0,
        _ => text.match_indices('\n').nth(line - 2)?.0 + 1,
    };
    let rest = text.get(start..)?;
    let content = rest.split('\n').next().unwrap_or_default();
    let within = content
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(content.len(), |(i, _)| i);
    Some(start + within)
}

/// Renders an entry's body. Problems go to `out`; what can be rendered is.
pub fn render(src: &Source<'_>, presets: &Presets, resolve: &dyn Resolve, out: &mut Vec<Diagnostic>) -> Body {
    let mut messages = Messages::new(src, out);
    check_private_use(src.text, &mut messages);
    let events = merged(src.text);
    let calculators = calculators(&events, presets, &mut messages);
    let mut renderer = Renderer::new(src, presets, resolve, messages, calculators);
    for (event, range, origin) in events {
        renderer.event(event, range, &origin);
    }
    renderer.finish()
}

/// Lists and block quotes nested deeper than [`MAX_NESTING`] lose their own tags
/// (their content stays): the HTML parser's work grows with the square of the
/// depth.
#[derive(Default)]
struct Nesting {
    /// Whether each open list, item or block quote keeps its tags.
    kept: Vec<bool>,
    depth: usize,
    reported: bool,
}

impl Nesting {
    /// A list, item or block quote opens: whether its tag is written, and whether
    /// it is the first one too deep.
    fn open(&mut self, tag: &Tag<'_>) -> (bool, bool) {
        let kept = match tag {
            Tag::Item => self.kept.last().copied().unwrap_or(true),
            _ => self.depth < MAX_NESTING,
        };
        if kept && !matches!(tag, Tag::Item) {
            self.depth += 1;
        }
        self.kept.push(kept);
        let first = !kept && !self.reported && !matches!(tag, Tag::Item);
        self.reported |= first;
        (kept, first)
    }

    /// A list, item or block quote closes: whether its tag is written.
    fn close(&mut self, end: &TagEnd) -> bool {
        let kept = self.kept.pop().unwrap_or(true);
        if kept && !matches!(end, TagEnd::Item) {
            self.depth = self.depth.saturating_sub(1);
        }
        kept
    }
}

/// Whether a start or end tag is that of a block: it ends a paragraph's raw HTML.
fn is_block_boundary(event: &Event<'_>) -> bool {
    let inline_start = |t: &Tag<'_>| {
        matches!(
            t,
            Tag::Emphasis
                | Tag::Strong
                | Tag::Strikethrough
                | Tag::Superscript
                | Tag::Subscript
                | Tag::Link { .. }
                | Tag::Image { .. }
        )
    };
    let inline_end = |t: &TagEnd| {
        matches!(
            t,
            TagEnd::Emphasis
                | TagEnd::Strong
                | TagEnd::Strikethrough
                | TagEnd::Superscript
                | TagEnd::Subscript
                | TagEnd::Link
                | TagEnd::Image
        )
    };
    match event {
        Event::Start(t) => !inline_start(t),
        Event::End(t) => !inline_end(t),
        _ => false,
    }
}

/// The second pass over a body's events: collects each segment's events, with the
/// trusted markup added as HTML events, and cleans the segment's HTML.
struct Renderer<'a, 'e> {
    src: &'a Source<'a>,
    presets: &'a Presets,
    resolve: &'a dyn Resolve,
    messages: Messages<'a>,
    body: Body,
    /// The current segment's events.
    html: Vec<Event<'e>>,
    /// Indices in `html` of the author's raw HTML.
    raw_events: Vec<usize>,
    raw: raw::RawHtml,
    nesting: Nesting,
    /// Calculators placed so far.
    placed: usize,
    skipping_block: bool,
    heading: Option<(HeadingLevel, String)>,
    /// Where in `html` the open heading's start tag is, to give it its id.
    heading_start: usize,
    /// The heading ids given so far, to keep them unique.
    heading_ids: Vec<String>,
    in_related: bool,
    /// The text of a bold related term being read.
    strong: Option<String>,
    /// In the related-terms section, whether the open paragraph holds only bold
    /// names and what separates them (commas, semicolons, dots), and the markup of
    /// each name read: such a paragraph is written as a list of its names.
    related_only: bool,
    related_items: Vec<[String; 3]>,
    /// For each open link, whether it is written.
    links: Vec<bool>,
    /// Where in `html` the open paragraph's start tag is.
    paragraph_start: usize,
    /// Whether the line that says what live figures look like is written (before
    /// the paragraph of the entry's first).
    legend: bool,
}

impl<'a, 'e> Renderer<'a, 'e> {
    fn new(
        src: &'a Source<'a>,
        presets: &'a Presets,
        resolve: &'a dyn Resolve,
        messages: Messages<'a>,
        calculators: Vec<CalcBlock>,
    ) -> Renderer<'a, 'e> {
        Renderer {
            src,
            presets,
            resolve,
            messages,
            body: Body {
                calculators,
                ..Body::default()
            },
            html: Vec::new(),
            raw_events: Vec::new(),
            raw: raw::RawHtml::default(),
            nesting: Nesting::default(),
            placed: 0,
            skipping_block: false,
            heading: None,
            heading_start: 0,
            paragraph_start: 0,
            legend: false,
            heading_ids: Vec::new(),
            in_related: false,
            strong: None,
            related_only: false,
            related_items: Vec::new(),
            links: Vec::new(),
        }
    }

    /// Handles one event of the body; `origin` locates its text.
    fn event(&mut self, event: Event<'e>, range: Range<usize>, origin: &Origin) {
        if self.skipping_block {
            self.skipping_block = !matches!(event, Event::End(TagEnd::CodeBlock));
            return;
        }
        if is_block_boundary(&event) {
            let found = self.raw.end_block();
            self.report_raw(found);
        }
        if self.related_only && !self.in_names_only(&event) {
            self.related_only = false;
        }
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(ref lang))) if lang.trim() == "roofline" => {
                self.calculator()
            }
            Event::Start(Tag::Heading { level, .. }) => {
                if level <= HeadingLevel::H2 {
                    self.in_related = false;
                }
                self.heading = Some((level, String::new()));
                self.heading_start = self.html.len();
                self.html.push(event);
            }
            Event::End(TagEnd::Heading(level)) => {
                let text = self.heading.take().map(|(_, t)| t).unwrap_or_default();
                if level == HeadingLevel::H2 {
                    self.in_related = RELATED_HEADINGS.contains(&text.trim().to_lowercase().as_str());
                }
                if matches!(level, HeadingLevel::H2 | HeadingLevel::H3) {
                    self.heading_anchor(level, &text);
                }
                self.html.push(event);
            }
            Event::Start(Tag::Paragraph) => {
                self.paragraph_start = self.html.len();
                self.related_only = self.in_related;
                self.related_items.clear();
                self.html.push(event);
            }
            Event::End(TagEnd::Paragraph) if self.related_only && !self.related_items.is_empty() => {
                self.related_only = false;
                self.related_list();
            }
            Event::Start(Tag::Strong) if self.in_related => self.strong = Some(String::new()),
            Event::End(TagEnd::Strong) if self.strong.is_some() => self.related_term(),
            Event::Text(ref t) | Event::Code(ref t) if self.strong.is_some() => {
                if let Some(s) = self.strong.as_mut() {
                    s.push_str(t);
                }
                self.heading_text(t);
            }
            // A name wrapped across lines (`**Arithmetic` / `Intensity**`) is one name.
            Event::SoftBreak | Event::HardBreak if self.strong.is_some() => {
                if let Some(s) = self.strong.as_mut() {
                    s.push(' ');
                }
            }
            Event::Text(t) => {
                self.heading_text(&t);
                self.inline_values(&t, origin);
            }
            Event::InlineMath(tex) | Event::DisplayMath(tex) => self.math(tex, range),
            Event::Start(Tag::Table(_)) => {
                let open = scroll_box("div", Scrolled::Table, self.src.locale);
                self.trusted(open);
                self.html.push(event);
            }
            Event::End(TagEnd::Table) => {
                self.html.push(event);
                self.trusted(build(|h| {
                    h.end("div");
                }));
            }
            Event::Start(Tag::Link { ref dest_url, .. }) => self.link_start(dest_url, range.start),
            Event::End(TagEnd::Link) => {
                if self.links.pop().unwrap_or(false) {
                    self.trusted(build(|h| {
                        h.end("a");
                    }));
                }
            }
            Event::Start(Tag::Image { ref dest_url, .. }) => {
                self.image(dest_url, range.start);
                self.html.push(event);
            }
            Event::Start(Tag::List(_) | Tag::Item | Tag::BlockQuote(_)) => self.container_start(event, range.start),
            Event::End(ref end @ (TagEnd::List(_) | TagEnd::Item | TagEnd::BlockQuote(_))) => {
                if self.nesting.close(end) {
                    self.html.push(event);
                }
            }
            Event::Html(_) | Event::InlineHtml(_) => self.raw_html(event, range),
            other => self.html.push(other),
        }
    }

    /// A link opens: written as this module's `<a>`, or left out with a message.
    fn link_start(&mut self, url: &str, offset: usize) {
        let anchor = self.link(url, offset);
        self.links.push(anchor.is_some());
        if let Some(open) = anchor {
            self.trusted(open);
        }
    }

    /// A list, item or block quote opens; deeper than [`MAX_NESTING`] it loses its
    /// tag.
    fn container_start(&mut self, event: Event<'e>, offset: usize) {
        let Event::Start(tag) = &event else { return };
        let (kept, first_too_deep) = self.nesting.open(tag);
        if first_too_deep {
            let message = format!("lists and block quotes nest deeper than {MAX_NESTING} levels");
            let hint = "flatten the structure; deeper levels are shown at this depth";
            self.messages.error(offset, message, hint);
        }
        if kept {
            self.html.push(event);
        }
    }

    /// The author's raw HTML at `range`: checked, and kept with its index in case
    /// the segment turns out to be malformed.
    fn raw_html(&mut self, event: Event<'e>, range: Range<usize>) {
        if let Event::Html(html) | Event::InlineHtml(html) = &event {
            let origin = Origin::of(html, self.src.text, range.clone());
            let found = self.raw.feed(html, |at| origin.offset(at).unwrap_or(range.start));
            self.report_raw(found);
        }
        self.raw_events.push(self.html.len());
        self.html.push(event);
    }

    /// Whether `event` may stand in a paragraph of related terms written as a list:
    /// a bold name, its text, a line break, or text that only separates names.
    fn in_names_only(&self, event: &Event<'_>) -> bool {
        match event {
            Event::Start(Tag::Strong) | Event::End(TagEnd::Strong | TagEnd::Paragraph) => true,
            Event::SoftBreak | Event::HardBreak => true,
            Event::Text(_) if self.strong.is_some() => true,
            Event::Text(t) => t
                .chars()
                .all(|c| c.is_whitespace() || matches!(c, ',' | ';' | '·' | '•')),
            _ => false,
        }
    }

    /// The paragraph just read, of related terms' names alone, written as a list of
    /// them in place of the paragraph (its separators go).
    fn related_list(&mut self) {
        self.html.truncate(self.paragraph_start);
        let class = sanitize::trusted_class(names::RELATED_LIST);
        self.trusted(build(|h| {
            h.start("ul", &[("class", Some(&class))]);
        }));
        for [open, term, close] in std::mem::take(&mut self.related_items) {
            self.trusted(build(|h| {
                h.start("li", &[]);
            }));
            self.html.push(Event::InlineHtml(CowStr::from(open)));
            self.html.push(Event::Text(CowStr::from(term)));
            self.html.push(Event::InlineHtml(CowStr::from(close)));
            self.trusted(build(|h| {
                h.end("li");
            }));
        }
        self.trusted(build(|h| {
            h.end("ul");
        }));
    }

    /// Adds markup made here (not by the author) to the segment.
    fn trusted(&mut self, html: Html) {
        self.html.push(Event::InlineHtml(CowStr::from(html.into_string())));
    }

    /// Gives the heading just read an id from its words (unique in the entry) and a
    /// link to itself; it joins the sections (a level-3 heading as a subsection).
    fn heading_anchor(&mut self, level: HeadingLevel, text: &str) {
        let Some(Event::Start(Tag::Heading { id: slot, .. })) = self.html.get_mut(self.heading_start) else {
            return;
        };
        // An id the author gave (`## Title {#id}`) stays.
        let id = match slot {
            Some(given) => given.to_string(),
            None => {
                let words = fold(text).replace(' ', "-");
                let stem = if words.is_empty() { "section".to_string() } else { words };
                let mut id = stem.clone();
                let mut n = 1;
                while self.heading_ids.contains(&id) {
                    n += 1;
                    id = format!("{stem}-{n}");
                }
                *slot = Some(CowStr::from(id.clone()));
                id
            }
        };
        self.heading_ids.push(id.clone());
        // The page's links and contents use the id as the sanitiser leaves it.
        let page_id = crate::sanitize::page_id(&id).into_owned();
        let href = format!("{}#{id}", self.resolve.page());
        let label = texts_for(self.src.locale).section_link;
        self.trusted(build(|h| {
            h.el_text(
                "a",
                &[
                    ("class", Some(&sanitize::trusted_class(names::HEADING_ANCHOR))),
                    ("href", Some(&href)),
                    ("aria-label", Some(label)),
                ],
                "#",
            );
        }));
        self.body.sections.push(Section {
            id: page_id,
            title: text.trim().to_string(),
            sub: level == HeadingLevel::H3,
        });
    }

    fn heading_text(&mut self, text: &str) {
        if let Some((_, h)) = self.heading.as_mut() {
            h.push_str(text);
        }
    }

    fn report_raw(&mut self, found: Vec<raw::Finding>) {
        for f in found {
            self.messages.error(f.offset, f.message, f.hint);
        }
    }

    /// A ```` ```roofline ```` block: the calculator takes its place, between two
    /// segments.
    fn calculator(&mut self) {
        self.skipping_block = true;
        if self.placed < self.body.calculators.len() {
            self.flush();
            self.body.segments.push(Segment::Calculator(self.placed));
            self.placed += 1;
        }
    }

    /// The end of a bold related term: a link where the entry exists, otherwise a
    /// term described by the page's "not yet written" note.
    fn related_term(&mut self) {
        let term = self.strong.take().unwrap_or_default().trim().to_string();
        let target = self.resolve.term(&term);
        let (open, close) = match &target {
            Some((_, url)) => (
                build(|h| {
                    h.start(
                        "a",
                        &[
                            ("class", Some(&sanitize::trusted_class(names::XREF))),
                            ("href", Some(url)),
                        ],
                    )
                    .start("strong", &[]);
                }),
                build(|h| {
                    h.end("strong").end("a");
                }),
            ),
            None => (
                build(|h| {
                    h.start(
                        "strong",
                        &[
                            ("class", Some(&sanitize::trusted_class(names::MISSING_TERM))),
                            ("aria-describedby", Some(names::MISSING_NOTE_ID)),
                        ],
                    );
                }),
                build(|h| {
                    h.end("strong");
                }),
            ),
        };
        let (open, close) = (open.into_string(), close.into_string());
        self.related_items.push([open.clone(), term.clone(), close.clone()]);
        self.html.push(Event::InlineHtml(CowStr::from(open)));
        self.html.push(Event::Text(CowStr::from(term.clone())));
        self.html.push(Event::InlineHtml(CowStr::from(close)));
        self.body.related.push(Related {
            term,
            target: target.map(|(i, _)| i),
        });
    }

    fn math(&mut self, tex: CowStr<'e>, range: Range<usize>) {
        let display = self.src.text.get(range.clone()).is_some_and(|t| t.starts_with("$$"));
        match tex::mathml(&tex, display) {
            // The segment goes through the sanitiser like everything else.
            Ok(mathml) if display => {
                let mut html = scroll_box("span", Scrolled::Formula, self.src.locale);
                html.append(&Html::sanitised(mathml, "pulldown-latex, then sanitize::clean"))
                    .end("span");
                self.trusted(html);
            }
            Ok(mathml) => self.trusted(Html::sanitised(mathml, "pulldown-latex, then sanitize::clean")),
            Err(e) => {
                self.messages
                    .error(range.start, format!("math cannot be rendered: {}", e.message), e.hint);
                self.html.push(Event::Code(tex));
            }
        }
    }

    /// Reports an image that is not a file of this site; the sanitiser removes its
    /// source.
    fn image(&mut self, url: &str, offset: usize) {
        if !image_source_allowed(url) {
            self.messages.error(
                offset,
                format!("image `{url}` is not a file of this site"),
                raw::IMAGE_HINT,
            );
        }
    }

    /// The opening tag for a link, or `None` (with a message) where it must not be
    /// one.
    fn link(&mut self, url: &str, offset: usize) -> Option<Html> {
        if url.len() > sanitize::MAX_LINK_BYTES {
            self.messages.error(
                offset,
                format!("a link of {} bytes; the limit is 2 KiB", url.len()),
                "link to the page itself; a reader's own calculator state is theirs to share",
            );
            return None;
        }
        let lower = url.to_ascii_lowercase();
        if lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("mailto:") {
            return Some(build(|h| {
                h.start("a", &[("href", Some(url)), ("rel", Some(EXTERNAL_REL))]);
            }));
        }
        if url.starts_with('#') {
            return Some(build(|h| {
                h.start("a", &[("href", Some(url))]);
            }));
        }
        if !lower.contains(':') && url.split('#').next().is_some_and(|u| u.contains('?')) {
            self.messages.error(
                offset,
                format!("link to `{}` carries a query", url.split('?').next().unwrap_or(url)),
                "links to the glossary's own pages carry no query: link to the entry by its slug, e.g. \
                 `[KV-Cache](kv-cache)`",
            );
            return None;
        }
        if lower.contains(':') || !sanitize::link_allowed(url) {
            self.messages.error(
                offset,
                format!("link to `{url}` is not allowed"),
                "links go to http(s) addresses or to another entry by its slug, e.g. `[KV-Cache](kv-cache)`",
            );
            return None;
        }
        let (slug, fragment) = match url.split_once('#') {
            Some((s, f)) => (s, Some(f)),
            None => (url, None),
        };
        let slug = slug.trim_matches('/');
        match self.resolve.slug(slug).or_else(|| self.resolve.term(slug)) {
            Some((_, target)) => {
                let href = match fragment {
                    Some(f) => format!("{target}#{f}"),
                    None => target,
                };
                Some(build(|h| {
                    h.start(
                        "a",
                        &[
                            ("class", Some(&sanitize::trusted_class(names::XREF))),
                            ("href", Some(&href)),
                        ],
                    );
                }))
            }
            None => {
                self.missing_entry(url, slug, offset);
                None
            }
        }
    }

    fn missing_entry(&mut self, url: &str, slug: &str, offset: usize) {
        let resolve = self.resolve;
        self.messages.report(|src| {
            let d = src.error(offset, format!("link to an entry that does not exist: `{url}`"));
            match did_you_mean(slug, resolve.slugs()) {
                Some(near) => d.hint(format!("did you mean `{near}`?")),
                None => d.hint(
                    "link to another entry by its slug, or write the term in bold under the related-terms heading \
                     while it is not yet written",
                ),
            }
        });
    }

    /// Splits text at `{{…}}` and puts a live value in place of each. Messages go
    /// to the `{{` as written in the body, found through the text's `origin`.
    fn inline_values(&mut self, text: &str, origin: &Origin) {
        let at = |i: usize| origin.offset(i).unwrap_or_default();
        let mut rest = text;
        let mut consumed = 0;
        while let Some(start) = rest.find("{{") {
            let offset = at(consumed + start);
            let Some(len) = rest[start..].find("}}") else {
                let hint = "write e.g. `{{weight_time}}`";
                self.messages
                    .error(offset, "unclosed inline value: `{{` without `}}`", hint);
                break;
            };
            self.html.push(Event::Text(CowStr::from(rest[..start].to_string())));
            let whole = &rest[start..start + len + 2];
            self.inline_value(whole, offset);
            consumed += start + len + 2;
            rest = &rest[start + len + 2..];
        }
        self.html.push(Event::Text(CowStr::from(rest.to_string())));
    }

    /// One `{{…}}` at `at`: a live value, or the text as written and a message.
    fn inline_value(&mut self, whole: &str, at: usize) {
        let inner = &whole[2..whole.len() - 2];
        match self.value(inner) {
            Ok((value, shown)) => {
                let index = self.body.inline.len();
                // The tooltip names what the figure is and that the calculator computes it.
                // A value whose sentence pins its case (`hardware=…`) is marked so:
                // it does not follow the calculator as the others do.
                let t = texts_for(self.src.locale);
                let (class, note) = if value.overrides.is_empty() {
                    (names::INLINE_VALUE.to_string(), t.computed_by_calculator)
                } else {
                    (
                        format!("{} {}", names::INLINE_VALUE, names::PINNED_VALUE),
                        t.computed_for_named_case,
                    )
                };
                let title = format!("{} · {note}", (t.output_label)(value.output));
                if value.overrides.is_empty() {
                    self.live_legend();
                }
                self.body.inline.push(value);
                self.trusted(build(|h| {
                    h.el_text(
                        "span",
                        &[
                            ("class", Some(&sanitize::trusted_class(&class))),
                            (names::INLINE_VALUE_ATTR, Some(&sanitize::trusted_index(index))),
                            ("title", Some(&title)),
                        ],
                        &shown,
                    );
                }));
            }
            Err((message, hint)) => {
                let presets = self.presets;
                self.messages.report(|src| {
                    let mut d = src.error(at, message);
                    d.hint = hint.map(|h| h.text(presets));
                    d
                });
                self.html.push(Event::Text(CowStr::from(whole.to_string())));
            }
        }
    }

    /// Before the paragraph of the entry's first live figure, once: a line that says
    /// what live figures look like, in their style (a title alone is not seen on a
    /// touch screen).
    fn live_legend(&mut self) {
        if self.legend {
            return;
        }
        self.legend = true;
        let (before, sample, after) = texts_for(self.src.locale).live_legend;
        let line = build(|h| {
            h.el(
                "p",
                &[("class", Some(&sanitize::trusted_class(names::LIVE_LEGEND)))],
                |h| {
                    h.text(before);
                    let class = sanitize::trusted_class(&format!("{} {}", names::INLINE_VALUE, names::LIVE_SAMPLE));
                    h.el_text("span", &[("class", Some(&class))], sample);
                    h.text(after);
                },
            );
        });
        let at = self.paragraph_start.min(self.html.len());
        self.html
            .insert(at, Event::InlineHtml(CowStr::from(line.into_string())));
        // Indices into `html` at or after the insertion move by one.
        for i in self.raw_events.iter_mut().chain([&mut self.heading_start]) {
            if *i >= at {
                *i += 1;
            }
        }
    }

    /// The value `{{inner}}` names and its text for the entry's scenario, or what
    /// is wrong (a message and perhaps a hint, worked out only if the message is
    /// shown).
    fn value(&self, inner: &str) -> Result<(InlineValue, String), (String, Option<Hint>)> {
        let value = parse_inline(inner, self.presets).map_err(|e| (e.message, e.hint))?;
        let Some(block) = self.body.calculators.first() else {
            let message = format!(
                "inline value `{{{{{}}}}}` needs a calculator block in this entry",
                inner.trim()
            );
            let hint = "add a ```roofline block that sets the model, hardware and workload";
            return Err((message, Some(hint.into())));
        };
        match value.render(&block.scenario, self.src.locale) {
            Ok(text) => Ok((value, text)),
            Err(e) => Err((format!("inline value `{{{{{}}}}}`: {e}", inner.trim()), None)),
        }
    }

    /// Writes the current segment's HTML and cleans it. Raw HTML that is not
    /// well-formed is written as text.
    fn flush(&mut self) {
        let (found, malformed) = self.raw.end_segment();
        self.report_raw(found);
        for i in self.raw_events.drain(..) {
            if malformed {
                let event = std::mem::replace(&mut self.html[i], Event::SoftBreak);
                self.html[i] = match event {
                    Event::Html(t) | Event::InlineHtml(t) => Event::Text(t),
                    other => other,
                };
            }
        }
        if self.html.is_empty() {
            return;
        }
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, self.html.drain(..));
        let page = self.resolve.page();
        self.body
            .segments
            .push(Segment::Html(sanitize::clean_in_page(&html, &page)));
    }

    fn finish(mut self) -> Body {
        self.flush();
        self.messages.finish();
        self.body
    }
}

/// What scrolls in a [`scroll_box`].
/// The interface texts of the language that formats with `locale`.
fn texts_for(locale: roofline::Locale) -> &'static vocab::i18n::Texts {
    let lang = vocab::Lang::ALL
        .into_iter()
        .find(|l| l.locale() == locale)
        .unwrap_or(vocab::Lang::En);
    vocab::i18n::texts(lang)
}

#[derive(Clone, Copy)]
enum Scrolled {
    Table,
    Formula,
}

/// The opening tag of a box a wide table or display formula scrolls in, so that
/// the page never scrolls sideways: the keyboard can reach it (a scrolling region
/// must take the focus for its arrow keys to scroll it), and a screen reader names
/// it. `span` for formulas, which stand inside paragraphs.
fn scroll_box(tag: &'static str, what: Scrolled, locale: roofline::Locale) -> Html {
    let t = texts_for(locale);
    let label = match what {
        Scrolled::Table => t.scroll_table,
        Scrolled::Formula => t.scroll_formula,
    };
    build(|h| {
        h.start(
            tag,
            &[
                ("class", Some(&sanitize::trusted_class(sanitize::SCROLL))),
                ("role", Some("group")),
                ("aria-label", Some(label)),
                ("tabindex", Some("0")),
            ],
        );
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A language without entries.
    struct NoEntries;

    impl Resolve for NoEntries {
        fn slug(&self, _: &str) -> Option<(usize, String)> {
            None
        }

        fn term(&self, _: &str) -> Option<(usize, String)> {
            None
        }

        fn slugs(&self) -> Vec<&str> {
            vec!["kv-cache"]
        }
    }

    /// The body's HTML and its messages.
    fn render_text(text: &str) -> (String, Vec<Diagnostic>) {
        let src = Source {
            path: "content/en/x.md",
            text,
            first_line: 1,
            locale: roofline::Locale::from_lang("en"),
        };
        let mut out = Vec::new();
        let body = render(&src, &Presets::default(), &NoEntries, &mut out);
        let html = body
            .segments
            .iter()
            .filter_map(|s| match s {
                Segment::Html(h) => Some(h.as_str()),
                Segment::Calculator(_) => None,
            })
            .collect();
        (html, out)
    }

    /// A control space in a formula reaches the page as a space: no `&nbsp;` for the
    /// reader to see, in inline and display math.
    #[test]
    fn control_spaces_in_formulas_survive_the_sanitiser_as_spaces() {
        let (html, out) = render_text(r"Inline $242 \ \text{FLOP/Byte}$ and $$a~b \ c$$.");
        assert!(out.is_empty(), "{out:?}");
        assert!(!html.contains("nbsp"), "{html}");
        assert_eq!(html.matches(r#"<mspace width="0.3333em">"#).count(), 3, "{html}");
    }

    /// Wide tables and display formulas sit in a box that scrolls and takes the
    /// keyboard focus, named in the entry's language; inline formulas do not.
    #[test]
    fn tables_and_display_formulas_scroll_in_a_focusable_named_box() {
        let (html, out) = render_text("|a|b|\n|-|-|\n|1|2|\n\nSee $$E = mc^2$$ and $x$.");
        assert!(out.is_empty(), "{out:?}");
        assert!(
            html.starts_with(r#"<div class="scroll" role="group" aria-label="Table" tabindex="0"><table>"#),
            "{html}"
        );
        assert!(html.contains("</table>\n</div>"), "{html}");
        assert!(
            html.contains(
                r#"<span class="scroll" role="group" aria-label="Formula" tabindex="0"><math display="block">"#
            ),
            "{html}"
        );
        assert_eq!(html.matches("tabindex").count(), 2, "{html}");
        let src = Source {
            path: "content/de/x.md",
            text: "|a|\n|-|\n|1|",
            first_line: 1,
            locale: roofline::Locale::from_lang("de"),
        };
        let body = render(&src, &Presets::default(), &NoEntries, &mut Vec::new());
        let Some(Segment::Html(de)) = body.segments.first() else {
            panic!("no HTML")
        };
        assert!(de.contains(r#"aria-label="Tabelle""#), "{de}");
    }

    /// The deepest nesting of `<tag>` in `html`.
    fn depth(html: &str, tag: &str) -> usize {
        let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
        let (mut now, mut deepest) = (0usize, 0usize);
        let mut rest = html;
        while let Some(i) = rest.find('<') {
            rest = &rest[i..];
            if rest.starts_with(&open) {
                now += 1;
                deepest = deepest.max(now);
            } else if rest.starts_with(&close) {
                now = now.saturating_sub(1);
            }
            rest = &rest[1..];
        }
        deepest
    }

    fn has(messages: &[Diagnostic], text: &str) -> bool {
        messages.iter().any(|d| d.message.contains(text))
    }

    const MEGABYTE: usize = 1 << 20;

    #[test]
    fn a_megabyte_of_adjacent_text_is_one_event() {
        let text = "&amp;".repeat(MEGABYTE / 5);
        let events = merged(&text);
        assert_eq!(events.len(), 3, "paragraph start, one text, paragraph end");
        assert!(matches!(&events[1].0, Event::Text(t) if t.len() == MEGABYTE / 5));
        let (html, messages) = render_text(&text);
        assert!(messages.is_empty());
        assert_eq!(html.matches("&amp;").count(), MEGABYTE / 5);
    }

    #[test]
    fn a_megabyte_of_emphasis_renders() {
        let (html, messages) = render_text(&"a*b*".repeat(MEGABYTE / 4));
        assert!(messages.is_empty());
        assert_eq!(html.matches("<em>").count(), MEGABYTE / 4);
    }

    #[test]
    fn deep_block_quotes_and_lists_are_flattened() {
        for (text, tag) in [
            (">".repeat(MEGABYTE) + " x", "blockquote"),
            ("- ".repeat(MEGABYTE / 2) + "x", "ul"),
        ] {
            let (html, messages) = render_text(&text);
            assert_eq!(depth(&html, tag), MAX_NESTING, "{tag}");
            assert!(html.contains('x'));
            assert_eq!(messages.len(), 1, "{messages:?}");
            assert!(has(&messages, "nest deeper than 16 levels"), "{messages:?}");
        }
    }

    #[test]
    fn deep_raw_html_is_shown_as_text() {
        let (html, messages) = render_text(&("<div>".repeat(MEGABYTE / 5) + "x"));
        assert!(!html.contains("<div>") && html.contains("&lt;div&gt;"));
        assert!(has(&messages, "raw HTML nests deeper than 32 elements"), "{messages:?}");
    }

    #[test]
    fn long_and_deep_formulas_are_refused() {
        let (html, messages) = render_text(&format!("${}$", "x".repeat(MEGABYTE)));
        assert!(html.contains("<code>") && !html.contains("<math"));
        assert!(has(&messages, "longer than 4096 bytes"), "{messages:?}");
        let deep = format!("${}x{}$", "{".repeat(MAX_TEX_DEPTH + 1), "}".repeat(MAX_TEX_DEPTH + 1));
        let (_, messages) = render_text(&deep);
        assert!(has(&messages, "braces nest deeper than 32 levels"), "{messages:?}");
    }

    #[test]
    fn a_flood_of_problems_is_counted_not_located() {
        let (_, messages) = render_text(&"[x](nope) ".repeat(100_000));
        assert_eq!(messages.len(), MAX_MESSAGES + 1);
        assert_eq!(
            messages[MAX_MESSAGES].message,
            "99900 more problems in this entry are not listed"
        );
    }

    /// Line and column of each message.
    fn places(messages: &[Diagnostic]) -> Vec<(usize, usize)> {
        messages.iter().map(|d| (d.line, d.column)).collect()
    }

    #[test]
    fn inline_values_are_reported_at_their_braces() {
        let (_, messages) = render_text("ä &amp; \\{ &#123;{nope}} {{nope}}\n\n> - ä `c` \\* {{x\n");
        assert_eq!(places(&messages), [(1, 12), (1, 26), (3, 14)], "{messages:?}");
    }

    #[test]
    fn block_errors_count_what_containers_strip() {
        for (text, place) in [
            ("- ä\n\n  ```roofline\n  batch: x y\n  ```\n", (4, 10)),
            ("- ä\n\n\t```roofline\n\tbatch: x y\n\t```\n", (4, 9)),
            ("> - ä\n>\n>   ```roofline\n>   batch: x y\n>   ```\n", (4, 12)),
            ("  ```roofline\n ä: 1\n  ```\n", (2, 2)),
            ("- ä\n\n  ```roofline\n  batch: \"x\n  ```\n", (5, 1)),
        ] {
            let (_, messages) = render_text(text);
            assert_eq!(places(&messages), [place], "{text:?}: {messages:?}");
        }
    }

    #[test]
    fn placeholder_characters_are_reported_where_they_are() {
        let (html, messages) = render_text("ab\n\ncd \u{E000}0\u{E001}");
        assert_eq!(messages.len(), 1);
        assert_eq!(
            messages[0].to_string(),
            concat!(
                "content/en/x.md:3:4: error: private-use character U+E000 (and 1 more in this entry)\n",
                "  = hint: delete it: it is invisible in most editors and has no meaning in an entry",
            )
        );
        assert!(html.contains("cd \u{E000}0\u{E001}"));
    }

    /// An author's HTML cannot take the app's classes or hooks: a link of theirs
    /// with `class="xref"` would get the reader's calculator state added to it.
    #[test]
    fn authors_cannot_use_the_apps_classes() {
        let (html, out) = render_text(
            "<a class=\"xref heading-anchor\" href=\"https://e.org\">x</a> \
             <span class=\"rv pinned scroll\" data-rv=\"0\">7</span> <strong class=\"missing-term\">m</strong>",
        );
        assert!(out.is_empty(), "{out:?}");
        assert!(!html.contains("class") && !html.contains("data-rv"), "{html}");
        assert!(html.contains("<a href=\"https://e.org\">x</a>"), "{html}");
    }

    /// An address that names a host without a scheme is not a relative link: the
    /// browser goes to that host. It is refused where it is written.
    #[test]
    fn scheme_relative_and_backslash_links_are_refused_with_their_line() {
        let (html, out) = render_text(
            "[a](//e.org/x)\n\n<a href=\"/\\e.org\">b</a>\n\n<a href=\"\\\\e.org\">c</a>\n\n<img src=\"/other/a.png\">",
        );
        assert!(!html.contains("e.org") && !html.contains("other"), "{html}");
        let lines: Vec<usize> = out.iter().map(|d| d.line).collect();
        assert_eq!(lines, vec![1, 3, 5, 7], "{out:?}");
        assert!(out[0].message.contains("link to `//e.org/x` is not allowed"), "{out:?}");
    }

    /// A link of tens of thousands of query keys froze the tab that followed it (the
    /// router reads every key): a link is at most 2 KiB, and one to the site's own
    /// pages carries no query, in Markdown and in raw HTML, each with its line.
    #[test]
    fn long_links_and_queries_on_the_sites_own_pages_are_refused_with_their_line() {
        let keys: String = (0..600).map(|i| format!("k{i}=1&")).collect();
        let text = format!(
            "[a](https://e.org/?{keys})\n\n[b](kv-cache?model=own)\n\n<a href=\"kv-cache?x=1\">c</a>\n\n\
             [d](https://e.org/?q=1#x) [e](kv-cache#x)"
        );
        let (html, out) = render_text(&text);
        assert!(
            !html.contains("k599") && !html.contains("model=own") && !html.contains("x=1"),
            "{html}"
        );
        let lines: Vec<usize> = out.iter().map(|d| d.line).collect();
        // The entry `kv-cache` does not exist here: the last line's link is reported as
        // missing, not for its fragment; an outside link keeps its query.
        assert_eq!(lines[..3], [1, 3, 5], "{out:?}");
        assert!(out[0].message.contains("the limit is 2 KiB"), "{out:?}");
        assert!(out[1].message.contains("carries a query"), "{out:?}");
        assert!(html.contains("https://e.org/?q=1#x"), "{html}");
    }

    /// An entry at `/g/en/x` without other entries.
    struct AtX;

    impl Resolve for AtX {
        fn slug(&self, _: &str) -> Option<(usize, String)> {
            None
        }

        fn term(&self, _: &str) -> Option<(usize, String)> {
            None
        }

        fn slugs(&self) -> Vec<&str> {
            Vec::new()
        }

        fn page(&self) -> String {
            "/g/en/x".to_string()
        }
    }

    /// Footnote references and links to a place in the entry stay in the page under
    /// the site's `<base href>`.
    #[test]
    fn links_within_the_entry_stay_in_its_page() {
        let src = Source {
            path: "content/en/x.md",
            text: "Text[^n] and [up](#top), <a href=\"#top\">raw</a>.\n\n[^n]: A note.\n",
            first_line: 1,
            locale: roofline::Locale::from_lang("en"),
        };
        let mut out = Vec::new();
        let body = render(&src, &Presets::default(), &AtX, &mut out);
        assert!(out.is_empty(), "{out:?}");
        let Some(Segment::Html(html)) = body.segments.first() else {
            panic!("one segment")
        };
        // The footnote's label and the section's words, as their ids are.
        assert_eq!(html.matches("href=\"/g/en/x#").count(), 3, "{html}");
        assert!(html.contains("id=\"n\""), "{html}");
        assert!(!html.contains("href=\"#"), "{html}");
    }
}
