//! `/{lang}/{slug}`: one entry with its calculators.

use std::fmt::Write;

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_params_map};
use wasm_bindgen::JsCast;

use crate::components::calculator::state::{decode, CalcState};
use crate::components::calculator::CalculatorView;
use crate::components::head::use_head;
use crate::components::header::{LanguageTarget, SiteHeader};
use crate::components::preview::LinkPreviews;
use crate::data::{category_name, find, Body, Entry, Lang, Prose, Segment, BODIES, ENTRIES};
use crate::dom::elements;
use crate::html::escape;
use crate::i18n::texts;
use crate::listen::on;
use crate::pages::not_found::NotFound;
use crate::urls;

/// `YYYY-MM-DD` as a reader of `lang` writes dates.
#[cfg(any(not(target_arch = "wasm32"), debug_assertions))]
pub fn format_date(date: &str, lang: Lang) -> String {
    const DE: [&str; 12] = [
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ];
    const EN: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let parts: Vec<u32> = date.split('-').filter_map(|p| p.parse().ok()).collect();
    match parts.as_slice() {
        [y, m, d] if (1..=12).contains(m) => {
            let month = match lang {
                Lang::De => DE[*m as usize - 1],
                Lang::En => EN[*m as usize - 1],
            };
            match lang {
                Lang::De => format!("{d}. {month} {y}"),
                Lang::En => format!("{d} {month} {y}"),
            }
        }
        _ => date.to_string(),
    }
}

/// The route: resolves the language and slug.
#[component]
pub fn EntryPage() -> impl IntoView {
    let params = use_params_map();
    move || {
        let p = params.read();
        let lang = Lang::from_code(&p.get("lang").unwrap_or_default());
        let slug = p.get("slug").unwrap_or_default();
        match lang.and_then(|l| find(l, &slug).map(|i| (l, i))) {
            Some((lang, index)) => view! { <EntryView lang index/> }.into_any(),
            None => view! { <NotFound lang/> }.into_any(),
        }
    }
}

/// Writes the live values into the prose and carries the calculator's query
/// string into links to other entries.
fn update_prose(article: &web_sys::HtmlElement, body: &Body, state: &CalcState, lang: Lang, query: &str) {
    let (scenario, _) = state.valid.get_untracked();
    for el in elements(article, "[data-rv]") {
        let index = el.get_attribute("data-rv").and_then(|v| v.parse::<usize>().ok());
        if let Some(text) = index
            .and_then(|k| body.inline.get(k))
            .and_then(|v| v.text(&scenario, lang))
        {
            if el.text_content().as_deref() != Some(text.as_str()) {
                el.set_text_content(Some(&text));
            }
        }
    }
    for a in elements(article, "a.xref") {
        let base = match a.get_attribute("data-href") {
            Some(h) => h,
            None => {
                let h = a.get_attribute("href").unwrap_or_default();
                let _ = a.set_attribute("data-href", &h);
                h
            }
        };
        let _ = a.set_attribute("href", &urls::with_query(&base, query));
    }
}

/// The text of a file of the site, or `None` when it cannot be had.
async fn fetch_text(url: String) -> Option<String> {
    use wasm_bindgen_futures::JsFuture;
    let window = web_sys::window()?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(&url))
        .await
        .ok()?
        .dyn_into()
        .ok()?;
    if !response.ok() {
        return None;
    }
    JsFuture::from(response.text().ok()?).await.ok()?.as_string()
}

