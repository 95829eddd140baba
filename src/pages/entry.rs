//! `/{lang}/{slug}`: one entry with its calculators.

use crate::reactive::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use vocab::i18n::texts;
use vocab::markup::{build, Html};
use vocab::names;

use crate::bound::{Part, Prop};
use crate::components::calculator::calculator;
use crate::components::calculator::state::{decode, CalcState};
use crate::components::head::use_head;
use crate::components::header::{site_header, LanguageTarget};
use crate::components::preview::link_previews;
use crate::data::{self, presets, Body, EntryData, Lang, LoadError, Segment};
use crate::dom::elements;
use crate::listen::on;
use crate::pages::load::{loaded, waiting};
use crate::pages::not_found::not_found;
use crate::router::use_location;
use crate::urls;
use crate::view::{Builder, HOLDER};

/// The page of an entry: shown at once where the app has its data, loaded first
/// where it does not.
pub fn entry_page(b: &mut Builder, lang: Lang, slug: String) {
    match data::entry(lang, &slug) {
        Some(data) => entry_view(b, lang, data),
        None => load_entry(b, lang, slug),
    }
}

/// What loading an entry's data file came to.
#[derive(Clone, Copy, PartialEq)]
enum Loaded {
    Waiting,
    Entry(&'static EntryData),
    NotFound,
    Failed,
}

/// An entry opened inside the app: its data file is fetched, then it shows.
fn load_entry(b: &mut Builder, lang: Lang, slug: String) {
    let entry = loaded(async move { data::load_entry(lang, &slug).await });
    let state = move || {
        entry.with(|e| match e {
            None => Loaded::Waiting,
            Some(Ok(data)) => Loaded::Entry(data),
            Some(Err(LoadError::NotFound)) => Loaded::NotFound,
            Some(Err(_)) => Loaded::Failed,
        })
    };
    b.slot("div", &[("class", Some(HOLDER))], state, move |state, b| match *state {
        Loaded::Entry(data) => entry_view(b, lang, data),
        Loaded::NotFound => not_found(b, Some(lang)),
        other => waiting(b, lang, "entry", None, other == Loaded::Failed),
    });
}

/// An entry's prose on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prose {
    /// Not loaded yet.
    Pending,
    /// The segments.
    Ready(&'static [String]),
    /// The prose file could not be loaded.
    Failed,
}

impl Prose {
    /// Segment `k`, or nothing while it is not loaded.
    fn segment(self, k: usize) -> String {
        match self {
            Prose::Ready(segments) => segments.get(k).cloned().unwrap_or_default(),
            Prose::Pending | Prose::Failed => String::new(),
        }
    }
}

/// The prose's live parts: its inline values and its links to other entries (the
/// footer's related terms among them), found once the prose is in the page and then
/// fed by the main calculator's state.
struct LiveProse {
    /// Each inline value's span and its position in the entry's inline values.
    values: Vec<(web_sys::Element, usize)>,
    /// Each link to another entry (the prose's, the footer's, the reading path's) and
    /// its own address, before any state is carried into it.
    xrefs: Vec<(web_sys::Element, String)>,
}

impl LiveProse {
    /// The live parts in `article`.
    fn resolve(article: &web_sys::Element) -> LiveProse {
        let attr = names::INLINE_VALUE_ATTR;
        let values = elements(article, &format!("[{attr}]"))
            .into_iter()
            .filter_map(|el| {
                let k = el.get_attribute(attr)?.parse::<usize>().ok()?;
                Some((el, k))
            })
            .collect();
        // The reading path's links too: a reader who goes on to the next step takes
        // the setup along, as from a link in the prose.
        let xrefs = elements(article, &format!("a.{}, .path-nav a", names::XREF))
            .into_iter()
            .map(|a| {
                // Kept on the link too: its preview reads the entry it points to there.
                let base = match a.get_attribute(names::XREF_BASE_ATTR) {
                    Some(h) => h,
                    None => {
                        let h = a.get_attribute("href").unwrap_or_default();
                        let _ = a.set_attribute(names::XREF_BASE_ATTR, &h);
                        h
                    }
                };
                (a, base)
            })
            .collect();
        LiveProse { values, xrefs }
    }

