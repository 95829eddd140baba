//! The document's title and language. Pre-rendered pages carry both in their HTML;
//! in the browser they follow the page after each navigation.

use leptos::prelude::*;

use crate::data::Lang;

/// Sets `<title>` and `<html lang>` once the page is shown (browser only: effects do
/// not run while pre-rendering).
pub fn use_head(title: String, lang: Lang) {
    Effect::new(move |_| {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        document.set_title(&title);
        if let Some(root) = document.document_element() {
            let _ = root.set_attribute("lang", lang.code());
        }
    });
}
