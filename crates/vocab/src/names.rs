//! Class, attribute, id and meta names that one side writes and another reads:
//! the content pipeline writes the prose, the pre-renderer the page, the app and
//! its styles read both. Written once here, so that no selector is shared by
//! convention.

/// Class of a link to another entry (prose, related terms); the app carries the
/// calculator's state into such links and shows a preview of their target.
pub const XREF: &str = "xref";
/// Class of a related term that has no entry yet.
pub const MISSING_TERM: &str = "missing-term";
/// Id of the hidden note "not yet written" that missing terms are described by.
pub const MISSING_NOTE_ID: &str = "not-yet-written";
/// Class of an inline value's span in the prose.
pub const INLINE_VALUE: &str = "rv";
/// Class of an inline value whose sentence pins its case (it does not follow the
/// calculator's model or device).
pub const PINNED_VALUE: &str = "pinned";
/// Attribute of an inline value's span: its position in the entry's inline values.
pub const INLINE_VALUE_ATTR: &str = "data-rv";
/// Attribute of an inline value the reader's change has just moved: `a` or `b`,
/// switched at each change so that its highlight starts again.
pub const FLASH_ATTR: &str = "data-flash";
/// Class of the link a section heading has to itself.
pub const HEADING_ANCHOR: &str = "heading-anchor";
/// Attribute keeping a cross-reference's own address while the app adds the
/// calculator's state to `href`.
pub const XREF_BASE_ATTR: &str = "data-href";
/// Attribute on `<body>` of a page the pre-renderer wrote.
pub const PRERENDERED: &str = "data-prerendered";
/// Attribute on `<body>` once the app has taken the page over.
pub const LIVE: &str = "data-live";
/// `<meta name>` of an entry page: the path of the entry's data file.
pub const META_ENTRY: &str = "glossary-entry";
/// `<meta name>` prefix of every page: `glossary-index-de`, `glossary-index-en`, the
/// paths of the languages' index files.
pub const META_INDEX: &str = "glossary-index-";
/// Separates the segments of a prose file. Sanitised prose never holds a comment.
pub const PROSE_SEPARATOR: &str = "<!--segment-->\n";

/// The `<meta name>` of a language's index file.
pub fn meta_index(lang: crate::Lang) -> String {
    format!("{META_INDEX}{}", lang.code())
}

/// The id of a calculator's control: `calc{uid}-{name}`.
pub fn control_id(uid: usize, name: &str) -> String {
    format!("calc{uid}-{name}")
}
