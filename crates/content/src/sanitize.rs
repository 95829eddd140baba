//! The one allow-list every rendered body passes through.
//!
//! What authors write and the markup this crate adds (links between entries, inline
//! values, related terms, MathML) are rendered into one HTML string and cleaned
//! together by [`clean`]; nothing edits the cleaned text afterwards. The allow-list
//! therefore names exactly what the trusted parts need, and an author can produce
//! nothing that it does not name.
//!
//! URLs: links go to `http`, `https`, `mailto` or a relative address; images are
//! files of the site (a relative path). An `id` and a fragment that points into the
//! site keep their words where they are a section's (`what-it-means-in-practice`)
//! and not one of the site's own ids ([`names::is_site_id`]); any other gets
//! [`ID_PREFIX`] ([`page_id`]), the same for both, so a link and its target agree and
//! content can neither take nor target the ids of the app's own elements.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::LazyLock;

use ammonia::url::ParseError;
use ammonia::{Builder, Url};

use vocab::names;

/// Prefix of an `id` in an entry's HTML, and of a fragment, that is not a section's
/// words or would be one of the site's own ids ([`page_id`]).
pub const ID_PREFIX: &str = names::CONTENT_ID_PREFIX;

/// The id an element of an entry's content has in the page, and the fragment that
/// points at it: a section's words as written (lower-case letters and digits in
/// words joined by single hyphens, as headings' ids are made), unless the site
/// uses that id itself; anything else behind [`ID_PREFIX`]. An id that has the
/// prefix already stays as it is.
pub fn page_id(id: &str) -> Cow<'_, str> {
    let words = !id.is_empty()
        && id.len() <= 200
        && id
            .split('-')
            .all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()));
    if id.starts_with(ID_PREFIX) || (words && !names::is_site_id(id)) {
        Cow::Borrowed(id)
    } else {
        Cow::Owned(format!("{ID_PREFIX}{id}"))
    }
}

/// Schemes a link may use; relative addresses are allowed as well.
pub const LINK_SCHEMES: &[&str] = &["http", "https", "mailto"];

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
    ("a", &[names::XREF, names::HEADING_ANCHOR]),
    ("strong", &[names::MISSING_TERM]),
    (
        "span",
        &[names::INLINE_VALUE, names::PINNED_VALUE, names::LIVE_SAMPLE, SCROLL],
    ),
    ("p", &[names::LIVE_LEGEND]),
    ("ul", &[names::RELATED_LIST]),
    ("div", &["footnote-definition", SCROLL]),
    ("sup", &["footnote-reference", "footnote-definition-label"]),
];

/// The classes the app and its styles give a meaning to. Only the markup this crate
/// writes may carry them: it writes them with [`MARK`] ([`trusted_class`]), the
/// sanitiser keeps a marked class without its mark and drops an unmarked one, so an
/// author's `<a class="xref">` is a plain link.
const APP_CLASSES: &[&str] = &[
    names::XREF,
    names::HEADING_ANCHOR,
    names::MISSING_TERM,
    names::INLINE_VALUE,
    names::PINNED_VALUE,
    names::LIVE_LEGEND,
    names::LIVE_SAMPLE,
    names::RELATED_LIST,
    SCROLL,
];

/// The mark of the trusted markup's classes and inline-value indices: random in
/// every run, so that no author can write it (a character reference spells it as
/// well as the characters do). It never reaches the output.
static MARK: LazyLock<String> = LazyLock::new(|| {
    use std::hash::{BuildHasher, Hasher, RandomState};
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u8(0);
    format!("trusted-{:016x}-", hasher.finish())
});

