//! The pre-renderer: every route of the site rendered into `dist/` by the same code
//! the browser runs (the app's view layer writes its markup natively), so that every address
//! answers 200 with the full page, readable without JavaScript, and the app takes it
//! over (`src/take_over.rs`); each page written by the page writer ([`Frame::document`]). Also the data
//! files, `404.html`, `sitemap.xml` and `robots.txt`.

use std::path::Path;

use glossary::data::{self, Bundle, EntryData, Lang, Source, BASE_PATH};
use glossary::reactive::prelude::*;
use glossary::{app, urls};
use vocab::footer::{footer_texts, FooterTexts};
use vocab::i18n::texts;
use vocab::markup::{build, Html};
use vocab::names;
use vocab::offline::offline_texts;
use vocab::wire::{About, Link};

use crate::document::Frame;
use crate::worker::Titles;

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
    /// The entry shown, for entry pages.
    entry: Option<&'static EntryData>,
}

fn pages() -> Result<Vec<Page>, String> {
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
        entry: None,
    }];
    for lang in Lang::ALL {
        let t = texts(lang);
        pages.push(Page {
            file: format!("{}/index.html", lang.code()),
            path: urls::index(lang),
            lang,
            title: glossary::pages::index::title(lang),
            description: t.site_tagline.to_string(),
            alternates: Lang::ALL
                .into_iter()
                .map(|l| (l.code(), urls::index(l)))
                .chain([("x-default", urls::home())])
                .collect(),
            kind: "website",
            entry: None,
        });
        let index = data::index(lang).ok_or("the bundle has no index")?;
        for e in &index.entries {
            let slug = &e.summary.slug;
            let entry = data::entry(lang, slug).ok_or_else(|| format!("no data file for {slug}"))?;
            let mut alternates = vec![(lang.code(), urls::entry(lang, slug))];
            if let Some(other) = &entry.translation {
                alternates.push((lang.other().code(), urls::entry(lang.other(), &other.slug)));
            }
            let english = alternates.iter().find(|(l, _)| *l == "en").map(|(_, p)| p.clone());
            alternates.push(("x-default", english.unwrap_or_else(|| urls::entry(lang, slug))));
            pages.push(Page {
                file: format!("{}/{slug}.html", lang.code()),
                path: urls::entry(lang, slug),
                lang,
                title: format!("{} · {}", e.summary.term, t.site_title),
                description: e.summary.short.clone(),
                alternates,
                kind: "article",
                entry: Some(entry),
            });
        }
    }
    Ok(pages)
}

/// The app's markup for one address (an entry's with its static charts in their
/// boxes, drawn by the charts' own code).
fn render(path: &str) -> Html {
    let owner = Owner::new();
    owner.with(|| {
        provide_context(glossary::router::RequestPath(path.to_string()));
        app().into_markup()
    })
}

/// The picture shared links show, below the site's base (copied from `public/`).
const OG_IMAGE: &str = "public/og-image.png";