    /// Writes the live values and carries the calculator's query string into the
    /// links to other entries.
    fn update(&self, body: &Body, state: &CalcState, lang: Lang, query: &str) {
        let (scenario, _) = state.valid.get_untracked();
        let flash = reader_is_editing();
        for (el, k) in &self.values {
            let Some(text) = body.inline.get(*k).and_then(|v| v.text(&scenario, presets(), lang)) else {
                continue;
            };
            if el.text_content().as_deref() != Some(text.as_str()) {
                el.set_text_content(Some(&text));
                if flash {
                    // Two names for one animation: switching restarts it.
                    let next = match el.get_attribute(names::FLASH_ATTR).as_deref() {
                        Some("a") => "b",
                        _ => "a",
                    };
                    let _ = el.set_attribute(names::FLASH_ATTR, next);
                }
            }
        }
        for (a, base) in &self.xrefs {
            if let Some(href) = urls::carried_into(base, query) {
                let _ = a.set_attribute("href", &href);
            }
        }
    }
}

/// Whether the reader is using a calculator (its control has the focus): the
/// figures it moves are highlighted then, and not when a page or a link's state
/// sets them.
fn reader_is_editing() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .and_then(|el| el.closest(&format!(".{}", names::CALCULATOR)).ok().flatten())
        .is_some()
}

/// The entry's main calculator (its first), which the address's state applies to
/// once the page is live, and the query keys that state could not use.
fn main_calculator(body: &'static Body) -> (Option<CalcState>, RwSignal<Vec<String>>) {
    let location = use_location();
    // The page renders the entry's example first, as the pre-rendered HTML does;
    // the state in the address is applied right after, so that the page the app
    // takes over is written again as the reader saw it.
    let state = body.calculators.first().map(CalcState::example);
    let ignored = RwSignal::new(Vec::<String>::new());
    if let Some(state) = state {
        // Again whenever the query changes by a navigation within the page (back or
        // forward to a step of its history with another state): the address says
        // what the page shows. The page's own writes of its query change no route.
        crate::reactive::effect_with(move |ran: Option<bool>| {
            let query = location.query.get();
            let first = ran.is_none();
            // A query too long to read was taken out of the address before the app
            // started: the notice counts its pairs (once the page is taken over, as
            // the address's state is).
            let dropped = crate::address::dropped();
            if first && dropped > 0 {
                ignored.set(vec![format!("+{dropped}")]);
                return true;
            }
            if first && query.pairs().next().is_none() {
                return true;
            }
            // The page's own write of its state, read back: the form shows it already,
            // an invalid figure being typed included (decoded, the address would drop
            // it and the form would lose what the reader typed).
            if !first && untrack(|| crate::router::Query::parse(&state.query())) == query {
                return true;
            }
            let decoded = decode(query.pairs(), state.example);
            let shown = untrack(|| (state.setup(), state.pinned.get()));
            if first || shown != (decoded.current, decoded.pinned) {
                state.apply(&decoded);
                ignored.set(decoded.ignored);
            }
            true
        });
    }
    (state, ignored)
}

/// The prose: carried by the build, read from the pre-rendered page, or fetched when
/// the entry opens inside the app.
fn prose_signal(data: &'static EntryData) -> RwSignal<Prose> {
    let prose = RwSignal::new(data::prose(data).map_or(Prose::Pending, Prose::Ready));
    if prose.get_untracked() == Prose::Pending {
        any_spawner::Executor::spawn_local(async move {
            let loaded = data::load_prose(data).await.map_or(Prose::Failed, Prose::Ready);
            let _ = prose.try_set(loaded);
        });
    }
    prose
}

/// After an in-app navigation to a section (the language switch keeps the reader's
/// section), scrolls to it once the prose holds its heading: the router looks for it
/// when the page is written, before its prose is in.
fn follow_section(prose: RwSignal<Prose>) {
    crate::reactive::effect_with(move |done: Option<bool>| {
        if done == Some(true) || !prose.with(|p| matches!(p, Prose::Ready(_))) {
            return false;
        }
        crate::listen::next_frame(|| {
            if let Some(heading) = crate::router::fragment_target() {
                heading.scroll_into_view();
            }
        });
        true
    });
}

