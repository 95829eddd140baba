//! The search box in the header: results as you type, in a listbox under the field
//! (the ARIA combobox pattern). `/` focuses it from anywhere on the page; arrow keys
//! choose a result, Enter opens it, Escape closes the list and then clears the field.

use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

use vocab::i18n::texts;
use vocab::markup::{build, Html};
use wasm_bindgen::JsCast;

use crate::data::{index, load_index, Index, Lang};
use crate::listen::{on, on_window};
use crate::search::{search, Hit};
use crate::urls;

/// How many results the list shows at most.
const SHOWN: usize = 12;

/// Whether a key press belongs to a text field, where `/` is just a character.
fn typing(ev: &web_sys::Event) -> bool {
    let Some(target) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    let tag = target.tag_name().to_ascii_lowercase();
    matches!(tag.as_str(), "input" | "textarea" | "select")
        || target.closest("[contenteditable]").ok().flatten().is_some()
}

fn by_id(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// The options as markup.
fn options_html(hits: &[Hit], active: Option<usize>, lang: Lang) -> Html {
    let t = texts(lang);
    build(|h| {
        for (i, hit) in hits.iter().take(SHOWN).enumerate() {
            let Some(e) = index(hit.entry.lang).and_then(|x| x.get(hit.entry)) else {
                continue;
            };
            let e_lang = hit.entry.lang;
            let (id, href) = (format!("search-option-{i}"), urls::entry(e_lang, &e.summary.slug));
            let selected = if active == Some(i) { "true" } else { "false" };
            h.el("li", &[("role", Some("none"))], |h| {
                let attrs = [
                    ("id", Some(id.as_str())),
                    ("role", Some("option")),
                    ("class", Some("search-option")),
                    ("href", Some(href.as_str())),
                    ("tabindex", Some("-1")),
                    ("aria-selected", Some(selected)),
                ];
                h.el("a", &attrs, |h| {
                    h.el(
                        "span",
                        &[("class", Some("search-term")), ("lang", Some(e_lang.code()))],
                        |h| {
                            match hit.variant {
                                Some(v) => {
                                    h.text(v).text(" ");
                                    h.el("span", &[("class", Some("search-via"))], |h| {
                                        h.text("– ").text(t.explained_under).text(" ");
                                        h.el_text("b", &[], &e.summary.term);
                                    });
                                }
                                None => {
                                    h.text(&e.summary.term);
                                }
                            }
                            if e_lang != lang {
                                h.text(" ");
                                h.el_text("span", &[("class", Some("badge"))], &e_lang.code().to_ascii_uppercase());
                            }
                            if e.summary.draft {
                                h.text(" ");
                                h.el_text("span", &[("class", Some("badge draft"))], t.draft);
                            }
                        },
                    );
                    h.el_text(
                        "span",
                        &[("class", Some("search-short")), ("lang", Some(e_lang.code()))],
                        &e.summary.short,
                    );
                });
            });
        }
    })
}

/// The state behind the search box.
#[derive(Default)]
struct State {
    query: String,
    both: bool,
    open: bool,
    active: Option<usize>,
    /// How many options are shown.
    count: usize,
    /// An index could not be loaded.
    failed: bool,
}

/// The indexes a search needs: the page's language, and the other one when asked.
fn languages(st: &State, lang: Lang) -> Vec<Lang> {
    if st.both {
        vec![lang, lang.other()]
    } else {
        vec![lang]
    }
}

fn input() -> Option<web_sys::HtmlInputElement> {
    by_id("search-input")?.dyn_into().ok()
}

/// Writes the state into the page: results, status, the panel and the field's
/// ARIA state.
fn render(st: &mut State, lang: Lang) {
    let t = texts(lang);
    let indexes: Option<Vec<&'static Index>> = languages(st, lang).into_iter().map(index).collect();
    let loading = indexes.is_none();
    let hits = indexes.map(|i| search(&st.query, &i)).unwrap_or_default();
    st.count = hits.len().min(SHOWN);
    st.active = st.active.filter(|i| *i < st.count);
    let (Some(input), Some(panel), Some(status), Some(list)) = (
        by_id("search-input"),
        by_id("search-panel"),
        by_id("search-status"),
        by_id("search-results"),
    ) else {
        return;
    };
    let _ = input.set_attribute("aria-expanded", if st.open { "true" } else { "false" });
    match st.active.filter(|_| st.open) {
        Some(i) => {
            let _ = input.set_attribute("aria-activedescendant", &format!("search-option-{i}"));
        }
        None => {
            let _ = input.remove_attribute("aria-activedescendant");
        }
    }
    let _ = panel.toggle_attribute_with_force("hidden", !st.open);
    let text = if st.failed {
        t.search_failed.to_string()
    } else if loading && !st.query.trim().is_empty() {
        t.search_loading.to_string()
    } else if st.query.trim().is_empty() {
        t.search_hint.to_string()
    } else if hits.is_empty() {
        t.search_none.to_string()
    } else {
        (t.search_results)(st.count, hits.len())
    };
    if status.text_content().as_deref() != Some(text.as_str()) {
        status.set_text_content(Some(&text));
    }
    list.set_inner_html(options_html(&hits, st.active, lang).as_str());
    // Nothing here, something in the other language: offer it by its count.
    let elsewhere = match index(lang.other()) {
        Some(other) if hits.is_empty() && !st.both && !st.query.trim().is_empty() => search(&st.query, &[other]).len(),
        _ => 0,
    };
    if let Some(offer) = by_id("search-other") {
        let _ = offer.toggle_attribute_with_force("hidden", elsewhere == 0);
        if elsewhere > 0 {
            offer.set_text_content(Some(&(t.search_other_language)(elsewhere)));
        }
    }
}

/// Searches both languages, as the checkbox does.
fn search_both(st: &mut State) {
    st.both = true;
    let checkbox = by_id("search-panel")
        .and_then(|p| p.query_selector("input[type=checkbox]").ok().flatten())
        .and_then(|c| c.dyn_into::<web_sys::HtmlInputElement>().ok());
    // The focus stays on the button, inside the search: moving it from here would
    // re-enter the listener while the state is borrowed.
    if let Some(c) = checkbox {
        c.set_checked(true);
    }
}

/// Loads the indexes the search needs that are not loaded yet (on the first focus,
/// keystroke or change of languages), then shows the results.
fn load(state: &Rc<RefCell<State>>, lang: Lang) {
    // Once the reader types, the other language's index too: a query without hits
    // here offers its hits there.
    let typed = !state.borrow().query.trim().is_empty();
    let missing: Vec<Lang> = [lang, lang.other()]
        .into_iter()
        .filter(|l| *l == lang || typed || state.borrow().both)
        .filter(|l| index(*l).is_none())
        .collect();
    for l in missing {
        let state = Rc::clone(state);
        leptos::task::spawn_local(async move {
            let failed = load_index(l).await.is_err();
            let mut st = state.borrow_mut();
            st.failed |= failed;
            render(&mut st, lang);
        });
    }
}

/// Handles an event inside the search box. Returns the link to follow, which the
/// caller clicks once the state is no longer borrowed (the click comes back here).
fn handle(ev: &web_sys::Event, st: &mut State, lang: Lang) -> Option<web_sys::HtmlElement> {
    let target = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let in_field = target.as_ref().is_some_and(|t| t.id() == "search-input");
    match ev.type_().as_str() {
        "input" if in_field => {
            st.query = input().map(|i| i.value()).unwrap_or_default();
            st.active = None;
            st.open = true;
        }
        "change" => {
            st.both = target
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                .is_some_and(|c| c.checked());
        }
        "focusin" if in_field => st.open = true,
        "focusout" => {
            // Close when the focus leaves the search, not when it moves inside it.
            let to = ev.dyn_ref::<web_sys::FocusEvent>().and_then(|f| f.related_target());
            let inside = to
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|t| t.closest(".search").ok().flatten().is_some());
            if inside {
                return None;
            }
            st.open = false;
        }
        // Keep the focus in the field until a link is followed.
        "mousedown" => {
            if target.is_some_and(|t| t.closest("#search-results").ok().flatten().is_some()) {
                ev.prevent_default();
            }
            return None;
        }
        "click" if target.as_ref().is_some_and(|t| t.id() == "search-other") => search_both(st),
        // A followed link: the router opens it; the box closes and empties.
        "click" => {
            if target.is_some_and(|t| t.closest("#search-results a").ok().flatten().is_some()) {
                *st = State {
                    both: st.both,
                    ..State::default()
                };
                if let Some(i) = input() {
                    i.set_value("");
                }
                if let Some(panel) = by_id("search-panel") {
                    let _ = panel.set_attribute("hidden", "");
                }
            }
            return None;
        }
        "keydown" if in_field => {
            let key = ev.dyn_ref::<web_sys::KeyboardEvent>().map(|k| k.key())?;
            let n = st.count;
            match key.as_str() {
                "ArrowDown" | "ArrowUp" if n > 0 => {
                    ev.prevent_default();
                    st.open = true;
                    st.active = Some(match (st.active, key == "ArrowDown") {
                        (None, true) => 0,
                        (None, false) => n - 1,
                        (Some(i), true) => (i + 1) % n,
                        (Some(i), false) => (i + n - 1) % n,
                    });
                }
                // Opening a result is following its link.
                "Enter" if n > 0 => {
                    ev.prevent_default();
                    let i = st.active.unwrap_or(0);
                    return by_id(&format!("search-option-{i}")).and_then(|el| el.dyn_into().ok());
                }
                "Escape" => {
                    // The field's own Escape (clearing it at once) would skip the first step.
                    ev.prevent_default();
                    if st.open && !st.query.trim().is_empty() {
                        st.open = false;
                        st.active = None;
                    } else {
                        st.query.clear();
                        st.active = None;
                        if let Some(i) = input() {
                            i.set_value("");
                        }
                    }
                }
                _ => return None,
            }
        }
        _ => return None,
    }
    render(st, lang);
    None
}

