//! The author's raw HTML: checked for the messages an author needs, and held to a
//! shape that the HTML parser handles in linear time.
//!
//! The sanitiser alone decides what reaches the page; this module reports what it
//! will remove, and has raw HTML that is not well-formed shown as text. Well-formed
//! means:
//!
//! - elements close in the order they opened (void elements such as `<br>` need no
//!   end tag);
//! - formatting elements (`<b>`, `<a>`, …) and elements whose content is text
//!   (`<script>`, `<textarea>`, …) close within the paragraph or HTML block that
//!   opens them, and every element closes before the next calculator;
//! - at most [`MAX_RAW_DEPTH`] elements are open at once;
//! - no `<svg>`, `<math>`, `<template>`, `<noscript>` or `<plaintext>`, whose
//!   content follows other parsing rules.
//!
//! Otherwise the parser would reopen an unclosed formatting element in every
//! following paragraph, and nesting costs it time quadratic in the depth.

use std::cell::{Cell, RefCell};

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer};

use crate::sanitize::{image_source_allowed, link_allowed};

/// How many raw HTML elements may be open at once.
pub const MAX_RAW_DEPTH: usize = 32;

/// A start tag fed after each paragraph or HTML block: it arrives as a tag only if
/// the raw HTML before it ended outside any tag, comment or text-only element.
const END_MARK: &str = "raw-html-end";

/// Elements whose content the parser reads by rules this check does not follow.
const OPAQUE: &[&str] = &["svg", "math", "template", "noscript", "plaintext"];

/// Elements the sanitiser removes that an author may mean to run or load something.
const FORBIDDEN: &[&str] = &[
    "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "link", "meta", "form",
];

/// Elements without content or end tag.
const VOID: &[&str] = &[
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
    "meta", "param", "source", "track", "wbr",
];

/// Elements the parser reopens after they were closed implicitly.
const FORMATTING: &[&str] = &[
    "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u",
];

/// Elements whose content the parser reads as text, up to their end tag.
const TEXT_ONLY: &[&str] = &[
    "script", "style", "xmp", "iframe", "noembed", "noframes", "title", "textarea",
];

/// Attributes that hold an address to follow (`src` is checked as an image).
const LINK_ATTRIBUTES: &[&str] = &[
    "href",
    "xlink:href",
    "cite",
    "action",
    "formaction",
    "poster",
    "data",
    "background",
    "ping",
    "longdesc",
    "codebase",
    "manifest",
];

const LINK_HINT: &str = "links go to http(s) or mailto addresses, or to a relative address without a query, \
     at most 2 KiB long";
pub(crate) const IMAGE_HINT: &str = "images are files of this site, given by a relative path such as \
     `images/roofline.svg`; the site's Content-Security-Policy blocks images from elsewhere";
const SCRIPT_HINT: &str = "entries cannot run script; the sanitiser removes it";
const SHAPE_HINT: &str = "close raw HTML elements in the order they were opened, \
     formatting elements within the same paragraph; or write Markdown";

/// A problem in raw HTML, at a byte offset of the body.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// Where, in the body.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: &'static str,
    /// Whether the raw HTML is not well-formed (and is therefore shown as text).
    pub malformed: bool,
}

/// An element opened by raw HTML and not closed yet.
#[derive(Debug)]
struct Open {
    name: String,
    offset: usize,
    scope: usize,
    /// Must close in the paragraph or HTML block that opened it.
    closes_in_scope: bool,
}

/// The tokenizer's listener: keeps the open elements and collects findings.
struct Sink {
    scope: usize,
    /// Where findings go: the `<` of the tag being read, as far as known.
    offset: Cell<usize>,
    /// How many tokens the tokenizer has given.
    tokens: Cell<usize>,
    /// Whether the input so far ended outside any tag or comment, as far as known.
    settled: Cell<bool>,
    /// Whether a finding makes the raw HTML malformed.
    malformed: Cell<bool>,
    open: RefCell<Vec<Open>>,
    found: RefCell<Vec<Finding>>,
    end_seen: Cell<bool>,
}