/// A class list for the markup this crate writes (`"rv pinned"`): each class with
/// the mark the sanitiser requires of the app's classes.
pub fn trusted_class(classes: &str) -> String {
    let mark = MARK.as_str();
    classes
        .split_ascii_whitespace()
        .map(|c| format!("{mark}{c}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The value of an inline value's index attribute in the markup this crate writes.
pub fn trusted_index(index: usize) -> String {
    format!("{}{index}", MARK.as_str())
}

static SANITIZER: LazyLock<Builder<'static>> = LazyLock::new(builder);

thread_local! {
    /// The address of the page being cleaned, for [`clean_in_page`].
    static PAGE: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Cleans rendered HTML against the allow-list.
pub fn clean(html: &str) -> String {
    clean_in_page(html, "")
}

/// Cleans the HTML of the page at `page` (`/glossary/en/kv-cache`): a link within
/// the page (`#note`, a footnote's reference) gets the page's address in front, as
/// under the site's `<base href>` a bare `#note` goes to the site's root.
pub fn clean_in_page(html: &str, page: &str) -> String {
    PAGE.with_borrow_mut(|p| page.clone_into(p));
    let cleaned = SANITIZER.clean(html).to_string();
    PAGE.with_borrow_mut(String::clear);
    cleaned
}

/// The allow-list: ammonia's default HTML elements, plus MathML and the
/// attributes and classes the trusted markup needs.
fn builder() -> Builder<'static> {
    let mut b = Builder::default();
    b.link_rel(None)
        .url_schemes(LINK_SCHEMES.iter().copied().collect::<HashSet<_>>())
        .add_generic_attributes(["id"])
        .add_tag_attributes("code", ["class"])
        .add_tag_attributes("span", [names::INLINE_VALUE_ATTR, "title"])
        .add_tag_attribute_values("a", "rel", [names::EXTERNAL_REL])
        .add_tag_attribute_values("strong", "aria-describedby", [names::MISSING_NOTE_ID])
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
        (_, "id") => Some(page_id(value)),
        ("span", "data-rv") => value
            .strip_prefix(MARK.as_str())
            .filter(|index| !index.is_empty() && index.bytes().all(|b| b.is_ascii_digit()))
            .map(|index| Cow::Owned(index.to_string())),
        // A code block's language, and nothing else: no class of the site's styles.
        ("code", "class") => {
            let kept: Vec<&str> = value.split_ascii_whitespace().filter(|c| language_class(c)).collect();
            (!kept.is_empty()).then(|| Cow::Owned(kept.join(" ")))
        }
        (_, "class") => match HTML_CLASSES.iter().find(|(tag, _)| *tag == element) {
            Some((_, allowed)) => classes(value, allowed),
            None => Some(Cow::Borrowed(value)),
        },
        _ => Some(Cow::Borrowed(value)),
    }
}

/// Whether `class` names a code block's language as pulldown-cmark writes it:
/// `language-` and 1 to 40 of `A-Za-z0-9_+#.-` (`language-c++`, `language-f#`).
fn language_class(class: &str) -> bool {
    class.strip_prefix("language-").is_some_and(|l| {
        (1..=40).contains(&l.len()) && l.bytes().all(|b| b.is_ascii_alphanumeric() || b"_+#.-".contains(&b))
    })
}

/// A class list of the `allowed` classes, the app's kept only where marked, and
/// the marks removed; nothing where no class is left.
fn classes<'u>(value: &'u str, allowed: &[&str]) -> Option<Cow<'u, str>> {
    let kept: Vec<&str> = value
        .split_ascii_whitespace()
        .filter_map(|class| match class.strip_prefix(MARK.as_str()) {
            Some(marked) => Some(marked),
            None => (!APP_CLASSES.contains(&class)).then_some(class),
        })
        .filter(|class| allowed.contains(class))
        .collect();
    (!kept.is_empty()).then(|| Cow::Owned(kept.join(" ")))
}

/// Whether an address may be linked to: `http`, `https`, `mailto` or relative.
/// An address that names a host without a scheme (`//host`, `\\host`, `/\host`) is
/// not relative, whatever the URL parser says: the browser goes to that host.
///
/// A link is at most [`MAX_LINK_BYTES`] long, and one to the site's own pages (any
/// relative address) carries no query: the router reads a query's every key, and
/// a link of tens of thousands of them freezes the tab that follows it.
pub fn link_allowed(url: &str) -> bool {
    if url.len() > MAX_LINK_BYTES {
        return false;
    }
    match Url::parse(url) {
        Ok(u) => LINK_SCHEMES.contains(&u.scheme()),
        Err(e) => e == ParseError::RelativeUrlWithoutBase && !names_a_host(url) && !url.contains('?'),
    }
}

/// The longest address an entry may link to.
pub const MAX_LINK_BYTES: usize = 2048;

/// Whether a browser reads `url` as `//host…`: it drops leading and trailing
/// spaces and control characters and every tab and line break, and reads `\` as
/// `/`.
fn names_a_host(url: &str) -> bool {
    let mut read = url
        .trim_matches(|c: char| c == ' ' || c.is_ascii_control())
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'));
    matches!((read.next(), read.next()), (Some('/' | '\\'), Some('/' | '\\')))
}

/// Whether an image source is a file of this site: a relative path without a
/// scheme or host, below the site's path. Browsers drop tabs and line breaks from
/// URLs and read `\` as `/`, so neither may appear; the path may not start with `/`
/// (on `<owner>.github.io`, `/other-repo/…` is another project) nor climb out of
/// the site with `..` (also spelt `%2e`).
pub fn image_source_allowed(src: &str) -> bool {
    let plain = !src.is_empty() && !src.chars().any(|c| c.is_whitespace() || c.is_control() || c == '\\');
    let path = src.split(['?', '#']).next().unwrap_or_default();
    let climbs = path
        .split('/')
        .any(|segment| segment.to_ascii_lowercase().replace("%2e", ".") == "..");
    plain && !src.starts_with('/') && !climbs && matches!(Url::parse(src), Err(ParseError::RelativeUrlWithoutBase))
}

