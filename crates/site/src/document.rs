//! The page writer: every HTML document of the site written top to bottom by one
//! author, from one record of trunk's assets ([`Assets`]), the inline scripts and
//! each page's own head and body. The head is a list of parts; the policy hashes the
//! inline parts of that same list, so that it allows exactly what the head holds.
//!
//! The development shell (`index.html`, which trunk builds `cargo xtask serve`
//! from) is written here too, with trunk's directives in place of the assets.

use vocab::markup::{build, Attr, Html};
use vocab::Lang;

use crate::assets::Assets;
use crate::csp;
use crate::scripts::{self, Scripts};

/// When a page starts the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loading {
    /// When the reader needs it (the waking script), with the stylesheet inline: the site.
    Late,
    /// With the page, the stylesheet linked, as trunk's shell does: the build before
    /// reading first, which `cargo xtask bench` measures beside the site.
    AtOnce,
}

/// What every page of one build shares.
pub struct Frame {
    /// The site's base path, with a slash at both ends (`/glossary/`).
    pub base: String,
    pub assets: Assets,
    pub scripts: Scripts,
    pub loading: Loading,
}

/// A part of a head.
enum Part {
    /// Elements without text of their own to allow.
    Markup(Html),
    /// A `<script>` or `<style>` whose text the policy allows by its hash.
    Inline {
        tag: &'static str,
        attrs: Vec<(&'static str, String)>,
        text: String,
    },
}

impl Part {
    fn script(attrs: Vec<(&'static str, String)>, text: &str) -> Part {
        Part::Inline {
            tag: "script",
            attrs,
            text: text.to_string(),
        }
    }

    fn write(&self, h: &mut Html) -> Result<(), String> {
        match self {
            Part::Markup(markup) => {
                h.append(markup);
            }
            Part::Inline { tag, attrs, text } => {
                let attrs: Vec<Attr<'_>> = attrs.iter().map(|(n, v)| (*n, Some(v.as_str()))).collect();
                h.raw_text(tag, &attrs, text)?;
            }
        }
        Ok(())
    }
}

/// The elements at the start of every head, the development shell's too.
fn opening(h: &mut Html) {
    h.void("meta", &[("charset", Some("utf-8"))]);
    h.void(
        "meta",
        &[
            ("name", Some("viewport")),
            (
                "content",
                Some("width=device-width, initial-scale=1, interactive-widget=resizes-content"),
            ),
        ],
    );
    h.void(
        "meta",
        &[("name", Some("color-scheme")), ("content", Some("light dark"))],
    );
}

/// The icon and the manifest, below the site's base.
fn icons(h: &mut Html) {
    h.void(
        "link",
        &[
            ("rel", Some("icon")),
            ("type", Some("image/svg+xml")),
            ("href", Some("public/favicon.svg")),
        ],
    );
    h.void(
        "link",
        &[("rel", Some("manifest")), ("href", Some("public/manifest.webmanifest"))],
    );
}

/// The theme script's element.
fn theme(scripts: &Scripts) -> Part {
    Part::script(scripts::theme_names(), &scripts.theme)
}

/// The body's start tag with or without the mark of a pre-rendered page, the body and
/// the end of the document.
fn body(h: &mut Html, prerendered: bool, body: &Html) {
    let mark = prerendered.then_some("");
    h.el("body", &[(vocab::names::PRERENDERED, mark)], |h| {
        h.append(body);
    });
}

impl Frame {
    /// The head's parts, in order, around the page's own elements `own`.
    fn head(&self, own: &Html) -> Vec<Part> {
        let base = &self.base;
        let assets = &self.assets;
        let url = |name: &str| format!("{base}{name}");
        let mut parts = vec![
            Part::Markup(build(|h| {
                opening(h);
                h.void("base", &[("href", Some(base))]);
                if let Some(reader) = &assets.config_reader {
                    h.void(
                        "meta",
                        &[
                            ("name", Some(vocab::names::META_CONFIG_READER)),
                            ("content", Some(reader)),
                        ],
                    );
                }
            })),
            theme(&self.scripts),
            Part::Markup(own.clone()),
        ];
        match self.loading {
            Loading::Late => {
                parts.push(Part::Inline {
                    tag: "style",
                    attrs: Vec::new(),
                    text: assets.css_text.clone(),
                });
                parts.push(Part::Markup(build(icons)));
                let mut names = vec![("data-glue", url(&assets.glue)), ("data-wasm", url(&assets.wasm))];
                names.extend(scripts::wake_names());
                parts.push(Part::script(names, &self.scripts.wake));
            }
            Loading::AtOnce => {
                parts.push(Part::Markup(build(|h| {
                    h.void(
                        "link",
                        &[
                            ("rel", Some("stylesheet")),
                            ("href", Some(&url(&assets.css))),
                            ("integrity", Some(&assets.integrity.css)),
                        ],
                    );
                    icons(h);
                    h.void(
                        "link",
                        &[
                            ("rel", Some("modulepreload")),
                            ("href", Some(&url(&assets.glue))),
                            ("crossorigin", Some("anonymous")),
                            ("integrity", Some(&assets.integrity.glue)),
                        ],
                    );
                    h.void(
                        "link",
                        &[
                            ("rel", Some("preload")),
                            ("href", Some(&url(&assets.wasm))),
                            ("as", Some("fetch")),
                            ("type", Some("application/wasm")),
                            ("crossorigin", Some("anonymous")),
                            ("integrity", Some(&assets.integrity.wasm)),
                        ],
                    );
                })));
                let quoted = |s: String| serde_json::Value::String(s).to_string();
                let loader = format!(
                    "import init from {};await init({{module_or_path:{}}})",
                    quoted(url(&assets.glue)),
                    quoted(url(&assets.wasm))
                );
                parts.push(Part::Inline {
                    tag: "script",
                    attrs: vec![("type", "module".to_string())],
                    text: loader,
                });
            }
        }
        parts.push(Part::script(scripts::offline_names(), &self.scripts.offline));
        parts
    }

