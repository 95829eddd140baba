//! Light and dark colour schemes: the system's choice, or the reader's, remembered
//! across visits in `localStorage`. The theme script of every page
//! (`crates/site/scripts/theme.js`) applies the stored choice before the first
//! paint; this module changes it and tells the charts.

use crate::reactive::prelude::*;

use crate::data::Lang;
use crate::view::Builder;
use vocab::i18n::texts;
use vocab::names::{next_theme, THEMES, THEME_ATTR, THEME_KEY, THEME_TOGGLE};

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
        .and_then(|e| e.get_attribute(THEME_ATTR));
    match chosen.as_deref() {
        Some(scheme) if THEMES.contains(&scheme) => scheme == THEMES[0],
        _ => window
            .match_media("(prefers-color-scheme: dark)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches()),
    }
}

fn switch() {
    let Some(window) = web_sys::window() else { return };
    let Some(root) = window.document().and_then(|d| d.document_element()) else {
        return;
    };
    let next = next_theme(root.get_attribute(THEME_ATTR).as_deref());
    let storage = window.local_storage().ok().flatten();
    match next {
        Some(scheme) => {
            let _ = root.set_attribute(THEME_ATTR, scheme);
            if let Some(s) = storage {
                let _ = s.set_item(THEME_KEY, scheme);
            }
        }
        None => {
            let _ = root.remove_attribute(THEME_ATTR);
            if let Some(s) = storage {
                let _ = s.remove_item(THEME_KEY);
            }
        }
    }
}

/// The button that walks the colour schemes: the system's, dark, light. It names
/// the scheme in use; the styles show the name that matches `<html data-theme>`, so
/// that the pre-rendered page names it right from the first paint.
pub fn theme_toggle(b: &mut Builder, lang: Lang) {
    let t = texts(lang);
    let changed = use_context::<ThemeChanged>();
    b.on(&["click"], move |_| {
        switch();
        if let Some(ThemeChanged(v)) = changed {
            v.update(|n| *n += 1);
        }
    })
    .el(
        "button",
        &[
            ("type", Some("button")),
            ("class", Some(THEME_TOGGLE)),
            ("title", Some(t.switch_theme)),
        ],
        |b| {
            b.el_text("span", &[("class", Some("theme-system"))], t.theme_system)
                .el_text("span", &[("class", Some("theme-dark"))], t.theme_dark)
                .el_text("span", &[("class", Some("theme-light"))], t.theme_light);
        },
    );
}
