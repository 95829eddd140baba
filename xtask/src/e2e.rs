//! `cargo xtask e2e`: the browser tests (Playwright, Debian's chromium) against a
//! build served like GitHub Pages; and the corpus's timing tests, whose medians are
//! read from Playwright's JSON report.

use std::ffi::OsString;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result};
use serde_json::Value;

use crate::dist::TEST_BASE_PATH;
use crate::process::{cmd, run, say};
use crate::setup::{self, CHROMIUM};
use crate::workspace::root;
use crate::{files, server};

/// The annotations the timing tests (`e2e/corpus/timing.spec.ts`) write their
/// medians into, in milliseconds.
const INDEX_RENDER: &str = "index render median (ms)";
const KEYSTROKE: &str = "search keystroke median (ms)";
const FIRST_INPUT: &str = "first input after release (ms)";
const FIRST_INPUT_AFTER_WASM: &str = "first input after the wasm arrived (ms)";

/// Entries per language of a build the timing tests run on, and how many of them
/// are generated.
#[derive(Clone, Copy)]
pub struct Corpus {
    pub per_lang: usize,
    pub generated: usize,
}

/// Whether the timing tests fail over their budgets (`cargo xtask corpus`) or only
/// report the timings, which depend on the machine (`cargo xtask test`, `bench`).
#[derive(Clone, Copy)]
pub enum Budgets {
    Held,
    Reported,
}

/// What the timing tests measured; `None` for a test that did not run.
#[derive(Default, Debug, PartialEq)]
pub struct Timings {
    pub index_render_ms: Option<f64>,
    pub keystroke_ms: Option<f64>,
    /// On a slow phone profile: from the held wasm request's release to the first
    /// input's answer, and from the wasm's arrival to it.
    pub first_input_ms: Option<f64>,
    pub first_input_after_wasm_ms: Option<f64>,
}

/// `cargo xtask e2e`: the site's suite against the current `dist/`.
pub fn command(playwright_args: &[OsString]) -> Result<()> {
    setup::browser()?;
    site(&root().join("dist"), playwright_args)
}

/// The site's browser suite against `dist`.
pub fn site(dist: &Path, playwright_args: &[OsString]) -> Result<()> {
    let (_server, mut playwright) = served(dist, playwright_args)?;
    run(&mut playwright, "browser tests (Playwright, Debian's chromium)")
}

/// The timing tests of the corpus (`e2e/corpus/`) against `dist`, a build of
/// `corpus`; their medians as Playwright's JSON report carries them.
pub fn timings(dist: &Path, corpus: Corpus, budgets: Budgets, playwright_args: &[OsString]) -> Result<Timings> {
    let report = root().join("target/e2e-report.json");
    let _ = std::fs::remove_file(&report);
    let (server, mut playwright) = served(dist, playwright_args)?;
    playwright
        .env("CORPUS_ENTRIES", corpus.per_lang.to_string())
        .env("CORPUS_GENERATED", corpus.generated.to_string())
        .env(
            "TIMING_BUDGETS",
            if matches!(budgets, Budgets::Held) { "1" } else { "0" },
        )
        .env("PLAYWRIGHT_JSON_OUTPUT_FILE", &report);
    run(&mut playwright, "timing tests on the generated corpus (Playwright)")?;
    drop(server);
    if !report.exists() {
        // Playwright's own `--reporter` replaces the configured ones.
        say(&format!(
            "no timings: Playwright wrote no JSON report to {}",
            report.display()
        ));
        return Ok(Timings::default());
    }
    let json: Value = serde_json::from_str(&files::read_to_string(&report)?)
        .with_context(|| format!("{}: not Playwright's JSON report", report.display()))?;
    Ok(Timings {
        index_render_ms: annotation(&json, INDEX_RENDER),
        keystroke_ms: annotation(&json, KEYSTROKE),
        first_input_ms: annotation(&json, FIRST_INPUT),
        first_input_after_wasm_ms: annotation(&json, FIRST_INPUT_AFTER_WASM),
    })
}

