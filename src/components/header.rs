//! The header on every page: site title, search, language switch, theme, skip link.

use crate::reactive::prelude::*;
use vocab::markup::build;
use vocab::names;
use vocab::wire::Section;
use wasm_bindgen::JsCast;

use crate::bound::{Part, Prop};
use crate::components::search::search_box;
use crate::components::theme::theme_toggle;
use crate::data::Lang;
use crate::router::use_location;
use crate::urls;
use crate::view::Builder;
use vocab::i18n::texts;

/// Where the language switch leads.
#[derive(Clone)]
pub enum LanguageTarget {
    /// The other language's index.
    Index,
    /// The same concept in the other language (the entry's translation), keeping
    /// the calculator's query string and the section the reader is in.
    Entry {
        translation: Option<&'static str>,
        query: Signal<String>,
        /// The entry's sections and subsections and, for each, its counterpart's id.
        sections: &'static [Section],
        counterparts: &'static [String],
    },
}

/// The section the reader is in: the last whose heading has passed the upper quarter
/// of the viewport; `None` above the first.
fn current_section(sections: &[Section]) -> Option<usize> {
    let window = web_sys::window()?;
    let document = window.document()?;
    let reading_line = window.inner_height().ok()?.as_f64()? / 4.0;
    sections
        .iter()
        .map(|s| document.get_element_by_id(&s.id))
        .take_while(|h| {
            h.as_ref()
                .is_some_and(|h| h.get_bounding_client_rect().top() <= reading_line)
        })
        .count()
        .checked_sub(1)
}

/// How long the reader must stay in a section for it to count as the one they read.
const DWELL_MS: f64 = 1000.0;

/// Where the reader is: the section they are in and since when (ms), and the last
/// section they stayed in for [`DWELL_MS`] or longer. The header sits at the top of
/// the page, so a reader who wants to switch languages scrolls up to it first: the
/// switch then keeps the section they were reading, not the top they scrolled to.
#[derive(Clone, Copy, Debug, Default)]
struct Reading {
    since: f64,
    at: Option<usize>,
    dwelt: Option<usize>,
}

impl Reading {
    /// After a scroll: the reader is now in `here`.
    fn moved(self, here: Option<usize>, now: f64) -> Reading {
        if here == self.at {
            return self;
        }
        Reading {
            since: now,
            at: here,
            dwelt: self.read(now),
        }
    }

    /// After a link to a section of the page (the contents, a heading's anchor): the
    /// reader chose `here`, which counts as read at once.
    fn jumped(self, here: Option<usize>, now: f64) -> Reading {
        match here {
            Some(_) => Reading {
                since: now - DWELL_MS,
                at: here,
                dwelt: here,
            },
            None => self.moved(here, now),
        }
    }

    /// The section the reader reads: the one they are in once they stayed there,
    /// else the last one they stayed in.
    fn read(self, now: f64) -> Option<usize> {
        match self.at {
            Some(_) if now - self.since >= DWELL_MS => self.at,
            _ => self.dwelt,
        }
    }
}

/// Points the language switch at the counterpart of the section the reader reads,
/// just before it is followed (or its address shown or copied): on pointer down,
/// key down, focus and hover, so that the address is the right one wherever it is
/// read (the status bar, a copied link, the router on click).
fn keep_section(link: &web_sys::Element, base: &str, section: Option<usize>, counterparts: &[String]) {
    let href = match section.and_then(|i| counterparts.get(i)) {
        Some(id) => format!("{base}#{id}"),
        None => base.to_string(),
    };
    let _ = link.set_attribute("href", &href);
}

/// Scrolls to the element with `id` and gives it the focus (it needs a `tabindex`),
/// as following an in-page link would; `false` where there is no such element.
pub fn move_focus_to(id: &str) -> bool {
    let target = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    let Some(target) = target else { return false };
    target.scroll_into_view();
    let _ = target.focus();
    true
}

/// [`keep_section`] for the link an event reached.
fn aim(
    ev: &web_sys::Event,
    other: Lang,
    slug: &str,
    query: Signal<String>,
    section: Option<usize>,
    counterparts: &[String],
) {
    let link = ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    if let Some(link) = link {
        let base = urls::with_query(&urls::entry(other, slug), &query.get_untracked());
        keep_section(&link, &base, section, counterparts);
    }
}

/// Moves the focus to the page's main content.
fn skip_to_main(ev: web_sys::Event) {
    if move_focus_to(names::MAIN) {
        ev.prevent_default();
    }
}

