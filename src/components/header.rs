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
        /// This entry's sections and the translation's, in order.
        sections: &'static [(String, String)],
        their_sections: &'static [String],
    },
}

/// Asks the translation to open at the section corresponding to the reader's.
fn remember_section(ours: &[(String, String)], theirs: &[String]) {
    match corresponding_section(ours, theirs) {
        Some(id) => urls::open_at_section(id),
        None => urls::clear_pending_section(),
    }
}

/// The section of the translation that corresponds to the one the reader is in:
/// the same position where both have as many sections, else the nearest by share.
fn corresponding_section(ours: &[(String, String)], theirs: &[String]) -> Option<String> {
    let document = web_sys::window()?.document()?;
    // The reader's section: the last heading above the upper part of the screen.
    let mut current = None;
    for (k, (id, _)) in ours.iter().enumerate() {
        let top = document.get_element_by_id(id)?.get_bounding_client_rect().top();
        if top > 120.0 {
            break;
        }
        current = Some(k);
    }
    let k = current?;
    let j = if ours.len() == theirs.len() {
        k
    } else {
        (k * theirs.len()) / ours.len().max(1)
    };
    theirs.get(j.min(theirs.len().saturating_sub(1))).cloned()
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
            sections,
            their_sections,
        } => view! {
            <a
                class="lang-switch"
                href=move || urls::with_query(&urls::entry(other, slug), &query.get())
                hreflang=other.code()
                lang=other.code()
                // Before the click: the router acts on the click itself.
                on:pointerdown=move |_| remember_section(sections, their_sections)
                on:keydown=move |_| remember_section(sections, their_sections)
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
