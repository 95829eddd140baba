//! TeX to MathML with pulldown-latex, within limits.
//!
//! pulldown-latex copies the name of an operator (`\operatorname{…}`, `\mathop{…}`)
//! into the MathML unescaped; such names may therefore not contain markup
//! characters. The sanitiser cleans the MathML as well, so this check gives the
//! author a message rather than being the only guard.

use pulldown_latex::config::DisplayMode;
use pulldown_latex::event::{Content, Event};
use pulldown_latex::{Parser, RenderConfig, Storage};

/// The longest formula, in bytes.
pub const MAX_MATH_BYTES: usize = 4096;

/// The deepest nesting of `{…}` groups in a formula.
pub const MAX_TEX_DEPTH: usize = 32;

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
    let config = RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        ..RenderConfig::default()
    };
    let mut out = String::new();
    pulldown_latex::push_mathml(&mut out, events.into_iter(), config)
        .map_err(|e| MathError::new(e.to_string(), "check the LaTeX between the `$` signs"))?;
    Ok(out)
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
