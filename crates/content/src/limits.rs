//! Contexts beyond what a model reads: a calculator block or an inline value whose
//! context exceeds the model's `max_context` (its config's
//! `max_position_embeddings`) is a warning, not an error. The figures are computed
//! all the same, but a sentence about a 32k-token request on Llama-3-8B (8,192
//! tokens) describes something that model cannot serve.
//!
//! An inline value is reported only where its own changes (`model=`, `context=`,
//! `prompt=`) lead past the limit; one that inherits its entry's scenario is covered
//! by the block's warning. The word `hypothetical` in an inline value says that the
//! sentence means a case beyond the limit (`{{kv_per_request model=llama-2-7b
//! hypothetical}}`).

use roofline::Scenario;

use crate::block::{context_beyond, parse_block, parse_inline, CalcBlock};
use crate::diagnostic::Diagnostic;
use crate::markdown::{Origin, Source};
use crate::presets::Presets;
use crate::prose::{Part, Run};
use crate::yaml::{self, Step};

/// Warnings of one entry; the rest are left out (each one is also a figure the
/// calculator flags).
const MAX_WARNINGS: usize = 20;

/// The display name of a scenario's model: the preset it equals, or the block's
/// preset it was changed from.
fn model_name<'a>(scenario: &Scenario, presets: &'a Presets, fallback: &str) -> &'a str {
    presets
        .models
        .iter()
        .find(|m| m.model == scenario.model)
        .or_else(|| presets.model(fallback))
        .map_or("the model", |m| m.name.as_str())
}

/// Model presets that read `context`, those of the same shape first: what a hint
/// offers instead.
fn models_reading(context: u32, scenario: &Scenario, presets: &Presets) -> String {
    let mut fitting: Vec<_> = presets
        .models
        .iter()
        .filter(|m| m.model.max_context.is_some_and(|c| c >= context))
        .collect();
    let m = &scenario.model;
    fitting.sort_by_key(|p| (p.model.layers, p.model.kv_heads, p.model.head_dim) != (m.layers, m.kv_heads, m.head_dim));
    let ids: Vec<String> = fitting.iter().take(3).map(|p| format!("`{}`", p.id)).collect();
    if ids.is_empty() {
        "no preset reads this context; shorten `context`".into()
    } else {
        format!("models that read it: {}; or shorten `context`", ids.join(", "))
    }
}

/// The warning for a calculator block at `fence`, at its `context:` key (or what
/// sets the context where it writes none) as the author wrote it: `origin` places
/// the YAML in the body as it does the block's errors, with the indentation or `> `
/// of a list item or block quote.
fn block_warning(
    src: &Source<'_>,
    fence: usize,
    yaml_text: &str,
    origin: &Origin,
    presets: &Presets,
) -> Option<Diagnostic> {
    let block = parse_block(yaml_text, presets).ok()?;
    let s = &block.scenario;
    let message = context_beyond(s, model_name(s, presets, &block.model_id))?;
    let (line, column) = ["context", "prompt", "output", "model"]
        .iter()
        .find_map(|k| yaml::locate(yaml_text, &[Step::Key(k)]))
        .unwrap_or((1, 1));
    let (line, column) = src.block_at(fence, yaml_text, origin, line, column);
    let d = Diagnostic::warning(src.path, line, column, format!("calculator block: {message}"));
    Some(d.hint(format!(
        "{}; the calculator shows this warning to readers too",
        models_reading(s.workload.context, s, presets)
    )))
}

/// The warnings for the inline values of a run, while `out` holds fewer than
/// [`MAX_WARNINGS`].
fn inline_warnings(src: &Source<'_>, run: &Run, block: &CalcBlock, presets: &Presets, out: &mut Vec<Diagnostic>) {
    let base = &block.scenario;
    let limit_of = |s: &Scenario| (s.workload.context, s.context_beyond_model());
    let mut from = 0;
    while out.len() < MAX_WARNINGS {
        let Some(open) = run.text[from..].find("{{").map(|i| from + i) else {
            return;
        };
        let Some(close) = run.text[open..].find("}}").map(|i| open + i) else {
            return;
        };
        from = close + 2;
        let inner = &run.text[open + 2..close];
        let Ok(value) = parse_inline(inner, presets) else {
            continue;
        };
        let s = value.scenario(base);
        if value.hypothetical || limit_of(&s) == limit_of(base) || s.validate().is_err() {
            continue;
        }
        let Some(message) = context_beyond(&s, model_name(&s, presets, &block.model_id)) else {
            continue;
        };
        let d = src.warning(
            run.offset(open),
            format!("inline value `{{{{{}}}}}`: {message}", inner.trim()),
        );
        out.push(d.hint(format!(
            "{}; if the sentence means a case beyond the limit, say so and add `hypothetical`",
            models_reading(s.workload.context, &s, presets)
        )));
    }
}

/// Reports calculator blocks and inline values whose context is beyond their
/// model's; `scenario` is the entry's first calculator, which inline values start
/// from.
pub fn check(
    src: &Source<'_>,
    parts: &[Part],
    scenario: Option<&CalcBlock>,
    presets: &Presets,
    out: &mut Vec<Diagnostic>,
) {
    let mut found = Vec::new();
    for part in parts {
        if found.len() >= MAX_WARNINGS {
            break;
        }
        match (part, scenario) {
            (Part::Block { fence, yaml, origin }, _) => found.extend(block_warning(src, *fence, yaml, origin, presets)),
            (Part::Text(run), Some(block)) => inline_warnings(src, run, block, presets, &mut found),
            (Part::Text(_), None) => {}
        }
    }
    found.truncate(MAX_WARNINGS);
    out.extend(found);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prose::parts;

    fn presets() -> Presets {
        crate::presets::site_presets()
    }

    /// Line and column of each warning about `text`, a body without inline values.
    fn places(text: &str) -> Vec<(usize, usize)> {
        let src = Source {
            path: "content/en/x.md",
            text,
            first_line: 1,
            locale: roofline::Locale::En,
        };
        let mut out = Vec::new();
        check(&src, &parts(text), None, &presets(), &mut out);
        assert!(
            out.iter().all(|d| d.message.contains("beyond the 8,192 tokens")),
            "{out:?}"
        );
        out.iter().map(|d| (d.line, d.column)).collect()
    }

    #[test]
    fn block_warnings_count_what_containers_strip() {
        let keys = "model: llama-3-8b\nhardware: a100-80gb\ncontext: 32768\n";
        let indented = |prefix: &str| keys.lines().map(|l| format!("{prefix}{l}\n")).collect::<String>();
        for (text, place) in [
            (format!("```roofline\n{keys}```\n"), (4, 1)),
            (format!("- ä\n\n  ```roofline\n{}  ```\n", indented("  ")), (6, 3)),
            (format!("- ä\n\n\t```roofline\n{}\t```\n", indented("\t")), (6, 2)),
            (
                format!("> - ä\n>\n>   ```roofline\n{}>   ```\n", indented(">   ")),
                (6, 5),
            ),
            (
                "- ä\n\n  ```roofline\n  {model: llama-3-8b, hardware: a100-80gb, context: 32768}\n  ```\n".into(),
                (4, 44),
            ),
        ] {
            assert_eq!(places(&text), [place], "{text:?}");
        }
    }
}