    /// A page in `lang`: the policy, the shared head around the page's own elements
    /// `own_head`, then `body_markup` (marked as pre-rendered when the app's views
    /// wrote it).
    pub fn document(
        &self,
        lang: Lang,
        own_head: &Html,
        body_markup: &Html,
        prerendered: bool,
    ) -> Result<String, String> {
        let parts = self.head(own_head);
        let texts = |tag: &str| -> Vec<&str> {
            parts
                .iter()
                .filter_map(|p| match p {
                    Part::Inline { tag: t, text, .. } if *t == tag => Some(text.as_str()),
                    _ => None,
                })
                .collect()
        };
        let (scripts, styles) = (texts("script"), texts("style"));
        let policy = csp::policy(scripts.iter().copied(), styles.iter().copied());
        let reader_folder = self
            .assets
            .config_reader
            .as_deref()
            .and_then(|r| r.rsplit_once('/'))
            .map(|(folder, _)| format!("{folder}/"));
        let narrowed = csp::path_policy(&self.base, reader_folder.as_deref(), scripts.iter().copied())?;
        let mut failed = None;
        let html = build(|h| {
            h.el("html", &[("lang", Some(lang.code()))], |h| {
                h.el("head", &[], |h| {
                    for content in [&policy, &narrowed] {
                        h.void(
                            "meta",
                            &[
                                ("http-equiv", Some("Content-Security-Policy")),
                                ("content", Some(content)),
                            ],
                        );
                    }
                    for part in &parts {
                        if let Err(e) = part.write(h) {
                            failed.get_or_insert(e);
                        }
                    }
                });
                body(h, prerendered, body_markup);
            });
        });
        match failed {
            Some(e) => Err(e),
            None => Ok(format!("<!doctype html>{html}")),
        }
    }
}

/// The development shell, `index.html`: what trunk builds `cargo xtask serve` from
/// (its directives name the stylesheet, the public files and the app), with the
/// head every page opens with and the theme script as written.
pub fn development_shell(scripts: &Scripts, title: &str, noscript: &str) -> Result<String, String> {
    let mut failed = None;
    let nl = |h: &mut Html| {
        h.text("\n    ");
    };
    let html = build(|h| {
        h.el("html", &[("lang", Some(Lang::En.code()))], |h| {
            h.text("\n  ");
            h.el("head", &[], |h| {
                for part in [
                    Part::Markup(build(opening)),
                    Part::Markup(build(|h| {
                        h.void("base", &[("data-trunk-public-url", Some(""))]);
                    })),
                    theme(scripts),
                    Part::Markup(build(|h| {
                        h.el_text("title", &[], title);
                    })),
                    Part::Markup(build(|h| {
                        h.void(
                            "link",
                            &[
                                ("data-trunk", Some("")),
                                ("rel", Some("css")),
                                ("href", Some("style/main.css")),
                            ],
                        );
                        nl(h);
                        h.void(
                            "link",
                            &[
                                ("data-trunk", Some("")),
                                ("rel", Some("copy-dir")),
                                ("href", Some("public")),
                            ],
                        );
                        nl(h);
                        icons(h);
                        nl(h);
                        h.void(
                            "link",
                            &[
                                ("data-trunk", Some("")),
                                ("rel", Some("rust")),
                                ("data-bin", Some("glossary")),
                                ("data-cargo-features", Some("csr")),
                                ("data-wasm-opt", Some("z")),
                            ],
                        );
                    })),
                ] {
                    nl(h);
                    if let Err(e) = part.write(h) {
                        failed.get_or_insert(e);
                    }
                }
                h.text("\n  ");
            });
            h.text("\n  ");
            body(
                h,
                false,
                &build(|h| {
                    h.text("\n    ").el_text("noscript", &[], noscript).text("\n  ");
                }),
            );
            h.text("\n");
        });
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(format!("<!doctype html>\n{html}\n")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::Integrity;
    use base64::Engine;
    use sha2::Digest;

    fn frame(loading: Loading) -> Frame {
        Frame {
            base: "/glossary/".into(),
            assets: Assets {
                glue: "app-1.js".into(),
                wasm: "app-1_bg.wasm".into(),
                css: "main-2.css".into(),
                css_text: "p{margin:0}".into(),
                integrity: Integrity {
                    glue: "sha384-g".into(),
                    wasm: "sha384-w".into(),
                    css: "sha384-c".into(),
                },
                config_reader: Some("reader/config-reader-1.worker.js".into()),
            },
            scripts: Scripts {
                theme: "theme()".into(),
                wake: "wake()".into(),
                offline: "offline()".into(),
            },
            loading,
        }
    }

    /// The texts of the elements `<{tag}…>` without `src` in `html`, read as a browser
    /// reads them: from the start tag's end to the first `</{tag}`.
    fn inline(html: &str, tag: &str) -> Vec<String> {
        let mut found = Vec::new();
        let mut rest = html;
        while let Some(at) = rest.find(&format!("<{tag}")) {
            let open_end = at + rest[at..].find('>').unwrap();
            let text_end = open_end + rest[open_end..].find(&format!("</{tag}")).unwrap();
            if !rest[at..open_end].contains(" src=") {
                found.push(rest[open_end + 1..text_end].to_string());
            }
            rest = &rest[text_end..];
        }
        found
    }

    /// The `content` of each policy `<meta>`, its character references resolved.
    fn policies(html: &str) -> Vec<String> {
        html.split("<meta http-equiv=\"Content-Security-Policy\" content=\"")
            .skip(1)
            .map(|rest| vocab::markup::unescape(&rest[..rest.find('"').unwrap()]).into_owned())
            .collect()
    }

    fn hash(text: &str) -> String {
        format!(
            "'sha256-{}'",
            base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(text.as_bytes()))
        )
    }

    /// The policy allows exactly the inline scripts and styles the written head holds:
    /// derived here from the document, not from the parts it was written from.
    #[test]
    fn the_policy_hashes_what_the_written_head_holds() {
        let own = build(|h| {
            h.el_text("title", &[], "T");
        });
        let body = build(|h| {
            h.el_text("p", &[], "x");
        });
        for loading in [Loading::Late, Loading::AtOnce] {
            let html = frame(loading).document(Lang::De, &own, &body, true).unwrap();
            let head = &html[..html.find("</head>").unwrap()];
            let [all, narrowed] = <[String; 2]>::try_from(policies(head)).unwrap();
            let scripts = inline(head, "script");
            let styles = inline(head, "style");
            assert_eq!(
                scripts.len(),
                3,
                "{loading:?}: theme, waking or loader, offline: {head}"
            );
            assert_eq!(styles.len(), usize::from(loading == Loading::Late), "{head}");
            let script_src = all.split("; ").find(|d| d.starts_with("script-src")).unwrap();
            let style_src = all.split("; ").find(|d| d.starts_with("style-src")).unwrap();
            for text in &scripts {
                assert!(script_src.contains(&hash(text)), "{text} in {script_src}");
                assert!(narrowed.contains(&hash(text)), "{text} in {narrowed}");
            }
            for text in &styles {
                assert!(style_src.contains(&hash(text)), "{text} in {style_src}");
            }
            assert_eq!(script_src.matches("'sha256-").count(), scripts.len());
            assert_eq!(style_src.matches("'sha256-").count(), styles.len());
            // The policy comes first, before anything a browser would fetch or run.
            assert!(
                head.starts_with("<!doctype html><html lang=\"de\"><head><meta http-equiv"),
                "{head}"
            );
            assert!(
                html.contains("<body data-prerendered=\"\"><p>x</p></body></html>"),
                "{html}"
            );
        }
    }

    #[test]
    fn a_late_page_holds_its_styles_and_wakes_the_app() {
        let html = frame(Loading::Late)
            .document(Lang::En, &Html::new(), &Html::new(), false)
            .unwrap();
        assert!(html.contains("<style>p{margin:0}</style>"), "{html}");
        assert!(
            html.contains("<script data-glue=\"/glossary/app-1.js\" data-wasm=\"/glossary/app-1_bg.wasm\" data-entry=")
                && html.contains("\">wake()</script>"),
            "{html}"
        );
        assert!(!html.contains("stylesheet") && !html.contains("preload"), "{html}");
        assert!(html.contains("<body></body>"), "{html}");
    }

    #[test]
    fn an_at_once_page_links_and_starts_the_app_with_its_integrity() {
        let html = frame(Loading::AtOnce)
            .document(Lang::En, &Html::new(), &Html::new(), false)
            .unwrap();
        for part in [
            "<link rel=\"stylesheet\" href=\"/glossary/main-2.css\" integrity=\"sha384-c\">",
            "<link rel=\"modulepreload\" href=\"/glossary/app-1.js\" crossorigin=\"anonymous\" integrity=\"sha384-g\">",
            "integrity=\"sha384-w\">",
            "<script type=\"module\">import init from \"/glossary/app-1.js\";\
             await init({module_or_path:\"/glossary/app-1_bg.wasm\"})</script>",
        ] {
            assert!(html.contains(part), "{part} in {html}");
        }
        assert!(!html.contains("wake()") && !html.contains("<style>"), "{html}");
    }

    #[test]
    fn a_script_that_would_end_its_element_is_refused() {
        let mut frame = frame(Loading::Late);
        frame.scripts.offline = "x('</script>')".into();
        assert!(frame.document(Lang::En, &Html::new(), &Html::new(), true).is_err());
        let mut frame = self::frame(Loading::Late);
        frame.base = "/a b/".into();
        assert!(frame.document(Lang::En, &Html::new(), &Html::new(), true).is_err());
    }

    /// trunk builds `cargo xtask serve` from `index.html`; the page writer writes it.
    /// `UPDATE_SHELL=1 cargo test -p site` writes it anew.
    #[test]
    fn the_development_shell_is_written_by_the_page_writer() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../index.html");
        let shell = development_shell(
            &Scripts::source(),
            vocab::i18n::texts(Lang::En).site_title,
            &crate::pages::needs_scripts(),
        )
        .unwrap();
        if std::env::var_os("UPDATE_SHELL").is_some() {
            std::fs::write(&path, &shell).unwrap();
        }
        let written = std::fs::read_to_string(&path).unwrap();
        assert!(
            written == shell,
            "index.html is not the page writer's development shell: run `UPDATE_SHELL=1 cargo test -p site`"
        );
        assert_eq!(inline(&shell, "script"), [crate::scripts::THEME.to_string()]);
    }
}