impl TokenSink for Sink {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        self.tokens.set(self.tokens.get() + 1);
        match token {
            Token::TagToken(tag) if tag.kind == TagKind::StartTag => self.start(&tag),
            Token::TagToken(tag) => {
                self.end(&tag.name);
                TokenSinkResult::Continue
            }
            _ => TokenSinkResult::Continue,
        }
    }
}

impl Sink {
    fn report(&self, message: String, hint: &'static str, malformed: bool) {
        self.malformed.set(self.malformed.get() || malformed);
        self.found.borrow_mut().push(Finding {
            offset: self.offset.get(),
            message,
            hint,
            malformed,
        });
    }

    fn start(&self, tag: &Tag) -> TokenSinkResult<()> {
        let name = &*tag.name;
        if name == END_MARK {
            self.end_seen.set(true);
            return TokenSinkResult::Continue;
        }
        self.attributes(name, tag);
        if OPAQUE.contains(&name) {
            let hint = "write math between `$` signs, and other content as Markdown";
            self.report(format!("`<{name}>` cannot be written as HTML in an entry"), hint, true);
            return TokenSinkResult::Continue;
        }
        if FORBIDDEN.contains(&name) {
            self.report(format!("`<{name}>` is not allowed in an entry"), SCRIPT_HINT, false);
        }
        if !VOID.contains(&name) {
            self.push(name);
        }
        match text_kind(name) {
            Some(kind) => TokenSinkResult::RawData(kind),
            None => TokenSinkResult::Continue,
        }
    }

    /// Event handlers and addresses against the sanitiser's policy.
    fn attributes(&self, element: &str, tag: &Tag) {
        for attr in &tag.attrs {
            let (name, value) = (&*attr.name.local, &*attr.value);
            if name.starts_with("on") {
                self.report(format!("`{name}` attribute on `<{element}>`"), SCRIPT_HINT, false);
            } else if name == "src" && !image_source_allowed(value) {
                let message = format!(
                    "`<{element}>` loads `{}`, which is not a file of this site",
                    shorten(value)
                );
                self.report(message, IMAGE_HINT, false);
            } else if LINK_ATTRIBUTES.contains(&name) && !link_allowed(value) {
                let message = format!(
                    "`{name}` of `<{element}>` goes to `{}`, which is not allowed",
                    shorten(value)
                );
                self.report(message, LINK_HINT, false);
            }
        }
    }

    fn push(&self, name: &str) {
        let mut open = self.open.borrow_mut();
        if open.len() >= MAX_RAW_DEPTH {
            drop(open);
            let message = format!("raw HTML nests deeper than {MAX_RAW_DEPTH} elements");
            self.report(message, SHAPE_HINT, true);
            return;
        }
        open.push(Open {
            name: name.to_string(),
            offset: self.offset.get(),
            scope: self.scope,
            closes_in_scope: FORMATTING.contains(&name) || TEXT_ONLY.contains(&name),
        });
    }

    fn end(&self, name: &str) {
        let mut open = self.open.borrow_mut();
        let message = match open.last() {
            Some(top) if top.name == name => {
                open.pop();
                return;
            }
            Some(top) => format!("`</{name}>` does not close `<{}>`", top.name),
            None => format!("`</{name}>` closes no element opened in raw HTML"),
        };
        drop(open);
        self.report(message, SHAPE_HINT, true);
    }
}

/// How the tokenizer reads the content of a text-only element, as the HTML
/// parser tells it.
fn text_kind(name: &str) -> Option<RawKind> {
    match name {
        "script" => Some(RawKind::ScriptData),
        "title" | "textarea" => Some(RawKind::Rcdata),
        _ if TEXT_ONLY.contains(&name) => Some(RawKind::Rawtext),
        _ => None,
    }
}

/// A long value cut for a message.
fn shorten(value: &str) -> String {
    const MAX: usize = 60;
    match value.char_indices().nth(MAX) {
        Some((at, _)) => format!("{}…", &value[..at]),
        None => value.to_string(),
    }
}