/// Keeps the prose's live values and links in step with the main calculator, and
/// the address with its state.
fn follow_calculator(
    data: &'static EntryData,
    main: Option<CalcState>,
    prose: RwSignal<Prose>,
    article: web_sys::Element,
    query: Signal<String>,
) {
    let (lang, body) = (data.lang, &data.body);
    let Some(state) = main else { return };
    // Found once the prose is in.
    let live: Rc<RefCell<Option<LiveProse>>> = Rc::default();
    let fresh = Rc::clone(&live);
    let fresh_article = article.clone();
    // Fresh prose holds the example's values: bring them up to date once it is in.
    crate::reactive::effect(move || {
        if !prose.with(|p| matches!(p, Prose::Ready(_))) {
            return;
        }
        let live = Rc::clone(&fresh);
        let el = fresh_article.clone();
        // The frame may come after the reader has left the entry, its signals gone
        // with it: then there is nothing to update.
        crate::listen::next_frame(move || {
            let Some(q) = query.try_get_untracked() else {
                return;
            };
            let found = LiveProse::resolve(&el);
            found.update(body, &state, lang, &q);
            *live.borrow_mut() = Some(found);
        });
    });
    crate::reactive::effect_with(move |first: Option<()>| {
        let q = query.get();
        state.valid.track();
        live.borrow_mut()
            .get_or_insert_with(|| LiveProse::resolve(&article))
            .update(body, &state, lang, &q);
        // The first run sees the example, not yet the address's state: leave the
        // address alone until that state is applied.
        if first.is_none() {
            return;
        }
        // Keep the address shareable without a navigation.
        crate::router::replace_query(&q);
    });
}

/// The body in reading order: prose segments and calculators.
fn segments(
    b: &mut Builder,
    data: &'static EntryData,
    main: Option<CalcState>,
    ignored: RwSignal<Vec<String>>,
    prose: RwSignal<Prose>,
) {
    let (lang, body) = (data.lang, &data.body);
    for segment in &body.segments {
        match *segment {
            Segment::Prose(k) => {
                let k = usize::from(k);
                let text = move || Some(prose.get().segment(k));
                // The entry's prose, cleaned when the content was built.
                let first = Html::sanitised(prose.get_untracked().segment(k), "crates/content's allow-list");
                b.parts(vec![Part::new(None, Prop::Markup, text)]).el_html(
                    "div",
                    &[("class", Some(names::PROSE))],
                    &first,
                );
            }
            Segment::Calculator(i) => {
                let i = usize::from(i);
                let Some(calc) = body.calculators.get(i) else {
                    continue;
                };
                let (state, ignored): (CalcState, Signal<Vec<String>>) = match (i, main) {
                    (0, Some(s)) => (s, ignored.into()),
                    _ => (CalcState::example(calc), Signal::stored(Vec::new())),
                };
                calculator(b, state, lang, i, ignored);
            }
        }
    }
}

fn entry_view(b: &mut Builder, lang: Lang, data: &'static EntryData) {
    let t = texts(lang);
    let (main, ignored) = main_calculator(&data.body);
    let query = Signal::derive(move || main.map(|s| s.query()).unwrap_or_default());
    let prose = prose_signal(data);
    let translation = data.translation.as_ref().map(|t| t.slug.as_str());
    use_head(format!("{} · {}", data.summary.term, t.site_title), lang);
    follow_section(prose);
    let switch = LanguageTarget::Entry {
        translation,
        query,
        sections: &data.sections,
        counterparts: &data.counterparts,
    };
    site_header(b, lang, Some(switch));
    let failed = move || {
        build(|h| {
            if prose.get() == Prose::Failed {
                h.el_text(
                    "p",
                    &[("class", Some("notice error")), ("role", Some("alert"))],
                    t.prose_failed,
                );
            }
        })
    };
    b.el(
        "main",
        &[
            ("id", Some(names::MAIN)),
            ("tabindex", Some("-1")),
            ("class", Some("entry")),
        ],
        |b| {
            b.el_html(
                "nav",
                &[("class", Some("breadcrumbs")), ("aria-label", Some(t.breadcrumb))],
                &breadcrumbs(data),
            );
            b.hook(move |article| {
                follow_calculator(data, main, prose, article.clone(), query);
                // The copy-link button lives in the header's static markup.
                if let Some(h) = EntryHeader::resolve(article) {
                    on(h.button.clone().into(), &["click"], move |_| copy_link(&h.status, lang));
                }
            })
            .el("article", &[("lang", Some(lang.code()))], |b| {
                b.el_html("header", &[("class", Some("entry-header"))], &EntryHeader::markup(data))
                    .el_html("div", &[("class", Some("toc-phone"))], &contents_disclosure(data));
                b.parts(vec![Part::new(None, Prop::Markup, move || {
                    Some(failed().into_string())
                })])
                .el_html("div", &[("class", Some(HOLDER))], &failed());
                segments(b, data, main, ignored, prose);
                b.el_html(
                    "nav",
                    &[("class", Some("path-nav")), ("aria-label", Some(t.reading_path))],
                    &path_nav(data),
                )
                .el_html("footer", &[("class", Some("entry-end"))], &footer(data));
            });
            b.el_html(
                "nav",
                &[("class", Some("toc-wide")), ("aria-label", Some(t.contents))],
                &contents(data),
            );
            link_previews(b);
        },
    );
}

