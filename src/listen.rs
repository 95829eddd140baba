//! Window event listeners with one handler for several event types. Each typed
//! `window_event_listener` compiles its own glue; one untyped handler that looks
//! at `Event::type_` costs the bundle far less.

use leptos::prelude::on_cleanup;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Calls `handler` for every event of `types` on the window, until the current
/// reactive owner (the component) is cleaned up. Does nothing outside a browser.
pub fn on_window(types: &'static [&'static str], handler: impl Fn(web_sys::Event) + 'static) {
    if let Some(window) = web_sys::window() {
        on(window.into(), types, handler);
    }
}

/// Calls `handler` for every event of `types` on `target`, until the current
/// reactive owner is cleaned up.
pub fn on(target: web_sys::EventTarget, types: &'static [&'static str], handler: impl Fn(web_sys::Event) + 'static) {
    let function: js_sys::Function = Closure::<dyn Fn(web_sys::Event)>::new(handler)
        .into_js_value()
        .unchecked_into();
    for t in types {
        let _ = target.add_event_listener_with_callback(t, &function);
    }
    let kept = SendWrapper::new((target, function));
    on_cleanup(move || {
        let (target, function) = kept.take();
        for t in types {
            let _ = target.remove_event_listener_with_callback(t, &function);
        }
    });
}
