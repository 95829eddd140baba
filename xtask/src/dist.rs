//! `cargo xtask dist`: the release build of the site with a pre-rendered page for
//! every route, its size report and the budget of a first visit.

use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Result};

use crate::process::{cmd, run, say};
use crate::workspace::{cargo_home, root};
use crate::{files, setup, sizes};

/// Gzip bytes a first visit of an entry page may transfer (its HTML and data file,
/// the wasm, JS and CSS). A ratchet: it sits a few KB above what the site reaches
/// and goes down whenever the site gets smaller. The wasm no longer grows with the
/// content (the corpus check of `cargo xtask test` holds it to that), so only the
/// code and the measured page move it.
pub const BUDGET_GZIP_BYTES: u64 = 260 * 1024;
/// Gzip bytes an entry page may fetch before its text is complete (page, styles and
/// the two small scripts; the app wakes later).
pub const TEXT_BUDGET_GZIP_BYTES: u64 = 40 * 1024;
/// The pages whose first visit is measured: an entry with a calculator (in the
/// corpus as in the site) and an index.
const MEASURED_ENTRY: &str = "en/memory-bound.html";
const MEASURED_INDEX: &str = "en/index.html";
/// The sub-path the tests serve the site under, as GitHub Pages does for a repository.
pub const TEST_BASE_PATH: &str = "/glossary/";
/// The origin the test build pretends to be published at.
pub const TEST_ORIGIN: &str = "https://glossary.example";

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

/// `cargo xtask dist`: the build tools, then the site into `dist/` for `base`.
/// `origin` is the scheme and host the site is published at, for canonical URLs and
/// the sitemap (`https://owner.github.io`).
pub fn command(base: &str, origin: &str) -> Result<()> {
    setup::build_tools()?;
    site(base, origin).map(drop)
}

/// The site's own content built into `dist/`, its first visit held against the
/// budget's figure.
pub fn site(base: &str, origin: &str) -> Result<Build> {
    let build = build(&root().join("dist"), base, origin, &root())?;
    println!(
        "budget: an entry page's first visit is {} of {BUDGET_GZIP_BYTES} bytes gzip",
        build.sizes.entry_gzip
    );
    Ok(build)
}

/// `cargo xtask sizes`: the sizes of the current dist/, and with `breakdown` where
/// the wasm's code is.
pub fn sizes(breakdown: bool, top: usize) -> Result<()> {
    println!(
        "{}",
        sizes::measure(&root().join("dist"), MEASURED_ENTRY, MEASURED_INDEX)?
    );
    if breakdown {
        println!("{}", crate::breakdown::of_release_build(&root().join("target"), top)?);
    }
    Ok(())
}

/// Fails when a first visit of an entry page transfers more than the budget.
pub fn budget(build: &Build) -> Result<()> {
    if build.sizes.entry_gzip > BUDGET_GZIP_BYTES {
        bail!(
            "bundle budget exceeded: a first visit of an entry page transfers {} bytes gzip, \
             the budget is {BUDGET_GZIP_BYTES}",
            build.sizes.entry_gzip
        );
    }
    if build.sizes.text_gzip > TEXT_BUDGET_GZIP_BYTES {
        bail!(
            "an entry page fetches {} bytes gzip before its text is complete, the budget is \
             {TEXT_BUDGET_GZIP_BYTES}",
            build.sizes.text_gzip
        );
    }
    Ok(())
}

/// Reads and checks the content of `content_root/content` and writes its data files
/// into one bundle file for the pre-renderer (named on its command line), and the
/// glossary for machines (`llms.txt`, each entry's Markdown) into `dist`; stops on
/// any error.
fn content_bundle(content_root: &Path, base: &str, out: &Path, dist: &Path, origin: &str) -> Result<usize> {
    let (bundle, report) = content::build(content_root, base);
    if report.has_errors() {
        print!("{report}");
        bail!("the content has errors");
    }
    for file in bundle.machine_files(origin) {
        files::write(&dist.join(&file.path), file.text)?;
    }
    files::write(out, vocab::wire::encode(&bundle.data))?;
    Ok(report.entries)
}

/// When a page starts the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loading {
    /// When the reader needs it (the waking script), with the stylesheet inline: the site.
    Late,
    /// With the page, the stylesheet linked, as trunk's shell does: the build before
    /// reading first, which `cargo xtask bench` measures beside the site.
    AtOnce,
}