/// The raw HTML of one segment (the text between two calculators), fed piece by
/// piece; each paragraph or HTML block gets its own tokenizer.
#[derive(Default)]
pub struct RawHtml {
    open: Vec<Open>,
    tokenizer: Option<Tokenizer<Sink>>,
    scopes: usize,
    malformed: bool,
}

impl RawHtml {
    /// Checks a piece of raw HTML; `offset` gives the body offset of each of its
    /// bytes. A finding about a tag is placed at the tag's `<`.
    pub fn feed(&mut self, html: &str, offset: impl Fn(usize) -> usize) -> Vec<Finding> {
        if self.malformed {
            return Vec::new();
        }
        if self.tokenizer.is_none() {
            self.scopes += 1;
            let sink = Sink {
                scope: self.scopes,
                offset: Cell::new(offset(0)),
                tokens: Cell::new(0),
                settled: Cell::new(true),
                malformed: Cell::new(false),
                open: RefCell::new(std::mem::take(&mut self.open)),
                found: RefCell::default(),
                end_seen: Cell::new(false),
            };
            self.tokenizer = Some(Tokenizer::new(sink, Default::default()));
        }
        let Some(tokenizer) = &self.tokenizer else {
            return Vec::new();
        };
        let sink = &tokenizer.sink;
        // Fed up to each `<`, the tokenizer gives a tag's token within the piece
        // that starts at the tag's `<`, unless the `<` is inside a tag or comment:
        // a piece that gives no token at all leaves the place where it is.
        for (at, piece) in pieces(html) {
            if sink.settled.get() {
                sink.offset.set(offset(at));
            }
            let before = sink.tokens.get();
            feed(tokenizer, piece);
            sink.settled.set(sink.tokens.get() != before);
            if sink.malformed.get() {
                break;
            }
        }
        self.take_found()
    }

    /// The paragraph or HTML block ends.
    pub fn end_block(&mut self) -> Vec<Finding> {
        let Some(tokenizer) = self.tokenizer.take() else {
            return Vec::new();
        };
        feed(&tokenizer, &format!("<{END_MARK}>"));
        tokenizer.end();
        let sink = tokenizer.sink;
        let offset = sink.offset.get();
        let mut found = sink.found.into_inner();
        self.open = sink.open.into_inner();
        if !sink.end_seen.get() {
            found.push(Finding {
                offset,
                message: "raw HTML ends inside a tag, a comment or a text-only element".to_string(),
                hint: "close tags with `>`, comments with `-->`, \
                       and elements such as `<textarea>` in the same paragraph or HTML block",
                malformed: true,
            });
        }
        if let Some(open) = self.open.iter().find(|o| o.scope == sink.scope && o.closes_in_scope) {
            found.push(unclosed(open, " in the paragraph or HTML block that opens it"));
        }
        self.note(found)
    }

    /// The segment ends: returns the last findings and whether the segment's raw
    /// HTML is to be shown as text. The next segment starts afresh.
    pub fn end_segment(&mut self) -> (Vec<Finding>, bool) {
        let mut found = self.end_block();
        if let Some(open) = self.open.last().filter(|_| !self.malformed) {
            found.push(unclosed(open, ""));
        }
        let found = self.note(found);
        let malformed = std::mem::take(&mut self.malformed);
        self.open.clear();
        (found, malformed)
    }

    fn take_found(&mut self) -> Vec<Finding> {
        let found = match &self.tokenizer {
            Some(t) => std::mem::take(&mut *t.sink.found.borrow_mut()),
            None => Vec::new(),
        };
        self.note(found)
    }

    /// Keeps findings up to the first sign of malformed HTML: after it, the
    /// segment's raw HTML is text, and further findings would only repeat it.
    fn note(&mut self, found: Vec<Finding>) -> Vec<Finding> {
        if self.malformed {
            return Vec::new();
        }
        let mut kept = Vec::with_capacity(found.len());
        for f in found {
            let stop = f.malformed;
            kept.push(f);
            if stop {
                self.malformed = true;
                self.tokenizer = None;
                break;
            }
        }
        kept
    }
}

