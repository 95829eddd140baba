//! Hostile content: whatever an entry contains, the rendered HTML, parsed the way
//! a browser parses it, holds only allowed elements and attributes, no event
//! handler and no script URL. The known vectors are fixtures; a property test
//! throws generated Markdown, raw HTML and TeX at the whole rendering.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use content::markdown::{self, Resolve, Segment, Source};
use content::presets::Presets;
use content::Diagnostic;
use html5ever::tendril::TendrilSink;
use html5ever::{local_name, ns, parse_fragment, QualName};
use markup5ever_rcdom::{Handle, NodeData, RcDom};
use proptest::prelude::*;

// --- The allow-list, written out independently of the crate's ---

/// HTML elements an entry may contain.
const HTML_TAGS: &[&str] = &[
    "a",
    "abbr",
    "acronym",
    "area",
    "article",
    "aside",
    "b",
    "bdi",
    "bdo",
    "blockquote",
    "br",
    "caption",
    "center",
    "cite",
    "code",
    "col",
    "colgroup",
    "data",
    "dd",
    "del",
    "details",
    "dfn",
    "div",
    "dl",
    "dt",
    "em",
    "figcaption",
    "figure",
    "footer",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hgroup",
    "hr",
    "i",
    "img",
    "ins",
    "kbd",
    "li",
    "map",
    "mark",
    "nav",
    "ol",
    "p",
    "pre",
    "q",
    "rp",
    "rt",
    "rtc",
    "ruby",
    "s",
    "samp",
    "small",
    "span",
    "strike",
    "strong",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "th",
    "thead",
    "time",
    "tr",
    "tt",
    "u",
    "ul",
    "var",
    "wbr",
];

/// MathML elements an entry may contain.
const MATHML_TAGS: &[&str] = &[
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

/// Attributes any element may have.
const GENERIC_ATTRIBUTES: &[&str] = &["id", "lang", "title"];

/// Attributes of MathML elements besides the generic ones.
const MATHML_ATTRIBUTES: &[&str] = &[
    "class",
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

/// Attributes of HTML elements besides the generic ones.
fn html_attributes(tag: &str) -> &'static [&'static str] {
    match tag {
        // `aria-label`: the link a section heading has to itself.
        "a" => &["href", "hreflang", "class", "rel", "aria-label"],
        "bdo" => &["dir"],
        "blockquote" | "q" => &["cite"],
        "del" | "ins" => &["cite", "datetime"],
        "col" | "colgroup" => &["align", "char", "charoff", "span"],
        "hr" => &["align", "size", "width"],
        "img" => &["align", "alt", "height", "src", "width"],
        "ol" => &["start"],
        "table" => &["align", "char", "charoff", "summary"],
        "tbody" | "thead" | "tr" => &["align", "char", "charoff"],
        "td" => &["align", "char", "charoff", "colspan", "headers", "rowspan"],
        "th" => &["align", "char", "charoff", "colspan", "headers", "rowspan", "scope"],
        // A code block's language; footnotes; the line before the first live figure;
        // the related terms' names as a list.
        "code" | "sup" | "p" | "ul" => &["class"],
        // The boxes wide tables and formulas scroll in.
        "div" => &["class", "role", "aria-label", "tabindex"],
        "span" => &["class", "data-rv", "role", "aria-label", "tabindex"],
        "strong" => &["class", "aria-describedby"],
        _ => &[],
    }
}

/// Whether an id can only be content's: behind `user-content-`, or words of
/// lower-case ASCII letters and digits joined by single hyphens that the site does
/// not use for an element of its own.
fn content_id(id: &str) -> bool {
    let words = id
        .split('-')
        .all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()));
    id.starts_with("user-content-") || (words && !vocab::names::is_site_id(id))
}