/// A relative address with its fragment pointed at the id as the page has it
/// ([`page_id`]), and an address within the page (`#note`) given the page's address
/// ([`clean_in_page`]).
fn prefix_fragment(url: &str) -> Cow<'_, str> {
    let relative = matches!(Url::parse(url), Err(ParseError::RelativeUrlWithoutBase));
    let page = |path: &str| match path.is_empty() {
        true => PAGE.with_borrow(String::clone),
        false => path.to_string(),
    };
    match url.split_once('#') {
        Some((path, fragment)) if relative && !fragment.is_empty() => {
            Cow::Owned(format!("{}#{}", page(path), page_id(fragment)))
        }
        Some((path, fragment)) if relative && path.is_empty() => Cow::Owned(format!("{}#{fragment}", page(path))),
        _ => Cow::Borrowed(url),
    }
}

/// A space-separated list of ids, each as the page has it ([`page_id`]).
fn prefix_id_list(ids: &str) -> String {
    ids.split_ascii_whitespace()
        .map(|id| page_id(id).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class of the site's stylesheet, and every class name the app reads, on
    /// every element the sanitiser lets an author write: none survives, but a code
    /// block's language, footnotes' classes and MathML's own.
    #[test]
    fn no_class_of_the_site_reaches_an_authors_element() {
        let css = include_str!("../../../style/main.css");
        let mut site: Vec<String> = Vec::new();
        let bytes = css.as_bytes();
        for (at, _) in css.match_indices('.') {
            let name: String = css[at + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            let after_word = at > 0 && (bytes[at - 1].is_ascii_digit());
            if !name.is_empty() && name.as_bytes()[0].is_ascii_alphabetic() && !after_word {
                site.push(name);
            }
        }
        site.extend(APP_CLASSES.iter().map(|c| c.to_string()));
        site.extend(
            [
                names::CALCULATOR,
                names::STATIC_CHART,
                names::PROSE,
                names::XREF_PREVIEW,
            ]
            .map(String::from),
        );
        site.sort();
        site.dedup();
        assert!(site.len() > 50 && site.iter().any(|c| c == "verdict-bar"), "{site:?}");
        let author: &[&str] = &["footnote-definition", "footnote-reference", "footnote-definition-label"];
        let mut tags: Vec<&str> = builder().clone_tags().into_iter().collect();
        tags.sort();
        for tag in tags {
            for class in &site {
                let html = format!("<{tag} class=\"{class} language-rust\">x</{tag}>");
                let out = clean(&format!("<p>{html}</p>"));
                let kept = out.split("class=\"").skip(1).filter_map(|rest| rest.split('"').next());
                for list in kept {
                    for c in list.split_ascii_whitespace() {
                        let allowed = (tag == "code" && c == "language-rust")
                            || author.contains(&c)
                            || (MATHML_TAGS.contains(&tag) && MATHML_CLASSES.contains(&c));
                        assert!(allowed, "<{tag} class=\"{class}\"> kept `{c}`: {out}");
                    }
                }
            }
        }
        // A code block's language stays; any other class on `<code>` goes.
        assert_eq!(
            clean("<code class=\"language-c++ calculator xref language-\">x</code>"),
            "<code class=\"language-c++\">x</code>"
        );
        assert_eq!(clean("<code class=\"verdict-bar\">x</code>"), "<code>x</code>");
        assert!(!language_class(&format!("language-{}", "a".repeat(41))));
    }

    #[test]
    fn trusted_markup_passes_unchanged() {
        for html in [
            "<a class=\"xref\" href=\"/en/kv-cache\">KV</a>",
            "<a href=\"https://example.org\" rel=\"noopener noreferrer\">x</a>",
            "<strong class=\"missing-term\" aria-describedby=\"not-yet-written\">x</strong>",
            "<span class=\"rv pinned\" data-rv=\"12\">7.0 ms</span>",
            "<math display=\"block\"><mfrac><mi>a</mi><mn>2</mn></mfrac></math>",
            "<sup class=\"footnote-reference\"><a href=\"#user-content-1\">1</a></sup>",
        ] {
            let marked = html
                .replace("class=\"xref\"", &format!("class=\"{}\"", trusted_class("xref")))
                .replace(
                    "class=\"missing-term\"",
                    &format!("class=\"{}\"", trusted_class("missing-term")),
                )
                .replace(
                    "class=\"rv pinned\"",
                    &format!("class=\"{}\"", trusted_class("rv pinned")),
                )
                .replace("data-rv=\"12\"", &format!("data-rv=\"{}\"", trusted_index(12)));
            assert_eq!(clean(&marked), html);
        }
    }

    #[test]
    fn the_apps_classes_need_the_mark() {
        assert_eq!(
            clean("<a class=\"xref\" href=\"https://e.org\">x</a>"),
            "<a href=\"https://e.org\">x</a>"
        );
        assert_eq!(clean("<span class=\"rv\" data-rv=\"1\">v</span>"), "<span>v</span>");
        // A mark of the author's own making is not the mark.
        assert_eq!(
            clean("<a class=\"trusted-0000000000000000-xref\" href=\"/\">x</a>"),
            "<a href=\"/\">x</a>"
        );
    }

    #[test]
    fn ids_and_fragments_keep_a_sections_words_and_are_prefixed_together_otherwise() {
        // A section's words, as written.
        assert_eq!(
            clean("<h2 id=\"what-it-means\">A</h2><a href=\"#what-it-means\">to A</a><a href=\"/en/x#b-2\">x</a>"),
            "<h2 id=\"what-it-means\">A</h2><a href=\"#what-it-means\">to A</a><a href=\"/en/x#b-2\">x</a>"
        );
        // The site's own ids, and anything not a section's words, behind the prefix:
        // on the id and on every fragment alike.
        for (id, page) in [
            ("main", "user-content-main"),
            ("sources", "user-content-sources"),
            ("search-input", "user-content-search-input"),
            ("calc0-batch", "user-content-calc0-batch"),
            ("group-A", "user-content-group-A"),
            ("Main", "user-content-Main"),
            ("a--b", "user-content-a--b"),
            ("user-content-x", "user-content-x"),
        ] {
            let html = format!("<h2 id=\"{id}\">A</h2><a href=\"#{id}\">a</a><a href=\"/en/x#{id}\">b</a>");
            let cleaned = clean(&html);
            assert!(cleaned.contains(&format!("id=\"{page}\"")), "{id}: {cleaned}");
            assert_eq!(cleaned.matches(&format!("#{page}\"")).count(), 2, "{id}: {cleaned}");
        }
        // Words with a space or a letter outside ASCII are not a section's: prefixed.
        for id in ["a b", "ä"] {
            let cleaned = clean(&format!("<h2 id=\"{id}\">A</h2>"));
            assert!(
                cleaned.contains(&format!("id=\"user-content-{id}\"")),
                "{id}: {cleaned}"
            );
        }
        assert_eq!(
            clean("<a href=\"https://e.org/#a\">e</a>"),
            "<a href=\"https://e.org/#a\">e</a>"
        );
    }

    /// Under the site's `<base href>`, `#note` is the site's root: a link within the
    /// page names the page.
    #[test]
    fn links_within_the_page_name_the_page() {
        assert_eq!(
            clean_in_page(
                "<a href=\"#a\">a</a><a href=\"#user-content-b\">b</a><a href=\"/en/y#c\">c</a>",
                "/g/en/x"
            ),
            "<a href=\"/g/en/x#a\">a</a><a href=\"/g/en/x#user-content-b\">b</a><a href=\"/en/y#c\">c</a>"
        );
        // The page is not kept for the next call.
        assert_eq!(clean("<a href=\"#a\">a</a>"), "<a href=\"#a\">a</a>");
    }

    #[test]
    fn urls_follow_the_link_policy() {
        assert!(link_allowed("https://e.org") && link_allowed("mailto:a@b.c") && link_allowed("../x"));
        assert!(
            !link_allowed("javascript:alert(1)") && !link_allowed(" JaVaScRiPt:x") && !link_allowed("data:text/html,x")
        );
        let hosts = [
            "//e.org",
            "\\\\e.org",
            "/\\e.org",
            "\\/e.org",
            " //e.org",
            "\t//e.org",
            "/\t/e.org",
            "/\n\\e.org",
        ];
        for url in hosts {
            assert!(!link_allowed(url), "{url:?}");
        }
        assert!(link_allowed("/en/x") && link_allowed("x/y") && link_allowed("#a"));
        assert!(image_source_allowed("img/a.png") && image_source_allowed("a.png?v=1"));
        for src in [
            "/img/a.png",
            "/other-repo/a.png",
            "../other-repo/a.png",
            "img/../../other-repo/a.png",
            "%2e%2E/other-repo/a.png",
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
            clean(&format!(
                "<span class=\"{} x\" data-rv=\"{}1 onclick\">v</span>",
                trusted_class("rv"),
                trusted_index(0).trim_end_matches('0')
            )),
            "<span class=\"rv\">v</span>"
        );
        assert_eq!(
            clean("<strong aria-describedby=\"main\">s</strong>"),
            "<strong>s</strong>"
        );
        assert_eq!(clean("<a href=\"/\" rel=\"opener\">a</a>"), "<a href=\"/\">a</a>");
    }
}