// The static parts of the page as one string each: far less code in the bundle than
// a view per element (see `vocab::markup`).

fn breadcrumbs(data: &EntryData) -> Html {
    let lang = data.lang;
    let t = texts(lang);
    build(|h| {
        h.el_text("a", &[("href", Some(&urls::index(lang)))], t.index_heading);
        h.text(" › ");
        if let Some(slug) = &data.summary.category {
            let url = urls::with_query(&urls::index(lang), &format!("category={}", urls::encode(slug)));
            let name = data.category_name.as_deref().unwrap_or(slug);
            h.el_text("a", &[("href", Some(&url))], name);
            h.text(" › ");
        }
        h.el_text("span", &[("aria-current", Some("page"))], &data.summary.term);
    })
}

/// A term without spaces and ASCII punctuation, ASCII letters in lower case:
/// "KV cache" and "KV-Cache" are one term, so that the headword does not repeat it
/// as its translation. (ASCII only: Unicode's case tables would cost the wasm.)
fn same_letters(term: &str) -> String {
    term.chars()
        .filter(|c| *c != ' ' && !c.is_ascii_punctuation())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The entry's header: headword, translation, other names, definition, and the
/// copy-link button with its status, which it holds once the markup is in the page.
struct EntryHeader {
    button: web_sys::Element,
    status: web_sys::Element,
}

impl EntryHeader {
    /// The header's elements in the entry's `article`, whose first child it is.
    fn resolve(article: &web_sys::Element) -> Option<EntryHeader> {
        let button = article.first_element_child()?.query_selector("button").ok()??;
        let status = button.next_element_sibling()?;
        Some(EntryHeader { button, status })
    }

    fn markup(data: &EntryData) -> Html {
        heading(data)
    }
}

fn heading(data: &EntryData) -> Html {
    let lang = data.lang;
    let t = texts(lang);
    let e = &data.summary;
    let other_term = data
        .translation
        .as_ref()
        .map(|o| o.term.as_str())
        .filter(|term| same_letters(term) != same_letters(&e.term));
    build(|h| {
        h.el("div", &[("class", Some("headword"))], |h| {
            h.el("h1", &[], |h| {
                h.text(&e.term);
                if let Some(o) = other_term {
                    h.text(" ");
                    h.el_text(
                        "span",
                        &[("class", Some("other-term")), ("lang", Some(lang.other().code()))],
                        &format!("({o})"),
                    );
                }
            });
            // The status is metadata: a quiet badge by the headword, where it differs
            // from most entries' (the usual one is said in the footer).
            if let Some((badge, notice)) = t.status_badge(e) {
                let attrs = [("class", Some("badge status")), ("title", Some(notice))];
                h.el_text("span", &attrs, badge);
            }
        });
        if !e.variants.is_empty() {
            h.el_text(
                "p",
                &[("class", Some("variants"))],
                &format!("{}: {}", t.also_called, e.variants.join(", ")),
            );
        }
        h.el_text("p", &[("class", Some("short"))], &e.short);
        h.el("p", &[("class", Some("copy-link"))], |h| {
            h.el_text("button", &[("type", Some("button"))], t.copy_link);
            h.text(" ");
            h.el_text("span", &[("class", Some("copy-status")), ("role", Some("status"))], "");
        });
        if data.translation.is_none() {
            h.el_text("p", &[("class", Some("notice"))], t.no_translation);
        }
    })
}

/// The entry's sections as a list of links to them.
fn contents(data: &EntryData) -> Html {
    let t = texts(data.lang);
    build(|h| {
        if data.sections.is_empty() {
            return;
        }
        h.el_text("h2", &[("class", Some("toc-title"))], t.contents);
        contents_list(data, h);
    })
}

/// The same list behind a disclosure, for narrow screens.
fn contents_disclosure(data: &EntryData) -> Html {
    let t = texts(data.lang);
    build(|h| {
        if data.sections.is_empty() {
            return;
        }
        h.el("details", &[("class", Some("toc"))], |h| {
            h.el_text("summary", &[], t.contents);
            h.el("nav", &[("aria-label", Some(t.contents))], |h| contents_list(data, h));
        });
    })
}

/// The sections, each with its subsections in a list of their own, and the sources
/// after them where the entry has any.
fn contents_list(data: &EntryData, h: &mut Html) {
    // The page's own path before the fragment: a bare `#…` would resolve against `<base>`.
    let here = urls::entry(data.lang, &data.summary.slug);
    let link = |h: &mut Html, id: &str, title: &str| {
        h.el_text("a", &[("href", Some(&format!("{here}#{id}")))], title);
    };
    let mut sections = data.sections.iter().peekable();
    h.el("ol", &[("class", Some(names::CONTENTS_LIST))], |h| {
        while let Some(section) = sections.next() {
            h.el("li", &[], |h| {
                link(h, &section.id, &section.title);
                if sections.peek().is_some_and(|s| s.sub) {
                    h.el("ol", &[], |h| {
                        while let Some(sub) = sections.next_if(|s| s.sub) {
                            h.el("li", &[], |h| link(h, &sub.id, &sub.title));
                        }
                    });
                }
            });
        }
        if !data.footer.sources.is_empty() {
            h.el("li", &[], |h| link(h, names::SOURCES, texts(data.lang).sources_heading));
        }
    });
}

/// The previous and next entries on the reading path, where the entry is on it.
fn path_nav(data: &EntryData) -> Html {
    let lang = data.lang;
    let t = texts(lang);
    build(|h| {
        let Some(place) = &data.path else { return };
        h.el_text(
            "p",
            &[("class", Some("path-place"))],
            &(t.path_step)(place.position, place.length),
        );
        for (neighbour, rel, label) in [(&place.previous, "prev", t.previous), (&place.next, "next", t.next)] {
            if let Some(n) = neighbour {
                let href = urls::entry(lang, &n.slug);
                h.el(
                    "a",
                    &[("class", Some(rel)), ("rel", Some(rel)), ("href", Some(&href))],
                    |h| {
                        h.el_text("span", &[("class", Some("path-label"))], label);
                        h.el_text("span", &[("class", Some("path-term"))], &n.term);
                    },
                );
            }
        }
        // The path's end leads on to every term, not to nothing.
        if place.next.is_none() {
            let href = format!("{}#{}", urls::index(lang), names::ALL_TERMS);
            h.el("a", &[("class", Some("next")), ("href", Some(&href))], |h| {
                h.el_text("span", &[("class", Some("path-label"))], t.next);
                h.el_text("span", &[("class", Some("path-term"))], t.index_heading);
            });
        }
    })
}

/// Copies the page's address, with its calculator state, and says so in `status`.
fn copy_link(status: &web_sys::Element, lang: Lang) {
    let t = texts(lang);
    let Some(window) = web_sys::window() else { return };
    let status = status.clone();
    crate::router::flush_address();
    let href = window.location().href().unwrap_or_default();
    let promise = window.navigator().clipboard().write_text(&href);
    any_spawner::Executor::spawn_local(async move {
        let done = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        status.set_text_content(Some(if done { t.link_copied } else { t.copy_failed }));
    });
}

/// The sources a long list shows before its disclosure of the rest.
const SOURCES_SHOWN: usize = 6;

/// The entry's footer: related terms, sources, the date of its last change, and
/// the note that missing terms are described by.
fn footer(data: &EntryData) -> Html {
    let lang = data.lang;
    let t = texts(lang);
    let f = &data.footer;
    build(|h| {
        if !f.related.is_empty() {
            h.el("section", &[("class", Some("related"))], |h| {
                h.el_text("h2", &[], t.related_heading);
                h.el("ul", &[], |h| {
                    for (term, slug) in &f.related {
                        h.el("li", &[], |h| match slug {
                            Some(slug) => {
                                let url = urls::entry(lang, slug);
                                h.el_text("a", &[("class", Some(names::XREF)), ("href", Some(&url))], term);
                            }
                            None => {
                                h.el_text("span", &[("class", Some(names::MISSING_TERM))], term);
                                h.text(" ");
                                h.el_text(
                                    "span",
                                    &[("class", Some("missing-note"))],
                                    &format!("({})", t.not_yet_written),
                                );
                            }
                        });
                    }
                });
            });
        }
        if !f.sources.is_empty() {
            // A long list shows its first sources and the rest behind a disclosure
            // (which the browser's find in page opens; print shows them all).
            let shown = if f.sources.len() > SOURCES_SHOWN + 2 {
                SOURCES_SHOWN
            } else {
                f.sources.len()
            };
            let (first, rest) = f.sources.split_at(shown);
            let list = |h: &mut Html, sources: &[(String, String)], start: Option<&str>| {
                h.el("ol", &[("start", start)], |h| {
                    for (label, url) in sources {
                        h.el("li", &[], |h| {
                            h.el_text("a", &[("href", Some(url)), ("rel", Some(names::EXTERNAL_REL))], label);
                        });
                    }
                });
            };
            h.el("section", &[("class", Some(names::SOURCES))], |h| {
                h.el_text("h2", &[("id", Some(names::SOURCES))], t.sources_heading);
                list(h, first, None);
                if !rest.is_empty() {
                    h.el("details", &[("class", Some("more-sources"))], |h| {
                        h.el_text("summary", &[], &(t.more_sources)(rest.len()));
                        list(h, rest, Some(&(shown + 1).to_string()));
                    });
                }
            });
        }
        h.el_text(
            "span",
            &[("id", Some(names::MISSING_NOTE_ID)), ("hidden", Some(""))],
            t.not_yet_written,
        );
        if data.summary.draft && !data.summary.marked {
            h.el_text("p", &[("class", Some("entry-status"))], t.draft_notice);
        }
        if let Some((date, written)) = &f.updated {
            h.el("p", &[("class", Some("updated"))], |h| {
                h.text(t.updated).text(": ");
                h.el_text("time", &[("datetime", Some(date))], written);
            });
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use vocab::wire::Footer;

    #[test]
    fn the_status_is_a_badge_only_where_it_differs_from_most_entries() {
        let mut data = data::entry(Lang::En, &data::index(Lang::En).expect("index").entries[0].summary.slug)
            .expect("entry")
            .clone();
        let t = texts(Lang::En);
        for (draft, marked, badge, in_footer) in [
            (true, false, None, Some(t.draft_notice)),
            (true, true, Some(t.draft), None),
            (false, true, Some(t.reviewed), None),
            (false, false, None, None),
        ] {
            (data.summary.draft, data.summary.marked) = (draft, marked);
            let header = heading(&data).into_string();
            let end = footer(&data).into_string();
            assert_eq!(header.contains("badge status"), badge.is_some(), "{header}");
            if let Some(b) = badge {
                assert!(header.contains(&format!(">{b}</span>")), "{header}");
            }
            assert_eq!(end.contains(t.draft_notice), in_footer.is_some(), "{end}");
        }
    }

    #[test]
    fn the_footer_escapes_what_authors_wrote() {
        let mut data = data::entry(Lang::En, &data::index(Lang::En).expect("index").entries[0].summary.slug)
            .expect("entry")
            .clone();
        data.footer = Footer {
            related: vec![("<b>KV</b>".into(), Some("kv-cache".into())), ("Nowhere".into(), None)],
            sources: vec![("<script>x</script> & co".into(), "https://example.org/?a=1&b=2".into())],
            updated: Some(("2026-03-01".into(), "1 March 2026".into())),
        };
        let html = footer(&data).into_string();
        assert!(html.contains("&lt;script&gt;x&lt;/script&gt; &amp; co"), "{html}");
        assert!(!html.contains("<script>") && !html.contains("<b>"), "{html}");
        assert!(
            html.contains(&format!(
                "class=\"{}\" href=\"{}\"",
                names::XREF,
                urls::entry(Lang::En, "kv-cache")
            )),
            "{html}"
        );
        assert!(
            html.contains(&format!("class=\"{}\">Nowhere", names::MISSING_TERM)),
            "{html}"
        );
        assert!(html.contains("1 March 2026"), "{html}");
    }
}
