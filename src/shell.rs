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

/// Where the static chart `key` (`c0-roofline`) goes in a rendered page: right after
/// the start tag of the box the app writes for it, a `<div>` with the class
/// `chart-static` and `data-static="{key}"` (in the order the renderer writes them).
/// Only inside such a tag does the attribute count: the prose may hold the text
/// `data-static="c0-roofline"` (quotes are not escaped in text), but no `<` of its
/// own, and the sanitiser keeps neither the class nor the attribute on an author's
/// element.
pub fn chart_box(html: &str, key: &str) -> Result<usize, String> {
    let attribute = format!("data-static=\"{key}\"");
    html.match_indices(&attribute)
        .find_map(|(at, _)| {
            let open = html[..at].rfind('<')?;
            let end = at + html[at..].find('>')?;
            let tag = &html[open..end];
            let inside = !html[open..at].contains('>');
            (inside && tag.starts_with("<div ") && tag.contains("class=\"chart-static\"")).then_some(end + 1)
        })
        .ok_or_else(|| format!("no box for the chart {key}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prose that quotes the marker does not move the chart.
    #[test]
    fn a_chart_goes_into_its_box_only() {
        for tag in [
            "<div data-static=\"c0-roofline\" class=\"chart-static\">",
            "<div class=\"chart-static\" data-static=\"c0-roofline\">",
        ] {
            let page = format!(
                "<div class=\"prose\"><p>See <b>data-static=\"c0-roofline\"</b> and \
                 data-static=\"c0-roofline\" class=\"chart-static\"&gt;</p></div>{tag}</div>"
            );
            let at = chart_box(&page, "c0-roofline").unwrap();
            assert_eq!(&page[at..], "</div>", "{page}");
            assert!(chart_box(&page, "c1-roofline").is_err());
        }
    }

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
