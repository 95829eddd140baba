//! Typed figures: a number followed by a unit in prose ("14 GB", "7 billion
//! parameters", "32,768 tokens") is a warning, because every figure a reader sees
//! comes from the model as an inline value, and a typed one goes stale when the
//! scenario or the presets change.
//!
//! A figure is a number that starts a word (not "H100", "Llama-3", "FP16"),
//! followed by a space or a hyphen and a unit of [`UNITS`]. Numbers written
//! directly against a unit ("80GB", "7B") are names of products and models, and
//! powers ("10⁹ bytes", "2³⁰") are notation, not figures: neither is reported.
//! Code, math, raw HTML and `{{…}}` are never read.
//!
//! Allowed figures ([`ALLOWED`]), each a rule with its reason:
//! - *unit definitions*: "1 GB = 10⁹ bytes", "1 GiB ≈ 1.07 GB": a figure of one unit
//!   followed by `=`, `≈` or `≙`, and the figures of the same equation after it;
//! - *quotations*: a figure that is all a quotation says („4 GB“, "≈ 4.0 GB"): the
//!   words of a source, not a claim of the entry.

use roofline::{Locale, Output, Report, Unit};

use crate::block::CalcBlock;
use crate::diagnostic::Diagnostic;
use crate::markdown::Source;
use crate::prose::{Part, Run};

/// Typed figures reported per entry; the rest are counted in one more warning.
pub const MAX_FIGURE_WARNINGS: usize = 50;

/// What a unit measures, which decides the outputs a hint names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Bytes,
    BinaryBytes,
    Bandwidth,
    Time,
    TokenRate,
    Tokens,
    Flops,
    FlopRate,
    Intensity,
    Params,
    Requests,
    Devices,
    /// Units no output computes (power, clock).
    Other,
}

/// Units that make a number a figure; where one unit starts another across a `/`
/// ("tokens/s", "tokens"), the longer comes first.
#[rustfmt::skip]
pub const UNITS: &[&str] = &[
    "tokens/s", "Tokens/s", "Token/s", "tok/s", "tokens", "Tokens", "token", "Token",
    "TFLOP/s", "GFLOP/s", "PFLOP/s", "EFLOP/s", "FLOP/s", "FLOP/byte", "FLOP/Byte", "FLOP/B",
    "TFLOPS", "GFLOPS", "PFLOPS", "TOPS", "TFLOP", "GFLOP", "PFLOP", "FLOPs", "FLOPS", "FLOP",
    "GB/s", "TB/s", "MB/s", "GiB/s", "TiB/s",
    "KiB", "MiB", "GiB", "TiB", "kB", "KB", "MB", "GB", "TB", "PB", "B", "bytes", "Bytes", "Byte", "byte",
    "ms", "µs", "μs", "ns", "s", "milliseconds", "Millisekunden", "seconds", "Sekunden",
    "billion", "Milliarden", "Milliarde", "million", "Millionen", "trillion", "Billionen", "Billion",
    "requests", "request", "Anfragen", "Anfrage", "GPUs", "GPU",
    "kW", "W", "GHz", "MHz",
];

/// What `unit` (one of [`UNITS`]) measures.
fn kind(unit: &str) -> Kind {
    match unit {
        "tokens/s" | "Tokens/s" | "Token/s" | "tok/s" => Kind::TokenRate,
        "tokens" | "Tokens" | "token" | "Token" => Kind::Tokens,
        "FLOP/byte" | "FLOP/Byte" | "FLOP/B" => Kind::Intensity,
        u if u.ends_with("FLOP/s") || u.ends_with("FLOPS") || u == "TOPS" => Kind::FlopRate,
        u if u.ends_with("FLOP") || u == "FLOPs" => Kind::Flops,
        u if u.ends_with("B/s") => Kind::Bandwidth,
        u if u.ends_with("iB") => Kind::BinaryBytes,
        "kB" | "KB" | "MB" | "GB" | "TB" | "PB" | "B" | "bytes" | "Bytes" | "Byte" | "byte" => Kind::Bytes,
        "ms" | "µs" | "μs" | "ns" | "s" | "milliseconds" | "Millisekunden" | "seconds" | "Sekunden" => Kind::Time,
        "billion" | "Milliarden" | "Milliarde" | "million" | "Millionen" | "trillion" | "Billionen" | "Billion" => {
            Kind::Params
        }
        "requests" | "request" | "Anfragen" | "Anfrage" => Kind::Requests,
        "GPUs" | "GPU" => Kind::Devices,
        _ => Kind::Other,
    }
}

