//! The header on every page: site title, search, language switch, theme, skip link.

use leptos::prelude::*;

use crate::components::search::Search;
use crate::components::theme::ThemeToggle;
use crate::data::{Lang, ENTRIES};
use crate::i18n::texts;
use crate::urls;

/// Where the language switch leads.
#[derive(Clone)]
pub enum LanguageTarget {
    /// The other language's index.
    Index,
    /// The same concept in the other language (the entry's translation), keeping
    /// the calculator's query string.
    Entry {
        translation: Option<usize>,
        query: Signal<String>,
    },
}

/// The header.
#[component]
pub fn SiteHeader(lang: Lang, switch: Option<LanguageTarget>) -> impl IntoView {
    let t = texts(lang);
    let other = lang.other();
    let switch = switch.map(|target| match target {
        LanguageTarget::Index => view! {
            <a class="lang-switch" href=urls::index(other) hreflang=other.code() lang=other.code()>
                {texts(other).language_name}
            </a>
        }
        .into_any(),
        LanguageTarget::Entry {
            translation: Some(i),
            query,
        } => {
            let slug = ENTRIES[i].slug;
            view! {
                <a
                    class="lang-switch"
                    href=move || urls::with_query(&urls::entry(other, slug), &query.get())
                    hreflang=other.code()
                    lang=other.code()
                >
                    {texts(other).language_name}
                </a>
            }
            .into_any()
        }
        LanguageTarget::Entry { translation: None, .. } => view! {
            <span class="lang-switch missing" lang=lang.code()>{t.no_translation}</span>
        }
        .into_any(),
    });
    view! {
        <a class="skip-link" href="#main">{t.skip_to_content}</a>
        <header class="site-header">
            <a class="site-title" href=urls::index(lang)>{t.site_title}</a>
            <Search lang/>
            <nav aria-label=t.switch_language>{switch}<ThemeToggle lang/></nav>
        </header>
    }
}
