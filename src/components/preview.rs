//! Previews of cross-links: pointing at or focusing a link to another entry shows
//! that entry's term and short definition in a tooltip under the link (described by
//! it for screen readers). It stays while the pointer moves onto it and closes with
//! Escape, when the pointer leaves or when the focus moves on.

use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;

use crate::data::{index, load_index, Summary};
use crate::listen::on_window;
use crate::urls;
use crate::view::Builder;
use vocab::names;

/// The entry a link points to, from its address (`{base}{lang}/{slug}?…`), if its
/// language's index is loaded; `Err` with the language where it is not yet.
fn target_of(href: &str) -> Option<Result<(vocab::Lang, &'static Summary), vocab::Lang>> {
    let (lang, slug) = urls::parse_entry(href)?;
    let Some(index) = index(lang) else {
        return Some(Err(lang));
    };
    Some(Ok((lang, &index.get(index.find(&slug)?)?.summary)))
}

/// The closest element matching `selector` from an event's target.
fn closest(target: Option<web_sys::EventTarget>, selector: &str) -> Option<web_sys::Element> {
    let el = target?.dyn_into::<web_sys::Element>().ok()?;
    el.closest(selector).ok().flatten()
}

/// Cross-references in an entry's text.
fn xref_selector() -> String {
    format!("article a.{}", names::XREF)
}

/// The tooltip: its elements, found once, and the link it describes.
struct Preview {
    tip: web_sys::HtmlElement,
    term: web_sys::Element,
    short: web_sys::Element,
    described: RefCell<Option<web_sys::Element>>,
}

impl Preview {
    fn resolve(tip: web_sys::HtmlElement) -> Option<Preview> {
        Some(Preview {
            term: tip.query_selector("strong").ok()??,
            short: tip.query_selector("span").ok()??,
            tip,
            described: RefCell::new(None),
        })
    }

    /// Whether the preview describes `a`.
    fn describes(&self, a: &web_sys::Element) -> bool {
        self.described.borrow().as_ref() == Some(a)
    }

    fn hide(&self) {
        if let Some(a) = self.described.borrow_mut().take() {
            let _ = a.remove_attribute("aria-describedby");
        }
        self.tip.set_hidden(true);
    }
}

/// Whether the pointer or the focus is still on a link.
fn still_wanted(a: &web_sys::Element) -> bool {
    let focused = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_some_and(|f| &f == a);
    focused || a.matches(":hover").unwrap_or(false)
}

fn show(p: Rc<Preview>, a: web_sys::Element) {
    let href = a
        .get_attribute(names::XREF_BASE_ATTR)
        .or_else(|| a.get_attribute("href"))
        .unwrap_or_default();
    let (lang, e) = match target_of(&href) {
        Some(Ok(target)) => target,
        // The first preview of a language loads its index, then shows, if still wanted.
        Some(Err(lang)) => {
            any_spawner::Executor::spawn_local(async move {
                if load_index(lang).await.is_ok() && still_wanted(&a) {
                    show(p, a);
                }
            });
            return;
        }
        None => return,
    };
    let Some(window) = web_sys::window() else {
        return;
    };
    if p.describes(&a) {
        return;
    }
    p.hide();
    let tip = &p.tip;
    let _ = tip.set_attribute("lang", lang.code());
    p.term.set_text_content(Some(&e.term));
    p.short.set_text_content(Some(&e.short));
    let r = a.get_bounding_client_rect();
    let (sx, sy) = (window.scroll_x().unwrap_or(0.0), window.scroll_y().unwrap_or(0.0));
    let width = window.inner_width().ok().and_then(|w| w.as_f64()).unwrap_or(800.0);
    // At most 22rem wide; kept inside the viewport.
    let left = r.left().min(width - 360.0).max(8.0) + sx;
    let style = tip.style();
    let _ = style.set_property("left", &format!("{left}px"));
    let _ = style.set_property("top", &format!("{}px", r.bottom() + sy));
    let _ = a.set_attribute("aria-describedby", names::XREF_PREVIEW);
    tip.set_hidden(false);
    *p.described.borrow_mut() = Some(a);
}

/// The tooltip, and the listeners that open and close it.
pub fn link_previews(b: &mut Builder) {
    b.hook(move |tip| {
        let Some(p) = tip.clone().dyn_into().ok().and_then(Preview::resolve) else {
            return;
        };
        let p = Rc::new(p);
        on_window(
            &["mouseover", "focusin", "mouseout", "focusout", "keydown"],
            move |ev| {
                let within = |target: Option<web_sys::EventTarget>| {
                    let node = target.and_then(|t| t.dyn_into::<web_sys::Node>().ok());
                    node.is_some_and(|n| p.tip.contains(Some(&n)))
                };
                match ev.type_().as_str() {
                    "mouseover" | "focusin" => {
                        if let Some(a) = closest(ev.target(), &xref_selector()) {
                            show(Rc::clone(&p), a);
                        }
                    }
                    "mouseout" => {
                        if closest(ev.target(), &xref_selector()).is_none() && !within(ev.target()) {
                            return;
                        }
                        // Moving between the link and its preview keeps it open.
                        let to = ev.dyn_ref::<web_sys::MouseEvent>().and_then(|m| m.related_target());
                        let staying =
                            within(to.clone()) || closest(to, &xref_selector()).is_some_and(|a| p.describes(&a));
                        if !staying {
                            p.hide();
                        }
                    }
                    "focusout" => {
                        if closest(ev.target(), &xref_selector()).is_some() {
                            p.hide();
                        }
                    }
                    _ => {
                        let escape = ev
                            .dyn_ref::<web_sys::KeyboardEvent>()
                            .is_some_and(|k| k.key() == "Escape");
                        if escape {
                            p.hide();
                        }
                    }
                }
            },
        );
    })
    .el(
        "div",
        &[
            ("id", Some(names::XREF_PREVIEW)),
            ("class", Some(names::XREF_PREVIEW)),
            ("role", Some("tooltip")),
            ("hidden", Some("")),
        ],
        |b| {
            b.el_text("strong", &[], "").text(" ").el_text("span", &[], "");
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Lang;

    #[test]
    fn links_resolve_to_their_entry() {
        let e = &index(Lang::En).expect("index").entries[0].summary;
        let found = |href: &str| target_of(href).and_then(Result::ok).map(|(_, s)| s.slug.clone());
        assert_eq!(found(&urls::entry(Lang::En, &e.slug)), Some(e.slug.clone()));
        assert_eq!(
            found(&format!("{}?bw=4000#x", urls::entry(Lang::En, &e.slug))),
            Some(e.slug.clone())
        );
        assert_eq!(found("https://arxiv.org/abs/2205.14135"), None);
        assert_eq!(found(&urls::entry(Lang::En, "no-such-entry")), None);
    }
}
