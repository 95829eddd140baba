//! Addresses of the site's pages and data files, below the path the site is served
//! under (`base`: `/` locally, `/<repo>/` on GitHub Pages, always ending in `/`).

use crate::Lang;

/// The index of a language.
pub fn index(base: &str, lang: Lang) -> String {
    format!("{base}{}/", lang.code())
}

/// An entry.
pub fn entry(base: &str, lang: Lang, slug: &str) -> String {
    format!("{base}{}/{slug}", lang.code())
}

/// The glossary for language models, at the site's root (the llms.txt proposal).
pub const LLMS_INDEX: &str = "llms.txt";

/// `base` in its normal form: `/glossary`, `glossary/` and `/glossary/` all become
/// `/glossary/`; empty becomes `/`.
pub fn normalise_base(raw: &str) -> String {
    let trimmed = raw.trim().trim_matches('/');
    if trimmed.is_empty() {
        "/".to_string()
    } else {
        format!("/{trimmed}/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_sit_below_the_base() {
        assert_eq!(normalise_base(" glossary/ "), "/glossary/");
        assert_eq!(normalise_base(""), "/");
        assert_eq!(index("/g/", Lang::De), "/g/de/");
        assert_eq!(entry("/", Lang::En, "kv-cache"), "/en/kv-cache");
    }
}