/// Whether an attribute's value is allowed, for the attributes whose values are
/// restricted.
fn value_allowed(tag: &str, name: &str, value: &str) -> bool {
    match (tag, name) {
        (_, "id") => content_id(value),
        (_, "headers") => value.split_ascii_whitespace().all(content_id),
        (_, "href" | "cite") => link_scheme_allowed(value),
        ("img", "src") => image_source_local(value),
        ("a", "class") => classes_within(value, &["xref", "heading-anchor"]),
        ("a", "rel") => value == "noopener noreferrer",
        ("strong", "class") => classes_within(value, &["missing-term"]),
        ("strong", "aria-describedby") => value == "not-yet-written",
        ("span", "class") => classes_within(value, &["rv", "pinned", "rv-sample", "scroll"]),
        ("p", "class") => classes_within(value, &["rv-legend"]),
        ("ul", "class") => classes_within(value, &["related-list"]),
        ("div", "class") => classes_within(value, &["footnote-definition", "scroll"]),
        ("div" | "span", "role") => value == "group",
        ("div" | "span", "tabindex") => value == "0",
        ("sup", "class") => classes_within(value, &["footnote-reference", "footnote-definition-label"]),
        ("span", "data-rv") => !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()),
        _ => true,
    }
}

fn classes_within(value: &str, allowed: &[&str]) -> bool {
    value.split_ascii_whitespace().all(|c| allowed.contains(&c))
}

/// The scheme of a URL as a browser reads it: leading and embedded whitespace and
/// control characters do not count.
fn scheme(url: &str) -> Option<String> {
    let plain: String = url.chars().filter(|c| !c.is_whitespace() && !c.is_control()).collect();
    let end = plain.find([':', '/', '?', '#'])?;
    (plain[end..].starts_with(':')).then(|| plain[..end].to_ascii_lowercase())
}

fn link_scheme_allowed(url: &str) -> bool {
    scheme(url).is_none_or(|s| matches!(s.as_str(), "http" | "https" | "mailto"))
}

fn image_source_local(src: &str) -> bool {
    let plain: String = src.chars().filter(|c| !c.is_whitespace() && !c.is_control()).collect();
    scheme(src).is_none() && !plain.starts_with("//") && !plain.contains('\\')
}

// --- Parsing the output and checking it ---

/// The output parsed as a browser parses the content of an element: a document
/// whose `html` element holds the content.
fn parse(html: &str) -> Handle {
    let context = QualName::new(None, ns!(html), local_name!("div"));
    parse_fragment(RcDom::default(), Default::default(), context, vec![], false)
        .one(html)
        .document
}

/// Every element of a parsed fragment, depth first.
fn elements(document: &Handle) -> Vec<Handle> {
    let mut out = Vec::new();
    let root = document.children.borrow()[0].clone();
    let mut stack: Vec<Handle> = root.children.borrow().iter().rev().cloned().collect();
    while let Some(node) = stack.pop() {
        if matches!(node.data, NodeData::Element { .. }) {
            out.push(node.clone());
        }
        stack.extend(node.children.borrow().iter().rev().cloned());
    }
    out
}

/// What is wrong with the output, if anything.
fn violations(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for node in elements(&parse(html)) {
        let NodeData::Element { name, attrs, .. } = &node.data else {
            continue;
        };
        let tag = &*name.local;
        let (known, extra) = match name.ns {
            ns!(html) => (HTML_TAGS.contains(&tag), html_attributes(tag)),
            ns!(mathml) => (MATHML_TAGS.contains(&tag), MATHML_ATTRIBUTES),
            _ => (false, &[][..]),
        };
        if !known {
            found.push(format!("element {:?} {tag}", name.ns));
        }
        let display = |v: &str| tag == "math" && matches!(v, "block" | "inline");
        for attr in attrs.borrow().iter() {
            let (attribute, value) = (&*attr.name.local, &*attr.value);
            let listed = GENERIC_ATTRIBUTES.contains(&attribute) || extra.contains(&attribute);
            let allowed =
                (listed && value_allowed(tag, attribute, value)) || (attribute == "display" && display(value));
            if !allowed || attribute.starts_with("on") || !attr.name.ns.is_empty() {
                found.push(format!("<{tag} {attribute}={value:?}>"));
            }
        }
    }
    found
}

