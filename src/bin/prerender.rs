//! Pre-renders every route of the site into `dist/`, with the same components the
//! browser runs (Leptos renders them natively), so that every address answers 200
//! with the full page, readable without JavaScript, and the app hydrates it.
//!
//! Usage: `prerender <dist> <origin>`; run by `cargo xtask dist` after trunk.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use glossary::components::charts::{ChartData, LIGHT};
use glossary::data::{entries, Lang, Prose, BASE_PATH, BODIES, ENTRIES};
use glossary::i18n::texts;
use glossary::shell::{replace_once, with_lang};
use glossary::{urls, App, PRERENDERED};
use leptos::prelude::*;
use plotters::prelude::*;

/// One file of the site.
struct Page {
    /// Path below dist/.
    file: String,
    /// URL path (with the base path).
    path: String,
    lang: Lang,
    title: String,
    description: String,
    /// `hreflang` → URL path; `x-default` included.
    alternates: Vec<(&'static str, String)>,
    kind: &'static str,
}

fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    html_escape::encode_quoted_attribute(text)
}

fn pages() -> Vec<Page> {
    let both = |de: &str, en: &str| format!("{de} · {en}");
    let mut pages = vec![Page {
        file: "index.html".into(),
        path: urls::home(),
        lang: Lang::En,
        title: both(texts(Lang::De).site_title, texts(Lang::En).site_title),
        description: both(texts(Lang::De).site_tagline, texts(Lang::En).site_tagline),
        alternates: vec![
            ("de", urls::index(Lang::De)),
            ("en", urls::index(Lang::En)),
            ("x-default", urls::home()),
        ],
        kind: "website",
    }];
    for lang in Lang::ALL {
        let t = texts(lang);
        pages.push(Page {
            file: format!("{}/index.html", lang.code()),
            path: urls::index(lang),
            lang,
            title: format!("{} · {}", t.index_heading, t.site_title),
            description: t.site_tagline.to_string(),
            alternates: Lang::ALL
                .into_iter()
                .map(|l| (l.code(), urls::index(l)))
                .chain([("x-default", urls::home())])
                .collect(),
            kind: "website",
        });
        for (_, e) in entries(lang) {
            let mut alternates = vec![(lang.code(), urls::entry(lang, e.slug))];
            if let Some(other) = e.translation.map(|j| &ENTRIES[j]) {
                alternates.push((other.lang.code(), urls::entry(other.lang, other.slug)));
            }
            let english = alternates.iter().find(|(l, _)| *l == "en").map(|(_, p)| p.clone());
            alternates.push(("x-default", english.unwrap_or_else(|| urls::entry(lang, e.slug))));
            pages.push(Page {
                file: format!("{}/{}.html", lang.code(), e.slug),
                path: urls::entry(lang, e.slug),
                lang,
                title: format!("{} · {}", e.term, t.site_title),
                description: e.short.to_string(),
                alternates,
                kind: "article",
            });
        }
    }
    pages
}

/// The app's markup for one address, with hydration markers.
fn render(path: &str) -> String {
    let owner = Owner::new();
    owner.with(|| {
        provide_context(leptos_router::location::RequestUrl::new(path));
        view! { <App/> }.to_html()
    })
}

/// A chart of an entry's example as SVG, drawn by the code that draws the canvas.
fn chart_svg(data: &ChartData, lang: Lang) -> Result<String, String> {
    let (w, h) = (640u32, 300u32);
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
        data.draw(&area, lang, &LIGHT, 1.0).map_err(|e| e.to_string())?;
    }
    // Scale with the box instead of a fixed size.
    let open_end = svg.find('>').ok_or("plotters wrote no <svg>")?;
    let rest = &svg[open_end..];
    Ok(format!(
        "<svg viewBox=\"0 0 {w} {h}\" xmlns=\"http://www.w3.org/2000/svg\" aria-hidden=\"true\"{rest}"
    ))
}

/// Puts the static charts of an entry into their boxes.
fn add_charts(mut html: String, index: usize) -> Result<String, String> {
    let lang = ENTRIES[index].lang;
    for (i, calc) in BODIES[index].calculators.iter().enumerate() {
        let report = calc
            .scenario
            .report()
            .map_err(|e| format!("{}: {e}", ENTRIES[index].slug))?;
        for chart in calc.charts {
            let marker = format!("data-static=\"c{i}-{}\"", chart.id());
            let tag = html.find(&marker).ok_or_else(|| format!("no box for {marker}"))?;
            let at = tag + html[tag..].find('>').ok_or("unclosed tag")? + 1;
            let svg = chart_svg(&ChartData::new(*chart, &calc.scenario, &report), lang)?;
            html.insert_str(at, &svg);
        }
    }
    Ok(html)
}