/// The page's own head: title, description, canonical and alternate addresses,
/// Open Graph, and the data files the app reads.
fn head(page: &Page, origin: &str, bundle: &Bundle) -> Html {
    let url = format!("{origin}{}", page.path);
    let meta = |h: &mut Html, key: &'static str, name: &str, content: &str| {
        h.text("\n    ")
            .void("meta", &[(key, Some(name)), ("content", Some(content))]);
    };
    let locale = match page.lang {
        Lang::De => "de_DE",
        Lang::En => "en_US",
    };
    build(|h| {
        h.el_text("title", &[], &page.title);
        meta(h, "name", "description", &page.description);
        h.text("\n    ")
            .void("link", &[("rel", Some("canonical")), ("href", Some(&url))]);
        for (lang, path) in &page.alternates {
            let href = format!("{origin}{path}");
            h.text("\n    ").void(
                "link",
                &[
                    ("rel", Some("alternate")),
                    ("hreflang", Some(lang)),
                    ("href", Some(&href)),
                ],
            );
        }
        // The site's mark for shared links: the roofline with its two regimes.
        let image = format!("{origin}{BASE_PATH}{OG_IMAGE}");
        for (key, value) in [
            ("og:type", page.kind),
            ("og:title", &page.title),
            ("og:description", &page.description),
            ("og:url", &url),
            ("og:locale", locale),
            ("og:site_name", texts(page.lang).site_title),
            ("og:image", &image),
            ("og:image:width", "1200"),
            ("og:image:height", "630"),
            ("og:image:alt", texts(page.lang).landing_picture),
        ] {
            meta(h, "property", key, value);
        }
        for (key, value) in [
            ("twitter:card", "summary_large_image"),
            ("twitter:title", &page.title),
            ("twitter:description", &page.description),
        ] {
            meta(h, "name", key, value);
        }
        data_links(h, bundle);
        if let Some(entry) = page.entry {
            let file = entry_file(entry);
            // Named, not preloaded: the waking script fetches it beside the app, so
            // that nothing but the page's text and styles comes first.
            meta(h, "name", names::META_ENTRY, &file);
        }
    })
}

/// The site's footer, after the app's markup: the action of offline reading, then, per
/// language, what the site is, who publishes it and on which terms (what the owner
/// wrote in `content/data/site.yaml`; a part not written is left out) and where to
/// read on. The app neither renders nor replaces it, so it keeps to whatever page the
/// app shows; the styles show the block of the page's current language.
fn site_footer(about: &About) -> Html {
    build(|h| {
        h.el("footer", &[("class", Some(names::SITE_FOOTER))], |h| {
            h.append(&offline_action());
            for lang in Lang::ALL {
                let t = footer_texts(lang);
                h.el(
                    "div",
                    &[("class", Some(names::SITE_ABOUT)), ("lang", Some(lang.code()))],
                    |h| {
                        h.el_text("p", &[], t.about);
                        let terms = terms(about, t);
                        if !terms.is_empty() {
                            h.el("ul", &[("class", Some("site-terms"))], |h| {
                                for term in &terms {
                                    h.el("li", &[], |h| {
                                        h.append(term);
                                    });
                                }
                            });
                        }
                        h.el(
                            "ul",
                            &[("class", Some("site-links")), ("aria-label", Some(t.links))],
                            |h| {
                                let llms = format!("{BASE_PATH}{}", vocab::urls::LLMS_INDEX);
                                // The index by the name it gives itself.
                                let index = texts(lang).index_heading;
                                for (href, text) in [(urls::index(lang), index), (llms, t.machines)] {
                                    h.el("li", &[], |h| {
                                        h.el_text("a", &[("href", Some(&href))], text);
                                    });
                                }
                            },
                        );
                    },
                );
            }
        });
    })
}

/// The footer's lines on who publishes the site and on which terms, in the language
/// of `t`: each a text with its name, linked where the owner gave an address.
fn terms(about: &About, t: &FooterTexts) -> Vec<Html> {
    let named = |template: &str, placeholder: &str, link: &Link| {
        let (before, after) = template.split_once(placeholder).unwrap_or((template, ""));
        build(|h| {
            h.text(before);
            match &link.url {
                Some(url) => {
                    h.el_text("a", &[("href", Some(url))], &link.label);
                }
                None => {
                    h.text(&link.label);
                }
            }
            h.text(after);
        })
    };
    let mut lines = Vec::new();
    if let Some(owner) = &about.owner {
        lines.push(named(t.owner, "{owner}", owner));
    }
    if let Some(licence) = &about.licence {
        lines.push(named(t.licence, "{licence}", licence));
    }
    if let Some(source) = &about.source {
        lines.push(build(|h| {
            h.el_text("a", &[("href", Some(source))], t.source);
        }));
    }
    lines
}

