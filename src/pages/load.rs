//! How a page waits for data the app does not have yet (an entry or an index opened
//! inside the app): one small loader and one frame for the wait. A pre-rendered page
//! never waits: the app has its data before it takes the page over.
//!
//! Leptos' `LocalResource` in its place was measured at 9.5 KB more gzip of wasm on
//! this site (see the README's Performance section).

use std::future::Future;

use leptos::prelude::*;
use vocab::i18n::texts;
use vocab::names;

use crate::components::header::{LanguageTarget, SiteHeader};
use crate::data::Lang;

/// What `load` gives, `None` until it is in. A page that is gone by then (the
/// reader moved on) is left alone.
pub fn loaded<T: Send + Sync + 'static>(load: impl Future<Output = T> + 'static) -> ReadSignal<Option<T>> {
    let (value, set) = signal(None);
    leptos::task::spawn_local(async move {
        let result = load.await;
        let _ = set.try_set(Some(result));
    });
    value
}

/// The page's frame while its data loads (`failed: false`), or where it cannot be
/// had: the site's header (with `switch`) and a notice in a `<main class=…>`.
#[component]
pub fn Waiting(lang: Lang, class: &'static str, switch: Option<LanguageTarget>, failed: bool) -> impl IntoView {
    let t = texts(lang);
    if failed {
        view! {
            <SiteHeader lang switch/>
            <main id=names::MAIN tabindex="-1" class=class>
                <p class="notice error" role="alert">{t.page_failed}</p>
            </main>
        }
        .into_any()
    } else {
        view! {
            <SiteHeader lang switch/>
            <main id=names::MAIN tabindex="-1" class=class aria-busy="true">
                <p class="notice loading" role="status">{t.loading}</p>
            </main>
        }
        .into_any()
    }
}
