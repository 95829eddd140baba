//! Effects and memos whose reactive code is compiled once. Leptos' `Effect::new` and
//! `Memo::new` are generic over the closure they run, so every call site brings its
//! own copy of the scheduling code into the wasm (about 1.5 KB of code per effect).
//! Here the closure is boxed first, and that code is compiled once (once per value
//! type for memos). Behaviour is Leptos' own: an effect runs after the view is built
//! and again whenever a signal it read changes; a memo notifies only when its value
//! changes.

use leptos::prelude::*;

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
