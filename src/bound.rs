//! Parts of written markup bound to the state: a text, a value, an attribute, a class,
//! a checked box or an element's markup, each kept to what a closure over signals
//! gives ([`crate::view::Builder::parts`] binds them to an element once it is in the
//! page). The markup is written once, by the same code in the pre-renderer and in
//! the browser; only what follows the state is touched afterwards, and only where it
//! differs (docs/performance.md, "The results and the controls as markup").

use crate::reactive::prelude::*;
use wasm_bindgen::JsCast;

/// What of an element a part sets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Prop {
    /// Its text.
    Text,
    /// The value of a field or a menu (set only where it differs, so that the
    /// reader's cursor stays where it is).
    Value,
    /// An attribute: present with the value, or absent.
    Attr(&'static str),
    /// A class: present while there is a value.
    Class(&'static str),
    /// Whether a box is checked: while there is a value.
    Checked,
    /// Its markup, written anew where it differs (a menu's options).
    Markup,
}

/// One bound part: an element (the root, or the first below it that a selector
/// finds), what of it follows the state, and the value it follows.
pub struct Part {
    at: Option<&'static str>,
    prop: Prop,
    value: Box<dyn Fn() -> Option<String>>,
}

impl Part {
    /// A part of the element `at` finds below the root (`None`: the root itself).
    pub fn new(at: Option<&'static str>, prop: Prop, value: impl Fn() -> Option<String> + 'static) -> Part {
        Part {
            at,
            prop,
            value: Box::new(value),
        }
    }

    /// A part that is on or off: a class, a checked box, or an attribute with no value.
    pub fn flag(at: Option<&'static str>, prop: Prop, on: impl Fn() -> bool + 'static) -> Part {
        Part::new(at, prop, move || on().then(String::new))
    }
}

/// Keeps each part to its value, below `root` (the element a view's hook gives).
pub fn apply_all(root: &web_sys::Element, parts: Vec<Part>) {
    untrack(|| {
        for part in parts {
            let element = match part.at {
                None => Some(root.clone()),
                Some(selector) => root.query_selector(selector).ok().flatten(),
            };
            if let Some(element) = element {
                crate::reactive::effect(move || apply(&element, part.prop, (part.value)()));
            }
        }
    });
}

/// Sets what `prop` names of `element` to `value`, where it differs.
fn apply(element: &web_sys::Element, prop: Prop, value: Option<String>) {
    match prop {
        Prop::Text => {
            if element.text_content() != value {
                element.set_text_content(value.as_deref());
            }
        }
        Prop::Value => {
            let value = value.unwrap_or_default();
            if let Some(input) = element.dyn_ref::<web_sys::HtmlInputElement>() {
                if input.value() != value {
                    input.set_value(&value);
                }
            } else if let Some(select) = element.dyn_ref::<web_sys::HtmlSelectElement>() {
                if select.value() != value {
                    select.set_value(&value);
                }
            }
        }
        Prop::Attr(name) => match value {
            Some(v) if element.get_attribute(name).as_deref() != Some(&v) => {
                let _ = element.set_attribute(name, &v);
            }
            Some(_) => {}
            None => {
                let _ = element.remove_attribute(name);
            }
        },
        Prop::Class(name) => {
            let _ = element.class_list().toggle_with_force(name, value.is_some());
        }
        Prop::Markup => {
            let value = value.unwrap_or_default();
            if element.inner_html() != value {
                element.set_inner_html(&value);
            }
        }
        Prop::Checked => {
            if let Some(input) = element.dyn_ref::<web_sys::HtmlInputElement>() {
                input.set_checked(value.is_some());
            }
        }
    }
}