/// The outputs that show figures of a kind, the likeliest first.
fn candidates(kind: Kind) -> &'static [Output] {
    use Output::*;
    match kind {
        Kind::Bytes => &[
            WeightBytes,
            KvPerRequest,
            KvBatch,
            DecodeBytes,
            BytesPerToken,
            KvPerToken,
            Memory,
            FreeMemory,
        ],
        Kind::BinaryBytes => &[KvPerRequestIec],
        Kind::Bandwidth => &[Bandwidth],
        Kind::Time => &[
            WeightTime,
            DecodeTime,
            PrefillTime,
            Latency,
            SpecStepTime,
            SpecVerifyTime,
            SpecDraftTime,
        ],
        Kind::TokenRate => &[WeightTokensPerS, TokensPerS, BatchTokensPerS, SpecTokensPerS],
        Kind::Tokens => &[Context, Prompt, MaxContext, FitContext, DraftTokens],
        Kind::Flops => &[DecodeFlops, PrefillFlops],
        Kind::FlopRate => &[Peak],
        Kind::Intensity => &[Ridge, DecodeIntensity, PrefillIntensity],
        Kind::Params => &[Params, ActiveParams, DraftParams],
        Kind::Requests => &[Batch, MaxRequests, CriticalBatch],
        Kind::Devices => &[Devices],
        Kind::Other => &[],
    }
}

/// A number and its unit in a run of prose, by byte ranges of the run's text.
#[derive(Clone, Debug, PartialEq)]
struct Figure {
    /// Start of the number.
    start: usize,
    /// End of the number (a `k` or `M` suffix included).
    number_end: usize,
    /// End of the unit (and of "parameters" after a number word).
    end: usize,
    /// The unit as written.
    unit: &'static str,
}

/// Characters that group digits or mark decimals inside a number.
fn joins_digits(c: char) -> bool {
    matches!(c, '.' | ',' | '\u{202f}' | '\u{a0}' | '\u{2009}')
}

/// Characters between a number and its unit.
fn is_separator(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{202f}' | '\u{2009}' | '-')
}

/// Whether a number may start after `before`: not inside a word or a name
/// ("H100", "Llama-3", "v0.1", "8x7B").
fn starts_word(before: Option<char>) -> bool {
    before.is_none_or(|c| !c.is_alphanumeric() && !matches!(c, '-' | '_' | '.' | ',' | '/' | '\\' | '^'))
}

/// The end of the number starting at `start`: digits, groups and decimals, and a
/// `k` or `M` suffix.
fn number_end(text: &str, start: usize) -> usize {
    let bytes = text.as_bytes();
    let digits = |from: usize| bytes[from..].iter().take_while(|b| b.is_ascii_digit()).count();
    let mut end = start + digits(start);
    while let Some(c) = text[end..].chars().next().filter(|c| joins_digits(*c)) {
        let after = end + c.len_utf8();
        let n = digits(after);
        // A space groups exactly three digits; a point or comma any.
        if n == 0 || (c != '.' && c != ',' && n != 3) {
            break;
        }
        end = after + n;
    }
    match text[end..].chars().next() {
        Some('k' | 'K' | 'M') if !text[end + 1..].starts_with(char::is_alphanumeric) => end + 1,
        _ => end,
    }
}

/// The unit at `at`, if one of [`UNITS`] is written there as a whole word.
fn unit_at(text: &str, at: usize) -> Option<&'static str> {
    let rest = &text[at..];
    UNITS
        .iter()
        .copied()
        .find(|u| rest.starts_with(u) && !rest[u.len()..].starts_with(char::is_alphanumeric))
}

