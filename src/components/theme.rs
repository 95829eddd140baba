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

/// The next scheme in the cycle the button walks: the system's, dark, light.
fn next(current: Option<&str>) -> Option<&'static str> {
    match current {
        None => Some("dark"),
        Some("dark") => Some("light"),
        Some(_) => None,
    }
}

fn switch() {
    let Some(window) = web_sys::window() else { return };
    let Some(root) = window.document().and_then(|d| d.document_element()) else {
        return;
    };
    let next = next(root.get_attribute("data-theme").as_deref());
    let storage = window.local_storage().ok().flatten();
    match next {
        Some(scheme) => {
            let _ = root.set_attribute("data-theme", scheme);
            if let Some(s) = storage {
                let _ = s.set_item(KEY, scheme);
            }
        }
        None => {
            let _ = root.remove_attribute("data-theme");
            if let Some(s) = storage {
                let _ = s.remove_item(KEY);
            }
        }
    }
}

/// The button that walks the colour schemes: the system's, dark, light. It names
/// the scheme in use; the styles show the name that matches `<html data-theme>`, so
/// that the pre-rendered page names it right from the first paint.
#[component]
pub fn ThemeToggle(lang: Lang) -> impl IntoView {
    let t = texts(lang);
    let changed = use_context::<ThemeChanged>();
    let on_click = move |_| {
        switch();
        if let Some(ThemeChanged(v)) = changed {
            v.update(|n| *n += 1);
        }
    };
    view! {
        <button type="button" class="theme-toggle" title=t.switch_theme on:click=on_click>
            <span class="theme-system">{t.theme_system}</span>
            <span class="theme-dark">{t.theme_dark}</span>
            <span class="theme-light">{t.theme_light}</span>
        </button>
    }
}

#[cfg(test)]
mod tests {
    use super::next;

    #[test]
    fn the_button_walks_system_dark_light() {
        assert_eq!(next(None), Some("dark"));
        assert_eq!(next(Some("dark")), Some("light"));
        assert_eq!(next(Some("light")), None);
    }
}
