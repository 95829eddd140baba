//! `/`: sends the reader to the index of the browser's language.

use leptos::prelude::*;
use vocab::names;

use crate::components::head::use_head;
use crate::data::Lang;
use crate::urls;
use vocab::i18n::texts;

/// The browser's preferred site language; English where it prefers neither.
fn preferred_language() -> Lang {
    let Some(window) = web_sys::window() else {
        return Lang::En;
    };
    let navigator = window.navigator();
    let mut codes: Vec<String> = navigator.languages().iter().filter_map(|v| v.as_string()).collect();
    if let Some(first) = navigator.language() {
        codes.insert(0, first);
    }
    codes
        .iter()
        .find_map(|c| Lang::from_code(&c.get(..2).unwrap_or_default().to_ascii_lowercase()))
        .unwrap_or(Lang::En)
}

/// The root page: a plain choice of language, replaced at once by the preferred one.
#[component]
pub fn Home() -> impl IntoView {
    // A page load rather than a route change: the index is a pre-rendered page of
    // its own, and the root stays out of the history.
    crate::reactive::effect(move || {
        if let Some(window) = web_sys::window() {
            let _ = window.location().replace(&urls::index(preferred_language()));
        }
    });
    use_head(
        format!("{} · {}", texts(Lang::De).site_title, texts(Lang::En).site_title),
        Lang::En,
    );
    let choices = Lang::ALL
        .into_iter()
        .map(|l| {
            view! {
                <li>
                    <a href=urls::index(l) hreflang=l.code() lang=l.code()>
                        {texts(l).language_name}
                    </a>
                </li>
            }
        })
        .collect_view();
    view! {
        <main class="home" id=names::MAIN tabindex="-1">
            <h1>{texts(Lang::De).site_title}" · "{texts(Lang::En).site_title}</h1>
            <ul class="language-choice">
                {choices}
            </ul>
        </main>
    }
}