/// The action "Save for offline reading", in the site's footer. Hidden until
/// the page's offline script (`crates/site/scripts/offline.js`) has a service worker to
/// keep the pages with; one block per language, the one of the page's current
/// language shown (the app sets `<html lang>` as it navigates). The texts with
/// placeholders are the script's, in `data-` attributes. The status says the start
/// and the end only, above its buttons; the progress bar counts the pages. The
/// script finds the parts by their role (the status), element (the progress bar) and
/// order (the buttons: keep, confirm, cancel).
fn offline_action() -> Html {
    build(|h| {
        h.el("div", &[("class", Some(names::OFFLINE)), ("hidden", Some(""))], |h| {
            for lang in Lang::ALL {
                let t = offline_texts(lang);
                h.el(
                    "div",
                    &[
                        ("class", Some(names::OFFLINE_ACTION)),
                        ("lang", Some(lang.code())),
                        ("data-keep", Some(t.keep)),
                        ("data-ask", Some(t.ask)),
                        ("data-confirm", Some(t.confirm)),
                        ("data-busy", Some(t.busy)),
                        ("data-started", Some(t.started)),
                        ("data-done", Some(t.done)),
                        ("data-saved", Some(t.saved)),
                        ("data-update", Some(t.update)),
                        ("data-failed", Some(t.failed)),
                        ("data-unavailable", Some(t.unavailable)),
                    ],
                    |h| {
                        h.el_text("p", &[("class", Some("offline-intro"))], t.intro);
                        h.el(
                            "p",
                            &[("class", Some("offline-status")), ("role", Some("status"))],
                            |_| {},
                        );
                        h.el(
                            "progress",
                            &[
                                ("class", Some("offline-progress")),
                                ("aria-label", Some(t.progress)),
                                ("hidden", Some("")),
                            ],
                            |_| {},
                        );
                        h.el_text(
                            "button",
                            &[("type", Some("button")), ("class", Some("offline-keep"))],
                            t.keep,
                        );
                        for (class, text) in [("offline-confirm", t.confirm), ("offline-cancel", t.cancel)] {
                            h.el_text(
                                "button",
                                &[("type", Some("button")), ("class", Some(class)), ("hidden", Some(""))],
                                text,
                            );
                        }
                    },
                );
            }
        });
    })
}

/// The `<meta>` tags naming each language's index file.
fn data_links(h: &mut Html, bundle: &Bundle) {
    for lang in Lang::ALL {
        if let Some(path) = bundle.index_path(lang) {
            h.text("\n    ").void(
                "meta",
                &[("name", Some(&names::meta_index(lang))), ("content", Some(path))],
            );
        }
    }
}

/// The path of an entry's data file, from its language's index.
fn entry_file(entry: &EntryData) -> String {
    data::index(entry.lang)
        .and_then(|i| i.get(i.find(&entry.summary.slug)?))
        .map(|e| e.file.clone())
        .unwrap_or_default()
}

fn sitemap(pages: &[Page], origin: &str) -> String {
    let urls = build(|h| {
        for page in pages {
            h.text("  ");
            h.el("url", &[], |h| {
                h.text("\n    ").el_text("loc", &[], &format!("{origin}{}", page.path));
                for (lang, path) in &page.alternates {
                    let href = format!("{origin}{path}");
                    h.text("\n    ").empty(
                        "xhtml:link",
                        &[
                            ("rel", Some("alternate")),
                            ("hreflang", Some(lang)),
                            ("href", Some(&href)),
                        ],
                    );
                }
                h.text("\n  ");
            });
            h.text("\n");
        }
    });
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n{urls}</urlset>\n"
    )
}

