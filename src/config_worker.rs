//! The calculator's way to the config reader (`crates/config-reader`). The release
//! build does not carry the reader, which most readers never use: the first paste
//! starts it as a worker of its own (named by the page's
//! [`vocab::names::META_CONFIG_READER`]), which fetches its module; later pastes
//! go to the same worker. A big checkpoint index is parsed there, beside the page
//! rather than in its way. Natively and in a debug build (`trunk serve`, which
//! builds no module), the crate reads the paste itself.

use config_reader::{Pasted, Reading};

use crate::data::Lang;

/// What the config reader makes of a paste; `None` where it cannot be had (its
/// module failed to load: offline before it was ever fetched, or a build without it).
pub async fn read(pasted: &Pasted<'_>, lang: Lang) -> Option<Reading> {
    imp::read(pasted, lang).await
}

#[cfg(not(all(target_arch = "wasm32", not(debug_assertions))))]
mod imp {
    use super::*;

    pub async fn read(pasted: &Pasted<'_>, lang: Lang) -> Option<Reading> {
        #[cfg(target_arch = "wasm32")]
        let parse = config_reader::parse_json;
        // Natively no reader pastes a config (the page is pre-rendered).
        #[cfg(not(target_arch = "wasm32"))]
        let parse = |_: &str| None;
        Some(config_reader::reading(pasted, parse, lang))
    }
}

#[cfg(all(target_arch = "wasm32", not(debug_assertions)))]
mod imp {
    use super::*;
    use futures_channel::oneshot;
    use std::cell::RefCell;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};

    /// The worker, with its listeners (kept as long as it), and whether it failed.
    struct Started {
        worker: web_sys::Worker,
        _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
        _on_error: Closure<dyn FnMut(web_sys::Event)>,
    }

    thread_local! {
        static WORKER: RefCell<Option<Started>> = const { RefCell::new(None) };
        /// The worker failed: the next paste starts a new one.
        static FAILED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
        /// Where the answer to the paste in progress goes.
        static PENDING: RefCell<Option<oneshot::Sender<Option<Vec<u8>>>>> = const { RefCell::new(None) };
    }

    /// Hands the answer (the bytes of a [`Reading`], or `None`) to the paste in progress.
    fn settle(answer: Option<Vec<u8>>) {
        if let Some(tx) = PENDING.with(|p| p.borrow_mut().take()) {
            let _ = tx.send(answer);
        }
    }

    fn start() -> Option<Started> {
        let url = crate::platform::meta(vocab::names::META_CONFIG_READER)?;
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(&url, &options).ok()?;
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|ev: web_sys::MessageEvent| {
            settle(ev.data().dyn_into::<js_sys::Uint8Array>().ok().map(|a| a.to_vec()));
        });
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|_: web_sys::Event| {
            FAILED.with(|f| f.set(true));
            settle(None);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Some(Started {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Posts the paste to the worker (started now if there is none, or anew after a
    /// failure).
    fn post(message: &JsValue) -> Option<()> {
        WORKER.with(|w| {
            let mut w = w.borrow_mut();
            if FAILED.with(|f| f.replace(false)) {
                if let Some(old) = w.take() {
                    old.worker.terminate();
                }
            }
            if w.is_none() {
                *w = start();
            }
            w.as_ref()?.worker.post_message(message).ok()
        })
    }

    pub async fn read(pasted: &Pasted<'_>, lang: Lang) -> Option<Reading> {
        let number = |v: Option<f64>| JsValue::from_f64(v.unwrap_or(f64::NAN));
        let message = js_sys::Array::new();
        for part in [
            JsValue::from_str(pasted.config),
            JsValue::from_str(pasted.index),
            number(pasted.params),
            number(pasted.active),
            JsValue::from_str(lang.code()),
        ] {
            message.push(&part);
        }
        // One paste at a time (the panel waits for each): answers come in order.
        if PENDING.with(|p| p.borrow().is_some()) {
            return None;
        }
        let (tx, rx) = oneshot::channel();
        PENDING.with(|p| *p.borrow_mut() = Some(tx));
        post(&message)?;
        let bytes = rx.await.ok()??;
        wire::decode(&bytes)
    }
}
