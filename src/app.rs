//! The router: which page answers which path.

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

use crate::components::theme::provide_theme;
use crate::pages::{entry::EntryPage, home::Home, index::IndexPage, not_found::NotFound};
use crate::urls;

/// The whole site.
#[component]
pub fn App() -> impl IntoView {
    provide_theme();
    view! {
        <Router base=urls::router_base()>
            <Routes fallback=|| view! { <NotFound lang=None/> }>
                <Route path=path!("") view=Home/>
                <Route path=path!(":lang") view=IndexPage/>
                <Route path=path!(":lang/:slug") view=EntryPage/>
            </Routes>
        </Router>
    }
}