/// The figure whose number starts at `start`, if a unit follows it.
fn figure_at(text: &str, start: usize) -> Option<Figure> {
    let number_end = number_end(text, start);
    let sep = text[number_end..].chars().next().filter(|c| is_separator(*c))?;
    let unit_start = number_end + sep.len_utf8();
    let unit = unit_at(text, unit_start)?;
    let mut end = unit_start + unit.len();
    if kind(unit) == Kind::Params {
        for word in [" parameters", " Parameter", "-parameter", "-Parameter"] {
            if text[end..].starts_with(word) {
                end += word.len();
                if text[end..].starts_with('n') {
                    end += 1;
                }
                break;
            }
        }
    }
    Some(Figure {
        start,
        number_end,
        end,
        unit,
    })
}

/// The ranges of `{{…}}` in a run: their figures are the model's.
fn inline_values(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find("{{").map(|i| from + i) {
        let close = text[open..].find("}}").map_or(text.len(), |i| open + i + 2);
        spans.push((open, close));
        from = close;
    }
    spans
}

/// Every figure of a run, in order.
fn figures(text: &str) -> Vec<Figure> {
    let skip = inline_values(text);
    let mut next_skip = 0;
    let mut found = Vec::new();
    let mut before: Option<char> = None;
    let mut resume = 0;
    for (i, c) in text.char_indices() {
        let prev = before.replace(c);
        if i < resume || !c.is_ascii_digit() || !starts_word(prev) {
            continue;
        }
        while skip.get(next_skip).is_some_and(|(_, close)| *close <= i) {
            next_skip += 1;
        }
        if skip.get(next_skip).is_some_and(|(open, _)| *open <= i) {
            continue;
        }
        match figure_at(text, i) {
            Some(f) => {
                resume = f.end;
                found.push(f);
            }
            None => resume = number_end(text, i),
        }
    }
    found
}

/// A rule of the allow-list: what it allows, for the documentation, and which
/// figures of a run (`text`, its `figures`) it allows.
pub struct Allowed {
    /// What the rule allows, with an example.
    pub name: &'static str,
    allows: fn(text: &str, figures: &[Figure]) -> Vec<bool>,
}

/// Figures that are facts of notation or quotations, not of a scenario.
pub const ALLOWED: &[Allowed] = &[
    Allowed {
        name: "unit definitions: 1 GB = 10⁹ bytes, 1 GiB ≈ 1.07 GB",
        allows: unit_definitions,
    },
    Allowed {
        name: "quotations: „4 GB“, \"≈ 4.0 GB\"",
        allows: quotations,
    },
];

/// Which figures of a run no rule allows.
fn typed(text: &str, figures: &[Figure]) -> Vec<bool> {
    let mut typed = vec![true; figures.len()];
    for rule in ALLOWED {
        for (t, allowed) in typed.iter_mut().zip((rule.allows)(text, figures)) {
            *t &= !allowed;
        }
    }
    typed
}

const RELATIONS: &[char] = &['=', '≈', '≙'];

/// "1 GB = 10⁹ bytes": a figure of one unit followed by a relation, and each
/// figure that follows such a figure across a relation.
fn unit_definitions(text: &str, figures: &[Figure]) -> Vec<bool> {
    let mut allowed: Vec<bool> = Vec::with_capacity(figures.len());
    for (i, f) in figures.iter().enumerate() {
        let defines = &text[f.start..f.number_end] == "1" && text[f.end..].trim_start().starts_with(RELATIONS);
        let continues = i > 0 && allowed[i - 1] && {
            let between = text[figures[i - 1].end..f.start].trim();
            between.chars().count() == 1 && between.starts_with(RELATIONS)
        };
        allowed.push(defines || continues);
    }
    allowed
}

const OPENING_QUOTES: &[char] = &['„', '“', '"', '»', '«', '‚', '‘', '\''];
const CLOSING_QUOTES: &[char] = &['“', '”', '"', '«', '»', '‘', '’', '\''];

/// „4 GB“: a figure that is all a quotation says (an approximate sign may precede
/// it).
fn quotations(text: &str, figures: &[Figure]) -> Vec<bool> {
    figures
        .iter()
        .map(|f| {
            let before = text[..f.start].trim_end_matches([' ', '\u{a0}', '≈', '~', '∼']);
            let after = text[f.end..].trim_start_matches([' ', '\u{a0}']);
            before.ends_with(OPENING_QUOTES) && after.starts_with(CLOSING_QUOTES)
        })
        .collect()
}