/// `dist` served like GitHub Pages under the tests' base path, and Playwright set up
/// to test it; the server stops when dropped.
fn served(dist: &Path, playwright_args: &[OsString]) -> Result<(server::Server, Command)> {
    let server = server::Server::start(dist, TEST_BASE_PATH)?;
    let url = format!("http://127.0.0.1:{}{TEST_BASE_PATH}", server.port());
    say(&format!("serving {} like GitHub Pages at {url}", dist.display()));
    let mut c = cmd("npx");
    c.args(["--no-install", "playwright", "test"])
        .args(playwright_args)
        .env("BASE_URL", &url)
        .env("CHROMIUM_PATH", CHROMIUM);
    Ok((server, c))
}

/// The number in the first annotation of type `kind` of any test in a JSON report
/// (format v2: suites of specs and suites, specs of tests, tests of results; an
/// annotation a test adds while running sits on its result).
fn annotation(report: &Value, kind: &str) -> Option<f64> {
    let list = |v: &Value, key: &str| v.get(key).and_then(Value::as_array).cloned().unwrap_or_default();
    let mut suites = list(report, "suites");
    while let Some(suite) = suites.pop() {
        suites.extend(list(&suite, "suites"));
        for test in list(&suite, "specs").iter().flat_map(|spec| list(spec, "tests")) {
            let results = list(&test, "results");
            let annotations = std::iter::once(&test)
                .chain(&results)
                .flat_map(|t| list(t, "annotations"));
            let found = annotations
                .filter(|a| a.get("type").and_then(Value::as_str) == Some(kind))
                .find_map(|a| a.get("description")?.as_str()?.trim().parse().ok());
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Playwright's JSON report of the timing tests, cut down to what is read.
    const REPORT: &str = r#"{
      "config": {"version": "1.64.1"},
      "suites": [{
        "title": "timing.spec.ts", "file": "timing.spec.ts",
        "specs": [
          {"title": "every entry is listed; the index renders in under 250 ms", "tests": [{
            "annotations": [],
            "results": [{"status": "passed", "annotations": [
              {"type": "index render ms", "description": "18.0, 17.2, 16.9, 17.4, 17.0"},
              {"type": "index render median (ms)", "description": "17.2"}
            ]}]
          }]}
        ],
        "suites": [{"title": "nested", "specs": [
          {"title": "a search keystroke", "tests": [{
            "annotations": [{"type": "search keystroke median (ms)", "description": "1.52"}],
            "results": [{"status": "passed", "annotations": []}]
          }]}
        ]}]
      }],
      "stats": {"expected": 2}
    }"#;

    #[test]
    fn medians_are_read_from_the_annotations_of_the_json_report() {
        let report: Value = serde_json::from_str(REPORT).unwrap();
        assert_eq!(annotation(&report, INDEX_RENDER), Some(17.2));
        assert_eq!(annotation(&report, KEYSTROKE), Some(1.52));
        // Only the annotation of that type: the list of times is not a median.
        assert_eq!(annotation(&report, "index render ms"), None);
        assert_eq!(annotation(&report, "lcp"), None);
    }

    #[test]
    fn a_test_that_did_not_run_has_no_timing() {
        let report: Value = serde_json::from_str(r#"{"suites": [], "errors": []}"#).unwrap();
        assert_eq!(annotation(&report, INDEX_RENDER), None);
        assert_eq!(annotation(&serde_json::json!({}), KEYSTROKE), None);
    }

    /// The annotation names match the ones the spec writes.
    #[test]
    fn the_timing_spec_writes_the_annotations_read_here() {
        let spec = std::fs::read_to_string(root().join("e2e/corpus/timing.spec.ts")).unwrap();
        for kind in [INDEX_RENDER, KEYSTROKE, FIRST_INPUT, FIRST_INPUT_AFTER_WASM] {
            assert!(spec.contains(&format!("report('{kind}'")), "{kind}");
        }
    }
}
