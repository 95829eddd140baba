//! Static markup written as strings. A Leptos view compiles to code for every
//! element (to create it, and to hydrate it); markup that never changes, such as a
//! long list of entries, costs far less in the bundle as one string set with
//! `inner_html`, which hydration leaves as it finds it.

/// Text or an attribute value for HTML: `&`, `<`, `>`, `"` and `'` escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_characters_are_escaped() {
        assert_eq!(
            escape(r#"<b a="x">Tom & 'Jerry'</b>"#),
            "&lt;b a=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;"
        );
        assert_eq!(escape("Größe"), "Größe");
    }
}
