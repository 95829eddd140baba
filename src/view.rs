//! The site's view layer: a page is markup written once ([`vocab::markup`]), with
//! the code that brings its live parts to life once it is in the page: listeners,
//! parts bound to the state ([`crate::bound`]), and slots whose content is written
//! anew when what they show changes. The pre-renderer writes the same markup; in the
//! browser the app writes it again, then runs each element's hooks.
//!
//! A view layer of its own, where Leptos' views were (tachys): those compile code for
//! every element, attribute and child type a view names, about a third of the wasm
//! (docs/performance.md, "The site's own view layer"). The state stays Leptos'
//! reactive graph: signals, memos, effects, and owners that dispose of a slot's
//! signals and listeners when its content is written anew.
//!
//! Which element a hook belongs to is marked in the markup the browser gets (an
//! attribute, [`MARK`], whose value numbers the element among all the app marked,
//! removed once the hooks have run); the pre-renderer writes no marks, as its pages
//! run no hooks.

use crate::reactive::prelude::*;
use vocab::markup::{Attr, Html};
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::bound::Part;

/// The class of an element that only holds what a slot or a bound part writes: the
/// stylesheet gives it no box of its own.
pub const HOLDER: &str = "live-markup";

/// The attribute that marks an element with hooks, in the browser's markup only.
const MARK: &str = "data-v";

/// Code run once an element is in the page.
type Hook = Box<dyn FnOnce(&Element)>;

/// The hooks of one marked element (its number in [`MARK`]), and the reactive owner
/// they run under (the owner of the part of the page that wrote it, which disposes
/// of what they set up).
struct Marked {
    number: u32,
    owner: Option<Owner>,
    hooks: Vec<Hook>,
}

