//! Event listeners with one handler for several event types, and callbacks for the
//! next frame or a later moment. Each typed `window_event_listener` compiles its own
//! glue; one untyped handler that looks at `Event::type_` costs the bundle far less.
//! Handlers and callbacks are boxed before they reach the browser's glue, which is so
//! compiled once rather than once per closure.

use reactive_graph::owner::on_cleanup;
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
    on_boxed(target, types, Box::new(handler));
}

fn on_boxed(target: web_sys::EventTarget, types: &'static [&'static str], handler: Box<dyn Fn(web_sys::Event)>) {
    let function: js_sys::Function = Closure::<dyn Fn(web_sys::Event)>::wrap(handler)
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

/// Runs `f` before the browser's next paint (`requestAnimationFrame`).
pub fn next_frame(f: impl FnOnce() + 'static) {
    let f: Box<dyn FnOnce()> = Box::new(f);
    if let Some(window) = web_sys::window() {
        let _ = window.request_animation_frame(Closure::once_into_js(f).unchecked_ref());
    }
}

/// Runs `f` once `after` has passed (`setTimeout`).
pub fn later(f: impl FnOnce() + 'static, after: std::time::Duration) {
    let f: Box<dyn FnOnce()> = Box::new(f);
    let ms = i32::try_from(after.as_millis()).unwrap_or(i32::MAX);
    if let Some(window) = web_sys::window() {
        let _ =
            window.set_timeout_with_callback_and_timeout_and_arguments_0(Closure::once_into_js(f).unchecked_ref(), ms);
    }
}
