//! Lighthouse on this machine, for `cargo xtask bench`: what a phone on a slow network
//! sees of a page. Lighthouse's mobile defaults, throttled in the browser itself
//! (`devtools`) so that the figures are observed rather than simulated from a fast
//! load, and each figure the median of a few runs, since one load on a shared machine
//! wanders.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde_json::Value;

use crate::process::{cmd, run};
use crate::setup::CHROMIUM;
use crate::workspace::root;

/// Loads of a page per figure: the median of three is not moved by one outlier.
const RUNS: usize = 3;
/// Debian's chromium, headless and quiet: no downloads of its own (components,
/// background requests) that would count against the page.
const CHROME_FLAGS: &str =
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update";

/// The text painted (largest contentful paint) within this many seconds.
const TARGET_LCP_S: f64 = 1.2;
/// At most this much of the main thread blocked (total blocking time), in ms.
const TARGET_TBT_MS: f64 = 50.0;
/// Interactive within this many seconds.
const TARGET_INTERACTIVE_S: f64 = 2.0;
/// Bytes fetched before the text is complete: the text budget of `cargo xtask dist`
/// (40 KiB of gzip).
const TARGET_BEFORE_TEXT_BYTES: f64 = 40.0 * 1024.0;

/// What Lighthouse measured of one load of a page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figures {
    /// First contentful paint, in seconds.
    pub fcp_s: f64,
    /// Largest contentful paint (the text painted), in seconds.
    pub lcp_s: f64,
    /// Total blocking time, in milliseconds.
    pub tbt_ms: f64,
    /// Time to interactive, in seconds.
    pub interactive_s: f64,
    /// Bytes transferred in all (total byte weight).
    pub total_bytes: f64,
    /// Bytes of the requests that started before the largest contentful paint: what
    /// the page fetched before its text was complete.
    pub before_text_bytes: f64,
}

/// The figures of a page over [`RUNS`] loads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measured {
    /// Each figure the median of the runs.
    pub median: Figures,
    /// The runs that fetched the app's wasm: none for a page whose app should sleep.
    pub runs_fetching_wasm: usize,
}

/// `url` loaded [`RUNS`] times; each run's report is kept as
/// `target/lighthouse/{name}-{run}.json` for a closer look.
pub fn measure(url: &str, name: &str) -> Result<Measured> {
    let mut runs = Vec::with_capacity(RUNS);
    let mut runs_fetching_wasm = 0;
    for n in 1..=RUNS {
        let path = reports().join(format!("{name}-{n}.json"));
        lighthouse(url, &path, &format!("Lighthouse on {url}, run {n} of {RUNS}"))?;
        let report = read_report(&path)?;
        runs.push(figures(&report).with_context(|| format!("reading {}", path.display()))?);
        runs_fetching_wasm += usize::from(fetched_wasm(&report)?);
    }
    Ok(Measured {
        median: Figures::median(&runs),
        runs_fetching_wasm,
    })
}

/// Where the reports go.
fn reports() -> PathBuf {
    root().join("target/lighthouse")
}

/// One Lighthouse run on `url`, its JSON report written to `report`.
fn lighthouse(url: &str, report: &Path, what: &str) -> Result<()> {
    let folder = report.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
    // A report left from an earlier run is never read as this one's.
    let _ = std::fs::remove_file(report);
    run(
        cmd("node")
            .arg(root().join("bench/node_modules/lighthouse/cli/index.js"))
            .arg(url)
            .args([
                "--throttling-method=devtools",
                "--only-categories=performance",
                "--output=json",
                "--quiet",
            ])
            .arg(format!("--output-path={}", report.display()))
            .arg(format!("--chrome-flags={CHROME_FLAGS}"))
            .env("CHROME_PATH", CHROMIUM),
        what,
    )
}

/// The report Lighthouse wrote to `path`, unless it says the page failed to load.
fn read_report(path: &Path) -> Result<Value> {
    let text = std::fs::read_to_string(path).with_context(|| format!("no Lighthouse report at {}", path.display()))?;
    let report: Value = serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))?;
    if let Some(error) = report.get("runtimeError") {
        bail!("Lighthouse could not measure the page ({}): {error}", path.display());
    }
    Ok(report)
}