fn assert_safe(html: &str, input: &str) {
    let found = violations(html);
    assert!(found.is_empty(), "{found:?}\n--- output:\n{html}\n--- input:\n{input}");
}

// --- Rendering ---

fn project() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The project's presets, loaded once.
fn presets() -> &'static Presets {
    static PRESETS: OnceLock<Presets> = OnceLock::new();
    PRESETS.get_or_init(|| content::load(&project(), "/").presets)
}

/// Two entries: `partner` (also as the term "Partner") and `kv-cache`.
struct Entries;

impl Resolve for Entries {
    fn slug(&self, slug: &str) -> Option<(usize, String)> {
        ["partner", "kv-cache"]
            .iter()
            .position(|s| *s == slug)
            .map(|i| (i, format!("/en/{slug}")))
    }

    fn term(&self, term: &str) -> Option<(usize, String)> {
        self.slug(&term.trim().to_lowercase().replace(' ', "-"))
    }

    fn slugs(&self) -> Vec<&str> {
        vec!["partner", "kv-cache"]
    }
}

/// The body's HTML segments and its messages.
fn render(body: &str) -> (Vec<String>, Vec<Diagnostic>) {
    let src = Source {
        path: "content/en/hostile.md",
        text: body,
        first_line: 7,
        locale: roofline::Locale::from_lang("en"),
    };
    let mut out = Vec::new();
    let rendered = markdown::render(&src, presets(), &Entries, &mut out);
    let html = rendered
        .segments
        .into_iter()
        .filter_map(|s| match s {
            Segment::Html(h) => Some(h),
            Segment::Calculator(_) => None,
        })
        .collect();
    (html, out)
}

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/hostile")
        .join(name);
    fs::read_to_string(path).unwrap()
}

/// Renders a fixture, checks the output and returns it joined, with the messages.
fn render_fixture(name: &str) -> (String, Vec<String>) {
    let body = fixture(name);
    let (html, out) = render(&body);
    let html = html.concat();
    assert_safe(&html, &body);
    (html, out.iter().map(|d| d.to_string()).collect())
}

fn count_elements(html: &str, tag: &str, class: Option<&str>) -> usize {
    elements(&parse(html))
        .iter()
        .filter(|n| match &n.data {
            NodeData::Element { name, attrs, .. } => {
                &*name.local == tag
                    && class.is_none_or(|c| {
                        attrs
                            .borrow()
                            .iter()
                            .any(|a| &*a.name.local == "class" && &*a.value == c)
                    })
            }
            _ => false,
        })
        .count()
}

// --- The known vectors ---

#[test]
fn operator_names_cannot_carry_markup() {
    let (html, messages) = render_fixture("operatorname-img.md");
    assert_eq!(count_elements(&html, "img", None), 0, "{html}");
    assert_eq!(count_elements(&html, "svg", None), 0, "{html}");
    assert_eq!(
        messages.iter().filter(|m| m.contains("operator name")).count(),
        2,
        "{messages:?}"
    );
    assert!(messages[0].starts_with("content/en/hostile.md:7:"), "{messages:?}");
}

#[test]
fn typed_placeholders_splice_nothing() {
    let (html, messages) = render_fixture("placeholder-splice.md");
    assert_eq!(
        count_elements(&html, "a", Some("xref")),
        1,
        "one link is written: {html}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains(":8:25: error: private-use character U+E000 (and 3 more in this entry)")),
        "{messages:?}"
    );
}

