//! The search box in the header: results as you type, in a listbox under the field
//! (the ARIA combobox pattern). `/` focuses it from anywhere on the page; arrow keys
//! choose a result, Enter opens it, Escape closes the list and then clears the field.

use leptos::prelude::*;
use std::cell::RefCell;
use std::fmt::Write;

use wasm_bindgen::JsCast;

use crate::data::{Lang, ENTRIES};
use crate::html::escape;
use crate::i18n::texts;
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

/// The options as markup; every text in it is escaped.
fn options_html(hits: &[Hit], active: Option<usize>, lang: Lang) -> String {
    let t = texts(lang);
    let mut html = String::new();
    for (i, hit) in hits.iter().take(SHOWN).enumerate() {
        let e = &ENTRIES[hit.entry];
        let code = e.lang.code();
        let _ = write!(
            html,
            r#"<li role="none"><a id="search-option-{i}" role="option" class="search-option" href="{}" tabindex="-1" aria-selected="{}"><span class="search-term" lang="{code}">"#,
            escape(&urls::entry(e.lang, e.slug)),
            active == Some(i)
        );
        match hit.variant {
            Some(v) => {
                let _ = write!(
                    html,
                    r#"{} <span class="search-via">– {} <b>{}</b></span>"#,
                    escape(v),
                    escape(t.explained_under),
                    escape(e.term)
                );
            }
            None => html.push_str(&escape(e.term)),
        }
        if e.lang != lang {
            let _ = write!(html, r#" <span class="badge">{}</span>"#, code.to_ascii_uppercase());
        }
        if e.draft {
            let _ = write!(html, r#" <span class="badge draft">{}</span>"#, escape(t.draft));
        }
        let _ = write!(
            html,
            r#"</span><span class="search-short" lang="{code}">{}</span></a></li>"#,
            escape(e.short)
        );
    }
    html
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
}

fn input() -> Option<web_sys::HtmlInputElement> {
    by_id("search-input")?.dyn_into().ok()
}

/// Writes the state into the page: results, status, the panel and the field's
/// ARIA state.
fn render(st: &mut State, lang: Lang) {
    let t = texts(lang);
    let langs: &[Lang] = if st.both { &[lang, lang.other()] } else { &[lang] };
    let hits = search(&st.query, langs);
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
    let text = if st.query.trim().is_empty() {
        t.search_hint.to_string()
    } else if hits.is_empty() {
        t.search_none.to_string()
    } else {
        (t.search_results)(st.count, hits.len())
    };
    if status.text_content().as_deref() != Some(text.as_str()) {
        status.set_text_content(Some(&text));
    }
    list.set_inner_html(&options_html(&hits, st.active, lang));
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
fn markup(lang: Lang) -> String {
    let t = texts(lang);
    format!(
        r#"<label class="visually-hidden" for="search-input">{label}</label><input id="search-input" type="search" role="combobox" autocomplete="off" spellcheck="false" aria-autocomplete="list" aria-controls="search-results" aria-describedby="search-status" aria-expanded="false" placeholder="{placeholder}"><kbd class="search-key" aria-hidden="true">/</kbd><div id="search-panel" class="search-panel" hidden><label class="search-both"><input type="checkbox"> {both}</label><p id="search-status" class="search-status" aria-live="polite">{hint}</p><ul id="search-results" role="listbox" aria-label="{label}"></ul></div>"#,
        label = escape(t.search_label),
        placeholder = escape(t.search_placeholder),
        both = escape(t.search_both),
        hint = escape(t.search_hint),
    )
}

/// The search box: static markup with one listener, which keeps the bundle small.
#[component]
pub fn Search(lang: Lang) -> impl IntoView {
    let root = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let Some(root) = root.get() else { return };
        let state = RefCell::new(State::default());
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
                let follow = handle(&ev, &mut state.borrow_mut(), lang);
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
    view! { <div class="search" role="search" node_ref=root inner_html=markup(lang)></div> }
}
