//! Static markup written as strings. A Leptos view compiles to code for every
//! element (to create it, and to hydrate it); markup that never changes, such as a
//! long list of entries, costs far less in the bundle as one string set with
//! `inner_html`, which hydration leaves as it finds it.

/// Text or an attribute value for HTML: `&`, `<`, `>`, `"` and `'` escaped.
pub fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    html_escape::encode_quoted_attribute(text)
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_characters_are_escaped() {
        assert_eq!(
            escape(r#"<b a="x">Tom & 'Jerry'</b>"#),
            "&lt;b a=&quot;x&quot;&gt;Tom &amp; &#x27;Jerry&#x27;&lt;/b&gt;"
        );
        assert_eq!(escape("Größe"), "Größe");
    }
}