fn write(dist: &Path, file: &str, bytes: &[u8]) -> Result<(), String> {
    let path = dist.join(file);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes every page, the data files of `bundle`, `404.html`, `sitemap.xml` and
/// `robots.txt` into `dist`; the title of each page, by its file.
pub fn write_all(dist: &Path, origin: &str, bundle: &'static Bundle, frame: &Frame) -> Result<Titles, String> {
    // Every page is rendered from this bundle: the app's one source of data files.
    if !Source::Carried(bundle).choose() {
        return Err("the app chose its data files before the pre-renderer could".into());
    }
    let pages = pages()?;
    for page in &pages {
        let body = build(|h| {
            h.append(&render(&page.path)).append(&site_footer(&bundle.about));
        });
        let html = frame.document(page.lang, &head(page, origin, bundle), &body, true)?;
        write(dist, &page.file, html.as_bytes())?;
    }
    // The data files: what the app fetches beyond a page (index, entries, prose).
    for (path, bytes) in &bundle.files {
        write(dist, path, bytes)?;
    }
    // Anything else: the app renders the not-found page; without JavaScript, a note.
    let head = build(|h| {
        h.void("meta", &[("name", Some("robots")), ("content", Some("noindex"))]);
        data_links(h, bundle);
        h.text("\n    ").el_text(
            "title",
            &[],
            &format!(
                "{} · {}",
                texts(Lang::En).not_found_title,
                texts(Lang::De).not_found_title
            ),
        );
    });
    let note = build(|h| {
        h.el_text("noscript", &[], &needs_scripts());
    });
    write(
        dist,
        "404.html",
        frame.document(Lang::En, &head, &note, false)?.as_bytes(),
    )?;
    write(dist, "sitemap.xml", sitemap(&pages, origin).as_bytes())?;
    let robots = format!(
        "User-agent: *\nAllow: /\nDisallow: {BASE_PATH}prose/\nDisallow: {BASE_PATH}data/\n\
         Sitemap: {origin}{BASE_PATH}sitemap.xml\n"
    );
    write(dist, "robots.txt", robots.as_bytes())?;
    Ok(pages.into_iter().map(|p| (p.file, p.title)).collect())
}

/// The note of a page only the app renders (the development shell, `404.html`),
/// shown where scripts do not run, in both languages.
pub fn needs_scripts() -> String {
    "This glossary needs JavaScript for its calculators. · Dieses Glossar braucht JavaScript für seine Rechner."
        .to_string()
}

/// The data files in the file `path`, kept for the rest of the run.
pub fn read_bundle(path: &Path) -> Result<&'static Bundle, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let bundle: Bundle = vocab::wire::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Box::leak(Box::new(bundle)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(label: &str, url: Option<&str>) -> Link {
        Link {
            label: label.into(),
            url: url.map(Into::into),
        }
    }

    #[test]
    fn the_footer_says_only_what_the_owner_wrote() {
        let html = site_footer(&About::default()).into_string();
        for lang in Lang::ALL {
            let t = footer_texts(lang);
            assert!(html.contains(t.about), "{html}");
            let owner = t.owner.split('{').next().unwrap_or_default();
            assert!(!html.contains(owner), "{html}");
            assert!(!html.contains(t.source), "{html}");
        }
        assert!(!html.contains("site-terms"), "{html}");
        assert!(html.contains(&format!("href=\"{BASE_PATH}llms.txt\"")), "{html}");
        // The action of offline reading is part of it, hidden until its script runs.
        assert!(
            html.contains(&format!("<div class=\"{}\" hidden", names::OFFLINE)),
            "{html}"
        );
    }

    #[test]
    fn the_footer_names_and_links_the_owner_and_the_licence() {
        let about = About {
            owner: Some(link("Jane <Doe> & Co", None)),
            licence: Some(link("CC BY 4.0", Some("https://creativecommons.org/licenses/by/4.0/"))),
            source: Some("https://example.org/g?a=1&b=\"2\"".into()),
        };
        let html = site_footer(&about).into_string();
        assert!(html.contains("Published by Jane &lt;Doe&gt; &amp; Co</li>"), "{html}");
        assert!(
            html.contains("Herausgegeben von Jane &lt;Doe&gt; &amp; Co</li>"),
            "{html}"
        );
        assert!(
            html.contains("Text licence: <a href=\"https://creativecommons.org/licenses/by/4.0/\">CC BY 4.0</a></li>"),
            "{html}"
        );
        assert!(
            html.contains("href=\"https://example.org/g?a=1&amp;b=&quot;2&quot;\">Source code</a>"),
            "{html}"
        );
    }
}
