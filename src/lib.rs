//! The glossary site: a Leptos app over the data generated from `content/`.

// The calculator view is one deeply nested type when rendered to HTML natively.
#![recursion_limit = "256"]

pub mod app;
pub mod components;
pub mod data;
pub mod i18n;
pub mod pages;
pub mod urls;

pub use app::App;

/// The attribute `cargo xtask dist` puts on `<body>` of a pre-rendered page.
pub const PRERENDERED: &str = "data-prerendered";

/// Starts the app in the browser: takes over a pre-rendered page (hydration), or
/// renders into an empty one (`trunk serve`, the 404 page).
pub fn mount() {
    // Debug builds say why they panicked; release builds abort without the text.
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    #[cfg(feature = "hydrate")]
    {
        let prerendered = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.body())
            .is_some_and(|b| b.has_attribute(PRERENDERED));
        if prerendered {
            leptos::mount::hydrate_body(App);
            return;
        }
    }
    leptos::mount::mount_to_body(App);
}
