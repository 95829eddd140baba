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
    /// the calculator's query string and the section the reader is in.
    Entry {
        translation: Option<&'static str>,
        query: Signal<String>,
        /// The entry's sections (id, title) and, for each, its counterpart's id.
        sections: &'static [(String, String)],
        counterparts: &'static [String],
    },
}

/// The section the reader is in: the last whose heading has passed the upper quarter
/// of the viewport; `None` above the first.
fn current_section(sections: &[(String, String)]) -> Option<usize> {
    let window = web_sys::window()?;
    let document = window.document()?;
    let reading_line = window.inner_height().ok()?.as_f64()? / 4.0;
    sections
        .iter()
        .map(|(id, _)| document.get_element_by_id(id))
        .take_while(|h| {
            h.as_ref()
                .is_some_and(|h| h.get_bounding_client_rect().top() <= reading_line)
        })
        .count()
        .checked_sub(1)
}

/// Points the language switch at the counterpart of the reader's section, just
/// before it is followed (or its address shown or copied).
fn keep_section(link: &web_sys::Element, base: &str, sections: &[(String, String)], counterparts: &[String]) {
    let target = current_section(sections).and_then(|i| counterparts.get(i));
    let href = match target {
        Some(id) => format!("{base}#{id}"),
        None => base.to_string(),
    };
    let _ = link.set_attribute("href", &href);
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

/// [`keep_section`] for the link an event reached.
fn aim(
    ev: &web_sys::Event,
    other: Lang,
    slug: &str,
    query: Signal<String>,
    sections: &[(String, String)],
    counterparts: &[String],
) {
    let link = ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    if let Some(link) = link {
        let base = urls::with_query(&urls::entry(other, slug), &query.get_untracked());
        keep_section(&link, &base, sections, counterparts);
    }
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
            counterparts,
        } => view! {
            <a
                class="lang-switch"
                href=move || urls::with_query(&urls::entry(other, slug), &query.get())
                hreflang=other.code()
                lang=other.code()
                on:click=move |ev| aim(&ev, other, slug, query, sections, counterparts)
                on:focus=move |ev| aim(&ev, other, slug, query, sections, counterparts)
                on:pointerenter=move |ev| aim(&ev, other, slug, query, sections, counterparts)
                on:contextmenu=move |ev| aim(&ev, other, slug, query, sections, counterparts)
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
