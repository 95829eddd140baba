//! Which page answers which address, and following links between the site's pages
//! inside the app.
//!
//! The site has three kinds of page under its base path (the landing's choice of
//! language, a language's index, an entry), so an address is read by one function,
//! [`Route::of`], and the app renders the page of the address it holds. A click on a
//! link to one of those pages is followed without a page load: its address is pushed
//! onto the history, the page is rendered, and the view goes to the link's fragment or
//! to the top, as a page load would put it. A link to a section of the page the
//! reader is on (its contents, a heading's anchor: the page's path and a fragment)
//! keeps the page's state, the query a calculator writes, and the browser goes to the
//! section itself, as in a page without the app: the view, `:target` and the place
//! the keyboard goes on from. Back and forward render the page of the address they
//! return to. Anything else is the browser's: a link to another site or to a file of
//! this one (`llms.txt`, a data file), a link with a `target` or `download`, a click
//! with a modifier key or another button. The page writes its own state into the
//! address (a calculator's figures, the index's filters) without a step in the
//! history, at most once per [`ADDRESS_LAG`].

use crate::reactive::prelude::*;
use wasm_bindgen::JsCast;

use crate::platform;
use crate::urls::Route;

/// An address of the page: its path, its query (with the `?`, or empty) and its
/// fragment (with the `#`, or empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Address {
    path: String,
    search: String,
    hash: String,
}

impl Address {
    /// The page's address in the browser.
    fn current() -> Option<Address> {
        let (path, search, hash) = platform::address()?;
        Some(Address { path, search, hash })
    }

    /// The address as written in the address bar (without the origin).
    fn written(&self) -> String {
        format!("{}{}{}", self.path, self.search, self.hash)
    }
}

/// A query string's pairs, in order, each key and value decoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query(Vec<(String, String)>);

impl Query {
    /// The pairs of `search` (`?a=1&b=x%20y`, the `?` optional): `+` is a space, a
    /// percent-encoded sequence that is not UTF-8 stays as written.
    pub fn parse(search: &str) -> Query {
        let search = search.strip_prefix('?').unwrap_or(search);
        let decode = |s: &str| {
            let s = s.replace('+', " ");
            platform::decode_uri_component(&s).unwrap_or(s)
        };
        Query(
            search
                .split('&')
                .filter(|pair| !pair.is_empty())
                .map(|pair| {
                    let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
                    (decode(key), decode(value))
                })
                .collect(),
        )
    }

    /// The value of `key`: the last where it is given more than once.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The pairs, in their order.
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

/// The address the app shows, as the pages read it.
#[derive(Clone, Copy)]
pub struct Location {
    /// The path.
    pub pathname: Memo<String>,
    /// The query's pairs.
    pub query: Memo<Query>,
    /// The page at the path.
    pub route: Memo<Option<Route>>,
}

thread_local! {
    /// The address the app holds, once provided (see [`sync`]).
    static HELD: std::cell::Cell<Option<RwSignal<Address>>> = const { std::cell::Cell::new(None) };
}

/// Brings the address the app holds up to the browser's after the page wrote its
/// own into the history (`history.replaceState`: a calculator's or the filters'
/// state), so that the app holds the browser's address at every step, and a step
/// back to another state is one it sees change.
fn sync() {
    if let (Some(held), Some(now)) = (HELD.get(), Address::current()) {
        held.try_set(now);
    }
}

/// How long the address may lag behind the page's state. Writing it is a trip to
/// the browser's history: written on every change it took 44 % of an input change's
/// time in a CPU profile in Chromium. At most one write per interval keeps it out of
/// typing and dragging a slider.
const ADDRESS_LAG: std::time::Duration = std::time::Duration::from_millis(200);

thread_local! {
    /// The query waiting to be written, with the path it belongs to.
    static PENDING: std::cell::RefCell<Option<(String, String)>> = const { std::cell::RefCell::new(None) };
}

/// Puts `query` into the address bar without a navigation (the page's state is
/// already on screen), keeping the path and fragment: within [`ADDRESS_LAG`], the
/// latest query of a burst of changes once.
pub fn replace_query(query: &str) {
    let Some(here) = Address::current() else { return };
    let waiting = PENDING.with(|p| p.borrow_mut().replace((here.path, query.to_string())).is_some());
    if !waiting {
        crate::listen::later(flush_address, ADDRESS_LAG);
    }
}

/// Writes the waiting query now (before the address is read, e.g. to copy it, and
/// before a link is followed). A query whose page the reader has left is dropped.
pub fn flush_address() {
    let Some((path, query)) = PENDING.with(|p| p.borrow_mut().take()) else {
        return;
    };
    let Some(here) = Address::current().filter(|h| h.path == path) else {
        return;
    };
    replace_address(&format!("{}{}", crate::urls::with_query(&path, &query), here.hash));
}

/// Puts `#fragment` into the address bar without a navigation and without a step in
/// the history, keeping the path and query.
pub fn replace_hash(fragment: &str) {
    let Some(here) = Address::current() else { return };
    replace_address(&format!("{}{}#{fragment}", here.path, here.search));
}

/// Replaces the current history entry's address with `target` where it differs.
fn replace_address(target: &str) {
    if Address::current().is_none_or(|now| now.written() == target) {
        return;
    }
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        // The step's state (where the reader was on the page, see `keep_place`) stays.
        let state = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
        let _ = history.replace_state_with_url(&state, "", Some(target));
        sync();
    }
}

