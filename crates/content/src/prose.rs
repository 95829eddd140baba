//! The parts of an entry's body that the content checks read ([`crate::figures`],
//! [`crate::limits`]): calculator blocks with their YAML, and runs of prose text
//! outside code and math, each with its place in the body. Places are found as
//! rendering finds them, through [`Origin`].

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

use crate::markdown::{cmark_options, Origin};

/// A run of prose: adjacent text of one paragraph, heading, cell or item, with line
/// breaks as spaces. Code, math, raw HTML and link targets are not part of it;
/// emphasis, links and other inline markup end a run.
#[derive(Debug, Default, PartialEq)]
pub struct Run {
    /// The text as the reader sees it (escapes and entities resolved).
    pub text: String,
    /// Where each piece of `text` comes from in the body.
    origin: Origin,
}

impl Run {
    /// Appends `text`, which comes from `source` of `body`.
    fn push(&mut self, text: &str, body: &str, source: Range<usize>) {
        self.origin.push(self.text.len(), text, body, source);
        self.text.push_str(text);
    }

    /// The body offset of byte `at` of [`Run::text`]: exact where the piece is the
    /// body's text as written, the piece's start where Markdown changed it (an
    /// escape, an entity, a line break); see [`Origin::offset`].
    pub fn offset(&self, at: usize) -> usize {
        self.origin.offset(at).unwrap_or(0)
    }
}

/// A calculator block or a run of prose.
#[derive(Debug, PartialEq)]
pub enum Part {
    /// A ```` ```roofline ```` block.
    Block {
        /// Body offset of its opening fence.
        fence: usize,
        /// Its YAML, without the indentation or `> ` of a list item or block quote.
        yaml: String,
        /// Where the YAML's pieces are in the body, for positions inside it
        /// ([`crate::markdown::Source::block_at`]).
        origin: Origin,
    },
    /// Prose.
    Text(Run),
}

/// Where the walk is.
struct Walk<'b> {
    body: &'b str,
    parts: Vec<Part>,
    run: Option<Run>,
    /// Inside a code block: `Some` with the fence, YAML read so far and its origin
    /// for a calculator.
    code: Option<Option<(usize, String, Origin)>>,
}

impl Walk<'_> {
    fn end_run(&mut self) {
        if let Some(run) = self.run.take() {
            self.parts.push(Part::Text(run));
        }
    }

    fn text(&mut self, text: &str, source: Range<usize>) {
        match &mut self.code {
            Some(Some((_, yaml, origin))) => {
                origin.push(yaml.len(), text, self.body, source);
                yaml.push_str(text);
            }
            Some(None) => {}
            None => self.run.get_or_insert_with(Run::default).push(text, self.body, source),
        }
    }

    fn event(&mut self, event: Event<'_>, range: Range<usize>) {
        match event {
            Event::Text(t) => self.text(&t, range),
            Event::SoftBreak | Event::HardBreak if self.run.is_some() => self.text(" ", range),
            Event::Start(Tag::CodeBlock(kind)) => {
                self.end_run();
                let calculator = matches!(&kind, CodeBlockKind::Fenced(lang) if lang.trim() == "roofline");
                self.code = Some(calculator.then(|| (range.start, String::new(), Origin::default())));
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some(Some((fence, yaml, origin))) = self.code.take() {
                    self.parts.push(Part::Block { fence, yaml, origin });
                }
            }
            _ => self.end_run(),
        }
    }
}

/// The calculator blocks and prose runs of `body`, in reading order.
pub fn parts(body: &str) -> Vec<Part> {
    let mut walk = Walk {
        body,
        parts: Vec::new(),
        run: None,
        code: None,
    };
    for (event, range) in Parser::new_ext(body, cmark_options()).into_offset_iter() {
        walk.event(event, range);
    }
    walk.end_run();
    walk.parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(body: &str) -> Vec<String> {
        parts(body)
            .into_iter()
            .filter_map(|p| match p {
                Part::Text(run) => Some(run.text),
                Part::Block { .. } => None,
            })
            .collect()
    }

    #[test]
    fn code_math_and_html_are_not_prose() {
        let body = "A 14 GB\nmodel `7 GB` $4 GB$ <b>x</b>\n\n```\n9 GB\n```\n\n## Head 3 ms\n";
        assert_eq!(runs(body), ["A 14 GB model ", " ", " ", "x", "Head 3 ms"]);
    }

    #[test]
    fn blocks_keep_their_yaml_and_fence() {
        let body = "Text.\n\n```roofline\nmodel: llama-2-7b\n```\n";
        let found = parts(body);
        let Part::Block { fence, yaml, .. } = &found[1] else {
            panic!("a block: {found:?}")
        };
        assert_eq!((*fence, yaml.as_str()), (7, "model: llama-2-7b\n"));
    }

    #[test]
    fn offsets_point_into_the_body() {
        let body = "One &amp; two\nthree 4 GB";
        let [Part::Text(run)] = &parts(body)[..] else {
            panic!("one run")
        };
        assert_eq!(run.text, "One & two three 4 GB");
        let at = run.text.find("4 GB").unwrap();
        assert_eq!(&body[run.offset(at)..], "4 GB");
        // Inside the entity: its start.
        assert_eq!(run.offset(4), 4);
    }

    #[test]
    fn an_entity_as_long_as_its_text_is_not_taken_as_written() {
        // `&nLl;` is five bytes, and so is the text it stands for, U+22D8 U+0338.
        let body = "a &nLl; b";
        let [Part::Text(run)] = &parts(body)[..] else {
            panic!("one run")
        };
        assert_eq!(run.text, "a \u{22d8}\u{338} b");
        let inside = "a \u{22d8}".len();
        assert_eq!(run.offset(inside), body.find('&').unwrap());
    }
}
