//! `cargo xtask bench`: the site and the corpus built and measured side by side (the
//! table of docs/performance.md); then Lighthouse's figures of the site as
//! it is, whose pages start the app late, beside the same site starting it at once.

use std::path::Path;

use anyhow::Result;

use crate::dist::{self, Loading, TEST_BASE_PATH, TEST_ORIGIN};
use crate::e2e::{self, Budgets, Corpus};
use crate::lighthouse::{self, Measured};
use crate::server::Server;
use crate::workspace::root;
use crate::{corpus, setup};

/// The entry page Lighthouse loads: one whose calculator starts more than two of
/// Lighthouse's mobile screens (412 × 823 px) down, so that the waking script, which starts
/// the app once a calculator is within a screen of the viewport, leaves it asleep
/// unless the reader scrolls. `en/memory-bound`, the entry the sizes measure, does
/// not qualify (its calculator starts about 1210 px down); this one's starts about
/// 2410 px down. The table's row of runs that fetched the wasm shows when a change of
/// content or layout brings it up.
const LIGHTHOUSE_ENTRY: &str = "en/memory-bandwidth";
/// The index page Lighthouse loads.
const LIGHTHOUSE_INDEX: &str = "en/";

pub fn command(n: usize) -> Result<()> {
    setup::everything()?;
    setup::bench_tools()?;
    let site = dist::site(TEST_BASE_PATH, TEST_ORIGIN)?;
    let site_entries = content::build(&root(), "/").1.entries / 2;
    let own = Corpus {
        per_lang: site_entries,
        generated: 0,
    };
    // The site's own entries: the two timings; the rest needs the generated corpus.
    let grep = "index renders|search keystroke|first input";
    let timing_tests = ["e2e/corpus/timing.spec.ts", "--grep", grep].map(Into::into);
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
    let lighthouse = lighthouse_table()?;
    println!("\n| measure | site | corpus |\n| --- | --- | --- |");
    for (what, a, b) in rows {
        println!("| {what} | {a} | {b} |");
    }
    println!(
        "\nLighthouse, mobile (412 × 823), throttled in the browser: the site as it is (late: \
         the waking script starts the app when needed) and built to start it at once; the entry page is \
         {LIGHTHOUSE_ENTRY}, whose calculator is below its first two screens.\n\n{lighthouse}"
    );
    println!(
        "\nThe calculator's first input after waking, on the same profile (slow 4G, CPU 4× \
         slower), a batch size typed while the wasm request is held: {} from the request's \
         release, {} from the wasm's arrival (target: 1.0 s).",
        ms(site_times.first_input_ms),
        ms(site_times.first_input_after_wasm_ms)
    );
    Ok(())
}

/// Lighthouse's table of the site in `dist/` (built by [`command`] already) and of the
/// same site built into `target/bench-at-once` to start its app with the page, as it
/// did before reading first: what starting late gains.
fn lighthouse_table() -> Result<String> {
    let at_once_dir = root().join("target/bench-at-once");
    dist::build_loading(&at_once_dir, TEST_BASE_PATH, TEST_ORIGIN, &root(), Loading::AtOnce)?;
    let [entry_at_once, index_at_once] = measure_build(&at_once_dir, "at-once")?;
    let [entry_late, index_late] = measure_build(&root().join("dist"), "late")?;
    let mut table = lighthouse::table(&[
        ("entry at once", entry_at_once),
        ("entry late", entry_late),
        ("index at once", index_at_once),
        ("index late", index_late),
    ]);
    if entry_late.runs_fetching_wasm > 0 {
        table.push_str(&format!(
            "\nnote: {LIGHTHOUSE_ENTRY} started its app during the load: its calculator is no longer \
             below the first two screens, and bench.rs's LIGHTHOUSE_ENTRY needs another entry\n"
        ));
    }
    Ok(table)
}

/// Lighthouse's figures of the entry page and the index of the build in `dir`,
/// served gzip-compressed as GitHub Pages serves it; the reports are named after
/// `build`.
fn measure_build(dir: &Path, build: &str) -> Result<[Measured; 2]> {
    let server = Server::start(dir, TEST_BASE_PATH)?;
    let url = |page: &str| format!("http://127.0.0.1:{}{TEST_BASE_PATH}{page}", server.port());
    Ok([
        lighthouse::measure(&url(LIGHTHOUSE_ENTRY), &format!("{build}-entry"))?,
        lighthouse::measure(&url(LIGHTHOUSE_INDEX), &format!("{build}-index"))?,
    ])
}
