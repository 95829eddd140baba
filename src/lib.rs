//! The glossary site: a Leptos app over the data generated from `content/`.

// The calculator view is one deeply nested type when rendered to HTML natively.
#![recursion_limit = "256"]

pub mod app;
pub mod components;
pub mod data;
pub mod dom;
pub mod html;
pub mod i18n;
pub mod listen;
pub mod pages;
pub mod search;
#[cfg(not(target_arch = "wasm32"))]
pub mod shell;
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
    let body = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body());
    let prerendered = body.as_ref().is_some_and(|b| b.has_attribute(PRERENDERED));
    #[cfg(feature = "hydrate")]
    if prerendered {
        leptos::mount::hydrate_body(App);
    } else {
        leptos::mount::mount_to_body(App);
    }
    #[cfg(not(feature = "hydrate"))]
    {
        let _ = prerendered;
        leptos::mount::mount_to_body(App);
    }
    // The page is live: styles and tests can tell.
    if let Some(b) = body {
        let _ = b.set_attribute(LIVE, "");
    }
}

/// The attribute on `<body>` once the app has taken over the page.
pub const LIVE: &str = "data-live";
