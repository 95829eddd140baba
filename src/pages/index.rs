//! `/{lang}/`: the terms of one language, alphabetically.

use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use crate::components::head::use_head;
use crate::components::header::{LanguageTarget, SiteHeader};
use crate::data::{entries, Lang};
use crate::i18n::texts;
use crate::pages::not_found::NotFound;
use crate::urls;

/// A sort key in which case and accents do not matter and ß sorts as ss
/// (German dictionary order, which English order agrees with for these letters).
pub fn collation_key(term: &str) -> String {
    let mut key = String::with_capacity(term.len());
    for ch in term.chars().flat_map(char::to_lowercase) {
        match ch {
            'ä' | 'à' | 'á' | 'â' => key.push('a'),
            'ö' | 'ò' | 'ó' | 'ô' => key.push('o'),
            'ü' | 'ù' | 'ú' | 'û' => key.push('u'),
            'é' | 'è' | 'ê' => key.push('e'),
            'ß' => key.push_str("ss"),
            c if c.is_alphanumeric() => key.push(c),
            _ => key.push(' '),
        }
    }
    key
}

/// The index of one language.
#[component]
pub fn IndexPage() -> impl IntoView {
    let params = use_params_map();
    move || {
        let code = params.read().get("lang").unwrap_or_default();
        match Lang::from_code(&code) {
            Some(lang) => view! { <Index lang=lang/> }.into_any(),
            None => view! { <NotFound lang=None/> }.into_any(),
        }
    }
}

#[component]
fn Index(lang: Lang) -> impl IntoView {
    let t = texts(lang);
    let mut list: Vec<_> = entries(lang).collect();
    list.sort_by_cached_key(|(_, e)| collation_key(e.term));
    let count = list.len();
    use_head(format!("{} · {}", t.index_heading, t.site_title), lang);
    view! {
        <SiteHeader lang=lang switch=Some(LanguageTarget::Index)/>
        <main id="main" class="index">
            <h1>{t.index_heading}</h1>
            <p class="count">{(t.entries_count)(count)}</p>
            <ul class="term-list">
                {list
                    .into_iter()
                    .map(|(_, e)| {
                        view! {
                            <li>
                                <a class="term" href=urls::entry(lang, e.slug)>{e.term}</a>
                                {e.draft.then(|| view! { <span class="badge draft">{t.draft}</span> })}
                                <p class="short">{e.short}</p>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </main>
    }
}

#[cfg(test)]
mod tests {
    use super::collation_key;

    #[test]
    fn umlauts_sort_with_their_base_letter() {
        let mut terms = vec!["Zeit", "Übertragung", "Uhr", "Maß", "Masse", "apfel"];
        terms.sort_by_key(|t| collation_key(t));
        assert_eq!(terms, vec!["apfel", "Maß", "Masse", "Übertragung", "Uhr", "Zeit"]);
    }
}
