//! The search box in the header: results as you type, in a listbox under the field
//! (the ARIA combobox pattern). `/` focuses it from anywhere on the page; arrow keys
//! choose a result, Enter opens it, Escape closes the list and then clears the field.

use std::cell::RefCell;
use std::rc::Rc;

use vocab::i18n::texts;
use vocab::markup::{build, Html};
use wasm_bindgen::JsCast;

use crate::data::{index, load_index, Index, IndexEntry, Lang};
use crate::listen::{on, on_window};
use crate::search::{search, Hit};
use crate::urls;
use crate::view::Builder;
use vocab::names;

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

/// The search box: writes its markup, and holds the elements it wrote, found once
/// when the markup is in the page.
struct SearchBox {
    root: web_sys::Element,
    input: web_sys::HtmlInputElement,
    panel: web_sys::Element,
    status: web_sys::Element,
    list: web_sys::Element,
}

impl SearchBox {
    /// The box's elements below `root`, which holds its markup.
    fn resolve(root: web_sys::Element) -> Option<SearchBox> {
        let panel = by_id(names::SEARCH_PANEL)?;
        Some(SearchBox {
            input: by_id(names::SEARCH_INPUT)?.dyn_into().ok()?,
            status: by_id(names::SEARCH_STATUS)?,
            list: by_id(names::SEARCH_RESULTS)?,
            panel,
            root,
        })
    }

    /// Whether `target` is inside the box.
    fn holds(&self, target: Option<web_sys::EventTarget>) -> bool {
        let node = target.and_then(|t| t.dyn_into::<web_sys::Node>().ok());
        node.is_some_and(|n| self.root.contains(Some(&n)))
    }

    /// Whether `target` is inside the list of results.
    fn in_results(&self, target: Option<&web_sys::Element>) -> bool {
        target.is_some_and(|t| self.list.contains(Some(&**t)))
    }
}

/// Whether `el` is `node`.
fn is(el: &web_sys::Element, node: &web_sys::Node) -> bool {
    el.is_same_node(Some(node))
}

/// The id of result `i`.
fn option_id(i: usize) -> String {
    format!("{}{i}", names::SEARCH_OPTION)
}

/// The entry of `lang` for the same concept as `found` (an entry of the other
/// language), where there is one.
fn counterpart(found: &IndexEntry, lang: Lang) -> Option<&'static IndexEntry> {
    let slug = found.translation.as_deref()?;
    index(lang)?.entries.iter().find(|e| e.summary.slug == slug)
}