/// Normalises the spaces of a figure for comparison: "14.0 GB" and "14.0\u{a0}GB"
/// are the same text.
fn spaced(text: &str) -> String {
    text.replace(['\u{a0}', '\u{2009}'], " ")
}

/// The inline value that shows `written` ("4.29 GB", "32,768 tokens") in the
/// entry's scenario, if one of the kind's outputs does at its default or another
/// number of digits.
fn exact_output(written: &str, kind: Kind, report: &Report, locale: Locale) -> Option<String> {
    let written = spaced(written);
    for &o in candidates(kind) {
        let count = o.unit() == Some(Unit::Count);
        // A count against the number alone: "32,768 tokens" against "32,768".
        let same = |shown: String| {
            let shown = spaced(&shown);
            if count {
                written.split(' ').next() == Some(shown.as_str())
            } else {
                written == shown
            }
        };
        if o.text(report, locale, None).is_some_and(same) {
            return Some(format!("{{{{{}}}}}", o.id()));
        }
        if count {
            continue;
        }
        // The most digits that give the same text: "14 GB" has two.
        for d in (1..=4).rev() {
            if o.text(report, locale, Some(d)).is_some_and(same) {
                return Some(format!("{{{{{} digits={d}}}}}", o.id()));
            }
        }
    }
    None
}

/// The hint for a typed figure: the inline value that shows it here, or the
/// outputs of its kind.
fn hint(written: &str, unit: &str, report: Option<&Report>, locale: Locale) -> String {
    let kind = kind(unit);
    if let Some(value) = report.and_then(|r| exact_output(written, kind, r, locale)) {
        return format!("`{value}` shows this figure in the entry's scenario");
    }
    let outputs: Vec<String> = candidates(kind)
        .iter()
        .map(|o| format!("`{{{{{}}}}}`", o.id()))
        .collect();
    let pin = "pin a fixed case with `model=`, `hardware=`, `batch=` …";
    match outputs.as_slice() {
        [] => "no output computes this unit; leave the figure out, or quote its source („…“)".into(),
        [one] => format!("likely {one}; {pin}"),
        [first, rest @ ..] => {
            let more = if rest.len() > 2 { ", …" } else { "" };
            let rest = rest.iter().take(2).cloned().collect::<Vec<_>>().join(", ");
            format!("likely {first} (or {rest}{more}); {pin}")
        }
    }
}

/// Reports the typed figures of an entry's prose; `scenario` (the entry's first
/// calculator) lets a hint name the inline value that shows the same figure.
pub fn check(src: &Source<'_>, parts: &[Part], scenario: Option<&CalcBlock>, out: &mut Vec<Diagnostic>) {
    let report = scenario.and_then(|b| b.scenario.report().ok());
    let mut reported = 0;
    let mut more = 0;
    for run in parts.iter().filter_map(|p| match p {
        Part::Text(run) => Some(run),
        Part::Block { .. } => None,
    }) {
        let found = figures(&run.text);
        for (f, _) in found.iter().zip(typed(&run.text, &found)).filter(|(_, t)| *t) {
            if reported == MAX_FIGURE_WARNINGS {
                more += 1;
            } else {
                reported += 1;
                out.push(warning(src, run, f, report.as_ref()));
            }
        }
    }
    if more > 0 {
        let message = format!("{more} more typed figures in this entry are not listed");
        out.push(Diagnostic::warning(src.path, src.first_line, 1, message));
    }
}

