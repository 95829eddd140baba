//! The glossary site: the app over the data files built from `content/`, its pages
//! written by [`view`], its state Leptos' reactive graph.

pub mod address;
pub mod app;
pub mod bound;
pub mod components;
pub mod config_worker;
pub mod data;
pub mod dom;
pub mod listen;
pub mod num;
pub mod order;
pub mod pages;
pub mod platform;
pub mod reactive;
pub mod router;
pub mod search;
pub mod take_over;
pub mod urls;
pub mod view;

pub use app::app;

use vocab::names;
pub use vocab::names::{LIVE, PRERENDERED};

/// Starts the app in the browser (`wake.js` calls it when the reader needs it, see the
/// docs/reading.md, "Reading first"): takes over a pre-rendered page (see
/// [`take_over`]), or renders into an empty one (`trunk serve`, the 404 page). A
/// pre-rendered entry page names its data file, which the waking script preloads; the
/// app reads it before it takes the page over, so that it writes the page the reader
/// sees. Where that file cannot be had, the page stays as written: complete, without
/// the app.
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
        let Some(body) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()) else {
            return;
        };
        let prerendered = body.has_attribute(PRERENDERED);
        let entry = match data::load_page_entry().await {
            Ok(entry) => entry,
            Err(_) if prerendered => {
                // The page stays as written; the controls that need the app go.
                if let Some(root) = body.owner_document().and_then(|d| d.document_element()) {
                    let _ = root.set_attribute(vocab::names::APP_STATE, "off");
                }
                return;
            }
            Err(_) => None,
        };
        if prerendered {
            // What the page shows without a fetch: the entry's prose, an index's lists.
            if let Some(entry) = entry {
                data::keep_prose_of_page(
                    entry,
                    take_over::inner_html_of(&body, &format!("article .{}", names::PROSE)),
                );
            }
            pages::index::read_prerendered(&body);
            // Live once taken over (it says so itself).
            take_over::take_over(&body, || app::mount(&body)).await;
        } else {
            app::mount(&body);
            // The page is live: styles and tests can tell.
            let _ = body.set_attribute(LIVE, "");
        }
    });
}
