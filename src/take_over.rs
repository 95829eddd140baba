//! Taking a pre-rendered page over. The app renders the page anew and puts its markup
//! in the place of the pre-renderer's, in one task: the reader sees no change, and what
//! they did with the page before the app was live stays as they left it (the scroll
//! position, the element with focus and the text selected in it or in the page, the
//! disclosures opened or closed). Values typed or chosen, buttons pressed and boxes
//! scrolled are handed over by the waking script (`crates/site/scripts/wake.js`),
//! which finds an element's counterpart the same way: by its place among the body's
//! elements.
//!
//! Rendering anew instead of hydrating: Leptos' hydration is code for every view of
//! the app (to walk existing markup, and to do so asynchronously), a tenth of the wasm
//! (see docs/performance.md, "Rendering anew"). What hydration read from the page
//! without fetching it, the prose of an entry and the lists of an index, is read from
//! the page here before the markup goes.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement, HtmlTextAreaElement, Node};

/// Where an element stands: its index among its parent's elements, for each of its
/// ancestors from the body down. The app writes the same elements the pre-renderer
/// wrote (it is the same code), so the same path finds the counterpart.
type Path = Vec<u32>;

fn path_of(body: &Element, element: &Element) -> Option<Path> {
    let mut path = Vec::new();
    let mut at = element.clone();
    while &at != body {
        let mut index = 0;
        let mut sibling = at.previous_element_sibling();
        while let Some(s) = sibling {
            index += 1;
            sibling = s.previous_element_sibling();
        }
        path.push(index);
        at = at.parent_element()?;
    }
    path.reverse();
    Some(path)
}

fn at_path(body: &Element, path: &[u32]) -> Option<Element> {
    let mut at = body.clone();
    for &index in path {
        at = at.first_element_child()?;
        for _ in 0..index {
            at = at.next_element_sibling()?;
        }
    }
    Some(at)
}

/// A place in the page's text: an element, and how many UTF-16 units of its text
/// come before the place (the unit of the DOM's offsets).
type TextPlace = (Path, u32);

/// The text nodes within `element`, in document order.
fn texts(element: &Node) -> Vec<Node> {
    let mut found = Vec::new();
    let mut child = element.first_child();
    while let Some(c) = child {
        if c.node_type() == Node::TEXT_NODE {
            found.push(c.clone());
        } else {
            found.extend(texts(&c));
        }
        child = c.next_sibling();
    }
    found
}

fn text_length(node: &Node) -> u32 {
    let units = node.text_content().map_or(0, |t| t.encode_utf16().count());
    u32::try_from(units).unwrap_or(u32::MAX)
}

/// Where a selection's end (`node`, `offset` as the DOM gives them) is in the text.
fn text_place(body: &Element, node: &Node, offset: u32) -> Option<TextPlace> {
    if node.node_type() == Node::TEXT_NODE {
        let element = node.parent_element()?;
        let before: u32 = texts(&element).iter().take_while(|t| *t != node).map(text_length).sum();
        return Some((path_of(body, &element)?, before + offset));
    }
    let element = node.dyn_ref::<Element>()?;
    let children = element.child_nodes();
    let before = (0..offset.min(children.length()))
        .filter_map(|i| children.item(i))
        .map(|c| text_length(&c))
        .sum();
    Some((path_of(body, element)?, before))
}

/// The DOM's node and offset for a place in the text.
fn dom_place(body: &Element, (path, offset): &TextPlace) -> Option<(Node, u32)> {
    let element = at_path(body, path)?;
    let mut left = *offset;
    for text in texts(&element) {
        let length = text_length(&text);
        if left <= length {
            return Some((text, left));
        }
        left -= length;
    }
    Some((element.into(), 0))
}

/// What the reader did with the page before the app: the disclosures they opened or closed, the
/// element with focus and its selection, the text selected in the page, the page's
/// scroll position (a box that scrolls on its own, such as a wide table, is the
/// waking script's to hand over: out of view, its position cannot be read).
struct Reading {
    /// The element with focus in the written page.
    focused: Option<Element>,
    disclosures: Vec<(Path, bool)>,
    focus: Option<(Path, Option<(u32, u32)>)>,
    selected: Option<(TextPlace, TextPlace)>,
    scroll: (f64, f64),
    /// An element in view and where its top edge is in the viewport: the page
    /// scrolls back to it, since text out of view may be laid out at
    /// estimated heights (`content-visibility`) that differ between the two pages.
    anchor: Option<(Path, f64)>,
}

/// The elements `selector` finds in `within`, in order.
fn all(within: &Element, selector: &str) -> Vec<Element> {
    let Ok(list) = within.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
        .collect()
}

impl Reading {
    fn of(body: &Element) -> Reading {
        // Only those the reader opened or closed: the app's own state for the others
        // may differ from the page's (a shared link opens what it set).
        let disclosures = all(body, &format!("details[{}]", vocab::names::TOGGLED))
            .iter()
            .filter_map(|d| Some((path_of(body, d)?, d.has_attribute("open"))))
            .collect();
        let focused = body
            .owner_document()
            .and_then(|d| d.active_element())
            .filter(|e| e != body);
        let focus = focused.as_ref().and_then(|e| Some((path_of(body, e)?, selection(e))));
        let window = web_sys::window();
        let selected = window
            .as_ref()
            .and_then(|w| w.get_selection().ok().flatten())
            .filter(|s| !s.is_collapsed())
            .and_then(|s| {
                let anchor = text_place(body, &s.anchor_node()?, s.anchor_offset())?;
                Some((anchor, text_place(body, &s.focus_node()?, s.focus_offset())?))
            });
        let size = |f: fn(&web_sys::Window) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>| {
            window.as_ref().and_then(|w| f(w).ok()?.as_f64()).unwrap_or(0.0) as f32
        };
        // A third down the screen: below a header that stays at the top.
        let (x, y) = (
            size(web_sys::Window::inner_width) / 2.0,
            size(web_sys::Window::inner_height) / 3.0,
        );
        let anchor = body
            .owner_document()
            .and_then(|d| d.element_from_point(x, y))
            .and_then(|e| Some((path_of(body, &e)?, e.get_bounding_client_rect().top())));
        let scroll = window.map_or((0.0, 0.0), |w| {
            (w.scroll_x().unwrap_or(0.0), w.scroll_y().unwrap_or(0.0))
        });
        Reading {
            focused,
            disclosures,
            focus,
            selected,
            scroll,
            anchor,
        }
    }

