//! The one place internal URLs are built. Every link carries the base path the site
//! is served under (`/` locally, `/<repo>/` on GitHub Pages).

use crate::data::{Lang, BASE_PATH};

/// The site's root.
pub fn home() -> String {
    BASE_PATH.to_string()
}

/// The index of a language.
pub fn index(lang: Lang) -> String {
    format!("{BASE_PATH}{}/", lang.code())
}

/// An entry.
pub fn entry(lang: Lang, slug: &str) -> String {
    format!("{BASE_PATH}{}/{slug}", lang.code())
}

/// The file holding an entry's prose, fetched when the entry opens in the app.
pub fn prose(lang: Lang, slug: &str) -> String {
    format!("{BASE_PATH}prose/{}/{slug}.html", lang.code())
}

/// A URL with a query string appended when there is one.
pub fn with_query(url: &str, query: &str) -> String {
    if query.is_empty() {
        url.to_string()
    } else {
        format!("{url}?{query}")
    }
}

/// The router's base: the base path without its trailing slash.
pub fn router_base() -> &'static str {
    BASE_PATH.trim_end_matches('/')
}
