//! The one allow-list every rendered body passes through.
//!
//! What authors write and the markup this crate adds (links between entries, inline
//! values, related terms, MathML) are rendered into one HTML string and cleaned
//! together by [`clean`]; nothing edits the cleaned text afterwards. The allow-list
//! therefore names exactly what the trusted parts need, and an author can produce
//! nothing that it does not name.
//!
//! URLs: links go to `http`, `https`, `mailto` or a relative address; images are
//! files of the site (a relative path). Every `id` gets [`ID_PREFIX`], and every
//! fragment that points into the page gets it too, so content cannot take or
//! target the ids of the app's own elements.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::LazyLock;

use ammonia::url::ParseError;
use ammonia::{Builder, Url};

use crate::markdown::MISSING_NOTE_ID;

/// Prefix of every `id` in an entry's HTML, and of every in-page fragment.
pub const ID_PREFIX: &str = "user-content-";

/// Schemes a link may use; relative addresses are allowed as well.
pub const LINK_SCHEMES: &[&str] = &["http", "https", "mailto"];

/// The `rel` of external links.
pub const EXTERNAL_REL: &str = "noopener noreferrer";

/// The MathML elements pulldown-latex writes.
pub const MATHML_TAGS: &[&str] = &[
    "math",
    "mi",
    "mn",
    "mo",
    "mtext",
    "mspace",
    "mrow",
    "mfrac",
    "msqrt",
    "mroot",
    "msub",
    "msup",
    "msubsup",
    "munder",
    "mover",
    "munderover",
    "mtable",
    "mtr",
    "mtd",
];

/// Presentation attributes pulldown-latex writes on MathML elements. None of them
/// holds a URL or script; `style` is left out (the site's CSP blocks inline style).
pub const MATHML_ATTRIBUTES: &[&str] = &[
    "displaystyle",
    "scriptlevel",
    "mathvariant",
    "stretchy",
    "largeop",
    "movablelimits",
    "symmetric",
    "minsize",
    "maxsize",
    "linethickness",
    "width",
    "height",
    "depth",
];

/// Classes pulldown-latex puts on MathML elements (environments, cells, small
/// operators).
pub const MATHML_CLASSES: &[&str] = &[
    "menv-align",
    "menv-alignlike",
    "menv-arraylike",
    "menv-border-only",
    "menv-cases",
    "menv-cells-left",
    "menv-cells-right",
    "menv-hdashline",
    "menv-hline",
    "menv-left-dashed",
    "menv-left-solid",
    "menv-multline",
    "menv-nonumber",
    "menv-right-dashed",
    "menv-right-solid",
    "menv-with-eqn",
    "cell-left",
    "cell-right",
    "mop-negated",
    "small",
];

/// The class of the box a wide table or formula scrolls in.
pub const SCROLL: &str = "scroll";

/// The classes of HTML elements: the trusted markup's and pulldown-cmark's.
const HTML_CLASSES: &[(&str, &[&str])] = &[
    ("a", &["xref", vocab::names::HEADING_ANCHOR]),
    ("strong", &["missing-term"]),
    ("span", &["rv", vocab::names::PINNED_VALUE, SCROLL]),
    ("div", &["footnote-definition", SCROLL]),
    ("sup", &["footnote-reference", "footnote-definition-label"]),
];

static SANITIZER: LazyLock<Builder<'static>> = LazyLock::new(builder);

/// Cleans rendered HTML against the allow-list.
pub fn clean(html: &str) -> String {
    SANITIZER.clean(html).to_string()
}

/// The allow-list: ammonia's default HTML elements, plus MathML and the
/// attributes and classes the trusted markup needs.
fn builder() -> Builder<'static> {
    let mut b = Builder::default();
    b.link_rel(None)
        .url_schemes(LINK_SCHEMES.iter().copied().collect::<HashSet<_>>())
        .id_prefix(Some(ID_PREFIX))
        .add_generic_attributes(["id"])
        .add_tag_attributes("code", ["class"])
        .add_tag_attributes("span", ["data-rv", "title"])
        .add_tag_attribute_values("a", "rel", [EXTERNAL_REL])
        .add_tag_attribute_values("strong", "aria-describedby", [MISSING_NOTE_ID])
        .add_tag_attribute_values("math", "display", ["block", "inline"])
        // The scroll boxes around wide tables and formulas (see `markdown::scroll_box`).
        .add_tag_attribute_values("div", "tabindex", ["0"])
        .add_tag_attribute_values("span", "tabindex", ["0"])
        .add_tag_attribute_values("div", "role", ["group"])
        .add_tag_attribute_values("span", "role", ["group"])
        .add_tag_attributes("div", ["aria-label"])
        .add_tag_attributes("span", ["aria-label"])
        .add_tag_attributes("a", ["aria-label"])
        .add_tags(MATHML_TAGS.iter().copied())
        .attribute_filter(filter_attribute);
    for (tag, classes) in HTML_CLASSES {
        b.add_allowed_classes(*tag, classes.iter().copied());
    }
    for tag in MATHML_TAGS {
        b.add_tag_attributes(*tag, MATHML_ATTRIBUTES.iter().copied())
            .add_allowed_classes(*tag, MATHML_CLASSES.iter().copied());
    }
    b
}