thread_local! {
    /// The number of the next element marked.
    static NEXT_MARK: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// The nodes [`replace_app`] wrote last, which the next page replaces.
    static WRITTEN: std::cell::RefCell<Vec<web_sys::Node>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Markup and the hooks of its marked elements, in document order.
#[derive(Default)]
pub struct View {
    html: Html,
    marked: Vec<Marked>,
}

impl View {
    /// The markup (what the pre-renderer writes).
    pub fn into_markup(self) -> Html {
        self.html
    }
}

/// Writes a [`View`]: markup as [`Html`] writes it, with hooks for the elements that
/// need them ([`Builder::hook`] and the methods built on it).
#[derive(Default)]
pub struct Builder {
    view: View,
    pending: Vec<Hook>,
}

/// A view written by `f`.
pub fn view(f: impl FnOnce(&mut Builder)) -> View {
    let mut b = Builder::default();
    f(&mut b);
    debug_assert!(b.pending.is_empty(), "a hook with no element after it");
    b.view
}

impl Builder {
    /// The markup written so far, for helpers that write markup without hooks.
    pub fn html(&mut self) -> &mut Html {
        debug_assert!(self.pending.is_empty(), "a hook before markup without hooks");
        &mut self.view.html
    }

    /// Markup without hooks.
    pub fn markup(&mut self, html: &Html) -> &mut Builder {
        self.html().append(html);
        self
    }

    /// Another view, with its hooks.
    pub fn view(&mut self, other: View) -> &mut Builder {
        self.html().append(&other.html);
        self.view.marked.extend(other.marked);
        self
    }

    /// Escaped text.
    pub fn text(&mut self, text: &str) -> &mut Builder {
        self.html().text(text);
        self
    }

    /// Runs `f` with the next element written, once it is in the page (in the
    /// browser only). Several hooks of one element run in the order given.
    pub fn hook(&mut self, f: impl FnOnce(&Element) + 'static) -> &mut Builder {
        if cfg!(target_arch = "wasm32") {
            self.pending.push(Box::new(f));
        }
        self
    }

    /// Calls `handler` for every event of `types` on the next element (and so for
    /// those of every element below it), as long as it is in the page.
    pub fn on(&mut self, types: &'static [&'static str], handler: impl Fn(web_sys::Event) + 'static) -> &mut Builder {
        self.on_boxed(types, Box::new(handler))
    }

    fn on_boxed(&mut self, types: &'static [&'static str], handler: Box<dyn Fn(web_sys::Event)>) -> &mut Builder {
        self.hook(move |el| crate::listen::on(el.clone().into(), types, handler))
    }

    /// Keeps `parts` of the next element (or of elements below it) to their values.
    pub fn parts(&mut self, parts: Vec<Part>) -> &mut Builder {
        self.hook(move |el| crate::bound::apply_all(el, parts))
    }

    fn open(&mut self, tag: &'static str, attrs: &[Attr<'_>], void: bool) {
        let html = &mut self.view.html;
        if self.pending.is_empty() {
            if void {
                html.void(tag, attrs);
            } else {
                html.start(tag, attrs);
            }
            return;
        }
        let number = NEXT_MARK.with(|n| n.replace(n.get().wrapping_add(1)));
        let value = number.to_string();
        let mut marked: Vec<Attr<'_>> = attrs.to_vec();
        marked.push((MARK, Some(&value)));
        if void {
            html.void(tag, &marked);
        } else {
            html.start(tag, &marked);
        }
        self.view.marked.push(Marked {
            number,
            owner: Owner::current(),
            hooks: std::mem::take(&mut self.pending),
        });
    }

    /// A start tag; [`Builder::end`] closes it.
    pub fn start(&mut self, tag: &'static str, attrs: &[Attr<'_>]) -> &mut Builder {
        self.open(tag, attrs, false);
        self
    }

    /// An end tag.
    pub fn end(&mut self, tag: &'static str) -> &mut Builder {
        self.html().end(tag);
        self
    }

    /// A void element (`<input>`).
    pub fn void(&mut self, tag: &'static str, attrs: &[Attr<'_>]) -> &mut Builder {
        self.open(tag, attrs, true);
        self
    }

    /// An element with attributes and children.
    pub fn el(&mut self, tag: &'static str, attrs: &[Attr<'_>], children: impl FnOnce(&mut Builder)) -> &mut Builder {
        self.open(tag, attrs, false);
        children(self);
        self.end(tag)
    }

    /// An element holding only text.
    pub fn el_text(&mut self, tag: &'static str, attrs: &[Attr<'_>], text: &str) -> &mut Builder {
        self.open(tag, attrs, false);
        self.text(text).end(tag)
    }

    /// An element holding `html` (markup without hooks).
    pub fn el_html(&mut self, tag: &'static str, attrs: &[Attr<'_>], html: &Html) -> &mut Builder {
        self.open(tag, attrs, false);
        self.markup(html).end(tag)
    }

    /// An element whose content is `render`'s for the value of `key`, written anew
    /// whenever that value changes. What the content sets up (signals, effects,
    /// listeners) lives as long as the content.
    pub fn slot<K: PartialEq + 'static>(
        &mut self,
        tag: &'static str,
        attrs: &[Attr<'_>],
        key: impl Fn() -> K + 'static,
        render: impl Fn(&K, &mut Builder) + 'static,
    ) -> &mut Builder {
        let parent = Owner::current();
        let shown = untrack(&key);
        let (content, owner) = written(parent.as_ref(), &shown, &render);
        self.hook(move |el| {
            let el = el.clone();
            follow(parent, (shown, owner), key, render, move |content| {
                el.set_inner_html(content.html.as_str());
                run(&el, content.marked);
            });
        });
        self.open(tag, attrs, false);
        self.view(content).end(tag)
    }
}

/// The content `render` writes for `key`, under a new owner below `parent` (or a
/// root), which holds what the content sets up.
fn written<K>(parent: Option<&Owner>, key: &K, render: &dyn Fn(&K, &mut Builder)) -> (View, Owner) {
    let owner = match parent {
        Some(p) => p.child(),
        None => Owner::new(),
    };
    let content = untrack(|| owner.with(|| view(|b| render(key, b))));
    (content, owner)
}

/// Keeps the content written for `shown` (its key and owner) to the value of `key`:
/// when that changes, the content's owner goes with what it set up, and `write` puts
/// the content of the new value in its place.
fn follow<K: PartialEq + 'static>(
    parent: Option<Owner>,
    shown: (K, Owner),
    key: impl Fn() -> K + 'static,
    render: impl Fn(&K, &mut Builder) + 'static,
    write: impl Fn(View) + 'static,
) {
    let (mut shown, mut owner) = shown;
    crate::reactive::effect(move || {
        let wanted = key();
        if wanted == shown {
            return;
        }
        owner.cleanup();
        let (content, new) = written(parent.as_ref(), &wanted, &render);
        write(content);
        (shown, owner) = (wanted, new);
    });
}

