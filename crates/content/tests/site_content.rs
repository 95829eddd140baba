//! The project's own content: it builds, and the worked examples come out right.

use std::path::Path;

use content::markdown::Segment;

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

/// No errors and no warnings: no typed figure, no context beyond a model's.
#[test]
fn content_builds_without_errors_or_warnings() {
    let site = site();
    let report = content::report(&site);
    assert!(site.diagnostics.is_empty(), "{report}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
    let files: usize = ["de", "en"]
        .iter()
        .map(|lang| std::fs::read_dir(root.join(lang)).map_or(0, |d| d.count()))
        .sum();
    assert_eq!(site.entries.len(), files, "{report}");
    // Every concept in both languages.
    assert!(site.entries.iter().all(|e| e.translation.is_some()), "{report}");
}

/// Whether `html` shows each of `figures` as a whole inline value, written with `~`
/// for the no-break space (`&nbsp;` in HTML) and `_` for the narrow no-break space.
fn shows(html: &str, figures: &[&str]) -> bool {
    figures.iter().all(|f| {
        let f = f.replace('~', "&nbsp;").replace('_', "\u{202f}");
        html.contains(&format!(">{f}<"))
    })
}

#[test]
fn worked_examples_appear_in_the_prose() {
    let site = site();
    let de = html(&site, "de", "memory-bound");
    let en = html(&site, "en", "memory-bound");
    assert!(shows(&en, &["14.0~GB", "7.0~ms", "143~tokens/s"]), "{en}");
    assert!(shows(&de, &["14,0~GB", "7,0~ms", "2,039~TB/s"]), "{de}");
    assert!(
        shows(
            &en,
            &["4.18~ms", "239~tokens/s", "6.9~ms", "151~tokens/s", "249~tokens/s"]
        ),
        "{en}"
    );
    let bw_en = html(&site, "en", "memory-bandwidth");
    let bw_de = html(&site, "de", "speicherbandbreite");
    assert!(shows(&bw_en, &["4.29~GB", "4.00~GiB", "32,768"]), "{bw_en}");
    assert!(shows(&bw_de, &["4,29~GB", "4,00~GiB", "32_768"]), "{bw_de}");
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
fn every_related_term_of_the_first_two_concepts_has_an_entry() {
    let site = site();
    // Memory-bound (G389) and memory bandwidth (G9001), in both languages.
    let first_two = ["memory-bound", "memory-bandwidth", "speicherbandbreite"];
    for e in site
        .entries
        .iter()
        .filter(|e| first_two.contains(&e.front.slug.as_str()))
    {
        for r in &e.body.related {
            assert!(r.target.is_some(), "{}: {} has no entry", e.path, r.term);
        }
    }
    // Whatever is listed as not yet written really has no entry under any name.
    let names: Vec<(String, String)> = site
        .entries
        .iter()
        .flat_map(|e| {
            std::iter::once(&e.front.term)
                .chain(&e.front.variants)
                .map(|n| (e.lang.clone(), content::site::fold(n)))
        })
        .collect();
    for n in &site.not_yet_written {
        assert!(
            !names.contains(&(n.lang.clone(), content::site::fold(&n.term))),
            "{} has an entry",
            n.term
        );
    }
}

/// The speculative-decoding entry shows Leviathan et al.'s figures, computed: 3.69
/// tokens per step at α = 0.8 and five draft tokens (Table 1), 1.25 for a bigram
/// draft at α = 0.2 and three (Section 3.6), and its scenario's speed-up.
#[test]
fn speculative_decoding_shows_the_papers_figures() {
    let site = site();
    let en = html(&site, "en", "speculative-decoding");
    let de = html(&site, "de", "speculative-decoding");
    assert!(shows(&en, &["3.69", "1.25", "0.8", "2.25~×", "283~tokens/s"]), "{en}");
    assert!(shows(&de, &["3,69", "1,25", "0,8", "2,25~×", "283~Token/s"]), "{de}");
}