/// The compiler's flags for the release browser build, as `CARGO_ENCODED_RUSTFLAGS`
/// separates them: each source folder of Cargo's registry (the folders in
/// `registry`) written as nothing, so that the wasm's panic locations name a crate's
/// file (`reactive_graph-0.2.16/src/owner.rs`) and no path of the machine that built
/// it: 0.3 KB gzip less, and the same wasm from any Cargo home.
fn wasm_rustflags(registry: &Path) -> String {
    let mut flags = Vec::new();
    let mut sources = files::list(registry).unwrap_or_default();
    sources.sort();
    for dir in sources.iter().filter(|d| d.is_dir()) {
        flags.push(format!("--remap-path-prefix={}/=", dir.display()));
    }
    flags.join("\u{1f}")
}

/// Builds the site from `content_root/content` into `dist`: trunk builds the browser
/// bundle (which holds no content); the content is checked and made into data files;
/// the site program (`crates/site`) reads trunk's assets and minifies the glue,
/// writes a pre-rendered page for every route, then the service worker.
pub fn build(dist: &Path, base: &str, origin: &str, content_root: &Path) -> Result<Build> {
    build_loading(dist, base, origin, content_root, Loading::Late)
}

/// [`build`], with the app started as `loading` says.
pub fn build_loading(dist: &Path, base: &str, origin: &str, content_root: &Path, loading: Loading) -> Result<Build> {
    let started = Instant::now();
    let base = content::site::normalise_base(base);
    let dist = dist.to_path_buf();
    let flags = wasm_rustflags(&cargo_home().join("registry/src"));
    run(
        cmd("trunk")
            .args(["build", "--release", "--public-url", &base, "--dist"])
            .arg(&dist)
            .env("GLOSSARY_BASE_PATH", &base)
            .env("GLOSSARY_CONTENT_ROOT", content_root)
            .env("CARGO_ENCODED_RUSTFLAGS", &flags),
        &format!("release build into {} for base path {base}", dist.display()),
    )?;
    crate::config_reader::build(&dist, &flags)?;
    // GitHub Pages: no Jekyll; a real page for every route comes from the site
    // program below.
    files::write(&dist.join(".nojekyll"), "")?;
    let prerender_target = root().join("target/prerender");
    let bundle = prerender_target.join(format!("bundle-{}.bin", std::process::id()));
    let t = Instant::now();
    let entries = content_bundle(content_root, &base, &bundle, &dist, origin)?;
    let content_secs = t.elapsed().as_secs_f64();
    say(&format!(
        "{entries} entries checked and written as data files in {content_secs:.1} s"
    ));
    run(
        cmd("cargo")
            .args(["build", "--quiet", "--package", "site"])
            .env("GLOSSARY_BASE_PATH", &base)
            .env("GLOSSARY_CONTENT_ROOT", content_root)
            .env("GLOSSARY_CONTENT_AT_RUNTIME", "1")
            // Its own target folder: the build script reads the content at run time
            // here, which would rebuild the app for the other builds.
            .env("CARGO_TARGET_DIR", &prerender_target),
        "compiling the site program (pre-renderer and page writer)",
    )?;
    let t = Instant::now();
    let mut site = cmd(&prerender_target.join("debug/site").to_string_lossy());
    site.arg(&dist).arg(&base).arg(origin).arg(&bundle);
    if loading == Loading::AtOnce {
        site.arg("at-once");
    }
    let result = run(&mut site, "writing every page and the service worker");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_release_wasm_names_no_folder_of_the_machine_that_built_it() {
        let registry = std::env::temp_dir().join(format!("xtask-registry-{}", std::process::id()));
        for index in ["index.crates.io-1949cf8c6b5b557f", "other index"] {
            files::create_dir_all(&registry.join(index)).unwrap();
        }
        let flags = wasm_rustflags(&registry);
        files::remove_dir_all(&registry).unwrap();
        let flags: Vec<&str> = flags.split('\u{1f}').collect();
        let remap = |index: &str| format!("--remap-path-prefix={}/=", registry.join(index).display());
        assert_eq!(
            flags,
            [&remap("index.crates.io-1949cf8c6b5b557f"), &remap("other index")]
        );
    }
}
