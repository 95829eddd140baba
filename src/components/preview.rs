//! Previews of cross-links: pointing at or focusing a link to another entry shows
//! that entry's term and short definition in a tooltip under the link (described by
//! it for screen readers). It stays while the pointer moves onto it and closes with
//! Escape, when the pointer leaves or when the focus moves on.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::data::{index, load_index, Summary};
use crate::listen::on_window;
use crate::urls;
use vocab::names;

const ID: &str = "xref-preview";

/// The entry a link points to, from its address (`{base}{lang}/{slug}?…`), if its
/// language's index is loaded; `Err` with the language where it is not yet.
fn target_of(href: &str) -> Option<Result<(vocab::Lang, &'static Summary), vocab::Lang>> {
    let (lang, slug) = urls::parse_entry(href)?;
    let Some(index) = index(lang) else {
        return Some(Err(lang));
    };
    Some(Ok((lang, &index.get(index.find(slug)?)?.summary)))
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

fn tooltip() -> Option<web_sys::HtmlElement> {
    web_sys::window()?
        .document()?
        .get_element_by_id(ID)?
        .dyn_into::<web_sys::HtmlElement>()
        .ok()
}

/// The link whose preview is open.
fn described() -> Option<web_sys::Element> {
    web_sys::window()?
        .document()?
        .query_selector(&format!("[aria-describedby='{ID}']"))
        .ok()
        .flatten()
}

fn hide() {
    if let Some(a) = described() {
        let _ = a.remove_attribute("aria-describedby");
    }
    if let Some(tip) = tooltip() {
        tip.set_hidden(true);
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

fn show(a: web_sys::Element) {
    let href = a
        .get_attribute(names::XREF_BASE_ATTR)
        .or_else(|| a.get_attribute("href"))
        .unwrap_or_default();
    let (lang, e) = match target_of(&href) {
        Some(Ok(target)) => target,
        // The first preview of a language loads its index, then shows, if still wanted.
        Some(Err(lang)) => {
            leptos::task::spawn_local(async move {
                if load_index(lang).await.is_ok() && still_wanted(&a) {
                    show(a);
                }
            });
            return;
        }
        None => return,
    };
    let (Some(window), Some(tip)) = (web_sys::window(), tooltip()) else {
        return;
    };
    if described().as_ref() == Some(&a) {
        return;
    }
    hide();
    let _ = tip.set_attribute("lang", lang.code());
    if let (Ok(Some(term)), Ok(Some(short))) = (tip.query_selector("strong"), tip.query_selector("span")) {
        term.set_text_content(Some(&e.term));
        short.set_text_content(Some(&e.short));
    }
    let r = a.get_bounding_client_rect();
    let (sx, sy) = (window.scroll_x().unwrap_or(0.0), window.scroll_y().unwrap_or(0.0));
    let width = window.inner_width().ok().and_then(|w| w.as_f64()).unwrap_or(800.0);
    // At most 22rem wide; kept inside the viewport.
    let left = r.left().min(width - 360.0).max(8.0) + sx;
    let style = tip.style();
    let _ = style.set_property("left", &format!("{left}px"));
    let _ = style.set_property("top", &format!("{}px", r.bottom() + sy));
    let _ = a.set_attribute("aria-describedby", ID);
    tip.set_hidden(false);
}

/// The tooltip, and the listeners that open and close it.
#[component]
pub fn LinkPreviews() -> impl IntoView {
    Effect::new(move |_| {
        on_window(&["mouseover", "focusin", "mouseout", "focusout", "keydown"], |ev| {
            match ev.type_().as_str() {
                "mouseover" | "focusin" => {
                    if let Some(a) = closest(ev.target(), &xref_selector()) {
                        show(a);
                    }
                }
                "mouseout" => {
                    if closest(ev.target(), &format!("{}, #{ID}", xref_selector())).is_none() {
                        return;
                    }
                    // Moving between the link and its preview keeps it open.
                    let to = ev.dyn_ref::<web_sys::MouseEvent>().and_then(|m| m.related_target());
                    let staying = closest(to.clone(), &format!("#{ID}")).is_some()
                        || closest(to, &xref_selector()).is_some_and(|a| described().as_ref() == Some(&a));
                    if !staying {
                        hide();
                    }
                }
                "focusout" => {
                    if closest(ev.target(), &xref_selector()).is_some() {
                        hide();
                    }
                }
                _ => {
                    let escape = ev
                        .dyn_ref::<web_sys::KeyboardEvent>()
                        .is_some_and(|k| k.key() == "Escape");
                    if escape {
                        hide();
                    }
                }
            }
        });
    });
    view! {
        <div id=ID class="xref-preview" role="tooltip" hidden>
            <strong></strong>
            " "
            <span></span>
        </div>
    }
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
