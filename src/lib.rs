//! The glossary site: a Leptos app over the data files built from `content/`.

// The calculator view is one deeply nested type when rendered to HTML natively.
#![recursion_limit = "256"]

pub mod address;
pub mod app;
pub mod components;
pub mod data;
pub mod dom;
pub mod listen;
pub mod num;
pub mod order;
pub mod pages;
pub mod platform;
pub mod search;
pub mod urls;

pub use app::App;

pub use vocab::names::{LIVE, PRERENDERED};

/// Starts the app in the browser (`wake.js` calls it when the reader needs it, see the
/// docs/reading.md, "Reading first"): takes over a pre-rendered page (hydration), or
/// renders into an empty one (`trunk serve`, the 404 page). A pre-rendered entry
/// page names its data file, which the waking script preloads; the app reads it before it
/// takes the page over, so that it meets the markup it would write itself. Where
/// that file cannot be had, the page stays as written: complete, without the app.
pub fn mount() {
    // Debug builds say why they panicked; release builds abort without the text.
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    // The data files: carried by a debug build (`trunk serve`), fetched by a release
    // build; chosen once, here.
    data::Source::of_build().choose();
    // Before the router reads the address: a query beyond the bounds goes.
    address::bound();
    wasm_bindgen_futures::spawn_local(async {
        let body = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body());
        let prerendered = body.as_ref().is_some_and(|b| b.has_attribute(PRERENDERED));
        if data::load_page_entry().await.is_err() && prerendered {
            // The page stays as written; the controls that need the app go.
            if let Some(root) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
            {
                let _ = root.set_attribute(vocab::names::APP_STATE, "off");
            }
            return;
        }
        #[cfg(feature = "hydrate")]
        if prerendered {
            data::while_hydrating(|| leptos::mount::hydrate_body(App));
        } else {
            leptos::mount::mount_to_body(App);
        }
        #[cfg(not(feature = "hydrate"))]
        leptos::mount::mount_to_body(App);
        // The page is live: styles and tests can tell.
        if let Some(b) = body {
            let _ = b.set_attribute(LIVE, "");
        }
    });
}