/// The figures of one report.
fn figures(report: &Value) -> Result<Figures> {
    let ms = "millisecond";
    let lcp_ms = numeric(report, "largest-contentful-paint", ms)?;
    Ok(Figures {
        fcp_s: numeric(report, "first-contentful-paint", ms)? / 1000.0,
        lcp_s: lcp_ms / 1000.0,
        tbt_ms: numeric(report, "total-blocking-time", ms)?,
        interactive_s: numeric(report, "interactive", ms)? / 1000.0,
        total_bytes: numeric(report, "total-byte-weight", "byte")?,
        before_text_bytes: bytes_started_before(report, lcp_ms)?,
    })
}

/// The audit `id` of a report.
fn audit<'a>(report: &'a Value, id: &str) -> Result<&'a Value> {
    report
        .get("audits")
        .and_then(|audits| audits.get(id))
        .with_context(|| format!("the report has no audit `{id}`"))
}

/// The `numericValue` of audit `id`, which must be in `unit`; an audit that failed
/// has none, and its error message says why.
fn numeric(report: &Value, id: &str, unit: &str) -> Result<f64> {
    let audit = audit(report, id)?;
    let value = audit.get("numericValue").and_then(Value::as_f64).with_context(|| {
        let why = audit.get("errorMessage").and_then(Value::as_str);
        format!(
            "audit `{id}` has no numericValue ({})",
            why.unwrap_or("no error message")
        )
    })?;
    let found = audit.get("numericUnit").and_then(Value::as_str);
    if found != Some(unit) {
        bail!("audit `{id}` is in {found:?}, not {unit}");
    }
    Ok(value)
}

/// The requests of a load (audit `network-requests`).
fn requests(report: &Value) -> Result<&Vec<Value>> {
    audit(report, "network-requests")?
        .pointer("/details/items")
        .and_then(Value::as_array)
        .context("audit `network-requests` has no list of requests")
}

/// The bytes transferred by the requests that started before `lcp_ms`. Request
/// times count from the first request, paints from the start of the navigation a
/// moment earlier; the two audits' timestamps (µs) give the difference.
fn bytes_started_before(report: &Value, lcp_ms: f64) -> Result<f64> {
    let timestamp = |id: &str, pointer: &str| -> Result<f64> {
        audit(report, id)?
            .pointer(pointer)
            .and_then(Value::as_f64)
            .with_context(|| format!("audit `{id}` has no {pointer}"))
    };
    let first_request = timestamp("network-requests", "/details/debugData/networkStartTimeTs")?;
    let time_origin = timestamp("metrics", "/details/items/0/observedTimeOriginTs")?;
    let offset_ms = (first_request - time_origin) / 1000.0;
    let mut bytes = 0.0;
    for request in requests(report)? {
        let field = |name: &str| {
            request
                .get(name)
                .and_then(Value::as_f64)
                .with_context(|| format!("request {} has no {name}", request.get("url").unwrap_or(&Value::Null)))
        };
        if offset_ms + field("rendererStartTime")? < lcp_ms {
            bytes += field("transferSize")?;
        }
    }
    Ok(bytes)
}

/// Whether the load fetched a wasm file: whether the app started.
fn fetched_wasm(report: &Value) -> Result<bool> {
    Ok(requests(report)?.iter().any(|request| {
        let url = request.get("url").and_then(Value::as_str).unwrap_or("");
        url.split(['?', '#']).next().unwrap_or("").ends_with(".wasm")
    }))
}

impl Figures {
    /// Each figure's median over `runs`, figure by figure.
    fn median(runs: &[Figures]) -> Figures {
        let of = |figure: fn(&Figures) -> f64| {
            let mut values: Vec<f64> = runs.iter().map(figure).collect();
            values.sort_by(f64::total_cmp);
            values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
        };
        Figures {
            fcp_s: of(|f| f.fcp_s),
            lcp_s: of(|f| f.lcp_s),
            tbt_ms: of(|f| f.tbt_ms),
            interactive_s: of(|f| f.interactive_s),
            total_bytes: of(|f| f.total_bytes),
            before_text_bytes: of(|f| f.before_text_bytes),
        }
    }
}