#[test]
fn placeholders_in_attributes_splice_no_attribute() {
    let (html, messages) = render_fixture("placeholder-attribute.md");
    let abbr = elements(&parse(&html))
        .into_iter()
        .find(|n| matches!(&n.data, NodeData::Element { name, .. } if &*name.local == "abbr"));
    let NodeData::Element { attrs, .. } = &abbr.expect("the abbr is kept").data else {
        unreachable!()
    };
    let names: Vec<String> = attrs.borrow().iter().map(|a| a.name.local.to_string()).collect();
    assert_eq!(names, ["title"], "{html}");
    assert!(
        messages.iter().any(|m| m.contains("private-use character")),
        "{messages:?}"
    );
}

#[test]
fn raw_html_addresses_follow_the_link_policy() {
    let (html, messages) = render_fixture("raw-html-urls.md");
    assert!(!html.contains("evil.example") && !html.contains("onerror"), "{html}");
    let expected = [
        ":7:1: error: `href` of `<a>` goes to `javascript:alert(1)`",
        ":7:38: error: `<img>` loads `https://evil.example/x.png`, which is not a file of this site",
        ":7:38: error: `onerror` attribute on `<img>`",
        ":8:1: error: `href` of `<a>` goes to ` data:text/html,x`",
        ":8:38: error: `cite` of `<q>` goes to `vbscript:x`",
        ":8:65: error: image `https://evil.example/y.png` is not a file of this site",
    ];
    for e in expected {
        assert!(messages.iter().any(|m| m.contains(e)), "{e}\n{messages:#?}");
    }
    assert_eq!(messages.len(), expected.len(), "{messages:#?}");
}

#[test]
fn the_sites_ids_are_prefixed_and_fragments_follow() {
    let (html, messages) = render_fixture("ids-and-footnotes.md");
    assert!(messages.is_empty(), "{messages:?}");
    assert!(html.contains("<h2 id=\"user-content-main\">"), "{html}");
    assert!(html.contains("<a href=\"#user-content-main\">jump</a>"), "{html}");
    assert!(html.contains("<a href=\"#user-content-search-input\">"), "{html}");
    assert!(html.contains("id=\"user-content-search-input\""), "{html}");
    assert!(html.contains("<p id=\"user-content-not-yet-written\">"), "{html}");
    // A section's words that are none of the site's ids stay as written.
    assert!(html.contains("<h2 id=\"plain-words\">"), "{html}");
    assert!(html.contains("href=\"#plain-words\""), "{html}");
}

// --- Generated hostile input ---