fn head(page: &Page, origin: &str) -> String {
    let mut h = String::new();
    let url = format!("{origin}{}", page.path);
    let _ = write!(
        h,
        "<title>{title}</title>\n    <meta name=\"description\" content=\"{desc}\" />\n    <link rel=\"canonical\" href=\"{url}\" />\n",
        title = escape(&page.title),
        desc = escape(&page.description),
        url = escape(&url)
    );
    for (lang, path) in &page.alternates {
        let _ = writeln!(
            h,
            "    <link rel=\"alternate\" hreflang=\"{lang}\" href=\"{}\" />",
            escape(&format!("{origin}{path}"))
        );
    }
    let locale = match page.lang {
        Lang::De => "de_DE",
        Lang::En => "en_US",
    };
    let _ = write!(
        h,
        "    <meta property=\"og:type\" content=\"{kind}\" />\n    <meta property=\"og:title\" content=\"{title}\" />\n    <meta property=\"og:description\" content=\"{desc}\" />\n    <meta property=\"og:url\" content=\"{url}\" />\n    <meta property=\"og:locale\" content=\"{locale}\" />\n    <meta property=\"og:site_name\" content=\"{site}\" />\n    <meta name=\"twitter:card\" content=\"summary\" />\n    <meta name=\"twitter:title\" content=\"{title}\" />\n    <meta name=\"twitter:description\" content=\"{desc}\" />",
        kind = page.kind,
        title = escape(&page.title),
        desc = escape(&page.description),
        url = escape(&url),
        site = escape(texts(page.lang).site_title),
    );
    h
}

/// The trunk shell with this page's head and body.
fn fill(shell: &str, page: &Page, body: &str, origin: &str) -> Result<String, String> {
    let title_start = shell.find("<title>").ok_or("the shell has no <title>")?;
    let title_end = shell.find("</title>").ok_or("the shell has no </title>")? + "</title>".len();
    let body_start = shell.find("<body").ok_or("the shell has no <body>")?;
    let body_end = shell.rfind("</body>").ok_or("the shell has no </body>")?;
    Ok(format!(
        "{}{}{}<body {PRERENDERED}>{body}{}",
        with_lang(&shell[..title_start], page.lang)?,
        head(page, origin),
        &shell[title_end..body_start],
        &shell[body_end..]
    ))
}

fn sitemap(pages: &[Page], origin: &str) -> String {
    let mut s = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for page in pages {
        let _ = writeln!(
            s,
            "  <url>\n    <loc>{}</loc>",
            escape(&format!("{origin}{}", page.path))
        );
        for (lang, path) in &page.alternates {
            let _ = writeln!(
                s,
                "    <xhtml:link rel=\"alternate\" hreflang=\"{lang}\" href=\"{}\"/>",
                escape(&format!("{origin}{path}"))
            );
        }
        s.push_str("  </url>\n");
    }
    s.push_str("</urlset>\n");
    s
}

fn write(dist: &Path, file: &str, text: &str) -> Result<(), String> {
    let path = dist.join(file);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn run(dist: &Path, origin: &str) -> Result<usize, String> {
    let shell_path = dist.join("index.html");
    let shell = std::fs::read_to_string(&shell_path).map_err(|e| format!("{}: {e}", shell_path.display()))?;
    if shell.contains(PRERENDERED) {
        return Err("dist/index.html is already pre-rendered: build with trunk first".into());
    }
    let pages = pages();
    for page in &pages {
        let mut body = render(&page.path);
        if let Some(index) = ENTRIES.iter().position(|e| urls::entry(e.lang, e.slug) == page.path) {
            body = add_charts(body, index)?;
        }
        write(dist, &page.file, &fill(&shell, page, &body, origin)?)?;
    }
    // Each entry's prose, fetched by the app when the entry opens without a page load.
    for (index, e) in ENTRIES.iter().enumerate() {
        let url = urls::prose(e.lang, e.slug);
        write(dist, &url[BASE_PATH.len()..], &Prose::file(index))?;
    }
    // Anything else: the app renders the not-found page; without JavaScript, a note.
    let not_found = replace_once(
        &with_lang(&shell, Lang::En)?,
        "<title>Glossary of LLM inference</title>",
        "<meta name=\"robots\" content=\"noindex\" />\n    <title>Page not found · Seite nicht gefunden</title>",
    )?;
    write(dist, "404.html", &not_found)?;
    write(dist, "sitemap.xml", &sitemap(&pages, origin))?;
    write(
        dist,
        "robots.txt",
        &format!("User-agent: *\nAllow: /\nDisallow: {BASE_PATH}prose/\nSitemap: {origin}{BASE_PATH}sitemap.xml\n"),
    )?;
    Ok(pages.len())
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(dist), Some(origin)) = (args.first(), args.get(1)) else {
        eprintln!("usage: prerender <dist> <origin, e.g. https://owner.github.io>");
        return std::process::ExitCode::FAILURE;
    };
    match run(&PathBuf::from(dist), origin.trim_end_matches('/')) {
        Ok(n) => {
            eprintln!("prerender: {n} pages, prose files, 404.html, sitemap.xml and robots.txt written to {dist}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("prerender: error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
