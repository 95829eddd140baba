//! `cargo xtask bench`: the site and the corpus built and measured side by side (the
//! table under "Performance" in the README).

use anyhow::Result;

use crate::dist::{self, TEST_BASE_PATH, TEST_ORIGIN};
use crate::e2e::{self, Budgets, Corpus};
use crate::workspace::root;
use crate::{corpus, setup};

pub fn command(n: usize) -> Result<()> {
    setup::everything()?;
    let site = dist::site(TEST_BASE_PATH, TEST_ORIGIN)?;
    let site_entries = content::build(&root(), "/").1.entries / 2;
    let own = Corpus {
        per_lang: site_entries,
        generated: 0,
    };
    // The site's own entries: the two timings; the rest needs the generated corpus.
    let timing_tests = ["e2e/corpus/timing.spec.ts", "--grep", "index renders|search keystroke"].map(Into::into);
    let site_times = e2e::timings(&root().join("dist"), own, Budgets::Reported, &timing_tests)?;
    let (generated, corpus) = corpus::build(n)?;
    let per_lang = generated.per_lang;
    let corpus_times = e2e::timings(&corpus::dist(), generated, Budgets::Reported, &[])?;
    let ms = |v: Option<f64>| v.map_or("–".to_string(), |v| format!("{v:.1} ms"));
    let kb = |b: u64| format!("{:.1} KB", b as f64 / 1000.0);
    let rows: [(&str, String, String); 10] = [
        ("entries per language", site_entries.to_string(), per_lang.to_string()),
        (
            "content build (read, check, render, data files)",
            format!("{:.1} s", site.content_secs),
            format!("{:.1} s", corpus.content_secs),
        ),
        (
            "pre-render of every page",
            format!("{:.1} s ({} pages)", site.prerender_secs, site.pages),
            format!("{:.1} s ({} pages)", corpus.prerender_secs, corpus.pages),
        ),
        (
            "cargo xtask dist, warm compile",
            format!("{:.0} s", site.total_secs),
            format!("{:.0} s", corpus.total_secs),
        ),
        ("wasm, gzip", kb(site.sizes.wasm_gzip), kb(corpus.sizes.wasm_gzip)),
        (
            "first visit of an entry page, gzip",
            kb(site.sizes.entry_gzip),
            kb(corpus.sizes.entry_gzip),
        ),
        (
            "first visit of an index page, gzip",
            kb(site.sizes.index_gzip),
            kb(corpus.sizes.index_gzip),
        ),
        (
            "search index, both languages, gzip",
            kb(site.sizes.search_gzip),
            kb(corpus.sizes.search_gzip),
        ),
        (
            "search keystroke, median",
            ms(site_times.keystroke_ms),
            ms(corpus_times.keystroke_ms),
        ),
        (
            "index render, median",
            ms(site_times.index_render_ms),
            ms(corpus_times.index_render_ms),
        ),
    ];
    println!("\n| measure | site | corpus |\n| --- | --- | --- |");
    for (what, a, b) in rows {
        println!("| {what} | {a} | {b} |");
    }
    Ok(())
}
