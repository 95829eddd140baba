//! The parts of an entry's body that the content checks read ([`crate::figures`],
//! [`crate::limits`]): calculator blocks with their YAML, and runs of prose text
//! outside code and math, each with its place in the body.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

use crate::markdown::cmark_options;

/// A run of prose: adjacent text of one paragraph, heading, cell or item, with line
/// breaks as spaces. Code, math, raw HTML and link targets are not part of it;
/// emphasis, links and other inline markup end a run.
#[derive(Debug, Default, PartialEq)]
pub struct Run {
    /// The text as the reader sees it (escapes and entities resolved).
    pub text: String,
    /// Where each piece of `text` starts, and the body's bytes it comes from.
    pieces: Vec<(usize, Range<usize>)>,
}

impl Run {
    fn push(&mut self, text: &str, source: Range<usize>) {
        self.pieces.push((self.text.len(), source));
        self.text.push_str(text);
    }

    /// The body offset of byte `at` of [`Run::text`]: exact where the piece is the
    /// body's text as written, the piece's start where Markdown changed it (an
    /// escape, an entity, a line break).
    pub fn offset(&self, at: usize) -> usize {
        let index = self.pieces.partition_point(|(start, _)| *start <= at).saturating_sub(1);
        let Some((start, source)) = self.pieces.get(index) else {
            return 0;
        };
        let end = self.pieces.get(index + 1).map_or(self.text.len(), |(next, _)| *next);
        if end - start == source.len() {
            source.start + (at - start)
        } else {
            source.start
        }
    }
}

/// A calculator block or a run of prose.
#[derive(Debug, PartialEq)]
pub enum Part {
    /// A ```` ```roofline ```` block.
    Block {
        /// Body offset of its opening fence.
        fence: usize,
        /// Its YAML.
        yaml: String,
    },
    /// Prose.
    Text(Run),
}

/// Where the walk is.
#[derive(Default)]
struct Walk {
    parts: Vec<Part>,
    run: Option<Run>,
    /// Inside a code block: `Some` with the YAML read so far for a calculator.
    code: Option<Option<(usize, String)>>,
}

impl Walk {
    fn end_run(&mut self) {
        if let Some(run) = self.run.take() {
            self.parts.push(Part::Text(run));
        }
    }

    fn text(&mut self, text: &str, source: Range<usize>) {
        match &mut self.code {
            Some(Some((_, yaml))) => yaml.push_str(text),
            Some(None) => {}
            None => self.run.get_or_insert_with(Run::default).push(text, source),
        }
    }

    fn event(&mut self, event: Event<'_>, range: Range<usize>) {
        match event {
            Event::Text(t) => self.text(&t, range),
            Event::SoftBreak | Event::HardBreak if self.run.is_some() => self.text(" ", range),
            Event::Start(Tag::CodeBlock(kind)) => {
                self.end_run();
                let calculator = matches!(&kind, CodeBlockKind::Fenced(lang) if lang.trim() == "roofline");
                self.code = Some(calculator.then(|| (range.start, String::new())));
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some(Some((fence, yaml))) = self.code.take() {
                    self.parts.push(Part::Block { fence, yaml });
                }
            }
            _ => self.end_run(),
        }
    }
}

/// The calculator blocks and prose runs of `body`, in reading order.
pub fn parts(body: &str) -> Vec<Part> {
    let mut walk = Walk::default();
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
        assert_eq!(
            found[1],
            Part::Block {
                fence: 7,
                yaml: "model: llama-2-7b\n".into()
            }
        );
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
}
