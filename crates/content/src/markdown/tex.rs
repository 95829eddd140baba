//! TeX to MathML with pulldown-latex, within limits.
//!
//! pulldown-latex copies the name of an operator (`\operatorname{…}`, `\mathop{…}`)
//! into the MathML unescaped; such names may therefore not contain markup
//! characters. The sanitiser cleans the MathML as well, so this check gives the
//! author a message rather than being the only guard.
//!
//! pulldown-latex's parser gives the spaces `\ `, `~` and `\nobreakspace` as text
//! that is already an entity (`&nbsp;`), and its writer escapes text, so the page
//! would show a literal `&nbsp;`; [`interword_space`] turns them into a space of
//! TeX's interword width before they are written.

use pulldown_latex::config::DisplayMode;
use pulldown_latex::event::{Content, Dimension, DimensionUnit, Event};
use pulldown_latex::{Parser, RenderConfig, Storage};

/// The longest formula, in bytes.
pub const MAX_MATH_BYTES: usize = 4096;

/// The deepest nesting of `{…}` groups in a formula.
pub const MAX_TEX_DEPTH: usize = 32;

/// The width of TeX's interword space (`\ `, `~`), in em: 3.33 pt of a 10 pt font.
pub const INTERWORD_SPACE_EM: f32 = 0.3333;

/// Why a formula is not rendered: what is wrong and how to fix it.
#[derive(Debug, PartialEq)]
pub struct MathError {
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: &'static str,
}

impl MathError {
    fn new(message: impl Into<String>, hint: &'static str) -> MathError {
        MathError {
            message: message.into(),
            hint,
        }
    }
}

/// MathML for a formula, as a block or inline.
pub fn mathml(tex: &str, display: bool) -> Result<String, MathError> {
    check_limits(tex)?;
    let storage = Storage::new();
    let events: Vec<_> = Parser::new(tex, &storage).collect();
    for event in &events {
        match event {
            // The parser's message carries a drawing of the context; its first line says it.
            Err(e) => {
                let first = e.to_string().lines().next().unwrap_or("invalid LaTeX").to_string();
                return Err(MathError::new(first, "check the LaTeX between the `$` signs"));
            }
            Ok(Event::Content(Content::Function(name))) => check_name(name)?,
            Ok(_) => {}
        }
    }
    let events = events.into_iter().map(|event| event.map(interword_space));
    let config = RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        ..RenderConfig::default()
    };
    let mut out = String::new();
    pulldown_latex::push_mathml(&mut out, events, config)
        .map_err(|e| MathError::new(e.to_string(), "check the LaTeX between the `$` signs"))?;
    Ok(out)
}

/// The parser's no-break space (`\ `, `~`, `\nobreakspace`) as a space of TeX's
/// interword width (`<mspace>`); every other event as it is. The parser gives that
/// space as the text `&nbsp;`, which the writer would escape to a visible `&amp;nbsp;`.
fn interword_space(event: Event<'_>) -> Event<'_> {
    match event {
        Event::Content(Content::Text("&nbsp;")) => Event::Space {
            width: Some(Dimension::new(INTERWORD_SPACE_EM, DimensionUnit::Em)),
            height: None,
            depth: None,
        },
        other => other,
    }
}

/// Length and brace depth, checked before the parser sees the formula.
fn check_limits(tex: &str) -> Result<(), MathError> {
    if tex.len() > MAX_MATH_BYTES {
        return Err(MathError::new(
            format!("the formula is longer than {MAX_MATH_BYTES} bytes"),
            "split it into several formulas",
        ));
    }
    if brace_depth(tex) > MAX_TEX_DEPTH {
        return Err(MathError::new(
            format!("braces nest deeper than {MAX_TEX_DEPTH} levels"),
            "simplify the formula, or split it into several",
        ));
    }
    Ok(())
}

/// The deepest nesting of unescaped `{` in `tex`.
fn brace_depth(tex: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    let mut bytes = tex.bytes();
    while let Some(b) = bytes.next() {
        match b {
            b'\\' => {
                bytes.next();
            }
            b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// An operator name goes into the MathML as it is: no markup characters.
fn check_name(name: &str) -> Result<(), MathError> {
    match name.chars().find(|c| matches!(c, '<' | '>' | '&' | '"')) {
        Some(c) => Err(MathError::new(
            format!("the operator name `{name}` contains `{c}`"),
            "operator names (`\\operatorname{…}`, `\\mathop{…}`) are words; write symbols outside the braces",
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_become_mathml() {
        let m = mathml(r"\frac{a}{2} < \operatorname{argmax} x", true).unwrap();
        assert!(
            m.starts_with("<math display=\"block\">") && m.contains("<mfrac>"),
            "{m}"
        );
    }

    #[test]
    fn control_spaces_are_spaces_not_entities() {
        for tex in [r"4 \ \text{bits}", "a~b", r"a\nobreakspace b"] {
            let m = mathml(tex, false).unwrap();
            assert!(!m.contains("nbsp"), "{tex}: {m}");
            assert!(m.contains(r#"<mspace width="0.3333em" />"#), "{tex}: {m}");
        }
        // Spaces inside `\text{…}` are text, as before.
        let m = mathml(r"\text{FLOP per byte}", false).unwrap();
        assert!(m.contains("FLOP per byte") && !m.contains("nbsp"), "{m}");
    }

    #[test]
    fn markup_in_operator_names_is_refused() {
        for tex in [
            r"\operatorname{<img src=x onerror=alert(1)>}",
            r"\mathop{a&b}",
            r#"\operatorname{"}"#,
        ] {
            let e = mathml(tex, false).unwrap_err();
            assert!(e.message.contains("operator name"), "{tex}: {e:?}");
        }
    }

    #[test]
    fn limits_are_checked_before_parsing() {
        assert!(mathml(&"x".repeat(MAX_MATH_BYTES + 1), false)
            .unwrap_err()
            .message
            .contains("longer"));
        let deep = "{".repeat(MAX_TEX_DEPTH + 1) + "x" + &"}".repeat(MAX_TEX_DEPTH + 1);
        assert!(mathml(&deep, false).unwrap_err().message.contains("braces"));
        let fine = "{".repeat(MAX_TEX_DEPTH) + "x" + &"}".repeat(MAX_TEX_DEPTH);
        assert!(mathml(&fine, false).is_ok());
        assert_eq!(brace_depth(r"\{\{\{ {x}"), 1);
    }
}
