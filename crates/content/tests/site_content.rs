//! The project's own content: it builds, and the worked examples come out right.

use std::path::Path;

use content::markdown::Segment;
use content::Severity;

fn site() -> content::Site {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    content::load(&root, "/")
}

fn html(site: &content::Site, lang: &str, slug: &str) -> String {
    let e = site
        .entries
        .iter()
        .find(|e| e.lang == lang && e.front.slug == slug)
        .expect("entry exists");
    e.body
        .segments
        .iter()
        .filter_map(|s| match s {
            Segment::Html(h) => Some(h.as_str()),
            Segment::Calculator(_) => None,
        })
        .collect()
}

#[test]
fn content_builds_without_errors_or_warnings() {
    let site = site();
    let report = content::report(&site);
    assert!(site.diagnostics.is_empty(), "{report}");
    assert_eq!(site.entries.len(), 4, "{report}");
    assert!(site.diagnostics.iter().all(|d| d.severity != Severity::Error));
}

#[test]
fn worked_examples_appear_in_the_prose() {
    let site = site();
    let de = html(&site, "de", "memory-bound");
    let en = html(&site, "en", "memory-bound");
    assert!(
        en.contains(">14.0 GB<") && en.contains(">7.0 ms<") && en.contains(">143 tokens/s<"),
        "{en}"
    );
    assert!(de.contains(">14,0 GB<") && de.contains(">7,0 ms<"), "{de}");
    assert!(en.contains(">4.18 ms<") && en.contains(">239 tokens/s<") && en.contains(">6.9 ms<"));
    assert!(en.contains(">151 tokens/s<") && en.contains(">249 tokens/s<"));
    let bw_en = html(&site, "en", "memory-bandwidth");
    let bw_de = html(&site, "de", "speicherbandbreite");
    assert!(bw_en.contains(">4.29 GB<") && bw_en.contains(">4.00 GiB<"), "{bw_en}");
    assert!(bw_de.contains(">4,29 GB<") && bw_de.contains(">4,00 GiB<"), "{bw_de}");
}

#[test]
fn math_is_mathml_and_pairs_are_linked() {
    let site = site();
    let bw = html(&site, "en", "memory-bandwidth");
    assert!(bw.contains("<math display=\"block\">"), "{bw}");
    assert!(bw.contains("<mfrac>"));
    let e = site
        .entries
        .iter()
        .find(|e| e.front.slug == "memory-bandwidth")
        .unwrap();
    let t = e.translation.expect("translated");
    assert_eq!(site.entries[t].front.slug, "speicherbandbreite");
    let mb = html(&site, "en", "memory-bound");
    assert!(mb.contains("<a class=\"xref\" href=\"/en/memory-bandwidth\">"), "{mb}");
    assert!(mb.contains("rel=\"noopener noreferrer\""));
}

#[test]
fn not_yet_written_terms_are_listed() {
    let site = site();
    let terms: Vec<_> = site
        .not_yet_written
        .iter()
        .filter(|n| n.lang == "en")
        .map(|n| n.term.as_str())
        .collect();
    assert!(
        terms.contains(&"KV cache") && terms.contains(&"FlashAttention"),
        "{terms:?}"
    );
    assert!(!terms.contains(&"Memory bandwidth"));
}
