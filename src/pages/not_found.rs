//! The page for unknown languages and slugs.

use std::fmt::Write;

use leptos::prelude::*;

use crate::components::head::use_head;
use crate::components::header::SiteHeader;
use crate::data::Lang;
use crate::html::escape;
use crate::i18n::texts;
use crate::urls;

/// "Page not found", in `lang` where known, in both languages otherwise.
#[component]
pub fn NotFound(lang: Option<Lang>) -> impl IntoView {
    let langs: Vec<Lang> = match lang {
        Some(l) => vec![l],
        None => vec![Lang::En, Lang::De],
    };
    let title = langs
        .iter()
        .map(|l| texts(*l).not_found_title)
        .collect::<Vec<_>>()
        .join(" · ");
    let main_lang = langs[0];
    use_head(title, main_lang);
    let mut html = String::new();
    for l in langs {
        let t = texts(l);
        let _ = write!(
            html,
            r#"<section lang="{}"><h1>{}</h1><p>{}</p><p><a href="{}">{}</a></p></section>"#,
            l.code(),
            escape(t.not_found_title),
            escape(t.not_found_text),
            escape(&urls::index(l)),
            escape(t.back_to_index)
        );
    }
    view! {
        <SiteHeader lang=main_lang switch=None/>
        // Static markup as a string: less code in the bundle (see `crate::html`).
        <main id="main" tabindex="-1" class="not-found" inner_html=html></main>
    }
}