    /// Gives the page the app wrote what the reader had done with the one before.
    fn restore(self, body: &Element) {
        for (path, open) in self.disclosures {
            if let Some(d) = at_path(body, &path).filter(|d| d.tag_name() == "DETAILS") {
                if d.has_attribute("open") != open {
                    let _ = d.toggle_attribute_with_force("open", open);
                }
            }
        }
        if let Some((path, selected)) = self.focus {
            if let Some(e) = at_path(body, &path).and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
                let options = web_sys::FocusOptions::new();
                options.set_prevent_scroll(true);
                let _ = e.focus_with_options(&options);
                if let Some((start, end)) = selected {
                    select(&e, start, end);
                }
            }
        }
        if let Some((anchor, focus)) = self.selected {
            let selection = web_sys::window().and_then(|w| w.get_selection().ok().flatten());
            if let (Some(s), Some(a), Some(f)) = (selection, dom_place(body, &anchor), dom_place(body, &focus)) {
                let _ = s.set_base_and_extent(&a.0, a.1, &f.0, f.1);
            }
        }
        // The scroll positions last: a selection or a focus set may scroll.
        if let Some(w) = web_sys::window() {
            w.scroll_to_with_x_and_y(self.scroll.0, self.scroll.1);
            if let Some((e, top)) = self.anchor.and_then(|(path, top)| Some((at_path(body, &path)?, top))) {
                w.scroll_by_with_x_and_y(0.0, e.get_bounding_client_rect().top() - top);
            }
        }
    }
}

/// The text selected in a text field.
fn selection(e: &Element) -> Option<(u32, u32)> {
    if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
        return Some((i.selection_start().ok()??, i.selection_end().ok()??));
    }
    let t = e.dyn_ref::<HtmlTextAreaElement>()?;
    Some((t.selection_start().ok()??, t.selection_end().ok()??))
}

fn select(e: &Element, start: u32, end: u32) {
    if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
        let _ = i.set_selection_range(start, end);
    } else if let Some(t) = e.dyn_ref::<HtmlTextAreaElement>() {
        let _ = t.set_selection_range(start, end);
    }
}

/// Replaces the pre-rendered page in `body` by what `mount` appends to it. The site's
/// footer, which the page writer puts after the app's markup and the app never
/// renders (what the site is, and the action of offline reading), stays, and stays
/// last.
pub async fn take_over(body: &HtmlElement, mount: impl FnOnce()) {
    if let Some(root) = body.owner_document().and_then(|d| d.document_element()) {
        released(&root).await;
    }
    let reading = Reading::of(body);
    // Left while the page is whole: a field's last change is told (to the waking
    // script) before its markup goes.
    if let Some(focused) = reading.focused.as_ref().and_then(|e| e.dyn_ref::<HtmlElement>()) {
        focused.blur().ok();
    }
    let footer = body
        .query_selector(&format!(":scope > footer.{}", vocab::names::SITE_FOOTER))
        .ok()
        .flatten();
    let mut child = body.first_child();
    while let Some(c) = child {
        child = c.next_sibling();
        if !footer.as_ref().is_some_and(|f| f.is_same_node(Some(&c))) {
            let _ = body.remove_child(&c);
        }
    }
    mount();
    // The page's effects first run in a later microtask (the field of a filter or
    // a calculator takes its first value there), and the page is live only after
    // them: what the waking script hands over then comes after that first value.
    // Waiting in microtasks, the page is whole again before the browser paints.
    let main = format!("#{}", vocab::names::MAIN);
    for _ in 0..1000 {
        let _ = wasm_bindgen_futures::JsFuture::from(js_sys::Promise::resolve(&wasm_bindgen::JsValue::UNDEFINED)).await;
        if body.query_selector(&main).ok().flatten().is_some() {
            break;
        }
    }
    if let Some(footer) = footer {
        let _ = body.append_child(&footer);
    }
    // Live before the reader's state returns: the styles lay the whole text out
    // once the app is live, and a box out of view keeps no scroll position before.
    let _ = body.set_attribute(vocab::names::LIVE, "");
    reading.restore(body);
}

/// The inner markup of the elements `selector` finds in `within`, in order.
pub fn inner_html_of(within: &Element, selector: &str) -> Vec<String> {
    all(within, selector).iter().map(Element::inner_html).collect()
}

/// Waits while the reader holds a press begun before the app (see
/// [`vocab::names::PRESSED`]), a few seconds at most.
async fn released(root: &Element) {
    for _ in 0..200 {
        if !root.has_attribute(vocab::names::PRESSED) {
            return;
        }
        let (done, wait) = futures_channel::oneshot::channel();
        crate::listen::later(
            move || {
                let _ = done.send(());
            },
            std::time::Duration::from_millis(25),
        );
        let _ = wait.await;
    }
}