/// The header.
pub fn site_header(b: &mut Builder, lang: Lang, switch: Option<LanguageTarget>) {
    let t = texts(lang);
    let location = use_location();
    let other = lang.other();
    // The page's own path: a bare `#main` would resolve against `<base>` and leave
    // the page. With the app running, the focus moves to the content directly.
    let skip = move || Some(format!("{}#{}", location.pathname.get(), names::MAIN));
    b.on(&["click"], skip_to_main)
        .parts(vec![Part::new(None, Prop::Attr("href"), skip)])
        .el_text(
            "a",
            &[("class", Some("skip-link")), ("href", untrack(skip).as_deref())],
            t.skip_to_content,
        );
    b.el("header", &[("class", Some("site-header"))], |b| {
        b.el_html(
            "a",
            &[("class", Some("site-title")), ("href", Some(&urls::index(lang)))],
            &title_words(t.site_title),
        );
        search_box(b, lang);
        b.el("nav", &[("aria-label", Some(t.switch_language))], |b| {
            match switch {
                Some(LanguageTarget::Index) => {
                    b.el_html(
                        "a",
                        &[
                            ("class", Some("lang-switch")),
                            ("href", Some(&urls::index(other))),
                            ("hreflang", Some(other.code())),
                            ("lang", Some(other.code())),
                        ],
                        &language_label(other),
                    );
                }
                Some(LanguageTarget::Entry {
                    translation: Some(slug),
                    query,
                    sections,
                    counterparts,
                }) => entry_switch(b, lang, slug, query, sections, counterparts),
                Some(LanguageTarget::Entry { translation: None, .. }) => {
                    b.el_text(
                        "span",
                        &[("class", Some("lang-switch missing")), ("lang", Some(lang.code()))],
                        t.no_translation,
                    );
                }
                None => {}
            }
            theme_toggle(b, lang);
        });
    });
}

/// The switch to the entry's translation: its address carries the calculator's
/// query and, just before it is followed, the section the reader reads.
fn entry_switch(
    b: &mut Builder,
    lang: Lang,
    slug: &'static str,
    query: Signal<String>,
    sections: &'static [Section],
    counterparts: &'static [String],
) {
    let other = lang.other();
    let href = move || Some(urls::with_query(&urls::entry(other, slug), &query.get()));
    let reading = StoredValue::new(Reading::default());
    b.hook(move |_| {
        crate::listen::on_window(&["scroll", "hashchange"], move |ev| {
            let (here, now) = (current_section(sections), js_sys::Date::now());
            let jumped = ev.type_() == "hashchange";
            reading.update_value(|r| {
                *r = if jumped {
                    r.jumped(here, now)
                } else {
                    r.moved(here, now)
                }
            });
        });
    })
    .on(&["pointerdown", "keydown", "focus", "pointerenter"], move |ev| {
        let section = reading.with_value(|r| r.read(js_sys::Date::now()));
        aim(&ev, other, slug, query, section, counterparts)
    })
    .parts(vec![Part::new(None, Prop::Attr("href"), href)])
    .el_html(
        "a",
        &[
            ("class", Some("lang-switch")),
            ("href", untrack(href).as_deref()),
            ("hreflang", Some(other.code())),
            ("lang", Some(other.code())),
        ],
        &language_label(other),
    );
}

/// The site's title with each word kept whole: a narrow header breaks it between
/// words, never at a word's hyphen ("LLM-Inferenz").
fn title_words(title: &str) -> vocab::markup::Html {
    build(|h| {
        for (i, word) in title.split(' ').enumerate() {
            if i > 0 {
                h.text(" ");
            }
            h.el_text("span", &[("class", Some("word"))], word);
        }
    })
}

/// The other language's name, and its code for a narrow header ("Deutsch", "DE"):
/// the name stays the link's accessible name.
fn language_label(other: Lang) -> vocab::markup::Html {
    build(|h| {
        h.el_text("span", &[("class", Some("lang-name"))], texts(other).language_name);
        let code = other.code().to_ascii_uppercase();
        h.el_text(
            "span",
            &[("class", Some("lang-code")), ("aria-hidden", Some("true"))],
            &code,
        );
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_switch_keeps_the_section_the_reader_stayed_in_not_the_top_they_scrolled_to() {
        let start = Reading::default();
        assert_eq!(start.read(0.0), None, "a fresh page: the top");
        // Read section 2 for two seconds, then scroll up through 1 to the top.
        let r = start.moved(Some(0), 100.0).moved(Some(1), 300.0).moved(Some(2), 500.0);
        assert_eq!(r.read(800.0), None, "passing through does not count");
        let r = r.moved(Some(1), 2500.0).moved(Some(0), 2700.0).moved(None, 2900.0);
        assert_eq!(r.read(3000.0), Some(2));
        assert_eq!(r.read(60_000.0), Some(2), "the top does not replace it");
        // Staying in a section makes it the one read.
        let r = r.moved(Some(3), 70_000.0);
        assert_eq!(r.read(70_500.0), Some(2));
        assert_eq!(r.read(71_000.0), Some(3));
        // Scrolling within the same section keeps its start.
        assert_eq!(r.moved(Some(3), 70_900.0).read(71_000.0), Some(3));
    }

    #[test]
    fn a_section_reached_by_a_link_counts_as_read_at_once() {
        let r = Reading::default().moved(Some(0), 100.0).jumped(Some(4), 200.0);
        assert_eq!(r.read(200.0), Some(4));
        // The scroll the jump makes changes nothing; scrolling up to the header keeps it.
        let r = r.moved(Some(4), 250.0).moved(Some(2), 400.0).moved(None, 500.0);
        assert_eq!(r.read(600.0), Some(4));
        // A fragment that names no section is a scroll like any other.
        assert_eq!(Reading::default().jumped(None, 100.0).read(100.0), None);
    }
}