fn unclosed(open: &Open, place: &str) -> Finding {
    Finding {
        offset: open.offset,
        message: format!("`<{}>` is not closed{place}", open.name),
        hint: SHAPE_HINT,
        malformed: true,
    }
}

/// `html` cut before each `<`, with each piece's start.
fn pieces(html: &str) -> impl Iterator<Item = (usize, &str)> {
    let ends = html.match_indices('<').map(|(i, _)| i).filter(|&i| i > 0);
    let mut start = 0;
    ends.chain(std::iter::once(html.len())).map(move |end| {
        let piece = (start, &html[start..end]);
        start = end;
        piece
    })
}

fn feed(tokenizer: &Tokenizer<Sink>, html: &str) {
    let queue = BufferQueue::default();
    queue.push_back(StrTendril::from_slice(html));
    let _ = tokenizer.feed(&queue);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds blocks (each a list of pieces) and returns the findings' messages and
    /// whether the segment is malformed.
    fn check(blocks: &[&[&str]]) -> (Vec<String>, bool) {
        let mut raw = RawHtml::default();
        let mut messages = Vec::new();
        for block in blocks {
            for piece in *block {
                messages.extend(raw.feed(piece, |_| 0).into_iter().map(|f| f.message));
            }
            messages.extend(raw.end_block().into_iter().map(|f| f.message));
        }
        let (found, malformed) = raw.end_segment();
        messages.extend(found.into_iter().map(|f| f.message));
        (messages, malformed)
    }

    #[test]
    fn well_formed_html_passes() {
        assert_eq!(
            check(&[&["<b>", "</b>", "<br>", "<img src=\"a.png\">"]]),
            (vec![], false)
        );
        assert_eq!(
            check(&[&["<details>\n", "<summary>S</summary>\n"], &["</details>\n"]]),
            (vec![], false)
        );
        assert!(!check(&[&["<script>if (a < b) { x('</b>') }</script>"]]).1);
    }

    #[test]
    fn misnested_or_unclosed_html_is_malformed() {
        assert!(check(&[&["<b>", "<i>", "</b>", "</i>"]]).1);
        assert!(
            check(&[&["<b>"], &["</b>"]]).1,
            "formatting closes in its own paragraph"
        );
        assert!(check(&[&["<div>"]]).1);
        assert!(check(&[&["</p>"]]).1);
        assert!(check(&[&["<div title=\"x"]]).1);
        assert!(check(&[&["<!-- open"]]).1);
        assert!(check(&[&["<math><mi>x</mi></math>"]]).1);
        let deep = "<div>".repeat(MAX_RAW_DEPTH + 1) + &"</div>".repeat(MAX_RAW_DEPTH + 1);
        assert!(check(&[&[deep.as_str()]]).1);
    }

    #[test]
    fn findings_are_placed_at_their_tag() {
        let mut raw = RawHtml::default();
        let line = "<p>Größe <img title=\"a<b\" src=\"https://e.org/x.png\"></p>";
        let found = raw.feed(line, |at| 100 + at);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].offset, 100 + line.find("<img").unwrap());
        // A tag over two lines is placed where it starts.
        let mut raw = RawHtml::default();
        assert!(raw.feed("<div><img\n", |at| at).is_empty());
        let found = raw.feed(" onerror=\"alert(1)\"></div>", |at| 50 + at);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].offset, "<div>".len());
        // So is a tag the block ends in.
        let mut raw = RawHtml::default();
        assert!(raw.feed("<b>x</b> <i title=\"y", |at| at).is_empty());
        let found = raw.end_block();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].offset, "<b>x</b> ".len());
    }

    #[test]
    fn removed_parts_are_reported_without_malforming() {
        let (messages, malformed) = check(&[&[
            "<img src=\"https://e.org/x.png\" onerror=\"alert(1)\">",
            "<a href=\"javascript:alert(1)\">",
            "</a>",
        ]]);
        assert!(!malformed);
        assert_eq!(messages.len(), 3, "{messages:?}");
    }
}
