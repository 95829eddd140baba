//! `/{lang}/`: the terms of one language in dictionary order, grouped by first
//! letter, with a letter bar and filters by category and type. The filters live in
//! the address (`?category=…&marker=…`), so a filtered index can be linked to.

use std::fmt::Write;

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_params_map};
use wasm_bindgen::JsCast;

use crate::components::head::use_head;
use crate::components::header::{move_focus_to, LanguageTarget, SiteHeader};
use crate::data::{entries, Entry, Lang, CATEGORIES};
use crate::dom::elements;
use crate::html::escape;
use crate::i18n::texts;
use crate::pages::not_found::NotFound;
use crate::search::collation_key;
use crate::urls;

/// The index of one language.
#[component]
pub fn IndexPage() -> impl IntoView {
    let params = use_params_map();
    move || {
        let code = params.read().get("lang").unwrap_or_default();
        match Lang::from_code(&code) {
            Some(lang) => view! { <Index lang=lang/> }.into_any(),
            None => view! { <NotFound lang=None/> }.into_any(),
        }
    }
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
fn filters_from_query(query: &leptos_router::params::ParamsMap) -> (String, String) {
    (
        query.get("category").unwrap_or_default(),
        query.get("marker").unwrap_or_default(),
    )
}

/// Shows the entries matching the filters and hides the rest, with their empty
/// letter groups; updates the count, the letter bar and the filter fields.
fn apply_filters(main: &web_sys::Element, category: &str, marker: &str, total: usize, lang: Lang) {
    let t = texts(lang);
    let matches = |el: &web_sys::Element, attr: &str, value: &str| {
        value.is_empty() || el.get_attribute(attr).as_deref() == Some(value)
    };
    let mut shown = 0;
    for group in elements(main, ".letter-group") {
        let mut visible = 0;
        // Searched inside the group: an id such as `group-#` is no valid selector.
        for item in elements(&group, "li") {
            let show = matches(&item, "data-category", category) && matches(&item, "data-marker", marker);
            let _ = item.toggle_attribute_with_force("hidden", !show);
            visible += usize::from(show);
        }
        let _ = group.toggle_attribute_with_force("hidden", visible == 0);
        let letter = group.id().trim_start_matches("group-").to_string();
        if let Some(link) = main
            .query_selector(&format!(".letters a[data-letter='{letter}']"))
            .ok()
            .flatten()
        {
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
    for (selector, hidden) in [
        (".filter-reset", category.is_empty() && marker.is_empty()),
        (".no-match", shown > 0),
    ] {
        if let Some(el) = main.query_selector(selector).ok().flatten() {
            let _ = el.toggle_attribute_with_force("hidden", hidden);
        }
    }
    if let Some(count) = main.query_selector(".count").ok().flatten() {
        count.set_text_content(Some(&text));
    }
    for (id, value) in [("filter-category", category), ("filter-marker", marker)] {
        if let Some(select) = main
            .query_selector(&format!("#{id}"))
            .ok()
            .flatten()
            .and_then(|el| el.dyn_into::<web_sys::HtmlSelectElement>().ok())
        {
            if select.value() != value {
                select.set_value(value);
            }
        }
    }
}

/// A click on the letter bar: scrolls to the letter's group and moves the focus
/// there, keeping the filters in the address (the router would drop them).
fn jump_to_letter(ev: leptos::ev::MouseEvent) {
    let Some(link) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.closest("a[data-letter]").ok().flatten())
    else {
        return;
    };
    let letter = link.get_attribute("data-letter").unwrap_or_default();
    if move_focus_to(&format!("letter-{letter}")) {
        ev.prevent_default();
        urls::replace_hash(&format!("group-{letter}"));
    }
}

/// The page. The list is rendered once, complete (as pre-rendered); the filters
/// hide what does not match, which stays fast for hundreds of entries and keeps
/// the bundle small.
#[component]
fn Index(lang: Lang) -> impl IntoView {
    let t = texts(lang);
    let mut list: Vec<(String, &'static Entry)> = entries(lang).map(|(_, e)| (collation_key(e.term), e)).collect();
    list.sort_unstable_by(|a, b| (&a.0, a.1.slug).cmp(&(&b.0, b.1.slug)));
    let total = list.len();
    let mut groups: Vec<(char, Vec<&'static Entry>)> = Vec::new();
    for (key, e) in list {
        let l = letter_of(&key);
        match groups.last_mut() {
            Some((last, items)) if *last == l => items.push(e),
            _ => groups.push((l, vec![e])),
        }
    }
    let used: Vec<char> = groups.iter().map(|(l, _)| *l).collect();
    let mut markers: Vec<&'static str> = groups
        .iter()
        .flat_map(|(_, g)| g.iter().filter_map(|e| e.marker))
        .collect();
    markers.sort_unstable_by_key(|m| collation_key(m));
    markers.dedup();
    use_head(format!("{} · {}", t.index_heading, t.site_title), lang);

    // The filters come from the address once the page is live, so hydration meets
    // the pre-rendered (unfiltered) markup; a change writes them back to it.
    let category = RwSignal::new(String::new());
    let marker = RwSignal::new(String::new());
    let location = use_location();
    Effect::new(move |_| {
        let (c, m) = filters_from_query(&location.query.get());
        category.set(c);
        marker.set(m);
    });
    let main = NodeRef::<leptos::html::Main>::new();
    Effect::new(move |filtered: Option<bool>| {
        let (c, m) = (category.get(), marker.get());
        let filtering = !c.is_empty() || !m.is_empty();
        // The page starts unfiltered: nothing to do until a filter is set.
        if filtering || filtered == Some(true) {
            if let Some(main) = main.get() {
                apply_filters(&main, &c, &m, total, lang);
            }
        }
        filtering
    });
    let set_filter = move |signal: RwSignal<String>, value: String| {
        signal.set(value);
        let mut pairs = Vec::new();
        for (key, value) in [
            ("category", category.get_untracked()),
            ("marker", marker.get_untracked()),
        ] {
            if !value.is_empty() {
                pairs.push(format!("{key}={}", urls::encode(&value)));
            }
        }
        urls::replace_query(&pairs.join("&"));
    };

    // The letter bar and the list are static markup, written as one string: far
    // less code in the bundle than a view per element (see `crate::html`).
    let mut letters = String::new();
    // The page's own path before the fragment: a bare `#…` would resolve against `<base>`.
    let here = escape(&urls::index(lang)).into_owned();
    for l in alphabet(&used) {
        if used.contains(&l) {
            let _ = write!(letters, r##"<a href="{here}#group-{l}" data-letter="{l}">{l}</a>"##);
        } else {
            let _ = write!(letters, r#"<span aria-disabled="true">{l}</span>"#);
        }
    }
    let mut list = String::new();
    for (l, items) in groups {
        let _ = write!(
            list,
            r#"<section class="letter-group" id="group-{l}" aria-labelledby="letter-{l}"><h2 id="letter-{l}" tabindex="-1">{l}</h2><ul class="term-list">"#
        );
        for e in items {
            list.push_str("<li");
            for (attr, value) in [("data-category", e.category), ("data-marker", e.marker)] {
                if let Some(v) = value {
                    let _ = write!(list, r#" {attr}="{}""#, escape(v));
                }
            }
            let _ = write!(
                list,
                r#"><a class="term" href="{}">{}</a>"#,
                escape(&urls::entry(lang, e.slug)),
                escape(e.term)
            );
            if let Some(m) = e.marker {
                let _ = write!(list, r#" <span class="badge">{}</span>"#, escape(m));
            }
            if e.draft {
                let _ = write!(list, r#" <span class="badge draft">{}</span>"#, escape(t.draft));
            }
            let _ = write!(list, r#"<p class="short">{}</p></li>"#, escape(e.short));
        }
        list.push_str("</ul></section>");
    }
    let categories = CATEGORIES
        .iter()
        .filter(|c| c.lang == lang)
        .map(|c| view! { <option value=c.slug>{c.name}</option> })
        .collect_view();
    let markers = markers
        .into_iter()
        .map(|m| view! { <option value=m>{m}</option> })
        .collect_view();
    view! {
        <SiteHeader lang=lang switch=Some(LanguageTarget::Index)/>
        <main id="main" tabindex="-1" class="index" node_ref=main>
            <h1>{t.index_heading}</h1>
            <div class="filters">
                <div class="filter">
                    <label for="filter-category">{t.filter_category}</label>
                    <select id="filter-category" on:change=move |ev| set_filter(category, event_target_value(&ev))>
                        <option value="">{t.filter_all}</option>
                        {categories}
                    </select>
                </div>
                <div class="filter">
                    <label for="filter-marker">{t.filter_marker}</label>
                    <select id="filter-marker" on:change=move |ev| set_filter(marker, event_target_value(&ev))>
                        <option value="">{t.filter_all}</option>
                        {markers}
                    </select>
                </div>
                <button
                    type="button"
                    class="filter-reset"
                    hidden
                    on:click=move |_| {
                        marker.set(String::new());
                        set_filter(category, String::new());
                    }
                >
                    {t.filter_reset}
                </button>
            </div>
            <p class="count" aria-live="polite">{(t.entries_count)(total)}</p>
            <nav class="letters" aria-label=t.letters inner_html=letters on:click=jump_to_letter></nav>
            <p class="notice no-match" hidden>{t.no_filter_match}</p>
            <div class="groups" inner_html=list></div>
        </main>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::category_name;

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
        for (_, e) in entries(Lang::De).chain(entries(Lang::En)) {
            if let Some(c) = e.category {
                assert!(category_name(e.lang, c).is_some(), "{c}");
            }
        }
    }
}
