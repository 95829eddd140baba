//! DOM queries the pages share.

use wasm_bindgen::JsCast;

/// The elements below `root` that match `selector`; none for an invalid selector.
pub fn elements(root: &web_sys::Element, selector: &str) -> Vec<web_sys::Element> {
    let Ok(list) = root.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()))
        .collect()
}