thread_local! {
    /// Counts the steps of the history the app has arrived at, so that a place noted
    /// on one step is never written into the next.
    static STEP: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// Whether a write of the reader's place is waiting.
    static PLACE_PENDING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// After a scroll: keeps the reader's place in the current step of the history, at
/// most once per [`ADDRESS_LAG`] (the browser moves on from a step before the page
/// hears of it, so the place must be there already).
fn note_place() {
    if PLACE_PENDING.replace(true) {
        return;
    }
    let step = STEP.get();
    crate::listen::later(
        move || {
            PLACE_PENDING.set(false);
            if STEP.get() == step {
                if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                    keep_place(&history);
                }
            }
        },
        ADDRESS_LAG,
    );
}

/// Keeps where the reader is on the page (the scroll position) in the current step of
/// the history.
fn keep_place(history: &web_sys::History) {
    if let Some(y) = web_sys::window().and_then(|w| w.scroll_y().ok()) {
        let _ = history.replace_state(&wasm_bindgen::JsValue::from_f64(y), "");
    }
}

/// After back or forward, brings the reader to where they were on the page the step
/// returns to, once the app has written it: the browser restores the scroll position
/// as the step arrives, before the page is there (on the page left, or on none).
fn return_to_place() {
    let y = web_sys::window()
        .and_then(|w| w.history().ok())
        .and_then(|h| h.state().ok())
        .and_then(|s| s.as_f64());
    if let Some(y) = y {
        crate::listen::next_frame(move || {
            if let Some(window) = web_sys::window() {
                window.scroll_to_with_x_and_y(0.0, y);
            }
        });
    }
}

/// The address a page is pre-rendered for (there is no browser to ask).
#[derive(Clone, Debug)]
pub struct RequestPath(pub String);

/// The [`Location`] of the app, provided by [`provide_location`].
pub fn use_location() -> Location {
    expect_context::<Location>()
}

/// Reads the page's address (the browser's, or the [`RequestPath`] in context while
/// pre-rendering), provides its [`Location`] to the pages, and follows links and the
/// history in the browser.
pub fn provide_location() -> Location {
    let start = Address::current().unwrap_or_else(|| Address {
        path: use_context::<RequestPath>().map(|r| r.0).unwrap_or_default(),
        ..Address::default()
    });
    let address = RwSignal::new(start);
    HELD.set(Some(address));
    let location = Location {
        pathname: crate::reactive::memo(move || address.with(|a| a.path.clone())),
        query: crate::reactive::memo(move || address.with(|a| Query::parse(&a.search))),
        route: crate::reactive::memo(move || address.with(|a| Route::of(&a.path))),
    };
    provide_context(location);
    // In an effect: the browser's only (effects do not run while pre-rendering).
    crate::reactive::effect(move || {
        crate::listen::on_window(&["click", "popstate", "hashchange", "scroll"], move |ev| {
            let kind = ev.type_();
            if kind == "scroll" {
                note_place();
            } else if kind != "click" {
                if let Some(now) = Address::current() {
                    address.set(now);
                }
                if kind == "popstate" {
                    STEP.set(STEP.get().wrapping_add(1));
                    return_to_place();
                }
            } else if let Some(to) = followed(&ev) {
                ev.prevent_default();
                go(address, to);
            }
        });
    });
    location
}

