//! `/{lang}/`: the terms of one language in dictionary order, grouped by first
//! letter, with a letter bar and filters by category and type. The filters live in
//! the address (`?category=…&marker=…`), so a filtered index can be linked to.

use crate::reactive::prelude::*;
use vocab::i18n::texts;
use vocab::markup::{build, Html};
use vocab::names;
use vocab::wire::IndexEntry;
use wasm_bindgen::JsCast;

use crate::components::head::use_head;
use crate::components::header::{move_focus_to, site_header, LanguageTarget};
use crate::data::{self, Index, Lang};
use crate::dom::elements;
use crate::pages::landing::landing_html;
use crate::pages::load::{loaded, waiting};
use crate::router::{use_location, Query};
use crate::urls;
use crate::view::Builder;
use crate::view::HOLDER;
use vocab::collation_key;

/// The index of one language. Taking over a pre-rendered index needs no data (the
/// page has the lists, see [`read_prerendered`]); opened inside the app, the
/// language's index file is loaded.
pub fn index_page(b: &mut Builder, lang: Lang) {
    if let Some(on_page) = take_prerendered() {
        return index_view(b, lang, on_page);
    }
    match data::index(lang) {
        Some(index) => index_view(b, lang, parts(lang, index)),
        None => load_index(b, lang),
    }
}

/// An index opened inside the app: its file is fetched, then it shows.
fn load_index(b: &mut Builder, lang: Lang) {
    let index = loaded(data::load_index(lang));
    let state = move || index.with(|i| i.as_ref().map(|r| r.as_ref().ok().copied()));
    b.slot("div", &[("class", Some(HOLDER))], state, move |state, b| match state {
        Some(Some(index)) => index_view(b, lang, parts(lang, index)),
        waited => waiting(b, lang, "index", Some(LanguageTarget::Index), waited.is_some()),
    });
}

/// The title of a language's index page, which is its landing page.
pub fn title(lang: Lang) -> String {
    let t = texts(lang);
    format!("{} · {}", t.site_title, t.site_tagline)
}

/// The heading an entry is listed under, from its collation key: its first letter
/// (umlauts with their base letter), or `#` for a digit or symbol.
pub fn letter_of(key: &str) -> char {
    key.chars()
        .next()
        .filter(char::is_ascii_alphabetic)
        .map_or('#', |c| c.to_ascii_uppercase())
}

/// The letters of the letter bar: `#` first where used, then A to Z.
fn alphabet(used: &[char]) -> Vec<char> {
    used.iter()
        .copied()
        .filter(|c| *c == '#')
        .take(1)
        .chain('A'..='Z')
        .collect()
}

/// The filter values in the address.
fn filters_from_query(query: &Query) -> (String, String) {
    (
        query.get("category").unwrap_or_default().to_string(),
        query.get("marker").unwrap_or_default().to_string(),
    )
}

/// An index item and what the filters read of it.
struct Item {
    el: web_sys::Element,
    category: Option<String>,
    marker: Option<String>,
}

/// A letter's section, its items and its link in the letter bar.
struct Group {
    el: web_sys::Element,
    items: Vec<Item>,
    link: Option<web_sys::Element>,
}

/// The elements of the page the filters change, from the markup `list_html` and
/// `letters_html` wrote and the view's own; found once, when the page is first
/// filtered.
struct IndexList {
    groups: Vec<Group>,
    count: web_sys::Element,
    reset: web_sys::Element,
    no_match: web_sys::Element,
    category: web_sys::HtmlSelectElement,
    marker: web_sys::HtmlSelectElement,
}

