//! The one place YAML is parsed (`serde_yaml`), so the parser can be swapped.
//!
//! Positions are counted in the source text the way every other message of this
//! crate counts them: lines end at `\n`, columns count characters. The parser's own
//! line and column are not used: it also breaks lines at `\r`, U+0085, U+2028 and
//! U+2029. Its byte offset is exact, and positions are computed from that.

use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::diagnostic::line_col;

/// A YAML problem with its 1-based position inside the parsed text.
#[derive(Debug)]
pub struct YamlError {
    /// 1-based line within the YAML text.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The parser's message, without positions of its own.
    pub message: String,
}

/// A byte order mark is not part of the YAML and takes no column.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The 1-based position of a parser error in `text`, if the parser gave one.
fn position(text: &str, e: &serde_yaml::Error) -> Option<(usize, usize)> {
    e.location().map(|l| line_col(text, l.index()))
}

/// Parses `text` into `T`.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    let text = without_bom(text);
    serde_yaml::from_str(text).map_err(|e| {
        let (line, column) = position(text, &e).unwrap_or((1, 1));
        YamlError {
            line,
            column,
            message: strip_positions(&e.to_string()),
        }
    })
}

/// `message` without the parser's ` at line L column C` and ` at position P`: they
/// count in the YAML text alone, and the diagnostic gives the position in the file.
fn strip_positions(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find(" at ") {
        out.push_str(&rest[..i]);
        let after = &rest[i + " at ".len()..];
        let skipped = skip_position(after);
        if skipped.len() == after.len() {
            out.push_str(" at ");
        }
        rest = skipped;
    }
    out.push_str(rest);
    out
}

/// `text` after a leading `line L column C` or `position P`; `text` itself if it does
/// not start with one.
fn skip_position(text: &str) -> &str {
    let number = |t: &str| -> Option<usize> {
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        (digits > 0).then_some(digits)
    };
    let line_column = text.strip_prefix("line ").and_then(|t| {
        let t = &t[number(t)?..];
        let t = t.strip_prefix(" column ")?;
        Some(&t[number(t)?..])
    });
    let offset = text.strip_prefix("position ").and_then(|t| Some(&t[number(t)?..]));
    line_column.or(offset).unwrap_or(text)
}

/// One step on the way to a node of a document: a key of a mapping or an item of a
/// sequence (counted from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// The key with this (decoded) name.
    Key(&'a str),
    /// The item with this index.
    Item(usize),
}

/// The message a located node fails with, to tell it from real errors.
const FOUND: &str = "\u{0}found";

/// The 1-based position where the node at `path` is written: the key itself when
/// the last step is a key (`slug` in `slug: x`), the item when it is an item. `None`
/// when the text has no such node before its first YAML error, if any.
///
/// The parser reports the position of the node it is at when deserialisation fails;
/// a walk that fails on purpose at the node therefore yields its exact position,
/// quoted or escaped keys and flow style included. One parse per call: for messages,
/// not for every key of every file.
pub fn locate(text: &str, path: &[Step<'_>]) -> Option<(usize, usize)> {
    let text = without_bom(text);
    match Seek(path).deserialize(serde_yaml::Deserializer::from_str(text)) {
        Err(e) if e.to_string().contains(FOUND) => position(text, &e),
        _ => None,
    }
}

/// Follows a path and fails at its end.
struct Seek<'p, 'a>(&'p [Step<'a>]);

impl<'de> DeserializeSeed<'de> for Seek<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        match self.0.first() {
            None => d.deserialize_any(Fail),
            Some(Step::Key(_)) => d.deserialize_map(self),
            Some(Step::Item(_)) => d.deserialize_seq(self),
        }
    }
}

impl<'de> Visitor<'de> for Seek<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a mapping or a sequence")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let Some((Step::Key(key), rest)) = self.0.split_first() else {
            return Ok(());
        };
        let fail_at = rest.is_empty().then_some(*key);
        while let Some(name) = map.next_key_seed(KeyName { fail_at })? {
            if name.as_deref() == Some(*key) {
                return map.next_value_seed(Seek(rest));
            }
            map.next_value::<IgnoredAny>()?;
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let Some((Step::Item(index), rest)) = self.0.split_first() else {
            return Ok(());
        };
        for _ in 0..*index {
            if seq.next_element::<IgnoredAny>()?.is_none() {
                return Ok(());
            }
        }
        seq.next_element_seed(Seek(rest)).map(|_| ())
    }
}

/// The name of a key: a scalar as text, `None` for a mapping or sequence as key.
/// Fails at the key when it is `fail_at`.
struct KeyName<'a> {
    fail_at: Option<&'a str>,
}

