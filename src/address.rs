//! The address a page was opened with, bounded before the router reads it. A link
//! may carry a query of any length, and each of its pairs is decoded and tried
//! against the calculator's keys. A query longer than [`MAX_QUERY_BYTES`] or of
//! more than [`MAX_QUERY_PAIRS`] pairs (a calculator's state takes a few hundred
//! bytes and a dozen pairs) is taken out of the address before the app starts, and
//! the calculator's notice of ignored values says how many pairs went.

use std::cell::Cell;

/// The longest query the app reads.
pub const MAX_QUERY_BYTES: usize = 4096;
/// The most pairs a query the app reads may have.
pub const MAX_QUERY_PAIRS: usize = 64;

thread_local! {
    /// The pairs of a query taken out of the address; 0 where none was.
    static DROPPED: Cell<usize> = const { Cell::new(0) };
}

/// The number of pairs of `search` (`?a=1&b=2`) where it is beyond the bounds.
pub fn beyond_bounds(search: &str) -> Option<usize> {
    let query = search.strip_prefix('?').unwrap_or(search);
    let pairs = query.split('&').filter(|p| !p.is_empty()).count();
    (search.len() > MAX_QUERY_BYTES || pairs > MAX_QUERY_PAIRS).then_some(pairs)
}

/// Takes a query beyond the bounds out of the page's address (keeping its path and
/// fragment), before the router starts. The page was written for the address
/// without a query, so the app takes it over as it is.
pub fn bound() {
    let Some(window) = web_sys::window() else { return };
    let location = window.location();
    let Some(pairs) = location.search().ok().as_deref().and_then(beyond_bounds) else {
        return;
    };
    let path = location.pathname().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    if let Ok(history) = window.history() {
        if history
            .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("{path}{hash}")))
            .is_ok()
        {
            DROPPED.set(pairs);
        }
    }
}

/// The pairs of a query [`bound`] took out of the address, for the notice; 0 where
/// none was.
pub fn dropped() -> usize {
    DROPPED.get()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_beyond_either_bound_is_named_with_its_pairs() {
        assert_eq!(beyond_bounds(""), None);
        assert_eq!(beyond_bounds("?model=llama-3.1-70b&batch=8&gpus=2"), None);
        let many: String = (0..65).map(|i| format!("k{i}=1&")).collect();
        assert_eq!(beyond_bounds(&format!("?{many}")), Some(65));
        let long = format!("?x={}", "a".repeat(MAX_QUERY_BYTES));
        assert_eq!(beyond_bounds(&long), Some(1));
        let at_the_bound: String = (0..64).map(|i| format!("k{i}=1&")).collect();
        assert_eq!(beyond_bounds(&format!("?{at_the_bound}")), None);
    }
}