/// The box's markup, the same pre-rendered and in the app.
fn markup(lang: Lang) -> Html {
    let t = texts(lang);
    build(|h| {
        h.el_text(
            "label",
            &[("class", Some("visually-hidden")), ("for", Some("search-input"))],
            t.search_label,
        );
        h.void(
            "input",
            &[
                ("id", Some("search-input")),
                ("type", Some("search")),
                ("role", Some("combobox")),
                ("autocomplete", Some("off")),
                ("spellcheck", Some("false")),
                ("aria-autocomplete", Some("list")),
                ("aria-controls", Some("search-results")),
                ("aria-describedby", Some("search-status")),
                ("aria-expanded", Some("false")),
                ("placeholder", Some(t.search_placeholder)),
            ],
        );
        h.el_text(
            "kbd",
            &[("class", Some("search-key")), ("aria-hidden", Some("true"))],
            "/",
        );
        h.el(
            "div",
            &[
                ("id", Some("search-panel")),
                ("class", Some("search-panel")),
                ("hidden", Some("")),
            ],
            |h| {
                h.el("label", &[("class", Some("search-both"))], |h| {
                    h.void("input", &[("type", Some("checkbox"))]);
                    h.text(" ").text(t.search_both);
                });
                h.el_text(
                    "p",
                    &[
                        ("id", Some("search-status")),
                        ("class", Some("search-status")),
                        ("aria-live", Some("polite")),
                    ],
                    t.search_hint,
                );
                h.el_text(
                    "button",
                    &[
                        ("id", Some("search-other")),
                        ("type", Some("button")),
                        ("class", Some("search-other")),
                        ("hidden", Some("")),
                    ],
                    "",
                );
                h.el_text(
                    "ul",
                    &[
                        ("id", Some("search-results")),
                        ("role", Some("listbox")),
                        ("aria-label", Some(t.search_label)),
                    ],
                    "",
                );
            },
        );
    })
}

