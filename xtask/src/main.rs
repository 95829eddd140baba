//! `cargo xtask <command>`: everything a developer or CI does, in one place.
//!
//! Commands: setup, serve, dist [--base-path /repo/], serve-dist, check-content, test,
//! e2e (the browser tests alone, against an existing `dist/`).

mod corpus;
mod csp;
mod deny;
mod server;
mod sizes;

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The trunk release this project builds with (0.22 needs a newer rustc).
const TRUNK_VERSION: &str = "0.21.14";
/// Gzip bytes a first visit of an entry page may transfer (its HTML and data file,
/// the wasm, JS and CSS). A ratchet: it sits a few KB above what the site reaches
/// and goes down whenever the site gets smaller. The wasm no longer grows with the
/// content (the corpus check of `cargo xtask test` holds it to that), so only the
/// code and the measured page move it.
pub const BUDGET_GZIP_BYTES: u64 = 388 * 1024;
/// The pages whose first visit is measured: an entry with a calculator (in the
/// corpus as in the site) and an index.
const MEASURED_ENTRY: &str = "en/memory-bound.html";
const MEASURED_INDEX: &str = "en/index.html";
/// The sub-path the tests serve the site under, as GitHub Pages does for a repository.
const TEST_BASE_PATH: &str = "/glossary/";
/// The origin the test build pretends to be published at.
const TEST_ORIGIN: &str = "https://glossary.example";

type Result<T = ()> = std::result::Result<T, String>;

/// The workspace this command works on, found at run time from the current folder
/// (`cargo xtask` runs where it is called). A path fixed at compile time would point
/// at another checkout when two share a target folder.
fn root() -> PathBuf {
    static ROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ROOT.get_or_init(|| {
        let here = env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        workspace_of(&here).unwrap_or(here)
    })
    .clone()
}

/// Cargo's home folder: `$CARGO_HOME`, else `~/.cargo`.
fn cargo_home() -> PathBuf {
    env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env::var_os("HOME").unwrap_or_else(|| "/root".into())).join(".cargo"))
}

/// The nearest folder at or above `start` that holds this workspace: a `Cargo.toml`
/// with `[workspace]` beside an `xtask/` folder.
fn workspace_of(start: &Path) -> Option<PathBuf> {
    start.ancestors().find_map(|dir| {
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        let is_workspace = manifest.lines().any(|l| l.trim() == "[workspace]");
        (is_workspace && dir.join("xtask/Cargo.toml").is_file()).then(|| dir.to_path_buf())
    })
}

fn say(what: &str) {
    eprintln!("xtask: {what}");
}

/// PATH with node_modules/.bin first, so trunk finds binaryen's wasm-opt.
fn tool_path() -> String {
    let bin = root().join("node_modules/.bin");
    let cargo_bin = cargo_home();
    format!(
        "{}:{}:{}",
        bin.display(),
        cargo_bin.join("bin").display(),
        env::var("PATH").unwrap_or_default()
    )
}

fn cmd(program: &str) -> Command {
    let mut c = Command::new(program);
    c.current_dir(root()).env("PATH", tool_path());
    c
}

