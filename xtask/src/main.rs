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
/// Gzip bytes a first visit may transfer (wasm + JS + CSS + HTML). Lower it as the
/// bundle shrinks. The entries' index and inline values still travel in the wasm, so
/// the budget grows with the content until they move out into fetched files.
pub const BUDGET_GZIP_BYTES: u64 = 306 * 1024;
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
fn dist(base: &str, origin: &str) -> Result<sizes::Report> {
    let report = build_site(&root().join("dist"), base, origin, &root())?;
    println!("budget: {} of {BUDGET_GZIP_BYTES} bytes gzip", report.first_visit_gzip);
    Ok(report)
}

/// Builds the site from `content_root/content` into `dist`.
fn build_site(dist: &Path, base: &str, origin: &str, content_root: &Path) -> Result<sizes::Report> {
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
    csp::apply(&dist)?;
    // GitHub Pages: no Jekyll, and a real page for every route, pre-rendered by the
    // app's own components (plus 404.html, sitemap.xml, robots.txt).
    std::fs::write(dist.join(".nojekyll"), "").map_err(|e| e.to_string())?;
    run(
        cmd("cargo")
            .args(["run", "--quiet", "--bin", "prerender", "--features", "ssr", "--"])
            .arg(&dist)
            .arg(origin)
            .env("GLOSSARY_BASE_PATH", &base)
            .env("GLOSSARY_CONTENT_ROOT", content_root)
            // The browser build erases component types (.cargo/config.toml); the
            // pre-rendered markup must come from the same shape of views. Its own
            // target folder keeps these flags from rebuilding the other builds.
            .env("RUSTFLAGS", "--cfg erase_components")
            .env("CARGO_TARGET_DIR", root().join("target/prerender")),
        "pre-rendering every route",
    )?;
    let report = sizes::measure(&dist)?;
    println!("{report}");
    Ok(report)
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

fn browser_tests(extra: &[String]) -> Result {
    run_browser_tests(&root().join("dist"), false, false, extra)
}

/// Playwright against `dist`, served like GitHub Pages; `corpus` selects the
/// timing tests of the generated corpus instead of the site's suite, and `budgets`
/// makes their timings fail when over budget (otherwise they are reported).
fn run_browser_tests(dist: &Path, corpus: bool, budgets: bool, extra: &[String]) -> Result {
    let server = server::Server::start(dist, TEST_BASE_PATH)?;
    let url = format!("http://127.0.0.1:{}{TEST_BASE_PATH}", server.port());
    say(&format!("serving {} like GitHub Pages at {url}", dist.display()));
    let mut c = cmd("npx");
    c.args(["--no-install", "playwright", "test"])
        .args(extra)
        .env("BASE_URL", &url)
        .env("CHROMIUM_PATH", CHROMIUM);
    if corpus {
        c.env("CORPUS_ENTRIES", CORPUS_ENTRIES.to_string());
        c.env("TIMING_BUDGETS", if budgets { "1" } else { "0" });
    }
    let what = if corpus {
        "timing tests on the generated corpus (Playwright)"
    } else {
        "browser tests (Playwright, Debian's chromium)"
    };
    let result = run(&mut c, what);
    drop(server);
    result
}

/// Entries per language in the generated corpus.
const CORPUS_ENTRIES: usize = 500;

/// Generates the corpus under target/corpus and builds it into target/corpus/dist.
fn corpus_dist() -> Result {
    let dir = root().join("target/corpus");
    corpus::write(&root(), &dir, CORPUS_ENTRIES)?;
    say(&format!(
        "{CORPUS_ENTRIES} generated entries per language in {}",
        dir.display()
    ));
    build_site(&dir.join("dist"), TEST_BASE_PATH, TEST_ORIGIN, &dir).map(|_| ())
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
    let sizes = dist(TEST_BASE_PATH, TEST_ORIGIN)?;
    if sizes.first_visit_gzip > BUDGET_GZIP_BYTES {
        return Err(format!(
            "bundle budget exceeded: a first visit transfers {} bytes gzip, the budget is {BUDGET_GZIP_BYTES}",
            sizes.first_visit_gzip
        ));
    }
    browser_tests(&[])?;
    corpus_dist()?;
    run_browser_tests(&root().join("target/corpus/dist"), true, false, &[])
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
  serve                      trunk serve with live reload on http://127.0.0.1:8080/
  dist [--base-path /repo/] [--origin https://owner.github.io]
                             release build with every route pre-rendered into dist/
  serve-dist [--base-path P] [--port N]
                             serve dist/ like GitHub Pages, to localhost only
  check-content              check every entry and preset
  test                       everything CI checks
  e2e [playwright args]      the browser tests against the current dist/
  corpus [playwright args]   build the 500-entry corpus and run its timing tests";

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let base = flag(&args, "--base-path").unwrap_or_else(|| "/".into());
    let result = match args.first().map(String::as_str) {
        Some("setup") => setup(),
        Some("serve") => setup_build().and_then(|()| {
            run(
                cmd("trunk").args(["serve", "--port", "8080"]),
                "trunk serve on http://127.0.0.1:8080/",
            )
        }),
        Some("dist") => {
            let origin = flag(&args, "--origin").unwrap_or_else(|| "http://localhost".into());
            setup_build().and_then(|()| dist(&base, &origin)).map(|_| ())
        }
        Some("serve-dist") => {
            let port = flag(&args, "--port").and_then(|p| p.parse().ok()).unwrap_or(8081);
            server::serve_forever(&root().join("dist"), &base, port)
        }
        Some("check-content") => check_content(),
        Some("test") => test(),
        Some("e2e") => setup_browser().and_then(|()| browser_tests(&args[1..])),
        Some("corpus") => setup()
            .and_then(|()| corpus_dist())
            .and_then(|()| run_browser_tests(&root().join("target/corpus/dist"), true, true, &args[1..])),
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