/// The search box: static markup with one listener, which keeps the bundle small.
#[component]
pub fn Search(lang: Lang) -> impl IntoView {
    let root = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let Some(root) = root.get() else { return };
        let state = Rc::new(RefCell::new(State::default()));
        on(
            root.into(),
            &[
                "input",
                "change",
                "focusin",
                "focusout",
                "mousedown",
                "click",
                "keydown",
            ],
            move |ev| {
                // An event the browser dispatches while another is handled (a focus
                // change as the offer hides itself) finds the state in use: the
                // handling under way covers it.
                let Ok(mut st) = state.try_borrow_mut() else { return };
                let follow = handle(&ev, &mut st, lang);
                drop(st);
                if matches!(ev.type_().as_str(), "focusin" | "input" | "change") {
                    load(&state, lang);
                }
                if let Some(link) = follow {
                    link.click();
                }
            },
        );
        // `/` anywhere but in a text field focuses the box.
        on_window(&["keydown"], |ev| {
            let Some(k) = ev.dyn_ref::<web_sys::KeyboardEvent>() else {
                return;
            };
            if k.key() == "/" && !k.ctrl_key() && !k.meta_key() && !k.alt_key() && !typing(&ev) {
                if let Some(i) = input() {
                    ev.prevent_default();
                    let _ = i.focus();
                }
            }
        });
    });
    view! { <div class="search" role="search" node_ref=root inner_html=markup(lang).into_string()></div> }
}
