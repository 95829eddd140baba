//! What differs between the browser and a native build (the pre-renderer, the tests),
//! in one place: the wasm uses the browser's own parsers, encoder and network, which
//! spares the bundle Rust's (the float parser and its tables alone are 14 KB gzip);
//! native code uses Rust's, and has no page and no network. Both sides implement the
//! same functions; nothing else in the app asks which target it runs on.

#[cfg(target_arch = "wasm32")]
pub use browser::*;
#[cfg(not(target_arch = "wasm32"))]
pub use native::*;

#[cfg(target_arch = "wasm32")]
mod browser {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;

    /// The value of a plain decimal number (see `num::parse_f64`): `Number.parseFloat`.
    pub fn parse_decimal(s: &str) -> Option<f64> {
        Some(js_sys::Number::parse_float(s))
    }

    /// `value` percent-encoded for a query string: `encodeURIComponent`.
    pub fn encode_uri_component(value: &str) -> String {
        js_sys::encode_uri_component(value).into()
    }

    /// The bytes of a file of the site, or `None` when it cannot be had.
    pub async fn fetch_bytes(url: &str) -> Option<Vec<u8>> {
        let window = web_sys::window()?;
        let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url)).await.ok()?.dyn_into().ok()?;
        if !response.ok() {
            return None;
        }
        let buffer = JsFuture::from(response.array_buffer().ok()?).await.ok()?;
        Some(js_sys::Uint8Array::new(&buffer).to_vec())
    }

    /// The page's address: its path, query (with its `?`) and fragment (with its
    /// `#`), as the browser writes them.
    pub fn address() -> Option<(String, String, String)> {
        let location = web_sys::window()?.location();
        Some((
            location.pathname().ok()?,
            location.search().ok()?,
            location.hash().ok()?,
        ))
    }

    /// A percent-encoded component decoded (`decodeURIComponent`); `None` where it
    /// is not valid UTF-8 when decoded.
    pub fn decode_uri_component(value: &str) -> Option<String> {
        js_sys::decode_uri_component(value).ok()?.as_string()
    }

    /// The content of a `<meta name>` of the page.
    pub fn meta(name: &str) -> Option<String> {
        let document = web_sys::window()?.document()?;
        let el = document.query_selector(&format!("meta[name='{name}']")).ok()??;
        el.get_attribute("content")
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    /// The value of a plain decimal number (see `num::parse_f64`): Rust's parser,
    /// which rounds as the browser's does.
    pub fn parse_decimal(s: &str) -> Option<f64> {
        s.parse().ok()
    }

    /// `value` percent-encoded for a query string, the characters
    /// `encodeURIComponent` leaves alone left alone.
    pub fn encode_uri_component(value: &str) -> String {
        use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
        const COMPONENT: &percent_encoding::AsciiSet = &NON_ALPHANUMERIC
            .remove(b'-')
            .remove(b'_')
            .remove(b'.')
            .remove(b'!')
            .remove(b'~')
            .remove(b'*')
            .remove(b'\'')
            .remove(b'(')
            .remove(b')');
        utf8_percent_encode(value, COMPONENT).to_string()
    }

    /// Nothing: natively there is no site to fetch from.
    pub async fn fetch_bytes(_: &str) -> Option<Vec<u8>> {
        None
    }

    /// Nothing: natively there is no page (the pre-renderer names the address).
    pub fn address() -> Option<(String, String, String)> {
        None
    }

    /// A percent-encoded component decoded; `None` where it is not valid UTF-8
    /// when decoded, as `decodeURIComponent` refuses it.
    pub fn decode_uri_component(value: &str) -> Option<String> {
        let bytes: Vec<u8> = percent_encoding::percent_decode_str(value).collect();
        String::from_utf8(bytes).ok()
    }

    /// Nothing: natively there is no page.
    pub fn meta(_: &str) -> Option<String> {
        None
    }
}
