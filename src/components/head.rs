//! The document's title and language. Pre-rendered pages carry both in their HTML;
//! in the browser they follow the page after each navigation.

use vocab::names;

use crate::data::Lang;

/// Sets `<title>` and `<html lang>` once the page is shown (browser only: effects do
/// not run while pre-rendering).
pub fn use_head(title: String, lang: Lang) {
    crate::reactive::effect(move || {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        // A new title means the app navigated: the focus goes to the new page's
        // content (without scrolling), as a page load would put it at its start.
        let navigated = document.title() != title;
        document.set_title(&title);
        if let Some(root) = document.document_element() {
            let _ = root.set_attribute("lang", lang.code());
        }
        if navigated {
            // In the next frame, with the page's own layout, not in the middle of
            // rendering it (focusing forces a layout).
            crate::listen::next_frame(|| {
                let main = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.get_element_by_id(names::MAIN))
                    .and_then(|m| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(m).ok());
                if let Some(main) = main {
                    let options = web_sys::FocusOptions::new();
                    options.set_prevent_scroll(true);
                    let _ = main.focus_with_options(&options);
                }
            });
        }
    });
}