impl IndexList {
    /// The list's elements in the page's `main`.
    fn resolve(main: &web_sys::Element) -> Option<IndexList> {
        let one = |selector: String| main.query_selector(&selector).ok().flatten();
        let select = |id: &str| one(format!("#{id}")).and_then(|el| el.dyn_into::<web_sys::HtmlSelectElement>().ok());
        let letters = elements(main, &format!("a[{}]", names::LETTER_ATTR));
        let groups = elements(main, &format!(".{}", names::LETTER_GROUP))
            .into_iter()
            .map(|el| {
                let letter = el.id().trim_start_matches(names::GROUP_PREFIX).to_string();
                let link = letters
                    .iter()
                    .find(|a| a.get_attribute(names::LETTER_ATTR).as_deref() == Some(letter.as_str()))
                    .cloned();
                // Searched inside the group: an id such as `group-#` is no valid selector.
                let items = elements(&el, "li")
                    .into_iter()
                    .map(|el| Item {
                        category: el.get_attribute(names::CATEGORY_ATTR),
                        marker: el.get_attribute(names::MARKER_ATTR),
                        el,
                    })
                    .collect();
                Group { el, items, link }
            })
            .collect();
        Some(IndexList {
            groups,
            count: one(format!(".{}", names::INDEX_COUNT))?,
            reset: one(format!(".{}", names::FILTER_RESET))?,
            no_match: one(format!(".{}", names::NO_MATCH))?,
            category: select(names::FILTER_CATEGORY)?,
            marker: select(names::FILTER_MARKER)?,
        })
    }
}

impl IndexList {
    /// Shows the entries matching the filters and hides the rest, with their empty
    /// letter groups; updates the count, the letter bar and the filter fields.
    fn filter(&self, category: &str, marker: &str, lang: Lang) {
        let t = texts(lang);
        let mut total = 0;
        let matches = |have: &Option<String>, value: &str| value.is_empty() || have.as_deref() == Some(value);
        let mut shown = 0;
        for group in &self.groups {
            let mut visible = 0;
            for item in &group.items {
                let show = matches(&item.category, category) && matches(&item.marker, marker);
                let _ = item.el.toggle_attribute_with_force("hidden", !show);
                visible += usize::from(show);
                total += 1;
            }
            let _ = group.el.toggle_attribute_with_force("hidden", visible == 0);
            if let Some(link) = &group.link {
                if visible == 0 {
                    let _ = link.set_attribute("aria-disabled", "true");
                    let _ = link.set_attribute("tabindex", "-1");
                } else {
                    let _ = link.remove_attribute("aria-disabled");
                    let _ = link.remove_attribute("tabindex");
                }
            }
            shown += visible;
        }
        let text = if shown == total {
            (t.entries_count)(total)
        } else {
            (t.entries_shown)(shown, total)
        };
        let _ = self
            .reset
            .toggle_attribute_with_force("hidden", category.is_empty() && marker.is_empty());
        let _ = self.no_match.toggle_attribute_with_force("hidden", shown > 0);
        self.count.set_text_content(Some(&text));
        for (select, value) in [(&self.category, category), (&self.marker, marker)] {
            if select.value() != value {
                select.set_value(value);
            }
        }
    }
}

/// A click on the letter bar: scrolls to the letter's group and moves the focus
/// there, keeping the filters in the address and adding no step to the history.
fn jump_to_letter(ev: web_sys::Event) {
    let Some(link) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest(&format!("a[{}]", names::LETTER_ATTR)).ok().flatten())
    else {
        return;
    };
    let letter = link.get_attribute(names::LETTER_ATTR).unwrap_or_default();
    if move_focus_to(&format!("{}{letter}", names::LETTER_PREFIX)) {
        ev.prevent_default();
        crate::router::replace_hash(&format!("{}{letter}", names::GROUP_PREFIX));
    }
}