/// The address of the site's page a click follows, where the app follows it.
fn followed(ev: &web_sys::Event) -> Option<Address> {
    let click = ev.dyn_ref::<web_sys::MouseEvent>()?;
    if ev.default_prevented()
        || click.button() != 0
        || click.meta_key()
        || click.alt_key()
        || click.ctrl_key()
        || click.shift_key()
    {
        return None;
    }
    let target = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    let link = target
        .closest("a[href]")
        .ok()??
        .dyn_into::<web_sys::HtmlAnchorElement>()
        .ok()?;
    let rel = link.rel();
    if !link.target().is_empty()
        || link.has_attribute("download")
        || rel.split_ascii_whitespace().any(|r| r == "external")
    {
        return None;
    }
    let here = web_sys::window()?.location().origin().ok()?;
    if link.origin() != here {
        return None;
    }
    let to = Address {
        path: link.pathname(),
        search: link.search(),
        hash: link.hash(),
    };
    Route::of(&to.path).map(|_| to)
}

/// Shows the page at `to`: the address onto the history, the page rendered, the
/// view at its fragment or its top (after the new page is written, before it is
/// painted; at once within the same page). The page left keeps its latest state in
/// its own step of the history.
fn go(address: RwSignal<Address>, to: Address) {
    flush_address();
    let here = Address::current();
    let same_page = here.as_ref().is_some_and(|h| h.path == to.path);
    if same_page && to.search.is_empty() && !to.hash.is_empty() {
        // A section of this page: the browser's own way there, the query kept
        // (`hashchange` brings the address in). The browser does not go to the
        // fragment the address already names: the view goes there from here.
        match web_sys::window() {
            Some(_) if here.is_some_and(|h| h.hash == to.hash) => to_fragment(),
            Some(window) => drop(window.location().set_hash(&to.hash)),
            None => {}
        }
        return;
    }
    let written = to.written();
    if here.is_none_or(|now| now.written() != written) {
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            keep_place(&history);
            let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&written));
            STEP.set(STEP.get().wrapping_add(1));
        }
    }
    address.set(to);
    if same_page {
        to_fragment();
    } else {
        crate::listen::next_frame(to_fragment);
    }
}

/// The element the address's fragment names on the page, where there is one.
pub fn fragment_target() -> Option<web_sys::Element> {
    let window = web_sys::window()?;
    let hash = window.location().hash().ok()?;
    let id = hash.strip_prefix('#').filter(|id| !id.is_empty())?;
    let id = platform::decode_uri_component(id).unwrap_or_else(|| id.to_string());
    window.document()?.get_element_by_id(&id)
}

/// Scrolls to the element the address's fragment names, or to the top where it
/// names none on the page.
fn to_fragment() {
    match fragment_target() {
        Some(el) => el.scroll_into_view(),
        None => {
            if let Some(window) = web_sys::window() {
                window.scroll_to_with_x_and_y(0.0, 0.0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_read_pair_by_pair() {
        let q = Query::parse("?model=llama&batch=8&note=a+b%20c%C3%BC&batch=16&flag&&=v");
        assert_eq!(q.get("model"), Some("llama"));
        assert_eq!(q.get("batch"), Some("16"));
        assert_eq!(q.get("note"), Some("a b cü"));
        assert_eq!(q.get("flag"), Some(""));
        assert_eq!(q.get("missing"), None);
        let pairs: Vec<_> = q.pairs().collect();
        assert_eq!(pairs[0], ("model", "llama"));
        assert_eq!(pairs.len(), 6);
        assert_eq!(Query::parse(""), Query::default());
        // Not UTF-8 once decoded: kept as written.
        assert_eq!(Query::parse("x=%FF").get("x"), Some("%FF"));
    }
}
