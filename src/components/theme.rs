//! Light and dark colour schemes: the system's choice, or the reader's, remembered
//! across visits in `localStorage`. A script in `index.html` applies the stored
//! choice before the first paint; this module changes it and tells the charts.

use leptos::prelude::*;

use crate::data::Lang;
use vocab::i18n::texts;

const KEY: &str = "theme";

/// Bumped on every change of scheme, so that charts redraw in the new colours.
#[derive(Clone, Copy)]
pub struct ThemeChanged(pub RwSignal<u32>);

/// Makes the scheme's change signal available to the whole app.
pub fn provide_theme() {
    provide_context(ThemeChanged(RwSignal::new(0)));
}

/// Whether the page shows the dark scheme (browser only).
pub fn is_dark() -> bool {
    let Some(window) = web_sys::window() else { return false };
    let chosen = window
        .document()
        .and_then(|d| d.document_element())
        .and_then(|e| e.get_attribute("data-theme"));
    match chosen.as_deref() {
        Some("dark") => true,
        Some("light") => false,
        _ => window
            .match_media("(prefers-color-scheme: dark)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches()),
    }
}

fn switch() {
    let next = if is_dark() { "light" } else { "dark" };
    let Some(window) = web_sys::window() else { return };
    if let Some(root) = window.document().and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-theme", next);
    }
    if let Ok(Some(storage)) = window.local_storage() {
        let _ = storage.set_item(KEY, next);
    }
}

/// The button that switches between light and dark.
#[component]
pub fn ThemeToggle(lang: Lang) -> impl IntoView {
    let changed = use_context::<ThemeChanged>();
    let on_click = move |_| {
        switch();
        if let Some(ThemeChanged(v)) = changed {
            v.update(|n| *n += 1);
        }
    };
    view! {
        <button type="button" class="theme-toggle" on:click=on_click>{texts(lang).switch_theme}</button>
    }
}
