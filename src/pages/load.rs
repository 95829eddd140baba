//! How a page waits for data the app does not have yet (an entry or an index opened
//! inside the app): one small loader and one frame for the wait. A pre-rendered page
//! never waits: the app has its data before it takes the page over.
//!
//! Leptos' `LocalResource` in its place was measured at 9.5 KB more gzip of wasm on
//! this site (see docs/performance.md).

use std::future::Future;

use crate::reactive::prelude::*;
use vocab::i18n::texts;
use vocab::names;

use crate::components::header::{site_header, LanguageTarget};
use crate::data::Lang;
use crate::view::Builder;

/// What `load` gives, `None` until it is in. A page that is gone by then (the
/// reader moved on) is left alone.
pub fn loaded<T: Send + Sync + 'static>(load: impl Future<Output = T> + 'static) -> ReadSignal<Option<T>> {
    let (value, set) = signal(None);
    any_spawner::Executor::spawn_local(async move {
        let result = load.await;
        let _ = set.try_set(Some(result));
    });
    value
}

/// The page's frame while its data loads (`failed: false`), or where it cannot be
/// had: the site's header (with `switch`) and a notice in a `<main class=…>`.
pub fn waiting(b: &mut Builder, lang: Lang, class: &'static str, switch: Option<LanguageTarget>, failed: bool) {
    let t = texts(lang);
    site_header(b, lang, switch);
    let main = [
        ("id", Some(names::MAIN)),
        ("tabindex", Some("-1")),
        ("class", Some(class)),
        ("aria-busy", (!failed).then_some("true")),
    ];
    b.el("main", &main, |b| {
        if failed {
            b.el_text(
                "p",
                &[("class", Some("notice error")), ("role", Some("alert"))],
                t.page_failed,
            );
        } else {
            b.el_text(
                "p",
                &[("class", Some("notice loading")), ("role", Some("status"))],
                t.loading,
            );
        }
    });
}
