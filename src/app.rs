//! The whole site: the page of the address (see [`crate::router`] and
//! [`crate::urls::Route`]).

use crate::reactive::prelude::*;

use crate::components::theme::provide_theme;
use crate::pages::{entry::entry_page, home::home, index::index_page, not_found::not_found};
use crate::router::provide_location;
use crate::urls::Route;
use crate::view::{view, Builder, View};

/// The page of `route`.
fn page(b: &mut Builder, route: &Option<Route>) {
    match route.clone() {
        Some(Route::Home) => home(b),
        Some(Route::Index(lang)) => index_page(b, lang),
        Some(Route::Entry(lang, slug)) => entry_page(b, lang, slug),
        None => not_found(b, None),
    }
}

/// The whole site: the page of the address, written anew when the address leads to
/// another page. Written under the current reactive owner, which holds what the
/// site provides to every page (the colour scheme's signal, the address).
pub fn app() -> View {
    provide_theme();
    let route = provide_location().route;
    view(|b| page(b, &route.get_untracked()))
}

/// Starts the site in `body`: the page of the address, and another page in its place
/// whenever the address leads to one, each under an owner of its own (which disposes
/// of its signals and listeners when it goes). The owner of the whole site lives as
/// long as the page.
pub fn mount(body: &web_sys::Element) {
    let _ = any_spawner::Executor::init_wasm_bindgen();
    let root = Owner::new();
    root.with(|| {
        provide_theme();
        let route = provide_location().route;
        crate::view::mount(body, move || route.get(), |route, b| page(b, route));
    });
    std::mem::forget(root);
}
