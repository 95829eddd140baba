//! Markup that escapes by construction. [`Html`] can only grow through its
//! methods: element and attribute names are `&'static str` written in the code,
//! every text and attribute value is escaped on the way in, and sanitised markup
//! enters only through [`Html::sanitised`], whose callers say where it was cleaned.
//!
//! The pages use it for markup that never changes once written (the index list,
//! an entry's header and footer, the pre-rendered head): one string costs far less
//! in the browser bundle than a Leptos view per element.

use std::borrow::Cow;
use std::fmt;

/// Text or an attribute value for HTML: `&`, `<`, `>` and `"` escaped. This module
/// writes every attribute value in double quotes, where `'` ends nothing (nor in
/// text), so it stays as it is: a policy reads `'self'`, not `&#x27;self&#x27;`.
pub fn escape(text: &str) -> Cow<'_, str> {
    html_escape::encode_double_quoted_attribute(text)
}

/// `text` with its character references resolved (`&amp;` → `&`): the inverse of
/// [`escape`], for text read back out of markup.
pub fn unescape(text: &str) -> Cow<'_, str> {
    html_escape::decode_html_entities(text)
}

/// HTML built by this module's methods only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Html(String);

/// An attribute: a name written in the code and a value escaped on the way in.
/// `None` leaves the attribute out; `Some("")` writes it bare-valued (`hidden=""`).
pub type Attr<'a> = (&'static str, Option<&'a str>);

/// Whether a name written in the code is a valid element or attribute name.
fn is_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b':')
}

impl Html {
    /// Empty markup.
    pub fn new() -> Html {
        Html::default()
    }

    /// Markup an HTML sanitiser produced (`crates/content`'s allow-list), taken as it
    /// is. `cleaned_by` names the sanitiser, so that every use says where the markup
    /// was made safe.
    pub fn sanitised(markup: String, cleaned_by: &'static str) -> Html {
        debug_assert!(!cleaned_by.is_empty());
        Html(markup)
    }

    /// Escaped text.
    pub fn text(&mut self, text: &str) -> &mut Html {
        self.0.push_str(&escape(text));
        self
    }

    /// Other markup of this type.
    pub fn append(&mut self, other: &Html) -> &mut Html {
        self.0.push_str(&other.0);
        self
    }

