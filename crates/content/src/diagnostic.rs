//! Compiler-style messages: `path:line:column: error: message`, with a hint.

use std::fmt;

/// How bad a problem is: errors fail the build, warnings do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Reported; the build goes on.
    Warning,
    /// Fails the build.
    Error,
}

/// One problem in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file, relative to the project root (`content/en/memory-bound.md`).
    pub path: String,
    /// 1-based line in the original file.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong.
    pub message: String,
    /// How to fix it, where that helps.
    pub hint: Option<String>,
}

impl Diagnostic {
    /// An error at `path:line:column`.
    pub fn error(path: &str, line: usize, column: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            path: path.to_string(),
            line: line.max(1),
            column: column.max(1),
            severity: Severity::Error,
            message: message.into(),
            hint: None,
        }
    }

    /// A warning at `path:line:column`.
    pub fn warning(path: &str, line: usize, column: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(path, line, column, message)
        }
    }

    /// The same with a hint.
    pub fn hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(
            f,
            "{}:{}:{}: {severity}: {}",
            self.path, self.line, self.column, self.message
        )?;
        if let Some(hint) = &self.hint {
            write!(f, "\n  = hint: {hint}")?;
        }
        Ok(())
    }
}

/// 1-based line and column of byte `offset` in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The closest of `candidates` to `word`, if any is close enough to be a likely
/// typo: used for "did you mean" hints.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (edit_distance(word, c), c))
        .filter(|(d, c)| *d <= (c.chars().count() / 3).max(2))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// Messages of one kind per file given one by one; any more are counted in one
/// further message. Each message locates its key with a parse of the file, so that
/// a file of many faults takes a bounded time.
pub const LISTED: usize = 10;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_from_one() {
        assert_eq!(line_col("ab\ncd", 0), (1, 1));
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
        assert_eq!(line_col("ä\nü", 3), (2, 1));
    }

    #[test]
    fn suggestions_only_for_near_misses() {
        assert_eq!(did_you_mean("a100-80", ["a100-80gb", "h100-sxm"]), Some("a100-80gb"));
        assert_eq!(did_you_mean("tpu", ["a100-80gb", "h100-sxm"]), None);
    }
}
