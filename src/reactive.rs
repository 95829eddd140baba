//! Effects and memos whose reactive code is compiled once. The reactive graph's
//! `Effect::new` and `Memo::new` are generic over the closure they run, so every call
//! site brings its own copy of the scheduling code into the wasm (about 1.5 KB of code
//! per effect). Here the closure is boxed first, and that code is compiled once (once
//! per value type for memos). Behaviour is the reactive graph's own: an effect runs
//! after the page is written and again whenever a signal it read changes; a memo
//! notifies only when its value changes.

use prelude::*;

/// What the app uses of the reactive graph (signals, memos, effects, owners and
/// their contexts), and the event helpers of its listeners: one `use` in each module.
pub mod prelude {
    pub use reactive_graph::callback::{Callable, Callback};
    pub use reactive_graph::computed::Memo;
    pub use reactive_graph::effect::Effect;
    pub use reactive_graph::graph::untrack;
    pub use reactive_graph::owner::{expect_context, on_cleanup, provide_context, use_context, Owner, StoredValue};
    pub use reactive_graph::prelude::*;
    pub use reactive_graph::signal::{signal, ReadSignal, RwSignal};
    pub use reactive_graph::wrappers::read::Signal;

    pub use super::{event_target, event_target_checked, event_target_value};
}

/// The element an event reached, as `T`.
pub fn event_target<T: wasm_bindgen::JsCast>(ev: &web_sys::Event) -> T {
    wasm_bindgen::JsCast::unchecked_into(ev.target().expect("an event reached an element"))
}

/// The value of the field (input, menu or text area) an event reached.
pub fn event_target_value(ev: &web_sys::Event) -> String {
    use wasm_bindgen::JsCast;
    let Some(target) = ev.target() else {
        return String::new();
    };
    if let Some(input) = target.dyn_ref::<web_sys::HtmlInputElement>() {
        input.value()
    } else if let Some(menu) = target.dyn_ref::<web_sys::HtmlSelectElement>() {
        menu.value()
    } else if let Some(area) = target.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        area.value()
    } else {
        String::new()
    }
}

/// Whether the box an event reached is checked.
pub fn event_target_checked(ev: &web_sys::Event) -> bool {
    ev.target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
        .is_some_and(|i| i.checked())
}

/// An effect: runs `f`, and runs it again whenever what it read changes
/// ([`Effect::new`]).
pub fn effect(f: impl FnMut() + 'static) {
    boxed(Box::new(f));
}

/// An effect that hands each run what the previous one returned (`None` the first
/// time), as [`Effect::new`] does.
pub fn effect_with<T: 'static>(mut f: impl FnMut(Option<T>) -> T + 'static) {
    let mut last = None;
    effect(move || last = Some(f(last.take())));
}

fn boxed(mut f: Box<dyn FnMut()>) {
    Effect::new(move |_| f());
}

/// A memo of `f` ([`Memo::new`]).
pub fn memo<T: PartialEq + Send + Sync + 'static>(f: impl Fn() -> T + Send + Sync + 'static) -> Memo<T> {
    boxed_memo(Box::new(f))
}

fn boxed_memo<T: PartialEq + Send + Sync + 'static>(f: Box<dyn Fn() -> T + Send + Sync>) -> Memo<T> {
    Memo::new(move |_| f())
}

/// The listener of a `<details>` disclosure's `toggle` that keeps `open` to its state.
pub fn keep_open(open: RwSignal<bool>) -> impl Fn(web_sys::Event) + 'static {
    move |ev: web_sys::Event| {
        let details = event_target::<web_sys::HtmlDetailsElement>(&ev);
        open.set(details.open());
    }
}