#[component]
fn EntryView(lang: Lang, index: usize) -> impl IntoView {
    let t = texts(lang);
    let entry: &'static Entry = &ENTRIES[index];
    let body: &'static Body = &BODIES[index];
    let location = use_location();
    // The page renders the entry's example first, as the pre-rendered HTML does;
    // the state in the address is applied right after, so hydration always meets
    // the markup it expects.
    let main_state = body
        .calculators
        .first()
        .map(|c| CalcState::new(c, c.scenario, c.model, c.hardware));
    let ignored = RwSignal::new(Vec::<String>::new());
    if let Some(state) = main_state {
        Effect::new(move |_| {
            let pairs: Vec<(String, String)> = location
                .query
                .get_untracked()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect();
            if pairs.is_empty() {
                return;
            }
            let (scenario, model, hardware, rejected) =
                decode(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())), state.example);
            state.model_preset.set(model);
            state.hardware_preset.set(hardware);
            state.scenario.set(scenario);
            ignored.set(rejected);
        });
    }
    let query = Signal::derive(move || main_state.map(|s| s.query()).unwrap_or_default());

    let article = NodeRef::<leptos::html::Article>::new();
    // The release bundle carries no prose. A pre-rendered page has it already; an
    // entry opened inside the app fetches its prose file.
    let prose = RwSignal::new(Prose::bundled(index));
    Effect::new(move |_| {
        if prose.get_untracked() != Prose::Pending {
            return;
        }
        let on_page = article
            .get_untracked()
            .and_then(|a| a.query_selector(".prose > *").ok().flatten())
            .is_some();
        if on_page {
            return;
        }
        leptos::task::spawn_local(async move {
            let loaded = fetch_text(urls::prose(lang, entry.slug))
                .await
                .map_or(Prose::Failed, |text| Prose::parse(&text));
            // The reader may have moved on; the signal is gone with the page then.
            let _ = prose.try_set(loaded);
        });
    });
    // Fresh prose holds the example's values: bring them up to date once it is in.
    Effect::new(move |_| {
        if !prose.with(|p| matches!(p, Prose::Ready(_))) {
            return;
        }
        let Some(state) = main_state else { return };
        request_animation_frame(move || {
            if let Some(el) = article.get_untracked() {
                update_prose(&el, body, &state, lang, &query.get_untracked());
            }
        });
    });
    Effect::new(move |first: Option<()>| {
        let q = query.get();
        let Some(state) = main_state else { return };
        state.valid.track();
        if let Some(el) = article.get() {
            update_prose(&el, body, &state, lang, &q);
        }
        // The first run sees the example, not yet the address's state: leave the
        // address alone until that state is applied.
        if first.is_none() {
            return;
        }
        // Keep the address shareable without a navigation.
        urls::replace_query(&q);
    });

    // The footer follows the prose segments in the prose file.
    let footer = body.segments.iter().filter(|s| matches!(s, Segment::Prose(_))).count();
    let segments = body
        .segments
        .iter()
        .map(|segment| match segment {
            Segment::Prose(k) => {
                let k = *k;
                // While hydrating, an empty value leaves the pre-rendered prose alone.
                view! { <div class="prose" inner_html=move || prose.with(|p| p.segment(k).to_string())></div> }
                    .into_any()
            }
            Segment::Calculator(i) => {
                let calc = &body.calculators[*i];
                let (state, ignored): (CalcState, Signal<Vec<String>>) = match (i, main_state) {
                    (0, Some(s)) => (s, ignored.into()),
                    _ => (
                        CalcState::new(calc, calc.scenario, calc.model, calc.hardware),
                        Signal::stored(Vec::new()),
                    ),
                };
                view! { <CalculatorView state lang uid=*i ignored/> }.into_any()
            }
        })
        .collect_view();

    let translation = entry.translation.filter(|i| ENTRIES[*i].lang != lang);
    let other_term = translation
        .map(|i| ENTRIES[i].term)
        .filter(|term| !term.eq_ignore_ascii_case(entry.term));
    use_head(format!("{} · {}", entry.term, t.site_title), lang);
    // The copy-link button lives in static markup; one listener serves it.
    Effect::new(move |_| {
        if let Some(el) = article.get() {
            on(el.into(), &["click"], move |ev| {
                let button = ev
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .and_then(|t| t.closest(".copy-link button").ok().flatten());
                if let Some(button) = button {
                    copy_link(&button, lang);
                }
            });
        }
    });
    view! {
        <SiteHeader lang switch=Some(LanguageTarget::Entry { translation, query })/>
        <main id="main" tabindex="-1" class="entry">
            <nav class="breadcrumbs" aria-label=t.breadcrumb inner_html=breadcrumbs(entry, lang)></nav>
            <article node_ref=article lang=lang.code()>
                <header class="entry-header" inner_html=heading(entry, lang, other_term, translation.is_some())></header>
                {move || prose.with(|p| *p == Prose::Failed).then(|| view! {
                    <p class="notice error" role="alert">{t.prose_failed}</p>
                })}
                {segments}
                <footer class="entry-end" inner_html=move || prose.with(|p| p.segment(footer).to_string())></footer>
            </article>
            <LinkPreviews/>
        </main>
    }
}

// The static parts of the page as markup strings: far less code in the bundle than
// a view per element (see `crate::html`).