/// The warning for figure `f` of `run`.
fn warning(src: &Source<'_>, run: &Run, f: &Figure, report: Option<&Report>) -> Diagnostic {
    let written = spaced(&run.text[f.start..f.end]);
    let message = format!("typed figure `{written}`: use an inline value");
    let measured = format!("{} {}", &run.text[f.start..f.number_end], f.unit);
    src.warning(run.offset(f.start), message)
        .hint(hint(&measured, f.unit, report, src.locale))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The figures of `text` that are not allowed, as written.
    fn typed(text: &str) -> Vec<&str> {
        let found = figures(text);
        found
            .iter()
            .zip(super::typed(text, &found))
            .filter(|(_, t)| *t)
            .map(|(f, _)| &text[f.start..f.end])
            .collect()
    }

    #[test]
    fn numbers_with_units_are_figures() {
        let text = "It moves 14.0 GB per token at 2,039 GB/s, 7 ms, 143 tokens/s and 4,294,967,296 bytes.";
        assert_eq!(
            typed(text),
            ["14.0 GB", "2,039 GB/s", "7 ms", "143 tokens/s", "4,294,967,296 bytes"]
        );
        assert_eq!(
            typed("Ein Modell mit 6,74 Milliarden Parametern, 32\u{202f}768 Tokens, 989 TFLOPS, 700 W."),
            [
                "6,74 Milliarden Parametern",
                "32\u{202f}768 Tokens",
                "989 TFLOPS",
                "700 W"
            ]
        );
        assert_eq!(
            typed("a 7-billion-parameter model, a 32k-token prompt, 8 GPUs"),
            ["7-billion-parameter", "32k-token", "8 GPUs"]
        );
    }

    #[test]
    fn names_notation_and_inline_values_are_not_figures() {
        for text in [
            "An A100 80GB, an RTX 4090, Llama-3-8B, Mixtral-8x7B and Mistral-7B-v0.1.",
            "FP16 weights, INT4 with 4.25 bits per weight, 2-Bit-Werte.",
            "A gigabyte is 10⁹ bytes, a gibibyte 2³⁰ bytes, 10^9 B.",
            "{{weight_bytes}} per token, {{kv_per_request context=32768}} tokens, {{max_requests context=131072 }}",
            "In 2022 the paper had 3 authors and 12 pages.",
        ] {
            assert!(typed(text).is_empty(), "{text}: {:?}", typed(text));
        }
    }

    #[test]
    fn definitions_and_quotations_are_allowed() {
        for text in [
            "Here 1 GB = 10⁹ bytes and 1 GiB = 2³⁰ bytes.",
            "Note that 1 GiB ≈ 1.07 GB ≈ 1,074 MB.",
            "Wer „4 GB“ schreibt, meint GiB. Sources say \"≈ 4.0 GB\".",
        ] {
            assert!(typed(text).is_empty(), "{text}: {:?}", typed(text));
        }
        assert_eq!(typed("1 GB is a lot; 2 GB = 2000 MB"), ["1 GB", "2 GB", "2000 MB"]);
        assert_eq!(typed("„it takes 4 GB of memory“"), ["4 GB"]);
    }

    #[test]
    fn every_unit_is_found_whole() {
        for unit in UNITS {
            assert_eq!(unit_at(&format!("{unit} x"), 0), Some(*unit));
        }
    }

    #[test]
    fn hints_name_the_inline_value_that_shows_the_figure() {
        let report = roofline::Scenario::example().report().unwrap();
        let exact = |written: &str, unit: &str, locale| exact_output(written, kind(unit), &report, locale);
        assert_eq!(exact("14.0 GB", "GB", Locale::En).as_deref(), Some("{{weight_bytes}}"));
        assert_eq!(
            exact("14 GB", "GB", Locale::En).as_deref(),
            Some("{{weight_bytes digits=2}}")
        );
        assert_eq!(exact("7,0 ms", "ms", Locale::De).as_deref(), Some("{{weight_time}}"));
        assert_eq!(exact("7 billion", "billion", Locale::En).as_deref(), Some("{{params}}"));
        assert_eq!(
            exact("7 Milliarden", "Milliarden", Locale::De).as_deref(),
            Some("{{params}}")
        );
        assert_eq!(
            exact("1,024 tokens", "tokens", Locale::En).as_deref(),
            Some("{{context}}")
        );
        assert_eq!(
            exact("1\u{202f}024 Tokens", "Tokens", Locale::De).as_deref(),
            Some("{{context}}")
        );
        assert_eq!(exact("5 GB", "GB", Locale::En), None);
        assert!(hint("5 GB", "GB", Some(&report), Locale::En).starts_with("likely `{{weight_bytes}}`"));
        assert!(hint("700 W", "W", None, Locale::En).starts_with("no output computes this unit"));
    }
}
