//! The one place internal URLs are built. Every link carries the base path the site
//! is served under (`/` locally, `/<repo>/` on GitHub Pages).

use crate::data::{Lang, BASE_PATH};

/// The site's root.
pub fn home() -> String {
    BASE_PATH.to_string()
}

/// The index of a language.
pub fn index(lang: Lang) -> String {
    vocab::urls::index(BASE_PATH, lang)
}

/// An entry.
pub fn entry(lang: Lang, slug: &str) -> String {
    vocab::urls::entry(BASE_PATH, lang, slug)
}

/// A page of the site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// The root: a choice of language.
    Home,
    /// A language's index.
    Index(Lang),
    /// An entry, by its language and slug.
    Entry(Lang, String),
}

impl Route {
    /// The page at `path` (an address's path, as the browser writes it), or `None`
    /// where none of the site's pages is there. A trailing slash is read as none.
    pub fn of(path: &str) -> Option<Route> {
        let rest = match path.strip_prefix(BASE_PATH) {
            Some(rest) => rest,
            None if path == BASE_PATH.trim_end_matches('/') => "",
            None => return None,
        };
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.is_empty() {
            return Some(Route::Home);
        }
        let (code, slug) = rest.split_once('/').unwrap_or((rest, ""));
        let lang = Lang::from_code(code)?;
        match slug {
            "" => Some(Route::Index(lang)),
            slug if slug.contains('/') => None,
            slug => Some(Route::Entry(lang, slug.to_string())),
        }
    }
}

/// The language and slug of an address of an entry of this site.
pub fn parse_entry(href: &str) -> Option<(Lang, String)> {
    match Route::of(href.split(['?', '#']).next()?)? {
        Route::Entry(lang, slug) => Some((lang, slug)),
        Route::Home | Route::Index(_) => None,
    }
}

/// A link in the prose with the calculator's query string carried into it, or
/// `None` where the link is not to an entry of this site: the query may hold the
/// figures of a reader's private model, which go to no other address.
pub fn carried_into(href: &str, query: &str) -> Option<String> {
    parse_entry(href).map(|_| with_query(href, query))
}

/// A URL with a query string added when there is one: before its `#fragment`, and
/// after a query it already has.
pub fn with_query(url: &str, query: &str) -> String {
    if query.is_empty() {
        return url.to_string();
    }
    let (address, fragment) = match url.split_once('#') {
        Some((a, f)) => (a, Some(f)),
        None => (url, None),
    };
    let joiner = if address.contains('?') { '&' } else { '?' };
    match fragment {
        Some(f) => format!("{address}{joiner}{query}#{f}"),
        None => format!("{address}{joiner}{query}"),
    }
}

/// A value for a query string, percent-encoded as `encodeURIComponent` does: the
/// browser's own function in the app, the same set of characters when pre-rendering.
pub fn encode(value: &str) -> String {
    crate::platform::encode_uri_component(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(rest: &str) -> String {
        format!("{BASE_PATH}{rest}")
    }

    #[test]
    fn each_page_has_its_address() {
        assert_eq!(Route::of(BASE_PATH), Some(Route::Home));
        assert_eq!(Route::of(BASE_PATH.trim_end_matches('/')), Some(Route::Home));
        assert_eq!(Route::of(&at("en/")), Some(Route::Index(Lang::En)));
        assert_eq!(Route::of(&at("de")), Some(Route::Index(Lang::De)));
        assert_eq!(
            Route::of(&at("de/kv-cache")),
            Some(Route::Entry(Lang::De, "kv-cache".into()))
        );
        assert_eq!(
            Route::of(&at("en/kv-cache/")),
            Some(Route::Entry(Lang::En, "kv-cache".into()))
        );
        assert_eq!(
            Route::of(&entry(Lang::En, "x")),
            Some(Route::Entry(Lang::En, "x".into()))
        );
        assert_eq!(Route::of(&index(Lang::De)), Some(Route::Index(Lang::De)));
    }

    #[test]
    fn files_and_other_paths_are_no_page() {
        for path in [
            at("llms.txt"),
            at("sitemap.xml"),
            at("data/en/x.bin"),
            at("fr/"),
            at("en/a/b"),
            "/elsewhere/en/kv-cache".to_string(),
        ] {
            assert_eq!(Route::of(&path), None, "{path}");
        }
    }

    #[test]
    fn the_query_goes_before_the_fragment() {
        assert_eq!(with_query("/g/en/probe", ""), "/g/en/probe");
        assert_eq!(with_query("/g/en/probe", "bw=3350"), "/g/en/probe?bw=3350");
        assert_eq!(
            with_query("/g/en/probe#details", "bw=3350"),
            "/g/en/probe?bw=3350#details"
        );
        assert_eq!(with_query("/g/en/probe?x=1#d", "bw=3350"), "/g/en/probe?x=1&bw=3350#d");
    }

    #[test]
    fn the_query_goes_only_into_links_to_entries() {
        let entry = entry(Lang::En, "probe");
        assert_eq!(carried_into(&entry, "bw=3350"), Some(format!("{entry}?bw=3350")));
        for href in [
            "https://e.org/",
            "//e.org/en/probe",
            "https://e.org/en/probe",
            "mailto:a@b.c",
            "#user-content-a",
        ] {
            assert_eq!(carried_into(href, "bw=3350"), None, "{href}");
        }
    }

    #[test]
    fn query_values_are_encoded() {
        assert_eq!(encode("Technik"), "Technik");
        assert_eq!(encode("a b&c=ü"), "a%20b%26c%3D%C3%BC");
        assert_eq!(encode("x-y_z.(1)!"), "x-y_z.(1)!");
    }
}