/// The entries grouped under their letters, in dictionary order (the index file's).
fn groups(index: &'static Index) -> Vec<(char, Vec<&'static IndexEntry>)> {
    let mut groups: Vec<(char, Vec<&'static IndexEntry>)> = Vec::new();
    for e in &index.entries {
        let l = letter_of(&collation_key(&e.summary.term));
        match groups.last_mut() {
            Some((last, items)) if *last == l => items.push(e),
            _ => groups.push((l, vec![e])),
        }
    }
    groups
}

/// The letter bar: links to the letters in use, the others shown disabled.
fn letters_html(lang: Lang, used: &[char]) -> Html {
    // The page's own path before the fragment: a bare `#…` would resolve against `<base>`.
    let here = urls::index(lang);
    build(|h| {
        for l in alphabet(used) {
            let letter = l.to_string();
            if used.contains(&l) {
                let href = format!("{here}#{}{l}", names::GROUP_PREFIX);
                h.el_text(
                    "a",
                    &[("href", Some(&href)), (names::LETTER_ATTR, Some(&letter))],
                    &letter,
                );
            } else {
                h.el_text("span", &[("aria-disabled", Some("true"))], &letter);
            }
        }
    })
}

/// The list: one section per letter.
fn list_html(lang: Lang, groups: &[(char, Vec<&'static IndexEntry>)]) -> Html {
    let t = texts(lang);
    build(|h| {
        for (l, items) in groups {
            let (group, heading) = (
                format!("{}{l}", names::GROUP_PREFIX),
                format!("{}{l}", names::LETTER_PREFIX),
            );
            let attrs = [
                ("class", Some(names::LETTER_GROUP)),
                ("id", Some(group.as_str())),
                ("aria-labelledby", Some(heading.as_str())),
            ];
            h.el("section", &attrs, |h| {
                h.el_text(
                    "h3",
                    &[("id", Some(&heading)), ("tabindex", Some("-1"))],
                    &l.to_string(),
                );
                h.el("ul", &[("class", Some("term-list"))], |h| {
                    for e in items {
                        let e = &e.summary;
                        let attrs = [
                            (names::CATEGORY_ATTR, e.category.as_deref()),
                            (names::MARKER_ATTR, e.marker.as_deref()),
                        ];
                        h.el("li", &attrs, |h| {
                            let href = urls::entry(lang, &e.slug);
                            h.el_text("a", &[("class", Some("term")), ("href", Some(&href))], &e.term);
                            if let Some(m) = &e.marker {
                                h.text(" ");
                                h.el_text("span", &[("class", Some("badge"))], m);
                            }
                            if let Some((badge, _)) = t.status_badge(e) {
                                h.text(" ");
                                h.el_text("span", &[("class", Some("badge status"))], badge);
                            }
                            h.el_text("p", &[("class", Some("short"))], &e.short);
                        });
                    }
                });
            });
        }
    })
}

/// The options of a filter: "all", then each value with its display name.
fn options_html(lang: Lang, options: &[(&str, &str)]) -> Html {
    build(|h| {
        h.el_text("option", &[("value", Some(""))], texts(lang).filter_all);
        for (value, name) in options {
            h.el_text("option", &[("value", Some(value))], name);
        }
    })
}

/// The page's static parts as markup: landing, letter bar, list, the two filters'
/// options and the count.
struct Parts {
    landing: Html,
    letters: Html,
    list: Html,
    categories: Html,
    markers: Html,
    count: Html,
}

thread_local! {
    /// The parts of the pre-rendered index the app is about to take over.
    static PRERENDERED: std::cell::RefCell<Option<Parts>> = const { std::cell::RefCell::new(None) };
}

/// Reads the parts of a pre-rendered index page (nothing on any other page), so that
/// the app writes them again without fetching the index.
pub fn read_prerendered(body: &web_sys::Element) {
    let Ok(Some(main)) = body.query_selector(&format!("#{}.index", names::MAIN)) else {
        return;
    };
    // The page's markup as the pre-renderer wrote it, from the same code as `parts`.
    let part = |selector: String| {
        let inner = main.query_selector(&selector).ok().flatten()?.inner_html();
        Some(Html::sanitised(inner, "the pre-renderer's page, read back"))
    };
    let read = || {
        Some(Parts {
            landing: part(".landing".into())?,
            letters: part("nav.letters".into())?,
            list: part(".groups".into())?,
            categories: part(format!("#{}", names::FILTER_CATEGORY))?,
            markers: part(format!("#{}", names::FILTER_MARKER))?,
            count: part(format!(".{}", names::INDEX_COUNT))?,
        })
    };
    PRERENDERED.with(|p| *p.borrow_mut() = read());
}

fn take_prerendered() -> Option<Parts> {
    PRERENDERED.with(|p| p.borrow_mut().take())
}

fn parts(lang: Lang, index: &'static Index) -> Parts {
    let groups = groups(index);
    let used: Vec<char> = groups.iter().map(|(l, _)| *l).collect();
    let markers: Vec<(String, &str)> = index
        .entries
        .iter()
        .filter_map(|e| e.summary.marker.as_deref())
        .map(|m| (collation_key(m), m))
        .collect();
    let mut markers: Vec<&str> = crate::order::sorted_by(markers, |a, b| a.0.cmp(&b.0))
        .into_iter()
        .map(|(_, m)| m)
        .collect();
    markers.dedup();
    let markers: Vec<(&str, &str)> = markers.into_iter().map(|m| (m, m)).collect();
    let categories: Vec<(&str, &str)> = index.categories.iter().map(|(s, n)| (s.as_str(), n.as_str())).collect();
    Parts {
        landing: landing_html(lang, index),
        letters: letters_html(lang, &used),
        list: list_html(lang, &groups),
        categories: options_html(lang, &categories),
        markers: options_html(lang, &markers),
        count: build(|h| {
            h.text(&(texts(lang).entries_count)(index.entries.len()));
        }),
    }
}

/// The filters: from the address once the page is live (so that the app writes the
/// pre-rendered, unfiltered markup first), applied to the list, written back to the
/// address.
#[derive(Clone, Copy)]
struct Filters {
    category: RwSignal<String>,
    marker: RwSignal<String>,
}

impl Filters {
    fn new(lang: Lang, main: web_sys::Element) -> Filters {
        let f = Filters {
            category: RwSignal::new(String::new()),
            marker: RwSignal::new(String::new()),
        };
        let location = use_location();
        crate::reactive::effect(move || {
            // The filters' own writes of the address come back here unchanged.
            let (c, m) = filters_from_query(&location.query.get());
            if f.category.get_untracked() != c {
                f.category.set(c);
            }
            if f.marker.get_untracked() != m {
                f.marker.set(m);
            }
        });
        let list: std::rc::Rc<std::cell::OnceCell<Option<IndexList>>> = Default::default();
        crate::reactive::effect_with(move |filtered: Option<bool>| {
            let (c, m) = (f.category.get(), f.marker.get());
            let filtering = !c.is_empty() || !m.is_empty();
            // The page starts unfiltered: nothing to do until a filter is set.
            if filtering || filtered == Some(true) {
                if let Some(list) = list.get_or_init(|| IndexList::resolve(&main)) {
                    list.filter(&c, &m, lang);
                }
            }
            filtering
        });
        f
    }

    /// Sets a filter (`None`: clears both) and writes the address.
    fn set(self, which: Option<RwSignal<String>>, value: String) {
        match which {
            Some(signal) => signal.set(value),
            None => {
                self.category.set(String::new());
                self.marker.set(String::new());
            }
        }
        let mut pairs = Vec::new();
        for (key, value) in [
            ("category", self.category.get_untracked()),
            ("marker", self.marker.get_untracked()),
        ] {
            if !value.is_empty() {
                pairs.push(format!("{key}={}", urls::encode(&value)));
            }
        }
        crate::router::replace_query(&pairs.join("&"));
    }
}

/// Which filter a control sets (`None`: it clears both).
type Which = fn(Filters) -> Option<RwSignal<String>>;

/// The page. The list is rendered once, complete (as pre-rendered); the filters
/// hide what does not match, which stays fast for thousands of entries.
fn index_view(b: &mut Builder, lang: Lang, parts: Parts) {
    let t = texts(lang);
    use_head(title(lang), lang);
    let f = StoredValue::new(None::<Filters>);
    let filter = move |which: Which, value: String| {
        if let Some(f) = f.get_value() {
            f.set(which(f), value);
        }
    };
    site_header(b, lang, Some(LanguageTarget::Index));
    b.hook(move |main| f.set_value(Some(Filters::new(lang, main.clone()))))
        .el(
            "main",
            &[
                ("id", Some(names::MAIN)),
                ("tabindex", Some("-1")),
                ("class", Some("index")),
            ],
            |b| {
                b.el_text("h1", &[], t.landing_heading)
                    .el_html("div", &[("class", Some("landing"))], &parts.landing)
                    .el_text("h2", &[("id", Some(names::ALL_TERMS))], t.index_heading);
                b.el("div", &[("class", Some("filters"))], |b| {
                    // Each menu with the filter it sets.
                    let menus: [(_, _, _, Which); 2] = [
                        (names::FILTER_CATEGORY, t.filter_category, &parts.categories, |f| {
                            Some(f.category)
                        }),
                        (names::FILTER_MARKER, t.filter_marker, &parts.markers, |f| {
                            Some(f.marker)
                        }),
                    ];
                    for (id, label, options, which) in menus {
                        b.el("div", &[("class", Some("filter"))], |b| {
                            b.el_text("label", &[("for", Some(id))], label)
                                .on(&["change"], move |ev| filter(which, event_target_value(&ev)))
                                .el_html("select", &[("id", Some(id))], options);
                        });
                    }
                    // The button goes with the filters it clears: the focus moves to the
                    // first filter, not to the page.
                    b.on(&["click"], move |_| {
                        filter(|_| None, String::new());
                        move_focus_to(names::FILTER_CATEGORY);
                    })
                    .el_text(
                        "button",
                        &[
                            ("type", Some("button")),
                            ("class", Some(names::FILTER_RESET)),
                            ("hidden", Some("")),
                        ],
                        t.filter_reset,
                    );
                });
                b.el_html(
                    "p",
                    &[("class", Some(names::INDEX_COUNT)), ("aria-live", Some("polite"))],
                    &parts.count,
                );
                b.on(&["click"], jump_to_letter).el_html(
                    "nav",
                    &[("class", Some("letters")), ("aria-label", Some(t.letters))],
                    &parts.letters,
                );
                b.el_text(
                    "p",
                    &[
                        ("class", Some(&format!("notice {}", names::NO_MATCH))),
                        ("hidden", Some("")),
                    ],
                    t.no_filter_match,
                )
                .el_html("div", &[("class", Some("groups"))], &parts.list);
            },
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn umlauts_and_symbols_file_under_their_letter() {
        assert_eq!(letter_of(&collation_key("Übertragung")), 'U');
        assert_eq!(letter_of(&collation_key("ärger")), 'A');
        assert_eq!(letter_of(&collation_key("4-bit")), '#');
        assert_eq!(letter_of(&collation_key("„Quote“")), 'Q');
    }

    #[test]
    fn the_letter_bar_lists_symbols_only_when_used() {
        assert_eq!(alphabet(&['A']).len(), 26);
        assert_eq!(alphabet(&['#', 'B'])[..2], ['#', 'A']);
    }

    #[test]
    fn every_category_of_the_content_has_a_name() {
        for lang in Lang::ALL {
            let index = data::index(lang).expect("index");
            for e in &index.entries {
                if let Some(c) = &e.summary.category {
                    assert!(index.category_name(c).is_some(), "{c}");
                }
            }
        }
    }

    #[test]
    fn the_list_has_every_entry_once_under_its_letter() {
        let index = data::index(Lang::De).expect("index");
        let groups = groups(index);
        let html = list_html(Lang::De, &groups);
        assert_eq!(html.as_str().matches("<li").count(), index.entries.len());
        for e in &index.entries {
            assert!(html
                .as_str()
                .contains(&format!("href=\"{}\"", urls::entry(Lang::De, &e.summary.slug))));
        }
        let used: Vec<char> = groups.iter().map(|(l, _)| *l).collect();
        assert_eq!(
            letters_html(Lang::De, &used).as_str().matches("data-letter").count(),
            used.len()
        );
    }
}
