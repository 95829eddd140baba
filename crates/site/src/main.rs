//! `site <dist> <base> <origin> <bundle> [at-once]`: writes the site into `dist`, a
//! fresh trunk build for the base path `base`, published at `origin`
//! (`https://owner.github.io`), with the data files in the file `bundle`; `at-once`
//! starts the app with the page instead of when the reader needs it. Run by
//! `cargo xtask dist`.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Result};
use site::assets::Assets;
use site::document::{Frame, Loading};
use site::scripts::Scripts;
use site::{pages, worker};

fn run(args: &[String]) -> Result<usize> {
    let (dist, base, origin, bundle, loading) = match args {
        [d, b, o, f] => (d, b, o, f, Loading::Late),
        [d, b, o, f, at] if at == "at-once" => (d, b, o, f, Loading::AtOnce),
        _ => bail!("usage: site <dist> <base path> <origin, e.g. https://owner.github.io> <bundle> [at-once]"),
    };
    let dist = Path::new(dist);
    let frame = Frame {
        base: base.clone(),
        assets: Assets::read(dist)?,
        scripts: Scripts::minified()?,
        loading,
    };
    let bundle = pages::read_bundle(Path::new(bundle)).map_err(|e| anyhow!(e))?;
    let titles = pages::write_all(dist, origin.trim_end_matches('/'), bundle, &frame).map_err(|e| anyhow!(e))?;
    worker::write(dist, base, &titles)?;
    Ok(titles.len())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(n) => {
            eprintln!(
                "site: {n} pages, their data files, 404.html, sitemap.xml, robots.txt and the service worker written"
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("site: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