fn run(c: &mut Command, what: &str) -> Result {
    say(what);
    let status = c
        .status()
        .map_err(|e| format!("{what}: cannot start {:?}: {e}", c.get_program()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

fn output(c: &mut Command) -> Option<String> {
    c.output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
}

/// The `wasm-bindgen` version that Cargo.lock pins; the CLI must match it exactly.
fn locked_wasm_bindgen() -> Result<String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).map_err(|e| format!("Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"wasm-bindgen\"" {
            if let Some(v) = lines.next().and_then(|l| l.strip_prefix("version = \"")) {
                return Ok(v.trim_end_matches('"').to_string());
            }
        }
    }
    Err("Cargo.lock has no wasm-bindgen".into())
}

/// The versions a build depends on, one `name=version` line each, for CI's cache
/// keys: the workflows append them to `$GITHUB_OUTPUT` instead of reading this
/// source or Cargo.lock themselves.
fn versions() -> Result {
    let rustc = output(cmd("rustc").arg("--version")).unwrap_or_default();
    let rustc = rustc.split_whitespace().nth(1).ok_or("cannot read `rustc --version`")?;
    println!("{}", version_lines(rustc, &locked_wasm_bindgen()?));
    Ok(())
}

fn version_lines(rustc: &str, wasm_bindgen: &str) -> String {
    format!("rustc={rustc}\ntrunk={TRUNK_VERSION}\nwasm-bindgen={wasm_bindgen}")
}

fn is_root() -> bool {
    output(Command::new("id").arg("-u")).as_deref() == Some("0")
}

/// Everything `setup` installs: the build tools, cargo-deny and the test browser.
fn setup() -> Result {
    setup_build()?;
    deny::setup()?;
    setup_browser()
}

/// The wasm target, trunk, wasm-bindgen-cli and the npm tooling.
fn setup_build() -> Result {
    let targets = output(Command::new("rustup").args(["target", "list", "--installed"])).unwrap_or_default();
    if !targets.lines().any(|t| t == "wasm32-unknown-unknown") {
        run(
            cmd("rustup").args(["target", "add", "wasm32-unknown-unknown"]),
            "adding the wasm32 target",
        )?;
    }
    let trunk = output(cmd("trunk").arg("--version")).unwrap_or_default();
    if trunk != format!("trunk {TRUNK_VERSION}") {
        say(&format!(
            "installing trunk {TRUNK_VERSION} (about 10 minutes on 2 cores; found: {trunk:?})"
        ));
        run(
            cmd("cargo").args(["install", "--locked", "trunk", "--version", TRUNK_VERSION]),
            "cargo install trunk",
        )?;
    }
    let wanted = locked_wasm_bindgen()?;
    let bindgen = output(cmd("wasm-bindgen").arg("--version")).unwrap_or_default();
    if bindgen != format!("wasm-bindgen {wanted}") {
        // Without --locked: with it, one of the CLI's dependencies fails to resolve.
        say(&format!(
            "installing wasm-bindgen-cli {wanted} to match Cargo.lock (about 3 minutes; found: {bindgen:?})"
        ));
        run(
            cmd("cargo").args(["install", "wasm-bindgen-cli", "--version", &wanted]),
            "cargo install wasm-bindgen-cli",
        )?;
    }
    let stamp = root().join("node_modules/.package-lock.json");
    let lock = root().join("package-lock.json");
    let fresh = match (
        stamp.metadata().and_then(|m| m.modified()),
        lock.metadata().and_then(|m| m.modified()),
    ) {
        (Ok(installed), Ok(locked)) => installed >= locked,
        _ => false,
    };
    if !fresh {
        run(
            cmd("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"),
            "npm ci (binaryen, terser, Playwright, axe)",
        )?;
    }
    Ok(())
}

/// Debian's chromium, for the browser tests.
fn setup_browser() -> Result {
    if !Path::new(CHROMIUM).exists() {
        if is_root() {
            run(Command::new("apt-get").arg("update").arg("-qq"), "apt-get update")?;
            run(
                Command::new("apt-get")
                    .args(["install", "-y", "-qq", "chromium"])
                    .env("DEBIAN_FRONTEND", "noninteractive"),
                "installing Debian's chromium for the browser tests",
            )?;
        } else {
            return Err(format!(
                "the browser tests need {CHROMIUM}: run `sudo apt-get install chromium` once"
            ));
        }
    }
    Ok(())
}

/// Where Debian installs Chromium; the browser tests drive it, nothing is downloaded.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// `origin` is the scheme and host the site is published at, for canonical URLs and
/// the sitemap (`https://owner.github.io`).
fn dist(base: &str, origin: &str) -> Result<Build> {
    let build = build_site(&root().join("dist"), base, origin, &root())?;
    println!(
        "budget: an entry page's first visit is {} of {BUDGET_GZIP_BYTES} bytes gzip",
        build.sizes.entry_gzip
    );
    Ok(build)
}

/// What a site build took and made.
pub struct Build {
    /// Sizes of the first visits.
    pub sizes: sizes::Report,
    /// Seconds to read, check and render the content into data files.
    pub content_secs: f64,
    /// Seconds to pre-render every page (the pre-renderer warm).
    pub prerender_secs: f64,
    /// Seconds of the whole build.
    pub total_secs: f64,
    /// Pages written.
    pub pages: usize,
}

/// Reads and checks the content of `content_root/content` and writes its data files
/// into one bundle file for the pre-renderer, and the glossary for machines
/// (`llms.txt`, each entry's Markdown) into `dist`; stops on any error.
fn content_bundle(content_root: &Path, base: &str, out: &Path, dist: &Path, origin: &str) -> Result<usize> {
    let site = content::load(content_root, base);
    if site.has_errors() {
        print!("{}", content::report(&site));
        return Err("the content has errors".into());
    }
    let site_url = format!("{}{base}", origin.trim_end_matches('/'));
    let source = |e: &content::site::Entry| std::fs::read_to_string(content_root.join(&e.path)).ok();
    for file in content::llms::machine_files(&site, &site_url, &source) {
        let path = dist.join(&file.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(&path, file.text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let bundle = content::files::bundle(&site, base);
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(out, vocab::wire::encode(&bundle)).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(site.entries.len())
}

/// Builds the site from `content_root/content` into `dist`: the browser bundle
/// (which holds no content), the data files, and a pre-rendered page per route.
fn build_site(dist: &Path, base: &str, origin: &str, content_root: &Path) -> Result<Build> {
    let started = std::time::Instant::now();
    let base = content::site::normalise_base(base);
    let dist = dist.to_path_buf();
    run(
        cmd("trunk")
            .args(["build", "--release", "--public-url", &base, "--dist"])
            .arg(&dist)
            .env("GLOSSARY_BASE_PATH", &base)
            .env("GLOSSARY_CONTENT_ROOT", content_root),
        &format!("release build into {} for base path {base}", dist.display()),
    )?;
    minify_glue(&dist)?;
    csp::apply(&dist, &base)?;
    // GitHub Pages: no Jekyll, and a real page for every route, pre-rendered by the
    // app's own components (plus 404.html, sitemap.xml, robots.txt).
    std::fs::write(dist.join(".nojekyll"), "").map_err(|e| e.to_string())?;
    let prerender_target = root().join("target/prerender");
    let bundle = prerender_target.join(format!("bundle-{}.bin", std::process::id()));
    let t = std::time::Instant::now();
    let entries = content_bundle(content_root, &base, &bundle, &dist, origin)?;
    let content_secs = t.elapsed().as_secs_f64();
    say(&format!(
        "{entries} entries checked and written as data files in {content_secs:.1} s"
    ));
    run(
        cmd("cargo")
            .args(["build", "--quiet", "--bin", "prerender", "--features", "ssr"])
            .env("GLOSSARY_BASE_PATH", &base)
            .env("GLOSSARY_CONTENT_ROOT", content_root)
            .env("GLOSSARY_CONTENT_AT_RUNTIME", "1")
            // The browser build erases component types (.cargo/config.toml); the
            // pre-rendered markup must come from the same shape of views. Its own
            // target folder keeps these flags from rebuilding the other builds.
            .env("RUSTFLAGS", "--cfg erase_components")
            .env("CARGO_TARGET_DIR", &prerender_target),
        "compiling the pre-renderer",
    )?;
    let t = std::time::Instant::now();
    let result = run(
        Command::new(prerender_target.join("debug/prerender"))
            .arg(&dist)
            .arg(origin)
            .env("GLOSSARY_BUNDLE", &bundle),
        "pre-rendering every route",
    );
    let prerender_secs = t.elapsed().as_secs_f64();
    let _ = std::fs::remove_file(&bundle);
    result?;
    let sizes = sizes::measure(&dist, MEASURED_ENTRY, MEASURED_INDEX)?;
    println!("{sizes}");
    Ok(Build {
        sizes,
        content_secs,
        prerender_secs,
        total_secs: started.elapsed().as_secs_f64(),
        pages: entries + 3,
    })
}

/// `sha384-…`, as in an `integrity` attribute.
fn integrity(bytes: &[u8]) -> String {
    use base64::Engine;
    use sha2::Digest;
    format!(
        "sha384-{}",
        base64::engine::general_purpose::STANDARD.encode(sha2::Sha384::digest(bytes))
    )
}

/// Minifies wasm-bindgen's JS glue, which trunk leaves as generated (a third of
/// its size over the wire), and updates its integrity hash in `index.html`.
fn minify_glue(dist: &Path) -> Result {
    let entries = std::fs::read_dir(dist).map_err(|e| format!("{}: {e}", dist.display()))?;
    let shell_path = dist.join("index.html");
    let mut shell = std::fs::read_to_string(&shell_path).map_err(|e| format!("{}: {e}", shell_path.display()))?;
    for entry in entries.filter_map(|e| e.ok()) {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "js") {
            continue;
        }
        let before = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        run(
            cmd("npx")
                .args(["--no-install", "terser", "--module", "--compress", "--mangle", "-o"])
                .arg(&path)
                .arg(&path),
            &format!("minifying {}", path.display()),
        )?;
        let after = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        shell = shell.replace(&integrity(&before), &integrity(&after));
    }
    std::fs::write(&shell_path, shell).map_err(|e| format!("{}: {e}", shell_path.display()))
}

fn check_content() -> Result {
    let site = content::load(&root(), "/");
    print!("{}", content::report(&site));
    if site.has_errors() {
        Err("the content has errors".into())
    } else {
        Ok(())
    }
}

/// `cargo xtask serve`: trunk rebuilds the app into `target/serve` on every change,
/// and the confined server of `serve-dist` answers on `http://127.0.0.1:8080/`;
/// trunk's own server answers any `Host` header, so a page could rebind its name to
/// the loopback address and read drafts. Reload the page after a change.
fn serve_development() -> Result {
    let dir = root().join("target/serve");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut watch = cmd("trunk")
        .args(["watch", "--dist"])
        .arg(&dir)
        .spawn()
        .map_err(|e| format!("trunk watch: {e}"))?;
    let served = server::serve_development_forever(&dir, 8080);
    let _ = watch.kill();
    let _ = watch.wait();
    served
}

fn browser_tests(extra: &[String]) -> Result {
    run_browser_tests(&root().join("dist"), None, false, extra).map(|_| ())
}

/// Playwright against `dist`, served like GitHub Pages; `corpus` selects the
/// timing tests of the generated corpus instead of the site's suite, and `budgets`
/// makes their timings fail when over budget (otherwise they are reported).
/// What the corpus's timing tests measured, from their output.
#[derive(Default)]
struct Timings {
    index_render_ms: Option<f64>,
    keystroke_ms: Option<f64>,
}

/// Entries per language of a build the timing tests run on, and how many of them
/// are generated.
#[derive(Clone, Copy)]
struct Corpus {
    per_lang: usize,
    generated: usize,
}

/// Playwright against `dist`, served like GitHub Pages. `corpus` selects the timing
/// tests of the corpus instead of the site's suite, and `budgets` makes their
/// timings fail when over budget (otherwise they are reported).
fn run_browser_tests(dist: &Path, corpus: Option<Corpus>, budgets: bool, extra: &[String]) -> Result<Timings> {
    let server = server::Server::start(dist, TEST_BASE_PATH)?;
    let url = format!("http://127.0.0.1:{}{TEST_BASE_PATH}", server.port());
    say(&format!("serving {} like GitHub Pages at {url}", dist.display()));
    let mut c = cmd("npx");
    c.args(["--no-install", "playwright", "test"])
        .args(extra)
        .env("BASE_URL", &url)
        .env("CHROMIUM_PATH", CHROMIUM);
    let Some(corpus) = corpus else {
        let result = run(&mut c, "browser tests (Playwright, Debian's chromium)");
        drop(server);
        return result.map(|()| Timings::default());
    };
    c.env("CORPUS_ENTRIES", corpus.per_lang.to_string());
    c.env("CORPUS_GENERATED", corpus.generated.to_string());
    c.env("TIMING_BUDGETS", if budgets { "1" } else { "0" });
    say("timing tests on the generated corpus (Playwright)");
    let out = c
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot start playwright: {e}"))?;
    drop(server);
    let text = String::from_utf8_lossy(&out.stdout);
    print!("{text}");
    if !out.status.success() {
        return Err("timing tests on the generated corpus failed".into());
    }
    // `index render (ms): …; median 17.2` and `search keystroke (ms): median 1.52, …`
    let median = |label: &str| {
        let line = text.lines().find(|l| l.contains(label))?;
        let rest = &line[line.find("median ")? + "median ".len()..];
        rest.split([',', ' ', ';']).next()?.parse::<f64>().ok()
    };
    Ok(Timings {
        index_render_ms: median("index render (ms)"),
        keystroke_ms: median("search keystroke (ms)"),
    })
}

/// Generated entries per language in the corpus, by default.
const CORPUS_ENTRIES: usize = 2000;

/// Generates the corpus (`n` entries per language beside the site's own) under
/// target/corpus and builds it into target/corpus/dist; the entries per language.
fn corpus_dist(n: usize) -> Result<(Corpus, Build)> {
    let dir = root().join("target/corpus");
    let per_lang = corpus::write(&root(), &dir, n)?;
    say(&format!("{per_lang} entries per language in {}", dir.display()));
    let build = build_site(&dir.join("dist"), TEST_BASE_PATH, TEST_ORIGIN, &dir)?;
    Ok((Corpus { per_lang, generated: n }, build))
}

/// The wasm file of a dist folder.
fn wasm_of(dist: &Path) -> Result<Vec<u8>> {
    let entries = std::fs::read_dir(dist).map_err(|e| format!("{}: {e}", dist.display()))?;
    let path = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "wasm"))
        .ok_or_else(|| format!("{} has no wasm", dist.display()))?;
    std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The content is data: the site with its own entries and the corpus with thousands
/// more must ship the same wasm, byte for byte.
fn same_wasm(site: &Path, corpus: &Path) -> Result {
    let (a, b) = (wasm_of(site)?, wasm_of(corpus)?);
    if a == b {
        say(&format!(
            "the wasm does not depend on the content: {} bytes in both builds",
            a.len()
        ));
        Ok(())
    } else {
        Err(format!(
            "the wasm changed with the content ({} bytes for the site, {} for the corpus): \
             something per entry is compiled into the browser bundle",
            a.len(),
            b.len()
        ))
    }
}

fn budget(build: &Build) -> Result {
    if build.sizes.entry_gzip > BUDGET_GZIP_BYTES {
        return Err(format!(
            "bundle budget exceeded: a first visit of an entry page transfers {} bytes gzip, \
             the budget is {BUDGET_GZIP_BYTES}",
            build.sizes.entry_gzip
        ));
    }
    Ok(())
}

fn test() -> Result {
    setup()?;
    run(cmd("cargo").args(["fmt", "--all", "--check"]), "cargo fmt --check")?;
    run(
        cmd("cargo").args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]),
        "cargo clippy",
    )?;
    deny::check()?;
    run(cmd("cargo").args(["test", "--workspace"]), "cargo test")?;
    check_content()?;
    let site = dist(TEST_BASE_PATH, TEST_ORIGIN)?;
    budget(&site)?;
    run_browser_tests(&root().join("dist"), None, false, &[])?;
    let (corpus, _) = corpus_dist(CORPUS_ENTRIES)?;
    same_wasm(&root().join("dist"), &root().join("target/corpus/dist"))?;
    run_browser_tests(&root().join("target/corpus/dist"), Some(corpus), false, &[]).map(|_| ())
}

/// `cargo xtask bench`: the site and the corpus built and measured side by side.
fn bench(n: usize) -> Result {
    setup()?;
    let site = dist(TEST_BASE_PATH, TEST_ORIGIN)?;
    let site_entries = content::load(&root(), "/").entries.len() / 2;
    let own = Corpus {
        per_lang: site_entries,
        generated: 0,
    };
    let site_times = run_browser_tests(
        &root().join("dist"),
        Some(own),
        false,
        &[
            "e2e/corpus/timing.spec.ts".into(),
            // The site's own entries: the two timings; the rest needs the generated corpus.
            "--grep".into(),
            "index renders|search keystroke".into(),
        ],
    )?;
    let (generated, corpus) = corpus_dist(n)?;
    let per_lang = generated.per_lang;
    let corpus_times = run_browser_tests(&root().join("target/corpus/dist"), Some(generated), false, &[])?;
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

/// The value after `name` on the command line.
fn flag(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// What `cargo xtask` without a known command prints.
const USAGE: &str = "usage: cargo xtask <command>
  setup                      install what the build and the tests need
  serve                      trunk watch, served confined on http://127.0.0.1:8080/
  dist [--base-path /repo/] [--origin https://owner.github.io]
                             release build with every route pre-rendered into dist/
  serve-dist [--base-path P] [--port N]
                             serve dist/ like GitHub Pages, to localhost only
  check-content              check every entry and preset
  versions                   the rustc, trunk and wasm-bindgen versions the build
                             uses, as `name=version` lines (CI's cache keys)
  test                       everything CI checks
  e2e [playwright args]      the browser tests against the current dist/
  corpus [--entries N] [playwright args]
                             build the corpus (N generated entries per language,
                             2000 by default) and hold its timings to their budgets
  bench [--entries N]        build and measure the site and the corpus side by side";

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let base = flag(&args, "--base-path").unwrap_or_else(|| "/".into());
    let result = match args.first().map(String::as_str) {
        Some("setup") => setup(),
        Some("serve") => setup_build().and_then(|()| serve_development()),
        Some("dist") => {
            let origin = flag(&args, "--origin").unwrap_or_else(|| "http://localhost".into());
            setup_build().and_then(|()| dist(&base, &origin)).map(|_| ())
        }
        Some("serve-dist") => {
            let port = flag(&args, "--port").and_then(|p| p.parse().ok()).unwrap_or(8081);
            server::serve_forever(&root().join("dist"), &base, port)
        }
        Some("check-content") => check_content(),
        Some("versions") => versions(),
        Some("test") => test(),
        Some("e2e") => setup_browser().and_then(|()| browser_tests(&args[1..])),
        Some("corpus") => {
            let n = flag(&args, "--entries")
                .and_then(|n| n.parse().ok())
                .unwrap_or(CORPUS_ENTRIES);
            let rest: Vec<String> = args[1..]
                .iter()
                .enumerate()
                .filter(|(i, a)| *a != "--entries" && (*i == 0 || args[*i] != "--entries"))
                .map(|(_, a)| a.clone())
                .collect();
            setup().and_then(|()| corpus_dist(n)).and_then(|(corpus, _)| {
                run_browser_tests(&root().join("target/corpus/dist"), Some(corpus), true, &rest).map(|_| ())
            })
        }
        Some("bench") => {
            let n = flag(&args, "--entries")
                .and_then(|n| n.parse().ok())
                .unwrap_or(CORPUS_ENTRIES);
            bench(n)
        }
        _ => Err(USAGE.into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_lines_a_workflow_can_append_to_its_outputs() {
        let text = version_lines("1.95.0", &locked_wasm_bindgen().unwrap());
        let keys: Vec<&str> = text.lines().map(|l| l.split_once('=').unwrap().0).collect();
        assert_eq!(keys, ["rustc", "trunk", "wasm-bindgen"]);
        assert!(text.lines().all(|l| !l.ends_with('=') && !l.contains(' ')), "{text}");
        // The lock's wasm-bindgen is the one the crate pins.
        let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
        let pinned = format!("wasm-bindgen = \"={}\"", locked_wasm_bindgen().unwrap());
        assert!(manifest.contains(&pinned), "{pinned}");
    }

    #[test]
    fn the_workspace_is_found_from_any_folder_inside_it() {
        let dir = env::temp_dir().join(format!("xtask-root-{}", std::process::id()));
        let nested = dir.join("crates/content/src");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::create_dir_all(dir.join("xtask")).unwrap();
        std::fs::write(dir.join("Cargo.toml"), "[workspace]\nmembers = [\"xtask\"]\n").unwrap();
        std::fs::write(dir.join("xtask/Cargo.toml"), "[package]\nname = \"xtask\"\n").unwrap();
        // A member's own manifest is not the workspace.
        std::fs::write(dir.join("crates/content/Cargo.toml"), "[package]\nname = \"content\"\n").unwrap();
        assert_eq!(workspace_of(&nested).as_deref(), Some(dir.as_path()));
        assert_eq!(workspace_of(&dir).as_deref(), Some(dir.as_path()));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(workspace_of(&dir.join("gone")), None);
    }
}