impl KeyName<'_> {
    fn found<E: de::Error>(self, name: String) -> Result<Option<String>, E> {
        match self.fail_at {
            Some(key) if key == name => Err(E::custom(FOUND)),
            _ => Ok(Some(name)),
        }
    }
}

impl<'de> DeserializeSeed<'de> for KeyName<'_> {
    type Value = Option<String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<String>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for KeyName<'_> {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        self.found(v.to_string())
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        self.found(v.to_string())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        self.found(v.to_string())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        self.found(v.to_string())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        self.found(v.to_string())
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        IgnoredAny.visit_map(map).map(|_| None)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        IgnoredAny.visit_seq(seq).map(|_| None)
    }
}

/// Collects the names of a mapping's keys.
struct KeyNames;

impl<'de> Visitor<'de> for KeyNames {
    type Value = Vec<String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a mapping")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<String>, A::Error> {
        let mut names = Vec::new();
        while let Some(name) = map.next_key_seed(KeyName { fail_at: None })? {
            names.extend(name);
            map.next_value::<IgnoredAny>()?;
        }
        Ok(names)
    }
}

/// Fails at whatever node it is given.
struct Fail;

impl<'de> Visitor<'de> for Fail {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("anything")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        Err(E::custom(FOUND))
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        Err(E::custom(FOUND))
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        Err(E::custom(FOUND))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        Err(E::custom(FOUND))
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        Err(E::custom(FOUND))
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Err(E::custom(FOUND))
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        Err(E::custom(FOUND))
    }

    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<(), A::Error> {
        Err(de::Error::custom(FOUND))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<(), A::Error> {
        Err(de::Error::custom(FOUND))
    }
}

/// The keys of the top-level mapping, decoded, in the order written; empty when the
/// text is not a mapping.
pub fn top_level_keys(text: &str) -> Vec<String> {
    serde_yaml::Deserializer::from_str(without_bom(text))
        .deserialize_map(KeyNames)
        .unwrap_or_default()
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

    #[test]
    fn positions_count_characters_of_source_lines() {
        type Map = std::collections::BTreeMap<String, String>;
        // Umlauts take two bytes, escapes six characters: columns count the source.
        let err = from_str::<Map>("a: \"Größe\" ]\n").unwrap_err();
        assert_eq!((err.line, err.column), (1, 12));
        let err = from_str::<Map>("a: \"\\u00e4\\u00e4\" ]\n").unwrap_err();
        assert_eq!((err.line, err.column), (1, 19));
        // The parser breaks lines at U+2028 too; a file's lines end at `\n` only.
        let err = from_str::<Map>("a: \"x\u{2028}y\" ]\n").unwrap_err();
        assert_eq!((err.line, err.column), (1, 10));
        // A byte order mark takes no column; Windows line ends are one line end.
        let err = from_str::<Map>("\u{feff}a: [x]\r\n").unwrap_err();
        assert_eq!((err.line, err.column), (1, 4));
        let err = from_str::<Map>("a: x\r\nb: [x]\r\n").unwrap_err();
        assert_eq!((err.line, err.column), (2, 4));
    }

    #[test]
    fn messages_lose_the_parsers_positions() {
        assert_eq!(
            strip_positions(
                "did not find expected key at line 2 column 15, while parsing a block mapping at line 1 column 1"
            ),
            "did not find expected key, while parsing a block mapping"
        );
        assert_eq!(strip_positions("bad at position 7"), "bad");
        assert_eq!(strip_positions("look at this"), "look at this");
    }

    #[test]
    fn nodes_are_located_where_they_are_written() {
        let text = "term: x\n\"sl\\x75g\": y\nlist:\n  - id: a\n  - {name: b, id: c}\n";
        assert_eq!(locate(text, &[Step::Key("slug")]), Some((2, 1)));
        assert_eq!(locate(text, &[Step::Key("list"), Step::Item(1)]), Some((5, 5)));
        assert_eq!(
            locate(text, &[Step::Key("list"), Step::Item(1), Step::Key("id")]),
            Some((5, 15))
        );
        assert_eq!(locate(text, &[Step::Key("nope")]), None);
        assert_eq!(locate(text, &[Step::Key("list"), Step::Item(5)]), None);
        // Invalid YAML is followed up to its first error.
        assert_eq!(locate("a: x\nb: [", &[Step::Key("a")]), Some((1, 1)));
        assert_eq!(locate("a: [\nb: x", &[Step::Key("b")]), None);
        assert_eq!(top_level_keys(text), ["term", "slug", "list"]);
    }
}