/// Starts the app in `body`: the content `render` writes for the value of `key` (the
/// page of the address), before the body's site footer, and written anew there
/// whenever that value changes, each under an owner of its own below the current one.
pub fn mount<K: PartialEq + 'static>(
    body: &Element,
    key: impl Fn() -> K + 'static,
    render: impl Fn(&K, &mut Builder) + 'static,
) {
    let parent = Owner::current();
    let shown = untrack(&key);
    let (content, owner) = written(parent.as_ref(), &shown, &render);
    replace_app(body, content);
    let body = body.clone();
    follow(parent, (shown, owner), key, render, move |content| {
        replace_app(&body, content)
    });
}

/// Runs the hooks of `marked`, the elements below `root` marked with their numbers,
/// in document order (an element's before those of the elements within it). An
/// element marked by nothing here (markup from elsewhere that happens to carry the
/// attribute) is left alone.
fn run(root: &Element, marked: Vec<Marked>) {
    if marked.is_empty() {
        return;
    }
    let Ok(found) = root.query_selector_all(&format!("[{MARK}]")) else {
        return;
    };
    let mut marked: Vec<Option<Marked>> = marked.into_iter().map(Some).collect();
    for i in 0..found.length() {
        let Some(el) = found.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
            continue;
        };
        let number = el.get_attribute(MARK).and_then(|v| v.parse::<u32>().ok());
        let m = marked
            .iter_mut()
            .find(|m| m.as_ref().is_some_and(|m| Some(m.number) == number))
            .and_then(Option::take);
        let Some(m) = m else {
            continue;
        };
        let _ = el.remove_attribute(MARK);
        let hooks = m.hooks;
        let go = move || hooks.into_iter().for_each(|h| h(&el));
        match m.owner {
            Some(owner) => owner.with(go),
            None => go(),
        }
    }
}

/// Writes `content` as children of `body`, before its site footer (which the page
/// writer puts after the app's markup and the app never writes), in place of what
/// the app wrote there before, and runs its hooks.
fn replace_app(body: &Element, content: View) {
    for old in WRITTEN.with(|w| w.take()) {
        if let Some(parent) = old.parent_node() {
            let _ = parent.remove_child(&old);
        }
    }
    let footer = body
        .query_selector(&format!(":scope > footer.{}", vocab::names::SITE_FOOTER))
        .ok()
        .flatten();
    // What stands before the new markup: its first node follows it.
    let before = match &footer {
        Some(f) => f.previous_sibling(),
        None => body.last_child(),
    };
    match &footer {
        Some(f) => f.insert_adjacent_html("beforebegin", content.html.as_str()),
        None => body.insert_adjacent_html("beforeend", content.html.as_str()),
    }
    .ok();
    let mut written = Vec::new();
    let mut node = match &before {
        Some(b) => b.next_sibling(),
        None => body.first_child(),
    };
    while let Some(n) = node {
        if footer.as_ref().is_some_and(|f| f.is_same_node(Some(&n))) {
            break;
        }
        node = n.next_sibling();
        written.push(n);
    }
    WRITTEN.with(|w| *w.borrow_mut() = written);
    run(body, content.marked);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bound::Prop;

    /// Natively (the pre-renderer) a view is its markup: hooks, listeners, parts and
    /// slots add no marks, and a slot holds the content of its key's value.
    #[test]
    fn the_pre_renderer_writes_the_markup_without_marks() {
        let owner = Owner::new();
        let html = owner.with(|| {
            let shown = RwSignal::new(2u32);
            view(|b| {
                b.on(&["click"], |_| {})
                    .hook(|_| {})
                    .el("div", &[("class", Some("a"))], |b| {
                        b.parts(vec![Part::new(None, Prop::Text, || Some("x".into()))])
                            .el_text("p", &[], "x & y");
                        b.slot(
                            "div",
                            &[("class", Some(HOLDER))],
                            move || shown.get(),
                            |n, b| {
                                for i in 0..*n {
                                    b.el_text("span", &[], &i.to_string());
                                }
                            },
                        );
                        b.void("input", &[("value", Some("\"q\""))]);
                    });
            })
            .into_markup()
            .into_string()
        });
        assert_eq!(
            html,
            "<div class=\"a\"><p>x &amp; y</p><div class=\"live-markup\"><span>0</span><span>1</span></div>\
             <input value=\"&quot;q&quot;\"></div>"
        );
    }

    /// A view written inside another keeps its place in the markup.
    #[test]
    fn a_view_appended_stands_where_it_is_written() {
        let inner = view(|b| {
            b.el_text("b", &[], "in");
        });
        let outer = view(|b| {
            b.text("before ").view(inner).text(" after");
        });
        assert_eq!(outer.into_markup().as_str(), "before <b>in</b> after");
    }
}
