//! `/{lang}/{slug}`: one entry with its calculators.

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_params_map};
use wasm_bindgen::JsCast;

use crate::components::calculator::state::{decode, CalcState};
use crate::components::calculator::CalculatorView;
use crate::components::head::use_head;
use crate::components::header::{LanguageTarget, SiteHeader};
use crate::data::{find, Body, Entry, Lang, Prose, Segment, BODIES, ENTRIES};
use crate::i18n::texts;
use crate::pages::not_found::NotFound;
use crate::urls;

/// `YYYY-MM-DD` as a reader of `lang` writes dates.
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
    if let Ok(spans) = article.query_selector_all("[data-rv]") {
        for i in 0..spans.length() {
            let Some(el) = spans.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) else {
                continue;
            };
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
    }
    if let Ok(links) = article.query_selector_all("a.xref") {
        for i in 0..links.length() {
            let Some(a) = links.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) else {
                continue;
            };
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
        if let Some(window) = web_sys::window() {
            let loc = window.location();
            let path = loc.pathname().unwrap_or_default();
            let hash = loc.hash().unwrap_or_default();
            let target = format!("{}{hash}", urls::with_query(&path, &q));
            let current = format!("{path}{}{hash}", loc.search().unwrap_or_default());
            if target != current {
                if let Ok(history) = window.history() {
                    let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&target));
                }
            }
        }
    });

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
    view! {
        <SiteHeader lang switch=Some(LanguageTarget::Entry { translation, query })/>
        <main id="main" class="entry">
            <nav class="breadcrumbs" aria-label="Breadcrumb">
                <a href=urls::index(lang)>{t.index_heading}</a>
                " › "
                <span aria-current="page">{entry.term}</span>
            </nav>
            <article node_ref=article lang=lang.code()>
                <header class="entry-header">
                    <h1>
                        {entry.term}
                        {other_term.map(|o| view! { " " <span class="other-term" lang=lang.other().code()>"("{o}")"</span> })}
                    </h1>
                    {(!entry.variants.is_empty()).then(|| view! {
                        <p class="variants">{t.also_called}": "{entry.variants.join(", ")}</p>
                    })}
                    <p class="short">{entry.short}</p>
                    {entry.draft.then(|| view! { <p class="notice draft">{t.draft_notice}</p> })}
                    {translation.is_none().then(|| view! { <p class="notice">{t.no_translation}</p> })}
                </header>
                {move || prose.with(|p| *p == Prose::Failed).then(|| view! {
                    <p class="notice error" role="alert">{t.prose_failed}</p>
                })}
                {segments}
                {(!entry.related.is_empty()).then(|| view! {
                    <section class="related">
                        <h2>{t.related_heading}</h2>
                        <ul>
                            {entry.related.iter().map(|r| match r.entry {
                                Some(i) => view! { <li><a class="xref" href=urls::entry(lang, ENTRIES[i].slug)>{r.term}</a></li> }.into_any(),
                                None => view! { <li><span class="missing-term" title=t.not_yet_written>{r.term}</span></li> }.into_any(),
                            }).collect_view()}
                        </ul>
                    </section>
                })}
                {(!entry.sources.is_empty()).then(|| view! {
                    <section class="sources">
                        <h2>{t.sources_heading}</h2>
                        <ol>
                            {entry.sources.iter().map(|s| view! {
                                <li><a href=s.url rel="noopener noreferrer">{s.label}</a></li>
                            }).collect_view()}
                        </ol>
                    </section>
                })}
                {entry.updated.map(|d| view! {
                    <p class="updated">{t.updated}": "<time datetime=d>{format_date(d, lang)}</time></p>
                })}
            </article>
        </main>
    }
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