/// The second look at every kept attribute: URL policy, prefixed fragments and id
/// references, numeric inline-value indices.
fn filter_attribute<'u>(element: &str, attribute: &str, value: &'u str) -> Option<Cow<'u, str>> {
    match (element, attribute) {
        ("img", "src") => image_source_allowed(value).then_some(Cow::Borrowed(value)),
        (_, "href" | "cite") => link_allowed(value).then(|| prefix_fragment(value)),
        (_, "headers") => Some(Cow::Owned(prefix_id_list(value))),
        ("span", "data-rv") => {
            (!value.is_empty() && value.bytes().all(|b| b.is_ascii_digit())).then_some(Cow::Borrowed(value))
        }
        _ => Some(Cow::Borrowed(value)),
    }
}

/// Whether an address may be linked to: `http`, `https`, `mailto` or relative.
pub fn link_allowed(url: &str) -> bool {
    match Url::parse(url) {
        Ok(u) => LINK_SCHEMES.contains(&u.scheme()),
        Err(e) => e == ParseError::RelativeUrlWithoutBase,
    }
}

/// Whether an image source is a file of this site: a relative path without a
/// scheme or host. Browsers drop tabs and line breaks from URLs and read `\` as
/// `/`, so neither may appear, and the path may not start with `//`.
pub fn image_source_allowed(src: &str) -> bool {
    let plain = !src.is_empty() && !src.chars().any(|c| c.is_whitespace() || c.is_control() || c == '\\');
    plain && !src.starts_with("//") && matches!(Url::parse(src), Err(ParseError::RelativeUrlWithoutBase))
}

/// A relative address with its fragment pointed at the prefixed id.
fn prefix_fragment(url: &str) -> Cow<'_, str> {
    let relative = matches!(Url::parse(url), Err(ParseError::RelativeUrlWithoutBase));
    match url.split_once('#') {
        Some((path, fragment)) if relative && !fragment.is_empty() && !fragment.starts_with(ID_PREFIX) => {
            Cow::Owned(format!("{path}#{ID_PREFIX}{fragment}"))
        }
        _ => Cow::Borrowed(url),
    }
}

/// A space-separated list of ids, each prefixed.
fn prefix_id_list(ids: &str) -> String {
    ids.split_ascii_whitespace()
        .map(|id| match id.starts_with(ID_PREFIX) {
            true => id.to_string(),
            false => format!("{ID_PREFIX}{id}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trusted_markup_passes_unchanged() {
        for html in [
            "<a class=\"xref\" href=\"/en/kv-cache\">KV</a>",
            "<a href=\"https://example.org\" rel=\"noopener noreferrer\">x</a>",
            "<strong class=\"missing-term\" aria-describedby=\"not-yet-written\">x</strong>",
            "<span class=\"rv\" data-rv=\"12\">7.0 ms</span>",
            "<math display=\"block\"><mfrac><mi>a</mi><mn>2</mn></mfrac></math>",
        ] {
            assert_eq!(clean(html), html);
        }
    }

    #[test]
    fn ids_and_fragments_are_prefixed_together() {
        assert_eq!(
            clean("<h2 id=\"a\">A</h2><a href=\"#a\">to A</a><a href=\"/en/x#b\">x</a>"),
            "<h2 id=\"user-content-a\">A</h2><a href=\"#user-content-a\">to A</a><a href=\"/en/x#user-content-b\">x</a>"
        );
        assert_eq!(
            clean("<a href=\"https://e.org/#a\">e</a>"),
            "<a href=\"https://e.org/#a\">e</a>"
        );
    }

    #[test]
    fn urls_follow_the_link_policy() {
        assert!(link_allowed("https://e.org") && link_allowed("mailto:a@b.c") && link_allowed("../x"));
        assert!(
            !link_allowed("javascript:alert(1)") && !link_allowed(" JaVaScRiPt:x") && !link_allowed("data:text/html,x")
        );
        assert!(image_source_allowed("img/a.png") && image_source_allowed("/img/a.png"));
        for src in [
            "https://e.org/a.png",
            "//e.org/a.png",
            "/\\e.org/a.png",
            "/\t/e.org",
            "data:image/png;base64,x",
            "",
        ] {
            assert!(!image_source_allowed(src), "{src:?}");
        }
        assert_eq!(clean("<img src=\"https://e.org/a.png\" alt=\"a\">"), "<img alt=\"a\">");
        assert_eq!(clean("<q cite=\"javascript:x\">q</q>"), "<q>q</q>");
    }

    #[test]
    fn forged_values_are_dropped() {
        assert_eq!(
            clean("<span class=\"rv x\" data-rv=\"1 onclick\">v</span>"),
            "<span class=\"rv\">v</span>"
        );
        assert_eq!(
            clean("<strong aria-describedby=\"main\">s</strong>"),
            "<strong>s</strong>"
        );
        assert_eq!(clean("<a href=\"/\" rel=\"opener\">a</a>"), "<a href=\"/\">a</a>");
    }
}
