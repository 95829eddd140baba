//! Invalid entries, one problem each, and their exact messages (snapshots), plus
//! an entry in the owner's format that must build without edits.

use std::fs;
use std::path::{Path, PathBuf};

use content::{Diagnostic, Severity};

fn project() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// A scratch project with the real presets and nothing else.
fn scratch(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("content-fixture-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(root.join("content/data")).unwrap();
    for file in ["hardware.yaml", "models.yaml"] {
        fs::copy(
            project().join("content/data").join(file),
            root.join("content/data").join(file),
        )
        .unwrap();
    }
    root
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            fs::create_dir_all(&target).unwrap();
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

const PARTNER: &str =
    "---\nterm: \"Partner\"\nslug: \"partner\"\nglossar_id: \"G9999\"\nshort: \"Der Partner.\"\n---\n\nText.\n";

fn render(diagnostics: &[Diagnostic]) -> String {
    diagnostics.iter().map(|d| format!("{d}\n")).collect()
}

/// Loads one invalid file as `content/en/<name>.md` next to a valid German partner
/// and returns the messages about that file.
fn check_file(name: &str) -> Vec<Diagnostic> {
    check_text(
        name,
        &fs::read(fixtures().join("invalid").join(format!("{name}.md"))).unwrap(),
    )
}

/// Loads `text` as `content/en/<name>.md` next to a valid German partner and
/// returns the messages about that file.
fn check_text(name: &str, text: &[u8]) -> Vec<Diagnostic> {
    let root = scratch(name);
    fs::create_dir_all(root.join("content/en")).unwrap();
    fs::create_dir_all(root.join("content/de")).unwrap();
    fs::write(root.join(format!("content/en/{name}.md")), text).unwrap();
    fs::write(root.join("content/de/partner.md"), PARTNER).unwrap();
    let site = content::load(&root, "/");
    fs::remove_dir_all(&root).unwrap();
    let path = format!("content/en/{name}.md");
    site.diagnostics.into_iter().filter(|d| d.path == path).collect()
}

macro_rules! invalid_file {
    ($($test:ident => $name:literal, $severity:ident;)*) => {$(
        #[test]
        fn $test() {
            let found = check_file($name);
            assert_eq!(found.len(), 1, "expected one message, got:\n{}", render(&found));
            assert_eq!(found[0].severity, Severity::$severity);
            insta::assert_snapshot!($name, render(&found));
        }
    )*};
}

invalid_file! {
    missing_frontmatter => "missing-frontmatter", Error;
    unclosed_frontmatter => "unclosed-frontmatter", Error;
    malformed_yaml => "malformed-yaml", Error;
    missing_required_key => "missing-short", Error;
    key_of_the_wrong_type => "wrong-type", Error;
    unknown_key_is_a_warning => "unknown-key", Warning;
    invalid_date => "invalid-date", Error;
    source_url_not_http => "source-not-http", Error;
    slug_not_url_safe => "slug-not-url-safe", Error;
    calculator_names_unknown_preset => "unknown-preset", Error;
    calculator_with_invalid_parameter => "invalid-parameter", Error;
    inline_value_with_unknown_output => "unknown-inline-output", Error;
    link_to_missing_entry => "link-to-missing-entry", Error;
    javascript_link => "javascript-link", Error;
    broken_math => "broken-math", Error;
    file_not_utf8 => "not-utf8", Error;
    calculator_figure_beyond_the_limit => "params-out-of-range", Error;
    column_after_an_umlaut => "column-after-umlaut", Error;
    column_after_a_yaml_escape => "column-after-escape", Error;
    line_separator_inside_yaml => "line-separator-in-yaml", Error;
    typed_figure_is_a_warning => "typed-figure", Warning;
    calculator_context_beyond_the_model => "context-beyond-model", Warning;
    calculator_context_beyond_the_model_in_a_list_item => "context-beyond-model-in-list-item", Warning;
    inline_value_context_beyond_the_model => "inline-context-beyond-model", Warning;
    input_in_a_show_list => "input-in-show", Error;
    digits_on_a_count => "digits-on-a-count", Error;
    inline_value_after_entities => "inline-value-after-entities", Error;
    inline_value_after_escapes => "inline-value-after-escapes", Error;
    unclosed_inline_value_after_entities => "unclosed-inline-value", Error;
    calculator_block_in_a_list_item => "block-in-list-item", Error;
    calculator_block_in_a_block_quote => "block-in-block-quote", Error;
    raw_html_later_in_its_line => "raw-html-in-a-line", Error;
}

/// Entry `b`, whose body after its frontmatter is `body`, of a site in which entry
/// `a` is "Arithmetic intensity".
fn entry_b_with(name: &str, body: &str) -> content::site::Entry {
    let root = scratch(name);
    fs::create_dir_all(root.join("content/en")).unwrap();
    fs::create_dir_all(root.join("content/de")).unwrap();
    fs::write(
        root.join("content/en/a.md"),
        "---\nterm: \"Arithmetic intensity\"\nslug: \"a\"\nglossar_id: \"G1\"\nshort: \"A.\"\n---\n\nText.\n",
    )
    .unwrap();
    fs::write(
        root.join("content/en/b.md"),
        format!("---\nterm: \"B\"\nslug: \"b\"\nglossar_id: \"G2\"\nshort: \"B.\"\n---\n\n{body}"),
    )
    .unwrap();
    let site = content::load(&root, "/");
    fs::remove_dir_all(&root).unwrap();
    site.entries.into_iter().find(|e| e.front.slug == "b").unwrap()
}

#[test]
fn a_related_term_wrapped_across_lines_is_one_name() {
    let b = entry_b_with(
        "related-wrapped",
        "## Related terms\n\n**Arithmetic\nIntensity**, **Nothing\nYet**\n",
    );
    let terms: Vec<(&str, bool)> = b
        .body
        .related
        .iter()
        .map(|r| (r.term.as_str(), r.target.is_some()))
        .collect();
    assert_eq!(terms, [("Arithmetic Intensity", true), ("Nothing Yet", false)]);
}

#[test]
fn related_names_alone_become_a_list_and_sentences_stay_sentences() {
    let b = entry_b_with(
        "related-list",
        concat!(
            "## Related terms\n\n**Arithmetic intensity**, **Nothing yet**;\n**Other** · **Last**\n\n",
            "Compare **Arithmetic intensity** with the ridge.\n",
        ),
    );
    let html: String = b
        .body
        .segments
        .iter()
        .filter_map(|s| match s {
            content::markdown::Segment::Html(h) => Some(h.as_str()),
            _ => None,
        })
        .collect();
    let list = html.split("<ul class=\"related-list\">").nth(1).expect(&html);
    let list = list.split("</ul>").next().unwrap_or_default();
    assert_eq!(list.matches("<li>").count(), 4, "{list}");
    let linked = "<a class=\"xref\" href=\"/en/a\"><strong>Arithmetic intensity</strong></a>";
    assert!(list.contains(&format!("<li>{linked}</li>")), "{list}");
    assert!(
        !list.contains(',') && !list.contains(';') && !list.contains('·'),
        "{list}"
    );
    // A sentence naming a term is a paragraph still, its term linked.
    assert!(
        html.contains(&format!("<p>Compare {linked} with the ridge.</p>")),
        "{html}"
    );
    assert_eq!(b.body.related.len(), 5);
}

#[test]
fn definitions_quotations_names_and_hypothetical_cases_are_not_typed_figures() {
    let found = check_text(
        "figures-allowed",
        &fs::read(fixtures().join("valid/figures-allowed.md")).unwrap(),
    );
    assert!(found.is_empty(), "{}", render(&found));
}

#[test]
fn typed_figures_are_listed_up_to_a_limit_and_then_counted() {
    let figures = "It moves 14 GB.\n".repeat(content::figures::MAX_FIGURE_WARNINGS + 7);
    let found = check_text("many-figures", format!("{HEAD}{figures}").as_bytes());
    assert_eq!(found.len(), content::figures::MAX_FIGURE_WARNINGS + 1);
    assert!(found.iter().all(|d| d.severity == Severity::Warning));
    let summary = found
        .iter()
        .position(|d| d.message.contains("more typed figures"))
        .unwrap();
    insta::assert_snapshot!("many-figures", render(&found[summary..summary + 2]));
}

/// The start of a valid entry, up to its body.
const HEAD: &str = "---\nterm: \"Big\"\nslug: \"big\"\nglossar_id: \"G9999\"\nshort: \"Big.\"\n---\n\n";

macro_rules! too_large {
    ($($test:ident => $name:literal, $text:expr;)*) => {$(
        #[test]
        fn $test() {
            let found = check_text($name, $text.as_bytes());
            assert_eq!(found.len(), 1, "expected one message, got:\n{}", render(&found));
            assert_eq!(found[0].severity, Severity::Error);
            insta::assert_snapshot!($name, render(&found));
        }
    )*};
}

too_large! {
    entry_file_above_the_limit => "entry-too-large", format!("{HEAD}{}", "Text.\n".repeat(50_000));
    frontmatter_above_the_limit => "frontmatter-too-large",
        format!("---\nterm: \"Big\"\nslug: \"big\"\nshort: \"{}\"\n---\n", "x".repeat(20_000));
    calculator_block_above_the_limit => "block-too-large",
        format!("{HEAD}```roofline\nmodel: llama-3-8b\nhardware: a100-80gb\n{}```\n", "# note\n".repeat(1_000));
}

fn check_dir(name: &str) -> Vec<Diagnostic> {
    let root = scratch(name);
    copy_tree(&fixtures().join("dirs").join(name), &root);
    let site = content::load(&root, "/");
    fs::remove_dir_all(&root).unwrap();
    site.diagnostics
}

macro_rules! invalid_dir {
    ($($test:ident => $name:literal, $severity:ident;)*) => {$(
        #[test]
        fn $test() {
            let found = check_dir($name);
            assert_eq!(found.len(), 1, "expected one message, got:\n{}", render(&found));
            assert_eq!(found[0].severity, Severity::$severity);
            insta::assert_snapshot!($name, render(&found));
        }
    )*};
}

invalid_dir! {
    duplicate_slug => "duplicate-slug", Error;
    duplicate_glossar_id => "duplicate-glossar-id", Error;
    markdown_outside_a_language_folder => "outside-language-folder", Error;
    concept_in_one_language_only => "one-language-only", Warning;
    category_without_a_name => "category-without-name", Warning;
    hardware_figure_beyond_the_limit => "hardware-out-of-range", Error;
    model_figure_beyond_the_limit => "model-out-of-range", Error;
    landing_picture_of_an_unknown_concept => "landing-picture-unknown", Error;
    landing_data_with_an_unknown_key => "landing-unknown-key", Error;
    site_data_with_an_unknown_key => "site-unknown-key", Error;
    site_data_with_an_address_that_is_not_one => "site-not-an-address", Error;
    site_data_with_an_address_without_its_name => "site-address-without-name", Error;
    site_data_with_a_name_on_two_lines => "site-name-on-two-lines", Error;
}

#[test]
fn the_site_data_says_who_publishes_it() {
    let root = scratch("site-data");
    fs::write(
        root.join("content/data/site.yaml"),
        "owner: \" Jane Doe \"\nlicence: CC BY 4.0\nlicence_url: https://creativecommons.org/licenses/by/4.0/\n\
         source: https://example.org/glossary\n",
    )
    .unwrap();
    let site = content::load(&root, "/");
    fs::remove_dir_all(&root).unwrap();
    assert!(site.diagnostics.is_empty(), "{}", render(&site.diagnostics));
    let link = |label: &str, url: Option<&str>| vocab::wire::Link {
        label: label.into(),
        url: url.map(Into::into),
    };
    assert_eq!(
        site.about,
        vocab::wire::About {
            owner: Some(link("Jane Doe", None)),
            licence: Some(link("CC BY 4.0", Some("https://creativecommons.org/licenses/by/4.0/"))),
            source: Some("https://example.org/glossary".into()),
        }
    );
}

#[test]
fn data_file_above_the_limit() {
    let root = scratch("data-too-large");
    fs::write(root.join("content/data/categories.yaml"), "# note\n".repeat(200_000)).unwrap();
    let site = content::load(&root, "/");
    fs::remove_dir_all(&root).unwrap();
    insta::assert_snapshot!("data-too-large", render(&site.diagnostics));
}

#[test]
fn many_unknown_languages_are_counted_not_listed() {
    let root = scratch("many-languages");
    let names: String = (0..5000).map(|i| format!("x{i}:\n  a: \"A\"\n")).collect();
    fs::write(root.join("content/data/categories.yaml"), names).unwrap();
    let site = content::load(&root, "/");
    fs::remove_dir_all(&root).unwrap();
    insta::assert_snapshot!("many-unknown-languages", render(&site.diagnostics));
}

/// Links are skipped, not followed: a folder linking to itself would be walked
/// until the system gives up, two linking to each other without end.
#[cfg(unix)]
#[test]
fn links_and_special_files_are_skipped_with_a_warning() {
    use std::os::unix::fs::symlink;
    let root = scratch("links");
    fs::create_dir_all(root.join("content/en")).unwrap();
    fs::create_dir_all(root.join("content/de")).unwrap();
    fs::write(root.join("content/de/partner.md"), PARTNER).unwrap();
    fs::write(root.join("content/en/first.md"), PARTNER.replace("partner", "first")).unwrap();
    symlink("first.md", root.join("content/en/alias.md")).unwrap();
    symlink(".", root.join("content/en/loop")).unwrap();
    symlink("../en", root.join("content/de/en")).unwrap();
    let _socket = std::os::unix::net::UnixListener::bind(root.join("content/en/socket.md")).unwrap();
    let site = content::load(&root, "/");
    fs::remove_dir_all(&root).unwrap();
    assert_eq!(site.entries.len(), 2, "{}", content::Report::of(&site));
    insta::assert_snapshot!("links-and-special-files", render(&site.diagnostics));
}

#[test]
fn an_entry_in_the_owners_format_builds_without_edits() {
    let root = scratch("owner");
    copy_tree(&project().join("content"), &root.join("content"));
    fs::copy(
        fixtures().join("valid/owner-g389.md"),
        root.join("content/de/memory-bound.md"),
    )
    .unwrap();
    let site = content::load(&root, "/");
    fs::remove_dir_all(&root).unwrap();
    let about: Vec<_> = site
        .diagnostics
        .iter()
        .filter(|d| d.path == "content/de/memory-bound.md")
        .collect();
    assert!(about.is_empty(), "{about:?}");
    assert!(!site.has_errors(), "{}", content::Report::of(&site));
    let entry = site
        .entries
        .iter()
        .find(|e| e.lang == "de" && e.front.slug == "memory-bound")
        .unwrap();
    assert_eq!(entry.front.glossar_id.as_deref(), Some("G389"));
    assert!(
        entry.translation.is_some(),
        "paired with the English entry by glossar_id"
    );
    let missing: Vec<_> = site
        .not_yet_written
        .iter()
        .filter(|n| n.lang == "de")
        .map(|n| n.term.as_str())
        .collect();
    // The owner's spellings resolve through the entries' variants ("KV Cache" is the
    // KV-Cache entry's); whatever stays missing has no entry under any name.
    assert!(!missing.contains(&"KV Cache"), "{missing:?}");
    let names: Vec<String> = site
        .entries
        .iter()
        .filter(|e| e.lang == "de")
        .flat_map(|e| std::iter::once(&e.front.term).chain(&e.front.variants))
        .map(|n| content::site::fold(n))
        .collect();
    for term in missing {
        assert!(!names.contains(&content::site::fold(term)), "{term} has an entry");
    }
}

#[test]
fn html_is_sanitised() {
    let root = scratch("sanitise");
    fs::create_dir_all(root.join("content/en")).unwrap();
    fs::create_dir_all(root.join("content/de")).unwrap();
    let entry = concat!(
        "---\nterm: \"X\"\nslug: \"x\"\nglossar_id: \"G9999\"\nshort: \"X.\"\n---\n\n",
        "<script>alert(1)</script>\n\n",
        "<img src=\"a.png\" onerror=\"alert(2)\"> <a href=\"javascript:alert(3)\">raw</a> [ext](https://example.org)\n",
    );
    fs::write(root.join("content/en/x.md"), entry).unwrap();
    fs::write(root.join("content/de/partner.md"), PARTNER).unwrap();
    let site = content::load(&root, "/");
    fs::remove_dir_all(&root).unwrap();
    let html = match &site.entries.iter().find(|e| e.front.slug == "x").unwrap().body.segments[0] {
        content::markdown::Segment::Html(h) => h.clone(),
        other => panic!("{other:?}"),
    };
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("onerror"), "{html}");
    assert!(!html.contains("javascript:"), "{html}");
    assert!(
        html.contains("<a href=\"https://example.org\" rel=\"noopener noreferrer\">ext</a>"),
        "{html}"
    );
}
