//! The one place YAML is parsed (`serde_yaml`), so the parser can be swapped.

use serde::de::DeserializeOwned;

/// A YAML problem with its 1-based position inside the parsed text.
#[derive(Debug)]
pub struct YamlError {
    /// 1-based line within the YAML text.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The parser's message, without its own position suffix.
    pub message: String,
}

/// Parses `text` into `T`.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    serde_yaml::from_str(text).map_err(|e| {
        let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
        let message = e.to_string();
        let message = match message.rfind(" at line ") {
            Some(i) => message[..i].to_string(),
            None => message,
        };
        YamlError {
            line: line.max(1),
            column: column.max(1),
            message,
        }
    })
}

/// The top-level keys of a YAML mapping with their 1-based lines, in order; used to
/// report unknown keys where they stand.
pub fn top_level_keys(text: &str) -> Vec<(String, usize)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with([' ', '\t', '#', '-']) && !l.trim().is_empty())
        .filter_map(|(i, l)| {
            l.split_once(':')
                .map(|(k, _)| (k.trim().trim_matches('"').to_string(), i + 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_point_at_the_line() {
        let err = from_str::<std::collections::BTreeMap<String, u32>>("a: 1\nb: x\n").unwrap_err();
        assert_eq!((err.line, err.column), (2, 4));
        assert!(err.message.contains("invalid type"), "{}", err.message);
    }
}