/// The options as markup. Hits found `by_other_names` (the other language's) show
/// as the page language's entries where those exist: "Speicherbandbreite → Memory
/// bandwidth".
fn options_html(hits: &[Hit], active: Option<usize>, lang: Lang, by_other_names: bool) -> Html {
    let t = texts(lang);
    build(|h| {
        for (i, hit) in hits.iter().take(SHOWN).enumerate() {
            let Some(found) = index(hit.entry.lang).and_then(|x| x.get(hit.entry)) else {
                continue;
            };
            let here = by_other_names.then(|| counterpart(found, lang)).flatten();
            let (e, e_lang) = here.map_or((found, hit.entry.lang), |e| (e, lang));
            let (id, href) = (option_id(i), urls::entry(e_lang, &e.summary.slug));
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
                            if here.is_some() {
                                let name = hit.variant.unwrap_or(&found.summary.term);
                                h.el_text("span", &[("lang", Some(hit.entry.lang.code()))], name);
                                h.text(" → ");
                            }
                            match hit.variant.filter(|_| here.is_none()) {
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
                            if let Some((badge, _)) = t.status_badge(&e.summary) {
                                h.text(" ");
                                h.el_text("span", &[("class", Some("badge status"))], badge);
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

/// Writes the state into the page: results, status, the panel and the field's
/// ARIA state.
fn render(b: &SearchBox, st: &mut State, lang: Lang) {
    let t = texts(lang);
    let indexes: Option<Vec<&'static Index>> = languages(st, lang).into_iter().map(index).collect();
    let loading = indexes.is_none();
    let hits = indexes.map(|i| search(&st.query, &i)).unwrap_or_default();
    // Nothing here, something in the other language: its entries found by their names
    // there, shown as this language's entries where they exist.
    let asked = !st.query.trim().is_empty();
    let (hits, by_other_names) = match index(lang.other()) {
        Some(other) if hits.is_empty() && !st.both && asked => (search(&st.query, &[other]), true),
        _ => (hits, false),
    };
    st.count = hits.len().min(SHOWN);
    st.active = st.active.filter(|i| *i < st.count);
    let (input, panel, status, list) = (&b.input, &b.panel, &b.status, &b.list);
    let _ = input.set_attribute("aria-expanded", if st.open { "true" } else { "false" });
    match st.active.filter(|_| st.open) {
        Some(i) => {
            let _ = input.set_attribute("aria-activedescendant", &option_id(i));
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
    } else if by_other_names {
        (t.search_by_other_names)(st.count, hits.len())
    } else {
        (t.search_results)(st.count, hits.len())
    };
    if status.text_content().as_deref() != Some(text.as_str()) {
        status.set_text_content(Some(&text));
    }
    list.set_inner_html(options_html(&hits, st.active, lang, by_other_names).as_str());
}

/// Loads the indexes the search needs that are not loaded yet (on the first focus,
/// keystroke or change of languages), then shows the results.
fn load(b: &Rc<SearchBox>, state: &Rc<RefCell<State>>, lang: Lang) {
    // Once the reader types, the other language's index too: a query without hits
    // here offers its hits there.
    let typed = !state.borrow().query.trim().is_empty();
    let missing: Vec<Lang> = [lang, lang.other()]
        .into_iter()
        .filter(|l| *l == lang || typed || state.borrow().both)
        .filter(|l| index(*l).is_none())
        .collect();
    for l in missing {
        let (b, state) = (Rc::clone(b), Rc::clone(state));
        any_spawner::Executor::spawn_local(async move {
            let failed = load_index(l).await.is_err();
            let mut st = state.borrow_mut();
            st.failed |= failed;
            render(&b, &mut st, lang);
        });
    }
}

/// Handles an event inside the search box. Returns the link to follow, which the
/// caller clicks once the state is no longer borrowed (the click comes back here).
fn handle(b: &SearchBox, ev: &web_sys::Event, st: &mut State, lang: Lang) -> Option<web_sys::HtmlElement> {
    let target = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let in_field = target.as_ref().is_some_and(|t| is(t, &b.input));
    match ev.type_().as_str() {
        "input" if in_field => {
            st.query = b.input.value();
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
            if b.holds(to) {
                return None;
            }
            st.open = false;
        }
        // Keep the focus in the field until a link is followed.
        "mousedown" => {
            if b.in_results(target.as_ref()) {
                ev.prevent_default();
            }
            return None;
        }
        // A followed link: the router opens it; the box closes and empties.
        "click" => {
            let link = target.and_then(|t| t.closest("a").ok().flatten());
            if b.in_results(link.as_ref()) {
                *st = State {
                    both: st.both,
                    ..State::default()
                };
                b.input.set_value("");
                let _ = b.panel.set_attribute("hidden", "");
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
                    return by_id(&option_id(i)).and_then(|el| el.dyn_into().ok());
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
                        b.input.set_value("");
                    }
                }
                _ => return None,
            }
        }
        _ => return None,
    }
    render(b, st, lang);
    None
}

impl SearchBox {
    /// The box's markup, the same pre-rendered and in the app.
    fn markup(lang: Lang) -> Html {
        let t = texts(lang);
        build(|h| {
            h.el_text(
                "label",
                &[("class", Some("visually-hidden")), ("for", Some(names::SEARCH_INPUT))],
                t.search_label,
            );
            h.void(
                "input",
                &[
                    ("id", Some(names::SEARCH_INPUT)),
                    ("type", Some("search")),
                    ("role", Some("combobox")),
                    ("autocomplete", Some("off")),
                    ("spellcheck", Some("false")),
                    ("aria-autocomplete", Some("list")),
                    ("aria-controls", Some(names::SEARCH_RESULTS)),
                    ("aria-describedby", Some(names::SEARCH_STATUS)),
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
                    ("id", Some(names::SEARCH_PANEL)),
                    ("class", Some(names::SEARCH_PANEL)),
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
                            ("id", Some(names::SEARCH_STATUS)),
                            ("class", Some(names::SEARCH_STATUS)),
                            ("aria-live", Some("polite")),
                        ],
                        t.search_hint,
                    );
                    h.el_text(
                        "ul",
                        &[
                            ("id", Some(names::SEARCH_RESULTS)),
                            ("role", Some("listbox")),
                            ("aria-label", Some(t.search_label)),
                        ],
                        "",
                    );
                },
            );
        })
    }
}

/// The search box: static markup with one listener, which keeps the bundle small.
pub fn search_box(b: &mut Builder, lang: Lang) {
    b.hook(move |root| {
        let root = root.clone();
        let Some(b) = SearchBox::resolve(root.clone()) else {
            return;
        };
        let b = Rc::new(b);
        let input = b.input.clone();
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
                let follow = handle(&b, &ev, &mut st, lang);
                drop(st);
                if matches!(ev.type_().as_str(), "focusin" | "input" | "change") {
                    load(&b, &state, lang);
                }
                if let Some(link) = follow {
                    link.click();
                }
            },
        );
        // `/` anywhere but in a text field focuses the box.
        on_window(&["keydown"], move |ev| {
            let Some(k) = ev.dyn_ref::<web_sys::KeyboardEvent>() else {
                return;
            };
            if k.key() == "/" && !k.ctrl_key() && !k.meta_key() && !k.alt_key() && !typing(&ev) {
                ev.prevent_default();
                let _ = input.focus();
            }
        });
    })
    .el_html(
        "div",
        &[("class", Some("search")), ("role", Some("search"))],
        &SearchBox::markup(lang),
    );
}
