//! Editing trunk's built shell (`dist/index.html`) into pre-rendered pages. Native
//! only: the pre-renderer uses it, the browser never does.

use crate::data::Lang;

/// `html` with its `<html>` start tag replaced by one that names `lang`, however the
/// minifier wrote the original (`<html lang=en>`, `<html lang="en">`).
pub fn with_lang(html: &str, lang: Lang) -> Result<String, String> {
    let start = html
        .match_indices("<html")
        .map(|(i, _)| i)
        .find(|&i| html[i + "<html".len()..].starts_with([' ', '>', '\n', '\t']))
        .ok_or("the shell has no <html> start tag")?;
    let end = start + html[start..].find('>').ok_or("the <html> start tag is not closed")? + 1;
    Ok(format!(
        "{}<html lang=\"{}\">{}",
        &html[..start],
        lang.code(),
        &html[end..]
    ))
}

/// `text` with the first `from` replaced by `to`; an error when `from` is missing,
/// so that a change in trunk's output cannot silently skip the replacement.
pub fn replace_once(text: &str, from: &str, to: &str) -> Result<String, String> {
    if !text.contains(from) {
        return Err(format!("the shell has no `{from}` to replace"));
    }
    Ok(text.replacen(from, to, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_html_tag_names_the_page_language_however_it_was_written() {
        for shell in [
            "<!doctype html><html lang=en><head>",
            "<!DOCTYPE html>\n<html lang=\"en\">\n  <head>",
        ] {
            let de = with_lang(shell, Lang::De).unwrap();
            assert!(de.contains("<html lang=\"de\">"), "{de}");
            assert!(!de.contains("lang=en") && !de.contains("lang=\"en\""), "{de}");
        }
        assert!(with_lang("<!doctype html><htmlx><head>", Lang::De).is_err());
    }

    #[test]
    fn a_replacement_that_matches_nothing_is_an_error() {
        assert!(replace_once("<title>Other</title>", "<title>Glossary of LLM inference</title>", "x").is_err());
        assert_eq!(replace_once("a b a", "a", "c").unwrap(), "c b a");
    }
}