/// One row of the table: what it measures, its target, and the figure as shown.
type Row = (&'static str, String, fn(&Measured) -> String);

/// The rows of the table, with the targets that are reported beside the figures
/// (not held: the figures depend on the machine).
fn rows() -> [Row; 7] {
    fn secs(s: f64) -> String {
        format!("{s:.2} s")
    }
    fn kb(bytes: f64) -> String {
        format!("{:.1} KB", bytes / 1000.0)
    }
    [
        ("first contentful paint", "–".into(), |m| secs(m.median.fcp_s)),
        (
            "text painted (largest contentful paint)",
            format!("≤ {TARGET_LCP_S:.1} s"),
            |m| secs(m.median.lcp_s),
        ),
        ("total blocking time", format!("≤ {TARGET_TBT_MS:.0} ms"), |m| {
            format!("{:.0} ms", m.median.tbt_ms)
        }),
        ("time to interactive", format!("≤ {TARGET_INTERACTIVE_S:.1} s"), |m| {
            secs(m.median.interactive_s)
        }),
        ("bytes transferred (total byte weight)", "–".into(), |m| {
            kb(m.median.total_bytes)
        }),
        (
            "bytes fetched before the text is complete (requests started before LCP)",
            format!(
                "≤ {} ({:.0} KiB)",
                kb(TARGET_BEFORE_TEXT_BYTES),
                TARGET_BEFORE_TEXT_BYTES / 1024.0
            ),
            |m| kb(m.median.before_text_bytes),
        ),
        ("runs that fetched the app's wasm", "–".into(), |m| {
            format!("{} of {RUNS}", m.runs_fetching_wasm)
        }),
    ]
}

/// The figures of `columns` (a title each) as a Markdown table, a row per measure
/// and the target last.
pub fn table(columns: &[(&str, Measured)]) -> String {
    let titles: Vec<&str> = columns.iter().map(|(title, _)| *title).collect();
    let mut out = format!(
        "| measure (median of {RUNS} Lighthouse runs) | {} | target |\n|{}\n",
        titles.join(" | "),
        " --- |".repeat(columns.len() + 2)
    );
    for (what, target, show) in rows() {
        let figures: Vec<String> = columns.iter().map(|(_, measured)| show(measured)).collect();
        out.push_str(&format!("| {what} | {} | {target} |\n", figures.join(" | ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A report with the parts that are read, the requests given as
    /// (url, start in ms from the first request, bytes).
    fn report(requests: &[(&str, f64, f64)]) -> Value {
        let ms = |v: f64| json!({"numericValue": v, "numericUnit": "millisecond"});
        let items: Vec<Value> = requests
            .iter()
            .map(|(url, start, bytes)| json!({"url": url, "rendererStartTime": start, "transferSize": bytes}))
            .collect();
        json!({"audits": {
            "first-contentful-paint": ms(800.0),
            "largest-contentful-paint": ms(1000.0),
            "total-blocking-time": ms(20.0),
            "interactive": ms(1500.0),
            "total-byte-weight": {"numericValue": 50000.0, "numericUnit": "byte"},
            "metrics": {"details": {"items": [{"observedTimeOriginTs": 5_000_000.0}]}},
            "network-requests": {"details": {
                "items": items,
                "debugData": {"networkStartTimeTs": 5_010_000.0}
            }}
        }})
    }

    #[test]
    fn counts_the_bytes_of_requests_that_start_before_the_text_is_painted() {
        // Requests count from 10 ms after the navigation started.
        let report = report(&[
            ("http://h/page", 0.0, 9000.0),
            ("http://h/style.css", 985.0, 1000.0),
            ("http://h/app.wasm?v=1", 995.0, 300_000.0),
        ]);
        let figures = figures(&report).unwrap();
        assert_eq!(figures.before_text_bytes, 10_000.0);
        assert_eq!(figures.lcp_s, 1.0);
        assert_eq!(figures.total_bytes, 50_000.0);
        assert!(fetched_wasm(&report).unwrap());
    }

    #[test]
    fn a_missing_audit_or_value_is_an_error_that_names_it() {
        let mut broken = report(&[]);
        broken["audits"]["interactive"] = json!({"errorMessage": "NO_TTI"});
        let error = format!("{:#}", figures(&broken).unwrap_err());
        assert!(error.contains("`interactive`") && error.contains("NO_TTI"), "{error}");
        broken["audits"].as_object_mut().unwrap().remove("interactive");
        let error = format!("{:#}", figures(&broken).unwrap_err());
        assert!(error.contains("no audit `interactive`"), "{error}");
    }

    #[test]
    fn each_figure_is_its_own_median() {
        let run = |lcp_s: f64, tbt_ms: f64| Figures {
            fcp_s: 1.0,
            lcp_s,
            tbt_ms,
            interactive_s: 2.0,
            total_bytes: 3.0,
            before_text_bytes: 4.0,
        };
        let median = Figures::median(&[run(3.0, 10.0), run(1.0, 30.0), run(2.0, 20.0)]);
        assert_eq!((median.lcp_s, median.tbt_ms), (2.0, 20.0));
    }
}