fn breadcrumbs(entry: &Entry, lang: Lang) -> String {
    let t = texts(lang);
    let mut html = format!(
        r#"<a href="{}">{}</a> › "#,
        escape(&urls::index(lang)),
        escape(t.index_heading)
    );
    if let Some(slug) = entry.category {
        let url = urls::with_query(&urls::index(lang), &format!("category={}", urls::encode(slug)));
        let name = category_name(lang, slug).unwrap_or(slug);
        let _ = write!(html, r#"<a href="{}">{}</a> › "#, escape(&url), escape(name));
    }
    let _ = write!(html, r#"<span aria-current="page">{}</span>"#, escape(entry.term));
    html
}

fn heading(entry: &Entry, lang: Lang, other_term: Option<&str>, translated: bool) -> String {
    let t = texts(lang);
    let mut html = format!("<h1>{}", escape(entry.term));
    if let Some(o) = other_term {
        let _ = write!(
            html,
            r#" <span class="other-term" lang="{}">({})</span>"#,
            lang.other().code(),
            escape(o)
        );
    }
    html.push_str("</h1>");
    if !entry.variants.is_empty() {
        let _ = write!(
            html,
            r#"<p class="variants">{}: {}</p>"#,
            escape(t.also_called),
            escape(&entry.variants.join(", "))
        );
    }
    let _ = write!(
        html,
        r#"<p class="short">{}</p><p class="copy-link"><button type="button">{}</button> <span class="copy-status" role="status"></span></p>"#,
        escape(entry.short),
        escape(t.copy_link)
    );
    if entry.draft {
        let _ = write!(html, r#"<p class="notice draft">{}</p>"#, escape(t.draft_notice));
    }
    if !translated {
        let _ = write!(html, r#"<p class="notice">{}</p>"#, escape(t.no_translation));
    }
    html
}

/// The page's footer: related terms, sources, date. Part of the prose file, so that
/// the release bundle carries none of it.
#[cfg(any(not(target_arch = "wasm32"), debug_assertions))]
pub fn footer(index: usize) -> String {
    let lang = ENTRIES[index].lang;
    let entry = &crate::data::DETAILS[index];
    let t = texts(lang);
    let mut html = String::new();
    if !entry.related.is_empty() {
        let _ = write!(
            html,
            r#"<section class="related"><h2>{}</h2><ul>"#,
            escape(t.related_heading)
        );
        for r in entry.related {
            let _ = match r.entry {
                Some(i) => write!(
                    html,
                    r#"<li><a class="xref" href="{}">{}</a></li>"#,
                    escape(&urls::entry(lang, ENTRIES[i].slug)),
                    escape(r.term)
                ),
                None => write!(
                    html,
                    r#"<li><span class="missing-term">{}</span> <span class="missing-note">({})</span></li>"#,
                    escape(r.term),
                    escape(t.not_yet_written)
                ),
            };
        }
        html.push_str("</ul></section>");
    }
    if !entry.sources.is_empty() {
        let _ = write!(
            html,
            r#"<section class="sources"><h2>{}</h2><ol>"#,
            escape(t.sources_heading)
        );
        for s in entry.sources {
            let _ = write!(
                html,
                r#"<li><a href="{}" rel="noopener noreferrer">{}</a></li>"#,
                escape(s.url),
                escape(s.label)
            );
        }
        html.push_str("</ol></section>");
    }
    // Described by it: related terms in the prose that have no entry yet.
    let _ = write!(
        html,
        r#"<span id="not-yet-written" hidden>{}</span>"#,
        escape(t.not_yet_written)
    );
    if let Some(d) = entry.updated {
        let _ = write!(
            html,
            r#"<p class="updated">{}: <time datetime="{}">{}</time></p>"#,
            escape(t.updated),
            escape(d),
            escape(&format_date(d, lang))
        );
    }
    html
}

/// Copies the page's address, with its calculator state, and says so beside the button.
fn copy_link(button: &web_sys::Element, lang: Lang) {
    let t = texts(lang);
    let Some(window) = web_sys::window() else { return };
    let status = button.next_element_sibling();
    let href = window.location().href().unwrap_or_default();
    let promise = window.navigator().clipboard().write_text(&href);
    leptos::task::spawn_local(async move {
        let done = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        if let Some(status) = status {
            status.set_text_content(Some(if done { t.link_copied } else { t.copy_failed }));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_the_readers_format() {
        assert_eq!(format_date("2026-09-21", Lang::De), "21. September 2026");
        assert_eq!(format_date("2026-03-01", Lang::En), "1 March 2026");
        assert_eq!(format_date("garbage", Lang::En), "garbage");
    }
}
