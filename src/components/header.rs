//! The header on every page: site title, search, language switch, theme, skip link.

use leptos::prelude::*;
use leptos_router::hooks::use_location;
use wasm_bindgen::JsCast;

use crate::components::search::Search;
use crate::components::theme::ThemeToggle;
use crate::data::Lang;
use crate::urls;
use vocab::i18n::texts;

/// Where the language switch leads.
#[derive(Clone)]
pub enum LanguageTarget {
    /// The other language's index.
    Index,
    /// The same concept in the other language (the entry's translation), keeping
    /// the calculator's query string.
    Entry {
        translation: Option<&'static str>,
        query: Signal<String>,
    },
}

/// Scrolls to the element with `id` and gives it the focus (it needs a `tabindex`),
/// as following an in-page link would; `false` where there is no such element.
pub fn move_focus_to(id: &str) -> bool {
    let target = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    let Some(target) = target else { return false };
    target.scroll_into_view();
    let _ = target.focus();
    true
}

/// Moves the focus to the page's main content.
fn skip_to_main(ev: leptos::ev::MouseEvent) {
    if move_focus_to("main") {
        ev.prevent_default();
    }
}

/// The header.
#[component]
pub fn SiteHeader(lang: Lang, switch: Option<LanguageTarget>) -> impl IntoView {
    let t = texts(lang);
    let location = use_location();
    let other = lang.other();
    let switch = switch.map(|target| match target {
        LanguageTarget::Index => view! {
            <a class="lang-switch" href=urls::index(other) hreflang=other.code() lang=other.code()>
                {texts(other).language_name}
            </a>
        }
        .into_any(),
        LanguageTarget::Entry {
            translation: Some(slug),
            query,
        } => view! {
            <a
                class="lang-switch"
                href=move || urls::with_query(&urls::entry(other, slug), &query.get())
                hreflang=other.code()
                lang=other.code()
            >
                {texts(other).language_name}
            </a>
        }
        .into_any(),
        LanguageTarget::Entry { translation: None, .. } => view! {
            <span class="lang-switch missing" lang=lang.code()>{t.no_translation}</span>
        }
        .into_any(),
    });
    view! {
        // The page's own path: a bare `#main` would resolve against `<base>` and leave
        // the page. With the app running, the focus moves to the content directly.
        <a class="skip-link" href=move || format!("{}#main", location.pathname.get()) on:click=skip_to_main>
            {t.skip_to_content}
        </a>
        <header class="site-header">
            <a class="site-title" href=urls::index(lang)>{t.site_title}</a>
            <Search lang/>
            <nav aria-label=t.switch_language>{switch}<ThemeToggle lang/></nav>
        </header>
    }
}