    fn open(&mut self, tag: &'static str, attrs: &[Attr<'_>]) {
        debug_assert!(is_name(tag), "{tag}");
        self.0.push('<');
        self.0.push_str(tag);
        for (name, value) in attrs {
            debug_assert!(is_name(name), "{name}");
            if let Some(value) = value {
                self.0.push(' ');
                self.0.push_str(name);
                self.0.push_str("=\"");
                self.0.push_str(&escape(value));
                self.0.push('"');
            }
        }
        self.0.push('>');
    }

    /// A start tag alone, for a renderer that writes an element's children from a
    /// stream of events (Markdown); [`Html::end`] closes it.
    pub fn start(&mut self, tag: &'static str, attrs: &[Attr<'_>]) -> &mut Html {
        self.open(tag, attrs);
        self
    }

    /// An end tag.
    pub fn end(&mut self, tag: &'static str) -> &mut Html {
        debug_assert!(is_name(tag), "{tag}");
        self.0.push_str("</");
        self.0.push_str(tag);
        self.0.push('>');
        self
    }

    /// An element with attributes and children.
    pub fn el(&mut self, tag: &'static str, attrs: &[Attr<'_>], children: impl FnOnce(&mut Html)) -> &mut Html {
        self.open(tag, attrs);
        children(self);
        self.end(tag)
    }

    /// An element holding only text.
    pub fn el_text(&mut self, tag: &'static str, attrs: &[Attr<'_>], text: &str) -> &mut Html {
        self.el(tag, attrs, |h| {
            h.text(text);
        })
    }

    /// A `<script>` or `<style>` element holding `text` as it is: the browser reads
    /// no character references there, so nothing is escaped, and a text that would end
    /// the element early (`</script`) or change how the parser reads it (`<!--`) is
    /// refused.
    pub fn raw_text(&mut self, tag: &'static str, attrs: &[Attr<'_>], text: &str) -> Result<&mut Html, String> {
        debug_assert!(matches!(tag, "script" | "style"), "{tag}");
        let lower = text.to_ascii_lowercase();
        if lower.contains(&format!("</{tag}")) || lower.contains("<!--") {
            return Err(format!(
                "a <{tag}> cannot hold `</{tag}` or `<!--`, which would end or change the element"
            ));
        }
        self.open(tag, attrs);
        self.0.push_str(text);
        Ok(self.end(tag))
    }

    /// A void element (`<meta>`, `<link>`): attributes, no children.
    pub fn void(&mut self, tag: &'static str, attrs: &[Attr<'_>]) -> &mut Html {
        self.open(tag, attrs);
        self
    }

    /// An empty element in XML's form (`<xhtml:link …/>`), for XML files such as
    /// the sitemap.
    pub fn empty(&mut self, tag: &'static str, attrs: &[Attr<'_>]) -> &mut Html {
        self.open(tag, attrs);
        self.0.pop();
        self.0.push_str("/>");
        self
    }

    /// The markup.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The markup, owned.
    pub fn into_string(self) -> String {
        self.0
    }

    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Html {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Builds markup with a closure: `build(|h| { h.el_text("p", &[], "…"); })`.
pub fn build(f: impl FnOnce(&mut Html)) -> Html {
    let mut h = Html::new();
    f(&mut h);
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_raw_text_element_keeps_its_text_and_refuses_its_end_tag() {
        let ok = build(|h| {
            h.raw_text("script", &[("data-x", Some("a\"b"))], "if (a < b && c) x('&amp;')")
                .unwrap();
        });
        assert_eq!(
            ok.as_str(),
            "<script data-x=\"a&quot;b\">if (a < b && c) x('&amp;')</script>"
        );
        for text in ["x('</script>')", "x('</SCRIPT ')", "<!-- x"] {
            assert!(Html::new().raw_text("script", &[], text).is_err(), "{text}");
        }
        assert!(Html::new().raw_text("style", &[], "a{}</style>").is_err());
        assert!(Html::new()
            .raw_text("style", &[], "a::after{content:'</script>'}")
            .is_ok());
    }

    #[test]
    fn markup_characters_are_escaped() {
        assert_eq!(
            escape(r#"<b a="x">Tom & 'Jerry'</b>"#),
            "&lt;b a=&quot;x&quot;&gt;Tom &amp; 'Jerry'&lt;/b&gt;"
        );
        assert_eq!(escape("Größe"), "Größe");
    }

    #[test]
    fn elements_nest_and_leave_out_absent_attributes() {
        let html = build(|h| {
            h.el("li", &[("data-category", Some("a&b")), ("data-marker", None)], |h| {
                h.el_text("a", &[("href", Some("/x?a=1&b=2"))], "<term>");
                h.void("br", &[("hidden", Some(""))]);
                h.empty("xhtml:link", &[("href", Some("/a\"b"))]);
            });
        });
        assert_eq!(
            html.as_str(),
            concat!(
                r#"<li data-category="a&amp;b"><a href="/x?a=1&amp;b=2">&lt;term&gt;</a><br hidden="">"#,
                r#"<xhtml:link href="/a&quot;b"/></li>"#
            )
        );
    }

    proptest! {
        /// Whatever the text and the attribute value, they cannot open a tag or leave
        /// the attribute: the only `<` are the builder's, the only `"` close values.
        #[test]
        fn text_cannot_become_markup(text in ".*", value in ".*") {
            let html = build(|h| {
                h.el_text("p", &[("title", Some(&value))], &text);
            });
            let s = html.as_str();
            prop_assert_eq!(s.matches('<').count(), 2);
            prop_assert_eq!(s.matches('"').count(), 2);
            // A `'` only where the text or the value had one, as itself.
            prop_assert_eq!(s.matches('\'').count(), text.matches('\'').count() + value.matches('\'').count());
        }
    }
}
