//! The whole site: the page of the address (see [`crate::router`] and
//! [`crate::urls::Route`]).

use leptos::prelude::*;

use crate::components::theme::provide_theme;
use crate::pages::{entry::EntryPage, home::Home, index::IndexPage, not_found::NotFound};
use crate::router::provide_location;
use crate::urls::Route;

/// The whole site.
#[component]
pub fn App() -> impl IntoView {
    provide_theme();
    let route = provide_location().route;
    move || match route.get() {
        Some(Route::Home) => view! { <Home/> }.into_any(),
        Some(Route::Index(lang)) => view! { <IndexPage lang/> }.into_any(),
        Some(Route::Entry(lang, slug)) => view! { <EntryPage lang slug/> }.into_any(),
        None => view! { <NotFound lang=None/> }.into_any(),
    }
}
