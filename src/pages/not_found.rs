//! The page for unknown languages and slugs.

use leptos::prelude::*;

use crate::components::head::use_head;
use crate::components::header::SiteHeader;
use crate::data::Lang;
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
    view! {
        <SiteHeader lang=main_lang switch=None/>
        <main id="main" class="not-found">
            {langs
                .into_iter()
                .map(|l| {
                    let t = texts(l);
                    view! {
                        <section lang=l.code()>
                            <h1>{t.not_found_title}</h1>
                            <p>{t.not_found_text}</p>
                            <p><a href=urls::index(l)>{t.back_to_index}</a></p>
                        </section>
                    }
                })
                .collect_view()}
        </main>
    }
}