/// Pieces of hostile Markdown, raw HTML and TeX.
const PIECES: &[&str] = &[
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<img src=\"//evil.example/x.png\">",
    "<a href=\"javascript:alert(1)\">x</a>",
    "<a href=\" jav&#x09;ascript:alert(1)\">x</a>",
    "<a href=\"data:text/html,<script>alert(1)</script>\">x</a>",
    "<a href=\"vbscript:msgbox(1)\">x</a>",
    "<svg onload=alert(1)><a xlink:href=\"javascript:alert(1)\">s</a></svg>",
    "<math><mi xlink:href=\"javascript:alert(1)\">m</mi></math>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<svg><style><img src=x onerror=alert(1)></style></svg>",
    "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
    "<iframe src=\"https://evil.example\"></iframe>",
    "<iframe srcdoc=\"<script>alert(1)</script>\">",
    "<style>*{background:url(javascript:alert(1))}</style>",
    "<object data=\"javascript:alert(1)\"></object>",
    "<embed src=\"javascript:alert(1)\">",
    "<form action=\"javascript:alert(1)\"><button formaction=\"javascript:alert(1)\">b</button></form>",
    "<base href=\"https://evil.example/\">",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
    "<details open ontoggle=alert(1)>d</details>",
    "<div style=\"position:fixed\" onclick=\"alert(1)\" class=\"x\">",
    "</div>",
    "<span class=\"rv\" data-rv=\"0 onclick=alert(1)\">",
    "</span>",
    "<p id=\"main\">",
    "<abbr title=\"\u{E000}0\u{E001}\">a</abbr>",
    "<textarea>",
    "<!--",
    "-->",
    "<![CDATA[<img src=x onerror=alert(1)>]]>",
    "\u{E000}0\u{E001}",
    "\u{E000}1\u{E001}",
    "\u{E000}",
    "\u{E001}",
    "$\\operatorname{<img src=x onerror=alert(1)>}$",
    "$\\mathop{<script>alert(1)</script>}$",
    "$\\text{<b onmouseover=alert(1)>}$",
    "$\\mathrm{<svg onload=alert(1)>}$",
    "$$\\operatorname{\"><img src=x onerror=alert(1)>}$$",
    "$\\operatorname{a\"b&c}$",
    "$\\char\"3C img src=x onerror=alert(1)>$",
    "$a < b > c$",
    "$x^{y^{z}}$",
    "[[[[",
    "]]]]",
    "[x](javascript:alert(1))",
    "[x](JAVASCRIPT:alert(1))",
    "[x](<javascript:alert(1)>)",
    "[x](data:text/html,x)",
    "[x](partner)",
    "[x](partner#\"><img src=x onerror=alert(1)>)",
    "[x](#main)",
    "[x](https://example.org \"t\\\" onmouseover=alert(1)\")",
    "<javascript:alert(1)>",
    "<https://example.org/\">",
    "![i](https://evil.example/x.png)",
    "![i](javascript:alert(1))",
    "![i\"onerror=alert(1)](img/a.png)",
    "[^a]",
    "[^a]: note <img src=x onerror=alert(1)>",
    "{{weight_time}}",
    "{{weight_time digits=<script>}}",
    "{{<img src=x onerror=alert(1)>}}",
    "{{",
    "}}",
    "\n\n## Related terms\n\n",
    "**Partner**",
    "**<img src=x onerror=alert(1)>**",
    "\n\n# H {#main .x onclick=y}\n\n",
    "\n\n> ",
    "\n\n- ",
    "\n\n    indented <script>\n\n",
    "\n\n```\n<script>alert(1)</script>\n```\n\n",
    "\n\n```roofline\nmodel: llama-2-7b\nhardware: a100-80gb\n```\n\n",
    "*",
    "**",
    "`",
    "\\",
    "&amp;",
    "&lt;script&gt;",
    "|a|b|\n|-|-|\n|<b>|$x$|",
];

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(PIECES).prop_map(str::to_string),
        1 => "[a-z<>&\"'=/ :;!\\[\\]()*_{}$#\\\\\u{E000}\u{E001}0-9-]{0,16}",
        1 => "[a-z<>&\"'= -]{0,12}".prop_map(|s| format!("$\\operatorname{{{s}}}$")),
        1 => "[a-z<>&\"'= -]{0,12}".prop_map(|s| format!("<a href=\"{s}\">")),
    ]
}

fn separator() -> impl Strategy<Value = &'static str> {
    prop::sample::select(&["", " ", "\n", "\n\n"][..])
}

fn hostile() -> impl Strategy<Value = String> {
    prop::collection::vec((piece(), separator()), 1..16)
        .prop_map(|parts| parts.into_iter().map(|(p, s)| p + s).collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn hostile_markdown_renders_only_allowed_markup(body in hostile()) {
        let (html, _) = render(&body);
        for segment in &html {
            let found = violations(segment);
            prop_assert!(found.is_empty(), "{:?}\n--- output:\n{}", found, segment);
        }
    }
}

#[test]
fn every_piece_alone_renders_only_allowed_markup() {
    for piece in PIECES {
        let (html, _) = render(piece);
        assert_safe(&html.concat(), piece);
    }
}

#[test]
fn the_checker_sees_script() {
    for bad in [
        "<img src=x onerror=alert(1)>",
        "<a href=\"java\tscript:alert(1)\">x</a>",
        "<math><mi><img src=x></mi></math><iframe></iframe>",
        "<svg></svg>",
        "<p id=\"main\"></p>",
        "<span data-rv=\"1x\"></span>",
    ] {
        assert!(!violations(bad).is_empty(), "{bad}");
    }
}
